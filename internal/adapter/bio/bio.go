// Package bio reads named-entity (or chunking) tags in the CoNLL-2003
// column format, one token per line with its tag in the last column, and
// turns each document into the JSON document the shipped spec ner.metric
// reads:
//
//	{"id": "1", "tags": "O B-PER I-PER O B-LOC",
//	 "entities": [{"start": 1, "end": 2, "label": "PER"}, {"start": 4, "end": 4, "label": "LOC"}],
//	 "strict":   [{"start": 1, "end": 2, "label": "PER"}, {"start": 4, "end": 4, "label": "LOC"}]}
//
// # Lines
//
// Columns are separated by spaces or tabs; the tag is the last column,
// whatever the number of columns (the four of CoNLL-2003, "word tag", or
// the tag alone). A blank line ends a sentence, and so does a line whose
// first column is "-X-" (conlleval's boundary). A line whose first column
// is "-DOCSTART-" starts a new document; it is itself a token tagged O,
// as conlleval counts it. Lines before the first "-DOCSTART-" form a
// document, so a file without one is one document. A byte-order mark and
// CRLF line ends are accepted.
//
// # Tags
//
// A tag is O, or a prefix B, I, E, S (or L, U: BILOU's names for E and S)
// followed by "-" and a type (PER, B-DATE-TIME has the type DATE-TIME).
// A file whose tags have no prefix at all (PER, PESSOA) has raw tags,
// read as conlleval -r reads them: every tagged token an entity of its
// own, the whole tag its type (the scheme Raw). Anything else, and a file
// that mixes raw and prefixed tags, is an error naming the file and the
// line; the first ten are reported, and the file is not scored.
//
// # Entities
//
// "entities" are the chunks conlleval finds (its chunk-boundary rules,
// where an I- after O or after another type starts a chunk, which makes
// IOB1 and IOB2 read alike), extended to S- and to E- followed by B- as
// seqeval's default mode reads them; see chunk.go. "strict" are the
// entities of seqeval's strict mode: the chunks that obey the file's
// tagging scheme (IOB2, IOE2 or IOBES, chosen from the prefixes the file
// uses as seqeval's auto_detect chooses it), every other chunk dropped.
// Offsets count the tokens of the document from 0 (the "-DOCSTART-" line
// included); both ends are inclusive. A warning says how many entities
// are not strict, with the first one's line.
//
// "tags" is the document's tags as written, separated by single spaces:
// the input of token accuracy (positions(tags) in the spec), in one
// string rather than one JSON value per token.
//
// # Documents and pairing
//
// Documents have no names in this format: their ids are their positions
// ("1", "2", ...), Input.Positional is set, and each document's Shape (its Partner) says how
// many tokens it has, so that a prediction whose document k has more or
// fewer tokens than the gold's is an error, not a silently misaligned
// score (conlleval reads the two columns side by side). conlleval knows no
// documents: where two files have the same tokens but different documents
// (tags written alone have no "-DOCSTART-" word), the stream is a
// document.Joinable, and pairing reads each file as one document.
//
// # Memory
//
// The text is read one line at a time through a buffer, or, on several
// cores, in pieces of 128 KB read at once (package pieces); what is kept
// is a 2-byte code per token (the scheme of strict mode is only known at
// the end of the file). A run reads the file as a stream (Stream), which
// writes each document's JSON when it is asked for, so that the JSON of
// one document at a time is held, not the corpus's.
package bio

import (
	"bytes"
	"io"
	"os"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/document"
)

// Format is the bio input adapter.
var Format = &document.Format{Name: "bio", Detect: Detect, Parse: ParseReader, Stream: Stream, Expect: "CoNLL-2003 columns: a token per line, its tag last",
	Title: "CoNLL-2003 (BIO)", Fields: []string{"id", "tags", "entities", "loose"}, Specs: []string{"ner"}, Gloss: Gloss}

// Read reads the file at path; see ParseReader.
func Read(path string) (*document.Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseReader(path, f)
}

// ParseReader reads a whole file of tagged tokens from r (its Stream,
// collected); name is the file's name in messages. Malformed tags are a document.DataErrors; errors from
// r are returned as they are.
func ParseReader(name string, r io.Reader) (*document.Input, error) {
	return document.Collect(Stream(name, r))
}

// Stream reads a file of tagged tokens from r and yields its documents
// one at a time, each written when it is asked for; see ParseReader. The
// file is read to its end at the first call, as strict mode's scheme
// depends on every tag of it: what is held is its tokens' tag codes, 2
// bytes each, not the documents.
func Stream(name string, r io.Reader) document.Stream {
	return &stream{p: newParser(name), r: r, size: bufSize, workers: pieces.Workers(), pieceSize: pieceSize}
}

type stream struct {
	p    *parser
	r    io.Reader
	size int // of the read buffer to start with
	// workers read pieces of the file of about pieceSize bytes at once
	workers, pieceSize int
	w                  writer
	next               int
	started            bool
	err                error // of reading the file (load)
	done               bool
	flushed            int // warnings given out
}

func (s *stream) Path() string     { return s.p.name }
func (s *stream) Positional() bool { return true }

func (s *stream) Warnings() []string {
	w := s.p.warnings[s.flushed:]
	s.flushed = len(s.p.warnings)
	return w
}

func (s *stream) Next() (document.Doc, error) {
	if s.done {
		return document.Doc{}, io.EOF
	}
	if err := s.load(); err != nil {
		s.done = true
		return document.Doc{}, err
	}
	if s.next == len(s.p.docs) {
		s.done = true
		s.w.warnLoose()
		return document.Doc{}, io.EOF
	}
	s.next++
	return s.w.document(s.next - 1), nil
}

// load reads the file, at the first call.
func (s *stream) load() error {
	if !s.started {
		s.started = true
		s.err = s.p.readIn(s.r, s.workers, s.size, s.pieceSize)
		if s.err == nil {
			s.err = s.p.end()
		}
		s.w = writer{p: s.p, scheme: detect(s.p.seen)}
	}
	return s.err
}

// Divisions reads the file and gives where its documents start, as
// offsets among its tokens: conlleval reads one sequence of tokens and
// knows no documents.
func (s *stream) Divisions() (document.Divisions, bool, error) {
	d := document.Divisions{Marker: `a "-DOCSTART-" line starts one`, Scorer: "conlleval"}
	if s.load() != nil {
		return d, false, nil // Next reports it
	}
	d.Total = int64(s.p.codes.n)
	for _, doc := range s.p.docs[min(1, len(s.p.docs)):] {
		d.Offsets = append(d.Offsets, int64(doc.start))
		d.Lines = append(d.Lines, int(doc.line))
	}
	return d, true, nil
}

// Join makes the file one document.
func (s *stream) Join() {
	if s.load() == nil && len(s.p.docs) > 1 {
		s.p.docs = s.p.docs[:1]
	}
}

// Parse is ParseReader on a text held in memory.
func Parse(name string, data []byte) (*document.Input, error) {
	return ParseReader(name, bytes.NewReader(data))
}

// Detect reports whether the start of a file is in this format: its
// first non-blank line is a "-DOCSTART-" line, or most of its non-blank
// lines (of the first thousand whole lines) end with a tag, so that a
// file with a few malformed tags is still read as one, and its errors
// name them.
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, bom)
	complete := len(head) < headSize // the whole file: its last line counts too
	seen, tagged := 0, 0
	for len(head) > 0 && seen < 1000 {
		k := bytes.IndexByte(head, '\n')
		if k < 0 && !complete {
			break
		}
		line := head
		if k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		first, last, ok := columns(line)
		if !ok {
			continue
		}
		if string(first) == docStart {
			if seen == 0 {
				return true
			}
			tagged++
		} else if _, _, why := parseTag(last); why == "" || string(first) == boundary {
			tagged++
		}
		seen++
	}
	return seen > 0 && tagged*5 >= seen*4
}

// headSize is how much of a file the registry's detection sees.
const headSize = 64 << 10

var bom = []byte("\ufeff")
