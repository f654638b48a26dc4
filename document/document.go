// Package document is the bottom of the data side of metricc: a document
// as JSON text with its place in a file (Doc), a file of documents (Input),
// the errors that name a file, a document and a JSON path (DataError), the
// reading of JSON and JSON Lines, and the Format value every input adapter
// is. Adapters build on it; none of them imports the evaluator.
package document

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// Doc is one document of an input file, still as JSON text. It is decoded
// by the worker that scores it, once.
type Doc struct {
	Index int    // position in the file, from 0
	Line  int    // line where the document starts, from 1
	ID    string // pairing key when the input type has an id field
	JSON  string
	// Name overrides the default description of the document in errors,
	// for adapters whose documents are not JSON in the file.
	Name string
	// Shape, when an adapter sets it, is what a gold document and its
	// prediction must agree on to be compared at all, as a noun phrase
	// ("312 tokens"): documents of the bio format pair by position, and
	// a prediction with a token more or less would otherwise be scored
	// misaligned.
	Shape string
}

// Input is a file of documents.
type Input struct {
	Path string
	Docs []Doc
	// Warnings are problems an adapter repaired, to print on stderr.
	Warnings []string
	// Positional says the documents have no ids of their own (an adapter
	// gave them their positions as ids): pairing with this input is by
	// position, whatever the input type says.
	Positional bool
}

// Describe names the document for messages: its id, else its position.
func (d *Doc) Describe() string {
	switch {
	case d.Name != "":
		return d.Name
	case d.ID != "":
		return fmt.Sprintf("document %q (line %d)", d.ID, d.Line)
	}
	return fmt.Sprintf("document %d (line %d)", d.Index+1, d.Line)
}

// DataError is a problem with input data: it names the file, the document
// and the JSON path.
type DataError struct {
	File string
	Doc  string // "document "d1" (line 3)"; empty for file-level errors
	Path string // JSON path within the document, e.g. entities.3.mentions.0.left
	Msg  string
}

func (e *DataError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Doc != "" {
		b.WriteString(": ")
		b.WriteString(e.Doc)
	}
	if e.Path != "" {
		b.WriteString(": ")
		b.WriteString(e.Path)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// DataErrors is every data error found, in file and document order.
type DataErrors []*DataError

func (l DataErrors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Key reads the pairing key of a document at the gjson path: a string, or
// a number written as Go's shortest decimal. why is non-empty when the
// value there is neither.
func (d *Doc) Key(path string) (key, why string) {
	v := gjson.Get(d.JSON, path)
	switch v.Type {
	case gjson.String:
		return v.Str, ""
	case gjson.Number:
		return strconv.FormatFloat(v.Num, 'f', -1, 64), ""
	}
	return "", fmt.Sprintf("the pairing key %q must be a string or a number, found %s", path, kindName(v))
}

// Format is an input adapter: it turns a file of another format into the
// JSON documents of a shipped spec (DESIGN §5).
type Format struct {
	Name string
	// Detect reports whether the start of a file (up to 64 KB) is in this
	// format; nil for formats that are only chosen by name.
	Detect func(head []byte) bool
	// Parse reads a whole file. name is used in messages. Nil for a
	// format the design names whose adapter is not built yet.
	Parse func(name string, r io.Reader) (*Input, error)
}
