package stdlib

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

var rankingSeq = &types.Collection{Kind: types.Seq, Elem: types.StringType}

// rank scores a ranking against gold judgments: relevant items (grade 1)
// or graded ones, as the json type reads an object.
func rank(s *Similarity, k float64, ranking []string, grades map[string]float64, order []string) float64 {
	a := value.NewArena()
	items := make([]value.Ref, len(ranking))
	for i, r := range ranking {
		items[i] = a.String(r)
	}
	x := a.JSONArray(items)
	var y value.Ref
	if grades == nil {
		gold := make([]value.Ref, len(order))
		for i, r := range order {
			gold[i] = a.String(r)
		}
		y = a.JSONArray(gold)
	} else {
		var entries []value.Ref
		for _, key := range order {
			entries = append(entries, a.JSONEntry(a.String(key), a.Number(value.Float, grades[key])))
		}
		y = a.JSONObject(entries)
	}
	var args []Arg
	if s.Params != nil {
		args = []Arg{{Number: k}}
	}
	return s.Impl(types.JSONType, args)(a, x, y)
}

// TestRankingHandValues: a run ranking A B C D E for a query whose
// relevant items are A, C and F, as trec_eval computes its measures.
func TestRankingHandValues(t *testing.T) {
	run := []string{"A", "B", "C", "D", "E"}
	rel := []string{"F", "C", "A"}
	for _, c := range []struct {
		name string
		s    *Similarity
		k    float64
		want float64
	}{
		{"P_1", PrecisionAt, 1, 1},
		{"P_3", PrecisionAt, 3, 2.0 / 3},
		{"P_5", PrecisionAt, 5, 2.0 / 5},
		{"P_10 divides by 10", PrecisionAt, 10, 2.0 / 10},
		{"recall_5", RecallAt, 5, 2.0 / 3},
		{"recall_1", RecallAt, 1, 1.0 / 3},
		{"map: (1/1 + 2/3) / 3", AP, 0, (1 + 2.0/3) / 3},
		{"ndcg_cut_5", NDCG, 5, (1 + 1/math.Log2(4)) / (1 + 1/math.Log2(3) + 1/math.Log2(4))},
		{"ndcg_cut_1", NDCG, 1, 1},
		{"hits at 5", Hits, 5, 2},
	} {
		assert.InDelta(t, c.want, rank(c.s, c.k, run, nil, rel), 1e-12, c.name)
	}
	// Graded: A 3, C 2, F 1, B judged not relevant.
	grades := map[string]float64{"A": 3, "C": 2, "F": 1, "B": 0}
	order := []string{"B", "F", "C", "A"}
	assert.InDelta(t, (3+2/math.Log2(4))/(3+2/math.Log2(3)+1/math.Log2(4)), rank(NDCG, 5, run, grades, order), 1e-12)
	assert.InDelta(t, (1+2.0/3)/3, rank(AP, 0, run, grades, order), 1e-12)
	// A repeated item counts at its first rank; no relevant item scores 0.
	assert.Equal(t, 0.5, rank(PrecisionAt, 2, []string{"A", "A"}, nil, rel))
	assert.Equal(t, 0.0, rank(AP, 0, run, nil, nil))
	assert.Equal(t, 0.0, rank(NDCG, 3, run, nil, nil))
	assert.Equal(t, 0.0, rank(RecallAt, 3, run, nil, nil))
}

// TestRankingBruteForce checks every measure against its definition,
// recomputed directly, on random runs and judgments.
func TestRankingBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	pool := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for range 1000 {
		run := make([]string, r.IntN(8))
		for i := range run {
			run[i] = pool[r.IntN(len(pool))]
		}
		grades := map[string]float64{}
		var order []string
		for _, p := range pool {
			if r.IntN(3) == 0 {
				grades[p] = float64(r.IntN(4))
				order = append(order, p)
			}
		}
		k := 1 + r.IntN(6)
		// The run with repeats dropped, and each rank's grade.
		var seen []string
		var g []float64
		for _, d := range run {
			if !contains(seen, d) {
				seen = append(seen, d)
				g = append(g, grades[d])
			}
		}
		relevant := 0
		var ideal []float64
		for _, p := range order {
			if grades[p] > 0 {
				relevant++
				ideal = append(ideal, grades[p])
			}
		}
		hitsAt := func(k int) float64 {
			n := 0.0
			for i := 0; i < k && i < len(g); i++ {
				if g[i] > 0 {
					n++
				}
			}
			return n
		}
		ap, dcg, idcg := 0.0, 0.0, 0.0
		for i := range g {
			if g[i] > 0 {
				ap += hitsAt(i+1) / float64(i+1)
			}
			if i < k {
				dcg += g[i] / math.Log2(float64(i)+2)
			}
		}
		// The ideal order: grades sorted, by selection.
		for i := 0; i < k && len(ideal) > 0; i++ {
			best := 0
			for j := range ideal {
				if ideal[j] > ideal[best] {
					best = j
				}
			}
			idcg += ideal[best] / math.Log2(float64(i)+2)
			ideal = append(ideal[:best], ideal[best+1:]...)
		}
		div := func(p, q float64) float64 {
			if q == 0 {
				return 0
			}
			return p / q
		}
		kf := float64(k)
		require.InDelta(t, hitsAt(k)/kf, rank(PrecisionAt, kf, run, grades, order), 1e-12)
		require.InDelta(t, div(hitsAt(k), float64(relevant)), rank(RecallAt, kf, run, grades, order), 1e-12)
		require.InDelta(t, div(ap, float64(relevant)), rank(AP, 0, run, grades, order), 1e-12)
		require.InDelta(t, div(dcg, idcg), rank(NDCG, kf, run, grades, order), 1e-12)
		require.InDelta(t, hitsAt(k), rank(Hits, kf, run, grades, order), 1e-12)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestRankingChecks(t *testing.T) {
	assert.Empty(t, PrecisionAt.CheckArgs(rankingSeq, []Arg{{Number: 10}}))
	assert.Contains(t, PrecisionAt.CheckArgs(rankingSeq, []Arg{{Number: 2.5}}), "whole number")
	assert.Contains(t, NDCG.CheckArgs(types.StringType, []Arg{{Number: 3}}), "compares a ranking")
	assert.Empty(t, AP.Check(types.JSONType))
}
