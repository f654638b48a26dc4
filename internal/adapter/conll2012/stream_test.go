package conll2012

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
)

// streamCases are texts whose line splitting is easy to get wrong when
// lines cross buffer boundaries: byte-order marks, CRLF, no final newline,
// lines longer than the buffer, the first of them with the mark.
func streamCases() map[string]string {
	long := strings.Repeat("x", 300) // longer than the smallest buffers
	doc := "#begin document (d); part 000\nw\t(1\n\nw\t1)|(2)\n#end document\n"
	return map[string]string{
		"empty":                  "",
		"newline":                "\n",
		"blank lines":            "\n \r\n\t\n",
		"mark only":              "\ufeff",
		"mark and newline":       "\ufeff\n",
		"half a mark":            "\xef\xbb",
		"mark, no newline":       "\ufeff#begin document (x)\nw (1)",
		"stray only":             "w (1)\n",
		"stray, no newline":      "\n\nw",
		"document":               doc,
		"CRLF":                   strings.ReplaceAll(doc, "\n", "\r\n"),
		"no final newline":       strings.TrimSuffix(doc, "\n"),
		"two documents":          doc + "junk\n" + doc + "#end document\n",
		"long token":             "#begin document (d)\n" + long + " (1\nw 1)\n#end document\n",
		"long comment":           "#begin document (d)\n#" + long + "\nw (1)\n#end document\n",
		"long last line":         "#begin document (d)\nw (1)\n" + long + "\t(2)",
		"long first line, mark":  "\ufeff#begin document (" + long + ")\nw (1)\n",
		"long annotation":        "#begin document (d)\nw " + strings.Repeat("(7", 200) + "\nw " + strings.Repeat("7)", 200) + "\n",
		"long blank line":        "#begin document (d)\n" + strings.Repeat(" ", 300) + "\nw (1)\n",
		"line of buffer size":    "#begin document (d)\n" + strings.Repeat("y", 13) + " (1)\n" + strings.Repeat("z", 14) + " (2)\n",
		"newline at buffer edge": "#begin document (d)\nw" + strings.Repeat(" ", 15) + "\nw (1)\n",
		"not CoNLL":              "\n{\"id\": 1}\n",
		// what the shortcut for tokens without an annotation (feedLines)
		// takes, and what it leaves to feedLine
		"unannotated tokens": "w -\n#begin document (d)\nw -\n w -\n#c -\nw\t_\nw -  \n-\n -\nw x-\nw (1)-\nw\v-\nw (2)\n#end document\nw -\n",
	}
}

// streamFiles are the package's test files and the official ones.
func streamFiles(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, pat := range []string{"testdata/*/*.conll", "../../../testdata/coref/official/TC-*"} {
		files, err := filepath.Glob(pat)
		require.NoError(t, err)
		require.NotEmpty(t, files, pat)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			out[f] = string(data)
		}
	}
	return out
}

// TestStreamEqualsBytes reads each text through readers that deliver it in
// pieces of every size, with buffers from the smallest bufio allows up to
// the one Read uses, and requires the input (documents, JSON, warnings)
// or the error that Parse gives on the whole text.
func TestStreamEqualsBytes(t *testing.T) {
	texts := streamCases()
	for name, text := range streamFiles(t) {
		texts[name] = text
	}
	readers := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"halves":   iotest.HalfReader,
		"data+EOF": iotest.DataErrReader,
	}
	n, errs := 0, 0
	for name, text := range texts {
		want, wantErr := Parse(name, []byte(text))
		for rname, wrap := range readers {
			for _, size := range []int{16, 17, 64, bufSize} {
				p := newParser(name)
				err := p.parseReader(wrap(strings.NewReader(text)), size)
				if wantErr != nil {
					require.Error(t, err, "%s, %s, buffer %d", name, rname, size)
					assert.Equal(t, wantErr.Error(), err.Error(), "%s, %s, buffer %d", name, rname, size)
					errs++
					continue
				}
				require.NoError(t, err, "%s, %s, buffer %d", name, rname, size)
				assert.Equal(t, want, p.in, "%s, %s, buffer %d", name, rname, size)
				n++
			}
		}
	}
	// Every text was read 16 ways; the four with stray lines and no
	// "#begin document" ("half a mark" is one) are errors.
	assert.Equal(t, 16*(len(texts)-4), n)
	assert.Equal(t, 16*4, errs)
}

// TestStreamCases pins a few of the texts above by hand, so that the
// comparison with Parse cannot pass on a shared mistake.
func TestStreamCases(t *testing.T) {
	c := streamCases()
	for _, tc := range []struct {
		name string
		json []string
		line int
	}{
		{"long token", []string{`{"id":"d","entities":[{"mentions":[{"left":0,"right":1}]}]}`}, 1},
		{"long comment", []string{`{"id":"d","entities":[{"mentions":[{"left":0,"right":0}]}]}`}, 1},
		{"long last line", []string{`{"id":"d","entities":[{"mentions":[{"left":0,"right":0}]},{"mentions":[{"left":1,"right":1}]}]}`}, 1},
		{"long first line, mark", []string{`{"id":"` + strings.Repeat("x", 300) + `","entities":[{"mentions":[{"left":0,"right":0}]}]}`}, 1},
		{"mark, no newline", []string{`{"id":"x","entities":[{"mentions":[{"left":0,"right":0}]}]}`}, 1},
		{"CRLF", []string{`{"id":"d; part 000","entities":[{"mentions":[{"left":0,"right":1}]},{"mentions":[{"left":1,"right":1}]}]}`}, 1},
		{"newline at buffer edge", []string{`{"id":"d","entities":[{"mentions":[{"left":1,"right":1}]}]}`}, 1},
	} {
		p := newParser(tc.name)
		require.NoError(t, p.parseReader(strings.NewReader(c[tc.name]), 16), tc.name)
		var got []string
		for _, d := range p.in.Docs {
			got = append(got, d.JSON)
		}
		assert.Equal(t, tc.json, got, tc.name)
		assert.Equal(t, tc.line, p.in.Docs[0].Line, tc.name)
	}
	// Lines are counted alike after a mark or a long line: the stray
	// line is the third.
	for _, text := range []string{"\ufeff\n\nw\n", strings.Repeat(" ", 40) + "\n\nw\n"} {
		p := newParser("s")
		err := p.parseReader(strings.NewReader(text), 16)
		var de *document.DataError
		require.ErrorAs(t, err, &de)
		assert.Equal(t, "s:3", de.File)
	}
}

// TestStreamReadError: an error of the reader, after some documents,
// is returned as it is and no input.
func TestStreamReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(streamCases()["document"]+"#begin document (e)\nw (1"), iotest.ErrReader(boom))
	in, err := ParseReader("e.conll", r)
	assert.Same(t, boom, err)
	assert.Nil(t, in)

	in, err = Read(t.TempDir())
	assert.Nil(t, in)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is a directory")
}

// FuzzStream checks that any text, read through the smallest buffer one
// byte at a time, gives what Parse gives.
func FuzzStream(f *testing.F) {
	for _, text := range streamCases() {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := Parse("f", data)
		p := newParser("f")
		err := p.parseReader(iotest.OneByteReader(bytes.NewReader(data)), 16)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("error %v, Parse: %v", err, wantErr)
		}
		if err == nil {
			assert.Equal(t, want, p.in)
		}
	})
}

// TestStrayMarks: the columns the official scorer reads in full have no
// stray marks; brackets without chain ids are what is left over.
func TestStrayMarks(t *testing.T) {
	for col, want := range map[string]string{
		"(12": "", "12)": "", "(12)": "", "(1(3": "", "3)1)": "", "(1)|(2+3)": "", "(12+3)": "",
		"(0|1)": "", "(5)|(6": "", "1)|(2)|(3": "",
		"((((": "((((", ")|)": "))", "(2)|)": ")", "()": "()", "12": "12", "(1+)": "+)", "+": "+",
	} {
		if got := strayMarks([]byte(col)); got != want {
			t.Errorf("strayMarks(%q) = %q, want %q", col, got, want)
		}
	}
}
