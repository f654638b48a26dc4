package metricc

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/document"
)

// Source is a file of documents to score: a path, a reader or Go values.
// A file is read as a stream, one document at a time, in the formats that
// stream (JSON, JSON Lines).
type Source struct {
	// open opens the source for a spec that reads what rd says (formats
	// may leave out costly fields nobody reads, and refuse a spec that
	// needs a field they never write).
	open func(rd *document.Reader) (document.Stream, io.Closer, error)
}

// File reads the file at path, its format detected from its content (see
// FileFormat).
func File(path string) Source { return FileFormat(path, adapter.Auto) }

// FileFormat reads the file at path in the named input format ("auto",
// "json", "jsonl", "conll2012", "penman", ...; see InputFormats).
func FileFormat(path, format string) Source {
	return Source{open: func(rd *document.Reader) (document.Stream, io.Closer, error) {
		return adapter.OpenFileFields(path, format, rd)
	}}
}

// Reader reads documents from r in the named format; name stands for the
// file in messages.
func Reader(name string, r io.Reader, format string) Source {
	return Source{open: func(rd *document.Reader) (document.Stream, io.Closer, error) {
		s, err := adapter.OpenFields(name, r, format, rd)
		return s, io.NopCloser(nil), err
	}}
}

// Values scores Go values: each document is marshalled with encoding/json
// and read as the spec's input type (struct tags name the fields). name
// stands for the file in messages.
func Values(name string, docs ...any) Source {
	return Source{open: func(*document.Reader) (document.Stream, io.Closer, error) {
		data, err := json.Marshal(docs)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		in, err := document.ParseJSON(name, data, "json")
		if err != nil {
			return nil, nil, err
		}
		return document.InputStream(in), io.NopCloser(nil), nil
	}}
}

// InputFormats lists the names File, FileFormat and Reader accept.
func InputFormats() []string { return adapter.Names() }

// InputFormatList is InputFormats in prose, for help texts.
func InputFormatList() string { return adapter.NameList() }
