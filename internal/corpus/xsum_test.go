package corpus

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// exactSum is the sum of xs rounded once to the nearest float64 (ties to
// even), computed with enough bits to hold any sum of float64s exactly.
func exactSum(xs []float64) float64 {
	acc := new(big.Float).SetPrec(4096)
	for _, x := range xs {
		acc.Add(acc, new(big.Float).SetPrec(4096).SetFloat64(x))
	}
	f, _ := acc.Float64()
	return f
}

// TestXsumExact: on random terms of wildly different magnitudes, signs and
// counts, the total is the exactly rounded sum, in every order.
func TestXsumExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + rng.IntN(40)
		xs := make([]float64, n)
		for i := range xs {
			switch rng.IntN(4) {
			case 0:
				xs[i] = rng.Float64()
			case 1:
				xs[i] = math.Ldexp(rng.Float64()-0.5, rng.IntN(200)-100)
			case 2:
				xs[i] = float64(rng.IntN(1000)) / float64(1+rng.IntN(7))
			default:
				xs[i] = -xs[rng.IntN(i+1)] // cancellations
			}
		}
		want := exactSum(xs)
		for range 3 {
			rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			var s xsum
			for _, x := range xs {
				s.add(x)
			}
			if !assert.Equal(t, want, s.sum(), "trial %d: %v", trial, xs) {
				return
			}
		}
	}
}

// TestXsumTies: a true sum exactly half an ulp past a float, or just past
// the half, rounds as one rounding of the exact value does.
func TestXsumTies(t *testing.T) {
	ulp := math.Nextafter(1, 2) - 1
	for _, xs := range [][]float64{
		{1, ulp / 2},              // tie: to even, 1
		{1, ulp / 2, ulp / 1024},  // past the tie: up
		{1, ulp / 2, -ulp / 1024}, // below the tie: 1
		{1 + ulp, ulp / 2},        // tie: to even, 1+2ulp
		{1e16, 1, -1e16},          // 1
		{0.1, 0.2, 0.3, -0.6},     // exactly representable remainders
		{math.MaxFloat64, math.MaxFloat64, -math.MaxFloat64}, // would overflow on the way
		{math.MaxFloat64, math.MaxFloat64},                   // does overflow: +Inf
	} {
		var s xsum
		for _, x := range xs {
			s.add(x)
		}
		assert.Equal(t, exactSum(xs), s.sum(), "%v", xs)
	}
	var s xsum
	s.add(math.Inf(1))
	s.add(math.Inf(-1))
	assert.True(t, math.IsNaN(s.sum()))
	var z xsum
	assert.Equal(t, 0.0, z.sum())
}
