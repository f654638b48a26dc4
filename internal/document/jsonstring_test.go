package document

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzAppendJSONString: the output is one valid JSON string that decodes
// to s (invalid UTF-8 as U+FFFD, as encoding/json reads it), from a string
// and from bytes alike.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "tab\tnl\nret\r\x00\x1f", "é€𝄞", "\xff\xfe", "a\xe2\x82", "<&>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := AppendJSONString([]byte("x"), s)
		if string(AppendJSONString([]byte("x"), []byte(s))) != string(out) {
			t.Fatal("string and bytes differ")
		}
		if out[0] != 'x' || !json.Valid(out[1:]) {
			t.Fatalf("not valid JSON: %q", out)
		}
		var back string
		if err := json.Unmarshal(out[1:], &back); err != nil {
			t.Fatal(err)
		}
		want := s
		if !utf8.ValidString(s) {
			want = string([]rune(s)) // invalid bytes as U+FFFD
		}
		if back != want {
			t.Fatalf("%q reads back as %q, want %q", s, back, want)
		}
	})
}
