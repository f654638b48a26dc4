package conll2012_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/conll2012"
	"github.com/metricc/metricc/internal/document"
)

var update = flag.Bool("update", false, "rewrite testdata/warn/*.golden")

// render prints an input for a golden file.
func render(in *document.Input) string {
	var b strings.Builder
	b.WriteString("warnings:\n")
	for _, w := range in.Warnings {
		b.WriteString("  " + w + "\n")
	}
	b.WriteString("documents:\n")
	for _, d := range in.Docs {
		fmt.Fprintf(&b, "  %d line=%d id=%q name=%q\n  %s\n", d.Index, d.Line, d.ID, d.Name, d.JSON)
	}
	return b.String()
}

// TestWarnings reads malformed files; the goldens hold the warnings and
// the documents. What each case must show:
//   - unclosed: "(1" at w0 and "(3" never close (dropped; Perl dies at
//     "#end document"); the inner "(1" at w2 closes at w3.
//   - unopened: "2)" without an opening is ignored (Perl dies); "1)1)" at
//     w3 closes the "(1" of w2, and the second finds no opening.
//   - repeated: [0,1] in entities 5 and 7 (kept in 5), [2,2] twice in 7,
//     [4,4] in 5, 7 and 9 (kept in 5), [5,5] and [6,6] (entity 4) unique.
//   - noend: document a ends at the next "#begin document" with its "(1"
//     unclosed; document b at the end of the file.
//   - stray: lines outside documents and an "#end document" outside one.
//   - split: "(2+3)" and "(12+3)" discarded, the "(1)" beside one kept.
//   - empty: no documents.
//   - comments: comment lines are not tokens: the mentions are [0,0] and
//     [1,1].
//   - garbage: "((((" and ")|)" are brackets without chain ids, and the
//     ")" of "(2)|)" is one too: each is warned about with its line, and
//     the mentions around them, [1,3], [4,4] and [5,6] (twice: a repeated
//     mention), are read.
func TestWarnings(t *testing.T) {
	files, err := filepath.Glob("testdata/warn/*.conll")
	require.NoError(t, err)
	require.Len(t, files, 11)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := conll2012.Read(f)
			require.NoError(t, err)
			got := render(in)
			golden := strings.TrimSuffix(f, ".conll") + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
		})
	}
}

func TestNotCoNLL(t *testing.T) {
	_, err := conll2012.Parse("pred.jsonl", []byte("\n{\"id\": 1}\n"))
	require.Error(t, err)
	assert.Equal(t, `pred.jsonl:2: no "#begin document" line: not a CoNLL-2012 coreference file`, err.Error())
	_, err = conll2012.Read("testdata/warn/missing.conll")
	require.Error(t, err)
}

func TestWarningCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("#begin document (d);\n")
	for range 150 {
		b.WriteString("w\t1)\n")
	}
	b.WriteString("#end document\n")
	in, err := conll2012.Parse("x.conll", []byte(b.String()))
	require.NoError(t, err)
	require.Len(t, in.Warnings, 101)
	assert.Equal(t, `x.conll:2: document "d": chain 1 closes at token 0 without an opening; ignored (the Perl scorer stops here)`, in.Warnings[0])
	assert.Equal(t, "x.conll: 50 more warnings not shown", in.Warnings[100])
	require.Len(t, in.Docs, 1)
	assert.Equal(t, `{"id":"d","entities":[]}`, in.Docs[0].JSON)
}

func TestDocIDs(t *testing.T) {
	for _, tc := range []struct{ header, id string }{
		{"#begin document (bc/cctv/00/cctv_0000); part 000", "bc/cctv/00/cctv_0000; part 000"},
		{"#begin document (bc/cctv/00/cctv_0000); part 000  \r", "bc/cctv/00/cctv_0000; part 000"},
		{"#begin document (bc/cctv/00/cctv_0000);part 001", "bc/cctv/00/cctv_0000; part 001"},
		{"#begin document (bc/cctv/00/cctv_0000) part 001", "bc/cctv/00/cctv_0000; part 001"},
		{"#begin document (LuoTestCase); ", "LuoTestCase"},
		{"#begin document (LuoTestCase);", "LuoTestCase"},
		{"#begin document (LuoTestCase)", "LuoTestCase"},
		{"# begin document (x)", "x"},
		{"#begin  document\t(x)", "x"},
		{"#begin document doc1", "doc1"},
		{"#begin document doc1; part 2", "doc1; part 2"},
		{"#begin document (a(b)); part 0", "a(b); part 0"},
		{"#begin document (unclosed; part 0", "(unclosed; part 0"},
		{"#begin document", ""},
		{"#begin document (say \"hi\"\\)", "say \"hi\"\\"},
	} {
		in, err := conll2012.Parse("f", []byte(tc.header+"\nw (1)\n#end document\n"))
		require.NoError(t, err, tc.header)
		require.Len(t, in.Docs, 1, tc.header)
		assert.Equal(t, tc.id, in.Docs[0].ID, tc.header)
		var doc struct{ ID string }
		require.NoError(t, json.Unmarshal([]byte(in.Docs[0].JSON), &doc), in.Docs[0].JSON)
		assert.Equal(t, tc.id, doc.ID, tc.header)
	}
}

// TestIDEscaping: the id is written as a JSON string whatever the bytes.
func TestIDEscaping(t *testing.T) {
	in, err := conll2012.Parse("f", []byte("#begin document (a\"b\\c\x01d\xffé)\nw (1)\n#end document\n"))
	require.NoError(t, err)
	assert.Equal(t, "{\"id\":\"a\\\"b\\\\c\\u0001d\uFFFDé\",\"entities\":[{\"mentions\":[{\"left\":0,\"right\":0}]}]}", in.Docs[0].JSON)
	var doc struct{ ID string }
	require.NoError(t, json.Unmarshal([]byte(in.Docs[0].JSON), &doc))
	assert.Equal(t, "a\"b\\c\x01d\uFFFDé", doc.ID)
	assert.Equal(t, doc.ID, in.Docs[0].ID)
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		data string
		want bool
	}{
		{"#begin document (x); part 000\n", true},
		{"\n\n  \r\n#begin document (x)\n", true},
		{"\xef\xbb\xbf#begin document (x)\n", true},
		{"# begin document (x)", true},
		{"  #begin document (x)", true},
		{"#begin document", true},
		{"#begin documents", false},
		{"#end document\n#begin document (x)\n", true},
		{"# newdoc\n#begin document (x)\n", true},
		{"junk first line\n#begin document (x)\n", true},
		{"w (1)\r#begin document (x)\r", true},
		{"w (1)\n", false},
		{`{"id": "x"}`, false},
		{"[]", false},
		{"", false},
		{"\n\n", false},
		{"#", false},
	} {
		assert.Equal(t, tc.want, conll2012.Detect([]byte(tc.data)), "%q", tc.data)
	}
}

// TestFormats reads one document written in the column layouts users have;
// all give the same JSON.
func TestFormats(t *testing.T) {
	const want = `{"id":"nw/x/00/x_0001; part 000","entities":[{"mentions":[{"left":0,"right":1},{"left":3,"right":3}]},{"mentions":[{"left":1,"right":1}]}]}`
	rows := [][]string{
		{"nw/x/00/x_0001", "0", "0", "Taiwan", "NNP", "(TOP(S(NP*", "-", "-", "-", "Speaker#1", "(GPE)", "(12"},
		{"nw/x/00/x_0001", "0", "1", "it", "PRP", "*)", "-", "-", "-", "Speaker#1", "*", "(3)|12)"},
		{"nw/x/00/x_0001", "0", "2", ".", ".", "*))", "-", "-", "-", "Speaker#1", "*", "-"},
		{"nw/x/00/x_0001", "0", "0", "It", "PRP", "(TOP(S*", "-", "-", "-", "Speaker#1", "*", "(12)"},
	}
	build := func(header string, line func(r []string) string, nl string, blank string) string {
		var b strings.Builder
		b.WriteString(header + nl)
		for i, r := range rows {
			if i == 3 {
				b.WriteString(blank + nl)
			}
			b.WriteString(line(r) + nl)
		}
		b.WriteString("#end document" + nl)
		return b.String()
	}
	const header = "#begin document (nw/x/00/x_0001); part 000"
	tabs := func(r []string) string { return strings.Join(r, "\t") }
	spaces := func(r []string) string { return strings.Join(r, "   ") }
	minimal := func(r []string) string { return strings.Join([]string{r[0], r[1], r[2], r[3], r[11]}, "\t") }
	for name, text := range map[string]string{
		"12 columns, tabs":      build(header, tabs, "\n", ""),
		"12 columns, spaces":    build(header, spaces, "\n", ""),
		"5 columns":             build(header, minimal, "\n", ""),
		"2 columns":             build(header, func(r []string) string { return r[3] + " " + r[11] }, "\n", ""),
		"CRLF":                  build(header, tabs, "\r\n", ""),
		"trailing whitespace":   build(header+" ", func(r []string) string { return tabs(r) + " \t" }, "\n", " \t"),
		"byte-order mark":       "\ufeff" + build(header, tabs, "\n", ""),
		"no final newline":      strings.TrimSuffix(build(header, tabs, "\n", ""), "\n"),
		"leading blank lines":   "\n\n" + build(header, spaces, "\n", ""),
		"mixed tabs and spaces": build(header, func(r []string) string { return strings.Join(r[:6], " ") + "\t" + strings.Join(r[6:], " \t ") }, "\n", ""),
	} {
		in, err := conll2012.Parse(name, []byte(text))
		require.NoError(t, err, name)
		assert.Empty(t, in.Warnings, name)
		require.Len(t, in.Docs, 1, name)
		assert.Equal(t, want, in.Docs[0].JSON, name)
		if name == "leading blank lines" {
			assert.Equal(t, 3, in.Docs[0].Line, name)
		} else {
			assert.Equal(t, 1, in.Docs[0].Line, name)
		}
	}
}

// TestDocuments checks the Doc fields over several documents: index,
// line of "#begin document", id, name, and offsets counted per document.
func TestDocuments(t *testing.T) {
	text := "junk before\n#begin document (a); part 000\nw (1)\n\nw (1)\n#end document\n\n" +
		"#begin document (a); part 001\nw -\nw (2\nw 2)\n#end document\n#begin document (b)\n#end document\n"
	in, err := conll2012.Parse("k.conll", []byte(text))
	require.NoError(t, err)
	assert.Equal(t, "k.conll", in.Path)
	assert.Equal(t, []string{`k.conll:1: 1 non-blank line(s) outside "#begin document" … "#end document" blocks, the first here; ignored`}, in.Warnings)
	require.Len(t, in.Docs, 3)
	want := []document.Doc{
		{Index: 0, Line: 2, ID: "a; part 000", Name: `document "a; part 000" (line 2)`,
			JSON: `{"id":"a; part 000","entities":[{"mentions":[{"left":0,"right":0},{"left":1,"right":1}]}]}`},
		{Index: 1, Line: 8, ID: "a; part 001", Name: `document "a; part 001" (line 8)`,
			JSON: `{"id":"a; part 001","entities":[{"mentions":[{"left":1,"right":2}]}]}`},
		{Index: 2, Line: 13, ID: "b", Name: `document "b" (line 13)`, JSON: `{"id":"b","entities":[]}`},
	}
	assert.Equal(t, want, in.Docs)
}

// TestReadLongLines reads, through Read's own buffer, lines longer than
// it: a 200 KB token line, a 100 KB comment and a 100 KB last line
// without newline, in CRLF after a byte-order mark.
func TestReadLongLines(t *testing.T) {
	big := strings.Repeat("w", 200<<10)
	text := "\ufeff#begin document (d)\r\n" + big + "\t(1\r\n#" + big[:100<<10] + "\r\nw 1)\r\n\r\nw (2)\r\n" + big[:100<<10] + " (3)"
	path := filepath.Join(t.TempDir(), "long.conll")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	in, err := conll2012.Read(path)
	require.NoError(t, err)
	assert.Equal(t, []string{path + `:7: document "d": no "#end document" at the end of the file; the document ends there`}, in.Warnings)
	require.Len(t, in.Docs, 1)
	assert.Equal(t, `{"id":"d","entities":[{"mentions":[{"left":0,"right":1}]},{"mentions":[{"left":2,"right":2}]},{"mentions":[{"left":3,"right":3}]}]}`, in.Docs[0].JSON)
	parsed, err := conll2012.Parse(path, []byte(text))
	require.NoError(t, err)
	assert.Equal(t, parsed, in)
}

// TestDetectThenStream is the way a caller that detects the format
// streams the file: Detect on what Peek returns, then ParseReader on the
// same reader, which still holds the peeked text.
func TestDetectThenStream(t *testing.T) {
	text := "\n#begin document (a)\nw (1\nw 1)\n#end document\n#begin document (b)\nw (2)\n#end document\n"
	br := bufio.NewReaderSize(strings.NewReader(text), 64<<10)
	head, err := br.Peek(br.Size())
	require.ErrorIs(t, err, io.EOF)
	require.True(t, conll2012.Detect(head))
	in, err := conll2012.ParseReader("s.conll", br)
	require.NoError(t, err)
	want, err := conll2012.Parse("s.conll", []byte(text))
	require.NoError(t, err)
	assert.Equal(t, want, in)
	require.Len(t, in.Docs, 2)
	assert.Equal(t, `{"id":"b","entities":[{"mentions":[{"left":0,"right":0}]}]}`, in.Docs[1].JSON)
}
