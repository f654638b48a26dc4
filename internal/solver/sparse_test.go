package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSparseAgainstDense: the sparse solver finds the optimum the dense
// one finds, on random sparse components (ties, repeated edges and rows or
// columns without edges included), and its matching is valid and weighs
// what it claims.
func TestSparseAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var a Assigner
	for trial := range 3300 {
		r, c := 1+rng.IntN(9), 1+rng.IntN(9)
		edgeCount := rng.IntN(r*c + 3)
		if trial >= 3000 { // larger and sparser
			r, c = 10+rng.IntN(40), 10+rng.IntN(40)
			edgeCount = rng.IntN(4 * max(r, c))
		}
		var edges []localEdge
		w := make([]float64, r*c)
		for range edgeCount {
			e := localEdge{int32(rng.IntN(r)), int32(rng.IntN(c)), float64(1 + rng.IntN(4))}
			if rng.IntN(3) == 0 {
				e.w = rng.Float64()
			}
			edges = append(edges, e)
			w[int(e.row)*c+int(e.col)] = max(w[int(e.row)*c+int(e.col)], e.w)
		}
		want := a.Max(r, c, w, nil)
		var s sparseState
		total, rowCol := s.sparseMatch(r, c, edges)
		got := 0.0
		used := map[int32]bool{}
		for i, j := range rowCol {
			if j < 0 || int(j) >= c {
				continue
			}
			require.False(t, used[j], "trial %d: column %d used twice", trial, j)
			used[j] = true
			got += w[i*c+int(j)]
		}
		assert.InDelta(t, want, got, 1e-9, "trial %d: %d×%d, %v", trial, r, c, edges)
		assert.InDelta(t, got, total, 1e-9, "trial %d: the total claimed", trial)
	}
}

// TestMaxEdgesLargeSparse: a component past the dense solver's size (a
// chain of overlapping spans, each row overlapping three columns) is
// solved sparsely, to the optimum of the dense solver.
func TestMaxEdgesLargeSparse(t *testing.T) {
	const n = 1030 // n² just past sparseMinCells
	rng := rand.New(rand.NewPCG(5, 6))
	var edges []Edge
	w := make([]float64, n*n)
	for i := range n {
		for d := -1; d <= 1; d++ {
			if j := i + d; j >= 0 && j < n {
				x := float64(1+rng.IntN(5)) / 5
				edges = append(edges, Edge{int32(i), int32(j), x})
				w[i*n+j] = x
			}
		}
	}
	require.True(t, useSparse(n, n, len(edges)))
	var a Assigner
	rowTo := make([]int, n)
	got := a.MaxEdges(n, n, edges, rowTo)
	want := a.Max(n, n, w, nil)
	assert.InDelta(t, want, got, 1e-9)
	sum, used := 0.0, map[int]bool{}
	for i, j := range rowTo {
		if j >= 0 {
			require.False(t, used[j])
			used[j] = true
			sum += w[i*n+j]
		}
	}
	assert.InDelta(t, got, sum, 1e-9)
}

// FuzzSparse: on any small component the sparse solver reaches the dense
// solver's optimum with a valid matching. Each triple of bytes is an edge
// (row, column, weight in eighths).
func FuzzSparse(f *testing.F) {
	f.Add(uint8(3), uint8(3), []byte{0, 0, 8, 0, 1, 16, 1, 1, 8, 2, 2, 3})
	f.Add(uint8(1), uint8(7), []byte{0, 3, 32, 0, 2, 8, 0, 5, 24, 0, 0, 16})
	f.Fuzz(func(t *testing.T, rb, cb uint8, data []byte) {
		r, c := 1+int(rb%12), 1+int(cb%12)
		var edges []localEdge
		w := make([]float64, r*c)
		for k := 0; k+2 < len(data) && len(edges) < 200; k += 3 {
			e := localEdge{int32(int(data[k]) % r), int32(int(data[k+1]) % c), float64(1+int(data[k+2])%64) / 8}
			edges = append(edges, e)
			w[int(e.row)*c+int(e.col)] = max(w[int(e.row)*c+int(e.col)], e.w)
		}
		var a Assigner
		want := a.Max(r, c, w, nil)
		var s sparseState
		_, match := s.sparseMatch(r, c, edges)
		got, used := 0.0, map[int32]bool{}
		for i, j := range match {
			if j < 0 || int(j) >= c {
				continue
			}
			if used[j] {
				t.Fatalf("column %d used twice", j)
			}
			used[j] = true
			got += w[i*c+int(j)]
		}
		if d := got - want; d > 1e-9 || d < -1e-9 {
			t.Fatalf("sparse %v, dense %v on %d×%d %v", got, want, r, c, edges)
		}
	})
}
