package bio

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/adapter/pieces/piecestest"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/nergen"
)

// parsed is what a reading of a file gives, for comparing two readings
// byte for byte: the input (documents, their shapes, warnings) and the
// divisions, or the error.
type parsed struct {
	In        *document.Input
	Divisions document.Divisions
	Err       string
}

func readWith(data []byte, workers, size int) parsed {
	s := &stream{p: newParser("f.txt"), r: iotest.HalfReader(bytes.NewReader(data)), size: 16, workers: workers, pieceSize: size}
	div, _, _ := s.Divisions()
	in, err := document.Collect(s)
	if err != nil {
		return parsed{Err: err.Error()}
	}
	return parsed{In: in, Divisions: div}
}

// piecesTexts are files made to put what the reading of a line depends
// on (the sentence and the document it continues, the tags seen, the
// errors before it) next to the ends of pieces.
func piecesTexts() map[string]string {
	var errs, raw, tagsAlone, docStarts strings.Builder
	for i := range 300 {
		fmt.Fprintf(&errs, "w%d %s\n", i, []string{"B-PER", "I-PER", "b-per", "O", "B-", "B_PER", "X"}[i%7])
		if i%11 == 0 {
			errs.WriteString("\n")
		}
		fmt.Fprintf(&raw, "w%d %s\n", i, []string{"PER", "O", "LOC", "LOC"}[i%4])
		if i%5 == 0 {
			raw.WriteString("\n")
		}
		fmt.Fprintf(&tagsAlone, "%s\n", []string{"B-PER", "I-PER", "O", "I-LOC", "E-LOC", "S-ORG"}[i%6])
		switch i % 13 {
		case 0:
			docStarts.WriteString("-DOCSTART- -X- -X- O\n\n")
		case 4:
			docStarts.WriteString("-DOCSTART- B-MISC\n")
		case 7:
			docStarts.WriteString("-X- -X- O\n")
		case 9:
			docStarts.WriteString(" \t \n\n")
		}
		fmt.Fprintf(&docStarts, "w%d x %s\n", i, []string{"B-PER", "I-PER", "O", "I-LOC", "B-LOC", "I-MISC"}[i%6])
	}
	texts := streamTexts()
	for name, text := range map[string]string{
		"errors":                             errs.String(),
		"raw":                                raw.String(),
		"mixed late":                         raw.String() + "x B-PER\n",
		"tags alone":                         tagsAlone.String(),
		"tokens before the first -DOCSTART-": "a B-PER\nb I-PER\n" + docStarts.String(),
		"documents":                          docStarts.String(),
		"bom and crlf":                       "\ufeff" + strings.ReplaceAll(docStarts.String(), "\n", "\r\n"),
		"long line":                          "a B-PER\n" + strings.Repeat("w ", 500) + "I-PER\nb O\n\n" + strings.Repeat("v ", 300) + "B-LOC",
		"no newline at the end":              docStarts.String() + "z I-ORG",
		"blank lines":                        "\n\n  \n\t\n",
	} {
		texts[name] = text
	}
	return texts
}

// TestPiecesEqualSequential: a file read in pieces on several cores gives
// the documents, warnings and errors of one reader reading it from start
// to end, whatever the size of the pieces (1 makes every line a piece).
func TestPiecesEqualSequential(t *testing.T) {
	texts := piecesTexts()
	c := nergen.Generate(nergen.Config{Docs: 30, Seed: 4})
	texts["gold"], texts["pred"] = string(c.Gold), string(c.Pred)
	for name, text := range texts {
		data := []byte(text)
		want := readWith(data, 1, 0)
		if !piecestest.Same(t, name, []int{1, 5, 64, 1000, 64 << 10}, want, func(workers, size int) parsed { return readWith(data, workers, size) }) {
			return
		}
	}
}

// TestPiecesCases: the texts above reach what they are made for.
func TestPiecesCases(t *testing.T) {
	texts := piecesTexts()
	e := readWith([]byte(texts["errors"]), 3, 30)
	assert.Contains(t, e.Err, "f.txt:4: malformed tag \"b-per\"")
	assert.Contains(t, e.Err, "f.txt:7: malformed tag \"B_PER\"")
	assert.Contains(t, e.Err, "f.txt: 161 more malformed tags")
	m := readWith([]byte(texts["mixed late"]), 3, 30)
	assert.Equal(t, `f.txt:1: tag "PER" has no prefix, but the file's other tags do (as "B-PER" at line 361): a file's tags are all prefixed (B-PER) or all raw (PER, as conlleval -r reads them)`, m.Err)
	r := readWith([]byte(texts["raw"]), 3, 30)
	require.Empty(t, r.Err)
	assert.Contains(t, r.In.Warnings[0], "f.txt:1: raw tags")
	d := readWith([]byte(texts["tokens before the first -DOCSTART-"]), 3, 30)
	require.Empty(t, d.Err)
	assert.Len(t, d.In.Docs, 48) // the tokens before the first of 47 -DOCSTART- lines are a document
	assert.Contains(t, d.In.Warnings, "f.txt:9: 23 -DOCSTART- line(s) tagged other than O, the first here; read as O")
}

// TestPiecesTagOverflow: a file with more distinct tags than there are
// codes reads in pieces as in one: the tags without a code are errors at
// the same lines.
func TestPiecesTagOverflow(t *testing.T) {
	var b strings.Builder
	for i := range maxCode + 40 {
		fmt.Fprintf(&b, "w B-T%d\n", i)
		if i%1000 == 0 {
			b.WriteString("\n")
		}
	}
	data := []byte(b.String())
	want := readWith(data, 1, 0)
	assert.Contains(t, want.Err, fmt.Sprintf("f.txt:%d: more than %d distinct tags", maxCode+67, maxCode))
	assert.Equal(t, want, readWith(data, 2, 64<<10))
	assert.Equal(t, want, readWith(data, 3, 100<<10))
}

// TestPiecesWords: the words Gloss reads are those of one reader.
func TestPiecesWords(t *testing.T) {
	data := []byte(piecesTexts()["documents"])
	want := newParser("f")
	want.keepWords = true
	require.NoError(t, want.read(bytes.NewReader(data), bufSize))
	got := newParser("f")
	got.keepWords = true
	require.NoError(t, got.readIn(bytes.NewReader(data), 3, bufSize, 20))
	assert.Equal(t, want.words, got.words)
	assert.Len(t, got.words, 347) // 300 tokens and 47 -DOCSTART- lines
}

// FuzzPieces: any file read in pieces reads as it does in one.
func FuzzPieces(f *testing.F) {
	for _, text := range piecesTexts() {
		f.Add([]byte(text), uint16(20))
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		want := readWith(data, 1, 0)
		got := readWith(data, 3, int(size)+1)
		if !assert.Equal(t, want, got) {
			t.FailNow()
		}
	})
}

// BenchmarkPieces reads the tags of the generated gold file of CoNLL-2003
// training size (946 documents, 3.4 MB) on one core and in pieces on
// every core (GOMAXPROCS): go test -bench Pieces ./internal/adapter/bio.
func BenchmarkPieces(b *testing.B) {
	data := nergen.Generate(nergen.Config{Seed: 1}).Gold
	for _, run := range []struct {
		name    string
		workers int
	}{{"one-core", 1}, {"pieces", pieces.Workers()}} {
		b.Run(run.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				p := newParser("gold.txt")
				if err := p.readIn(bytes.NewReader(data), run.workers, bufSize, pieceSize); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
