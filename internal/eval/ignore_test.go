package eval_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIgnoreAgainstBruteForce: under `ignore = c == 1` the matching is the
// best by (Σalign, Σcredit) over all the elements; then the gold elements
// with c = 1 and the predictions matched to them leave the sums. The
// brute force enumerates the matchings; trials whose optimal matchings
// disagree on the sums are skipped (ties the definition leaves open).
func TestIgnoreAgainstBruteForce(t *testing.T) {
	kinds := []struct {
		op           string
		one, oneGold bool
	}{{"<->", true, true}, {"->", true, false}, {"<-", false, true}, {"~", false, false}}
	rng := rand.New(rand.NewPCG(61, 62))
	type doc struct {
		Qs []quad `json:"qs"`
	}
	for _, k := range kinds {
		p := compile(t, fmt.Sprintf(`
type Q { a: int, b: int, c: int, d: int }
type Doc { qs: bag<Q> }
input Doc
metric m = F%s[qs](delta[d] + 0.5 * delta[c], align = delta[a] + 0.5 * delta[b], ignore = c == 1)
`, k.op))
		checked := 0
		for trial := range 200 {
			xs, ys := randQuads(rng), randQuads(rng)
			want, ok := ignoreSums(xs, ys, k.one, k.oneGold)
			if !ok {
				continue
			}
			checked++
			got := score(t, p, input(t, "g", doc{ys}), input(t, "p", doc{xs}), corpus.Options{})
			msg := fmt.Sprintf("%s trial %d xs=%v ys=%v", k.op, trial, xs, ys)
			require.InDelta(t, want[0], got["m"].Sums.PredGold, 1e-9, msg)
			require.InDelta(t, want[1], got["m"].Sums.PredPred, 1e-9, msg)
			require.InDelta(t, want[2], got["m"].Sums.GoldGold, 1e-9, msg)
		}
		assert.Greater(t, checked, 150, k.op)
	}
}

// ignoreSums is the definition: every optimal matching's Σ(X,Y) over the
// pairs whose gold has c ≠ 1, Σ(X,X) over the predictions not matched to a
// gold with c = 1 (each credited with itself, 1.5), Σ(Y,Y) over the golds
// with c ≠ 1. ok is false when optimal matchings disagree.
func ignoreSums(xs, ys []quad, one, oneGold bool) (sums [3]float64, ok bool) {
	alignW := func(x, y quad) float64 {
		return b2f(x.A == y.A) + 0.5*b2f(x.B == y.B)
	}
	credit := func(x, y quad) float64 {
		return b2f(x.D == y.D) + 0.5*b2f(x.C == y.C)
	}
	type pr struct{ i, j int }
	var cands []pr
	for i := range xs {
		for j := range ys {
			if alignW(xs[i], ys[j]) > 0 {
				cands = append(cands, pr{i, j})
			}
		}
	}
	bestA, bestC := -1.0, 0.0
	var best [][3]float64
	for mask := 0; mask < 1<<len(cands); mask++ {
		var set []pr
		for k, c := range cands {
			if mask&(1<<k) != 0 {
				set = append(set, c)
			}
		}
		valid, a, c := true, 0.0, 0.0
		for k, u := range set {
			a += alignW(xs[u.i], ys[u.j])
			c += credit(xs[u.i], ys[u.j])
			for _, v := range set[k+1:] {
				if (one && u.i == v.i) || (oneGold && u.j == v.j) {
					valid = false
				}
			}
		}
		if !valid {
			continue
		}
		var s [3]float64
		dropped := map[int]bool{}
		for _, u := range set {
			if ys[u.j].C == 1 {
				dropped[u.i] = true
			} else {
				s[0] += credit(xs[u.i], ys[u.j])
			}
		}
		for i := range xs {
			if !dropped[i] {
				s[1] += 1.5
			}
		}
		for _, y := range ys {
			if y.C != 1 {
				s[2] += 1.5
			}
		}
		switch {
		case a > bestA+1e-12 || (math.Abs(a-bestA) <= 1e-12 && c > bestC+1e-12):
			bestA, bestC, best = a, c, [][3]float64{s}
		case math.Abs(a-bestA) <= 1e-12 && math.Abs(c-bestC) <= 1e-12:
			best = append(best, s)
		}
	}
	for _, s := range best[1:] {
		if s != best[0] {
			return s, false
		}
	}
	return best[0], true
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// TestIgnoreNestedAndTraced: a nested matching with ignore normalizes its
// own sums; the trace marks the ignored pair and leaves its credit out.
func TestIgnoreNestedAndTraced(t *testing.T) {
	spec := `
type R { k: int, ok: bool, v: int }
type G { rs: bag<R> }
type Doc { id: string, gs: bag<G> }
input Doc
metric m = S<->[gs](F<->[rs](delta[v], align = delta[k], ignore = not ok))
`
	type r struct {
		K  int  `json:"k"`
		OK bool `json:"ok"`
		V  int  `json:"v"`
	}
	type g struct {
		Rs []r `json:"rs"`
	}
	type doc struct {
		ID string `json:"id"`
		Gs []g    `json:"gs"`
	}
	// Gold: k1 (v1), k2 (ignored), k3 (v3). Pred: k1 (v1), k2 (v9), k4.
	// The k2 pair leaves with its prediction: Σ(X,Y) = 1, Σ(X,X) = 2 (k1,
	// k4), Σ(Y,Y) = 2 (k1, k3): F = 2/4.
	gold := doc{"d", []g{{[]r{{1, true, 1}, {2, false, 2}, {3, true, 3}}}}}
	pred := doc{"d", []g{{[]r{{1, true, 1}, {2, true, 9}, {4, true, 4}}}}}
	p := compile(t, spec)
	got := score(t, p, input(t, "g", gold), input(t, "p", pred), corpus.Options{})
	assert.InDelta(t, 0.5, got["m"].Sums.PredGold, 1e-12)
	// Against itself, the ignored element leaves both sides: F = 1.
	assert.InDelta(t, 1.0, got["m"].Sums.GoldGold, 1e-12)

	traces := tracePair(t, spec, gold, pred)
	require.Len(t, traces, 1)
	inner := traces[0].Alignments[0].Pairs[0].Sub[0]
	require.Len(t, inner.Pairs, 2)
	assert.False(t, inner.Pairs[0].Ignored)
	assert.True(t, inner.Pairs[1].Ignored)
	assert.Equal(t, 1.0, inner.PredGold)
	assert.Equal(t, [2]float64{2, 2}, [2]float64{inner.PredPred, inner.GoldGold})
	assert.InDelta(t, 0.5, inner.Value, 1e-12)
}

// TestEmpty: with empty = 1 a side whose self-sum is 0 has precision
// (recall) 1, in the corpus, the breakdown and per document; with the
// default, 0. F1 is the harmonic mean either way.
func TestEmpty(t *testing.T) {
	p := compile(t, `
type E { l: string, x: int }
type Doc { id: string, es: set<E> }
input Doc
metric zero = F<->[es](delta)
metric one = F<->[es](delta) empty = 1
metric byl = F<->[es](delta) by l empty = 1
metric mac = F<->[es](delta) macro empty = 1
`)
	type e struct {
		L string `json:"l"`
		X int    `json:"x"`
	}
	type doc struct {
		ID string `json:"id"`
		Es []e    `json:"es"`
	}
	// Nothing predicted, two gold elements (labels a, b); a second
	// document with one element predicted and no gold.
	gold := []any{doc{"d1", []e{{"a", 1}, {"b", 2}}}, doc{"d2", []e{}}}
	pred := []any{doc{"d1", []e{}}, doc{"d2", []e{{"c", 3}}}}
	res, err := p.Score(input(t, "g", gold...), input(t, "p", pred...), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	m := map[string]*corpus.MetricResult{}
	for _, r := range res.Metrics {
		m[r.Name] = r
	}
	prf := func(r *corpus.MetricResult) [3]float64 { return [3]float64{r.Precision, r.Recall, r.F1} }
	assert.Equal(t, [3]float64{0, 0, 0}, prf(m["zero"]))
	assert.Equal(t, [3]float64{0, 0, 0}, prf(m["one"]), "P 0/1, R 0/2")
	rows := map[string][3]float64{}
	for _, r := range m["byl"].By {
		rows[r.Name] = prf(r)
	}
	assert.Equal(t, map[string][3]float64{"a": {1, 0, 0}, "b": {1, 0, 0}, "c": {0, 1, 0}}, rows)
	d1 := map[string][3]float64{}
	for _, r := range res.PerDoc[0].Metrics {
		d1[r.Name] = prf(r)
	}
	assert.Equal(t, [3]float64{0, 0, 0}, d1["zero"])
	assert.Equal(t, [3]float64{1, 0, 0}, d1["one"])
	// Macro: d1 (1, 0, 0) and d2 (0, 1, 0).
	assert.Equal(t, [3]float64{0.5, 0.5, 0}, prf(m["mac"]))
}
