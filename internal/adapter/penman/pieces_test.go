package penman

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/adapter/pieces/piecestest"
	"github.com/metricc/metricc/internal/document"
)

// parsed is what a reading of a file gives, for comparing two readings
// byte for byte: the input (documents, warnings, pairing) or the error.
type parsed struct {
	In  *document.Input
	Err string
}

func readWith(data []byte, fine, doc bool, workers, size int) parsed {
	in, err := parseIn("f.amr", data, nil, fine, doc, workers, size)
	if err != nil {
		return parsed{Err: err.Error()}
	}
	return parsed{In: in}
}

// piecesCases are files made to put the places where a reader keeps
// state across lines next to the ends of pieces.
var piecesCases = map[string]string{
	"no ids":           "(a / b)\n\n(c / d :x (e / f))\n\n\n(g / h)\n",
	"ids and comments": "# ::id x1\n# ::snt one\n(a / b)\n\n# ::id x2\n\n# ::id ignored\n(c / d)\n\n(e / f)\n# trailing comment\n\n",
	"second id":        "# ::id x1\n(a / b\n# ::id x2\n:x (c / d))\n\n# ::id x3\n(e / f)\n",
	"crlf":             "\ufeff# ::id a\r\n(a / b :x (c / d))\r\n\r\n# ::id b\r\n(e / f)\r\n\r\n",
	"lone cr":          "# ::id a\r(a / b)\r\r# ::id b\r(c / d)\r\r\n(e / f)\r",
	"unicode blanks":   "(a / b)\n\u00a0\u3000\n(c / d)\n \t\n(e / f)",
	"errors everywhere": "(a / b))\n\n(c / d :x)\n\n(e / f)\n\n(g / (h / i))\n\n(j / k :l (m / n)\n\n" +
		"(o / p :q \"r\"\n\n:x (s / t)\n\n",
	"all unreadable":                    strings.Repeat("(a / b))\n\n", 15),
	"not utf-8":                         "(a / b)\n\n(c / d :name \"\xff\")\n\n(e / f)\n",
	"warnings":                          "(a / b :mod 1 :polarity - :x (c / d) :x (c / d))\n\n(e / f :op1 a b c\n\n(g / h) (i / j)\n\n",
	"no newline at the end":             "(a / b)\n\n(c / d)",
	"comments only":                     "# a\n\n# b\n\n",
	"empty":                             "",
	"blank lines":                       "\n\n \n\t\n",
	"one long line":                     "(a / b" + strings.Repeat(" :x (c / d)", 300) + ")\n\n(e / f)\n\n" + strings.Repeat("(g / h :y 1)", 200) + "\n",
	"graph after comment without blank": "(a / b)\n# ::id c\n(c / d)\n\n(e / f)\n",
}

// TestPiecesEqualSequential: a file read in pieces on several cores gives
// the documents, warnings and errors of one reader reading it from start
// to end, in order, with the same lines and document numbers, whatever
// the size of the pieces (size 1 cuts at every blank line after a graph).
func TestPiecesEqualSequential(t *testing.T) {
	files := map[string][]byte{}
	for name, text := range piecesCases {
		files[name] = []byte(text)
	}
	var paths []string
	for _, pattern := range []string{"testdata/*.amr", "testdata/*/*.amr", "testdata/*/*.txt", "../../../testdata/amr/*.txt"} {
		m, err := filepath.Glob(pattern)
		require.NoError(t, err)
		paths = append(paths, m...)
	}
	require.Greater(t, len(paths), 15)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		files[path] = data
	}
	for name, data := range files {
		sizes := []int{1, 2, 3, 7, 50, 333, 4096}
		if len(data) > 100<<10 {
			sizes = []int{1, 4096, 64 << 10}
			cut := pieces.Cut(data, 4096, amrBoundary)
			require.Greater(t, len(cut), 20, name)
		}
		for _, fields := range [][2]bool{{false, false}, {true, true}} {
			want := readWith(data, fields[0], fields[1], 1, len(data)+1)
			read := func(workers, size int) parsed { return readWith(data, fields[0], fields[1], workers, size) }
			if !piecestest.Same(t, fmt.Sprintf("%s, fields %v", name, fields), sizes, want, read) {
				return
			}
		}
	}
}

// TestPiecesCut: pieces end where a reader has nothing pending, and
// cover the file.
func TestPiecesCut(t *testing.T) {
	data := []byte(piecesCases["ids and comments"] + piecesCases["crlf"][3:] + piecesCases["lone cr"])
	cut := pieces.Cut(data, 1, amrBoundary)
	var starts []string
	joined := []byte{}
	for _, p := range cut {
		joined = append(joined, p.Data...)
		starts = append(starts, fmt.Sprintf("%.8q", p.Data))
	}
	assert.Equal(t, string(data), string(joined))
	assert.Equal(t, []string{`"# ::id x"`, `"# ::id x"`, `"(e / f)\n"`, `"# ::id b"`, `"# ::id a"`, `"# ::id b"`, `"(e / f)\r"`}, starts)
}

// FuzzPieces: any file read in pieces reads as it does sequentially.
func FuzzPieces(f *testing.F) {
	for _, text := range piecesCases {
		f.Add([]byte(text), uint16(3))
	}
	for _, name := range []string{"quirks.amr", "bad.amr", "cases/metric-suite-a.txt"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		want := readWith(data, true, true, 1, len(data)+1)
		got := readWith(data, true, true, 3, int(size)+1)
		if !assert.Equal(t, want, got) {
			t.FailNow()
		}
	})
}

// BenchmarkPieces reads the Little Prince AMRs (v1.6, 1,562 AMRs, the
// fields of smatch) on one core and in pieces on every core
// (GOMAXPROCS): go test -bench Pieces ./internal/adapter/penman.
func BenchmarkPieces(b *testing.B) {
	data, err := os.ReadFile("../../../testdata/amr/amr-bank-struct-v1.6.txt")
	require.NoError(b, err)
	for _, run := range []struct {
		name    string
		workers int
	}{{"one-core", 1}, {"pieces", pieces.Workers()}} {
		b.Run(run.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := parseIn("lpp.amr", data, nil, false, false, run.workers, pieces.Size); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
