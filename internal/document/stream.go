package document

import (
	"errors"
	"io"
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
	return s.in.Docs[s.next-1], nil
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
	return in, nil
}
