package specs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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

	// No "# newdoc" in the prediction.
	var kept []string
	for _, l := range strings.Split(string(gold), "\n") {
		if !strings.HasPrefix(l, "# newdoc") {
			kept = append(kept, l)
		}
	}
	_, err = p.Score(readConllu("gold.conllu", gold), readConllu("pred.conllu", []byte(strings.Join(kept, "\n"))), metricc.Options{})
	assert.EqualError(t, err, `pred.conllu: 1 documents, but gold.conllu has 20: CoNLL-U documents ("# newdoc" lines, else the whole file) pair by position, so both files need the same "# newdoc" lines, or none (delete them from both, e.g. with sed '/^# newdoc/d')`)
	_, err = p.Score(readConllu("gold.conllu", []byte(strings.Join(kept, "\n"))), readConllu("pred.conllu", []byte(strings.Join(kept, "\n"))), metricc.Options{})
	assert.NoError(t, err)
}
