package document

import (
	"errors"
	"io"
	"strings"
)

// Stream yields the documents of one file in order, one at a time, so that
// a run holds the documents being scored rather than the corpus.
type Stream interface {
	// Path names the file in messages.
	Path() string
	// Next returns the next document, or io.EOF after the last. A
	// *DataError is a document that could not be read: the stream goes on
	// after it. Any other error (an I/O error, DataErrors) ends the stream.
	Next() (Doc, error)
	// Warnings returns the repairs made since the last call.
	Warnings() []string
	// Positional: the documents have no ids of their own (see Input).
	Positional() bool
}

// Conventional is a Stream whose format's official scorer has a
// convention for unpaired documents (see Input.Unpaired); pairing follows
// it. who names the scorer in warnings.
type Conventional interface {
	Unpaired() (rule Unpaired, who string)
}

// Hinted is a Stream whose adapter says how its documents pair, for the
// message when they do not (see Input.PairHint).
type Hinted interface {
	PairHint() string
}

// Joinable is a Stream of a format whose official scorer reads a file as
// one text and ignores the documents in it (conll18_ud_eval.py aligns the
// whole file; conlleval has no documents): where a gold file and its
// prediction annotate the same text, or tokens, and their documents do not
// divide it alike, pairing reads each file as one document, as that scorer
// does, and says so in one warning. Both methods are called before the
// first Next.
type Joinable interface {
	// Divisions reads where the file's documents start, without changing
	// what Next returns. A file that cannot be read gives ok false (Next
	// then reports why); err is an I/O error.
	Divisions() (d Divisions, ok bool, err error)
	// Join makes the stream return the whole file as one document.
	Join()
}

// Divisions are where the documents of a file start, after its first, as
// offsets into what the file annotates (its text, its tokens): two files'
// documents correspond when their offsets are equal. Total is the length
// of the whole: files of different lengths cannot be scored either way,
// and are left to the per-document errors, which say where they differ.
type Divisions struct {
	Offsets []int64
	Total   int64
	Lines   []int // the file line where each starts
	// Marker says what starts a document (`a "# newdoc" line starts
	// one`); Scorer names the official scorer that ignores documents.
	Marker, Scorer string
}

// Rereading is a Stream that can read its file ahead from the start
// (Joinable.Divisions) through a second reader rather than by holding the
// file: the adapter registry gives it one where the input is a file or
// bytes in memory.
type Rereading interface {
	Reread(again func() io.Reader)
}

// InputStream streams the documents of an input already read.
func InputStream(in *Input) Stream { return &inputStream{in: in} }

func (s *inputStream) Unpaired() (Unpaired, string) { return s.in.Unpaired, s.in.Convention }
func (s *inputStream) PairHint() string             { return s.in.PairHint }

// InputOf returns the input a stream of InputStream streams, or nil for a
// stream that reads as it goes.
func InputOf(s Stream) *Input {
	if is, ok := s.(*inputStream); ok {
		return is.in
	}
	return nil
}

type inputStream struct {
	in     *Input
	next   int
	warned bool
}

func (s *inputStream) Path() string     { return s.in.Path }
func (s *inputStream) Positional() bool { return s.in.Positional }

func (s *inputStream) Next() (Doc, error) {
	if s.next == len(s.in.Docs) {
		return Doc{}, io.EOF
	}
	s.next++
	d := s.in.Docs[s.next-1]
	d.Text = nil // an Input may be read again: its texts stay
	return d, nil
}

func (s *inputStream) Warnings() []string {
	if s.warned {
		return nil
	}
	s.warned = true
	return s.in.Warnings
}

// Collect reads a whole stream into an Input. Every document that could
// not be read is reported, in order, in the DataErrors returned. A stream
// of an input already read gives that input back (with its format's
// conventions, Unpaired and Format).
func Collect(s Stream) (*Input, error) {
	if in := InputOf(s); in != nil {
		keepTexts(in.Docs)
		return in, nil
	}
	in := &Input{Path: s.Path(), Positional: s.Positional()}
	if c, ok := s.(Conventional); ok {
		in.Unpaired, in.Convention = c.Unpaired()
	}
	if h, ok := s.(Hinted); ok {
		in.PairHint = h.PairHint()
	}
	var errs DataErrors
	for {
		d, err := s.Next()
		if err == io.EOF {
			break
		}
		var de *DataError
		if errors.As(err, &de) {
			errs = append(errs, de)
			continue
		}
		if err != nil {
			var more DataErrors
			if errors.As(err, &more) {
				return nil, append(errs, more...)
			}
			return nil, err
		}
		in.Docs = append(in.Docs, d)
	}
	in.Warnings = s.Warnings()
	if len(errs) > 0 {
		return nil, errs
	}
	keepTexts(in.Docs)
	return in, nil
}

// keepTexts gives documents' texts a string of their own and their
// pooled buffers back: an Input may be scored any number of times (a
// pooled text is given back at the first), and holds every document at
// once (a buffer has up to twice the text's size).
func keepTexts(docs []Doc) {
	for i := range docs {
		if d := &docs[i]; d.Text != nil {
			text := strings.Clone(d.JSON)
			ReleaseText(d)
			d.JSON = text
		}
	}
}
