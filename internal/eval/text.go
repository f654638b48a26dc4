package eval

import (
	"fmt"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
)

// checkText refuses a pair whose documents annotate different texts
// (document.Doc.Text), naming the first difference and its lines.
func checkText(pr *Pair, goldPath, predPath string) *document.DataError {
	g, d := pr.Gold, pr.Pred
	if g == nil || d == nil || g.Text == d.Text || (g.Text == "" && g.TextLine == nil) || (d.Text == "" && d.TextLine == nil) {
		return nil
	}
	i := 0
	for i < len(g.Text) && i < len(d.Text) && g.Text[i] == d.Text[i] {
		i++
	}
	for i > 0 && !utf8.RuneStart(g.Text[min(i, len(g.Text)-1)]) { // back to a character's start
		i--
	}
	at := func(doc *document.Doc, path string) string {
		if i >= len(doc.Text) {
			return fmt.Sprintf("ends at line %d", lineOf(doc, len(doc.Text)-1))
		}
		return fmt.Sprintf("line %d has %q", lineOf(doc, i), clipText(doc.Text[i:]))
	}
	return &document.DataError{File: predPath, Doc: d.Describe(), Msg: fmt.Sprintf(
		"the text differs from the gold's (%s %s): the first 20 differing characters: the gold's %s, the prediction's %s",
		goldPath, g.Describe(), at(g, goldPath), at(d, predPath))}
}

// checkShape refuses a pair whose documents an adapter gave different
// shapes (document.Doc.Shape: the tokens of a CoNLL-2003 document, which
// pairs by position).
func checkShape(pr *Pair, goldPath, predPath string) *document.DataError {
	g, d := pr.Gold, pr.Pred
	if g == nil || d == nil || g.Shape == "" || d.Shape == "" || g.Shape == d.Shape {
		return nil
	}
	where := ""
	if g.Sentences != nil && d.Sentences != nil {
		where = partAt(g.Sentences, d.Sentences, goldPath, predPath)
	}
	return &document.DataError{File: predPath, Doc: d.Describe(), Msg: fmt.Sprintf(
		"%s, but its gold %s in %s has %s%s; a prediction must have its gold document's tokens", d.Shape, g.Describe(), goldPath, g.Shape, where)}
}

// partAt names the first sentence where two documents' sentences differ
// in length, with its line in each file.
func partAt(g, d []document.Sentence, goldPath, predPath string) string {
	for i := 0; i < len(g) || i < len(d); i++ {
		switch {
		case i >= len(d):
			return fmt.Sprintf("; the files part at its sentence %d: %s:%d starts one of %d tokens, the prediction has no more sentences", i+1, goldPath, g[i].Line, g[i].Tokens)
		case i >= len(g):
			return fmt.Sprintf("; the files part at its sentence %d: %s:%d starts one of %d tokens, the gold has no more sentences", i+1, predPath, d[i].Line, d[i].Tokens)
		case g[i].Tokens != d[i].Tokens:
			return fmt.Sprintf("; the files part at its sentence %d: %d tokens from %s:%d, %d from %s:%d", i+1, g[i].Tokens, goldPath, g[i].Line, d[i].Tokens, predPath, d[i].Line)
		}
	}
	return ""
}

func lineOf(d *document.Doc, off int) int {
	if d.TextLine == nil || off < 0 {
		return d.Line
	}
	return d.TextLine(off)
}

// clipText is the first 20 characters of s.
func clipText(s string) string {
	n := 0
	for i := range s {
		if n == 20 {
			return s[:i]
		}
		n++
	}
	return s
}
