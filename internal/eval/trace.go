package eval

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/value"
)

// Tracing records, for one document pair, the alignment chosen at every
// level of a metric: which predicted item went with which gold item, with
// what similarity, and the alignments beneath each pair (the explain
// command prints it). It is asked for per pair (Plan.Trace); while scoring
// a corpus the hook is a nil pointer, tested once per matching.

// Alignment is the matching chosen at one level for one pair of values.
type Alignment struct {
	// Matching is the matching as written in the spec, and Position where.
	Matching string
	Position string
	// Norm is the normalizer applied at this level (N resolved to P or R;
	// F(β) with its β when β ≠ 1).
	Norm string
	// Pred and Gold are the compared items, rendered as JSON, in the
	// order the matching sees them (the order of a seq, a set's order of
	// first appearance).
	Pred, Gold []string
	// PredGold is Σ(X,Y); PredPred and GoldGold the self-sums the
	// normalizer used (0 when it needs none); Value the normalized score.
	PredGold, PredPred, GoldGold float64
	Value                        float64
	// Normalized says Value (and the self-sums it needs) was computed: a
	// nested level, or a matching inside a metric's arithmetic; a metric's
	// own top matching is normalized over the corpus instead.
	Normalized bool
	// Counted: the sums were counted from a view's arguments without
	// building its items (pairs, links, nonlinks), so no pairs are listed.
	Counted bool
	// Pairs is the chosen matching, in the order of the predicted items.
	Pairs []*AlignedPair
	// Vars is the latent variable map (prediction → gold), when the items
	// hold variables; Search says whether it was proven optimal.
	Vars   []VarLink
	Search *SearchStats
}

// AlignedPair is one chosen pair: indexes into Alignment.Pred and .Gold.
type AlignedPair struct {
	Pred, Gold int
	// Similarity is the element similarity credited; Align, the align
	// similarity that chose the pair, when the matching has one.
	Similarity float64
	Align      *float64
	// Ignored: the gold item satisfies the matching's ignore condition,
	// so the pair is left out of the sums.
	Ignored bool `json:",omitempty"`
	// Sub are the alignments of the matchings evaluated for this pair.
	Sub []*Alignment
}

// VarLink pairs a variable of the prediction with one of the gold.
type VarLink struct{ Pred, Gold string }

// MetricTrace is what one metric recorded for one document pair.
type MetricTrace struct {
	Metric string
	// Recall marks the N=R computation of a metric that uses N (the N=P
	// computation comes first, with Recall false).
	Recall bool
	Sums   Sums
	// Alignments are the top-level matchings: one when the metric's body
	// is a matching, those its arithmetic evaluates otherwise.
	Alignments []*Alignment
}

// tracer collects alignments: a stack of the pairs being replayed, the
// innermost last.
type tracer struct {
	plan  *Plan
	roots []*Alignment
	stack []*AlignedPair
}

func (t *tracer) add(al *Alignment) {
	if n := len(t.stack); n > 0 {
		t.stack[n-1].Sub = append(t.stack[n-1].Sub, al)
		return
	}
	t.roots = append(t.roots, al)
}

// evalTraced is matcher.eval that also records its alignment.
func (m *matcher) evalTraced(c *ctx, x, y value.Ref) float64 {
	al := m.record(c, m.view(c, x), m.view(c, y), x, y, true)
	return al.Value
}

// record solves the matching of X and Y, records it, and replays each
// chosen pair's similarity with the trace on, so that the matchings beneath
// record themselves under it. x and y are the values the views were taken
// from (for counted views). Nothing is recorded while solving: candidate
// pairs that lose would otherwise leave alignments too. normalized says
// whether to compute the self-sums (nested levels; the top level's
// self-sums are the metric's).
func (m *matcher) record(c *ctx, X, Y, x, y value.Ref, normalized bool) *Alignment {
	tr := c.trace
	c.trace = nil
	defer func() { c.trace = tr }()
	al := &Alignment{
		Matching: ast.ExprString(m.src),
		Position: tr.plan.Prog.File.Source.Position(m.src.Pos()).String(),
		Norm:     m.norm.String(),

		Normalized: normalized,
	}
	if m.norm == ast.NormF && m.beta != 1 {
		al.Norm = "F(" + strconv.FormatFloat(m.beta, 'g', -1, 64) + ")"
	}
	tr.add(al)
	if m.counted != nil {
		if xy, ok := m.counted(c, x, y); ok {
			al.Counted, al.PredGold = true, xy
			if normalized {
				al.PredPred, _ = m.counted(c, x, x)
				al.GoldGold, _ = m.counted(c, y, y)
				al.Value = normalize(m.norm, m.beta, xy, al.PredPred, al.GoldGold)
				if al.PredPred == 0 && al.GoldGold == 0 && m.norm != ast.NormS {
					al.Value = 1
				}
			}
			return al
		}
	}
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	for _, r := range xs {
		al.Pred = append(al.Pred, render(c.a, r, m.elemType))
	}
	for _, r := range ys {
		al.Gold = append(al.Gold, render(c.a, r, m.elemType))
	}
	var chosen []solver.Edge
	replay := func(i, j int32) float64 { return m.elem.eval(c, xs[i], ys[j]) }
	switch {
	case len(xs) == 0 || len(ys) == 0:
	case m.latent != nil:
		total, stats, edges, varTo := m.latent.solve(c, m, X, Y)
		al.PredGold, al.Search = total, &stats
		chosen = append(chosen, edges...)
		for a, b := range varTo {
			if b >= 0 {
				al.Vars = append(al.Vars, VarLink{Pred: c.a.Str(c.vars[0][a]), Gold: c.a.Str(c.vars[1][b])})
			}
		}
		le := m.latent.elem
		replay = func(i, j int32) float64 {
			w, _ := le.eval(c, xs[i], ys[j], c.reqBuf[:0])
			return w
		}
	case m.align != nil && X == Y:
		for i := range xs {
			chosen = append(chosen, solver.Edge{Row: int32(i), Col: int32(i)})
		}
	default:
		f := c.push()
		total, pairs := m.solve(c, f, operands{x, y, X, Y}, xs, ys, true)
		al.PredGold, chosen = total, slices.Clone(pairs)
		c.pop()
	}
	// Replay the chosen pairs with the trace on, in the prediction's order.
	sortEdges(chosen)
	c.trace = tr
	credit := 0.0
	for _, e := range chosen {
		pair := &AlignedPair{Pred: int(e.Row), Gold: int(e.Col)}
		al.Pairs = append(al.Pairs, pair)
		tr.stack = append(tr.stack, pair)
		pair.Similarity = replay(e.Row, e.Col)
		tr.stack = tr.stack[:len(tr.stack)-1]
		if m.align != nil {
			w := m.align.eval(c, xs[e.Row], ys[e.Col])
			pair.Align = &w
		}
		if m.ignore != nil && m.ignore(c, ys[e.Col]) {
			pair.Ignored = true
			continue
		}
		credit += pair.Similarity
	}
	c.trace = nil
	if m.align != nil {
		al.PredGold = credit
	}
	if normalized {
		al.Value = m.tracedValue(c, x, y, X, Y, al)
	}
	return al
}

// tracedValue is the normalized score of a recorded level, with the
// self-sums it needs (and the empty-collections rule of eval).
func (m *matcher) tracedValue(c *ctx, x, y, X, Y value.Ref, al *Alignment) float64 {
	if m.norm == ast.NormS {
		return al.PredGold
	}
	if m.ignore != nil {
		_, al.PredPred, al.GoldGold = m.ignoreSums(c, operands{x, y, X, Y})
		if al.PredPred == 0 && al.GoldGold == 0 {
			return 1
		}
		return normalize(m.norm, m.beta, al.PredGold, al.PredPred, al.GoldGold)
	}
	nx, ny := c.a.Count(X), c.a.Count(Y)
	switch {
	case nx == 0 && ny == 0:
		return 1
	case nx == 0 || ny == 0:
		return 0
	}
	switch m.norm {
	case ast.NormP:
		al.PredPred = m.self(c, x, X)
	case ast.NormR:
		al.GoldGold = m.self(c, y, Y)
	default:
		al.PredPred, al.GoldGold = m.self(c, x, X), m.self(c, y, Y)
	}
	return normalize(m.norm, m.beta, al.PredGold, al.PredPred, al.GoldGold)
}

func sortEdges(es []solver.Edge) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && (es[j].Row < es[j-1].Row || (es[j].Row == es[j-1].Row && es[j].Col < es[j-1].Col)); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// Trace scores one document pair with the trace on and returns what each
// wanted metric (all when names is empty) recorded: its sums and the
// alignment tree beneath them. A metric that uses N records twice, with
// N=P and with N=R.
func (p *Plan) Trace(pr *Pair, goldPath, predPath string, names []string) ([]*MetricTrace, error) {
	wanted, err := p.selectMetrics(names)
	if err != nil {
		return nil, err
	}
	c := newCtx()
	x, y, derr := p.decodePair(c, pr, goldPath, predPath)
	if derr != nil {
		return nil, derr
	}
	var out []*MetricTrace
	for i, pm := range p.Metrics {
		if !wanted[i] || pm.top == nil {
			continue
		}
		trees := []*cnode{pm.top}
		if pm.topR != nil {
			trees = append(trees, pm.topR)
		}
		for k, top := range trees {
			tr := &tracer{plan: p}
			c.trace = tr
			s, err := tracedSums(c, top, x, y, pm.topR == nil || k == 0, pm.topR == nil || k == 1)
			c.trace = nil
			if err != nil {
				return nil, fmt.Errorf("%s: %v", pm.m.Name, err)
			}
			out = append(out, &MetricTrace{Metric: pm.m.Name, Recall: k == 1, Sums: s, Alignments: tr.roots})
		}
	}
	return out, nil
}

// tracedSums is topSums with the trace on; a panic becomes an error.
func tracedSums(c *ctx, n *cnode, x, y value.Ref, wantXX, wantYY bool) (s Sums, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error while tracing: %v", r)
			if e, ok := r.(stdlib.DataError); ok {
				err = e
			}
		}
	}()
	return topSums(c, n, nil, x, y, wantXX, wantYY), nil
}
