package ast

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Error is a diagnostic about a spec: a span, a message (lowercase, no final
// period, user names quoted) and an optional hint ("did you mean ...").
type Error struct {
	Source *Source
	Pos    Pos
	End    Pos // NoPos: a one-character span
	Msg    string
	Hint   string
}

// Position resolves the start of the error.
func (e *Error) Position() Position { return e.Source.Position(e.Pos) }

func (e *Error) Error() string {
	s := e.Position().String() + ": " + e.Msg
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

// MaxErrors caps how many errors a list prints; the rest are counted.
const MaxErrors = 50

// ErrorList collects every error of a phase, in the go/scanner manner.
type ErrorList []*Error

// Add appends an error at [pos, end) of src.
func (l *ErrorList) Add(src *Source, pos, end Pos, msg string) *Error {
	e := &Error{Source: src, Pos: pos, End: end, Msg: msg}
	*l = append(*l, e)
	return e
}

// Addf appends a formatted error spanning node n.
func (l *ErrorList) Addf(src *Source, n Node, format string, args ...any) *Error {
	return l.Add(src, n.Pos(), n.End(), fmt.Sprintf(format, args...))
}

// Sort orders the list by position and drops exact repeats.
func (l *ErrorList) Sort() {
	list := *l
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Source != b.Source && a.Source != nil && b.Source != nil && a.Source.Name != b.Source.Name {
			return a.Source.Name < b.Source.Name
		}
		return a.Pos < b.Pos
	})
	out := list[:0]
	for i, e := range list {
		if i > 0 {
			p := out[len(out)-1]
			if p.Source == e.Source && p.Pos == e.Pos && p.Msg == e.Msg {
				continue
			}
		}
		out = append(out, e)
	}
	*l = out
}

// Err returns nil for an empty list, else the list as an error.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Render writes each error as `file:line:col: msg`, the source line, and a
// caret under the span (^~~~), counting runes and keeping tabs so the
// caret lines up in terminals and editors.
func (l ErrorList) Render(w io.Writer) {
	for i, e := range l {
		if i == MaxErrors {
			fmt.Fprintf(w, "... and %d more errors\n", len(l)-MaxErrors)
			return
		}
		e.Render(w)
	}
}

// Render writes one error with its source line and caret.
func (e *Error) Render(w io.Writer) {
	fmt.Fprintln(w, e.Error())
	if e.Source == nil || !e.Pos.IsValid() {
		return
	}
	pos := e.Position()
	runes := []rune(e.Source.Line(pos.Line))
	col := pos.Column - 1 // runes before the caret
	last := len(runes)    // the underline ends before rune last
	if e.End.IsValid() && e.End > e.Pos {
		if endPos := e.Source.Position(e.End); endPos.Line == pos.Line && endPos.Column-1 < last {
			last = endPos.Column - 1
		}
	} else {
		last = col + 1
	}
	// A long line is shown as a window around the caret.
	const before, width, longest = 80, 240, 400
	prefix, suffix := "", ""
	if len(runes) > longest {
		lo := max(0, col-before)
		hi := min(len(runes), lo+width)
		if lo > 0 {
			prefix = "…"
		}
		if hi < len(runes) {
			suffix = "…"
		}
		runes, col, last = runes[lo:hi], col-lo, min(last, hi)-lo
		if prefix != "" {
			runes, col, last = append([]rune{'…'}, runes...), col+1, last+1
		}
	}
	fmt.Fprintf(w, "    %s%s\n", string(runes), suffix)
	var caret strings.Builder
	caret.WriteString("    ")
	for i, r := range runes {
		if i >= col {
			break
		}
		if r == '\t' {
			caret.WriteByte('\t')
		} else {
			caret.WriteByte(' ')
		}
	}
	caret.WriteByte('^')
	// Underline to the end of the span, but not past the end of the line.
	for c := col + 1; c < last; c++ {
		caret.WriteByte('~')
	}
	fmt.Fprintln(w, caret.String())
}
