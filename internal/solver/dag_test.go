package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reachSet is a preorder as a reflexive-transitive closure matrix.
type reachSet [][]bool

func (r reachSet) Leq(a, b int) bool { return r[a][b] }

// randomDAG draws a DAG on n nodes (edges from lower to higher index, in a
// shuffled labelling) and returns its reachability.
func randomDAG(rng *rand.Rand, n int) reachSet {
	perm := rng.Perm(n)
	r := make(reachSet, n)
	for i := range r {
		r[i] = make([]bool, n)
		r[i][i] = true
	}
	for a := range n {
		for b := a + 1; b < n; b++ {
			if rng.IntN(3) == 0 {
				r[perm[a]][perm[b]] = true
			}
		}
	}
	// Close transitively (Floyd–Warshall).
	for m := range n {
		for a := range n {
			for b := range n {
				if r[a][m] && r[m][b] {
					r[a][b] = true
				}
			}
		}
	}
	return r
}

// TestDAGAgainstBruteForce enumerates every set of edges on random small
// DAG pairs, keeps those that are one-to-one and keep the order (u ⪯ u'
// iff v ⪯ v'), and compares the best total and the returned matching.
func TestDAGAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var ws Workspace
	for trial := range 1500 {
		n, k := 1+rng.IntN(5), 1+rng.IntN(5)
		rows, cols := randomDAG(rng, n), randomDAG(rng, k)
		edges := randomEdges(rng, n, k, rng.IntN(12))
		want := 0.0
		for mask := 0; mask < 1<<len(edges); mask++ {
			var set []Edge
			for i, e := range edges {
				if mask&(1<<i) != 0 {
					set = append(set, e)
				}
			}
			if ok, total := keepsOrder(set, rows, cols); ok && total > want {
				want = total
			}
		}
		res := ws.DAG(n, k, edges, rows, cols, Unlimited, []Edge{})
		msg := fmt.Sprintf("trial %d: %d×%d %v rows %v cols %v", trial, n, k, edges, rows, cols)
		require.True(t, res.Proven, msg)
		require.Equal(t, want, res.Total, msg)
		ok, total := keepsOrder(res.Match, rows, cols)
		require.True(t, ok, "%s: %v breaks the order", msg, res.Match)
		require.Equal(t, want, total, msg)
	}
}

func keepsOrder(set []Edge, rows, cols reachSet) (bool, float64) {
	total := 0.0
	for i, a := range set {
		total += a.W
		for _, b := range set[i+1:] {
			if !compatible(a, b, rows, cols) {
				return false, 0
			}
		}
	}
	return true, total
}

// TestDAGChain: on two chains (total orders) the DAG solver is the
// sequence solver.
func TestDAGChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	var ws Workspace
	chain := func(n int) reachSet {
		r := make(reachSet, n)
		for i := range r {
			r[i] = make([]bool, n)
			for j := i; j < n; j++ {
				r[i][j] = true
			}
		}
		return r
	}
	for range 200 {
		n, k := 1+rng.IntN(12), 1+rng.IntN(12)
		edges := randomEdges(rng, n, k, rng.IntN(40))
		want, _ := Ordered(&ws, n, k, edges, nil)
		res := ws.DAG(n, k, edges, chain(n), chain(k), Unlimited, nil)
		require.True(t, res.Proven)
		require.InDelta(t, want, res.Total, 1e-9)
	}
}

// TestDAGLimit: a node limit stops the search with the best found and a
// bound no lower.
func TestDAGLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	var ws Workspace
	n := 14
	flat := make(reachSet, n) // an antichain: any injective matching keeps it
	for i := range flat {
		flat[i] = make([]bool, n)
		flat[i][i] = true
	}
	edges := randomEdges(rng, n, n, 150)
	res := ws.DAG(n, n, edges, flat, randomDAG(rng, n), Limits{MaxNodes: 5}, nil)
	assert.False(t, res.Proven)
	assert.LessOrEqual(t, 5, res.Nodes)
	assert.GreaterOrEqual(t, res.Bound, res.Total)
}
