package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// denseFunc runs a Func on a dense row-major matrix (its positive entries
// as edges) and reports, per row (or per column with byCol), the matched
// partner as the dense solvers did. A malformed shape gives 0.
func denseFunc(f Func, byCol bool, n, m int, w []float64, to []int) float64 {
	side := n
	if byCol {
		side = m
	}
	resetTo(to, side)
	if !shapeOK(n, m, len(w)) {
		return 0
	}
	var ws Workspace
	total, chosen := f(&ws, n, m, positiveEdges(n, m, w), []Edge{})
	for _, e := range chosen {
		if byCol {
			report(to, int(e.Col), int(e.Row))
		} else {
			report(to, int(e.Row), int(e.Col))
		}
	}
	return total
}

func rowMaxDense(n, m int, w []float64, to []int) float64 {
	return denseFunc(RowMax, false, n, m, w, to)
}
func colMaxDense(n, m int, w []float64, to []int) float64 {
	return denseFunc(ColMax, true, n, m, w, to)
}
func sumPositiveDense(w []float64) float64 {
	total, _ := SumPositive(nil, 1, len(w), positiveEdges(1, len(w), w), nil)
	return total
}

// bruteMatch enumerates every set of edges (up to 2^len) and returns the
// best total of those that obey c, ordered or not. Edges name distinct
// pairs and have positive weights.
func bruteMatch(c Constraint, ordered bool, edges []Edge) float64 {
	best := 0.0
	for mask := 0; mask < 1<<len(edges); mask++ {
		var set []Edge
		for k, e := range edges {
			if mask&(1<<k) != 0 {
				set = append(set, e)
			}
		}
		if ok, total := obeys(c, ordered, set); ok && total > best {
			best = total
		}
	}
	return best
}

// obeys checks a matching against its constraint and returns its total.
func obeys(c Constraint, ordered bool, set []Edge) (bool, float64) {
	rows, cols := map[int32]int{}, map[int32]int{}
	total := 0.0
	for _, e := range set {
		rows[e.Row]++
		cols[e.Col]++
		total += e.W
	}
	for _, n := range rows {
		if n > 1 && (c == OneToOne || c == ManyToOne) {
			return false, 0
		}
	}
	for _, n := range cols {
		if n > 1 && (c == OneToOne || c == OneToMany) {
			return false, 0
		}
	}
	if ordered {
		// No two pairs cross: i < i' implies j <= j', and j < j' implies
		// i <= i' (for 1:1 this is Eq. 37: i < i' iff j < j').
		for _, a := range set {
			for _, b := range set {
				if (a.Row < b.Row && a.Col > b.Col) || (a.Col < b.Col && a.Row > b.Row) {
					return false, 0
				}
			}
		}
	}
	return true, total
}

// randomEdges draws distinct pairs of an n×k grid with weights that are
// multiples of 1/4 (exact sums), some tied.
func randomEdges(rng *rand.Rand, n, k, count int) []Edge {
	var edges []Edge
	seen := map[[2]int32]bool{}
	for range count {
		if n == 0 || k == 0 {
			break
		}
		p := [2]int32{int32(rng.IntN(n)), int32(rng.IntN(k))}
		if seen[p] {
			continue
		}
		seen[p] = true
		edges = append(edges, Edge{Row: p[0], Col: p[1], W: float64(1+rng.IntN(8)) / 4})
	}
	return edges
}

// TestFuncsAgainstBruteForce solves random sparse problems with every
// Func and checks the total against enumeration of all edge subsets, and
// the returned matching against the constraint and the total.
func TestFuncsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	kinds := []struct {
		c       Constraint
		ordered bool
	}{{OneToOne, false}, {ManyToOne, false}, {OneToMany, false}, {ManyToMany, false},
		{OneToOne, true}, {ManyToOne, true}, {OneToMany, true}, {ManyToMany, true}}
	var ws Workspace
	count := 0
	for _, kind := range kinds {
		f := For(kind.c, kind.ordered)
		require.NotNil(t, f)
		for range 3000 {
			n, k := rng.IntN(6), rng.IntN(6)
			edges := randomEdges(rng, n, k, rng.IntN(13))
			want := bruteMatch(kind.c, kind.ordered, edges)
			got, chosen := f(&ws, n, k, edges, []Edge{})
			name := fmt.Sprintf("%v ordered=%v %dx%d %v", kind.c, kind.ordered, n, k, edges)
			require.Equal(t, want, got, name)
			ok, total := obeys(kind.c, kind.ordered, chosen)
			require.True(t, ok, "%s: chosen %v breaks the constraint", name, chosen)
			require.Equal(t, want, total, "%s: chosen %v", name, chosen)
			for _, e := range chosen {
				require.True(t, slices.Contains(edges, e), "%s: chosen %v is not an edge", name, e)
			}
			noChoice, none := f(&ws, n, k, edges, nil)
			require.Equal(t, want, noChoice, name)
			require.Nil(t, none)
			count++
		}
	}
	t.Logf("%d problems checked against brute force", count)
}

// TestOrderedAgainstLCS checks the sparse chain solver against the dense
// weighted-LCS table on longer sequences than brute force reaches, and the
// plain LCS of two strings.
func TestOrderedAgainstLCS(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	var ws Workspace
	for range 500 {
		n, k := 1+rng.IntN(40), 1+rng.IntN(40)
		w := make([]float64, n*k)
		for i := range w {
			if rng.IntN(4) == 0 {
				w[i] = float64(1 + rng.IntN(5))
			}
		}
		got, chosen := Ordered(&ws, n, k, positiveEdges(n, k, w), []Edge{})
		require.Equal(t, denseLCS(n, k, w), got)
		ok, total := obeys(OneToOne, true, chosen)
		require.True(t, ok)
		require.Equal(t, got, total)
	}
	// LCS("ABCBDAB", "BDCABA") = 4 (BCBA).
	x, y := "ABCBDAB", "BDCABA"
	var edges []Edge
	for i := range x {
		for j := range y {
			if x[i] == y[j] {
				edges = append(edges, Edge{Row: int32(i), Col: int32(j), W: 1})
			}
		}
	}
	got, _ := Ordered(&ws, len(x), len(y), edges, nil)
	assert.Equal(t, 4.0, got)
	keys := func(s string) []int32 {
		out := make([]int32, len(s))
		for i := range s {
			out[i] = int32(s[i])
		}
		return out
	}
	assert.Equal(t, 4, ws.LCS(keys(x), keys(y)))
	assert.Equal(t, 0, ws.LCS(nil, keys(y)))
	// The key LCS agrees with the chain solver on unit weights.
	for range 300 {
		a, b := make([]int32, rng.IntN(30)), make([]int32, rng.IntN(30))
		for i := range a {
			a[i] = int32(rng.IntN(4))
		}
		for i := range b {
			b[i] = int32(rng.IntN(4))
		}
		var unit []Edge
		for i := range a {
			for j := range b {
				if a[i] == b[j] {
					unit = append(unit, Edge{Row: int32(i), Col: int32(j), W: 1})
				}
			}
		}
		want, _ := Ordered(&ws, len(a), len(b), unit, nil)
		require.Equal(t, want, float64(ws.LCS(a, b)))
	}
}

// denseLCS is the textbook O(n·k) weighted LCS table.
func denseLCS(n, k int, w []float64) float64 {
	prev, cur := make([]float64, k+1), make([]float64, k+1)
	for i := range n {
		for j := 1; j <= k; j++ {
			cur[j] = max(prev[j], cur[j-1], prev[j-1]+max(0, w[i*k+j-1]))
		}
		prev, cur = cur, prev
	}
	return prev[k]
}

// TestForcedPairs: edges that share no row and no column are all taken,
// without a search, and reported as the matching.
func TestForcedPairs(t *testing.T) {
	var ws Workspace
	edges := []Edge{{0, 2, 1.5}, {1, 0, 2}, {3, 1, 0.5}, {2, 3, -1}}
	total, ok := ws.forced(4, 4, edges)
	assert.True(t, ok)
	assert.Equal(t, 4.0, total)
	got, chosen := Assignment(&ws, 4, 4, edges, []Edge{})
	assert.Equal(t, 4.0, got)
	assert.Equal(t, edges[:3], chosen)
	_, ok = ws.forced(4, 4, append(edges, Edge{0, 1, 1}))
	assert.False(t, ok, "row 0 has two edges")
}

// TestFuncsMalformed: out-of-range, non-positive and NaN edges are ignored.
func TestFuncsMalformed(t *testing.T) {
	edges := []Edge{{-1, 0, 1}, {0, 9, 1}, {0, 0, math.NaN()}, {0, 0, -2}, {1, 1, 3}}
	var ws Workspace
	for _, c := range []Constraint{OneToOne, ManyToOne, OneToMany, ManyToMany} {
		for _, ordered := range []bool{false, true} {
			f := For(c, ordered)
			if f == nil {
				continue
			}
			got, chosen := f(&ws, 2, 2, edges, []Edge{})
			assert.Equal(t, 3.0, got, "%v %v", c, ordered)
			assert.Equal(t, []Edge{{1, 1, 3}}, chosen)
			got, _ = f(&ws, -1, 2, edges, nil)
			assert.Zero(t, got)
		}
	}
}
