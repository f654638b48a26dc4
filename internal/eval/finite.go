package eval

import (
	"fmt"
	"math"
	"strconv"
)

// Similarities are non-negative and every result is a finite number
// (docs/language.md, Similarity expressions): a sum that is negative,
// infinite or NaN is an error naming the metric (and the document where it
// arose), never a printed NaN or a score below 0.

// evalError is a data error found deep inside an evaluation (a similarity
// that is infinite or NaN on a pair); scorePair recovers it into an error
// naming the metric and the document.
type evalError struct{ msg string }

// The sums as messages name them.
const (
	sumXY       = "Σ(X,Y) (prediction against gold)"
	sumXX       = "Σ(X,X) (prediction against itself)"
	sumYY       = "Σ(Y,Y) (gold against itself)"
	sumXYRecall = "Σ(X,Y) with N=R (prediction against gold, recall side)"
)

// NamedSum is one of the sums of a metric, as messages name it.
type NamedSum struct {
	Name  string
	Value float64
}

// Named lists the four sums of s, named for messages.
func (s *Sums) Named() [4]NamedSum {
	return [4]NamedSum{{sumXY, s.PredGold}, {sumXX, s.PredPred}, {sumYY, s.GoldGold}, {sumXYRecall, s.PredGoldRecall}}
}

// badSums says what is wrong with the sums of one document, or "".
func badSums(s *Sums) string {
	check := func(name string, v float64) string {
		switch {
		case math.IsNaN(v) || math.IsInf(v, 0):
			return fmt.Sprintf("%s is %s", name, NonFinite(v))
		case v < 0:
			return fmt.Sprintf("%s is %s, but similarities are non-negative (a metric scores from 0 up); clamp the similarity, as in max(0, ...)", name, strconv.FormatFloat(v, 'g', -1, 64))
		}
		return ""
	}
	for _, f := range s.Named() {
		if why := check(f.Name, f.Value); why != "" {
			return why
		}
	}
	for _, k := range s.By {
		for _, v := range [...]float64{k.PredGold, k.PredPred, k.GoldGold, k.PredGoldRecall} {
			if v >= 0 && v <= math.MaxFloat64 {
				continue // the common case, without building a name
			}
			if why := check(fmt.Sprintf("the sum of key %q", k.Key), v); why != "" {
				return why
			}
		}
	}
	return ""
}

// NonFinite explains a value that is not a finite number.
func NonFinite(v float64) string {
	if math.IsNaN(v) {
		return "NaN (not a number, as from ∞ − ∞ or 0 × ∞)"
	}
	return fmt.Sprintf("%s, beyond float64's range (±%.4g); scale it down", strconv.FormatFloat(v, 'g', -1, 64), math.MaxFloat64)
}
