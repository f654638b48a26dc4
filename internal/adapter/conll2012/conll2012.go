// Package conll2012 reads coreference annotations in the CoNLL-2012 format
// (the input of the official reference scorer, v8.01) and turns each
// document into the JSON document that the shipped spec coref.metric reads:
//
//	{"id": "bc/cctv/00/cctv_0000; part 000",
//	 "entities": [{"mentions": [{"left": 3, "right": 6}, {"left": 9, "right": 9}]}, ...]}
//
// # Documents and their ids
//
// A document is a block from "#begin document NAME" to "#end document".
// Its id (Doc.ID and the JSON "id"), which pairs a key document with its
// response, is NAME without the CoNLL decoration: "(bc/cctv/00/cctv_0000);
// part 000" gives "bc/cctv/00/cctv_0000; part 000" and "(LuoTestCase); "
// (the official test files) gives "LuoTestCase". In general: surrounding
// space is trimmed; a name in parentheses loses them (up to the last ")");
// what follows, less a leading ";", is appended after "; " if not empty.
// Doc.Line is the line of "#begin document".
//
// # Mentions
//
// A mention is identified, as in the Perl scorer, by the inclusive offsets
// of its first and last token, counted from 0 over the token lines of the
// document: the lines that are neither blank (sentence breaks) nor
// comments ("#..."). The coreference annotation is the last
// whitespace-separated column, whatever the number of columns; "-" and "_"
// mean none. An annotation is read exactly as GetCoreference in
// lib/CorScorer.pm reads it: split-antecedent marks "(12+3)" are
// discarded, then one-token mentions "(12)" are taken, then openings
// "(12", then closings "12)", each left to right, so several annotations
// may share a token with or without "|" ("(1(3", "3)1)"). Chain ids are
// compared as text, as Perl's hash keys are ("01" is not "1"). A closing
// pairs with the latest unclosed opening of its chain.
//
// # Entities
//
// Entities come in the order Perl numbers them, by the first appearance of
// their chain id; mentions in the order they end.
//
// # Repairs
//
// The adapter never refuses a file; it repairs it and says so in
// Input.Warnings, naming the file, the line and the document:
//   - A mention repeated in a document (the same span twice in one entity,
//     or in several entities) is kept once, in the first entity in the
//     order above, and an entity left empty disappears. This is what
//     IdentifMentions does to a repeated response mention that is also in
//     the key.
//   - A closing without an opening is ignored and an opening never closed
//     is dropped; the Perl scorer stops with an error on both.
//   - A document without "#end document" ends at the next "#begin
//     document" or at the end of the file; lines outside documents are
//     ignored.
//
// # Memory
//
// Read and ParseReader stream the text one line at a time through a 64 KB
// buffer and keep only the annotations of the current document and the
// JSON of those read: a few percent of the text. Parse, given the whole
// text, gives the same result.
//
// # Differences from the Perl scorer
//
// The Perl scorer removes a repeated response mention only when the span
// is in the key. A repeated span absent from the key stays in every entity
// that has it, and a repeated key mention stays too (its recall and CEAF
// can then exceed 1); after more than 10 repeats in a run it refuses to
// score. The adapter reads one file without the other, so it removes every
// repeat: its numbers equal Perl's whenever the repeated spans are in the
// key, as in the official test cases. Perl splits lines on tabs only, so
// in a space-aligned file it searches the whole line for brackets; it
// counts comment lines inside a document as tokens, and it pairs documents
// on the raw NAME, trailing spaces included. Two documents of one file
// whose ids coincide are reported by eval as a duplicate id.
package conll2012

import (
	"bytes"
	"io"
	"os"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/document"
)

// Format is the conll2012 input adapter.
var Format = &document.Format{Name: "conll2012", Detect: Detect, Parse: ParseReader, Expect: `a "#begin document" line`,
	Title: "CoNLL-2012", Fields: []string{"id", "entities"}, Specs: []string{"coref", "coref-nosingletons"}, Gloss: Gloss}

// Read reads the CoNLL-2012 file at path; see Parse. It streams the file
// through a small buffer, one line at a time, so its memory is that of the
// longest line and the largest document's annotations, besides the
// documents' JSON, whatever the size of the file.
func Read(path string) (*document.Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseReader(path, f)
}

// ParseReader is Parse on the text read from r, which it reads to the end
// through a buffer of its own (none is added if r is a large enough
// *bufio.Reader); on several cores (pieces.Workers), pieces of it are
// read at once. Errors from r are returned as they are.
func ParseReader(name string, r io.Reader) (*document.Input, error) {
	return parseIn(name, r, pieces.Workers(), pieceSize)
}

// parseIn is ParseReader reading pieces of about size bytes on workers
// cores (one core: line after line).
func parseIn(name string, r io.Reader, workers, size int) (*document.Input, error) {
	p := newParser(name)
	read := func() error { return p.parseReader(r, bufSize) }
	if workers > 1 {
		read = func() error { return p.readPieces(r, workers, size) }
	}
	if err := read(); err != nil {
		return nil, err
	}
	return p.in, nil
}

// Parse turns the CoNLL-2012 text data of the file called name into one
// JSON document per "#begin document" block. Malformed annotations are
// repaired and reported in Input.Warnings; the only error is a file that
// has content but no "#begin document" line.
func Parse(name string, data []byte) (*document.Input, error) {
	p := newParser(name)
	if err := p.parseBytes(data); err != nil {
		return nil, err
	}
	return p.in, nil
}

// Detect reports whether data looks like a CoNLL-2012 file: one of its
// lines (after an optional byte-order mark; a stray first line does not
// hide the format) is a "#begin document" line. A prefix of the file that
// holds that line is enough, such as what bufio.Reader.Peek returns before
// ParseReader reads on from the same reader. No JSON text has such a line.
func Detect(data []byte) bool {
	data = trimBOM(data)
	// Every format's head comes here before its own detector's (a NER
	// file's among them): one search for the '#' a directive needs rules
	// out most of them at once, line by line being 200 us on 64 KB.
	if bytes.IndexByte(data, '#') < 0 {
		return false
	}
	for len(data) > 0 {
		line := data
		if k := bytes.IndexAny(data, "\r\n"); k >= 0 {
			line, data = data[:k], data[k+1:]
		} else {
			data = nil
		}
		s, e := trimSpace(line)
		if s == e || line[s] != '#' {
			continue
		}
		if kind, _ := directive(line[s:e]); kind == dirBegin {
			return true
		}
	}
	return false
}
