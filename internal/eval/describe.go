package eval

import (
	"strings"

	"github.com/metricc/metricc/internal/ast"
)

// Definition is the text of a metric's declaration after `=` (with its
// breakdown and aggregation), for explanations; "" for an unknown name.
func (p *Plan) Definition(name string) string {
	m := p.Prog.Metric(name)
	if m == nil || m.Decl == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(ast.ExprString(m.Decl.Value))
	if m.Decl.By != nil {
		b.WriteString(" by " + ast.ViewString(m.Decl.By))
	}
	if m.Average != ast.AvgDefault {
		b.WriteString(" (" + m.Average.String() + ")")
	}
	return b.String()
}

// Position is where a metric is declared (file:line:column).
func (p *Plan) Position(name string) string {
	m := p.Prog.Metric(name)
	if m == nil || m.Decl == nil {
		return ""
	}
	return p.Prog.File.Source.Position(m.Decl.MetricPos).String()
}
