package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
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

// ReadJSONFile reads a JSON array of documents, a single JSON object, or
// JSON Lines (one document per non-blank line), as format says: "json",
// "jsonl" or "auto".
func ReadJSONFile(path, format string) (*Input, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseJSON(path, data, format)
}

// ParseJSON splits data into documents; see ReadJSONFile.
func ParseJSON(path string, data []byte, format string) (*Input, error) {
	in := &Input{Path: path}
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if format == "auto" || format == "" {
		format = "jsonl"
		if len(trimmed) > 0 && trimmed[0] == '[' {
			format = "json"
		} else if gjson.ValidBytes(data) {
			format = "json" // one object, possibly over several lines
		}
	}
	switch format {
	case "json":
		if !gjson.ValidBytes(data) {
			return nil, syntaxError(path, data, 0)
		}
		root := gjson.ParseBytes(data)
		if root.IsObject() {
			in.Docs = append(in.Docs, Doc{Index: 0, Line: lineOf(data, root.Index), JSON: root.Raw})
			return in, nil
		}
		if !root.IsArray() {
			return nil, &DataError{File: path, Msg: fmt.Sprintf("expected a JSON array of documents or JSON Lines, found %s", kindName(root))}
		}
		i := 0
		var bad error
		lines := lineCounter{data: data, line: 1}
		root.ForEach(func(_, v gjson.Result) bool {
			doc := Doc{Index: i, Line: lines.at(v.Index), JSON: v.Raw}
			if !v.IsObject() {
				bad = &DataError{File: path, Doc: doc.Describe(), Msg: fmt.Sprintf("expected a JSON object, found %s", kindName(v))}
				return false
			}
			in.Docs = append(in.Docs, doc)
			i++
			return true
		})
		if bad != nil {
			return nil, bad
		}
	case "jsonl":
		var errs DataErrors
		line := 0
		for rest := data; len(rest) > 0; {
			line++
			var text []byte
			if k := bytes.IndexByte(rest, '\n'); k >= 0 {
				text, rest = rest[:k], rest[k+1:]
			} else {
				text, rest = rest, nil
			}
			if len(bytes.TrimSpace(text)) == 0 {
				continue
			}
			doc := Doc{Index: len(in.Docs), Line: line, JSON: string(text)}
			if !gjson.Valid(doc.JSON) {
				e := syntaxError(path, text, line-1)
				e.Doc = doc.Describe()
				errs = append(errs, e)
				continue
			}
			if v := gjson.Parse(doc.JSON); !v.IsObject() {
				errs = append(errs, &DataError{File: path, Doc: doc.Describe(), Msg: fmt.Sprintf("expected a JSON object, found %s", kindName(v))})
				continue
			}
			in.Docs = append(in.Docs, doc)
		}
		if len(errs) > 0 {
			return nil, errs
		}
	default:
		return nil, fmt.Errorf("unknown input format %q", format)
	}
	return in, nil
}

// syntaxError locates malformed JSON. gjson only says valid or not, so the
// standard decoder finds the offset.
func syntaxError(path string, data []byte, lineBase int) *DataError {
	var v any
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	off := len(data)
	msg := "malformed JSON"
	if errors.As(err, &se) {
		off = int(se.Offset)
		msg = "malformed JSON: " + se.Error()
	} else if err != nil {
		msg = "malformed JSON: " + err.Error()
	}
	line, col := lineCol(data, off)
	return &DataError{File: fmt.Sprintf("%s:%d:%d", path, line+lineBase, col), Msg: msg}
}

// lineCounter finds the lines of increasing offsets in one pass.
type lineCounter struct {
	data []byte
	off  int
	line int
}

func (l *lineCounter) at(off int) int {
	if off < l.off {
		l.off, l.line = 0, 1
	}
	off = min(off, len(l.data))
	l.line += bytes.Count(l.data[l.off:off], []byte{'\n'})
	l.off = off
	return l.line
}

func lineOf(data []byte, off int) int {
	line, _ := lineCol(data, off)
	return line
}

func lineCol(data []byte, off int) (line, col int) {
	if off > len(data) {
		off = len(data)
	}
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

func kindName(v gjson.Result) string {
	switch v.Type {
	case gjson.Null:
		if !v.Exists() {
			return "nothing"
		}
		return "null"
	case gjson.False, gjson.True:
		return "a boolean"
	case gjson.Number:
		return "a number"
	case gjson.String:
		return "a string"
	}
	if v.IsArray() {
		return "an array"
	}
	return "an object"
}

// idOf reads the pairing key of a document.
func idOf(doc string, path string) (string, string) {
	v := gjson.Get(doc, path)
	switch v.Type {
	case gjson.String:
		return v.Str, ""
	case gjson.Number:
		return strconv.FormatFloat(v.Num, 'f', -1, 64), ""
	}
	return "", fmt.Sprintf("the pairing key %q must be a string or a number, found %s", path, kindName(v))
}
