package specs_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// nerReference is testdata/ner/reference.json: what conlleval (2004-01-26)
// and seqeval (cd01b52) print on CoNLL-2003 test files
// (testdata/ner/record_conll.py).
type nerReference struct {
	Cases      []nerCase `json:"cases"`
	Departures []nerCase `json:"departures"`
}

type nerCase struct {
	Gold, Pred, Scheme, What string
	Conlleval                *conllevalOut
	Seqeval                  struct {
		Default, Strict seqevalReport
		Accuracy        float64
	}
}

// conllevalOut is conlleval's printout: counts, and percentages as printed.
type conllevalOut struct {
	Tokens, Phrases, Found, Correct         int
	Accuracy, Precision, Recall, F1, Output string
	By                                      map[string]struct {
		Precision, Recall, F1 string
		Found                 int
	}
	GoldByType map[string]int `json:"gold_by_type"`
}

type seqevalReport struct {
	By     map[string]seqevalRow
	Micro  seqevalRow
	Scheme string
	Error  string
}

type seqevalRow struct {
	Precision, Recall, F1 float64
	Support               int
}

func loadNERReference(t *testing.T) nerReference {
	data, err := os.ReadFile("../../testdata/ner/reference.json")
	require.NoError(t, err)
	var ref nerReference
	require.NoError(t, json.Unmarshal(data, &ref))
	return ref
}

// scoreNER scores a gold and a prediction file of testdata/ner, read
// through the bio adapter, with the shipped ner spec.
func scoreNER(t *testing.T, gold, pred string) map[string]*metricc.MetricResult {
	t.Helper()
	res, err := load(t, "ner").Score(metricc.FileFormat(filepath.Join("../../testdata/ner", gold), "bio"),
		metricc.FileFormat(filepath.Join("../../testdata/ner", pred), "bio"), metricc.Options{Workers: 2})
	require.NoError(t, err)
	return byName(res.Metrics)
}

// pct prints a fraction as conlleval does ("%6.2f" of the percentage,
// without the padding).
func pct(num, den float64) string {
	if den == 0 {
		return "0.00"
	}
	return fmt.Sprintf("%.2f", 100*num/den)
}

// checkConlleval compares the ner and accuracy metrics with conlleval's
// printout: every count to the unit, every percentage as printed.
func checkConlleval(t *testing.T, name string, got map[string]*metricc.MetricResult, want *conllevalOut) {
	t.Helper()
	ner, acc := got["ner"], got["accuracy"]
	assert.Equal(t, float64(want.Correct), ner.Sums.PredGold, "%s: correct", name)
	assert.Equal(t, float64(want.Found), ner.Sums.PredPred, "%s: found", name)
	assert.Equal(t, float64(want.Phrases), ner.Sums.GoldGold, "%s: phrases", name)
	assert.Equal(t, float64(want.Tokens), acc.Sums.GoldGold, "%s: tokens", name)
	assert.Equal(t, float64(want.Tokens), acc.Sums.PredPred, "%s: tokens", name)
	assert.Equal(t, want.Accuracy, pct(acc.Sums.PredGold, acc.Sums.GoldGold), "%s: accuracy", name)
	assert.Equal(t, want.Precision, fmt.Sprintf("%.2f", 100*ner.Precision), "%s: precision", name)
	assert.Equal(t, want.Recall, fmt.Sprintf("%.2f", 100*ner.Recall), "%s: recall", name)
	assert.Equal(t, want.F1, fmt.Sprintf("%.2f", 100*ner.F1), "%s: F1", name)
	rows := map[string]*metricc.MetricResult{}
	for _, r := range ner.By {
		rows[r.Name] = r
	}
	assert.Len(t, rows, len(want.By), "%s: types", name)
	for typ, w := range want.By {
		r := rows[typ]
		if !assert.NotNil(t, r, "%s: type %s", name, typ) {
			continue
		}
		assert.Equal(t, float64(w.Found), r.Sums.PredPred, "%s %s: found", name, typ)
		assert.Equal(t, float64(want.GoldByType[typ]), r.Sums.GoldGold, "%s %s: gold", name, typ)
		assert.Equal(t, w.Precision, fmt.Sprintf("%.2f", 100*r.Precision), "%s %s: precision", name, typ)
		assert.Equal(t, w.Recall, fmt.Sprintf("%.2f", 100*r.Recall), "%s %s: recall", name, typ)
		assert.Equal(t, w.F1, fmt.Sprintf("%.2f", 100*r.F1), "%s %s: F1", name, typ)
	}
}

// checkSeqeval compares a metric with one of seqeval's reports: every
// number to 1e-12, the support as the gold count.
func checkSeqeval(t *testing.T, name string, got *metricc.MetricResult, want seqevalReport) {
	t.Helper()
	require.Empty(t, want.Error, name)
	assert.InDelta(t, want.Micro.Precision, got.Precision, 1e-12, "%s: precision", name)
	assert.InDelta(t, want.Micro.Recall, got.Recall, 1e-12, "%s: recall", name)
	assert.InDelta(t, want.Micro.F1, got.F1, 1e-12, "%s: F1", name)
	assert.Equal(t, float64(want.Micro.Support), got.Sums.GoldGold, "%s: support", name)
	assert.Len(t, got.By, len(want.By), "%s: types", name)
	for _, r := range got.By {
		w, ok := want.By[r.Name]
		if !assert.True(t, ok, "%s: type %s", name, r.Name) {
			continue
		}
		assert.InDelta(t, w.Precision, r.Precision, 1e-12, "%s %s: precision", name, r.Name)
		assert.InDelta(t, w.Recall, r.Recall, 1e-12, "%s %s: recall", name, r.Name)
		assert.InDelta(t, w.F1, r.F1, 1e-12, "%s %s: F1", name, r.Name)
		assert.Equal(t, float64(w.Support), r.Sums.GoldGold, "%s %s: support", name, r.Name)
	}
}

// TestNERAgainstOfficialScorers scores CoNLL-2003 test files (12
// documents of eng.testb, gold in IOB1, IOB2, IOE2 and IOBES, two perturbed
// predictions each, and mixed cases) through the bio adapter and requires
// conlleval's counts and printed percentages (ner, its per-type rows,
// accuracy) and seqeval's default and strict reports (ner, ner_strict) and
// accuracy_score.
func TestNERAgainstOfficialScorers(t *testing.T) {
	ref := loadNERReference(t)
	require.Len(t, ref.Cases, 10)
	for _, c := range ref.Cases {
		name := c.Gold + " vs " + c.Pred
		t.Run(name, func(t *testing.T) {
			got := scoreNER(t, c.Gold, c.Pred)
			if c.Conlleval != nil {
				checkConlleval(t, name, got, c.Conlleval)
			}
			checkSeqeval(t, name+" (default)", got["ner"], c.Seqeval.Default)
			checkSeqeval(t, name+" (strict)", got["ner_strict"], c.Seqeval.Strict)
			assert.InDelta(t, c.Seqeval.Accuracy, got["accuracy"].Recall, 1e-12, "%s: accuracy", name)
			assert.Equal(t, got["accuracy"].Precision, got["accuracy"].Recall, name)
		})
	}
	// Not a degenerate test: the predictions are neither perfect nor
	// hopeless, and conlleval scored the IOB files.
	withConlleval := 0
	for _, c := range ref.Cases {
		if c.Conlleval != nil {
			withConlleval++
			if c.Gold != c.Pred {
				f1 := c.Seqeval.Default.Micro.F1
				assert.True(t, f1 > 0.5 && f1 < 0.8, "%s: F1 %v", c.Pred, f1)
			}
		}
	}
	assert.Equal(t, 8, withConlleval)
}

// TestNERDepartures pins the two documented differences: conlleval's
// reading of IOBES (it joins S-PER S-PER and E-PER B-PER into one chunk),
// and seqeval's strict mode reading the prediction in the gold's scheme.
func TestNERDepartures(t *testing.T) {
	ref := loadNERReference(t)
	require.Len(t, ref.Departures, 2)

	iobes := ref.Departures[0]
	got := scoreNER(t, iobes.Gold, iobes.Pred)
	ner := got["ner"]
	// conlleval: 4 gold chunks, 4 found, 3 correct; metricc and seqeval:
	// 6, 5 and 5.
	assert.Equal(t, [3]int{4, 4, 3}, [3]int{iobes.Conlleval.Phrases, iobes.Conlleval.Found, iobes.Conlleval.Correct})
	assert.Equal(t, [3]float64{6, 5, 5}, [3]float64{ner.Sums.GoldGold, ner.Sums.PredPred, ner.Sums.PredGold})
	checkSeqeval(t, "iobes (default)", ner, iobes.Seqeval.Default)
	checkSeqeval(t, "iobes (strict)", got["ner_strict"], iobes.Seqeval.Strict)
	assert.Equal(t, iobes.Conlleval.Accuracy, pct(got["accuracy"].Sums.PredGold, got["accuracy"].Sums.GoldGold))

	scheme := ref.Departures[1]
	got = scoreNER(t, scheme.Gold, scheme.Pred)
	// seqeval's strict mode reads the prediction's B- I- and B- as broken
	// IOBES: no entity, P = R = 0. metricc reads that file as IOB2: both
	// entities found.
	assert.Equal(t, 0.0, scheme.Seqeval.Strict.Micro.Recall)
	assert.Equal(t, [3]float64{1, 1, 1}, [3]float64{got["ner_strict"].Precision, got["ner_strict"].Recall, got["ner_strict"].F1})
	// Everything else agrees with both scorers.
	checkConlleval(t, "scheme", got, scheme.Conlleval)
	checkSeqeval(t, "scheme (default)", got["ner"], scheme.Seqeval.Default)
}

// TestNERRandomAgainstConlleval scores 150 pairs of random documents
// (testdata/ner/random.json: B-, I-, E- and O tags of two types, well
// formed or not) and requires conlleval's counts: tokens, gold and found
// chunks, correct chunks, and its accuracy as printed. Documents where an
// E- is followed by a B- of its type are left out: conlleval joins the
// two chunks there (see TestNERDepartures).
func TestNERRandomAgainstConlleval(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ner/random.json")
	require.NoError(t, err)
	var ref struct {
		Conlleval []struct {
			Gold, Pred                      [][]string
			Tokens, Phrases, Found, Correct int
			Accuracy                        string
		}
	}
	require.NoError(t, json.Unmarshal(data, &ref))
	require.Len(t, ref.Conlleval, 150)
	text := func(sents [][]string) string {
		var b strings.Builder
		for _, s := range sents {
			for _, tag := range s {
				b.WriteString("w " + tag + "\n")
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	joins := func(sents [][]string) bool {
		for _, s := range sents {
			for i := 1; i < len(s); i++ {
				if s[i-1][0] == 'E' && s[i][0] == 'B' && s[i-1][1:] == s[i][1:] {
					return true
				}
			}
		}
		return false
	}
	p := load(t, "ner")
	compared := 0
	for i, c := range ref.Conlleval {
		if joins(c.Gold) || joins(c.Pred) {
			continue
		}
		res, err := p.Score(metricc.Reader("gold", strings.NewReader(text(c.Gold)), "bio"),
			metricc.Reader("pred", strings.NewReader(text(c.Pred)), "bio"), metricc.Options{Workers: 1})
		require.NoError(t, err)
		got := byName(res.Metrics)
		ner, acc := got["ner"].Sums, got["accuracy"].Sums
		assert.Equal(t, [5]float64{float64(c.Tokens), float64(c.Phrases), float64(c.Found), float64(c.Correct), float64(c.Tokens)},
			[5]float64{acc.GoldGold, ner.GoldGold, ner.PredPred, ner.PredGold, acc.PredPred}, "document pair %d", i)
		assert.Equal(t, c.Accuracy, pct(acc.PredGold, acc.GoldGold), "document pair %d", i)
		compared++
	}
	assert.Greater(t, compared, 90)
}
