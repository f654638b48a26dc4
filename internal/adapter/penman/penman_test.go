package penman

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/document"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.golden")

// dump renders an input for golden files.
func dump(in *document.Input) string {
	var b strings.Builder
	for _, d := range in.Docs {
		fmt.Fprintf(&b, "doc %d line=%d id=%q name=%s\n%s\n", d.Index, d.Line, d.ID, d.Name, d.JSON)
	}
	for _, w := range in.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	for _, name := range []string{"quirks.amr", "bad.amr", "cases/smatch-test_input1.txt", "cases/metric-suite-a.txt"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			in, err := Read("testdata/" + name)
			require.NoError(t, err)
			got := dump(in)
			golden := filepath.Join("testdata/golden", filepath.Base(name)+".golden")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
			for _, d := range in.Docs {
				assert.True(t, gjson.Valid(d.JSON), d.Name)
			}
		})
	}
}

// prop is a decoded Prop of the smatch spec.
type prop struct {
	Rel    string
	Subj   string
	Obj    string
	ObjVar bool
}

func decodeDoc(t testing.TB, js string) (string, []prop) {
	t.Helper()
	var d struct {
		ID    string `json:"id"`
		Props []struct {
			Rel  string          `json:"rel"`
			Subj string          `json:"subj"`
			Obj  json.RawMessage `json:"obj"`
		} `json:"props"`
	}
	require.NoError(t, json.Unmarshal([]byte(js), &d), js)
	var out []prop
	for _, p := range d.Props {
		q := prop{Rel: p.Rel, Subj: p.Subj}
		var v struct {
			Var *string `json:"var"`
		}
		if err := json.Unmarshal(p.Obj, &q.Obj); err != nil {
			require.NoError(t, json.Unmarshal(p.Obj, &v), string(p.Obj))
			require.NotNil(t, v.Var, string(p.Obj))
			q.Obj, q.ObjVar = *v.Var, true
		}
		out = append(out, q)
	}
	return d.ID, out
}

// bestMatch is the Smatch optimum on props, by exhaustive search over the
// partial one-to-one maps from the variables of a to those of b: the most
// props of a whose image under the map is a prop of b.
func bestMatch(a, b []prop) int {
	varsOf := func(ps []prop) []string {
		seen := map[string]bool{}
		var vs []string
		for _, p := range ps {
			for _, v := range []string{p.Subj, map[bool]string{true: p.Obj}[p.ObjVar]} {
				if v != "" && !seen[v] {
					seen[v] = true
					vs = append(vs, v)
				}
			}
		}
		return vs
	}
	va, vb := varsOf(a), varsOf(b)
	inB := map[prop]bool{}
	for _, p := range b {
		inB[p] = true
	}
	m := map[string]string{}
	used := map[string]bool{}
	best := 0
	var walk func(i int)
	walk = func(i int) {
		if i == len(va) {
			n := 0
			for _, p := range a {
				q := p
				q.Subj = m[p.Subj]
				if p.ObjVar {
					q.Obj = m[p.Obj]
				}
				if q.Subj != "" && (!q.ObjVar || q.Obj != "") && inB[q] {
					n++
				}
			}
			best = max(best, n)
			return
		}
		walk(i + 1) // unmapped
		for _, v := range vb {
			if !used[v] {
				used[v], m[va[i]] = true, v
				walk(i + 1)
				used[v] = false
				delete(m, va[i])
			}
		}
	}
	walk(0)
	return best
}

// TestMatchCounts scores small pairs by brute force on the props and
// compares with the match counts and totals smatch prints for them
// (testdata/smatch_pairs.py; none of these AMRs repeats a triple).
func TestMatchCounts(t *testing.T) {
	cases := []struct {
		test, gold string
		pair       int
		match      int
		testTotal  int
		goldTotal  int
	}{
		{"smatch-test_input1.txt", "smatch-test_input2.txt", 1, 8, 9, 10},
		{"smatch-test_input1.txt", "smatch-test_input2.txt", 2, 4, 8, 6},
		{"smatch-test_input1.txt", "smatch-test_input2.txt", 3, 13, 13, 13},
		{"mtool-233.system.amr", "mtool-233.gold.amr", 1, 10, 12, 13},
		// mtool-first (13 x 11 variables) is too big for the brute force
		{"metric-suite-a.txt", "metric-suite-b.txt", 1, 2, 4, 4},
		{"metric-suite-a.txt", "metric-suite-b.txt", 2, 2, 4, 4},
		{"metric-suite-a.txt", "metric-suite-b.txt", 3, 14, 15, 15},
		{"metric-suite-a.txt", "metric-suite-b.txt", 4, 7, 18, 13},
		{"metric-suite-a.txt", "metric-suite-b.txt", 5, 6, 15, 13},
		{"metric-suite-a.txt", "metric-suite-b.txt", 6, 6, 7, 7},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s#%d", c.test, c.pair), func(t *testing.T) {
			ta, err := Read("testdata/cases/" + c.test)
			require.NoError(t, err)
			tb, err := Read("testdata/cases/" + c.gold)
			require.NoError(t, err)
			_, a := decodeDoc(t, ta.Docs[c.pair-1].JSON)
			_, b := decodeDoc(t, tb.Docs[c.pair-1].JSON)
			assert.Equal(t, c.testTotal, len(a))
			assert.Equal(t, c.goldTotal, len(b))
			assert.Equal(t, c.match, bestMatch(a, b))
			assert.Equal(t, c.match, bestMatch(b, a))
		})
	}
}

// TestTripleClasses checks that two props are equal exactly when smatch
// would count the two triples as a match (same type, same normalized name,
// same normalized value for instances and attributes), over every pair of
// triples in the fixture files: relations never meet attributes, and the
// renamed attribute names (TOP, instance) meet what smatch lets them meet.
func TestTripleClasses(t *testing.T) {
	type entry struct {
		line string // smatch's triple, kind<TAB>name<TAB>subj<TAB>obj
		p    prop
	}
	var all []entry
	for _, f := range loadSmatchFixture(t, "testdata/smatch-triples.json") {
		if f.AMRs[0].Triples == nil && f.AMRs[0].Error == nil {
			continue
		}
		in, err := parse(f.File, mustRead(t, "testdata/"+f.File), nil, true)
		if strings.HasSuffix(f.File, "bad.amr") {
			require.NoError(t, err) // one AMR is good
		}
		for i, a := range f.AMRs {
			_, props := decodeDoc(t, in.Docs[i].JSON)
			var lines []string
			seen := map[string]bool{}
			for _, l := range a.Triples {
				if !seen[l] {
					seen[l] = true
					lines = append(lines, l)
				}
			}
			require.Equal(t, len(lines), len(props), "%s amr %d", f.File, i+1)
			for k := range lines {
				all = append(all, entry{lines[k], props[k]})
			}
		}
	}
	// Names with tabs (quirks.amr's q-tab) make the fixture lines ambiguous.
	kept := all[:0]
	for _, e := range all {
		if strings.Count(e.line, "\t") == 3 {
			kept = append(kept, e)
		}
	}
	all = kept
	require.Greater(t, len(all), 400)
	smatchKey := func(l string) string {
		f := strings.Split(l, "\t")
		if f[0] == "R" {
			return "R\t" + f[1]
		}
		return f[0] + "\t" + f[1] + "\t" + f[3]
	}
	propKey := func(p prop) string {
		if p.ObjVar {
			return "var\t" + p.Rel
		}
		return "const\t" + p.Rel + "\t" + p.Obj
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			s := smatchKey(all[i].line) == smatchKey(all[j].line)
			p := propKey(all[i].p) == propKey(all[j].p)
			if s != p {
				t.Fatalf("smatch match %v, props match %v:\n%q\n%q\n%+v\n%+v", s, p, all[i].line, all[j].line, all[i].p, all[j].p)
			}
		}
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// TestDocs covers ids, positions and names.
func TestDocs(t *testing.T) {
	src := "# header comment\n\n" +
		"# ::id a.1 ::date 2012\n# ::snt Hi .\n(h / hi)\n\n\n" +
		"# ::snt no id\n(x / x-ray\n   :mod (b / blue))\n\n" +
		"# ::id  spaced id  ::annotator Z\n(y / yes)\n" +
		"# trailing comment\n"
	in, err := Parse("t.amr", []byte(src))
	require.NoError(t, err)
	require.Len(t, in.Docs, 3)
	assert.Empty(t, in.Warnings)
	want := []struct {
		id, jsonID, name string
		line             int
	}{
		{"a.1", "a.1", `amr "a.1" (line 5)`, 5},
		{"", "2", `amr 2 (line 9)`, 9},
		{"spaced id", "spaced id", `amr "spaced id" (line 13)`, 13},
	}
	for i, w := range want {
		d := in.Docs[i]
		assert.Equal(t, i, d.Index)
		assert.Equal(t, w.id, d.ID)
		assert.Equal(t, w.line, d.Line)
		assert.Equal(t, w.name, d.Name)
		id, _ := decodeDoc(t, d.JSON)
		assert.Equal(t, w.jsonID, id)
	}
	assert.Equal(t, `{"id":"2","props":[{"rel":"instance","subj":"x","obj":"x-ray"},{"rel":"instance","subj":"b","obj":"blue"},{"rel":"TOP","subj":"x","obj":"top"},{"rel":"domain","subj":"b","obj":{"var":"x"}}],`+
		// the amr-fine fields (fine.go)
		`"unlabeled":[{"rel":"instance","subj":"x","obj":"x-ray"},{"rel":"instance","subj":"b","obj":"blue"},{"rel":"top","subj":"x","obj":"x-ray"},{"rel":"label","subj":"x","obj":{"var":"b"}}],`+
		`"nowsd":[{"rel":"instance","subj":"x","obj":"x-ray"},{"rel":"instance","subj":"b","obj":"blue"},{"rel":"top","subj":"x","obj":"x-ray"},{"rel":"mod","subj":"x","obj":{"var":"b"}}],`+
		`"concepts":["x-ray","blue"],"ne":[],"negations":[],"wiki":[],"reentrancies":[],"srl":[]}`, in.Docs[1].JSON)
}

// TestLineEndings: CRLF, CR and a byte-order mark read like plain LF.
func TestLineEndings(t *testing.T) {
	lf := "# ::id 1\n(a / b\n  :ARG0 (c / d))\n\n# ::id 2\n(e / f)\n"
	ref, err := Parse("lf.amr", []byte(lf))
	require.NoError(t, err)
	for name, src := range map[string]string{
		"crlf": strings.ReplaceAll(lf, "\n", "\r\n"),
		"cr":   strings.ReplaceAll(lf, "\n", "\r"),
		"bom":  "\xef\xbb\xbf" + lf,
	} {
		in, err := Parse(name, []byte(src))
		require.NoError(t, err, name)
		assert.Equal(t, dump(ref), dump(in), name)
	}
}

// TestMalformed: input smatch cannot read gives a warning naming the file,
// line, column and AMR, and an empty document; a file with nothing readable
// is an error.
func TestMalformed(t *testing.T) {
	good := "\n\n(g / good)\n"
	cases := []struct {
		name, src string
		warn      string // substring of the first warning
		docs      int
	}{
		{"unbalanced-close", "(a / b :ARG0 (c / d)))" + good, `x.amr:1:22: amr 1 (line 1): smatch cannot read this AMR (it stops the whole run here): unmatched ')'`, 2},
		{"unbalanced-open", "(a / b :ARG0 (c / d)" + good, `x.amr:1:1: amr 1 (line 1): 1 '(' not closed at the end of the AMR; smatch accepts this`, 2},
		{"missing-slash", "# ::id m\n(a :ARG0 (b / c))" + good, `x.amr:2:13: amr "m" (line 2): smatch cannot read this AMR`, 2},
		{"double-slash", "(a / b / c)" + good, `x.amr:1:8: amr 1 (line 1): smatch cannot read this AMR (it stops the whole run here): unexpected '/'`, 2},
		{"duplicate-variable", "(a / b\n  :ARG0 (a / c))" + good, `x.amr:2:12: amr 1 (line 1): smatch cannot read this AMR (it stops the whole run here): variable "a" is defined twice`, 2},
		{"no-concept", "(a / b (c / d))" + good, `x.amr:1:4: amr 1 (line 1): smatch cannot read this AMR (it stops the whole run here): variable "a" has no concept`, 2},
		{"role-without-value", "(a / b :polarity)" + good, `x.amr:1:17: amr 1 (line 1): smatch cannot read this AMR (it stops the whole run here): role :polarity has no value`, 2},
		{"garbage-line", "hello world" + good, `x.amr:1:1: amr 1 (line 1): smatch cannot read this AMR (it stops the whole run here): no AMR graph here`, 2},
		{"trailing-role", "(a / b :polarity -" + good, `x.amr:1:1: amr 1 (line 1): 1 '(' not closed`, 2},
		{"empty", "", `x.amr: no AMR in the file`, 0},
		{"comments-only", "# ::id 1\n# ::snt nothing\n\n", `x.amr: no AMR in the file`, 0},
		{"not-utf8", "(a / b\xff)", `x.amr:1:7: not UTF-8`, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := Parse("x.amr", []byte(c.src))
			require.NoError(t, err)
			require.Len(t, in.Docs, c.docs)
			require.NotEmpty(t, in.Warnings)
			assert.Contains(t, in.Warnings[0], c.warn)
			if strings.Contains(c.warn, "cannot read") {
				assert.True(t, strings.HasSuffix(in.Docs[0].JSON, `,"props":[],"unlabeled":[],"nowsd":[],"concepts":[],"ne":[],"negations":[],"wiki":[],"reentrancies":[],"srl":[]}`), in.Docs[0].JSON)
				assert.Contains(t, in.Docs[1].JSON, `"obj":"good"`)
			}
			for _, d := range in.Docs {
				assert.True(t, gjson.Valid(d.JSON), d.JSON)
			}
		})
	}
	for name, src := range map[string]string{
		"garbage":      "hello world\nthis is not AMR\n",
		"json":         `{"id": "d1", "props": []}`,
		"unbalanced":   "(a / b :ARG0 (c / d)))\n",
		"two-bad-amrs": "(a / b / c)\n\n(x)\n",
	} {
		t.Run("error-"+name, func(t *testing.T) {
			in, err := Parse("x.amr", []byte(src))
			require.Error(t, err)
			assert.Nil(t, in)
			assert.Regexp(t, `^x\.amr: no AMR in the file can be read as smatch reads them \(\d tried; is this a Penman AMR file\?\)\nx\.amr:\d+:\d+: amr `, err.Error())
		})
	}
	var many strings.Builder
	for i := range 12 {
		fmt.Fprintf(&many, "bad %d\n\n", i)
	}
	_, err := Parse("x.amr", []byte(many.String()))
	require.Error(t, err)
	assert.Len(t, err.(document.DataErrors), 12)
	assert.Equal(t, "x.amr: and 2 more", err.(document.DataErrors)[11].Error())
	assert.Equal(t, "x.amr:19:1: amr 10 (line 19): no AMR graph here (expected \"(variable / concept ...)\")", err.(document.DataErrors)[10].Error())

	_, err = Read("testdata/no-such-file.amr")
	assert.Error(t, err)
}

func TestDetect(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want bool
	}{
		{"amr", "(w / want-01 :ARG0 (b / boy))\n", true},
		{"amr-with-metadata", "# AMR release\n\n# ::id x ::date y\n# ::snt Hello .\n(h / hello)\n", true},
		{"amr-slash-next-line", "(w\n   / want-01)\n", true},
		{"amr-indented-crlf", "\xef\xbb\xbf# ::id 1\r\n  ( d / sleep-01\r\n  :ARG0 (g / giraffe))\r\n", true},
		{"amr-quoted-concept", `(n / "New York")`, true},
		{"json-object", `{"id": "d1", "props": []}`, false},
		{"json-array", `[{"id": "d1"}]`, false},
		{"jsonl", "{\"id\": 1}\n{\"id\": 2}\n", false},
		{"conll2012", "#begin document (wsj_0001); part 000\nwsj_0001 0 0 Pierre NNP (TOP(S(NP* - - - - (PERSON* (0\n#end document\n", false},
		{"conllu", "# sent_id = 1\n# text = Hi .\n1\tHi\thi\tINTJ\t_\t_\t0\troot\t_\t_\n", false},
		{"ptb-tree", "(ROOT (S (NP (DT The)) (VP (VBZ runs))))\n", false},
		{"ptb-tree-empty-label", "( (S (NP-SBJ (NNP Pierre))))\n", false},
		{"empty", "", false},
		{"comments-only", "# ::id 1\n# ::snt x\n", false},
		{"prose", "The boy wants to go.\n", false},
		{"no-slash-first-graph", "(a :ARG0 b)\n\n(b / boy)\n", true},
		{"no-slash-but-role-deeper", "# ::id 1\n(a\n   :ARG0 (b))\n", true},
		{"ptb-punctuation", "( (S (: :) (CD 1/2)))\n", false},
		{"parens-only", "(a (b))\n", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Detect([]byte(c.src)), c.name)
	}
	for _, f := range []string{"quirks.amr", "bad.amr", "cases/lpp-src.test.amr", "cases/lpp-tgt.test.amr", "cases/metric-suite-a.txt", "cases/mtool-233.gold.amr"} {
		assert.True(t, Detect(mustRead(t, "testdata/"+f)), f)
	}
}

// TestPythonText checks the Python string functions against values printed
// by Python 3.11 (str.lower().rstrip('_'), str.split(), str.strip()).
func TestPythonText(t *testing.T) {
	for in, want := range map[string]string{
		"ABC_": "abc", "Zürich": "zürich", "İSTANBUL": "i\u0307stanbul", "ΣΟΦΟΣ": "σοφος",
		"ΑΣ.": "ας.", "ΑΣ'Α": "ασ'α", "Σ": "σ", "aΣ__": "aς", "ǅ": "ǆ", "ΑΣ\u0301": "ας\u0301",
		"x_y_": "x_y", "ÀÉ": "àé", "ẞ": "ß", "K": "k", "___": "", "": "",
	} {
		assert.Equal(t, want, string(appendNormalized(nil, []byte(in))), in)
	}
	f0, f1, rest, n := fields2([]byte(" \x1c a \u3000b\u00a0c\u0085"))
	assert.Equal(t, []string{"a", "b", "c"}, []string{string(f0), string(f1), string(rest)})
	assert.Equal(t, 3, n)
	assert.Equal(t, "x\u200b", string(pyStrip([]byte("\x1f\u2028x\u200b "))))
}

// TestReadmeExample keeps the example of README.md true.
func TestReadmeExample(t *testing.T) {
	readme := string(mustRead(t, "README.md"))
	start := strings.Index(readme, "```\n# ::id isi_0001.1")
	require.GreaterOrEqual(t, start, 0)
	rest := readme[start+4:]
	amr := rest[:strings.Index(rest, "```")]
	rest = rest[strings.Index(rest, "```json\n")+8:]
	want := rest[:strings.Index(rest, "```")]
	in, err := Parse("readme", []byte(amr))
	require.NoError(t, err)
	require.Len(t, in.Docs, 1)
	// props in the same order too; the amr-fine fields are not shown there
	assert.JSONEq(t, want, gjson.Get(in.Docs[0].JSON, "{id,props}").Raw)
}

// TestFineFieldsOnDemand: the amr-fine fields are written for a reader of
// one of them (or of everything), and left out for one that reads only
// props (Smatch), whose documents are otherwise the same.
func TestFineFieldsOnDemand(t *testing.T) {
	const text = "# ::id a\n(w / want-01 :ARG0 (b / boy) :polarity -)\n"
	read := func(want func(string) bool) string {
		in, err := Format.ParseFields("x.amr", strings.NewReader(text), want)
		require.NoError(t, err)
		require.Len(t, in.Docs, 1)
		return in.Docs[0].JSON
	}
	all := read(nil)
	smatch := read(func(f string) bool { return f == "id" || f == "props" })
	fine := read(func(f string) bool { return f == "negations" })
	assert.Contains(t, all, `"negations"`)
	assert.Equal(t, all, fine)
	assert.NotContains(t, smatch, `"negations"`)
	assert.NotContains(t, smatch, `"unlabeled"`)
	assert.True(t, strings.HasPrefix(all, strings.TrimSuffix(smatch, "}")), "%s\n%s", smatch, all)
}
