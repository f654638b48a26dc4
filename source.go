package metricc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/document"
)

// Source is a file of documents to score: a path, a reader or Go values.
// A file is read as a stream, one document at a time, in the formats that
// stream (JSON, JSON Lines).
type Source struct {
	// reread reads the source again, for a Source that can be read only
	// once (a Reader); nil when open may be called again as it is.
	reread func() (Source, error)
	// open opens the source for a spec that reads what rd says (formats
	// may leave out costly fields nobody reads, and refuse a spec that
	// needs a field they never write).
	open func(rd *document.Reader) (document.Stream, io.Closer, error)
	// path and format are a file's (File, FileFormat), for what reads it
	// again: the words of an explained document.
	path, format string
}

// File reads the file at path, its format detected from its content (see
// FileFormat).
func File(path string) Source { return FileFormat(path, adapter.Auto) }

// FileFormat reads the file at path in the named input format ("auto",
// "json", "jsonl", "conll2012", "penman", ...; see InputFormats).
func FileFormat(path, format string) Source {
	return Source{open: func(rd *document.Reader) (document.Stream, io.Closer, error) {
		return adapter.OpenFileFields(path, format, rd)
	}, path: path, format: format}
}

// Reader reads documents from r in the named format; name stands for the
// file in messages.
func Reader(name string, r io.Reader, format string) Source {
	return Source{
		open: func(rd *document.Reader) (document.Stream, io.Closer, error) {
			s, err := adapter.OpenFields(name, r, format, rd)
			return s, io.NopCloser(nil), err
		},
		reread: func() (Source, error) {
			data, err := io.ReadAll(r)
			if err != nil {
				return Source{}, fmt.Errorf("%s: %w", name, err)
			}
			return Bytes(name, data, format), nil
		},
	}
}

// Bytes reads documents held in memory, in the named format; name stands
// for the file in messages. It may be read any number of times.
func Bytes(name string, data []byte, format string) Source {
	return Source{open: func(rd *document.Reader) (document.Stream, io.Closer, error) {
		s, err := adapter.OpenFields(name, bytes.NewReader(data), format, rd)
		return s, io.NopCloser(nil), err
	}}
}

// again returns the source ready to be read twice (Compare reads the gold
// once for each system): a Reader's text is read into memory first.
func (src Source) again() (Source, error) {
	if src.reread == nil {
		return src, nil
	}
	return src.reread()
}

// Values scores Go values: each document is marshalled with encoding/json
// and read as the spec's input type (struct tags name the fields). A nil
// slice or map is an empty collection, as in Go (encoding/json alone
// writes null). name stands for the file in messages, which name a
// document by its place among the values (value 2) and its id.
func Values(name string, docs ...any) Source {
	return Source{open: func(*document.Reader) (document.Stream, io.Closer, error) {
		vals := make([]any, len(docs))
		for i, d := range docs {
			vals[i] = d
			if v, changed := emptyNils(reflect.ValueOf(d)); changed {
				vals[i] = v.Interface()
			}
		}
		data, err := json.Marshal(vals)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		in, err := document.ParseJSON(name, data, "json")
		if err != nil {
			return nil, nil, renameValues(err)
		}
		for i := range in.Docs {
			in.Docs[i].Name = valueName(&in.Docs[i])
		}
		return document.InputStream(in), io.NopCloser(nil), nil
	}}
}

// valueName names a document of Values by its place among the values (and
// its "id", when it has one), not by a line of the JSON they were written
// to.
func valueName(d *document.Doc) string {
	switch id := gjson.Get(d.JSON, "id"); id.Type {
	case gjson.String, gjson.Number:
		return fmt.Sprintf("value %d (id %s)", d.Index+1, id.Raw)
	}
	return fmt.Sprintf("value %d", d.Index+1)
}

// renameValues rewrites the document names of the errors of reading
// Values' JSON (document 2 (line 1)) as valueName does.
func renameValues(err error) error {
	var list document.DataErrors
	var one *document.DataError
	rename := func(e *document.DataError) {
		e.Doc = byPosition().ReplaceAllString(e.Doc, "value $1")
		e.Doc = byID().ReplaceAllString(e.Doc, "document $1")
	}
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			rename(e)
		}
	case errors.As(err, &one):
		rename(one)
	}
	return err
}

// byPosition and byID are a document named with a line of a file.
var (
	byPosition = lazyRegexp(`^document (\d+) \(line \d+\)$`)
	byID       = lazyRegexp(`^document ("(?:[^"\\]|\\.)*") \(line \d+\)$`)
)

// InputFormats lists the names File, FileFormat and Reader accept.
func InputFormats() []string { return adapter.Names() }

// InputFormatList is InputFormats in prose, for help texts.
func InputFormatList() string { return adapter.NameList() }

// gloss is what says in words what the items of document d of the source
// cover, when its format knows (a CoNLL-2012 file's words, an AMR's
// concepts); nil for JSON, readers and Go values, or when it cannot be
// read.
func (src Source) gloss(d *document.Doc) document.Gloss {
	if src.path == "" || src.path == "-" || d == nil {
		return nil
	}
	f := adapter.FormatOf(src.path, src.format)
	if f == nil || f.Gloss == nil {
		return nil
	}
	g, err := f.Gloss(src.path, d)
	if err != nil {
		return nil // the explanation stands without words
	}
	return g
}
