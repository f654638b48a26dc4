package eval

import (
	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/typecheck"
)

// Kind says which values a MetricResult holds.
type Kind uint8

const (
	// KindSums is a metric over documents: precision, recall and F1 from
	// its sums.
	KindSums Kind = iota
	// KindSumsValue also has Value: its own normalizer (S, J, U(β) or F(β)
	// with β ≠ 1) applied to the sums.
	KindSumsValue
	// KindSumsN is a metric that uses N: precision is computed with N=P and
	// recall with N=R, so Sums.PredGoldRecall is its recall numerator.
	KindSumsN
	// KindCorpusValue is arithmetic on other metrics' values: Value only.
	KindCorpusValue
	// KindCorpusTriple is arithmetic on whole metrics: precision, recall
	// and F1, computed field by field.
	KindCorpusTriple
)

// metricKind is the kind of a checked metric's results.
func metricKind(m *typecheck.Metric) Kind {
	switch {
	case m.Row != nil:
		return KindSumsN // a row's recall numerator is its own (see breakdown)
	case m.Split != nil:
		return KindSumsN
	case m.IsCorpus() && m.CorpusTriple:
		return KindCorpusTriple
	case m.IsCorpus():
		return KindCorpusValue
	case m.UsesN:
		return KindSumsN
	}
	if match, ok := m.Body.(*typecheck.Match); ok && (match.Norm == ast.NormS || match.Norm == ast.NormJ || match.Norm == ast.NormU || (match.Norm == ast.NormF && match.Beta != 1)) {
		return KindSumsValue
	}
	return KindSums
}

// Sums are the three sums of a metric for one document pair or a corpus:
// Σ(X,Y), Σ(X,X), Σ(Y,Y), X the prediction and Y the gold. For a metric that
// uses N, PredGold and PredPred are computed with N=P, and PredGoldRecall
// and GoldGold with N=R; otherwise PredGoldRecall equals PredGold.
type Sums struct {
	PredGold       float64
	PredPred       float64
	GoldGold       float64
	PredGoldRecall float64
	// Clipped is, for a metric aggregated micro(clip), the sum over
	// documents of the metric's value clipped at 0 (the corpus value);
	// for one document, max(0, its value). Zero for other metrics.
	Clipped float64
	// Search reports the latent-variable and declared-order searches
	// behind the sums (zero for metrics without them).
	Search SearchStats
	// By splits the sums by the key of a breakdown, sorted by key.
	By []KeySums
}
