package ast

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Pos is a byte offset into a File plus one, so that the zero value NoPos
// means "no position" and an unset position is visible as a bug.
type Pos int

// NoPos is the zero Pos.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// PosOf returns the Pos of byte offset off.
func PosOf(off int) Pos { return Pos(off + 1) }

// Offset returns the byte offset of p (-1 for NoPos).
func (p Pos) Offset() int { return int(p) - 1 }

// Position is a resolved source location. Column counts runes, so a caret
// lands under ↔ or δ the way terminals and editors show them.
type Position struct {
	Filename string
	Offset   int // byte offset, from 0
	Line     int // from 1
	Column   int // runes, from 1
}

// IsValid reports whether the position was resolved from a real Pos.
func (p Position) IsValid() bool { return p.Line > 0 }

func (p Position) String() string {
	if !p.IsValid() {
		if p.Filename != "" {
			return p.Filename
		}
		return "-"
	}
	if p.Filename == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// Source is the text of one spec file with its line table. Positions are
// resolved lazily, only when something is printed.
type Source struct {
	Name       string
	Text       string
	lineStarts []int
}

// NewSource returns a Source for text named name (a path or a shipped spec name).
func NewSource(name, text string) *Source {
	s := &Source{Name: name, Text: text, lineStarts: []int{0}}
	// A line ends at \n, \r\n or a lone \r (old Mac files): the lexer
	// ends comments at either, so lines must agree with it.
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\n', text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n'):
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	return s
}

// Position resolves p to file, line and rune column. Positions past the end
// clamp to the end of the text.
func (s *Source) Position(p Pos) Position {
	if s == nil {
		return Position{}
	}
	if !p.IsValid() {
		return Position{Filename: s.Name}
	}
	off := p.Offset()
	if off > len(s.Text) {
		off = len(s.Text)
	}
	line := sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > off }) - 1
	start := s.lineStarts[line]
	col := utf8.RuneCountInString(s.Text[start:off]) + 1
	return Position{Filename: s.Name, Offset: off, Line: line + 1, Column: col}
}

// Line returns the text of line n (from 1) without its newline.
func (s *Source) Line(n int) string {
	if n < 1 || n > len(s.lineStarts) {
		return ""
	}
	start := s.lineStarts[n-1]
	end := len(s.Text)
	if n < len(s.lineStarts) {
		end = s.lineStarts[n] - 1
	}
	if end > start && s.Text[end-1] == '\r' {
		end--
	}
	return s.Text[start:end]
}
