package document_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
)

// doc is what a test expects of a document read: its line, position and
// JSON text.
type doc struct {
	Line, Index int
	JSON        string
}

// readAll streams every document and error of text in the given format,
// reading one byte at a time so that every document spans reads.
func readAll(t *testing.T, text, format string) ([]doc, []string) {
	t.Helper()
	s := document.NewJSONStream("f", iotest.OneByteReader(strings.NewReader(text)), format)
	var docs []doc
	var errs []string
	for range 1000 {
		d, err := s.Next()
		if err == io.EOF {
			return docs, errs
		}
		if err != nil {
			errs = append(errs, err.Error())
			var fatal document.DataErrors
			if errors.As(err, &fatal) {
				_, err = s.Next()
				require.Equal(t, io.EOF, err, "a fatal error ends the stream")
				return docs, errs
			}
			continue
		}
		docs = append(docs, doc{d.Line, d.Index, d.JSON})
	}
	t.Fatal("the stream does not end")
	return nil, nil
}

func TestJSONStream(t *testing.T) {
	cases := []struct {
		name, format, text string
		docs               []doc
		errs               []string
	}{
		{"jsonl", "auto", "{\"a\":1}\n\n{\"a\":2}\r\n  {\"a\":3}  \n",
			[]doc{{1, 0, `{"a":1}`}, {3, 1, `{"a":2}`}, {4, 2, `{"a":3}`}}, nil},
		{"jsonl without final newline", "jsonl", "{\"a\":1}\n{\"a\":2}",
			[]doc{{1, 0, `{"a":1}`}, {2, 1, `{"a":2}`}}, nil},
		{"malformed lines keep counting", "auto", "{\"a\":1}\n{\"a\":}\n{\"a\":3}\n[1]\n{\"a\":5}\n",
			[]doc{{1, 0, `{"a":1}`}, {3, 2, `{"a":3}`}, {5, 4, `{"a":5}`}},
			[]string{"f:2:6: document 2 (line 2): malformed JSON: invalid character '}' looking for beginning of value",
				"f: document 4 (line 4): expected a JSON object, found an array"}},
		{"malformed first line of JSON Lines", "auto", "{\"a\":,}\n{\"a\":2}\n",
			[]doc{{2, 1, `{"a":2}`}},
			[]string{"f:1:6: document 1 (line 1): malformed JSON: invalid character ',' looking for beginning of value"}},
		{"array", "auto", "[{\"a\":1},\n {\"a\":2}, {\"a\":3}]\n",
			[]doc{{1, 0, `{"a":1}`}, {2, 1, `{"a":2}`}, {2, 2, `{"a":3}`}}, nil},
		{"array with strings holding brackets", "json", `[{"a":"]}\"{["}, {"b":[1,{"c":"}"}]}]`,
			[]doc{{1, 0, `{"a":"]}\"{["}`}, {1, 1, `{"b":[1,{"c":"}"}]}`}}, nil},
		{"empty array", "auto", " [ ] ", nil, nil},
		{"empty file", "auto", "", nil, nil},
		{"blank file", "jsonl", "\n\n  \n", nil, nil},
		{"bom", "auto", "\ufeff{\"a\":1}\n", []doc{{1, 0, `{"a":1}`}}, nil},
		{"pretty object", "auto", "{\n  \"a\": 1\n}\n", []doc{{1, 0, "{\n  \"a\": 1\n}"}}, nil},
		{"pretty objects one after another (jq)", "auto", "{\n  \"a\": 1\n}\n{\n  \"a\": 2\n}\n",
			[]doc{{1, 0, "{\n  \"a\": 1\n}"}, {4, 1, "{\n  \"a\": 2\n}"}}, nil},
		{"objects on one line", "json", `{"a":1}{"a":2} {"a":3}`,
			[]doc{{1, 0, `{"a":1}`}, {1, 1, `{"a":2}`}, {1, 2, `{"a":3}`}}, nil},
		{"malformed pretty object ends the file", "auto", "{\n  \"a\": 1\n}\n{\n  \"a\": 2,\n}\n{\"a\": 3}\n",
			[]doc{{1, 0, "{\n  \"a\": 1\n}"}},
			[]string{"f:6:1: document 2 (line 4): malformed JSON: invalid character '}' looking for beginning of object key string"}},
		{"unclosed object", "auto", "{\n  \"a\": [1, 2\n}\n",
			nil, []string{`f:1:1: document 1 (line 1): malformed JSON: the document starting here is not closed before the end of the file`}},
		{"unclosed array", "auto", `[{"a":1}`,
			[]doc{{1, 0, `{"a":1}`}}, []string{"f:1:9: malformed JSON: the array of documents is not closed with ]"}},
		{"missing comma", "auto", `[{"a":1} {"a":2}]`,
			[]doc{{1, 0, `{"a":1}`}}, []string{`f:1:10: malformed JSON: expected , or ] after a document, found '{' ("{\"a\":2}]")`}},
		{"text after the array", "auto", "[{\"a\":1}]\nx",
			[]doc{{1, 0, `{"a":1}`}}, []string{`f:2:1: malformed JSON: text after the array of documents: 'x' ("x")`}},
		{"array element not an object", "auto", `[{"a":1}, 2, {"a":3}]`,
			[]doc{{1, 0, `{"a":1}`}, {1, 2, `{"a":3}`}}, []string{"f: document 2 (line 1): expected a JSON object, found a number"}},
		{"not JSON", "auto", "hello\n",
			nil, []string{`f:1:1: expected a JSON array of documents, a JSON object or JSON Lines, found 'h' ("hello")`}},
		{"scalar", "json", "3",
			nil, []string{`f:1:1: expected a JSON array of documents, a JSON object or JSON Lines, found '3' ("3")`}},
		{"pretty JSON read as JSON Lines", "jsonl", "{\n  \"a\": 1\n}\n",
			nil, []string{
				`f:1:2: document 1 (line 1): malformed JSON: unexpected end of JSON input (if the file holds pretty-printed JSON documents, read it with --input-format json)`,
				`f:2:6: document 2 (line 2): malformed JSON: invalid character ':' after top-level value`,
				`f:3:1: document 3 (line 3): malformed JSON: invalid character '}' looking for beginning of value`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			docs, errs := readAll(t, c.text, c.format)
			assert.Equal(t, c.docs, docs)
			assert.Equal(t, c.errs, errs)
		})
	}
}

// TestJSONStreamLongDocument: a document far longer than the read buffer
// is read whole, and its error is placed in it.
func TestJSONStreamLongDocument(t *testing.T) {
	long := `{"a":"` + strings.Repeat("x", 300000) + `"}`
	text := long + "\n" + `{"a":"` + strings.Repeat("y", 200000) + `",}` + "\n" + long
	s := document.NewJSONStream("f", strings.NewReader(text), "auto")
	d, err := s.Next()
	require.NoError(t, err)
	assert.Equal(t, long, d.JSON)
	_, err = s.Next()
	assert.EqualError(t, err, "f:2:200009: document 2 (line 2): malformed JSON: invalid character '}' looking for beginning of object key string")
	d, err = s.Next()
	require.NoError(t, err)
	assert.Equal(t, 3, d.Line)
	_, err = s.Next()
	assert.Equal(t, io.EOF, err)
}

// TestCollect: Collect reports every unreadable document, and ParseJSON
// is Collect on a JSON stream.
func TestCollect(t *testing.T) {
	_, err := document.ParseJSON("f.jsonl", []byte("{\"a\":1}\nx\n{\"a\":3}\ny\n"), "auto")
	var errs document.DataErrors
	require.ErrorAs(t, err, &errs)
	assert.Len(t, errs, 2)
	in, err := document.ParseJSON("f.json", []byte(`[{"a":1},{"a":2}]`), "json")
	require.NoError(t, err)
	assert.Len(t, in.Docs, 2)
}

// TestJSONStreamReadError: an I/O error ends the stream with the file's
// name.
func TestJSONStreamReadError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("{\"a\":1}\n"), iotest.ErrReader(errors.New("disk on fire")))
	s := document.NewJSONStream("f", r, "auto")
	_, err := s.Next()
	require.NoError(t, err)
	_, err = s.Next()
	assert.EqualError(t, err, "f: disk on fire")
}

// TestSpanGloss: a span is its words; an object or array of spans is their
// glosses joined; offsets outside the words gloss nothing; long glosses
// are cut at a character.
func TestSpanGloss(t *testing.T) {
	g := document.SpanGloss([]string{"the", "big", "dog", "barked", "é"}, "left", "right")
	for item, want := range map[string]string{
		`{"left": 0, "right": 2}`: "the big dog",
		`{"mentions": [{"left": 0, "right": 1}, {"left": 3, "right": 3}]}`: "the big | barked",
		`[{"left": 2, "right": 2}, {"left": 9, "right": 9}]`:               "dog",
		`{"left": 3, "right": 1}`:                                          "",
		`{"start": 0, "end": 1}`:                                           "",
		`"text"`:                                                           "",
		`{"mention": {"left": 4, "right": 4}, "entity": {"mentions": [{"left": 4, "right": 4}]}}`: "é | é",
	} {
		assert.Equal(t, want, g([]byte(item)), item)
	}
	long := document.SpanGloss([]string{strings.Repeat("é", 50)}, "left", "right")([]byte(`{"left": 0, "right": 0}`))
	assert.Equal(t, strings.Repeat("é", 40)+"…", long)
}
