package bio

import (
	"fmt"

	"github.com/metricc/metricc/internal/document"
)

// Shape is what a gold document and its prediction must agree on to be
// compared at all, as a noun phrase ("312 tokens"), the document's
// document.Partner: documents of this format pair by position, and a
// prediction with a token more or less would otherwise be scored
// misaligned.
type Shape string

// Prepare refuses a prediction whose shape differs from its gold's.
func (s Shape) Prepare(pred, gold *document.Doc, predPath, goldPath string) (string, error) {
	if gold == nil {
		return pred.JSON, nil
	}
	g, ok := gold.Partner.(Shape)
	if !ok || g == "" || s == "" || g == s {
		return pred.JSON, nil
	}
	return "", &document.DataError{File: predPath, Doc: pred.Describe(), Msg: fmt.Sprintf(
		"%s, but its gold %s in %s has %s; a prediction must have its gold document's tokens", s, gold.Describe(), goldPath, g)}
}

// PredictionOnly: a file of this format is a gold or a prediction alike.
func (Shape) PredictionOnly() bool { return false }
