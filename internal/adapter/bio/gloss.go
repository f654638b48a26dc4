package bio

import (
	"os"

	"github.com/metricc/metricc/internal/document"
)

// Gloss reads the file at path again, keeping the tokens' first columns
// (the parser keeps only a tag code per token), and glosses the entities
// of document d: the words from their start to their end token.
func Gloss(path string, d *document.Doc) (document.Gloss, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := newParser(path)
	p.keepWords = true
	if err := p.read(f, bufSize); err != nil {
		return nil, err
	}
	if d.Index < 0 || d.Index >= len(p.docs) {
		return document.SpanGloss(nil, "start", "end"), nil
	}
	end := len(p.words)
	if d.Index+1 < len(p.docs) {
		end = int(p.docs[d.Index+1].start)
	}
	return document.SpanGloss(p.words[p.docs[d.Index].start:end], "start", "end"), nil
}
