package corpus

import (
	"cmp"
	"math"
	"math/big"
	"slices"

	"github.com/metricc/metricc/internal/eval"
)

// xsum adds floats exactly and rounds once at the end: the total is the
// exact sum rounded to the nearest float (ties to even), whatever the order
// of the terms. Corpus sums and macro averages use it so that a corpus
// scored in one run, in shards merged afterwards, or in any document order
// gives the same bits (metricc merge promises byte-identical output).
//
// The running total is a list of non-overlapping partial sums, smallest
// magnitude first (Shewchuk, "Adaptive precision floating-point arithmetic
// and fast robust geometric predicates", 1997); adding a term costs one
// pass over the list, which rarely holds more than two or three floats.
type xsum struct {
	partials []float64
	// special accumulates infinities and NaNs; when it is not zero it is
	// the result.
	special float64
	// huge takes over, exactly, when a sum could overflow a float on the
	// way (terms near the largest float); never in practice.
	huge *big.Float
}

// hugeAt is the magnitude from which two terms could overflow when added.
const hugeAt = 0x1p1022

func (s *xsum) add(x float64) {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		s.special += x
		return
	}
	if n := len(s.partials); s.huge != nil || math.Abs(x) >= hugeAt || (n > 0 && math.Abs(s.partials[n-1]) >= hugeAt) {
		s.addHuge(x)
		return
	}
	i := 0
	for _, y := range s.partials {
		if math.Abs(x) < math.Abs(y) {
			x, y = y, x
		}
		hi := x + y
		lo := y - (hi - x)
		if lo != 0 {
			s.partials[i] = lo
			i++
		}
		x = hi
	}
	s.partials = append(s.partials[:i], x)
}

func (s *xsum) addHuge(x float64) {
	if s.huge == nil {
		s.huge = new(big.Float).SetPrec(4096)
		for _, p := range s.partials {
			s.huge.Add(s.huge, big.NewFloat(p))
		}
		s.partials = s.partials[:0]
	}
	s.huge.Add(s.huge, big.NewFloat(x))
}

// sum is the correctly rounded total.
func (s *xsum) sum() float64 {
	if s.special != 0 || math.IsNaN(s.special) {
		return s.special
	}
	if s.huge != nil {
		f, _ := s.huge.Float64()
		return f
	}
	p := s.partials
	n := len(p)
	if n == 0 {
		return 0
	}
	// Add from the largest partial down until the addition is inexact;
	// the partials are non-overlapping, so what is left below cannot
	// change the result except to break a tie at exactly half an ulp.
	n--
	hi := p[n]
	lo := 0.0
	for n > 0 {
		x, y := hi, p[n-1]
		n--
		hi = x + y
		lo = y - (hi - x)
		if lo != 0 {
			break
		}
	}
	// hi + lo is exact and lo is half an ulp of hi or less; when lo is
	// exactly half an ulp, hi was rounded to even, and a remaining partial
	// of the same sign as lo says the true sum is past the tie.
	if n > 0 && ((lo < 0 && p[n-1] < 0) || (lo > 0 && p[n-1] > 0)) {
		y := 2 * lo
		x := hi + y
		if x-hi == y {
			hi = x
		}
	}
	return hi
}

// sumsAcc adds eval.Sums exactly: the four sums of a metric, its breakdown by
// key and its search statistics.
type sumsAcc struct {
	pg, pp, gg, pgr, clipped xsum
	search                   eval.SearchStats
	by                       map[string]*[4]xsum
}

func (a *sumsAcc) add(s *eval.Sums) {
	a.pg.add(s.PredGold)
	a.pp.add(s.PredPred)
	a.gg.add(s.GoldGold)
	a.pgr.add(s.PredGoldRecall)
	a.clipped.add(s.Clipped)
	a.search.Add(s.Search)
	if len(s.By) == 0 {
		return
	}
	if a.by == nil {
		a.by = map[string]*[4]xsum{}
	}
	for _, ks := range s.By {
		k := a.by[ks.Key]
		if k == nil {
			k = new([4]xsum)
			a.by[ks.Key] = k
		}
		k[0].add(ks.PredGold)
		k[1].add(ks.PredPred)
		k[2].add(ks.GoldGold)
		k[3].add(ks.PredGoldRecall)
	}
}

func (a *sumsAcc) sums() eval.Sums {
	s := eval.Sums{PredGold: a.pg.sum(), PredPred: a.pp.sum(), GoldGold: a.gg.sum(), PredGoldRecall: a.pgr.sum(), Clipped: a.clipped.sum(), Search: a.search}
	if len(a.by) > 0 {
		s.By = make([]eval.KeySums, 0, len(a.by))
		for key, k := range a.by {
			s.By = append(s.By, eval.KeySums{Key: key, PredGold: k[0].sum(), PredPred: k[1].sum(), GoldGold: k[2].sum(), PredGoldRecall: k[3].sum()})
		}
		slices.SortFunc(s.By, func(a, b eval.KeySums) int { return cmp.Compare(a.Key, b.Key) })
	}
	return s
}
