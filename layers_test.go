package metricc_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/metricc/metricc"

// listedPackage is what `go list -json` says of a package of the module.
type listedPackage struct {
	ImportPath                         string
	Imports, TestImports, XTestImports []string
	Deps                               []string // every package it needs, however indirectly (tests left out)
	rel                                string   // the path inside the module ("" for the root)
}

// listModule lists the module's packages with `go list`, the go command's
// own view of the imports.
func listModule(t *testing.T) map[string]*listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports,Deps", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	pkgs := map[string]*listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		p.rel = strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		pkgs[p.rel] = &p
	}
	require.Contains(t, pkgs, "", "the root package")
	return pkgs
}

// ofModule keeps the module's packages among paths, relative to the module.
func ofModule(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == module || strings.HasPrefix(p, module+"/") {
			out = append(out, strings.TrimPrefix(strings.TrimPrefix(p, module), "/"))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// under reports whether the package rel is dir or inside it.
func under(rel, dir string) bool { return rel == dir || strings.HasPrefix(rel, dir+"/") }

// TestLayers keeps the lines the packages are drawn along. The command
// line is a client of the root package alone, as the Python package and
// the playground are: it reaches the engine only through the API they
// share. And the packages below the evaluator (the language's front end,
// the values, the documents and their input formats, the solvers) depend
// on no part of it, however indirectly: the evaluator is built on them,
// never the other way round.
func TestLayers(t *testing.T) {
	pkgs := listModule(t)

	cli := pkgs["cmd/metricc"]
	require.NotNil(t, cli)
	for _, imports := range [][]string{cli.Imports, cli.TestImports, cli.XTestImports} {
		for _, p := range ofModule(imports) {
			assert.Equal(t, "", p, "cmd/metricc imports %s: the command line uses the root package only", module+"/"+p)
		}
	}

	evaluator := []string{"internal/eval", "internal/corpus", "internal/explain"}
	below := []string{"internal/ast", "internal/grammar", "internal/typecheck", "internal/stdlib",
		"internal/value", "internal/document", "internal/adapter", "internal/solver", "internal/specs"}
	// Each name must still name packages, or the test would pass on nothing.
	for _, dir := range append(slices.Clone(evaluator), below...) {
		found := false
		for rel := range pkgs {
			found = found || under(rel, dir)
		}
		assert.True(t, found, "no package %s: update TestLayers", dir)
	}
	checked := 0
	for rel, p := range pkgs {
		if !slices.ContainsFunc(below, func(dir string) bool { return under(rel, dir) }) {
			continue
		}
		checked++
		for _, dep := range ofModule(p.Deps) {
			for _, e := range evaluator {
				assert.False(t, under(dep, e), "%s depends on %s, part of the evaluator built on it", rel, dep)
			}
		}
	}
	assert.GreaterOrEqual(t, checked, 17)
}

// exported lists the exported top-level names of the Go files (tests left
// out) of the package in dir: functions, types, variables and constants.
func exported(t *testing.T, dir string) (names, vars []string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
								if d.Tok == token.VAR {
									vars = append(vars, n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(names)
	return names, vars
}

// TestNarrowAPIs: grammar exports what its users call (its syntax tree,
// participle's structs, stays inside), and the registry of input formats
// is read through functions, not an exported variable anyone could change.
func TestNarrowAPIs(t *testing.T) {
	names, _ := exported(t, "internal/grammar")
	assert.Equal(t, []string{"EBNF", "MaxNesting", "Parse"}, names)
	names, vars := exported(t, "internal/adapter")
	assert.Empty(t, vars, "exported variables of the adapter registry")
	assert.Subset(t, names, []string{"Auto", "Detect", "Lookup", "NameList", "Names"})
}
