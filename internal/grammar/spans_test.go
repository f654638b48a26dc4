package grammar_test

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/grammar"
)

// TestSpans walks every lowered tree of the specs and the test inputs:
// each node has valid Pos < End inside the text, each child lies inside
// its parent, siblings come in source order without overlapping, and
// leaves span exactly their text.
func TestSpans(t *testing.T) {
	nodes := 0
	for _, in := range validInputs(t) {
		t.Run(filepath.Base(in.name), func(t *testing.T) {
			f, errs := grammar.Parse(in.name, in.text)
			require.Nil(t, errs, "%v", errs)
			for _, d := range f.Decls {
				nodes += checkSpans(t, in.text, d)
			}
		})
	}
	assert.Greater(t, nodes, 1000, "the inputs are big enough to mean something")
}

// checkSpans checks n and its subtree and returns the number of nodes.
func checkSpans(t testing.TB, text string, n ast.Node) int {
	t.Helper()
	where := func(x ast.Node) string { return fmt.Sprintf("%T at %d-%d", x, x.Pos(), x.End()) }
	require.True(t, n.Pos().IsValid() && n.End().IsValid(), "invalid span: %s", where(n))
	require.Less(t, n.Pos(), n.End(), "empty span: %s", where(n))
	require.LessOrEqual(t, n.End().Offset(), len(text), "past the end: %s", where(n))
	src := text[n.Pos().Offset():n.End().Offset()]
	switch x := n.(type) {
	case *ast.Ident:
		if unq, err := strconv.Unquote(src); err == nil {
			// A concept name may be quoted: "Conflict.Attack".
			require.Equal(t, unq, x.Name, "a quoted name at %s", where(n))
		} else if src != x.Name {
			require.Equal(t, "delta", x.Name, "only δ is respelled: %q at %s", src, where(n))
			require.Equal(t, "δ", src)
		}
	case *ast.NumberLit:
		require.Equal(t, x.Raw, src)
	case *ast.StringLit:
		require.Equal(t, x.Raw, src)
	}
	count := 1
	prevEnd := n.Pos()
	for _, c := range children(n) {
		require.GreaterOrEqual(t, c.Pos(), n.Pos(), "%s starts before its parent %s", where(c), where(n))
		require.LessOrEqual(t, c.End(), n.End(), "%s ends after its parent %s", where(c), where(n))
		require.GreaterOrEqual(t, c.Pos(), prevEnd, "%s overlaps its previous sibling in %s", where(c), where(n))
		prevEnd = c.End()
		count += checkSpans(t, text, c)
	}
	return count
}

// children returns the direct children of n, as ast.Inspect visits them.
func children(n ast.Node) []ast.Node {
	var out []ast.Node
	ast.Inspect(n, func(c ast.Node) bool {
		if c == n {
			return true
		}
		out = append(out, c)
		return false
	})
	return out
}
