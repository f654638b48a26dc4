package specs_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

const amrCases = "../adapter/penman/testdata/cases"

// scoreAMR scores two files of AMRs in the penman format on one worker.
func scoreAMR(t *testing.T, p *metricc.Spec, gold, pred string, opts metricc.Options) *metricc.Result {
	t.Helper()
	opts.Workers = 1
	res, err := p.Score(metricc.FileFormat(gold, "penman"), metricc.FileFormat(pred, "penman"), opts)
	require.NoError(t, err)
	return res
}

// readRecorded reads what a recording script under testdata/amr wrote
// (the official scorer's counts, pair by pair) into fixture, a struct
// with the Pairs the test needs.
func readRecorded(t testing.TB, name string, fixture any) {
	t.Helper()
	data, err := os.ReadFile("../../testdata/amr/" + name)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, fixture))
}

// recordedCounts are the counts of smatch and docSmatch runs, per pair of
// files or documents: matched, test and gold triples (and docSmatch's
// coref subscore).
type recordedCounts struct {
	Pairs []struct {
		Name   string
		Counts [][3]float64 `json:"matched_test_gold"`
		Coref  [][3]float64 `json:"coref_matched_test_gold"`
	}
}

// TestSmatchAgainstSmatch scores the AMR pairs of the shared cases
// (smatch's own test inputs, mtool's small pairs, the amr-metric-suite
// examples, 400 Little Prince parser outputs against gold) and compares
// with what smatch itself found with 20 random restarts, recorded in
// testdata/amr/smatch-r20.json by smatch_r20.py: per AMR pair the triple
// totals are equal (no AMR there repeats a triple), the matched triples
// are never fewer, and every pair's optimum is proven.
func TestSmatchAgainstSmatch(t *testing.T) {
	p := load(t, "smatch")
	var fixture struct {
		Pairs []struct {
			Name, Pred, Gold string
			Counts           [][3]float64 `json:"matched_test_gold"`
		}
	}
	readRecorded(t, "smatch-r20.json", &fixture)
	require.Len(t, fixture.Pairs, 5)
	total := 0
	for _, pair := range fixture.Pairs {
		res := scoreAMR(t, p, filepath.Join(amrCases, pair.Gold), filepath.Join(amrCases, pair.Pred), metricc.Options{PerDoc: true})
		require.Len(t, res.PerDoc, len(pair.Counts), pair.Name)
		better := 0
		for i, d := range res.PerDoc {
			s := d.Metrics[0].Sums
			want := pair.Counts[i]
			assert.Equal(t, want[1], s.PredPred, "%s pair %d: predicted triples", pair.Name, i+1)
			assert.Equal(t, want[2], s.GoldGold, "%s pair %d: gold triples", pair.Name, i+1)
			assert.GreaterOrEqual(t, s.PredGold, want[0], "%s pair %d: matched triples", pair.Name, i+1)
			assert.Equal(t, 1, s.Search.Proven, "%s pair %d: proven optimal", pair.Name, i+1)
			if s.PredGold > want[0] {
				better++
			}
			total++
		}
		corpus := res.Metrics[0].Sums.Search
		assert.Equal(t, len(pair.Counts), corpus.Pairs, pair.Name)
		assert.Equal(t, len(pair.Counts), corpus.Proven, pair.Name)
		t.Logf("%s: %d pairs, all proven optimal; above smatch's best of 21 iterations on %d", pair.Name, len(pair.Counts), better)
	}
	assert.Equal(t, 411, total)
}

// TestSmatchWorkedExample is Cai and Knight's example (the paper's and
// metametric's test): the best variable map pairs a-x, b-y, c-z and
// matches 4 triples of 6 predicted and 5 gold, P = 2/3 and R = 4/5 in the
// paper. smatch also counts a TOP triple on each side, which matches (a and
// x are the roots), so smatch, and this spec, find 5 of 7 predicted and 6
// gold: P = 5/7, R = 5/6.
func TestSmatchWorkedExample(t *testing.T) {
	p := load(t, "smatch")
	dir := t.TempDir()
	pred := filepath.Join(dir, "pred.amr")
	gold := filepath.Join(dir, "gold.amr")
	// smatch's TOP triple adds one to each side, and matches (a-x are roots).
	require.NoError(t, os.WriteFile(pred, []byte("(a / want-01 :ARG0 (b / boy) :ARG1 (c / go-01 :ARG0 b))\n"), 0o644))
	require.NoError(t, os.WriteFile(gold, []byte("(x / want-01 :ARG0 (y / boy) :ARG1 (z / football))\n"), 0o644))
	m := scoreAMR(t, p, gold, pred, metricc.Options{}).Metrics[0]
	assert.Equal(t, metricc.Sums{PredGold: 5, PredPred: 7, GoldGold: 6, PredGoldRecall: 5, Search: m.Sums.Search}, m.Sums)
	assert.InDelta(t, 5.0/7, m.Precision, 1e-12)
	assert.InDelta(t, 5.0/6, m.Recall, 1e-12)
}

// TestSmatchSelfMatch scores every gold AMR of the Little Prince bank,
// releases 1.6 and 3.0 (release 1.6's training and test sections are
// within it), against itself: exactly 1.
func TestSmatchSelfMatch(t *testing.T) {
	p := load(t, "smatch")
	for _, f := range []string{"../../testdata/amr/amr-bank-struct-v1.6.txt", "../../testdata/amr/amr-bank-struct-v3.0.txt"} {
		res := scoreAMR(t, p, f, f, metricc.Options{})
		require.Equal(t, 1562, res.Documents, f)
		m := res.Metrics[0]
		assert.Equal(t, 1.0, m.Precision, f)
		assert.Equal(t, 1.0, m.Recall, f)
		assert.Equal(t, res.Documents, m.Sums.Search.Proven, f)
		t.Logf("%s: %d AMRs, %v triples, self-match 1, all proven", filepath.Base(f), res.Documents, m.Sums.GoldGold)
	}
}
