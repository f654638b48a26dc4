package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteMax enumerates every partial injective matching of rows to columns
// and returns the best total. It uses the raw weights, so it also checks
// that clamping negatives to 0 in the solvers loses nothing. NaN must be
// replaced by the caller.
func bruteMax(n, m int, w []float64) float64 {
	used := make([]bool, m)
	var rec func(i int, acc float64) float64
	rec = func(i int, acc float64) float64 {
		if i == n {
			return acc
		}
		best := rec(i+1, acc) // row i unmatched
		for j := range m {
			if !used[j] {
				used[j] = true
				best = max(best, rec(i+1, acc+w[i*m+j]))
				used[j] = false
			}
		}
		return best
	}
	return rec(0, 0)
}

// dpMax is an independent exact solver for m ≤ 16: dynamic programming
// over the set of columns already used.
func dpMax(n, m int, w []float64) float64 {
	dp := make([]float64, 1<<m)
	next := make([]float64, 1<<m)
	for i := range dp {
		dp[i] = math.Inf(-1)
	}
	dp[0] = 0
	for i := range n {
		copy(next, dp)
		for mask, x := range dp {
			if math.IsInf(x, -1) {
				continue
			}
			for j := range m {
				if mask&(1<<j) == 0 {
					k := mask | 1<<j
					next[k] = max(next[k], x+w[i*m+j])
				}
			}
		}
		dp, next = next, dp
	}
	best := 0.0
	for _, x := range dp {
		best = max(best, x)
	}
	return best
}

// checkMatching fails unless rowTo is a valid 1:1 matching of positive
// pairs whose weight is total.
func checkMatching(t testing.TB, n, m int, w []float64, rowTo []int, total float64, exact bool) {
	t.Helper()
	used := make([]bool, m)
	sum := 0.0
	for i := range n {
		j := rowTo[i]
		if j == -1 {
			continue
		}
		if j < 0 || j >= m || used[j] || !(w[i*m+j] > 0) {
			require.Failf(t, "invalid matching", "row %d -> %d in %v (w=%v)", i, j, rowTo[:n], w)
		}
		used[j] = true
		sum += w[i*m+j]
	}
	assertTotal(t, sum, total, exact, "matched weight")
}

func assertTotal(t testing.TB, want, got float64, exact bool, what string) {
	t.Helper()
	if exact {
		if want != got {
			require.Failf(t, "wrong total", "%s: want %v, got %v", what, want, got)
		}
		return
	}
	if math.Abs(want-got) > 1e-9*max(1, math.Abs(want)) {
		require.Failf(t, "wrong total", "%s: want %v, got %v", what, want, got)
	}
}

// edgesOf lists every entry of w as an edge, shuffled, with decoys that
// MaxEdges must ignore or discount: non-positive entries, duplicates of
// lower weight and out-of-range indices.
func edgesOf(rng *rand.Rand, n, m int, w []float64) []Edge {
	var edges []Edge
	for i := range n {
		for j := range m {
			x := w[i*m+j]
			edges = append(edges, Edge{Row: int32(i), Col: int32(j), W: x})
			if x > 0 && rng.IntN(4) == 0 {
				edges = append(edges, Edge{Row: int32(i), Col: int32(j), W: x / 2})
			}
		}
	}
	edges = append(edges,
		Edge{Row: int32(n), Col: 0, W: 100},
		Edge{Row: 0, Col: int32(m), W: 100},
		Edge{Row: -1, Col: -1, W: 100},
		Edge{Row: 0, Col: 0, W: math.NaN()},
	)
	rng.Shuffle(len(edges), func(a, b int) { edges[a], edges[b] = edges[b], edges[a] })
	return edges
}

// weightKinds generate matrices of distinct flavours; exact reports
// whether every sum is exact in float64.
var weightKinds = []struct {
	name  string
	exact bool
	gen   func(rng *rand.Rand) float64
}{
	{"small-ints-ties", true, func(rng *rand.Rand) float64 { return float64(rng.IntN(9) - 3) }},
	{"mostly-zero", true, func(rng *rand.Rand) float64 {
		if rng.IntN(5) != 0 {
			return 0
		}
		return float64(1 + rng.IntN(9))
	}},
	{"floats", false, func(rng *rand.Rand) float64 { return rng.Float64()*2 - 1 }},
	{"mostly-negative", true, func(rng *rand.Rand) float64 { return float64(rng.IntN(7) - 5) }},
	{"large-ints-and-eighths", true, func(rng *rand.Rand) float64 {
		if rng.IntN(2) == 0 {
			return float64(rng.IntN(2_000_001) - 500_000)
		}
		return float64(rng.IntN(80)) / 8
	}},
}

func randomMatrix(rng *rand.Rand, n, m int, gen func(*rand.Rand) float64) []float64 {
	w := make([]float64, n*m)
	for k := range w {
		w[k] = gen(rng)
	}
	return w
}

// solveAll runs the two 1:1 entry points on one reused Assigner and
// checks each against want.
func solveAll(t testing.TB, a *Assigner, rng *rand.Rand, n, m int, w []float64, want float64, exact bool) {
	t.Helper()
	rowTo := make([]int, n+1)
	rowTo[n] = 42 // must stay untouched

	got := a.Max(n, m, w, rowTo)
	assertTotal(t, want, got, exact, "Max")
	checkMatching(t, n, m, w, rowTo, got, exact)

	got = a.MaxEdges(n, m, edgesOf(rng, n, m, w), rowTo)
	assertTotal(t, want, got, exact, "MaxEdges")
	checkMatching(t, n, m, w, rowTo, got, exact)

	if rowTo[n] != 42 {
		require.Fail(t, "wrote past row n")
	}
}

func TestAgainstBruteForce(t *testing.T) {
	const perShape = 100
	rng := rand.New(rand.NewPCG(1, 2))
	var a Assigner
	count := 0
	for _, kind := range weightKinds {
		for n := 0; n <= 6; n++ {
			for m := 0; m <= 6; m++ {
				for range perShape {
					w := randomMatrix(rng, n, m, kind.gen)
					want := bruteMax(n, m, w)
					solveAll(t, &a, rng, n, m, w, want, kind.exact)
					checkSimple(t, n, m, w, want, kind.exact)
					count++
				}
			}
		}
	}
	t.Logf("%d instances checked against brute force", count)
}

func TestAgainstDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var a Assigner
	shapes := [][2]int{{10, 12}, {12, 10}, {12, 12}, {7, 12}, {16, 9}, {1, 12}, {12, 1}}
	for _, kind := range weightKinds {
		for _, s := range shapes {
			for range 8 {
				n, m := s[0], s[1]
				w := randomMatrix(rng, n, m, kind.gen)
				var want float64
				if m <= n {
					want = dpMax(n, m, w)
				} else {
					want = dpMax(m, n, transpose(n, m, w))
				}
				solveAll(t, &a, rng, n, m, w, want, kind.exact)
			}
		}
	}
}

func transpose(n, m int, w []float64) []float64 {
	out := make([]float64, len(w))
	for i := range n {
		for j := range m {
			out[j*n+i] = w[i*m+j]
		}
	}
	return out
}

// TestBlockDiagonal hides small random blocks inside a large matrix with
// shuffled rows and columns, so components must be found and mapped back
// correctly; the answer is the sum of the blocks' brute-force answers.
func TestBlockDiagonal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var a Assigner
	for iter := range 30 {
		var blocks [][3]int // rows, cols, offset into blockW
		var blockW []float64
		n, m := 0, 0
		want := 0.0
		for range 1 + rng.IntN(40) {
			r, c := rng.IntN(5), rng.IntN(5)
			w := randomMatrix(rng, r, c, weightKinds[iter%2].gen)
			blocks = append(blocks, [3]int{r, c, len(blockW)})
			blockW = append(blockW, w...)
			want += bruteMax(r, c, w)
			n += r
			m += c
		}
		rowPerm, colPerm := rng.Perm(n), rng.Perm(m)
		w := make([]float64, n*m)
		r0, c0 := 0, 0
		for _, b := range blocks {
			for i := range b[0] {
				for j := range b[1] {
					w[rowPerm[r0+i]*m+colPerm[c0+j]] = blockW[b[2]+i*b[1]+j]
				}
			}
			r0 += b[0]
			c0 += b[1]
		}
		solveAll(t, &a, rng, n, m, w, want, true)
	}
}

// TestLargeAgree cross-checks the three entry points on bigger sparse and
// dense problems, where brute force is out of reach.
func TestLargeAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var a Assigner
	for _, s := range [][2]int{{150, 150}, {120, 200}, {200, 120}} {
		n, m := s[0], s[1]
		for _, density := range []int{2, 10, 100} {
			w := make([]float64, n*m)
			for k := range w {
				if rng.IntN(100) < density {
					w[k] = float64(1 + rng.IntN(20))
				}
			}
			rowTo := make([]int, n)
			want := a.Max(n, m, w, rowTo)
			checkMatching(t, n, m, w, rowTo, want, true)
			solveAll(t, &a, rng, n, m, w, want, true)
		}
	}
}

func TestKnownAnswers(t *testing.T) {
	tests := []struct {
		name  string
		n, m  int
		w     []float64
		want  float64
		rowTo []int
	}{
		{"empty", 0, 0, nil, 0, []int{}},
		{"no columns", 3, 0, nil, 0, []int{-1, -1, -1}},
		{"no rows", 0, 3, nil, 0, []int{}},
		{"single positive", 1, 1, []float64{2.5}, 2.5, []int{0}},
		{"single zero", 1, 1, []float64{0}, 0, []int{-1}},
		{"single negative", 1, 1, []float64{-1}, 0, []int{-1}},
		{"greedy fails", 3, 3, []float64{
			10, 9, 0,
			9, 0, 0,
			0, 0, 1,
		}, 19, []int{1, 0, 2}},
		{"anti-diagonal", 2, 2, []float64{
			1, 2,
			2, 1,
		}, 4, []int{1, 0}},
		{"wide", 2, 4, []float64{
			1, 5, 5, 1,
			1, 6, 1, 1,
		}, 11, []int{2, 1}},
		{"tall", 4, 2, []float64{
			1, 1,
			5, 6,
			5, 1,
			1, 1,
		}, 11, []int{-1, 1, 0, -1}},
		{"all negative", 2, 3, []float64{-1, -2, -3, -4, -5, -6}, 0, []int{-1, -1}},
		{"negative forces skip", 2, 2, []float64{
			5, 4,
			-10, -10,
		}, 5, []int{0, -1}},
		{"zero row in the middle", 3, 3, []float64{
			0, 3, 0,
			0, 0, 0,
			3, 0, 0,
		}, 6, []int{1, -1, 0}},
		{"NaN counts as zero", 2, 2, []float64{
			math.NaN(), 1,
			2, math.NaN(),
		}, 3, []int{1, 0}},
		{"permutation 4x4", 4, 4, []float64{
			// Best is the permutation 3,2,1,0 scoring 4+4+4+4;
			// the diagonal scores 3+3+3+3.
			3, 0, 0, 4,
			0, 3, 4, 0,
			0, 4, 3, 0,
			4, 0, 0, 3,
		}, 16, []int{3, 2, 1, 0}},
		{"one good pair beats two fair", 2, 2, []float64{
			10, 4,
			4, 0,
		}, 10, []int{0, -1}},
	}
	var a Assigner
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, solve := range []struct {
				name string
				f    func(rowTo []int) float64
			}{
				{"Max", func(rowTo []int) float64 { return a.Max(tc.n, tc.m, tc.w, rowTo) }},
				{"MaxEdges", func(rowTo []int) float64 {
					var edges []Edge
					for k, x := range tc.w {
						edges = append(edges, Edge{Row: int32(k / tc.m), Col: int32(k % tc.m), W: x})
					}
					return a.MaxEdges(tc.n, tc.m, edges, rowTo)
				}},
			} {
				rowTo := make([]int, tc.n)
				for k := range rowTo {
					rowTo[k] = 99
				}
				assert.Equal(t, tc.want, solve.f(rowTo), solve.name)
				assert.Equal(t, tc.rowTo, rowTo, solve.name)
			}
		})
	}
}

func TestMalformedInput(t *testing.T) {
	var a Assigner
	cases := []struct {
		name string
		n, m int
		w    []float64
	}{
		{"too short", 2, 2, []float64{1, 2, 3}},
		{"too long", 2, 2, []float64{1, 2, 3, 4, 5}},
		{"negative n", -1, 2, []float64{1, 2}},
		{"negative m", 2, -1, []float64{1, 2}},
		{"zero n with weights", 0, 2, []float64{1, 2}},
		{"overflowing n*m", math.MaxInt/2 + 1, 4, []float64{1, 2, 3, 4}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fresh := func() []int { return []int{7, 7, 7} }
			want := fresh()
			for k := range min(max(tc.n, 0), 3) {
				want[k] = -1
			}
			wantCol := fresh()
			for k := range min(max(tc.m, 0), 3) {
				wantCol[k] = -1
			}
			for name, f := range map[string]func([]int) float64{
				"Max":    func(to []int) float64 { return a.Max(tc.n, tc.m, tc.w, to) },
				"RowMax": func(to []int) float64 { return rowMaxDense(tc.n, tc.m, tc.w, to) },
			} {
				to := fresh()
				assert.Zero(t, f(to), name)
				assert.Equal(t, want, to, name)
			}
			to := fresh()
			assert.Zero(t, colMaxDense(tc.n, tc.m, tc.w, to))
			assert.Equal(t, wantCol, to, "ColMax")
		})
	}

	t.Run("MaxEdges negative sizes", func(t *testing.T) {
		edges := []Edge{{0, 0, 1}}
		assert.Zero(t, a.MaxEdges(-1, 1, edges, nil))
		assert.Zero(t, a.MaxEdges(1, -1, edges, nil))
		assert.Zero(t, a.MaxEdges(1, 0, edges, nil))
		to := []int{5}
		assert.Zero(t, a.MaxEdges(1, 1, nil, to))
		assert.Equal(t, []int{-1}, to)
	})

	t.Run("MaxEdges huge nominal size", func(t *testing.T) {
		// Scratch space follows the largest index used, so a huge
		// nominal size costs nothing and n+m cannot overflow.
		edges := []Edge{{3, 5, 2}, {7, 9, 7}, {3, 9, 1}, {4, 5, 1}}
		to := make([]int, 10)
		assert.Equal(t, 9.0, a.MaxEdges(math.MaxInt, math.MaxInt, edges, to))
		assert.Equal(t, []int{-1, -1, -1, 5, -1, -1, -1, 9, -1, -1}, to)
		assert.Equal(t, 0.0, a.MaxEdges(math.MaxInt, math.MaxInt, nil, to))
		// Edges outside a small nominal size are ignored.
		assert.Equal(t, 2.0, a.MaxEdges(5, 7, edges, to))
		assert.Equal(t, []int{-1, -1, -1, 5, -1, -1, -1, 9, -1, -1}[:5], to[:5])
	})

	t.Run("short or nil rowTo", func(t *testing.T) {
		w := []float64{
			0, 1, 0,
			0, 0, 2,
			3, 0, 0,
		}
		edges := []Edge{{0, 1, 1}, {1, 2, 2}, {2, 0, 3}}
		assert.Equal(t, 6.0, a.Max(3, 3, w, nil))
		assert.Equal(t, 6.0, a.MaxEdges(3, 3, edges, nil))
		assert.Equal(t, 6.0, rowMaxDense(3, 3, w, nil))
		assert.Equal(t, 6.0, colMaxDense(3, 3, w, nil))
		to := []int{9}
		assert.Equal(t, 6.0, a.Max(3, 3, w, to))
		assert.Equal(t, []int{1}, to)
		to = []int{9}
		assert.Equal(t, 6.0, a.MaxEdges(3, 3, edges, to))
		assert.Equal(t, []int{1}, to)
	})
}

// TestNonFinite feeds infinities and NaN: the caller promises not to, but
// the solvers must still return a valid matching without panicking.
func TestNonFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	specials := []float64{math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, -math.MaxFloat64, 1e308, 0, 1}
	var a Assigner
	for range 2000 {
		n, m := rng.IntN(6), rng.IntN(6)
		w := make([]float64, n*m)
		for k := range w {
			w[k] = specials[rng.IntN(len(specials))]
		}
		rowTo := make([]int, n)
		for _, f := range []func() float64{
			func() float64 { return a.Max(n, m, w, rowTo) },
			func() float64 { return a.MaxEdges(n, m, edgesOf(rng, n, m, w), rowTo) },
		} {
			var total float64
			require.NotPanics(t, func() { total = f() })
			assert.False(t, math.IsNaN(total))
			used := make([]bool, m)
			for i, j := range rowTo {
				if j < 0 {
					require.Equal(t, -1, j)
					continue
				}
				require.Less(t, j, m)
				require.False(t, used[j])
				require.Greater(t, w[i*m+j], 0.0)
				used[j] = true
			}
		}
	}
	// Finite but huge weights are still solved exactly when no sum
	// overflows.
	w := []float64{math.MaxFloat64 / 2, 0, math.MaxFloat64 / 4, 0}
	rowTo := make([]int, 2)
	assert.Equal(t, math.MaxFloat64/2, a.Max(2, 2, w, rowTo))
	assert.Equal(t, []int{0, -1}, rowTo)
}

func TestDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n, m := 30, 40
	w := randomMatrix(rng, n, m, weightKinds[0].gen) // many ties
	edges := edgesOf(rng, n, m, w)
	var reused Assigner
	for _, solve := range []func(a *Assigner, to []int) float64{
		func(a *Assigner, to []int) float64 { return a.Max(n, m, w, to) },
		func(a *Assigner, to []int) float64 { return a.MaxEdges(n, m, edges, to) },
	} {
		first := make([]int, n)
		want := solve(new(Assigner), first)
		for range 3 {
			// Dirty the scratch space with another problem first.
			reused.Max(7, 5, randomMatrix(rng, 7, 5, weightKinds[2].gen), nil)
			to := make([]int, n)
			assert.Equal(t, want, solve(&reused, to))
			assert.Equal(t, first, to)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	n, m := 40, 50
	w := randomMatrix(rng, n, m, weightKinds[1].gen)
	edges := edgesOf(rng, n, m, w)
	rowTo := make([]int, n)
	var a Assigner
	a.Max(n, m, w, rowTo)
	a.MaxEdges(n, m, edges, rowTo)
	assert.Zero(t, testing.AllocsPerRun(20, func() { a.Max(n, m, w, rowTo) }), "Max")
	assert.Zero(t, testing.AllocsPerRun(20, func() { a.MaxEdges(n, m, edges, rowTo) }), "MaxEdges")
	// Smaller problems reuse the same space.
	assert.Zero(t, testing.AllocsPerRun(20, func() { a.Max(m, n, w, rowTo) }), "Max transposed")
}

// naiveRowMax and naiveColMax restate the N:1 and 1:N definitions
// directly, for comparison.
func naiveRowMax(n, m int, w []float64) (float64, []int) {
	total, to := 0.0, make([]int, n)
	for i := range n {
		to[i] = -1
		for j := range m {
			if w[i*m+j] > 0 && (to[i] < 0 || w[i*m+j] > w[i*m+to[i]]) {
				to[i] = j
			}
		}
		if to[i] >= 0 {
			total += w[i*m+to[i]]
		}
	}
	return total, to
}

func naiveColMax(n, m int, w []float64) (float64, []int) {
	total, rowTo := naiveRowMax(m, n, transpose(n, m, w))
	return total, rowTo
}

// checkSimple checks the N:1, 1:N and N:N solvers on one matrix, and that
// relaxing a constraint never lowers the optimum want of the 1:1 problem.
func checkSimple(t testing.TB, n, m int, w []float64, want float64, exact bool) {
	t.Helper()
	to := make([]int, n)
	rowTotal := rowMaxDense(n, m, w, to)
	naive, naiveTo := naiveRowMax(n, m, w)
	assertTotal(t, naive, rowTotal, exact, "RowMax")
	if fmt.Sprint(naiveTo) != fmt.Sprint(to) {
		require.Failf(t, "RowMax", "want %v, got %v", naiveTo, to)
	}

	to = make([]int, m)
	colTotal := colMaxDense(n, m, w, to)
	naive, naiveTo = naiveColMax(n, m, w)
	assertTotal(t, naive, colTotal, exact, "ColMax")
	if fmt.Sprint(naiveTo) != fmt.Sprint(to) {
		require.Failf(t, "ColMax", "want %v, got %v", naiveTo, to)
	}

	sum := sumPositiveDense(w)
	slack := 1e-9 * max(1, sum)
	if want > rowTotal+slack || want > colTotal+slack || rowTotal > sum+slack || colTotal > sum+slack {
		require.Failf(t, "ordering", "1:1 %v, N:1 %v, 1:N %v, N:N %v", want, rowTotal, colTotal, sum)
	}
}

func TestSimpleSolvers(t *testing.T) {
	w := []float64{
		0, 3, 3, -1,
		-2, -1, 0, -5,
		1, 2, 0, 2,
	}
	rowTo := make([]int, 3)
	assert.Equal(t, 5.0, rowMaxDense(3, 4, w, rowTo))
	assert.Equal(t, []int{1, -1, 1}, rowTo, "lowest column wins ties")

	colTo := make([]int, 4)
	assert.Equal(t, 9.0, colMaxDense(3, 4, w, colTo))
	assert.Equal(t, []int{2, 0, 0, 2}, colTo, "lowest row wins ties")

	assert.Equal(t, 11.0, sumPositiveDense(w))
	assert.Equal(t, 0.0, sumPositiveDense(nil))
	assert.Equal(t, 1.5, sumPositiveDense([]float64{math.NaN(), -3, 1, 0.5, math.Inf(-1)}))

	assert.Equal(t, 0.0, rowMaxDense(0, 5, nil, nil))
	assert.Equal(t, 0.0, colMaxDense(5, 0, nil, nil))
	colTo = []int{3, 3}
	assert.Equal(t, 0.0, colMaxDense(0, 2, nil, colTo))
	assert.Equal(t, []int{-1, -1}, colTo)
}

// decodeFuzz turns bytes into a matrix of at most 6×6 with weights that
// are multiples of 1/4 in [-32, 31.75], so every sum is exact. With bit 1
// of the flags byte set, byte 0x7f becomes NaN and 0x80 becomes -Inf.
func decodeFuzz(data []byte) (n, m int, w []float64) {
	at := func(k int) byte {
		if k < len(data) {
			return data[k]
		}
		return 0
	}
	n, m = int(at(0)%7), int(at(1)%7)
	flags := at(2)
	w = make([]float64, n*m)
	for k := range w {
		b := at(3 + k)
		switch {
		case flags&2 != 0 && b == 0x7f:
			w[k] = math.NaN()
		case flags&2 != 0 && b == 0x80:
			w[k] = math.Inf(-1)
		case flags&1 != 0:
			w[k] = float64(int8(b)) / 4
		default:
			w[k] = float64(int8(b))
		}
	}
	return n, m, w
}

func FuzzAssign(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 3, 0, 10, 9, 0, 9, 0, 0, 0, 0, 1})
	f.Add([]byte{2, 5, 1, 0xff, 3, 0, 7, 7, 2, 0, 0x80, 1, 9})
	f.Add([]byte{6, 6, 2, 0x7f, 0x80, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add([]byte{5, 1, 0, 4, 4, 4, 4, 4})
	f.Add([]byte{6, 4, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1})
	var a Assigner
	f.Fuzz(func(t *testing.T, data []byte) {
		n, m, w := decodeFuzz(data)
		clean := make([]float64, len(w))
		for k, x := range w {
			if !math.IsNaN(x) {
				clean[k] = x
			}
		}
		want := bruteMax(n, m, clean)
		rng := rand.New(rand.NewPCG(uint64(len(data)), 0))
		solveAll(t, &a, rng, n, m, clean, want, true)
		// NaN must behave exactly like 0.
		rowTo := make([]int, n)
		assertTotal(t, want, a.Max(n, m, w, rowTo), true, "Max with NaN")
		checkMatching(t, n, m, clean, rowTo, want, true)
		checkSimple(t, n, m, clean, want, true)
	})
}
