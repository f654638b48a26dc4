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
	// Shared: JSON is JSON with shared values (see AppendName), which an
	// adapter writes; PlainJSON spells it out.
	Shared bool
	// Name overrides the default description of the document in errors,
	// for adapters whose documents are not JSON in the file.
	Name string
	// Partner, set by an adapter, is what the document needs of its
	// partner before the pair is scored; nil for plain JSON.
	Partner Partner
	// Text, when set, is the pooled buffer JSON is read from (NewText),
	// given back once the document is decoded (ReleaseText).
	Text *Text
}

// Partner is what an adapter attaches to a document that must be
// prepared when its pair is scored, by the worker that scores it: a
// document read only then (a TAC KBP store's files), a prediction that can
// only be read through its gold (a system response is right or wrong by
// the assessment of that very response), or a document that can only be
// compared with a gold annotating the same text or the same tokens
// (offsets into different texts mean nothing).
type Partner interface {
	// Prepare returns the JSON to score for doc, whose Partner this is,
	// given the other document of its pair (nil when it has none;
	// other.Partner is the other's own), or an error (a *DataError
	// naming file and document) saying why the pair cannot be scored.
	// gold says which side doc is: the gold is prepared first, so that a
	// prediction sees its gold's JSON. path and otherPath name the files.
	Prepare(doc, other *Doc, path, otherPath string, gold bool) (string, error)
	// PredictionOnly reports that the document can only be a prediction
	// (it is read through a gold), so that a file given as the gold by
	// mistake is refused at once.
	PredictionOnly() bool
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
	// Unpaired is the official scorer's convention for documents without a
	// partner in the other file, set by adapters whose scorer has one
	// (docs/cli.md, Errors and warnings); pairing follows it and warns about
	// each such document, naming Convention ("the MRP 2019 scorer"). The
	// gold file's convention wins when both files have one.
	Unpaired   Unpaired
	Convention string
	// Format is the adapter that read the input (nil for JSON), so that
	// its Check can compare the gold and the predicted input.
	Format *Format
	// PairHint, set by an adapter, says how its documents pair, for the
	// error when the two files do not.
	PairHint string
}

// Reader is what a spec reads of the documents of an input: a format
// writes costly optional fields only for a spec that reads them, and
// refuses a spec that needs a field it never writes.
type Reader struct {
	// Spec is the spec's name, for messages.
	Spec string
	// Fields are the top-level fields of the spec's input type; nil when
	// a gjson path may reach any field.
	Fields []string
}

// Wants reports whether the reader reads the top-level field (every field
// when r or its Fields are nil).
func (r *Reader) Wants(field string) bool {
	if r == nil || r.Fields == nil {
		return true
	}
	for _, f := range r.Fields {
		if f == field {
			return true
		}
	}
	return false
}

// Unpaired is what pairing does with a document that has no partner.
type Unpaired uint8

const (
	// UnpairedError: an error, unless --allow-missing scores it against an
	// empty document.
	UnpairedError Unpaired = iota
	// UnpairedEmpty: scored against an empty document, both ways
	// (CoNLL-2016: every relation of either side counts).
	UnpairedEmpty
	// UnpairedGold: every gold document is scored, a missing prediction
	// as an empty one; a prediction without gold is not scored (mtool).
	UnpairedGold
)

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
	v := gjson.Get(d.PlainJSON(), path)
	switch v.Type {
	case gjson.String:
		// A copy: the key outlives the document (a run keeps every
		// document's id), and a slice of its JSON would keep all of it.
		return strings.Clone(v.Str), ""
	case gjson.Number:
		// Integers keep every digit: two ids beyond 2^53 must not collide.
		if i, err := strconv.ParseInt(v.Raw, 10, 64); err == nil {
			return strconv.FormatInt(i, 10), ""
		}
		return strconv.FormatFloat(v.Num, 'f', -1, 64), ""
	}
	return "", fmt.Sprintf("the pairing key %q must be a string or a number, found %s", path, kindName(v))
}

// Format is an input adapter: it turns a file of another format into the
// JSON documents of a shipped spec (the input formats, docs/cli.md).
type Format struct {
	Name string
	// Title names the format in messages, as in "gold.conll is a
	// CoNLL-2012 file" ("CoNLL-2012", "Penman AMR").
	Title string
	// Fields are the top-level fields of the documents this format writes
	// (those ParseFields may leave out included): a spec whose input type
	// needs another field cannot read this format, and is told so before
	// anything is read. Nil: not checked (JSON, which has any fields).
	Fields []string
	// Specs are the shipped specs that read this format's documents, for
	// the messages that point a user to them.
	Specs []string
	// Gloss, when set, returns the Gloss of document d of the file at path
	// (read again when the words are not in d itself), for explanations;
	// nil: items are shown as JSON only.
	Gloss func(path string, d *Doc) (Gloss, error)
	// Detect reports whether the start of a file (up to 64 KB) is in this
	// format; nil for formats that are only chosen by name.
	Detect func(head []byte) bool
	// Expect says what a file of this format starts with, for the message
	// when no format fits a file ("a \"#begin document\" line").
	Expect string
	// Parse reads a whole file. name is used in messages. Every format
	// has one (the adapter registry refuses a format without).
	Parse func(name string, r io.Reader) (*Input, error)
	// ParseFields, when set, is Parse writing only the costly optional
	// fields of its documents that want accepts (a spec's input type
	// names the fields it reads): the penman adapter's amr-fine fields
	// double its time for Smatch, which reads none. want nil is Parse.
	ParseFields func(name string, r io.Reader, want func(field string) bool) (*Input, error)
	// Check, when set, compares a gold and a predicted input that this
	// format read, for what one file alone cannot tell (a predicted label
	// the gold never uses), and returns warnings naming file and line.
	Check func(gold, pred *Input) []string
	// Stream, when set, reads the file one document at a time (Parse
	// then reads the whole of it); nil: a run reads the file with Parse.
	Stream func(name string, r io.Reader) Stream
	// DetectDir reports whether a directory holds this format's layout,
	// and OpenDir reads it as a stream, for formats stored as a directory
	// of files (one per document); nil for formats read from one file.
	DetectDir func(path string) bool
	OpenDir   func(path string) (Stream, error)
}
