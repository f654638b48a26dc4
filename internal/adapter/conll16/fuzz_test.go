package conll16

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParse: no input makes the adapter panic; a line that is not JSON is
// reported as malformed, and a JSON line never is.
func FuzzParse(f *testing.F) {
	for _, s := range []string{goldExplicit, goldImplicit, predExplicit,
		`{"DocID": "d", "Type": "Implicit", "Sense": ["EntRel"], "Arg1": {"TokenList": [1.0, 2e0]}, "Arg2": {"TokenList": [[0, 1, 03, 0, 0]]}}`,
		`{"DocID": "d\u00e9", "Type": "Implicit", "Sense": ["a\"b"], "Arg1": {"TokenList": [ 1 , 2 ]}, "Arg2": {"TokenList": []}}`,
		`{"a": [1, {"b": null}], "DocID": "x"}`, `[]`, `{`, `"x"`, `{"DocID": "d"} x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return // one line
		}
		_, err := Parse("f", strings.NewReader(line))
		trimmed := bytes.TrimSpace([]byte(line))
		if len(trimmed) == 0 || bytes.HasPrefix([]byte(line), []byte("\ufeff")) {
			return
		}
		malformed := err != nil && strings.Contains(err.Error(), "malformed JSON")
		if json.Valid(trimmed) == malformed {
			t.Errorf("json.Valid %v but error %v", json.Valid(trimmed), err)
		}
	})
}
