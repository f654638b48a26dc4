package ast_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/metricc/metricc/internal/ast"
)

func TestPos(t *testing.T) {
	assert.False(t, ast.NoPos.IsValid())
	assert.Equal(t, -1, ast.NoPos.Offset())
	assert.True(t, ast.PosOf(0).IsValid(), "offset 0 is a real position")
	assert.Equal(t, ast.Pos(1), ast.PosOf(0))
	assert.Equal(t, 7, ast.PosOf(7).Offset())
}

// TestSourcePosition resolves byte offsets to rune columns. The expected
// columns are counted by hand on the text.
func TestSourcePosition(t *testing.T) {
	// Bytes: "ab\n" 0-2; "δ↔x" δ 3-4, ↔ 5-7, x 8; "\n" 9; "" 10 (end).
	src := ast.NewSource("s.metric", "ab\nδ↔x\n")
	for _, tc := range []struct {
		off        int
		line, col  int
		wantString string
	}{
		{0, 1, 1, "s.metric:1:1"},
		{1, 1, 2, "s.metric:1:2"},
		{2, 1, 3, "s.metric:1:3"}, // the newline itself
		{3, 2, 1, "s.metric:2:1"}, // δ
		{5, 2, 2, "s.metric:2:2"}, // ↔, after a 2-byte δ
		{8, 2, 3, "s.metric:2:3"}, // x, after a 3-byte ↔
		{9, 2, 4, "s.metric:2:4"},
		{10, 3, 1, "s.metric:3:1"}, // end of text: the empty last line
		{11, 3, 1, "s.metric:3:1"}, // past the end clamps to the end
		{500, 3, 1, "s.metric:3:1"},
	} {
		p := src.Position(ast.PosOf(tc.off))
		assert.Equal(t, tc.line, p.Line, "offset %d", tc.off)
		assert.Equal(t, tc.col, p.Column, "offset %d", tc.off)
		assert.Equal(t, min(tc.off, 10), p.Offset, "offset %d", tc.off)
		assert.Equal(t, tc.wantString, p.String())
		assert.True(t, p.IsValid())
	}
}

func TestSourcePositionCRLF(t *testing.T) {
	// "a\r\n" 0-2, "δb\r\n" 3-7 (δ 3-4, b 5, \r 6, \n 7), "c" 8.
	src := ast.NewSource("w.metric", "a\r\nδb\r\nc")
	for _, tc := range []struct{ off, line, col int }{
		{0, 1, 1}, {1, 1, 2}, {3, 2, 1}, {5, 2, 2}, {6, 2, 3}, {8, 3, 1}, {9, 3, 2}, {99, 3, 2},
	} {
		p := src.Position(ast.PosOf(tc.off))
		assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{p.Line, p.Column}, "offset %d", tc.off)
	}
	assert.Equal(t, "a", src.Line(1), "the \\r is not part of the line")
	assert.Equal(t, "δb", src.Line(2))
	assert.Equal(t, "c", src.Line(3))
	assert.Equal(t, "", src.Line(4))
	assert.Equal(t, "", src.Line(0))
}

func TestSourceLine(t *testing.T) {
	src := ast.NewSource("s", "one\n\tδ two\n\nlast")
	assert.Equal(t, []string{"one", "\tδ two", "", "last", ""},
		[]string{src.Line(1), src.Line(2), src.Line(3), src.Line(4), src.Line(5)})
	assert.Equal(t, "", src.Line(-1))

	trailing := ast.NewSource("s", "x\n")
	assert.Equal(t, "x", trailing.Line(1))
	assert.Equal(t, "", trailing.Line(2), "a final newline opens an empty last line")

	empty := ast.NewSource("e", "")
	p := empty.Position(ast.PosOf(0))
	assert.Equal(t, "e:1:1", p.String(), "the end of an empty file is 1:1")
	assert.Equal(t, "", empty.Line(1))
}

func TestPositionWithoutPos(t *testing.T) {
	src := ast.NewSource("s.metric", "abc")
	p := src.Position(ast.NoPos)
	assert.False(t, p.IsValid())
	assert.Equal(t, "s.metric", p.String(), "an unpositioned error still names the file")

	var none *ast.Source
	assert.Equal(t, ast.Position{}, none.Position(ast.PosOf(1)), "a nil Source resolves nothing")
	assert.Equal(t, "-", ast.Position{}.String())
	assert.Equal(t, "3:4", ast.Position{Line: 3, Column: 4}.String(), "no file name")
}
