package document

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// FuzzJSONStream: no input makes the JSON reader panic or loop, in any
// mode; every document it returns is one valid JSON object, and every
// error it reports names the file.
func FuzzJSONStream(f *testing.F) {
	for _, s := range []string{
		`{"id": "a"}` + "\n" + `{"id": "b"}` + "\n",
		`[{"id": "a"}, {"id": "b"}]`,
		"{\n  \"id\": \"a\"\n}\n{\n  \"id\": \"b\"\n}\n",
		`{"id": 1e400}`, `{"id": "a", "id": "b"}`, "{\"a\": 1}\n{bad\n{\"b\": 2}\n",
		"\ufeff{\"id\": \"a\"}", "[", "]", `[{"a":1},]`, `{"a": [1, 2}`, "\r\n\r\n", `"text"`, `[1, 2]`,
	} {
		for _, mode := range []string{"json", "jsonl", "auto"} {
			f.Add(s, mode)
		}
	}
	f.Fuzz(func(t *testing.T, text, mode string) {
		switch mode {
		case "json", "jsonl", "auto":
		default:
			return
		}
		s := NewJSONStream("in.json", strings.NewReader(text), mode)
		for range len(text) + 2 {
			d, err := s.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !strings.Contains(err.Error(), "in.json") {
					t.Fatalf("error without the file name: %v", err)
				}
				continue
			}
			if doc := strings.TrimSpace(d.JSON); !json.Valid([]byte(doc)) || !strings.HasPrefix(doc, "{") {
				t.Fatalf("document %d is not a JSON object: %q", d.Index, d.JSON)
			}
		}
		t.Fatalf("more than %d results from %d bytes", len(text)+2, len(text))
	})
}
