package document

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tidwall/gjson"
)

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

// JSON and JSONLines are the formats of the documents themselves.
var (
	JSON = &Format{Name: "json", Parse: func(name string, r io.Reader) (*Input, error) {
		return ReadJSON(name, r, "json")
	}}
	JSONLines = &Format{Name: "jsonl", Parse: func(name string, r io.Reader) (*Input, error) {
		return ReadJSON(name, r, "jsonl")
	}}
)

// ReadJSON is ParseJSON on everything r holds.
func ReadJSON(name string, r io.Reader, format string) (*Input, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ParseJSON(name, data, format)
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
