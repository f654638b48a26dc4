package pymarshal

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// recorded is a file that testdata/record.py writes with one CPython.
type recorded struct {
	Python         string `json:"python"`
	MarshalVersion int    `json:"marshal_version"`
	Cases          []struct {
		Name    string `json:"name"`
		Marshal string `json:"marshal"`
		Python  bool   `json:"python"` // the reader leaves it to Python
		JSON    *string
		Error   *struct {
			File, Document, Path, Message, Text string
		}
	} `json:"cases"`
}

func loadRecorded(t testing.TB) map[string]recorded {
	files, err := filepath.Glob("testdata/cpython-*.json")
	if err != nil || len(files) < 2 {
		t.Fatalf("recorded files: %v %v", files, err)
	}
	out := map[string]recorded{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var r recorded
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = r
	}
	return out
}

// TestCPython: for the documents of each case as each CPython wrote them,
// the reader writes the very text the package's json route writes
// (json.dumps), refuses the value it refuses with the same document, path
// and message, or leaves the case to Python where the case says so.
func TestCPython(t *testing.T) {
	for file, rec := range loadRecorded(t) {
		if rec.MarshalVersion < Version {
			t.Fatalf("%s: marshal version %d", file, rec.MarshalVersion)
		}
		for _, c := range rec.Cases {
			t.Run(rec.Python+"/"+c.Name, func(t *testing.T) {
				data, err := base64.StdEncoding.DecodeString(c.Marshal)
				if err != nil {
					t.Fatal(err)
				}
				got, err := ToJSON(data, "<gold>")
				var needs *NeedsPython
				var bad *ValueError
				switch {
				case c.Python:
					if !errors.As(err, &needs) {
						t.Fatalf("want NeedsPython, got %v (%.80q)", err, got)
					}
				case c.JSON != nil:
					if err != nil {
						t.Fatalf("want JSON, got %v", err)
					}
					if string(got) != *c.JSON {
						i := 0
						for i < len(got) && i < len(*c.JSON) && got[i] == (*c.JSON)[i] {
							i++
						}
						t.Fatalf("differs from json.dumps at byte %d:\n got %.120q\nwant %.120q", i, got[i:], (*c.JSON)[i:])
					}
				case c.Error != nil:
					if !errors.As(err, &bad) {
						t.Fatalf("want a ValueError, got %v (%.80q)", err, got)
					}
					e := c.Error
					if bad.File != e.File || bad.Document != e.Document || bad.Path != e.Path || bad.Msg != e.Message || bad.Error() != e.Text {
						t.Fatalf("got  %+v\nwant %+v", *bad, *e)
					}
				default:
					t.Fatal("a case with no outcome")
				}
			})
		}
	}
}

// TestTruncated: every prefix of every recorded case is refused (a
// *FormatError, or *NeedsPython where the reader stops before the cut),
// never accepted, and never a panic.
func TestTruncated(t *testing.T) {
	rec := loadRecorded(t)["cpython-3.12.json"]
	for _, c := range rec.Cases {
		data, _ := base64.StdEncoding.DecodeString(c.Marshal)
		// Every cut in the first 300 bytes, then every 97th.
		for n := 0; n < len(data); n += max(1, min(97, n-300)) {
			_, err := ToJSON(data[:n], "<gold>")
			var fe *FormatError
			var np *NeedsPython
			var ve *ValueError
			if err == nil || !(errors.As(err, &fe) || errors.As(err, &np) || errors.As(err, &ve)) {
				t.Fatalf("%s: the first %d bytes: %v", c.Name, n, err)
			}
		}
	}
}

func le32(n int32) string {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(n))
	return string(b[:])
}

// TestMalformed: data marshal does not write is a FormatError, at once.
func TestMalformed(t *testing.T) {
	list := func(n int32, rest string) []byte { return []byte("[" + le32(n) + rest) }
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "no data"},
		{"not a list", []byte("N"), "expected a list of documents"},
		{"negative size", list(-1, ""), "a size of -1"},
		{"huge size", list(1<<31-1, "N"), "a size of 2147483647 with 1 bytes left"},
		{"list of two, one given", list(2, "N"), "a size of 2 with 1 bytes left"},
		{"list of two, one given, then an end", list(1, "["+le32(2)+"i"+le32(7)), "the data ends where a value is expected"},
		{"unknown type code", list(1, "?"), `unknown type code '?'`},
		{"null object", list(1, "0"), "a null object"},
		{"str past the end", list(1, "u"+le32(100)+"ab"), "a size of 100 with 2 bytes left"},
		{"short str past the end", list(1, "z\x05ab"), "5 bytes announced, 2 left"},
		{"reference out of range", list(1, "r"+le32(0)), "a reference to entry 0 of 0"},
		{"negative reference", list(1, "r"+le32(-1)), "a reference to entry -1 of 0"},
		{"int digit out of range", list(1, "l"+le32(1)+"\xff\xff"), "an int digit out of range"},
		{"int with a leading zero", list(1, "l"+le32(2)+"\x01\x00\x00\x00"), "leading zero digit"},
		{"int of many digits, few bytes", list(1, "l"+le32(-1<<30)+"\x01\x00"), "an int of 1073741824 digits"},
		{"ASCII str above 127", list(1, "z\x02a\xe9"), "an ASCII str with a byte above 127"},
		{"str not UTF-8", list(1, "u"+le32(2)+"\xff\xfe"), "a str that is not UTF-8"},
		{"dict not ended", list(1, "{z\x01aN"), "a dict not ended"},
		{"dict with a key and no value", list(1, "{z\x01a"), "the data ends where a value is expected"},
		{"dict without its end", list(1, "{"), "a dict not ended"},
		{"bytes after the list", list(0, "N"), "1 bytes after the list of documents"},
		{"dict as a key", list(1, "{{0N0"), "a dict as a dict key"},
		{"reference to a set being read", list(1, "\xbc"+le32(1)+"r"+le32(0)), "a reference to a set being read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ToJSON(c.data, "<gold>")
			var fe *FormatError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a FormatError with %q", err, c.want)
			}
		})
	}
}

// TestBounded: inputs built to make the reader recurse, expand or
// allocate without end come back at once.
func TestBounded(t *testing.T) {
	deep := []byte("[" + le32(1) + strings.Repeat("["+le32(1), 1_000_000) + "N")
	// v = [None, None], then 59 times v = [v, v], as marshal writes it
	// (each list entered in the table as it starts, outermost first; the
	// second element a reference to the first): 2^60 Nones.
	var bomb strings.Builder
	bomb.WriteString("[" + le32(1) + strings.Repeat("\xdb"+le32(2), 60) + "NN")
	for k := 2; k <= 60; k++ {
		bomb.WriteString("r" + le32(int32(61-k)))
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"nested a million deep", deep, "nested more than 200 deep"},
		{"shared values expanding past the bound", []byte(bomb.String()), "shared values that expand past"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := ToJSON(c.data, "<gold>")
			var np *NeedsPython
			if !errors.As(err, &np) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want NeedsPython with %q", err, c.want)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("took %v", d)
			}
		})
	}
}

// FuzzToJSON: whatever the bytes, the reader returns; what it accepts is
// JSON.
func FuzzToJSON(f *testing.F) {
	for _, rec := range loadRecorded(f) {
		for _, c := range rec.Cases {
			data, _ := base64.StdEncoding.DecodeString(c.Marshal)
			if len(data) < 4096 {
				f.Add(data)
			}
		}
		break
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := ToJSON(data, "<gold>")
		if err == nil && !json.Valid(out) {
			t.Fatalf("not JSON: %.200q", out)
		}
	})
}

// TestJSONString: every byte, alone and among 7 and 8 others, is escaped
// as json escapes it (the golden files hold the characters json writes;
// this covers each position of the 8-byte scan).
func TestJSONString(t *testing.T) {
	want := func(c byte) string {
		switch c {
		case '"':
			return `\"`
		case '\\':
			return `\\`
		case '\n':
			return `\n`
		case '\r':
			return `\r`
		case '\t':
			return `\t`
		case '\b':
			return `\b`
		case '\f':
			return `\f`
		}
		if c < 0x20 {
			return fmt.Sprintf(`\u%04x`, c)
		}
		return string(rune(c))
	}
	for c := 0; c < 0x80; c++ {
		for _, pad := range []int{0, 3, 7, 8, 15} {
			raw := strings.Repeat("a", pad) + string(rune(c)) + strings.Repeat("b", 16-pad)
			got := string(appendJSONString(nil, []byte(raw)))
			exp := `"` + strings.Repeat("a", pad) + want(byte(c)) + strings.Repeat("b", 16-pad) + `"`
			if got != exp {
				t.Fatalf("%#x at %d: got %s, want %s", c, pad, got, exp)
			}
		}
	}
}

// TestExpansionBound: references that would add more JSON than the bound
// are left to Python, whether the shared value's JSON was kept (a short
// str) or is read again (a long one, or a container).
func TestExpansionBound(t *testing.T) {
	doc := func(value string) []byte {
		// [{"a": value, "b": ref 0, "c": ref 0}], value flagged as entry 0
		return []byte("[" + le32(1) + "{z\x01a" + value + "z\x01br" + le32(0) + "z\x01cr" + le32(0) + "0")
	}
	short := "\xe1" + le32(50) + strings.Repeat("x", 50) // an ASCII str, entered in the table
	long := "\xe1" + le32(150) + strings.Repeat("y", 150)
	list := "\xdb" + le32(2) + "z\x05hello" + "z\x05world" // a container
	for _, c := range []struct {
		name  string
		data  []byte
		limit int
		ok    bool
	}{
		{"short, within", doc(short), 200, true},
		{"short, past", doc(short), 100, false},
		{"long, within", doc(long), 400, true},
		{"long, past", doc(long), 100, false},
		// The first str fills the kept JSON; the second is read again.
		{"not kept, within", []byte("[" + le32(1) + "{z\x01p" + long + "z\x01a" + short + "z\x01br" + le32(1) + "z\x01cr" + le32(1) + "0"), 200, true},
		{"container, within", doc(list), 40, true},
		{"container, past", doc(list), 20, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(c.data, "<gold>")
			r.c.limit = c.limit
			out, err := io.ReadAll(r)
			var np *NeedsPython
			switch {
			case c.ok && err != nil:
				t.Fatal(err)
			case c.ok:
				var v []map[string]any
				if json.Unmarshal(out, &v) != nil || v[0]["a"] == nil || fmt.Sprint(v[0]["a"]) != fmt.Sprint(v[0]["c"]) {
					t.Fatalf("got %s", out)
				}
			case !errors.As(err, &np) || !strings.Contains(err.Error(), "shared values that expand past"):
				t.Fatalf("got %v", err)
			}
		})
	}
}
