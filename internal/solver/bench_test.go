package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// denseRandom is a fully positive matrix: the worst case for component
// splitting and the typical case for the dense solver.
func denseRandom(n, m int) []float64 {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(m)))
	w := make([]float64, n*m)
	for k := range w {
		w[k] = rng.Float64()
	}
	return w
}

// corefBlocks imitates CEAF on a long document: entities come in small
// runs of 1–4 predicted and 1–4 reference clusters that overlap only each
// other, so every row has 1–3 positive entries near the diagonal and the
// graph splits into many small components.
func corefBlocks(n int) []float64 {
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	w := make([]float64, n*n)
	for r0, c0 := 0, 0; r0 < n && c0 < n; {
		r, c := min(1+rng.IntN(4), n-r0), min(1+rng.IntN(4), n-c0)
		for i := r0; i < r0+r; i++ {
			for range 1 + rng.IntN(min(3, c)) {
				w[i*n+c0+rng.IntN(c)] = 0.1 + 0.9*rng.Float64()
			}
		}
		r0 += r
		c0 += c
	}
	return w
}

// corefBand puts 1–3 positive entries within ±2 of the diagonal in every
// row, which chains everything into one large but very sparse component:
// the bad case for splitting.
func corefBand(n int) []float64 {
	rng := rand.New(rand.NewPCG(43, uint64(n)))
	w := make([]float64, n*n)
	for i := range n {
		for range 1 + rng.IntN(3) {
			j := min(max(i+rng.IntN(5)-2, 0), n-1)
			w[i*n+j] = 0.1 + 0.9*rng.Float64()
		}
	}
	return w
}

func positiveEdges(n, m int, w []float64) []Edge {
	var edges []Edge
	for k, x := range w {
		if x > 0 {
			edges = append(edges, Edge{Row: int32(k / m), Col: int32(k % m), W: x})
		}
	}
	return edges
}

func benchSolvers(b *testing.B, n, m int, w []float64, which ...string) {
	edges := positiveEdges(n, m, w)
	rowTo := make([]int, n)
	for _, name := range which {
		b.Run(name, func(b *testing.B) {
			var a Assigner
			b.ReportAllocs()
			for b.Loop() {
				switch name {
				case "Max":
					a.Max(n, m, w, rowTo)
				case "MaxEdges":
					a.MaxEdges(n, m, edges, rowTo)
				}
			}
		})
	}
}

func BenchmarkDense(b *testing.B) {
	for _, s := range [][2]int{{10, 12}, {50, 60}, {200, 250}, {1000, 1000}} {
		n, m := s[0], s[1]
		b.Run(fmt.Sprintf("%dx%d", n, m), func(b *testing.B) {
			benchSolvers(b, n, m, denseRandom(n, m), "Max")
		})
	}
}

func BenchmarkCoref2000(b *testing.B) {
	const n = 2000
	b.Run("blocks", func(b *testing.B) {
		benchSolvers(b, n, n, corefBlocks(n), "Max", "MaxEdges")
	})
	b.Run("band", func(b *testing.B) {
		benchSolvers(b, n, n, corefBand(n), "Max", "MaxEdges")
	})
}

func BenchmarkSimple(b *testing.B) {
	const n, m = 200, 250
	edges := positiveEdges(n, m, denseRandom(n, m))
	var ws Workspace
	for _, f := range []struct {
		name  string
		solve Func
	}{{"RowMax", RowMax}, {"ColMax", ColMax}, {"SumPositive", SumPositive}, {"Ordered", Ordered}} {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f.solve(&ws, n, m, edges, nil)
			}
		})
	}
}
