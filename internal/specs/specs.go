// Package specs embeds the shipped .metric files, so that `metricc run
// coref ...` works from the binary alone.
package specs

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"github.com/metricc/metricc/internal/ast"
)

//go:embed *.metric *.txt
var files embed.FS

// Lookup returns the text of the shipped spec name (without ".metric").
func Lookup(name string) (string, bool) {
	data, err := files.ReadFile(name + ".metric")
	if err != nil {
		return "", false
	}
	return string(data), true
}

// ReadFile reads a file a shipped spec names (an ontology).
func ReadFile(name string) ([]byte, error) { return files.ReadFile(name) }

// Names lists the shipped specs.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".metric") {
			names = append(names, strings.TrimSuffix(e.Name(), ".metric"))
		}
	}
	sort.Strings(names)
	return names
}

type parsedSpec struct {
	name  string
	size  int
	build func(src *ast.Source) *ast.File
}

// Parsed returns the syntax tree grammar.Parse makes of text when text is
// a shipped spec's, built without parsing (parsed.go, which a test keeps
// equal to the parse): building participle's parser and parsing cost about
// 1.5 ms, most of what a short run spends before it reads its input. name
// is the name the tree's positions give (a file may hold a shipped text).
func Parsed(name, text string) (*ast.File, bool) {
	for _, p := range parsedSpecs {
		if p.size != len(text) {
			continue
		}
		if shipped, _ := Lookup(p.name); shipped == text {
			return p.build(ast.NewSource(name, text)), true
		}
	}
	return nil, false
}
