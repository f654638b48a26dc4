package mrp

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// FuzzStream: no graph makes the adapter panic; each document it returns
// is valid JSON, and each error names the file.
func FuzzStream(f *testing.F) {
	for _, s := range []string{
		`{"id": "norm", "flavor": 1, "framework": "eds", "tops": [2], "nodes": [{"id": 0, "label": "Pierre", "anchors": [{"from": 0, "to": 6}]}, {"id": 2, "label": "named", "anchors": [{"from": 0, "to": 14}], "properties": ["carg"], "values": ["Pierre"]}], "edges": [{"source": 2, "target": 0, "label": "ARG1-of"}], "input": "Pierre Vinken, 61 years old."}`,
		`{"id": "u", "flavor": 1, "framework": "ucca", "tops": [0], "nodes": [{"id": 0}, {"id": 1, "anchors": [{"from": 5, "to": 2}]}], "edges": [{"source": 0, "target": 1, "label": "A", "attributes": ["remote"], "values": [true]}], "input": "a b"}`,
		`{"id": "a", "flavor": 2, "framework": "amr", "tops": [0], "nodes": [{"id": 0, "label": "want-01"}, {"id": 0, "label": "x"}], "edges": [{"source": 0, "target": 9, "label": "mod"}]}`,
		`{"id": 1, "framework": "dm", "nodes": [{"id": 0, "anchors": []}], "edges": [{"source": 0, "target": 0}]}`,
		`{"id": "x", "framework": "psd", "nodes": [{"id": 0, "properties": ["a", "b"], "values": [1]}]}`,
		`[]`, `{`, `"x"`, ``,
	} {
		f.Add(s + "\n" + s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := Stream("g.mrp", strings.NewReader(text))
		for range len(text) + 2 {
			d, err := s.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !strings.Contains(err.Error(), "g.mrp") {
					t.Fatalf("error without the file name: %v", err)
				}
				continue
			}
			if !json.Valid([]byte(d.JSON)) {
				t.Fatalf("document %d is not valid JSON: %q", d.Index, d.JSON)
			}
		}
		t.Fatalf("more than %d results from %d bytes", len(text)+2, len(text))
	})
}
