package conll2012

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/adapter/pieces/piecestest"
	"github.com/metricc/metricc/internal/corefgen"
	"github.com/metricc/metricc/internal/document"
)

// parsed is what a reading of a file gives, for comparing two readings
// byte for byte: the input (documents, warnings) or the error.
type parsed struct {
	In  *document.Input
	Err string
}

func readWith(data []byte, workers, size int) parsed {
	in, err := parseIn("f.conll", iotest.HalfReader(bytes.NewReader(data)), workers, size)
	if err != nil {
		return parsed{Err: err.Error()}
	}
	return parsed{In: in}
}

// piecesTexts are files made to put what a reader carries from one
// document to the next next to the ends of pieces.
func piecesTexts() map[string]string {
	var warnings, lone strings.Builder
	for i := range 60 {
		fmt.Fprintf(&warnings, "#begin document (w%d); part 000\nx\t(%d\ny\t%d)\nz\t(%d\n", i, i, i+100, i+200)
		if i%3 != 0 {
			warnings.WriteString("#end document\n")
		}
		if i%7 == 0 {
			warnings.WriteString("stray line\n\n# a comment\n")
		}
		sep := "\n"
		if i%4 == 1 {
			sep = "\r" // lone carriage returns from the second document on
		}
		fmt.Fprintf(&lone, "#begin document (c%d);%sa\t(1)%sb\t-%s#end document\r\n", i, sep, sep, sep)
	}
	return map[string]string{
		"warnings":         warnings.String(),
		"lone cr":          lone.String(),
		"bom":              "\ufeff" + warnings.String()[:2000] + "\n#end document\n",
		"long line":        "#begin document (a);\nw\t(1)\n#end document\n#begin document (b);\n" + strings.Repeat("w ", 3000) + "(2)\n#end document\n",
		"end in a cr line": "#begin document (a);\nw\t(1)\n#end document\r#begin document (b);\nw\t(2)\n#end document\nx\n",
		"end outside":      "#end document\n#begin document (a);\nw\t(1)\n#end document\n#end document\n#begin document (b);\nw\t(2)\n",
		"stray only":       "a\nb\n#end document\nc\n",
		"empty":            "",
	}
}

// TestPiecesEqualSequential: a file read in pieces on several cores gives
// the documents, numbers and warnings of a reading line after line,
// whatever the size of the pieces (1 ends one after every "#end
// document").
func TestPiecesEqualSequential(t *testing.T) {
	texts := map[string][]byte{}
	for name, text := range piecesTexts() {
		texts[name] = []byte(text)
	}
	paths, err := filepath.Glob("testdata/*/*.conll")
	require.NoError(t, err)
	require.Greater(t, len(paths), 10)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		texts[path] = data
	}
	c := corefgen.Generate(corefgen.Config{Docs: 40, Seed: 2})
	texts["key"], texts["response"] = c.Key, c.Response
	for name, data := range texts {
		want := readWith(data, 1, 0)
		if !piecestest.Same(t, name, []int{1, 7, 100, 4096, 64 << 10}, want, func(workers, size int) parsed { return readWith(data, workers, size) }) {
			return
		}
	}
}

// TestPiecesCases: the texts above reach what they are made for.
func TestPiecesCases(t *testing.T) {
	texts := piecesTexts()
	w := readWith([]byte(texts["warnings"]), 3, 10)
	require.Empty(t, w.Err)
	require.Len(t, w.In.Warnings, maxWarnings+1)
	assert.Equal(t, "f.conll: 104 more warnings not shown", w.In.Warnings[maxWarnings])
	assert.Equal(t, 59, w.In.Docs[59].Index)
	cut := pieces.NewLines(strings.NewReader(texts["warnings"]), 50)
	cut.Cut = afterEndDocument
	n := 0
	for _, ok := cut.Next(); ok; _, ok = cut.Next() {
		n++
	}
	assert.Greater(t, n, 20, "pieces of the warnings text")
	l := readWith([]byte(texts["lone cr"]), 3, 10)
	require.Empty(t, l.Err)
	assert.Equal(t, []string{"f.conll:5: lines end with a lone carriage return (old Mac OS); each is read as a line end (the official scorer would read one line)"}, l.In.Warnings)
	assert.Equal(t, 237, l.In.Docs[59].Line)
}

// TestAfterEndDocument: a piece ends after an "#end document" line in
// the second half of what was read, the one in the last sixteenth if
// there is one (less to carry over to the next piece); a line that may not
// end a document (more after the directive, space before it, a lone
// carriage return) ends none.
func TestAfterEndDocument(t *testing.T) {
	pre := strings.Repeat("w\t-\n", 30) // 120 bytes
	lines := func(n int) string { return strings.Repeat("w\t-\n", n) }
	for text, want := range map[string]int{
		lines(33) + "#end document\n" + lines(21) + "#end document\n": 244,
		lines(33) + "#end document\n" + lines(19) + "#end document\n": 146,
		pre + "#end document\n":                            134,
		pre + "#end document \t\r\n#begin document (a);\n": 137,
		pre + "#end documents\n":                           -1,
		pre + "#end document":                              -1,
		pre + "  #end document\n":                          -1,
		pre + "#end document x\n":                          -1,
		pre + "#end document\rx\n":                         -1,
		"#end document\n" + pre:                            -1,
		"":                                                 -1,
	} {
		assert.Equal(t, want, afterEndDocument([]byte(text)), "%q", text)
	}
}

// FuzzPieces: any file read in pieces reads as it does line after line.
func FuzzPieces(f *testing.F) {
	for _, text := range piecesTexts() {
		f.Add([]byte(text), uint16(30))
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		want := readWith(data, 1, 0)
		got := readWith(data, 3, int(size)+1)
		if !assert.Equal(t, want, got) {
			t.FailNow()
		}
	})
}

// BenchmarkPieces reads the key of the generated corpus of CoNLL-2012
// test size (348 documents, 13 MB) on one core and in pieces on every
// core (GOMAXPROCS): go test -bench Pieces ./internal/adapter/conll2012.
func BenchmarkPieces(b *testing.B) {
	data := corefgen.Generate(corefgen.Config{Seed: 1}).Key
	for _, run := range []struct {
		name    string
		workers int
	}{{"one-core", 1}, {"pieces", pieces.Workers()}} {
		b.Run(run.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := parseIn("key.conll", bytes.NewReader(data), run.workers, pieceSize); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPiecesReadError: an error reading the file ends the reading in
// pieces as it ends the reading line after line.
func TestPiecesReadError(t *testing.T) {
	boom := errors.New("boom")
	text := strings.Repeat("#begin document (a);\nw\t(1)\n#end document\n", 50)
	for _, workers := range []int{1, 2} {
		in, err := parseIn("f.conll", io.MultiReader(strings.NewReader(text), iotest.ErrReader(boom)), workers, 100)
		assert.Same(t, boom, err)
		assert.Nil(t, in)
	}
}
