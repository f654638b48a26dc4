package eval

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Pair is one gold document and its prediction; nil means missing (scored
// as an empty document).
type Pair struct {
	Gold, Pred *document.Doc
	ID         string
}

// Scorer scores document pairs one after another with its own workspace
// (arena, memo tables, solver state): one per goroutine, reused from pair
// to pair.
type Scorer struct {
	plan *Plan
	c    *ctx
}

// NewScorer returns a scorer of the plan's metrics whose latent-variable
// searches stop at lim.
func (p *Plan) NewScorer(lim solver.Limits) *Scorer {
	c := newCtx()
	c.limits = lim
	c.plan = p
	return &Scorer{plan: p, c: c}
}

// Score decodes one pair and computes the sums of every wanted metric
// (Select); the others are left zero. goldPath and predPath name the
// files in errors. A traced plan's scorer also records what each metric
// matched (Traces).
func (s *Scorer) Score(pr *Pair, goldPath, predPath string, wanted []bool) ([]Sums, *document.DataError) {
	s.c.traces = nil
	return s.plan.scorePair(s.c, pr, goldPath, predPath, wanted)
}

// Traces are the alignments the last pair scored recorded, metric by
// metric (a metric that uses N twice: with N=P, then N=R); nil unless the
// plan is traced.
func (s *Scorer) Traces() []*MetricTrace { return s.c.traces }

// Select returns which metrics to compute: the requested ones and
// what corpus metrics among them refer to.
func (p *Plan) Select(names []string) ([]bool, error) {
	wanted := make([]bool, len(p.Metrics))
	if len(names) == 0 {
		for i := range wanted {
			wanted[i] = true
		}
		return wanted, nil
	}
	index := map[*typecheck.Metric]int{}
	for i, pm := range p.Metrics {
		index[pm.Def] = i
	}
	var mark func(m *typecheck.Metric)
	mark = func(m *typecheck.Metric) {
		wanted[index[m]] = true
		for _, d := range m.Deps {
			mark(d)
		}
	}
	for _, name := range names {
		m := p.Prog.Metric(name)
		if m == nil {
			var known []string
			for _, pm := range p.Metrics {
				known = append(known, pm.Def.Name)
			}
			return nil, fmt.Errorf("unknown metric %q (the spec has: %v)", name, known)
		}
		mark(m)
	}
	return wanted, nil
}

// scorePair decodes one pair and computes the sums of every wanted metric.
// A panic is turned into an error naming the document, so none reaches
// the user.
func (p *Plan) scorePair(c *ctx, pr *Pair, goldPath, predPath string, wanted []bool) (out []Sums, derr *document.DataError) {
	current := -1 // the metric being computed, for errors
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprintf("internal error while scoring: %v", r)
			switch e := r.(type) {
			case evalError:
				msg = e.msg
			case stdlib.DataError:
				msg = e.Msg
			}
			if current >= 0 {
				msg = fmt.Sprintf("metric %q: %s", p.Metrics[current].Def.Name, msg)
			}
			out, derr = nil, &document.DataError{File: goldPath, Doc: pr.Describe(), Msg: msg}
		}
	}()
	c.reset()
	scoring.Add(1)
	defer scoring.Add(-1)
	x, y, derr := p.decodePair(c, pr, goldPath, predPath)
	if derr != nil {
		return nil, derr
	}
	out = make([]Sums, len(p.Metrics))
	sums := topSums
	if p.traced {
		sums = tracedTopSums
	}
	for i, pm := range p.Metrics {
		if !wanted[i] || pm.top == nil {
			continue
		}
		current = i
		c.metric = pm
		if pm.topR == nil {
			s := sums(c, pm.top, pm.by, x, y, true, true)
			s.PredGoldRecall = s.PredGold
			if pm.Avg == ast.AvgMicroClip {
				// Clipped per document here, so that whatever sums the
				// documents' sums (the corpus, a resample of it, a merge of
				// shards) sums clipped values.
				s.Clipped = max(0, pm.Value(s))
			}
			out[i] = s
			continue
		}
		// N=P gives precision (Σ(X,X) only), N=R recall (Σ(Y,Y) only).
		s := sums(c, pm.top, pm.by, x, y, true, false)
		c.recallSide = true
		r := sums(c, pm.topR, pm.by, x, y, false, true)
		c.recallSide = false
		s.PredGoldRecall, s.GoldGold = r.PredGold, r.GoldGold
		s.Search.Add(r.Search)
		s.By = mergeRecall(s.By, r.By)
		out[i] = s
	}
	for i, pm := range p.Metrics {
		if why := badSums(&out[i]); why != "" {
			return nil, &document.DataError{File: goldPath, Doc: pr.Describe(), Msg: fmt.Sprintf("metric %q: %s", pm.Def.Name, why)}
		}
	}
	return out, nil
}

// Describe names the pair in messages: its gold document, else its
// prediction.
func (pr *Pair) Describe() string {
	if pr.Gold != nil {
		return pr.Gold.Describe()
	}
	return pr.Pred.Describe()
}

// topSums computes the sums of a top-level metric: Σ(X,Y), and Σ(X,X)
// and Σ(Y,Y) when asked. A matching is not normalized here: the corpus
// sums are normalized after summing. With a breakdown, the sums are also
// split by key (see breakdown). A traced plan computes them with
// tracedSums instead, recording the alignments as it goes.
func topSums(c *ctx, n *cnode, by *byPlan, x, y value.Ref, wantXX, wantYY bool) Sums {
	var s Sums
	m := n.match
	c.search = SearchStats{}
	switch {
	case m != nil && by != nil:
		return breakdown(c, m, by, x, y, wantXX, wantYY)
	case m != nil && m.counted != nil:
		xy, ok := m.counted(c, x, y)
		if !ok {
			break
		}
		s.PredGold = xy
		if wantXX {
			s.PredPred, _ = m.counted(c, x, x)
		}
		if wantYY {
			s.GoldGold, _ = m.counted(c, y, y)
		}
		return s
	case m == nil:
		s.PredGold = n.eval(c, x, y)
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
	if m.ignore != nil {
		return ignoredTopSums(c, m, op, wantXX, wantYY)
	}
	if m.latent != nil {
		s.PredGold, s.Search, _, _ = m.latent.solve(c, m, op.X, op.Y)
	} else {
		s.PredGold = m.sum(c, op)
	}
	m.selfSums(c, &s, op, wantXX, wantYY)
	return s
}

// ignoredTopSums are the top-level sums of a matching that ignores some
// gold elements (`ignore =`).
func ignoredTopSums(c *ctx, m *matcher, op operands, wantXX, wantYY bool) Sums {
	var s Sums
	xy, xx, yy := m.ignoreSums(c, op)
	s.PredGold = xy
	if wantXX {
		s.PredPred = xx
	}
	if wantYY {
		s.GoldGold = yy
	}
	s.Search.Add(c.search)
	return s
}

// selfSums adds the self-sums a top-level matching is asked for, and the
// searches behind all its sums.
func (m *matcher) selfSums(c *ctx, s *Sums, op operands, wantXX, wantYY bool) {
	// Not m.self: its memo is keyed by the collection's identity, which
	// would intern a view's whole output (lazyID) for nothing at the top.
	if wantXX {
		s.PredPred = m.sum(c, operands{op.x, op.x, op.X, op.X})
	}
	if wantYY {
		s.GoldGold = m.sum(c, operands{op.y, op.y, op.Y, op.Y})
	}
	s.Search.Add(c.search)
}

// decodePair decodes the prediction (side 0) and the gold (side 1) of a
// pair into the worker's arena.
func (p *Plan) decodePair(c *ctx, pr *Pair, goldPath, predPath string) (x, y value.Ref, derr *document.DataError) {
	// What a document says may be read, or depend on its partner, only
	// now, by the worker: the gold first, then the prediction.
	if g := pr.Gold; g != nil && g.Partner != nil {
		text, err := g.Partner.Prepare(g, pr.Pred, goldPath, predPath, true)
		if err != nil {
			return 0, 0, resolveError(goldPath, g, err)
		}
		doc := *g
		doc.JSON = text // its Partner stays, for the prediction's
		pr.Gold = &doc
	}
	if pred := pr.Pred; pred != nil && pred.Partner != nil {
		text, err := pred.Partner.Prepare(pred, pr.Gold, predPath, goldPath, false)
		if err != nil {
			return 0, 0, resolveError(predPath, pred, err)
		}
		doc := *pred
		doc.JSON, doc.Partner = text, nil
		pr.Pred = &doc
	}
	size := pr.Size()
	// JSON of the adapters' kind has a node per 20 to 35 bytes (equal
	// leaves share one), a child reference per 8 to 13, an interned
	// composite per 30 to 110, a distinct string per 100 to 200 (CoNLL-U:
	// 190). The arena reserves by the high ends: room
	// reserved and never written costs address space, not memory, and a
	// large pair grows the arena once instead of in copies.
	if c.a.Reserve(size/20, size/8, size/72, size/64) && size >= largePair && scoring.Load() == 1 {
		// The arena grew for a large pair, the only one being scored: its
		// slices are new memory, which the garbage reading the pair left
		// would otherwise be added to, so that garbage is collected and
		// its pages go back to the system first (see releaseText). While
		// other pairs are scored, a collection costs more than it saves:
		// it slows their decoding down (4 pairs of 7 MB on 2 workers:
		// 10% more CPU).
		debug.FreeOSMemory()
	}
	if x, derr = p.decodeDoc(c, pr.Pred, predPath, 0); derr != nil {
		return 0, 0, derr
	}
	if y, derr = p.decodeDoc(c, pr.Gold, goldPath, 1); derr == nil {
		releaseText(pr, size)
	}
	return x, y, derr
}

// largePair is the size of a pair's JSON from which releaseText collects
// after decoding, and decodePair before decoding when the arena grows.
const largePair = 4 << 20

// scoring counts the pairs being scored in the process.
var scoring atomic.Int32

// releaseText drops the JSON of a decoded pair: the arena holds all that
// is scored from here on (its strings are its own copies), and a text
// lent from the pool goes back to it for the next document. A large pair's
// text is collected at once, so that the memory its matchings take reuses
// it instead of adding to it, as decoding reuses the garbage of reading:
// a run lets garbage grow to several times the live heap before it
// collects, and a file of one document is read, decoded and matched in
// one go. The arena holds no pointers, so a collection costs little (UD
// et_edt, one document of 2.7 MB of CoNLL-U a side: peak memory 116 ->
// 94 MB with the collection before decoding).
func releaseText(pr *Pair, size int) {
	for _, d := range []**document.Doc{&pr.Gold, &pr.Pred} {
		if *d != nil && (*d).JSON != "" {
			doc := **d
			document.ReleaseText(&doc)
			*d = &doc
		}
	}
	if size >= largePair {
		runtime.GC()
	}
}

// resolveError is the error of writing a prediction from its gold as one
// DataError: the first one, the others on the lines below it.
func resolveError(path string, d *document.Doc, err error) *document.DataError {
	var list document.DataErrors
	var one *document.DataError
	switch {
	case errors.As(err, &list) && len(list) > 0:
		first := *list[0]
		for _, e := range list[1:] {
			first.Msg += "\n" + e.Error()
		}
		return &first
	case errors.As(err, &one):
		return one
	}
	return &document.DataError{File: path, Doc: d.Describe(), Msg: err.Error()}
}

func (p *Plan) decodeDoc(c *ctx, d *document.Doc, path string, side int) (value.Ref, *document.DataError) {
	dec := &decoder{a: c.a, side: side}
	if d == nil {
		return p.empty(dec), nil
	}
	text, shared := d.JSON, d.Shared
	if shared && p.bound {
		// gjson paths read plain JSON.
		text, shared = d.PlainJSON(), false
	}
	var named *[]namedValue
	if shared {
		named = &c.named
	}
	r, perr := decodeJSON(p.decode, dec, text, named)
	if perr != nil {
		return 0, &document.DataError{File: path, Doc: d.Describe(), Path: perr.path(), Msg: perr.msg}
	}
	return r, nil
}

// Size is the JSON of the pair's documents, in bytes.
func (pr *Pair) Size() int {
	n := 0
	for _, d := range []*document.Doc{pr.Gold, pr.Pred} {
		if d != nil {
			n += len(d.JSON)
		}
	}
	return n
}

// emptyValue builds the empty document: empty collections, zero scalars.
func emptyValue(t types.Type, tag func(*types.Record) int) func(d *decoder) value.Ref {
	switch t := t.(type) {
	case *types.Record:
		fields := make([]func(d *decoder) value.Ref, len(t.Fields))
		for i, f := range t.Fields {
			fields[i] = emptyValue(f.Type, tag)
		}
		tg := tag(t)
		return func(d *decoder) value.Ref {
			kids := make([]value.Ref, len(fields))
			for i, f := range fields {
				kids[i] = f(d)
			}
			return d.a.Composite(value.Record, tg, kids)
		}
	case *types.Collection:
		kind := value.CollectionKind(t.Kind)
		return func(d *decoder) value.Ref { return d.a.Composite(kind, 0, nil) }
	case *types.Union:
		return emptyValue(t.Alts[0], tag)
	case *types.Basic:
		switch t.Kind {
		case types.JSON:
			return func(d *decoder) value.Ref { return d.a.Null() }
		case types.String:
			return func(d *decoder) value.Ref { return d.a.String("") }
		case types.Bool:
			return func(d *decoder) value.Ref { return d.a.Bool(false) }
		case types.Var:
			return func(d *decoder) value.Ref { return d.a.Var(d.side, "") }
		case types.Float:
			return func(d *decoder) value.Ref { return d.a.Number(value.Float, 0) }
		}
		return func(d *decoder) value.Ref { return d.a.Number(value.Int, 0) }
	case *types.Ontology:
		// No concept: the ontology similarities score it 0 against any.
		return func(d *decoder) value.Ref { return d.a.String("") }
	}
	panic(fmt.Sprintf("eval: no empty value for %s", t))
}
