package metricc

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/metricc/metricc/adapter"
	"github.com/metricc/metricc/document"
)

// Source is a file of documents to score: a path, a reader or Go values.
type Source struct {
	read func() (*document.Input, error)
}

// File reads the file at path, its format detected from its content (see
// FileFormat).
func File(path string) Source { return FileFormat(path, adapter.Auto) }

// FileFormat reads the file at path in the named input format ("auto",
// "json", "jsonl", "conll2012", "penman", ...; see InputFormats).
func FileFormat(path, format string) Source {
	return Source{read: func() (*document.Input, error) { return adapter.Read(path, format) }}
}

// Reader reads documents from r in the named format; name stands for the
// file in messages.
func Reader(name string, r io.Reader, format string) Source {
	return Source{read: func() (*document.Input, error) { return adapter.ReadFrom(name, r, format) }}
}

// Values scores Go values: each document is marshalled with encoding/json
// and read as the spec's input type (struct tags name the fields). name
// stands for the file in messages.
func Values(name string, docs ...any) Source {
	return Source{read: func() (*document.Input, error) {
		data, err := json.Marshal(docs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return document.ParseJSON(name, data, "json")
	}}
}

// InputFormats lists the names File, FileFormat and Reader accept.
func InputFormats() []string { return adapter.Names() }

// InputFormatList is InputFormats in prose, for help texts.
func InputFormatList() string { return adapter.NameList() }
