package conll16

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/adapter/pieces/piecestest"
	"github.com/metricc/metricc/internal/conll16gen"
	"github.com/metricc/metricc/internal/document"
)

// parsed is what a reading of a file gives, for comparing two readings
// byte for byte: the input (documents, warnings) or the error.
type parsed struct {
	In  *document.Input
	Err string
}

func readWith(data []byte, workers, size int) parsed {
	in, err := parseIn("f.json", bytes.NewReader(data), workers, size)
	if err != nil {
		return parsed{Err: err.Error()}
	}
	return parsed{In: in}
}

// shuffled is text with its lines in a random order, so that the
// relations of a document are spread over the file.
func shuffled(text []byte, seed uint64) []byte {
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	rand.New(rand.NewPCG(seed, 1)).Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	return []byte(strings.Join(lines, "\n") + "\n")
}

// relationLine is a relation of document doc with the given ID, type,
// senses and token lists.
func relationLine(doc string, id int, typ, senses, arg1, arg2, conn, raw string) string {
	return fmt.Sprintf(`{"DocID": %q, "ID": %d, "Type": %q, "Sense": [%s], "Arg1": {"TokenList": [%s]}, "Arg2": {"TokenList": [%s]}, "Connective": {"TokenList": [%s], "RawText": %q}}`,
		doc, id, typ, senses, arg1, arg2, conn, raw)
}

// piecesCases are files made to put what the reading of a line depends
// on (the lines before it) next to the ends of pieces.
func piecesCases() map[string]string {
	var warnings, errs, ids, heads strings.Builder
	for i := range 130 {
		doc := fmt.Sprintf("d%d", i%45)
		// types outside the four, repeated IDs, unknown senses, lists out
		// of order: more warnings than are shown
		warnings.WriteString(relationLine(doc, i%50, "Odd", `"Sense.`+fmt.Sprint(i%60)+`", "Expansion"`, "3, 1", "4", "2", "x y") + "\n")
		if i%9 == 0 {
			warnings.WriteString("\n  \t\n")
		}
		switch i % 4 {
		case 0:
			errs.WriteString(`{"DocID": "d", "Type": "Implicit", "Sense": ["EntRel"], "Arg1": {"TokenList": [1]}}` + "\n")
		case 1:
			errs.WriteString("{not json\n")
		case 2:
			errs.WriteString(relationLine("e", i, "Implicit", `"EntRel"`, "[0, 1, 5, 0, 0]", "[1, 2, 6, 0, 1]", "", "") + "\n")
		default:
			errs.WriteString(relationLine("e", i, "Explicit", `"Expansion.Conjunction"`, "2, 1", "3", "4", "and") + "\n")
		}
		ids.WriteString(relationLine(fmt.Sprintf("d%d", i%7), i%13, "Explicit", `"Comparison.Contrast", "Expansion"`, "1", "2", "3", "but") + "\n")
		heads.WriteString(relationLine(fmt.Sprintf("d%d", i%40), i, "Explicit", `"Temporal.Asynchronous.Precedence"`, "[0, 1, 1, 0, 1]", "[5, 6, 7, 0, 2]",
			"[2, 3, 3, 0, 3], [3, 4, 4, 0, 4]", []string{"as soon as", "", "if then", "but"}[i%4]) + "\n")
	}
	long := relationLine("long", 1, "Implicit", `"EntRel"`, strings.Repeat("1, ", 3000)+"2", "3", "", "")
	return map[string]string{
		"warnings":      warnings.String(),
		"errors":        errs.String(),
		"ids":           ids.String(),
		"heads":         heads.String(),
		"bom and crlf":  "\ufeff" + strings.ReplaceAll(strings.Join(strings.SplitAfter(ids.String(), "\n")[:20], ""), "\n", "\r\n"),
		"cut in a line": ids.String()[:4000],
		"form changes":  ids.String()[:3000] + heads.String(),
		"long line":     goldExplicit + "\n" + long + "\n" + long + "\n" + goldImplicit,
		"no newline":    goldExplicit + "\n" + goldImplicit,
		"blank":         "\n\n \n",
		"empty":         "",
		"error late":    ids.String() + "[1]\n",
		"chinese":       strings.Repeat(relationLine("c", 1, "Implicit", `"Conjunction"`, "1", "2", "", "")+"\n", 40) + ids.String(),
	}
}

// TestPiecesEqualSequential: a file read in pieces on several cores gives
// the documents, warnings and errors of a reading line after line, in
// order, however the pieces fall (size 1 makes every line a piece).
func TestPiecesEqualSequential(t *testing.T) {
	files := map[string][]byte{}
	for name, text := range piecesCases() {
		files[name] = []byte(text)
	}
	c := conll16gen.Generate(conll16gen.Config{Docs: 60, Seed: 3})
	files["gold"], files["pred"] = c.Gold, c.Pred
	files["gold shuffled"], files["pred shuffled"] = shuffled(c.Gold, 1), shuffled(c.Pred, 2)
	for name, data := range files {
		want := readWith(data, 1, 0)
		if strings.HasPrefix(name, "gold") || strings.HasPrefix(name, "pred") {
			require.Empty(t, want.Err, name)
			require.Len(t, want.In.Docs, 60, name)
		}
		if !piecestest.Same(t, name, []int{1, 7, 100, 4096, 64 << 10}, want, func(workers, size int) parsed { return readWith(data, workers, size) }) {
			return
		}
	}
}

// TestPiecesCases: the cases above reach what they are made for (caps on
// warnings and errors, each warning).
func TestPiecesCases(t *testing.T) {
	cases := piecesCases()
	w := readWith([]byte(cases["warnings"]), 3, 50)
	require.Empty(t, w.Err)
	require.Len(t, w.In.Warnings, maxWarnings+1)
	assert.Equal(t, "f.json: 301 more warnings not shown", w.In.Warnings[maxWarnings])
	e := readWith([]byte(cases["errors"]), 3, 50)
	assert.Contains(t, e.Err, "f.json: 78 more errors not shown")
	assert.Contains(t, e.Err, "f.json:4: token lists of token indices, but line 3 has token addresses")
	h := readWith([]byte(cases["heads"]), 3, 50)
	require.Empty(t, h.Err)
	assert.Contains(t, h.In.Warnings, "f.json:2: explicit connective without RawText: its head is unknown, so the whole connective is taken as its head")
	assert.Contains(t, h.In.Warnings, `f.json:1: connective "as soon as" has more words than its TokenList has tokens: the whole connective is taken as its head`)
	ids := readWith([]byte(cases["ids"]), 3, 50)
	require.Empty(t, ids.Err)
	assert.Contains(t, ids.In.Warnings, "f.json:14: relation ID 0 repeats the one at line 1; both are scored (the scorers do not read IDs)")
	ids = readWith([]byte(cases["bom and crlf"]), 3, 50)
	require.Empty(t, ids.Err)
	assert.Contains(t, ids.In.Warnings, "f.json:1: 2 senses; the scorers read a prediction's first sense only, and so does metricc")
	f := readWith([]byte(cases["form changes"]), 3, 50)
	assert.Contains(t, f.Err, "f.json:16: token lists of token addresses, but line 1 has token indices")
}

// FuzzPieces: any file read in pieces reads as it does line after line.
func FuzzPieces(f *testing.F) {
	for _, text := range piecesCases() {
		f.Add([]byte(text), uint16(40))
	}
	f.Add([]byte(goldExplicit+"\n"+predExplicit+"\n"), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		want := readWith(data, 1, 0)
		got := readWith(data, 3, int(size)+1)
		if !assert.Equal(t, want, got) {
			t.FailNow()
		}
	})
}

// BenchmarkPieces reads the gold file of the generated 1,000 documents
// (26,911 relations, 28 MB) on one core and in pieces on every core
// (GOMAXPROCS): go test -bench Pieces ./internal/adapter/conll16.
func BenchmarkPieces(b *testing.B) {
	data := conll16gen.Generate(conll16gen.Config{Docs: 1000, Seed: 1}).Gold
	for _, run := range []struct {
		name    string
		workers int
	}{{"one-core", 1}, {"pieces", pieces.Workers()}} {
		b.Run(run.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := parseIn("gold.json", bytes.NewReader(data), run.workers, pieces.Size); err != nil {
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
	text := strings.Repeat(predExplicit+"\n", 50)
	for _, workers := range []int{1, 2} {
		_, err := parseIn("f.json", io.MultiReader(strings.NewReader(text), iotest.ErrReader(boom)), workers, 100)
		assert.ErrorIs(t, err, boom)
		assert.Equal(t, "f.json: boom", err.Error())
	}
}

// TestFastTokens: the fast path reads the token lists the official files
// write, with space anywhere, into their tokens and the JSON of their
// indices, and leaves everything else to the general reader (ok false,
// nothing kept).
func TestFastTokens(t *testing.T) {
	for _, c := range []struct {
		text string
		toks []int
		json string // the tokens as the documents write them
		ok   bool
		form form
	}{
		{"[]", nil, "", true, formUnknown},
		{"[ ]", nil, "", true, formUnknown},
		{"[0, 1,2 ]", []int{0, 1, 2}, "0,1,2", true, formIndices},
		{"[[0,4,7,0,0], [5, 9, 18 ,0,1]]", []int{7, 18}, "7,18", true, formAddresses},
		{"[[0,4,7]]", []int{7}, "7", true, formAddresses},
		{"[123456789012345]", []int{123456789012345}, "123456789012345", true, formIndices},
		{"[1234567890123456]", nil, "", false, formUnknown},
		{"[[0,4]]", nil, "", false, formUnknown},
		{"[01]", nil, "", false, formUnknown},
		{"[1.0]", nil, "", false, formUnknown},
		{"[1e0]", nil, "", false, formUnknown},
		{"[-1]", nil, "", false, formUnknown},
		{"[1, [0,4,7,0,0]]", nil, "", false, formUnknown},
		{"[[0,4,7,0,0], 1]", nil, "", false, formUnknown},
		{"[1", nil, "", false, formUnknown},
		{"[1 2]", nil, "", false, formUnknown},
		{"[0,1,2]", []int{0, 1, 2}, "0,1,2", true, formIndices},
		{"[[0,4,7,0,0],[5,9,18,0,1]]", []int{7, 18}, "7,18", true, formAddresses},
		{"[[0,4,7],[1,2,3,4,5,6]]", []int{7, 3}, "7,3", true, formAddresses},
		{"[[0,4,7,0,0],1]", nil, "", false, formUnknown},
		{"[1,[0,4,7,0,0]]", nil, "", false, formUnknown},
		{"[[0,04,7]]", nil, "", false, formUnknown},
		{"[[0,4,7,0,0]", nil, "", false, formUnknown},
		{"[[0,4,7,0,0],", nil, "", false, formUnknown},
		{"[7,]", nil, "", false, formUnknown},
		{"[[0,4,7,]]", nil, "", false, formUnknown},
		{"[[0,4,7,0.5]]", nil, "", false, formUnknown},
		{"[[0,4,7,0,-1]]", nil, "", false, formUnknown},
	} {
		sc := scanner{b: []byte(c.text)}
		var sp spanFields
		ok := sc.fastTokens(&sp)
		assert.Equal(t, c.ok, ok, c.text)
		assert.Equal(t, len(c.toks), len(sp.toks), c.text)
		if len(c.toks) > 0 {
			assert.Equal(t, c.toks, sp.toks, c.text)
		}
		assert.Equal(t, c.form, sp.firstForm, c.text)
		assert.Equal(t, c.json, string(sp.text), c.text)
		if ok {
			assert.Equal(t, len(c.text), sc.i, c.text)
		} else {
			assert.Equal(t, 0, sc.i, c.text)
		}
		// The tight loop for lists without space takes all of those the
		// fast path takes, and leaves everything else as it was.
		sc, sp = scanner{b: []byte(c.text)}, spanFields{}
		compact := c.ok && !strings.Contains(c.text, " ")
		if assert.Equal(t, compact, sc.compactTokens(&sp), c.text) && compact {
			assert.Equal(t, c.toks, sp.toks, c.text)
			assert.Equal(t, c.json, string(sp.text), c.text)
			assert.Equal(t, len(c.text), sc.i, c.text)
		} else {
			assert.Empty(t, sp.toks, c.text)
			assert.Empty(t, sp.text, c.text)
			assert.Equal(t, 0, sc.i, c.text)
		}
	}
}

// FuzzCompactTokens: what the tight loop for lists without space reads, the
// loop for lists with space reads the same.
func FuzzCompactTokens(f *testing.F) {
	for _, s := range []string{"[0,1,2]", "[[0,4,7,0,0],[5,9,18,0,1]]", "[[0,4,7]]", "[]", "[[0,4,7,0,0],1]", "[01]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		compact, spaced := scanner{b: []byte(text)}, scanner{b: []byte(text)}
		var c, sp spanFields
		if !compact.compactTokens(&c) {
			if compact.i != 0 || len(c.toks) > 0 || len(c.text) > 0 {
				t.Fatalf("%q: not read, but the cursor or the tokens moved", text)
			}
			return
		}
		if !spaced.spacedTokens(&sp) {
			t.Fatalf("%q: read by the tight loop only", text)
		}
		assert.Equal(t, sp, c, text)
		assert.Equal(t, spaced.i, compact.i, text)
	})
}

// FuzzCompactInts: an array the tight loop skips, the general reader
// skips as valid JSON, to the same place.
func FuzzCompactInts(f *testing.F) {
	for _, s := range []string{"[[0,74]]", "[]", "[[],[1,2],3]", "[[0,74],[80,90]],", "[01]", "[1.5]", "[[[[[[1]]]]]]", "[1,]", "[1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		end, ok := compactInts([]byte(text), 0, 0)
		if !ok {
			return
		}
		sc := scanner{b: []byte(text)}
		sc.array(func(int) { sc.skip() })
		if sc.bad || sc.i != end {
			t.Fatalf("%q: skipped to %d by the tight loop, to %d (bad %v) by the general reader", text, end, sc.i, sc.bad)
		}
	})
}

// TestCompactInts: what the tight loop skips, and what it leaves to the
// general reader.
func TestCompactInts(t *testing.T) {
	for text, want := range map[string]int{
		"[[0,74]]": 8, "[]": 2, "[[],[1,2],3],": 12, "[[[[[1]]]]]": 11,
		"[[[[[[1]]]]]]": -1, "[01]": -1, "[1.5]": -1, "[1,]": -1, "[1": -1, "[ 1]": -1, `["a"]`: -1,
	} {
		end, ok := compactInts([]byte(text), 0, 0)
		if want < 0 {
			assert.False(t, ok, text)
		} else if assert.True(t, ok, text) {
			assert.Equal(t, want, end, text)
		}
	}
}
