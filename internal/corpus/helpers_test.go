package corpus_test

import (
	"testing"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/testplan"
)

func compile(t testing.TB, spec string) *corpus.Plan {
	t.Helper()
	return corpus.New(testplan.Pair(t, spec, false))
}

// Sums writes the three sums a test expects, as sums reads them.
func Sums(pg, pp, gg float64) [3]float64 { return [3]float64{pg, pp, gg} }

func sums(m *corpus.MetricResult) [3]float64 {
	return [3]float64{m.Sums.PredGold, m.Sums.PredPred, m.Sums.GoldGold}
}
