package bio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
)

// parseText reads a text and returns its documents' JSON.
func parseText(t *testing.T, text string) ([]string, *document.Input) {
	t.Helper()
	in, err := Parse("t.txt", []byte(text))
	require.NoError(t, err)
	var out []string
	for _, d := range in.Docs {
		out = append(out, d.PlainJSON())
	}
	return out, in
}

func TestParse(t *testing.T) {
	cases := []struct {
		name, text string
		json       []string
		warnings   []string
	}{
		{
			name: "CoNLL-2003 columns",
			text: "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\nGerman JJ B-NP B-MISC\ncall NN I-NP O\n\nPeter NNP B-NP B-PER\nBlackburn NNP I-NP I-PER\n\n" +
				"-DOCSTART- -X- -X- O\n\nBRUSSELS NNP B-NP B-LOC\n",
			json: []string{
				`{"id":"1","tags":"O B-ORG O B-MISC O B-PER I-PER","entities":[{"start":1,"end":1,"label":"ORG"},{"start":3,"end":3,"label":"MISC"},{"start":5,"end":6,"label":"PER"}],"loose":[]}`,
				`{"id":"2","tags":"O B-LOC","entities":[{"start":1,"end":1,"label":"LOC"}],"loose":[]}`,
			},
		},
		{
			name: "IOB1 without -DOCSTART-: one document; I- after O starts a chunk, B- splits two",
			text: "a I-PER\nb I-PER\nc B-PER\nd O\ne I-LOC\n",
			json: []string{`{"id":"1","tags":"I-PER I-PER B-PER O I-LOC","entities":[{"start":0,"end":1,"label":"PER"},{"start":2,"end":2,"label":"PER"},{"start":4,"end":4,"label":"LOC"}],` +
				`"loose":[{"start":0,"end":1,"label":"PER"},{"start":4,"end":4,"label":"LOC"}]}`},
			warnings: []string{"t.txt:1: 2 of 3 entities do not start with B- (as in IOB1), the first here: ner counts them, as conlleval does; ner_strict (seqeval's strict mode, IOB2) does not"},
		},
		{
			name: "a sentence boundary ends a chunk; -X- is one",
			text: "a B-PER\n\nb I-PER\n-X- -X- O\nc I-PER\n",
			json: []string{`{"id":"1","tags":"B-PER I-PER I-PER","entities":[{"start":0,"end":0,"label":"PER"},{"start":1,"end":1,"label":"PER"},{"start":2,"end":2,"label":"PER"}],` +
				`"loose":[{"start":1,"end":1,"label":"PER"},{"start":2,"end":2,"label":"PER"}]}`},
			warnings: []string{"t.txt:3: 2 of 3 entities do not start with B- (as in IOB1), the first here: ner counts them, as conlleval does; ner_strict (seqeval's strict mode, IOB2) does not"},
		},
		{
			name: "IOBES; BILOU's L- and U- read as E- and S-",
			text: "a S-PER\nb S-PER\nc B-LOC\nd I-LOC\ne E-LOC\nf U-ORG\ng B-ORG\nh L-ORG\ni B-PER\n",
			json: []string{`{"id":"1","tags":"S-PER S-PER B-LOC I-LOC E-LOC U-ORG B-ORG L-ORG B-PER","entities":[{"start":0,"end":0,"label":"PER"},{"start":1,"end":1,"label":"PER"},` +
				`{"start":2,"end":4,"label":"LOC"},{"start":5,"end":5,"label":"ORG"},{"start":6,"end":7,"label":"ORG"},{"start":8,"end":8,"label":"PER"}],"loose":[{"start":8,"end":8,"label":"PER"}]}`},
			warnings: []string{"t.txt:9: 1 of 6 entities are not S- or B- I-* E- of one type, the first here: ner counts them, as conlleval does; ner_strict (seqeval's strict mode, IOBES) does not"},
		},
		{
			name: "IOE2",
			text: "a I-PER\nb E-PER\nc E-PER\nd I-LOC\ne O\n",
			json: []string{`{"id":"1","tags":"I-PER E-PER E-PER I-LOC O","entities":[{"start":0,"end":1,"label":"PER"},{"start":2,"end":2,"label":"PER"},{"start":3,"end":3,"label":"LOC"}],` +
				`"loose":[{"start":3,"end":3,"label":"LOC"}]}`},
			warnings: []string{"t.txt:4: 1 of 3 entities do not end with E- (as in IOE1), the first here: ner counts them, as conlleval does; ner_strict (seqeval's strict mode, IOE2) does not"},
		},
		{
			name: "tabs, CRLF, a byte-order mark, trailing space, no final newline; types with hyphens and quotes",
			text: "\ufeffa\tB-DATE-TIME \r\nb\tI-DATE-TIME\r\n\r\nc\tB-\"Q\"",
			json: []string{`{"id":"1","tags":"B-DATE-TIME I-DATE-TIME B-\"Q\"","entities":[{"start":0,"end":1,"label":"DATE-TIME"},{"start":2,"end":2,"label":"\"Q\""}],"loose":[]}`},
		},
		{
			name: "the tag alone; -DOCSTART- as the last line is a document of one token",
			text: "B-PER\nO\n-DOCSTART-\n",
			json: []string{
				`{"id":"1","tags":"B-PER O","entities":[{"start":0,"end":0,"label":"PER"}],"loose":[]}`,
				`{"id":"2","tags":"O","entities":[],"loose":[]}`,
			},
		},
		{
			name:     "a -DOCSTART- line tagged other than O is read as O",
			text:     "-DOCSTART- B-PER\nJohn B-PER\n",
			json:     []string{`{"id":"1","tags":"O B-PER","entities":[{"start":1,"end":1,"label":"PER"}],"loose":[]}`},
			warnings: []string{"t.txt:1: 1 -DOCSTART- line(s) tagged other than O, the first here; read as O"},
		},
		{
			name:     "empty",
			text:     "\n\n",
			warnings: []string{"t.txt: no tokens"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, in := parseText(t, c.text)
			assert.Equal(t, c.json, got)
			assert.Equal(t, c.warnings, in.Warnings)
			assert.True(t, in.Positional)
			for _, j := range got {
				assert.True(t, json.Valid([]byte(j)), j)
			}
		})
	}
}

// TestDocuments checks the documents' places, names and shapes.
func TestDocuments(t *testing.T) {
	_, in := parseText(t, "x O\n-DOCSTART- -X- -X- O\n\na B-PER\nb O\n\n-DOCSTART- -X- -X- O\n")
	require.Len(t, in.Docs, 3)
	for i, want := range []struct {
		line, tokens int
	}{{1, 1}, {2, 3}, {7, 1}} {
		d := in.Docs[i]
		assert.Equal(t, i, d.Index)
		assert.Equal(t, fmt.Sprint(i+1), d.ID)
		assert.Equal(t, want.line, d.Line)
		assert.Equal(t, want.tokens, d.Partner.(*Shape).Tokens)
		assert.Equal(t, fmt.Sprintf("document %s (line %d)", d.ID, d.Line), d.Describe())
	}
}

func TestMalformedTags(t *testing.T) {
	cases := []struct{ tag, msg string }{
		{"b-PER", `t.txt:2: malformed tag "b-PER": prefixes are upper case (B-, I-, E-, S-, L-, U-) and the outside tag is O`},
		{"o", `t.txt:2: malformed tag "o": a tag is O, or B-, I-, E-, S- (or L-, U-) and a type, as in B-PER`},
		{"B", `t.txt:2: malformed tag "B": no type (a tag is O or, as in B-PER, a prefix and a type)`},
		{"B-", `t.txt:2: malformed tag "B-": no type after "B-"`},
		{"I--X", `t.txt:2: malformed tag "I--X": a type does not start or end with "-"`},
		{"X-PER", `t.txt:2: malformed tag "X-PER": a tag is O, or B-, I-, E-, S- (or L-, U-) and a type, as in B-PER`},
		{"B_PER", `t.txt:2: malformed tag "B_PER": a prefix is joined to its type by "-", as in B-PER`},
	}
	for _, c := range cases {
		_, err := Parse("t.txt", []byte("a O\nb "+c.tag+"\n"))
		var errs document.DataErrors
		require.ErrorAs(t, err, &errs, c.tag)
		require.Len(t, errs, 1)
		assert.Equal(t, c.msg, errs[0].Error())
	}
	// Every malformed tag is an error; the first ten are shown.
	text := strings.Repeat("a b-PER\n", 25)
	in, err := Parse("t.txt", []byte(text))
	assert.Nil(t, in)
	var errs document.DataErrors
	require.ErrorAs(t, err, &errs)
	require.Len(t, errs, 11)
	assert.Equal(t, "t.txt:10", errs[9].File)
	assert.Equal(t, "t.txt: 15 more malformed tags", errs[10].Error())
}

// TestRawTags: tags without prefixes are read as conlleval -r reads them,
// each tagged token an entity of its own (whose type is the whole tag),
// with a warning that says so; a file that mixes raw and prefixed tags is
// refused.
func TestRawTags(t *testing.T) {
	in, err := Parse("r.txt", []byte("-DOCSTART- O\n\nJoão PESSOA\nSilva PESSOA\nem O\nLisboa LOCAL\n\nem O\nDATE-TIME DATE-TIME\n"))
	require.NoError(t, err)
	require.Len(t, in.Docs, 1)
	assert.JSONEq(t, `{"id": "1", "tags": "O PESSOA PESSOA O LOCAL O DATE-TIME",
		"entities": [{"start": 1, "end": 1, "label": "PESSOA"}, {"start": 2, "end": 2, "label": "PESSOA"},
		             {"start": 4, "end": 4, "label": "LOCAL"}, {"start": 6, "end": 6, "label": "DATE-TIME"}],
		"loose": []}`, in.Docs[0].PlainJSON())
	assert.Equal(t, []string{"r.txt:3: raw tags (no B-, I-, E- or S- prefix), the first here: each tagged token is an entity of its own, as conlleval -r reads them (to join the neighbouring tokens of one type into one entity, prefix every tag but O with I-)"}, in.Warnings)

	_, err = Parse("m.txt", []byte("a B-ORG\nb I-ORG\n\nc PER\n"))
	assert.EqualError(t, err, `m.txt:4: tag "PER" has no prefix, but the file's other tags do (as "B-ORG" at line 1): a file's tags are all prefixed (B-PER) or all raw (PER, as conlleval -r reads them)`)
}

// streamTexts are texts whose line splitting is easy to get wrong across
// buffer boundaries.
func streamTexts() map[string]string {
	long := strings.Repeat("x", 300)
	doc := "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\n\nPeter NNP B-NP I-PER\n"
	return map[string]string{
		"empty":             "",
		"newline":           "\n",
		"blank lines":       "\n \r\n\t\n",
		"mark only":         "\ufeff",
		"mark, no newline":  "\ufeffa B-PER",
		"document":          doc,
		"CRLF":              strings.ReplaceAll(doc, "\n", "\r\n"),
		"no final newline":  strings.TrimSuffix(doc, "\n"),
		"two documents":     doc + doc,
		"long token":        long + " B-PER\nb I-PER\n",
		"long type":         "a B-" + long + "\nb I-" + long + "\n",
		"long blank line":   strings.Repeat(" ", 300) + "\na O\n",
		"malformed":         doc + "x y\n" + doc,
		"line of 16":        strings.Repeat("y", 10) + " B-LOC\n" + strings.Repeat("z", 9) + " I-LOC\n",
		"newline at edge 1": "a" + strings.Repeat(" ", 14) + "O\nb B-PER\n",
	}
}

// TestStreamEqualsWhole reads each text through readers that deliver it
// in pieces, with buffers from 16 bytes up, and requires what one read
// of the whole text gives.
func TestStreamEqualsWhole(t *testing.T) {
	readers := map[string]func(io.Reader) io.Reader{
		"whole": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader,
		"halves": iotest.HalfReader, "data+EOF": iotest.DataErrReader,
	}
	n := 0
	for name, text := range streamTexts() {
		want, wantErr := Parse(name, []byte(text))
		for rname, wrap := range readers {
			for _, size := range []int{16, 17, 64, bufSize} {
				in, err := document.Collect(&stream{p: newParser(name), r: wrap(strings.NewReader(text)), size: size})
				if wantErr != nil {
					assert.Equal(t, wantErr, err, "%s, %s, buffer %d", name, rname, size)
					continue
				}
				require.NoError(t, err, "%s, %s, buffer %d", name, rname, size)
				assert.Equal(t, want, in, "%s, %s, buffer %d", name, rname, size)
				n++
			}
		}
	}
	assert.Equal(t, 16*(len(streamTexts())-1), n)
}

// TestStreamEnd: the stream says it is positional, and after its last
// document it stays at the end.
func TestStreamEnd(t *testing.T) {
	s := Stream("t.txt", strings.NewReader("a B-PER\n"))
	assert.True(t, s.Positional())
	_, err := s.Next()
	require.NoError(t, err)
	for range 2 {
		_, err = s.Next()
		assert.Equal(t, io.EOF, err)
	}
}

func TestReadErrors(t *testing.T) {
	boom := errors.New("boom")
	in, err := ParseReader("e.txt", io.MultiReader(strings.NewReader("a B-PER\n"), iotest.ErrReader(boom)))
	assert.Same(t, boom, err)
	assert.Nil(t, in)

	in, err = Read(t.TempDir())
	assert.Nil(t, in)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is a directory")
}

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\n", true},
		{"\ufeffSOCCER NN I-NP O\n- : O O\nJAPAN NNP I-NP I-LOC\n", true},
		{"word O\nword O\n", true},
		{"B-PER\nI-PER\nO", true},
		{"\n\n", false},
		{"", false},
		{"#begin document (d); part 000\nw 0 (1)\n", false},
		{"(w / want-01)\n", false},
		{`{"id": "a", "tags": "O"}` + "\n", false},
		{"[\n{\"id\": 1}\n]\n", false},
		{"1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n", false},
		{"word PER\n", false},
		{"a O\nb O\nc O\nd O\ne PER\n", true},
		{"-DOCSTART- -X- -X- O\n\na PER\nb PER\n", true},
		{"a O\nb O\nc O\nd PER\ne PER\n", false},
	} {
		assert.Equal(t, c.want, Detect([]byte(c.text)), c.text)
	}
	// A line cut by the end of the head is not judged.
	head := []byte(strings.Repeat("word O\n", headSize/7) + "word PE")
	require.GreaterOrEqual(t, len(head), headSize)
	assert.True(t, Detect(head[:headSize]))
}

// reference is testdata/ner/random.json, written by seqeval.
type reference struct {
	Chunks []struct {
		Tags     []string
		Entities [][3]any
	}
	Strict []struct {
		Scheme   string
		Tags     []string
		Entities [][3]any
	}
}

func loadRandom(t *testing.T) reference {
	data, err := os.ReadFile("../../../testdata/ner/random.json")
	require.NoError(t, err)
	var ref reference
	require.NoError(t, json.Unmarshal(data, &ref))
	return ref
}

// toks reads tags as the chunkers see them, naming types by their text.
func toks(tags []string) ([]tok, []string) {
	var out []tok
	names := []string{""}
	index := map[string]int32{}
	for _, tag := range tags {
		l, typ, why := parseTag([]byte(tag))
		if why != "" {
			panic(why)
		}
		if l == 'O' {
			out = append(out, outside)
			continue
		}
		k, ok := index[string(typ)]
		if !ok {
			k = int32(len(names))
			names = append(names, string(typ))
			index[string(typ)] = k
		}
		out = append(out, tok{l, k})
	}
	return out, names
}

func spansOf(spans []span, names []string) [][3]any {
	out := [][3]any{}
	for _, s := range spans {
		out = append(out, [3]any{names[s.t], float64(s.start), float64(s.end)})
	}
	return out
}

// TestChunksAgainstSeqeval: the chunks of 400 random sentences, well formed
// or not, are those of seqeval's default mode (get_entities).
func TestChunksAgainstSeqeval(t *testing.T) {
	ref := loadRandom(t)
	require.Len(t, ref.Chunks, 400)
	n := 0
	for _, c := range ref.Chunks {
		sent, names := toks(c.Tags)
		want := c.Entities
		if want == nil {
			want = [][3]any{}
		}
		assert.Equal(t, want, spansOf(chunks(sent, 0, nil), names), "%v", c.Tags)
		n += len(want)
	}
	assert.Greater(t, n, 800)
}

// TestStrictAgainstSeqeval: the entities of 300 random sentences per
// scheme are those of seqeval's strict mode (seqeval.scheme.Tokens).
func TestStrictAgainstSeqeval(t *testing.T) {
	ref := loadRandom(t)
	require.Len(t, ref.Strict, 900)
	schemes := map[string]Scheme{"IOB2": IOB2, "IOE2": IOE2, "IOBES": IOBES}
	count := map[string]int{}
	for _, c := range ref.Strict {
		s, ok := schemes[c.Scheme]
		require.True(t, ok)
		sent, names := toks(c.Tags)
		want := c.Entities
		if want == nil {
			want = [][3]any{}
		}
		assert.Equal(t, want, spansOf(s.strict(sent, 0, nil), names), "%s %v", c.Scheme, c.Tags)
		count[c.Scheme] += len(want)
	}
	for name := range schemes {
		assert.Greater(t, count[name], 200, name)
	}
}

// TestStrictAreChunks: on any sentence and under every scheme, the strict
// entities are chunks, in order (the adapter writes the others as loose
// by walking both lists together).
func TestStrictAreChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := rng.IntN(10)
		sent := make([]tok, n)
		for i := range sent {
			if rng.IntN(3) == 0 {
				sent[i] = outside
			} else {
				sent[i] = tok{"BIES"[rng.IntN(4)], 1 + rng.Int32N(2)}
			}
		}
		all := chunks(sent, 0, nil)
		for _, s := range []Scheme{IOB2, IOE2, IOBES} {
			strict := s.strict(sent, 0, nil)
			j := 0
			for _, c := range all {
				if j < len(strict) && strict[j] == c {
					j++
				}
			}
			require.Equal(t, len(strict), j, "%s %v: %v not in %v", s, sent, strict, all)
		}
	}
}

func TestSchemeDetection(t *testing.T) {
	for _, c := range []struct {
		letters string
		want    Scheme
	}{
		{"BIO", IOB2}, {"IO", IOB2}, {"O", IOB2}, {"B", IOB2}, {"", IOB2},
		{"IEO", IOE2}, {"E", IOE2},
		{"BIEOS", IOBES}, {"S", IOBES}, {"BE", IOBES}, {"OS", IOBES}, {"BOS", IOBES},
	} {
		var seen prefixSet
		for _, l := range []byte(c.letters) {
			seen |= bit(l)
		}
		assert.Equal(t, c.want, detect(seen), c.letters)
	}
}

// FuzzParse: any text reads without panicking, through the smallest
// buffer one byte at a time as from whole, and every document it gives is
// valid JSON whose offsets lie inside it.
func FuzzParse(f *testing.F) {
	for _, text := range streamTexts() {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := Parse("f", data)
		got, err := document.Collect(&stream{p: newParser("f"), r: iotest.OneByteReader(bytes.NewReader(data)), size: 16})
		if wantErr != nil {
			assert.Equal(t, wantErr, err)
			return
		}
		require.NoError(t, err)
		assert.Equal(t, want, got)
		for _, d := range got.Docs {
			var doc struct {
				Tags            string
				Entities, Loose []struct{ Start, End int }
			}
			require.NoError(t, json.Unmarshal([]byte(d.PlainJSON()), &doc), d.PlainJSON())
			// Tags are separated by ASCII white space, as the adapter
			// splits columns (conlleval's \s); a tag may hold U+00A0.
			n := len(strings.FieldsFunc(doc.Tags, func(r rune) bool { return r == ' ' || r == '\t' }))
			assert.Equal(t, n, d.Partner.(*Shape).Tokens)
			for _, e := range append(doc.Entities, doc.Loose...) {
				assert.True(t, 0 <= e.Start && e.Start <= e.End && e.End < n, d.PlainJSON())
			}
		}
	})
}

// TestDivisionsAndJoin: a file's documents start at its "-DOCSTART-"
// tokens (conlleval's tokens, counted from 0); joined, the file is one
// document of all its tokens and tags, and has no divisions.
func TestDivisionsAndJoin(t *testing.T) {
	text := "-DOCSTART- O\n\nA B-PER\nb I-PER\n\n-DOCSTART- O\n\nC O\n\n-DOCSTART- O\n\nD B-LOC\n"
	s := Stream("f", strings.NewReader(text))
	j := s.(document.Joinable)
	d, ok, err := j.Divisions()
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, document.Divisions{Offsets: []int64{3, 5}, Lines: []int{6, 10}, Total: 7, Marker: `a "-DOCSTART-" line starts one`, Scorer: "conlleval"}, d)
	j.Join()
	d, _, _ = j.Divisions()
	assert.Empty(t, d.Offsets)
	doc, err := s.Next()
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":"1","tags":"O B-PER I-PER O O O B-LOC",
		"entities":[{"start":1,"end":2,"label":"PER"},{"start":6,"end":6,"label":"LOC"}],
		"loose":[]}`, doc.PlainJSON())
	_, err = s.Next()
	assert.Equal(t, io.EOF, err)

	// A file that cannot be read has no divisions to compare: Next says why.
	s = Stream("f", strings.NewReader("A X-PER\n"))
	_, ok, err = s.(document.Joinable).Divisions()
	require.NoError(t, err)
	assert.False(t, ok)
	_, err = s.Next()
	assert.Error(t, err)
}

// TestSentences: each document lists its sentences (the -DOCSTART- line is
// one of a token), with their token counts and first lines, for the
// message that says where a prediction parts from its gold.
func TestSentences(t *testing.T) {
	text := "-DOCSTART- O\n\nEU B-ORG\nrejects O\n\nPeter B-PER\n-X- O\nBlackburn I-PER\n\n-DOCSTART- O\n\nBRUSSELS B-LOC\n"
	in, err := ParseReader("g.txt", strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, in.Docs, 2)
	assert.Equal(t, []Sentence{{Tokens: 1, Line: 1}, {Tokens: 2, Line: 3}, {Tokens: 1, Line: 6}, {Tokens: 1, Line: 8}}, in.Docs[0].Partner.(*Shape).Sentences())
	assert.Equal(t, []Sentence{{Tokens: 1, Line: 10}, {Tokens: 1, Line: 12}}, in.Docs[1].Partner.(*Shape).Sentences())
}

// TestPartAt names the first sentence where a prediction parts from its
// gold: one of another length, or one that the other side lacks.
func TestPartAt(t *testing.T) {
	g := []Sentence{{Tokens: 1, Line: 1}, {Tokens: 9, Line: 3}, {Tokens: 2, Line: 13}}
	assert.Equal(t, "; the files part at its sentence 2: 9 tokens from g.txt:3, 8 from p.txt:3",
		partAt(g, []Sentence{{Tokens: 1, Line: 1}, {Tokens: 8, Line: 3}, {Tokens: 2, Line: 12}}, "g.txt", "p.txt"))
	assert.Equal(t, "; the files part at its sentence 3: g.txt:13 starts one of 2 tokens, the prediction has no more sentences",
		partAt(g, g[:2], "g.txt", "p.txt"))
	assert.Equal(t, "; the files part at its sentence 3: p.txt:13 starts one of 2 tokens, the gold has no more sentences",
		partAt(g[:2], g, "g.txt", "p.txt"))
	assert.Equal(t, "", partAt(g, g, "g.txt", "p.txt"))
}

// TestLooseShared: a loose entity is written once, named among the
// entities and referred to in "loose", so that it is decoded once; the
// plain JSON spells it out.
func TestLooseShared(t *testing.T) {
	in, err := Parse("s.txt", []byte("a I-PER\nb I-PER\nc B-PER\nd O\ne I-LOC\n"))
	require.NoError(t, err)
	require.Len(t, in.Docs, 1)
	d := in.Docs[0]
	assert.True(t, d.Shared)
	assert.Equal(t, `{"id":"1","tags":"I-PER I-PER B-PER O I-LOC","entities":[@0{"start":0,"end":1,"label":"PER"},{"start":2,"end":2,"label":"PER"},@1{"start":4,"end":4,"label":"LOC"}],"loose":[&0,&1]}`, d.JSON)
	assert.Equal(t, `{"id":"1","tags":"I-PER I-PER B-PER O I-LOC","entities":[{"start":0,"end":1,"label":"PER"},{"start":2,"end":2,"label":"PER"},{"start":4,"end":4,"label":"LOC"}],"loose":[{"start":0,"end":1,"label":"PER"},{"start":4,"end":4,"label":"LOC"}]}`, d.PlainJSON())
}
