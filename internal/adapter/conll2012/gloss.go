package conll2012

import (
	"bufio"
	"bytes"
	"os"

	"github.com/metricc/metricc/internal/document"
)

// Gloss reads the words of document d of the file at path again (the
// parser keeps only the annotation column) and glosses its mentions: the
// words from their left to their right token. A word is the fourth column
// of a token line (CoNLL-2012's, and the official test files'), or its
// first when it has fewer than five.
func Gloss(path string, d *document.Doc) (document.Gloss, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	var words []string
	in, found := false, false
	for sc.Scan() && !found {
		line := sc.Bytes()
		s, e := trimSpace(line)
		if s == e {
			continue
		}
		if line[s] == '#' {
			switch kind, rest := directive(line[s:e]); kind {
			case dirBegin:
				in = docID(rest) == d.ID
			case dirEnd:
				found = in
				in = false
			}
			continue
		}
		if !in {
			continue
		}
		cols := bytes.Fields(line[s:e])
		word := cols[0]
		if len(cols) >= 5 {
			word = cols[3]
		}
		words = append(words, string(word))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return document.SpanGloss(words, "left", "right"), nil
}
