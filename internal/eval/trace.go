package eval

import (
	"slices"
	"strconv"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/value"
)

// Tracing records, for one document pair, the alignment chosen at every
// level of a metric: which predicted item went with which gold item, with
// what similarity, and the alignments beneath each pair (the explain
// command prints it). It is a decoration of the plan (NewTracedPlan): a
// traced plan's matchings record themselves, and its scorer computes each
// metric's sums from the matchings it records, so that the explained
// alignment is the one scored. A plan compiled for a corpus has no trace
// code in its path.

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

// keptMatching is the matching a breakdown chose (its pairs, weighted by
// their credit, and the variable map of a latent one), kept for the trace.
type keptMatching struct {
	edges []solver.Edge
	vars  []VarLink
	kept  bool
}

// keepVars keeps the variable map of the latent matching just solved, as
// names, when a traced scoring asks for it.
func (c *ctx) keepVars(varTo []int32) {
	if c.keep == nil {
		return
	}
	c.keep.vars = c.keep.vars[:0]
	for a, b := range varTo {
		if b >= 0 {
			c.keep.vars = append(c.keep.vars, VarLink{Pred: c.a.Str(c.vars[0][a]), Gold: c.a.Str(c.vars[1][b])})
		}
	}
}

// tracedEval is a traced plan's matching: while a chosen pair is replayed
// (c.trace set), it records its alignment under that pair.
func (m *matcher) tracedEval(c *ctx, x, y value.Ref) float64 {
	if c.trace == nil {
		return m.eval(c, x, y)
	}
	return m.record(c, m.view(c, x), m.view(c, y), x, y, true).Value
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
	al := m.newAlignment(tr, normalized)
	if m.counted != nil {
		if xy, ok := m.counted(c, x, y); ok {
			al.Counted, al.PredGold = true, xy
			if normalized {
				al.PredPred, _ = m.counted(c, x, x)
				al.GoldGold, _ = m.counted(c, y, y)
				al.Value = Normalize(m.norm, m.beta, xy, al.PredPred, al.GoldGold)
				if al.PredPred == 0 && al.GoldGold == 0 && m.norm != ast.NormS {
					al.Value = 1
				}
			}
			return al
		}
	}
	xs, ys := m.renderItems(c, al, X, Y)
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
		replay = m.latentReplay(c, xs, ys)
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
	m.replay(c, tr, al, xs, ys, chosen, replay)
	if normalized {
		al.Value = m.tracedValue(c, x, y, X, Y, al)
	}
	return al
}

// recordChosen records a top-level matching a breakdown has solved and
// scored (s), from the pairs it chose (c.keep).
func (m *matcher) recordChosen(c *ctx, tr *tracer, X, Y value.Ref, s *Sums) {
	al := m.newAlignment(tr, false)
	xs, ys := m.renderItems(c, al, X, Y)
	al.PredGold = s.PredGold
	replay := func(i, j int32) float64 { return m.elem.eval(c, xs[i], ys[j]) }
	if m.latent != nil {
		search := s.Search
		al.Search, al.Vars = &search, c.keep.vars
		replay = m.latentReplay(c, xs, ys)
	}
	m.replay(c, tr, al, xs, ys, c.keep.edges, replay)
}

// newAlignment starts the record of a level, under the pair being
// replayed.
func (m *matcher) newAlignment(tr *tracer, normalized bool) *Alignment {
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
	return al
}

// renderItems lists the compared items of a level as JSON.
func (m *matcher) renderItems(c *ctx, al *Alignment, X, Y value.Ref) (xs, ys []value.Ref) {
	xs, ys = c.a.Kids(X), c.a.Kids(Y)
	for _, r := range xs {
		al.Pred = append(al.Pred, render(c.a, r, m.elemType))
	}
	for _, r := range ys {
		al.Gold = append(al.Gold, render(c.a, r, m.elemType))
	}
	return xs, ys
}

// latentReplay is the similarity of a chosen pair of a latent matching,
// under the variable map just solved.
func (m *matcher) latentReplay(c *ctx, xs, ys []value.Ref) func(i, j int32) float64 {
	le := m.latent.elem
	return func(i, j int32) float64 {
		w, _ := le.eval(c, xs[i], ys[j], c.reqBuf[:0])
		return w
	}
}

// replay evaluates the chosen pairs with the trace on, in the
// prediction's order, so that the matchings beneath record themselves.
func (m *matcher) replay(c *ctx, tr *tracer, al *Alignment, xs, ys []value.Ref, chosen []solver.Edge, replay func(i, j int32) float64) {
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
		return Normalize(m.norm, m.beta, al.PredGold, al.PredPred, al.GoldGold)
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
	return Normalize(m.norm, m.beta, al.PredGold, al.PredPred, al.GoldGold)
}

func sortEdges(es []solver.Edge) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && (es[j].Row < es[j-1].Row || (es[j].Row == es[j-1].Row && es[j].Col < es[j-1].Col)); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// tracedTopSums are topSums in a traced plan: the sums come from the
// matchings recorded (the alignment explained is the one scored); only
// self-sums are computed unrecorded. What the metric recorded is added to
// c.traces.
func tracedTopSums(c *ctx, n *cnode, by *byPlan, x, y value.Ref, wantXX, wantYY bool) Sums {
	tr := &tracer{plan: c.plan}
	s := tracedSums(c, tr, n, by, x, y, wantXX, wantYY)
	c.traces = append(c.traces, &MetricTrace{Metric: c.metric.Def.Name, Recall: c.recallSide, Sums: s, Alignments: tr.roots})
	return s
}

// tracedSums computes the sums of tracedTopSums, recording into tr.
func tracedSums(c *ctx, tr *tracer, n *cnode, by *byPlan, x, y value.Ref, wantXX, wantYY bool) Sums {
	var s Sums
	m := n.match
	c.search = SearchStats{}
	if m == nil {
		c.trace = tr
		s.PredGold = n.eval(c, x, y)
		c.trace = nil
		if wantXX {
			s.PredPred = n.eval(c, x, x)
		}
		if wantYY {
			s.GoldGold = n.eval(c, y, y)
		}
		s.Search.Add(c.search)
		return s
	}
	op := operands{x, y, m.view(c, x), m.view(c, y)}
	if by != nil {
		c.keep = &keptMatching{}
		s = breakdown(c, m, by, x, y, wantXX, wantYY)
		if c.keep.kept {
			m.recordChosen(c, tr, op.X, op.Y, &s)
		} else { // an empty side: nothing was solved
			c.trace = tr
			m.record(c, op.X, op.Y, x, y, false)
			c.trace = nil
		}
		c.keep = nil
		return s
	}
	c.trace = tr
	al := m.record(c, op.X, op.Y, x, y, false)
	c.trace = nil
	if m.ignore != nil {
		// The sums leave the ignored gold items out, which the alignment
		// marks; they are counted apart.
		return ignoredTopSums(c, m, op, wantXX, wantYY)
	}
	s.PredGold = al.PredGold
	if al.Search != nil {
		s.Search = *al.Search
	}
	if al.Counted {
		if wantXX {
			s.PredPred, _ = m.counted(c, x, x)
		}
		if wantYY {
			s.GoldGold, _ = m.counted(c, y, y)
		}
		al.PredPred, al.GoldGold = s.PredPred, s.GoldGold
		return s
	}
	m.selfSums(c, &s, op, wantXX, wantYY)
	return s
}
