package grammar_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/grammar"
)

// TestGolden parses each testdata/*.metric and compares the tree (with
// spans) and the canonical print with the golden files.
func TestGolden(t *testing.T) {
	for _, in := range readInputs(t, "testdata/*.metric") {
		t.Run(filepath.Base(in.name), func(t *testing.T) {
			f, errs := grammar.Parse(in.name, in.text)
			require.Nil(t, errs, "%v", errs)
			var dump, print strings.Builder
			ast.Dump(&dump, f)
			ast.Fprint(&print, f)
			golden(t, trimExt(in.name)+".ast.golden", dump.String())
			golden(t, trimExt(in.name)+".print.golden", print.String())
		})
	}
}

// TestEBNF keeps every grammar change visible in review as an EBNF diff.
func TestEBNF(t *testing.T) {
	golden(t, "testdata/grammar.ebnf.golden", grammar.EBNF()+"\n")
}

// TestErrorGolden renders the syntax errors of each testdata/errors/*.metric.
func TestErrorGolden(t *testing.T) {
	for _, in := range errorInputs(t) {
		t.Run(filepath.Base(in.name), func(t *testing.T) {
			f, errs := grammar.Parse(in.name, in.text)
			require.NotEmpty(t, errs, "expected syntax errors")
			require.Nil(t, f, "no tree is returned with errors")
			var out strings.Builder
			errs.Render(&out)
			golden(t, trimExt(in.name)+".err.golden", out.String())
		})
	}
}
