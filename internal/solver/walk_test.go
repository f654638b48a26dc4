package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walkDense is OrderedFirst on the full table: L[g][s] is the heaviest
// chain within columns ≥ g and rows ≥ s, and the walk takes (s, g) when a
// heaviest chain of the rest starts with it, passes column g when one does
// without it, else passes row s.
func walkDense(n, k int, w [][]float64) (float64, [][2]int32) {
	L := make([][]float64, k+1)
	for g := range L {
		L[g] = make([]float64, n+1)
	}
	for g := k - 1; g >= 0; g-- {
		for s := n - 1; s >= 0; s-- {
			v := max(L[g+1][s], L[g][s+1])
			if w[s][g] > 0 {
				v = max(v, w[s][g]+L[g+1][s+1])
			}
			L[g][s] = v
		}
	}
	var pairs [][2]int32
	total := 0.0
	g, s := 0, 0
	for g < k && s < n && L[g][s] > 1e-12 {
		switch {
		case w[s][g] > 0 && w[s][g]+L[g+1][s+1] >= L[g][s]-1e-9:
			pairs = append(pairs, [2]int32{int32(s), int32(g)})
			total += w[s][g]
			g, s = g+1, s+1
		case L[g+1][s] >= L[g][s]-1e-9:
			g++
		default:
			s++
		}
	}
	return total, pairs
}

func TestOrderedFirstAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ws Workspace
	for trial := 0; trial < 4000; trial++ {
		n, k := 1+rng.IntN(7), 1+rng.IntN(7)
		w := make([][]float64, n)
		var edges []Edge
		unit := trial%2 == 0
		for s := range w {
			w[s] = make([]float64, k)
			for g := range w[s] {
				if rng.Float64() < 0.35 {
					v := 1.0
					if !unit {
						v = float64(1 + rng.IntN(3))
					}
					w[s][g] = v
					edges = append(edges, Edge{Row: int32(s), Col: int32(g), W: v})
				}
			}
		}
		rng.Shuffle(len(edges), func(i, j int) { edges[i], edges[j] = edges[j], edges[i] })
		wantTotal, wantPairs := walkDense(n, k, w)
		total, chosen := OrderedFirst(&ws, n, k, edges, []Edge{})
		var pairs [][2]int32
		for _, e := range chosen {
			pairs = append(pairs, [2]int32{e.Row, e.Col})
		}
		require.InDelta(t, wantTotal, total, 1e-9, "trial %d", trial)
		require.Equal(t, wantPairs, pairs, "trial %d: %v", trial, w)
		best, _ := Ordered(&ws, n, k, edges, nil)
		assert.InDelta(t, best, total, 1e-9)
	}
}

// TestOrderedFirstScorerWalk: the CoNLL 2018 UD scorer's LCS walk on the
// forms inside a multiword span, e.g. gold "a a" against predicted "a q":
// the first gold "a" (the walk meets the pair (0, 0) first).
func TestOrderedFirstScorerWalk(t *testing.T) {
	var ws Workspace
	cases := []struct {
		gold, pred string
		want       [][2]int32 // (pred, gold)
	}{
		{"aa", "aq", [][2]int32{{0, 0}}},
		{"bbb", "ab", [][2]int32{{1, 2}}},
		{"bbb", "bab", [][2]int32{{0, 0}, {2, 2}}},
		{"ba", "ab", [][2]int32{{0, 1}}},
	}
	for _, c := range cases {
		var edges []Edge
		for s := range c.pred {
			for g := range c.gold {
				if c.pred[s] == c.gold[g] {
					edges = append(edges, Edge{Row: int32(s), Col: int32(g), W: 1})
				}
			}
		}
		_, chosen := OrderedFirst(&ws, len(c.pred), len(c.gold), edges, []Edge{})
		var pairs [][2]int32
		for _, e := range chosen {
			pairs = append(pairs, [2]int32{e.Row, e.Col})
		}
		assert.Equal(t, c.want, pairs, "%s %s", c.gold, c.pred)
	}
}
