package corpus

import (
	"errors"
	"fmt"
	"math"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/eval"
)

// badResult says which value of r is not finite, or "".
func badResult(r *MetricResult) string {
	named := r.Sums.Named()
	fields := append(named[:],
		eval.NamedSum{Name: "its precision", Value: r.Precision}, eval.NamedSum{Name: "its recall", Value: r.Recall},
		eval.NamedSum{Name: "its F1", Value: r.F1}, eval.NamedSum{Name: "its value", Value: r.Value})
	for _, f := range fields {
		if math.IsNaN(f.Value) || math.IsInf(f.Value, 0) {
			return fmt.Sprintf("%s is %s", f.Name, eval.NonFinite(f.Value))
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
