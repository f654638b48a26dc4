package conllu

import (
	"fmt"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
)

// Text is the text a CoNLL-U document annotates (its tokens' characters,
// without spaces), the document's document.Partner: a gold document and
// its prediction must annotate the same text, since character offsets
// into different texts cannot be compared.
type Text struct {
	Text string
	// Line gives the file line of a byte offset of Text.
	Line func(offset int) int
}

// Prepare refuses a prediction whose text differs from its gold's, naming
// the first difference and its lines.
func (t *Text) Prepare(pred, gold *document.Doc, predPath, goldPath string, isGold bool) (string, error) {
	if isGold { // checked once, from the prediction
		return pred.JSON, nil
	}
	if gold == nil {
		return pred.JSON, nil
	}
	g, ok := gold.Partner.(*Text)
	if !ok || g.Text == t.Text {
		return pred.JSON, nil
	}
	i := 0
	for i < len(g.Text) && i < len(t.Text) && g.Text[i] == t.Text[i] {
		i++
	}
	for i > 0 && !utf8.RuneStart(g.Text[min(i, len(g.Text)-1)]) { // back to a character's start
		i--
	}
	at := func(doc *document.Doc, x *Text) string {
		if i >= len(x.Text) {
			return fmt.Sprintf("ends at line %d", x.lineOf(doc, len(x.Text)-1))
		}
		return fmt.Sprintf("line %d has %q", x.lineOf(doc, i), clipText(x.Text[i:]))
	}
	return "", &document.DataError{File: predPath, Doc: pred.Describe(), Msg: fmt.Sprintf(
		"the text differs from the gold's (%s %s): the first 20 differing characters: the gold's %s, the prediction's %s",
		goldPath, gold.Describe(), at(gold, g), at(pred, t))}
}

// PredictionOnly: a CoNLL-U file is a gold or a prediction alike.
func (t *Text) PredictionOnly() bool { return false }

func (t *Text) lineOf(d *document.Doc, off int) int {
	if t.Line == nil || off < 0 {
		return d.Line
	}
	return t.Line(off)
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
