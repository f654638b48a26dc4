package corpus

import (
	"errors"
	"fmt"
	"math"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/eval"
)

// The sums as messages name them (as eval's messages about one document).
const (
	sumXY       = "Σ(X,Y) (prediction against gold)"
	sumXX       = "Σ(X,X) (prediction against itself)"
	sumYY       = "Σ(Y,Y) (gold against itself)"
	sumXYRecall = "Σ(X,Y) with N=R (prediction against gold, recall side)"
)

// badResult says which value of r is not finite, or "".
func badResult(r *MetricResult) string {
	fields := [...]struct {
		name string
		v    float64
	}{{sumXY, r.Sums.PredGold}, {sumXX, r.Sums.PredPred}, {sumYY, r.Sums.GoldGold}, {sumXYRecall, r.Sums.PredGoldRecall},
		{"its precision", r.Precision}, {"its recall", r.Recall}, {"its F1", r.F1}, {"its value", r.Value}}
	for _, f := range fields {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Sprintf("%s is %s", f.name, eval.NonFinite(f.v))
		}
	}
	for _, row := range r.By {
		if why := badResult(row); why != "" {
			return fmt.Sprintf("key %q: %s", row.Name, why)
		}
	}
	return ""
}

// checkFinite returns an error for the first value of res that is not a
// finite number: a corpus sum that overflowed, corpus arithmetic such as
// c - c on infinities, a ratio beyond the range. The error is placed at
// the metric's declaration in the spec (a SpecError: file, line and
// column), since the spec is what must change.
func (p *Plan) checkFinite(res *Result) error {
	for _, m := range res.Metrics {
		if why := badResult(m); why != "" {
			return p.metricError(m.Name, fmt.Sprintf("metric %q over the corpus: %s", m.Name, why))
		}
	}
	for _, d := range res.PerDoc {
		for _, m := range d.Metrics {
			if why := badResult(m); why != "" {
				return p.metricError(m.Name, fmt.Sprintf("metric %q on document %q: %s", m.Name, d.ID, why))
			}
		}
	}
	return nil
}

// metricError is msg placed at the declaration of the named metric.
func (p *Plan) metricError(name, msg string) error {
	prog := p.Pair.Prog
	m := prog.Metric(name)
	if m == nil || m.Decl == nil || prog.File == nil || prog.File.Source == nil {
		return errors.New(msg)
	}
	return &ast.Error{Source: prog.File.Source, Pos: m.Decl.Pos(), End: m.Decl.Name.End(), Msg: msg}
}
