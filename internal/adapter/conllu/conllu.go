// Package conllu reads Universal Dependencies treebanks in the CoNLL-U
// format and turns each document into the JSON document that the shipped
// spec ud.metric reads: its tokens, sentences and words with the character
// spans the CoNLL 2018 shared-task scorer (conll18_ud_eval.py) aligns them
// by, and for each word what its metrics compare.
//
// # Characters and spans
//
// As in the scorer, the text of a document is the concatenation of the
// FORMs of its tokens (multiword-token lines and single-word lines; not the
// words inside a multiword token, not empty nodes), with every character
// of Unicode category Zs removed. A token's span is its [start, end) in
// that text, counted in characters (code points) from the start of the
// document; a sentence's span runs from its first token's start to its
// last token's end; a word's span is its token's (so all the words of a
// multiword token share one span, and "mw" marks them).
//
// # Documents
//
// A "# newdoc" comment starts a new document; a file without one is one
// document. Documents pair by position (Input.Positional), and each carries
// its text (Text, the document's document.Partner) so that a pair whose texts differ is an
// error naming both files' lines, as the scorer refuses files whose texts
// differ. The spans of a document count from its own start, so pairing by
// document gives the scorer's alignment whenever no multiword token or
// sentence crosses a "# newdoc", which CoNLL-U forbids. The scorer itself
// ignores documents: where two files' "# newdoc" lines divide the same text
// differently (a system output keeps one or none), the stream is a
// document.Joinable, and pairing reads each file as one document.
//
// # Words
//
// Each word carries what the scorer's counts compare, already normalized
// the way the scorer normalizes it:
//   - "key": the word's alignment attributes. "chars" is where it is: the
//     start of its span, or every position of its multiword token. "lag"
//     and "edge" say which words of the other file the scorer's walk takes
//     into a multiword span, those that start after the start a' of the
//     single-word token before the multiword token [a, b), but the first:
//     a word that is a token starting after a token at p has lag ["lp"]
//     and edge ["ep"] (the first of a document: [] and ["none"]); a word
//     of a multiword token has lag ["lp"] for every p with a' < p < a and
//     edge ["ea'", "ma"], or [] and ["ma"] when the token before is a
//     multiword token (or none). "mw" is ["mw"] for the words of a
//     multiword token, else []; "form" is the FORM without Zs characters
//     in lower case, as Python's str.lower() gives it. A start and a form
//     give the span, so equal chars, mw and form mean equal spans;
//   - "upos", "xpos" as they are; "feats": the universal features only
//     (the 21 of the UD v2 guidelines the scorer lists), sorted, joined by
//     "|" ("" when none);
//   - "lemma": ["#", "=LEMMA"], or ["#"] when LEMMA is "_", so that a gold
//     "_" accepts any predicted lemma (the scorer's rule) in ud.metric;
//   - "deprel": the universal part of DEPREL (before ":"); "cdeprel": it
//     again as a one-element list when it is a content relation (CLAS), else
//     an empty list;
//   - "head": the key of the head word, or of the root, {"chars": [-1],
//     "lag": [], "edge": ["root"], "mw": [], "form": ""};
//   - "children": the functional children (aux, cop, mark, det, clf, case,
//     cc), in word order, each with its key, deprel, upos and feats (MLAS).
//
// # Validation
//
// The file is checked as the scorer checks it, and more: ten tab-separated
// columns, an empty FORM, an ID that is not the next word's, a multiword
// range whose words do not follow, a HEAD that is not a number or points
// outside its sentence, a cycle, a sentence without exactly one root, a
// comment inside a sentence and a missing blank line at the end are errors
// naming the file and line. Empty nodes (decimal IDs) are skipped.
//
// # Memory
//
// The file is read one line at a time through a buffer, and a run reads it
// as a stream (Stream): only the current document is held, so memory
// follows the largest document, not the file. Errors are collected as the
// stream goes (the first twenty), and once one is found the file yields no
// more documents: its errors end it, and the run is not scored.
package conllu

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/metricc/metricc/internal/document"
)

// Format is the conllu input adapter.
var Format = &document.Format{Name: "conllu", Detect: Detect, Parse: ParseReader, Stream: Stream, Expect: "lines of ten tab-separated columns, a word ID first",
	Title: "CoNLL-U", Fields: []string{"tokens", "sentences", "words"}, Specs: []string{"ud"}, Gloss: Gloss}

// Read reads the CoNLL-U file at path; see ParseReader.
func Read(path string) (*document.Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseReader(path, f)
}

// ParseReader reads a whole CoNLL-U file from r (its Stream, collected);
// name is the file's name in messages. Malformed input gives a
// document.DataErrors naming lines.
func ParseReader(name string, r io.Reader) (*document.Input, error) {
	return document.Collect(Stream(name, r))
}

// Stream reads a CoNLL-U file from r one document at a time; see
// ParseReader. Malformed input ends the stream with a document.DataErrors
// naming lines (up to twenty, read on to the end of the file or the twentieth).
func Stream(name string, r io.Reader) document.Stream {
	return &stream{p: newParser(name), lr: newLineReader(r)}
}

type stream struct {
	p    *parser
	lr   *lineReader
	next int // index in p.in.Docs of the next document to return
	done bool
	// again reads the file again from its start (Reread), for Divisions;
	// nil: Divisions holds the rest of the input in memory.
	again func() io.Reader
}

// Reread gives the stream a second reader of its file, for Divisions.
func (s *stream) Reread(again func() io.Reader) { s.again = again }

// Divisions reads where the file's documents start, as offsets into its
// text (in bytes of the text without Zs characters: two files whose
// documents start at the same offsets split the same text alike). It reads
// the file through a second reader, or else reads the rest of the input
// into memory and parses it from there.
func (s *stream) Divisions() (document.Divisions, bool, error) {
	d := document.Divisions{Marker: `a "# newdoc" line starts one`, Scorer: "conll18_ud_eval.py"}
	if s.p.whole {
		return d, true, nil // joined: one document (Total is not compared again)
	}
	r := io.Reader(nil)
	if s.again != nil {
		r = s.again()
	} else {
		data, err := io.ReadAll(s.lr.br)
		if err != nil {
			return d, false, fmt.Errorf("%s: %w", s.p.name, err)
		}
		s.lr = newLineReader(bytes.NewReader(data))
		r = bytes.NewReader(data)
	}
	var err error
	d.Offsets, d.Lines, d.Total, err = scanDivisions(r)
	if err != nil {
		return d, false, fmt.Errorf("%s: %w", s.p.name, err)
	}
	return d, true, nil
}

// Join reads the file as one document: "# newdoc" lines are ignored.
func (s *stream) Join() { s.p.whole = true }

func (s *stream) Path() string       { return s.p.name }
func (s *stream) Positional() bool   { return true }
func (s *stream) PairHint() string   { return pairHint }
func (s *stream) Warnings() []string { return nil }

func (s *stream) Next() (document.Doc, error) {
	p := s.p
	for {
		if len(p.errs) == 0 && s.next < len(p.in.Docs) {
			d := p.in.Docs[s.next]
			p.in.Docs[s.next] = document.Doc{} // returned: not held
			s.next++
			if s.next == len(p.in.Docs) {
				p.in.Docs, s.next = p.in.Docs[:0], 0
			}
			return d, nil
		}
		if s.done {
			return document.Doc{}, io.EOF
		}
		line, err := s.lr.next()
		if err == io.EOF {
			s.done = true
			if ferr := p.finish(); ferr != nil {
				return document.Doc{}, ferr
			}
			continue
		}
		if err != nil {
			s.done = true
			return document.Doc{}, fmt.Errorf("%s: %w", p.name, err)
		}
		p.feed(line)
		if len(p.errs) > 0 {
			// The file will not be scored: its documents are not kept
			// while the reading goes on for more errors.
			clear(p.in.Docs)
			p.in.Docs, s.next = p.in.Docs[:0], 0
		}
		if len(p.errs) > maxErrors {
			// Enough errors: no more are reported.
			s.done = true
			return document.Doc{}, p.errs
		}
	}
}

// Detect reports whether the start of a file looks like CoNLL-U: its
// first line that is neither blank nor a comment has ten tab-separated
// columns and an ID (a number, a range or a decimal) in the first.
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	for len(head) > 0 {
		line := head
		k := bytes.IndexByte(head, '\n')
		if k < 0 {
			return false // maybe cut: too little to tell
		}
		line, head = head[:k], head[k+1:]
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(bytes.TrimSpace(line)) == 0 || line[0] == '#' {
			continue
		}
		if bytes.Count(line, []byte("\t")) != 9 {
			return false
		}
		id := line[:bytes.IndexByte(line, '\t')]
		if len(id) == 0 || id[0] < '0' || id[0] > '9' {
			return false
		}
		for _, c := range id {
			if (c < '0' || c > '9') && c != '-' && c != '.' {
				return false
			}
		}
		return true
	}
	return false
}
