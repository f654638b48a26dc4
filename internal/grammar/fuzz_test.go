package grammar_test

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/grammar"
)

// FuzzParse: parsing never panics, every error lies inside the text, and
// a successful parse prints to canonical text that parses back to the
// same canonical text. Seeds: the shipped specs and every grammar test
// input, so plain `go test` runs them all.
func FuzzParse(f *testing.F) {
	for _, in := range append(validInputs(f), errorInputs(f)...) {
		f.Add(in.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		file, errs := grammar.Parse("fuzz.metric", text)
		if len(errs) > 0 {
			require.Nil(t, file)
			for _, e := range errs {
				checkErrorSpan(t, text, e.Pos, e.End, e.Error())
				var b strings.Builder
				e.Render(&b) // must not panic either
			}
			return
		}
		require.NotNil(t, file)
		for _, d := range file.Decls {
			checkSpans(t, text, d)
		}
		ast.Dump(io.Discard, file)
		var once strings.Builder
		ast.Fprint(&once, file)
		again, errs := grammar.Parse("printed.metric", once.String())
		require.Nil(t, errs, "the canonical print does not parse: %v\n%s", errs, once.String())
		var twice strings.Builder
		ast.Fprint(&twice, again)
		require.Equal(t, once.String(), twice.String(), "print → parse → print is not a fixed point")
	})
}
