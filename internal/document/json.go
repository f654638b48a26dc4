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

// ReadJSONFile reads the documents of a JSON file; see ReadJSON.
func ReadJSONFile(path, format string) (*Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSON(path, f, format)
}

// JSON and JSONLines are the formats of the documents themselves.
var (
	JSON = &Format{Name: "json", Expect: "a JSON array or object; JSON Lines: one object per line", Parse: func(name string, r io.Reader) (*Input, error) {
		return ReadJSON(name, r, "json")
	}, Stream: func(name string, r io.Reader) Stream { return NewJSONStream(name, r, "json") }}
	JSONLines = &Format{Name: "jsonl", Parse: func(name string, r io.Reader) (*Input, error) {
		return ReadJSON(name, r, "jsonl")
	}, Stream: func(name string, r io.Reader) Stream { return NewJSONStream(name, r, "jsonl") }}
)

// ReadJSON reads every document r holds; see NewJSONStream.
func ReadJSON(name string, r io.Reader, format string) (*Input, error) {
	return Collect(NewJSONStream(name, r, format))
}

// ParseJSON reads the documents of data; see NewJSONStream.
func ParseJSON(path string, data []byte, format string) (*Input, error) {
	return ReadJSON(path, bytes.NewReader(data), format)
}

// jsonMode is how a JSON file holds its documents.
type jsonMode uint8

const (
	modeUnknown  jsonMode = iota // "auto" or "json" before the first byte
	modeLines                    // JSON Lines: one document per non-blank line
	modeArray                    // [doc, doc, ...]
	modeSequence                 // doc doc ...: one object, or objects one after another
)

// NewJSONStream reads JSON documents from r, one at a time, holding one
// document's text. format "jsonl" is JSON Lines: one document per
// non-blank line, and a malformed line is reported and skipped. "json" is
// an array of documents, one object, or objects one after another in any
// layout (as jq prints them); a malformed one ends the file, since where
// the next begins is then unknown. "auto" is JSON Lines when the first
// document fits on its first line, else "json".
func NewJSONStream(path string, r io.Reader, format string) Stream {
	s := &jsonStream{path: path, r: r, line: 1, col: 1, format: format}
	if format == "jsonl" {
		s.mode = modeLines
	}
	return s
}

type jsonStream struct {
	path   string
	r      io.Reader
	format string
	mode   jsonMode
	// buf[pos:] is read but not consumed; line and col are the position
	// of buf[pos] (from 1).
	buf       []byte
	pos       int
	eof       bool
	readErr   error
	line, col int
	index     int
	val       []byte // the document being read
	done      bool
	bomDone   bool
}

func (s *jsonStream) Path() string       { return s.path }
func (s *jsonStream) Positional() bool   { return false }
func (s *jsonStream) Warnings() []string { return nil }

const chunkSize = 64 << 10

// fill reads more input; false at the end (or on an error, kept in readErr).
func (s *jsonStream) fill() bool {
	if s.eof {
		return false
	}
	if s.pos > 0 {
		n := copy(s.buf, s.buf[s.pos:])
		s.buf, s.pos = s.buf[:n], 0
	}
	if cap(s.buf)-len(s.buf) < chunkSize {
		grown := make([]byte, len(s.buf), 2*cap(s.buf)+chunkSize)
		copy(grown, s.buf)
		s.buf = grown
	}
	n, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
	s.buf = s.buf[:len(s.buf)+n]
	if err == io.EOF {
		s.eof = true
	} else if err != nil {
		s.eof, s.readErr = true, err
	}
	return n > 0 || !s.eof
}

// advance consumes n bytes of buf, keeping the position.
func (s *jsonStream) advance(n int) {
	b := s.buf[s.pos : s.pos+n]
	if k := bytes.Count(b, []byte{'\n'}); k > 0 {
		s.line += k
		s.col = n - bytes.LastIndexByte(b, '\n')
	} else {
		s.col += n
	}
	s.pos += n
}

// peek returns the next unconsumed byte, reading as needed.
func (s *jsonStream) peek() (byte, bool) {
	for s.pos >= len(s.buf) {
		if !s.fill() {
			return 0, false
		}
	}
	return s.buf[s.pos], true
}

// skipSpace consumes JSON whitespace; in JSON Lines mode it stops after a
// newline (reporting it), so that documents are lines.
func (s *jsonStream) skipSpace(stopAtNewline bool) (newline bool) {
	for {
		c, ok := s.peek()
		if !ok {
			return false
		}
		switch c {
		case ' ', '\t', '\r':
		case '\n':
			if stopAtNewline {
				s.advance(1)
				return true
			}
		default:
			return false
		}
		s.advance(1)
	}
}

func (s *jsonStream) Next() (Doc, error) {
	if s.done {
		return Doc{}, io.EOF
	}
	d, err := s.next()
	if err == io.EOF {
		s.done = true
		if s.readErr != nil {
			return Doc{}, fmt.Errorf("%s: %w", s.path, s.readErr)
		}
	}
	var fatal DataErrors
	if errors.As(err, &fatal) {
		s.done = true
	}
	return d, err
}

func (s *jsonStream) next() (Doc, error) {
	if !s.bomDone {
		s.bomDone = true
		for len(s.buf)-s.pos < 3 && s.fill() {
		}
		if bytes.HasPrefix(s.buf[s.pos:], []byte("\ufeff")) {
			s.pos += 3
		}
	}
	if s.mode == modeLines {
		return s.nextLine()
	}
	s.skipSpace(false)
	c, ok := s.peek()
	if s.mode == modeUnknown {
		switch {
		case !ok:
			return Doc{}, io.EOF
		case c == '[':
			s.mode = modeArray
			s.advance(1)
			return s.nextInArray()
		case c == '{' && s.format == "auto":
			// The first document decides: JSON Lines if it ends on its
			// first line.
			doc, col := Doc{Index: s.index, Line: s.line}, s.col
			if err := s.scanValue(); err != nil {
				return Doc{}, err
			}
			s.index++
			s.mode = modeSequence
			if s.line == doc.Line && s.restOfLineBlank() {
				s.mode = modeLines
			}
			return s.check(doc, col)
		case c != '{':
			return Doc{}, DataErrors{{File: fmt.Sprintf("%s:%d:%d", s.path, s.line, s.col),
				Msg: fmt.Sprintf("expected a JSON array of documents, a JSON object or JSON Lines, found %s", s.describeNext())}}
		}
		s.mode = modeSequence
	}
	if s.mode == modeArray {
		return s.nextInArray()
	}
	if !ok {
		return Doc{}, io.EOF
	}
	return s.value()
}

// restOfLineBlank consumes the blanks after a document up to the end of
// its line, and reports whether nothing else is on that line.
func (s *jsonStream) restOfLineBlank() bool {
	for {
		c, ok := s.peek()
		if !ok || c == '\n' {
			return true
		}
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
		s.advance(1)
	}
}

// nextInArray reads the next element of the array of documents.
func (s *jsonStream) nextInArray() (Doc, error) {
	s.skipSpace(false)
	c, ok := s.peek()
	if !ok {
		return Doc{}, s.fatal("the array of documents is not closed with ]")
	}
	if c == ']' {
		s.advance(1)
		s.skipSpace(false)
		if _, more := s.peek(); more {
			return Doc{}, s.fatal("text after the array of documents: " + s.describeNext())
		}
		return Doc{}, io.EOF
	}
	if s.index > 0 {
		if c != ',' {
			return Doc{}, s.fatal("expected , or ] after a document, found " + s.describeNext())
		}
		s.advance(1)
		s.skipSpace(false)
	}
	return s.value()
}

// value reads one JSON value as a document: an object, or a data error.
// A value that cannot be delimited or is malformed ends the file.
func (s *jsonStream) value() (Doc, error) {
	doc := Doc{Index: s.index, Line: s.line}
	col := s.col
	if err := s.scanValue(); err != nil {
		return Doc{}, err
	}
	s.index++
	return s.check(doc, col)
}

// check validates the document just scanned, which started at column col
// of doc.Line. Malformed, it ends the file unless documents are lines.
func (s *jsonStream) check(doc Doc, col int) (Doc, error) {
	if !gjson.ValidBytes(s.val) {
		e := syntaxError(s.path, s.val, doc.Line-1, col-1)
		e.Doc = doc.Describe()
		if s.mode == modeLines {
			return Doc{}, e
		}
		return Doc{}, DataErrors{e}
	}
	return s.document(doc)
}

// document checks that a well-formed value is an object.
func (s *jsonStream) document(doc Doc) (Doc, error) {
	if s.val[0] != '{' {
		return Doc{}, &DataError{File: s.path, Doc: doc.Describe(), Msg: fmt.Sprintf("expected a JSON object, found %s", kindName(gjson.ParseBytes(s.val)))}
	}
	doc.JSON, doc.Text = NewText(s.val)
	return doc, nil
}

// scanValue copies the next JSON value into s.val: balanced brackets
// outside strings, a string, or a scalar up to a delimiter. It checks no
// more than that; gjson validates the result.
func (s *jsonStream) scanValue() error {
	s.val = s.val[:0]
	startLine, startCol := s.line, s.col
	c, ok := s.peek()
	if !ok {
		return s.fatal("unexpected end of file")
	}
	depth, inString, escaped := 0, false, false
	scalar := c != '{' && c != '[' && c != '"'
	for {
		if s.pos >= len(s.buf) && !s.fill() {
			if scalar {
				return nil
			}
			return DataErrors{{File: fmt.Sprintf("%s:%d:%d", s.path, startLine, startCol),
				Doc: (&Doc{Index: s.index, Line: startLine}).Describe(),
				Msg: "malformed JSON: the document starting here is not closed before the end of the file"}}
		}
		chunk := s.buf[s.pos:]
		for i, b := range chunk {
			end := false
			switch {
			case scalar:
				if b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == ',' || b == ']' || b == '}' || b == '[' || b == '{' || b == '"' {
					if i == 0 && len(s.val) == 0 {
						// A lone delimiter: let gjson call it malformed.
						i++
					}
					s.val = append(s.val, chunk[:i]...)
					s.advance(i)
					return nil
				}
				continue
			case inString:
				switch {
				case escaped:
					escaped = false
				case b == '\\':
					escaped = true
				case b == '"':
					inString = false
					end = depth == 0
				}
			case b == '"':
				inString = true
			case b == '{' || b == '[':
				depth++
			case b == '}' || b == ']':
				depth--
				end = depth == 0
			}
			if end {
				s.val = append(s.val, chunk[:i+1]...)
				s.advance(i + 1)
				return nil
			}
		}
		s.val = append(s.val, chunk...)
		s.advance(len(chunk))
	}
}

// nextLine reads the next non-blank line as a document (JSON Lines).
func (s *jsonStream) nextLine() (Doc, error) {
	for {
		s.val = s.val[:0]
		line := s.line
		for {
			if s.pos >= len(s.buf) && !s.fill() {
				break
			}
			chunk := s.buf[s.pos:]
			if k := bytes.IndexByte(chunk, '\n'); k >= 0 {
				s.val = append(s.val, chunk[:k]...)
				s.advance(k + 1)
				break
			}
			s.val = append(s.val, chunk...)
			s.advance(len(chunk))
		}
		text := bytes.TrimSpace(s.val)
		if len(text) == 0 {
			if s.eof && s.pos >= len(s.buf) {
				return Doc{}, io.EOF
			}
			continue
		}
		doc := Doc{Index: s.index, Line: line}
		s.index++
		if !gjson.ValidBytes(s.val) {
			e := syntaxError(s.path, s.val, line-1, 0)
			e.Doc = doc.Describe()
			if line == 1 && text[0] == '{' && bytes.Count(text, []byte("{")) > bytes.Count(text, []byte("}")) {
				e.Msg += " (if the file holds pretty-printed JSON documents, read it with --input-format json)"
			}
			return Doc{}, e
		}
		s.val = text
		return s.document(doc)
	}
}

// fatal is an error that ends the file, at the current position.
func (s *jsonStream) fatal(msg string) error {
	return DataErrors{{File: fmt.Sprintf("%s:%d:%d", s.path, s.line, s.col), Msg: "malformed JSON: " + msg}}
}

// describeNext names what comes next, for messages: a character and the
// text around it.
func (s *jsonStream) describeNext() string {
	for len(s.buf)-s.pos < 24 && s.fill() {
	}
	c, ok := s.peek()
	if !ok {
		return "the end of the file"
	}
	end := min(len(s.buf), s.pos+24)
	if k := bytes.IndexByte(s.buf[s.pos:end], '\n'); k >= 0 {
		end = s.pos + k
	}
	return fmt.Sprintf("%q (%q)", rune(c), s.buf[s.pos:end])
}

// syntaxError locates malformed JSON in one document that starts at
// (lineBase+1, colBase+1) of the file. gjson only says valid or not, so the
// standard decoder finds the offset.
func syntaxError(path string, data []byte, lineBase, colBase int) *DataError {
	var v any
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	off := len(data)
	msg := "malformed JSON"
	if errors.As(err, &se) {
		// Offset counts the bytes read, the bad one included.
		off = int(se.Offset)
		if se.Error() != "unexpected end of JSON input" {
			off = max(0, off-1)
		}
		msg = "malformed JSON: " + se.Error()
	} else if err != nil {
		msg = "malformed JSON: " + err.Error()
	}
	line, col := lineCol(data, off)
	if line == 1 {
		col += colBase
	}
	return &DataError{File: fmt.Sprintf("%s:%d:%d", path, line+lineBase, col), Msg: msg}
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
