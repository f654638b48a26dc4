package bio

import (
	"fmt"

	"github.com/metricc/metricc/internal/document"
)

// Shape is what a gold document and its prediction must agree on to be
// compared at all, the document's document.Partner: its tokens, as
// documents of this format pair by position, and a prediction with a
// token more or less would otherwise be scored misaligned. Its sentences
// say where the two files part when they do.
type Shape struct {
	Tokens int
	// sents are the document's sentences in the parser's table, which
	// outlives the documents; end is the token after the last. Sentences
	// spells them out for the one message that needs them.
	sents []sentence
	end   int32
}

// Sentences lists the document's sentences.
func (s *Shape) Sentences() []Sentence {
	out := make([]Sentence, len(s.sents))
	for i, st := range s.sents {
		next := s.end
		if i+1 < len(s.sents) {
			next = s.sents[i+1].start
		}
		out[i] = Sentence{Tokens: int(next - st.start), Line: int(st.line)}
	}
	return out
}

// Sentence is a sentence of a document: how many tokens it has and the
// line of the file where it starts.
type Sentence struct {
	Tokens, Line int
}

// Prepare refuses a prediction whose tokens differ from its gold's,
// naming the first sentence where the two part.
func (s *Shape) Prepare(pred, gold *document.Doc, predPath, goldPath string, isGold bool) (string, error) {
	if isGold { // checked once, from the prediction
		return pred.JSON, nil
	}
	if gold == nil {
		return pred.JSON, nil
	}
	g, ok := gold.Partner.(*Shape)
	if !ok || g.Tokens == s.Tokens {
		return pred.JSON, nil
	}
	return "", &document.DataError{File: predPath, Doc: pred.Describe(), Msg: fmt.Sprintf(
		"%d tokens, but its gold %s in %s has %d tokens%s; a prediction must have its gold document's tokens",
		s.Tokens, gold.Describe(), goldPath, g.Tokens, partAt(g.Sentences(), s.Sentences(), goldPath, predPath))}
}

// PredictionOnly: a file of this format is a gold or a prediction alike.
func (*Shape) PredictionOnly() bool { return false }

// partAt names the first sentence where two documents' sentences differ
// in length, with its line in each file.
func partAt(g, d []Sentence, goldPath, predPath string) string {
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
