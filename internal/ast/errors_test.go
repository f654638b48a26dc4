package ast_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
)

func TestErrorString(t *testing.T) {
	src := ast.NewSource("s.metric", "let a = b\nlet c = d")
	var l ast.ErrorList
	e := l.Add(src, ast.PosOf(18), ast.PosOf(19), `undefined: d`)
	assert.Equal(t, "s.metric:2:9: undefined: d", e.Error())
	e.Hint = "did you mean b?"
	assert.Equal(t, "s.metric:2:9: undefined: d (did you mean b?)", e.Error())
	assert.Equal(t, e.Error(), l.Error(), "a list of one prints its error")

	id := &ast.Ident{NamePos: ast.PosOf(4), Name: "a"}
	e2 := l.Addf(src, id, "%q declared and not used", "a")
	assert.Equal(t, ast.PosOf(4), e2.Pos)
	assert.Equal(t, ast.PosOf(5), e2.End, "Addf spans the node")
	assert.Equal(t, `s.metric:2:9: undefined: d (did you mean b?) (and 1 more errors)`, l.Error())
	assert.Equal(t, "no errors", ast.ErrorList{}.Error())
}

func TestErrorListErr(t *testing.T) {
	var l ast.ErrorList
	assert.NoError(t, l.Err(), "an empty list is a nil error, not a typed nil")
	assert.True(t, l.Err() == nil)
	l.Add(nil, ast.NoPos, ast.NoPos, "boom")
	err := l.Err()
	require.Error(t, err)
	var back ast.ErrorList
	require.True(t, errors.As(err, &back))
	assert.Len(t, back, 1)
	assert.Equal(t, "-: boom", err.Error())
}

func TestErrorListSort(t *testing.T) {
	a := ast.NewSource("a.metric", strings.Repeat("x", 20))
	b := ast.NewSource("b.metric", strings.Repeat("x", 20))
	var l ast.ErrorList
	l.Add(a, ast.PosOf(9), ast.NoPos, "third")
	l.Add(b, ast.PosOf(0), ast.NoPos, "other file")
	l.Add(a, ast.PosOf(2), ast.NoPos, "first")
	l.Add(a, ast.PosOf(9), ast.NoPos, "third") // an exact repeat
	l.Add(a, ast.PosOf(9), ast.NoPos, "fourth, same place")
	l.Add(a, ast.PosOf(5), ast.NoPos, "second")
	l.Add(a, ast.PosOf(2), ast.NoPos, "first") // another repeat
	l.Sort()
	var got []string
	for _, e := range l {
		got = append(got, e.Source.Name+" "+e.Msg)
	}
	assert.Equal(t, []string{
		"a.metric first", "a.metric second", "a.metric third", "a.metric fourth, same place", "b.metric other file",
	}, got, "by file, then position; ties keep their order; repeats dropped")
}

// TestRender checks the caret line: rune-counted, tabs kept, ~ to the
// end of the span, clipped at the end of the line.
func TestRender(t *testing.T) {
	text := "metric m = F↔[xs](δ) $\n\tlet a = x\nlet b = F<->[xs](delta,\n   y)"
	src := ast.NewSource("s.metric", text)
	off := func(sub string) int {
		i := strings.Index(text, sub)
		require.GreaterOrEqual(t, i, 0, sub)
		return i
	}
	for _, tc := range []struct {
		name     string
		pos, end ast.Pos
		hint     string
		want     string
	}{
		{"one rune after δ ↔", ast.PosOf(off("$")), ast.NoPos, "",
			"s.metric:1:22: msg\n    metric m = F↔[xs](δ) $\n                         ^\n"},
		{"span over ↔", ast.PosOf(off("↔")), ast.PosOf(off("[xs]")), "",
			"s.metric:1:13: msg\n    metric m = F↔[xs](δ) $\n                ^\n"},
		{"span of a matching", ast.PosOf(off("F↔")), ast.PosOf(off(" $")), "",
			"s.metric:1:12: msg\n    metric m = F↔[xs](δ) $\n               ^~~~~~~~~\n"},
		{"tab kept", ast.PosOf(off("x\nlet b")), ast.NoPos, "",
			"s.metric:2:10: msg\n    \tlet a = x\n    \t        ^\n"},
		{"span to a later line is clipped", ast.PosOf(off("F<->")), ast.PosOf(off("y)") + 2), "",
			"s.metric:3:9: msg\n    let b = F<->[xs](delta,\n            ^~~~~~~~~~~~~~~\n"},
		{"hint", ast.PosOf(off("delta")), ast.PosOf(off("delta") + 5), "did you mean δ?",
			"s.metric:3:18: msg (did you mean δ?)\n    let b = F<->[xs](delta,\n                     ^~~~~\n"},
		{"end of file", ast.PosOf(len(text)), ast.NoPos, "",
			"s.metric:4:6: msg\n       y)\n         ^\n"},
		{"no position", ast.NoPos, ast.NoPos, "",
			"s.metric: msg\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &ast.Error{Source: src, Pos: tc.pos, End: tc.end, Msg: "msg", Hint: tc.hint}
			var b strings.Builder
			e.Render(&b)
			assert.Equal(t, tc.want, b.String())
		})
	}
}

// TestRenderCap: a list prints at most MaxErrors errors, then a count.
func TestRenderCap(t *testing.T) {
	src := ast.NewSource("s", strings.Repeat("x\n", 100))
	for _, n := range []int{1, ast.MaxErrors - 1, ast.MaxErrors, ast.MaxErrors + 1, ast.MaxErrors + 7} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var l ast.ErrorList
			for i := range n {
				l.Add(src, ast.PosOf(2*i), ast.NoPos, fmt.Sprintf("error %d", i))
			}
			var b strings.Builder
			l.Render(&b)
			out := b.String()
			shown := min(n, ast.MaxErrors)
			assert.Equal(t, shown, strings.Count(out, ": error "), "errors shown")
			assert.Contains(t, out, fmt.Sprintf("s:%d:1: error %d\n", shown, shown-1), "the last one shown")
			if n > ast.MaxErrors {
				assert.True(t, strings.HasSuffix(out, fmt.Sprintf("... and %d more errors\n", n-ast.MaxErrors)), out[len(out)-60:])
				assert.NotContains(t, out, fmt.Sprintf("error %d\n", ast.MaxErrors))
			} else {
				assert.NotContains(t, out, "more errors")
			}
		})
	}
	assert.Equal(t, 50, ast.MaxErrors)
}

// TestRenderLongLine: an error on a very long line shows a window around
// the caret, not the whole line.
func TestRenderLongLine(t *testing.T) {
	text := "metric m = " + strings.Repeat("delta + ", 200000) + "bogus + delta"
	src := ast.NewSource("long.metric", text)
	at := strings.Index(text, "bogus")
	e := &ast.Error{Source: src, Pos: ast.PosOf(at), End: ast.PosOf(at + 5), Msg: "undefined: bogus"}
	var b strings.Builder
	e.Render(&b)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Less(t, len(lines[1]), 400, "the source line is a window")
	assert.True(t, strings.HasPrefix(lines[1], "    …delta + "), lines[1])
	caret := []rune(lines[2])
	col := strings.IndexRune(lines[2], '^')
	assert.Equal(t, "bogus", string([]rune(lines[1])[col:col+5]))
	assert.Equal(t, "^~~~~", string(caret[col:col+5]))
}
