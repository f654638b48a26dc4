package corpus_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

// compareSpec has a micro metric and the same matching averaged per
// document; the tests below give them fixed per-document sums.
const compareSpec = `
type Doc { id: string, xs: set<int> }
input Doc
metric f = F<->[xs](delta)
metric m = F<->[xs](delta) macro
`

type compareFixture struct {
	Gold   []float64    `json:"gold"`
	A      [2][]float64 `json:"a"`
	B      [2][]float64 `json:"b"`
	Counts [][]int      `json:"counts"`
	Masks  [][]int      `json:"masks"`
	Small  struct {
		Gold []float64    `json:"gold"`
		A    [2][]float64 `json:"a"`
		B    [2][]float64 `json:"b"`
	} `json:"small"`
}

type expectedRow struct {
	A, B, Diff     float64
	CI             [2]float64 `json:"ci"`
	CIA            [2]float64 `json:"ci_a"`
	PBootstrap     float64    `json:"p_bootstrap"`
	PRandomization float64    `json:"p_randomization"`
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v))
}

// scored builds the Scored of one system from per-document sums (both
// metrics get the same sums, as they share the matching).
func scored(gold []float64, sys [2][]float64) *corpus.Scored {
	sc := &corpus.Scored{Wanted: []bool{true, true}}
	for d := range gold {
		s := eval.Sums{PredGold: sys[0][d], PredPred: sys[1][d], GoldGold: gold[d], PredGoldRecall: sys[0][d]}
		sc.IDs = append(sc.IDs, string(rune('a'+d%26))+string(rune('a'+d/26)))
		sc.Sums = append(sc.Sums, []eval.Sums{s, s})
	}
	return sc
}

// TestCompareAgainstPython: on fixed resamples and swap masks, the values,
// differences, percentile intervals and both p-values are those of
// testdata/compare/record.py (numpy), and the randomization test over every
// swap mask of a small corpus gives scipy.stats.permutation_test's exact
// p-value.
func TestCompareAgainstPython(t *testing.T) {
	var fx compareFixture
	readJSON(t, "testdata/compare/fixture.json", &fx)
	var want struct {
		Rows  map[string]expectedRow `json:"rows"`
		Exact struct {
			Statistic float64 `json:"statistic"`
			PValue    float64 `json:"pvalue"`
			Masks     int     `json:"masks"`
		} `json:"exact"`
	}
	readJSON(t, "testdata/compare/expected.json", &want)

	p := compile(t, compareSpec)
	a, b := scored(fx.Gold, fx.A), scored(fx.Gold, fx.B)
	swaps := make([][]bool, len(fx.Masks))
	for i, m := range fx.Masks {
		for _, x := range m {
			swaps[i] = append(swaps[i], x == 1)
		}
	}
	opts := corpus.Options{Bootstrap: len(fx.Counts), Workers: 3}
	cmp, err := p.CompareDraws(a, b, opts, fx.Counts, swaps)
	require.NoError(t, err)
	require.Len(t, cmp.Rows, 6)
	for _, d := range cmp.Rows {
		key := d.Metric + "." + d.Field.String()
		w, ok := want.Rows[key]
		require.True(t, ok, key)
		assert.InDelta(t, w.A, d.A, 1e-12, key)
		assert.InDelta(t, w.B, d.B, 1e-12, key)
		assert.InDelta(t, w.Diff, d.Diff, 1e-12, key)
		assert.InDelta(t, w.CI[0], d.CI[0], 1e-12, key)
		assert.InDelta(t, w.CI[1], d.CI[1], 1e-12, key)
		assert.Equal(t, w.PBootstrap, d.PBootstrap, key)
		assert.Equal(t, w.PRandomization, d.PRandomization, key)
	}

	// Intervals of one system (run --bootstrap) on the same resamples.
	res, err := p.AggregateDraws(a, opts, fx.Counts)
	require.NoError(t, err)
	for _, m := range res.Metrics {
		for _, f := range []struct {
			field typecheck.MetricField
			iv    corpus.Interval
		}{{typecheck.Precision, m.CI.Precision}, {typecheck.Recall, m.CI.Recall}, {typecheck.F1, m.CI.F1}} {
			key := m.Name + "." + f.field.String()
			assert.InDelta(t, want.Rows[key].CIA[0], f.iv[0], 1e-12, key)
			assert.InDelta(t, want.Rows[key].CIA[1], f.iv[1], 1e-12, key)
		}
	}

	// Every swap mask of ten documents: scipy's exact p-value counts the
	// masks at least as extreme as the observed (itself included) over
	// all of them; ours adds one to both counts.
	sa, sb := scored(fx.Small.Gold, fx.Small.A), scored(fx.Small.Gold, fx.Small.B)
	n := len(fx.Small.Gold)
	require.Equal(t, want.Exact.Masks, 1<<n)
	var all [][]bool
	for mask := range 1 << n {
		row := make([]bool, n)
		for d := range n {
			row[d] = mask>>d&1 == 1
		}
		all = append(all, row)
	}
	counts := make([][]int, len(all))
	for i := range counts {
		counts[i] = make([]int, n)
		for d := range counts[i] {
			counts[i][d] = 1
		}
	}
	cmp, err = p.CompareDraws(sa, sb, corpus.Options{Bootstrap: len(all), Metrics: []string{"f"}}, counts, all)
	require.NoError(t, err)
	f1 := cmp.Rows[2]
	require.Equal(t, typecheck.F1, f1.Field)
	assert.InDelta(t, want.Exact.Statistic, f1.Diff, 1e-12)
	extreme := f1.PRandomization*float64(len(all)+1) - 1
	assert.InDelta(t, want.Exact.PValue, extreme/float64(len(all)), 1e-12)
}

// corpusScored is a random corpus of n documents for compareSpec.
func corpusScored(rng *rand.Rand, n int) *corpus.Scored {
	gold := make([]float64, n)
	sys := [2][]float64{make([]float64, n), make([]float64, n)}
	for d := range n {
		gold[d] = float64(rng.IntN(9))
		sys[1][d] = float64(rng.IntN(9))
		sys[0][d] = math.Floor(min(gold[d], sys[1][d]) * rng.Float64())
	}
	return scored(gold, sys)
}

// TestBootstrapDeterministic: the same seed gives the same intervals
// whatever the number of workers and the order of the documents; another
// seed gives others; a narrower level gives narrower intervals inside the
// wider ones.
func TestBootstrapDeterministic(t *testing.T) {
	p := compile(t, compareSpec)
	sc := corpusScored(rand.New(rand.NewPCG(3, 4)), 60)
	run := func(sc *corpus.Scored, opts corpus.Options) *corpus.Result {
		res, err := p.Aggregate(sc, opts)
		require.NoError(t, err)
		return res
	}
	base := run(sc, corpus.Options{Bootstrap: 500, Seed: 9, Workers: 1})
	require.NotNil(t, base.Bootstrap)
	for _, workers := range []int{2, 3, 8} {
		assert.Equal(t, base, run(sc, corpus.Options{Bootstrap: 500, Seed: 9, Workers: workers}), "workers %d", workers)
	}
	// The documents reversed: the same intervals (resampling does not see
	// the input order).
	rev := &corpus.Scored{Wanted: sc.Wanted}
	for d := len(sc.IDs) - 1; d >= 0; d-- {
		rev.IDs = append(rev.IDs, sc.IDs[d])
		rev.Sums = append(rev.Sums, sc.Sums[d])
	}
	assert.Equal(t, base.Metrics, run(rev, corpus.Options{Bootstrap: 500, Seed: 9}).Metrics)
	// Documents with ids of their own are ordered by id: reversed, the
	// same intervals too.
	keyed := *sc
	keyed.Keyed = true
	rev.Keyed = true
	byID := run(&keyed, corpus.Options{Bootstrap: 500, Seed: 9})
	assert.Equal(t, byID.Metrics, run(rev, corpus.Options{Bootstrap: 500, Seed: 9, Workers: 3}).Metrics)
	other := run(sc, corpus.Options{Bootstrap: 500, Seed: 10})
	assert.NotEqual(t, base.Metrics[0].CI, other.Metrics[0].CI)
	narrow := run(sc, corpus.Options{Bootstrap: 500, Seed: 9, Level: 0.5})
	for i, m := range base.Metrics {
		w, n := m.CI.F1, narrow.Metrics[i].CI.F1
		assert.True(t, w[0] <= n[0] && n[0] <= n[1] && n[1] <= w[1], "%s: %v inside %v", m.Name, n, w)
		assert.True(t, w[0] <= m.F1 && m.F1 <= w[1], "%s: %v contains %v", m.Name, w, m.F1)
	}
}

// TestBootstrapIdentityResample: a resample that takes every document
// once reproduces the point estimate, micro and macro: the bootstrap goes
// through the aggregation of a run.
func TestBootstrapIdentityResample(t *testing.T) {
	p := compile(t, compareSpec+"metric avg = (f.f1 + m.f1) / 2\nmetric both = (f + m) / 2\n")
	sc := corpusScored(rand.New(rand.NewPCG(5, 6)), 40)
	sc.Wanted = append(sc.Wanted, true, true)
	for d := range sc.Sums {
		sc.Sums[d] = append(sc.Sums[d], eval.Sums{}, eval.Sums{})
	}
	ones := [][]int{make([]int, 40)}
	for d := range ones[0] {
		ones[0][d] = 1
	}
	res, err := p.AggregateDraws(sc, corpus.Options{Bootstrap: 1}, ones)
	require.NoError(t, err)
	for _, m := range res.Metrics {
		switch m.Kind {
		case eval.KindCorpusValue:
			assert.InDelta(t, m.Value, m.CI.Value[0], 1e-12, m.Name)
			assert.InDelta(t, m.Value, m.CI.Value[1], 1e-12, m.Name)
		default:
			assert.InDelta(t, m.Precision, m.CI.Precision[0], 1e-12, m.Name)
			assert.InDelta(t, m.Recall, m.CI.Recall[1], 1e-12, m.Name)
			assert.InDelta(t, m.F1, m.CI.F1[0], 1e-12, m.Name)
		}
	}
	// Doubling every document changes nothing either, for any metric.
	for d := range ones[0] {
		ones[0][d] = 2
	}
	twice, err := p.AggregateDraws(sc, corpus.Options{Bootstrap: 1}, ones)
	require.NoError(t, err)
	for i, m := range twice.Metrics {
		assert.InDelta(t, res.Metrics[i].CI.F1[0], m.CI.F1[0], 1e-12, m.Name)
		assert.InDelta(t, res.Metrics[i].CI.Value[0], m.CI.Value[0], 1e-12, m.Name)
	}
}
