package specs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/udperturb"
)

// udMetric maps the scorer's metric names to ud.metric's.
var udMetric = map[string]string{
	"Tokens": "tokens", "Sentences": "sentences", "Words": "words", "UPOS": "upos", "XPOS": "xpos",
	"UFeats": "ufeats", "AllTags": "alltags", "Lemmas": "lemmas", "UAS": "uas", "LAS": "las",
	"CLAS": "clas", "MLAS": "mlas", "BLEX": "blex",
}

type udCase struct {
	Gold    string `json:"gold"`
	Pred    string `json:"pred"`
	Perturb *struct {
		Seed uint64  `json:"seed"`
		Rate float64 `json:"rate"`
	} `json:"perturb"`
	Counts map[string][3]float64 `json:"counts"` // correct, gold, system
}

// udDepartures are the cases built to show where metricc and the scorer
// differ (README, "Universal Dependencies"), with metricc's counts where
// they differ from the scorer's.
var udDepartures = map[string]map[string][3]float64{
	// Two words of one multiword token with the same form: a functional
	// child counts as aligned when its key is, not only when the scorer
	// aligned that very word.
	"departures/twins-pred.conllu": {"MLAS": {1, 2, 2}},
}

// readConllu is a source of CoNLL-U text; a source is read once.
func readConllu(name string, data []byte) metricc.Source {
	return metricc.Reader(name, bytes.NewReader(data), "conllu")
}

// TestUDConll18 scores every case of testdata/ud/conll18-counts.json (the
// scorer's own test files, a UD English EWT excerpt against itself and
// against perturbed predictions) and compares the counts with the
// scorer's, to the last digit.
func TestUDConll18(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ud/conll18-counts.json")
	require.NoError(t, err)
	var f struct{ Cases []udCase }
	require.NoError(t, json.Unmarshal(data, &f))
	require.Len(t, f.Cases, 20)
	p := load(t, "ud")
	for _, c := range f.Cases {
		gold, err := os.ReadFile(filepath.Join("../../testdata/ud", c.Gold))
		require.NoError(t, err)
		name := c.Pred
		var pred []byte
		if c.Perturb != nil {
			name = fmt.Sprintf("perturbed(seed %d, rate %g)", c.Perturb.Seed, c.Perturb.Rate)
			pred = udperturb.Perturb(gold, udperturb.Config{Seed: c.Perturb.Seed, Rate: c.Perturb.Rate})
		} else {
			pred, err = os.ReadFile(filepath.Join("../../testdata/ud", c.Pred))
			require.NoError(t, err)
		}
		res, err := p.Score(readConllu(c.Gold, gold), readConllu(name, pred), metricc.Options{Workers: 2})
		require.NoError(t, err, name)
		got := map[string]metricc.Sums{}
		for _, m := range res.Metrics {
			got[m.Name] = m.Sums
		}
		require.Len(t, got, 13)
		for scorerName, want := range c.Counts {
			if d, ok := udDepartures[c.Pred][scorerName]; ok {
				assert.NotEqual(t, want, d, "%s %s: a departure equal to the scorer", name, scorerName)
				want = d
			}
			s := got[udMetric[scorerName]]
			assert.Equal(t, want, [3]float64{s.PredGold, s.GoldGold, s.PredPred}, "%s %s (correct, gold, system)", name, scorerName)
			assert.Equal(t, s.PredGold, s.PredGoldRecall, "%s %s", name, scorerName)
		}
	}
}

// udWords writes the CoNLL-U file of the scorer's alignment tests: each
// entry is a token, "abc a b c" a multiword token "abc" of the words a, b
// and c; every word depends on the first (that one on the root).
func udWords(entries []string) []byte {
	var b strings.Builder
	n := 0
	word := func(form string) {
		n++
		head := 1
		if n == 1 {
			head = 0
		}
		fmt.Fprintf(&b, "%d\t%s\t_\t_\t_\t_\t%d\tdep\t_\t_\n", n, form, head)
	}
	for _, e := range entries {
		parts := strings.Split(e, " ")
		if len(parts) == 1 {
			word(parts[0])
			continue
		}
		fmt.Fprintf(&b, "%d-%d\t%s\t_\t_\t_\t_\t_\t_\t_\t_\n", n+1, n+len(parts)-1, parts[0])
		for _, w := range parts[1:] {
			word(w)
		}
	}
	b.WriteString("\n")
	return []byte(b.String())
}

// TestUDAlignment runs the alignment cases of the scorer's own unit tests
// (TestAlignment in conll18_ud_eval.py): the aligned words, of the gold's
// and the prediction's words.
func TestUDAlignment(t *testing.T) {
	p := load(t, "ud")
	cases := []struct {
		gold, pred []string
		aligned    float64
	}{
		{[]string{"a"}, []string{"a"}, 1},
		{[]string{"a", "b", "c"}, []string{"a", "b", "c"}, 3},
		{[]string{"abc a b c"}, []string{"a", "b", "c"}, 3},
		{[]string{"a", "bc b c", "d"}, []string{"a", "b", "c", "d"}, 4},
		{[]string{"abcd a b c d"}, []string{"ab a b", "cd c d"}, 4},
		{[]string{"abc a b c", "de d e"}, []string{"a", "bcd b c d", "e"}, 5},
		{[]string{"abcd"}, []string{"a", "b", "c", "d"}, 0},
		{[]string{"abc", "d"}, []string{"a", "b", "c", "d"}, 1},
		{[]string{"a", "bc", "d"}, []string{"a", "b", "c", "d"}, 2},
		{[]string{"a", "bc b c", "d"}, []string{"a", "b", "cd"}, 2},
		{[]string{"abc a BX c", "def d EX f"}, []string{"ab a b", "cd c d", "ef e f"}, 4},
		{[]string{"ab a b", "cd bc d"}, []string{"a", "bc", "d"}, 2},
		// The scorer finds 1 here: the multiword tokens chain [0, 4) into
		// one span, and it aligns the gold's "a" (at 0) with the
		// prediction's (a word of "cd", at 2), whose spans do not overlap.
		// metricc aligns only words whose spans overlap (README).
		{[]string{"a", "bc b c", "d"}, []string{"ab AX BX", "cd CX a"}, 0},
	}
	words := func(entries []string) float64 {
		n := 0
		for _, e := range entries {
			n += max(1, len(strings.Split(e, " "))-1)
		}
		return float64(n)
	}
	for _, c := range cases {
		gold := readConllu("gold", udWords(c.gold))
		pred := readConllu("pred", udWords(c.pred))
		res, err := p.Score(gold, pred, metricc.Options{Workers: 1, Metrics: []string{"words"}})
		require.NoError(t, err)
		s := res.Metrics[0].Sums
		assert.Equal(t, [3]float64{c.aligned, words(c.gold), words(c.pred)}, [3]float64{s.PredGold, s.GoldGold, s.PredPred}, "%q %q", c.gold, c.pred)
	}

	// The scorer's test_exception: different texts are an error, here
	// naming both files' lines.
	_, err := p.Score(readConllu("gold.conllu", udWords([]string{"a"})), readConllu("pred.conllu", udWords([]string{"b"})), metricc.Options{})
	require.Error(t, err)
	assert.Equal(t, `pred.conllu: document 1 (line 1): the text differs from the gold's (gold.conllu document 1 (line 1)): the first 20 differing characters: the gold's line 1 has "a", the prediction's line 1 has "b"`, err.Error())
}

// udCounts are a result's sums in the scorer's order: correct, gold
// total, system total.
func udCounts(res *metricc.Result) map[string][3]float64 {
	got := map[string][3]float64{}
	for _, m := range res.Metrics {
		got[m.Name] = [3]float64{m.Sums.PredGold, m.Sums.GoldGold, m.Sums.PredPred}
	}
	return got
}

// readerOnly hides everything of a reader but Read, as a pipe would: the
// conllu stream then reads the file ahead into memory, not through a
// second reader.
type readerOnly struct{ r io.Reader }

func (r readerOnly) Read(b []byte) (int, error) { return r.r.Read(b) }

// scoreUDFiles scores two CoNLL-U files from the files or, pipe, from
// readers that cannot be read twice, and returns the result and the
// warnings.
func scoreUDFiles(t *testing.T, p *metricc.Spec, gold, pred string, pipe bool) (*metricc.Result, []string, error) {
	t.Helper()
	var warnings []string
	open := func(path string) metricc.Source {
		if pipe {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			return metricc.Reader(path, readerOnly{bytes.NewReader(data)}, "conllu")
		}
		return metricc.FileFormat(path, "conllu")
	}
	res, err := p.Score(open(gold), open(pred), metricc.Options{Workers: 2, Warn: func(w string) { warnings = append(warnings, w) }})
	return res, warnings, err
}

// TestUDSystems scores excerpts of real CoNLL 2018 system outputs
// (testdata/ud/systems: UDPipe-Future and HIT-SCIR on three treebanks)
// against the gold, whose "# newdoc" lines the outputs do not have, and
// compares every count with conll18_ud_eval.py's
// (testdata/ud/systems-counts.json): each file is scored as one document,
// as the scorer reads it, with one warning.
func TestUDSystems(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ud/systems-counts.json")
	require.NoError(t, err)
	var f struct{ Cases []udCase }
	require.NoError(t, json.Unmarshal(data, &f))
	require.Len(t, f.Cases, 6)
	p := load(t, "ud")
	dir := "../../testdata/ud/systems/"
	golds := map[string]int{"en_ewt-gold.conllu": 4, "cs_pud-gold.conllu": 5, "hy_armtdp-gold.conllu": 2}
	for _, c := range f.Cases {
		for _, pipe := range []bool{false, true} {
			res, warnings, err := scoreUDFiles(t, p, dir+c.Gold, dir+c.Pred, pipe)
			require.NoError(t, err, c.Pred)
			assert.Equal(t, 1, res.Documents, c.Pred)
			docs, ok := golds[c.Gold]
			require.True(t, ok)
			assert.Equal(t, []string{fmt.Sprintf(`%s%s has 1 document and %s%s %d (a "# newdoc" line starts one): the documents do not correspond, so each file is scored as one document, as conll18_ud_eval.py does, which ignores documents`,
				dir, c.Pred, dir, c.Gold, docs)}, warnings, c.Pred)
			got := udCounts(res)
			require.Len(t, got, 13)
			require.Len(t, c.Counts, 13)
			for scorerName, want := range c.Counts {
				assert.Equal(t, want, got[udMetric[scorerName]], "%s %s (correct, gold, system), pipe %v", c.Pred, scorerName, pipe)
			}
		}
	}
}

// TestUDDivisions: documents that divide the text alike pair one by one;
// the same number of documents divided elsewhere is scored as one
// document each, as the scorer reads it, with the same counts as the files
// without "# newdoc" lines.
func TestUDDivisions(t *testing.T) {
	p := load(t, "ud")
	gold := "../../testdata/ud/systems/en_ewt-gold.conllu"
	data, err := os.ReadFile(gold)
	require.NoError(t, err)
	dir := t.TempDir()
	write := func(name string, lines []string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
		return path
	}
	lines := strings.Split(string(data), "\n")
	var kept []string
	var newdocs []int
	for i, l := range lines {
		if strings.HasPrefix(l, "# newdoc") {
			newdocs = append(newdocs, i)
		} else {
			kept = append(kept, l)
		}
	}
	// The second "# newdoc" moved down by one sentence: four documents,
	// the second starting at another sentence.
	require.Len(t, newdocs, 4)
	k := newdocs[1]
	next := k + slices.Index(lines[k:], "") + 1 // the sentence after
	moved := slices.Insert(slices.Delete(slices.Clone(lines), k, k+1), next-1, lines[k])
	require.Equal(t, len(lines), len(moved))

	want, warnings, err := scoreUDFiles(t, p, write("gold-kept.conllu", kept), write("pred-kept.conllu", kept), false)
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.Equal(t, 1, want.Documents)

	// The gold against itself: four pairs, no warning.
	res, warnings, err := scoreUDFiles(t, p, gold, gold, false)
	require.NoError(t, err)
	assert.Empty(t, warnings)
	assert.Equal(t, 4, res.Documents)
	assert.Equal(t, udCounts(want), udCounts(res))

	pred := write("moved.conllu", moved)
	for _, pipe := range []bool{false, true} {
		res, warnings, err = scoreUDFiles(t, p, gold, pred, pipe)
		require.NoError(t, err)
		assert.Equal(t, 1, res.Documents)
		assert.Equal(t, []string{fmt.Sprintf(`document 2 of %s (line %d) does not start where the gold's does (%s line %d): the documents do not correspond, so each file is scored as one document, as conll18_ud_eval.py does, which ignores documents`,
			pred, next, gold, k+1)}, warnings)
		assert.Equal(t, udCounts(want), udCounts(res))
	}
}

// TestUDPairing: files whose texts or documents differ are errors naming
// the files and lines, never a silent score.
func TestUDPairing(t *testing.T) {
	p := load(t, "ud")
	gold, err := os.ReadFile("../../testdata/ud/en_ewt-ud-test-head.conllu")
	require.NoError(t, err)

	// A form changed on line 101 ("all" is "alk").
	lines := strings.Split(string(gold), "\n")
	require.True(t, strings.HasPrefix(lines[100], "17\tall\t"))
	lines[100] = strings.Replace(lines[100], "all", "alk", 1)
	_, err = p.Score(readConllu("gold.conllu", gold), readConllu("pred.conllu", []byte(strings.Join(lines, "\n"))), metricc.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `pred.conllu: document 2 (line 55): the text differs from the gold's (gold.conllu document 2 (line 55)): the first 20 differing characters: the gold's line 101 has "lheardbefore,butit's", the prediction's line 101 has "kheardbefore,butit's"`)

	// No "# newdoc" in the prediction: each file is one document, as the
	// scorer reads it, with the counts of both files without "# newdoc"
	// lines and one warning.
	var kept, keptChanged []string
	for i, l := range strings.Split(string(gold), "\n") {
		if !strings.HasPrefix(l, "# newdoc") {
			kept = append(kept, l)
			if i == 100 {
				l = lines[100]
			}
			keptChanged = append(keptChanged, l)
		}
	}
	var warnings []string
	opts := metricc.Options{Warn: func(w string) { warnings = append(warnings, w) }}
	res, err := p.Score(readConllu("gold.conllu", gold), readConllu("pred.conllu", []byte(strings.Join(kept, "\n"))), opts)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Documents)
	assert.Equal(t, []string{`pred.conllu has 1 document and gold.conllu 20 (a "# newdoc" line starts one): the documents do not correspond, so each file is scored as one document, as conll18_ud_eval.py does, which ignores documents`}, warnings)
	want, err := p.Score(readConllu("gold.conllu", []byte(strings.Join(kept, "\n"))), readConllu("pred.conllu", []byte(strings.Join(kept, "\n"))), opts)
	require.NoError(t, err)
	assert.Len(t, warnings, 1)
	assert.Equal(t, udCounts(want), udCounts(res))

	// A text of the same length that differs: joined, and the one
	// document says where.
	warnings = nil
	_, err = p.Score(readConllu("gold.conllu", gold), readConllu("pred.conllu", []byte(strings.Join(keptChanged, "\n"))), opts)
	assert.EqualError(t, err, `pred.conllu: document 1 (line 4): the text differs from the gold's (gold.conllu document 1 (line 5)): the first 20 differing characters: the gold's line 101 has "lheardbefore,butit's", the prediction's line 99 has "kheardbefore,butit's"`)
	assert.Len(t, warnings, 1)

	// Texts of different lengths are not joined: nothing could be scored
	// either way, and the count of documents is the first difference.
	warnings = nil
	keptChanged[98] = strings.Replace(keptChanged[98], "alk", "allk", 1)
	_, err = p.Score(readConllu("gold.conllu", gold), readConllu("pred.conllu", []byte(strings.Join(keptChanged, "\n"))), opts)
	assert.EqualError(t, err, `pred.conllu: 1 documents, but gold.conllu has 20: CoNLL-U documents ("# newdoc" lines, else the whole file) pair by position, so both files need the same "# newdoc" lines, or none (delete them from both, e.g. with sed '/^# newdoc/d')`)
	assert.Empty(t, warnings)
}
