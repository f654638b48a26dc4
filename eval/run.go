package eval

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/metricc/metricc/ast"
	"github.com/metricc/metricc/document"
	"github.com/metricc/metricc/eval/value"
	"github.com/metricc/metricc/solver"
	"github.com/metricc/metricc/typecheck"
	"github.com/metricc/metricc/typecheck/types"
)

// Options control a scoring run.
type Options struct {
	Workers      int      // ≤ 0: all cores
	Macro        bool     // average per-document values instead of summing
	PerDoc       bool     // keep per-document results
	AllowMissing bool     // score an unpaired document against an empty one
	Metrics      []string // report only these (and compute what they need)
	// Search limits each latent-variable search (per document pair); the
	// best matching found is reported with its gap when a limit stops it.
	Search solver.Limits
}

// Pair is one gold document and its prediction; nil means missing (scored
// as an empty document under AllowMissing).
type Pair struct {
	Gold, Pred *document.Doc
	ID         string
}

// PairDocs pairs gold and predicted documents: by id when the input type
// has an id field, else by position. Unpaired documents are errors unless
// allowMissing, and so are paired documents whose shapes (Doc.Shape, set
// by adapters) differ.
func (p *Plan) PairDocs(gold, pred *document.Input, allowMissing bool) ([]Pair, error) {
	pairs, err := p.pairDocs(gold, pred, allowMissing)
	if err != nil {
		return nil, err
	}
	return pairs, checkShapes(gold.Path, pred.Path, pairs)
}

// checkShapes reports every pair (the first ten) whose documents an
// adapter gave different shapes.
func checkShapes(goldPath, predPath string, pairs []Pair) error {
	const shown = 10
	var errs document.DataErrors
	n := 0
	for _, pr := range pairs {
		g, d := pr.Gold, pr.Pred
		if g == nil || d == nil || g.Shape == "" || d.Shape == "" || g.Shape == d.Shape {
			continue
		}
		if n++; n <= shown {
			errs = append(errs, &document.DataError{File: predPath, Doc: d.Describe(), Msg: fmt.Sprintf(
				"%s, but its gold %s in %s has %s; a prediction must have its gold document's tokens", d.Shape, g.Describe(), goldPath, g.Shape)})
		}
	}
	if n > shown {
		errs = append(errs, &document.DataError{File: predPath, Msg: fmt.Sprintf("and %d more documents whose tokens differ from the gold's", n-shown)})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

func (p *Plan) pairDocs(gold, pred *document.Input, allowMissing bool) ([]Pair, error) {
	if p.idPath == "" || gold.Positional || pred.Positional {
		return pairByPosition(gold, pred, allowMissing)
	}
	var errs document.DataErrors
	index := func(in *document.Input) map[string]*document.Doc {
		byID := map[string]*document.Doc{}
		for i := range in.Docs {
			d := &in.Docs[i]
			id, why := d.Key(p.idPath)
			if why != "" {
				errs = append(errs, &document.DataError{File: in.Path, Doc: d.Describe(), Path: p.idPath, Msg: why})
				continue
			}
			d.ID = id
			if prev := byID[id]; prev != nil {
				errs = append(errs, &document.DataError{File: in.Path, Doc: d.Describe(), Msg: fmt.Sprintf("duplicate id %q (first at line %d)", id, prev.Line)})
				continue
			}
			byID[id] = d
		}
		return byID
	}
	goldByID, predByID := index(gold), index(pred)
	if len(errs) > 0 {
		return nil, errs
	}
	var pairs []Pair
	for i := range gold.Docs {
		g := &gold.Docs[i]
		pd := predByID[g.ID]
		if pd == nil && !allowMissing {
			errs = append(errs, &document.DataError{File: pred.Path, Msg: fmt.Sprintf("no prediction for gold %s of %s (use --allow-missing to score it as empty)", g.Describe(), gold.Path)})
			continue
		}
		pairs = append(pairs, Pair{Gold: g, Pred: pd, ID: g.ID})
	}
	for i := range pred.Docs {
		d := &pred.Docs[i]
		if goldByID[d.ID] != nil {
			continue
		}
		if !allowMissing {
			errs = append(errs, &document.DataError{File: pred.Path, Doc: d.Describe(), Msg: fmt.Sprintf("no gold document with this id in %s (use --allow-missing to score it against an empty one)", gold.Path)})
			continue
		}
		pairs = append(pairs, Pair{Pred: d, ID: d.ID})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return pairs, nil
}

func pairByPosition(gold, pred *document.Input, allowMissing bool) ([]Pair, error) {
	n := max(len(gold.Docs), len(pred.Docs))
	if len(gold.Docs) != len(pred.Docs) && !allowMissing {
		why := "without an id field documents pair by position (add `id: string` to the input type, or use --allow-missing)"
		if gold.Positional || pred.Positional {
			// An adapter's documents without names (CoNLL-2003 columns).
			why = "documents of this format have no ids and pair by position, so both files must hold the same documents (or use --allow-missing)"
		}
		return nil, &document.DataError{File: pred.Path, Msg: fmt.Sprintf("%d documents, but %s has %d; %s", len(pred.Docs), gold.Path, len(gold.Docs), why)}
	}
	pairs := make([]Pair, n)
	for i := range pairs {
		pairs[i].ID = fmt.Sprint(i + 1)
		if i < len(gold.Docs) {
			pairs[i].Gold = &gold.Docs[i]
		}
		if i < len(pred.Docs) {
			pairs[i].Pred = &pred.Docs[i]
		}
	}
	return pairs, nil
}

// Score runs the plan over gold and predicted inputs.
func (p *Plan) Score(gold, pred *document.Input, opts Options) (*Result, error) {
	pairs, err := p.PairDocs(gold, pred, opts.AllowMissing)
	if err != nil {
		return nil, err
	}
	return p.ScorePairs(gold.Path, pred.Path, pairs, opts)
}

// ScorePairs scores paired documents in parallel; the result does not
// depend on the number of workers (sums are taken in pair order).
func (p *Plan) ScorePairs(goldPath, predPath string, pairs []Pair, opts Options) (*Result, error) {
	wanted, err := p.selectMetrics(opts.Metrics)
	if err != nil {
		return nil, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(1, len(pairs)))
	sums := make([][]Sums, len(pairs))
	errs := make([]*document.DataError, len(pairs))
	// Workers take the next pair from a shared counter: no channel hand-off
	// (and no context switch) per document.
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newCtx()
			c.limits = opts.Search
			for i := int(next.Add(1)) - 1; i < len(pairs); i = int(next.Add(1)) - 1 {
				sums[i], errs[i] = p.scorePair(c, &pairs[i], goldPath, predPath, wanted)
			}
		}()
	}
	wg.Wait()
	var all document.DataErrors
	for _, e := range errs {
		if e != nil {
			all = append(all, e)
		}
	}
	if len(all) > 0 {
		return nil, all
	}
	return p.aggregate(pairs, sums, wanted, opts), nil
}

// selectMetrics returns which metrics to compute: the requested ones and
// what corpus metrics among them refer to.
func (p *Plan) selectMetrics(names []string) ([]bool, error) {
	wanted := make([]bool, len(p.Metrics))
	if len(names) == 0 {
		for i := range wanted {
			wanted[i] = true
		}
		return wanted, nil
	}
	index := map[*typecheck.Metric]int{}
	for i, pm := range p.Metrics {
		index[pm.m] = i
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
				known = append(known, pm.m.Name)
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
	defer func() {
		if r := recover(); r != nil {
			out, derr = nil, &document.DataError{File: goldPath, Doc: describePair(pr), Msg: fmt.Sprintf("internal error while scoring: %v", r)}
		}
	}()
	c.reset()
	x, y, derr := p.decodePair(c, pr, goldPath, predPath)
	if derr != nil {
		return nil, derr
	}
	out = make([]Sums, len(p.Metrics))
	for i, pm := range p.Metrics {
		if !wanted[i] || pm.top == nil {
			continue
		}
		if pm.topR == nil {
			s := topSums(c, pm.top, pm.by, x, y, true, true)
			s.PredGoldRecall = s.PredGold
			out[i] = s
			continue
		}
		// N=P gives precision (Σ(X,X) only), N=R recall (Σ(Y,Y) only).
		s := topSums(c, pm.top, pm.by, x, y, true, false)
		r := topSums(c, pm.topR, pm.by, x, y, false, true)
		s.PredGoldRecall, s.GoldGold = r.PredGold, r.GoldGold
		s.Search.add(r.Search)
		s.By = mergeRecall(s.By, r.By)
		out[i] = s
	}
	return out, nil
}

func describePair(pr *Pair) string {
	if pr.Gold != nil {
		return pr.Gold.Describe()
	}
	return pr.Pred.Describe()
}

// topSums computes the sums of a top-level metric: Σ(X,Y), and Σ(X,X)
// and Σ(Y,Y) when asked. A matching is not normalized here: the corpus
// sums are normalized after summing. With the trace on, only Σ(X,Y) is
// recorded. With a breakdown, the sums are also split by key (see
// breakdown).
func topSums(c *ctx, n *cnode, by *byPlan, x, y value.Ref, wantXX, wantYY bool) Sums {
	var s Sums
	m := n.match
	tr := c.trace
	if tr != nil {
		defer func() { c.trace = tr }()
	}
	c.search = SearchStats{}
	switch {
	case m != nil && by != nil && tr == nil:
		return breakdown(c, m, by, x, y, wantXX, wantYY)
	case m != nil && m.counted != nil && tr == nil:
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
		c.trace = nil
		if wantXX {
			s.PredPred = n.eval(c, x, x)
		}
		if wantYY {
			s.GoldGold = n.eval(c, y, y)
		}
		s.Search.add(c.search)
		return s
	}
	op := operands{x, y, m.view(c, x), m.view(c, y)}
	switch {
	case tr != nil:
		al := m.record(c, op.X, op.Y, x, y, false)
		s.PredGold = al.PredGold
		if al.Search != nil {
			s.Search = *al.Search
		}
		c.trace = nil
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
	case m.latent != nil:
		s.PredGold, s.Search, _ = m.latent.solve(c, m, op.X, op.Y)
	default:
		s.PredGold = m.sum(c, op)
	}
	// Not m.self: its memo is keyed by the collection's identity, which
	// would intern a view's whole output (lazyID) for nothing at the top.
	if wantXX {
		s.PredPred = m.sum(c, operands{x, x, op.X, op.X})
	}
	if wantYY {
		s.GoldGold = m.sum(c, operands{y, y, op.Y, op.Y})
	}
	s.Search.add(c.search)
	return s
}

// decodePair decodes the prediction (side 0) and the gold (side 1) of a
// pair into the worker's arena.
func (p *Plan) decodePair(c *ctx, pr *Pair, goldPath, predPath string) (x, y value.Ref, derr *document.DataError) {
	if x, derr = p.decodeDoc(c, pr.Pred, predPath, 0); derr != nil {
		return 0, 0, derr
	}
	y, derr = p.decodeDoc(c, pr.Gold, goldPath, 1)
	return x, y, derr
}

func (p *Plan) decodeDoc(c *ctx, d *document.Doc, path string, side int) (value.Ref, *document.DataError) {
	dec := &decoder{a: c.a, side: side}
	if d == nil {
		return p.empty(dec), nil
	}
	r, perr := decodeJSON(p.decode, dec, d.JSON)
	if perr != nil {
		return 0, &document.DataError{File: path, Doc: d.Describe(), Path: perr.path(), Msg: perr.msg}
	}
	return r, nil
}

// aggregate turns per-pair sums into corpus results. Each metric sums the
// corpus (micro) or averages per-document values (macro: over every
// document, or over those whose gold scores above 0 against itself), as it
// declares; a metric that declares nothing follows the run (--macro).
func (p *Plan) aggregate(pairs []Pair, sums [][]Sums, wanted []bool, opts Options) *Result {
	res := &Result{Documents: len(pairs), Macro: opts.Macro}
	for _, prm := range p.Prog.Params {
		res.Params = append(res.Params, Param{Name: prm.Name, Value: prm.Value})
	}
	anyMacro := opts.Macro
	for _, pm := range p.Metrics {
		anyMacro = anyMacro || pm.avg == ast.AvgMacro || pm.avg == ast.AvgMacroGold
	}
	var perDoc [][]*MetricResult
	if anyMacro || opts.PerDoc {
		perDoc = make([][]*MetricResult, len(pairs))
		for d := range pairs {
			perDoc[d] = p.results(func(i int) Sums { return sums[d][i] }, wanted, true)
		}
	}
	corpus := p.results(func(i int) Sums {
		var total Sums
		for d := range pairs {
			total.add(sums[d][i])
		}
		return total
	}, wanted, false)
	p.macro(corpus, perDoc, wanted, opts.Macro)
	for i, r := range corpus {
		if wanted[i] && p.reported(i, opts.Metrics) {
			res.Metrics = append(res.Metrics, r)
		}
	}
	if opts.PerDoc {
		for d, pr := range pairs {
			dr := DocResult{ID: pr.ID}
			for i, r := range perDoc[d] {
				if wanted[i] && p.reported(i, opts.Metrics) {
					dr.Metrics = append(dr.Metrics, r)
				}
			}
			res.PerDoc = append(res.PerDoc, dr)
		}
	}
	return res
}

func (p *Plan) reported(i int, names []string) bool {
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if n == p.Metrics[i].m.Name {
			return true
		}
	}
	return false
}

// results normalizes sums into metric results, then evaluates corpus
// metrics on them. perDoc applies the convention that a document whose
// prediction and gold both score zero against themselves scores 1.
func (p *Plan) results(sumsOf func(i int) Sums, wanted []bool, perDoc bool) []*MetricResult {
	out := make([]*MetricResult, len(p.Metrics))
	byMetric := map[*typecheck.Metric]*MetricResult{}
	for i, pm := range p.Metrics {
		r := &MetricResult{Name: pm.m.Name, Kind: pm.kind}
		out[i] = r
		byMetric[pm.m] = r
		if !wanted[i] || r.IsCorpus() {
			continue
		}
		r.Sums = sumsOf(i)
		setPRF(r, perDoc)
		p.declaredValue(pm, r)
		for _, ks := range r.Sums.By {
			row := &MetricResult{Name: ks.Key, Kind: KindSumsN,
				Sums: Sums{PredGold: ks.PredGold, PredPred: ks.PredPred, GoldGold: ks.GoldGold, PredGoldRecall: ks.PredGoldRecall}}
			setPRF(row, perDoc)
			r.By = append(r.By, row)
		}
	}
	p.evalCorpus(byMetric, out, wanted)
	return out
}

// setPRF sets precision, recall and F1 from the sums. perDoc applies the
// convention that a document whose prediction and gold both score zero
// against themselves scores 1.
func setPRF(r *MetricResult, perDoc bool) {
	s := r.Sums
	if perDoc && s.PredPred == 0 && s.GoldGold == 0 {
		r.Precision, r.Recall, r.F1 = 1, 1, 1
		return
	}
	r.Precision = div(s.PredGold, s.PredPred)
	r.Recall = div(s.PredGoldRecall, s.GoldGold)
	r.F1 = harmonic(r.Precision, r.Recall)
}

// declaredValue sets Value when the metric's own normalizer is not one of
// P, R, F (which the precision, recall and f1 fields already give).
func (p *Plan) declaredValue(pm *planMetric, r *MetricResult) {
	if pm.kind != KindSumsValue {
		return
	}
	m := pm.m.Body.(*typecheck.Match)
	r.Value = normalize(m.Norm, m.Beta, r.Sums.PredGold, r.Sums.PredPred, r.Sums.GoldGold)
}

func (p *Plan) evalCorpus(byMetric map[*typecheck.Metric]*MetricResult, out []*MetricResult, wanted []bool) {
	done := map[*typecheck.Metric]bool{}
	var eval func(i int)
	eval = func(i int) {
		pm := p.Metrics[i]
		if done[pm.m] || pm.corpus == nil {
			return
		}
		done[pm.m] = true
		for _, d := range pm.m.Deps {
			for j, other := range p.Metrics {
				if other.m == d {
					eval(j)
				}
			}
		}
		v := pm.corpus(byMetric)
		if pm.kind == KindCorpusTriple {
			out[i].Precision, out[i].Recall, out[i].F1 = v[0], v[1], v[2]
		} else {
			out[i].Value = v[0]
		}
	}
	for i := range p.Metrics {
		if wanted[i] {
			eval(i)
		}
	}
}

// macro replaces, in the corpus results, the values of every metric that
// averages per document (declared macro or macro(gold), or by default when
// the run is macro) with the average of its per-document values, then
// evaluates the corpus metrics again. The sums stay the corpus sums; a
// breakdown's rows stay micro (seqeval's and conlleval's per-type rows).
func (p *Plan) macro(corpus []*MetricResult, perDoc [][]*MetricResult, wanted []bool, runMacro bool) {
	changed := false
	for i, pm := range p.Metrics {
		avg := pm.avg
		if avg == ast.AvgDefault && runMacro {
			avg = ast.AvgMacro
		}
		r := corpus[i]
		if !wanted[i] || r.IsCorpus() || (avg != ast.AvgMacro && avg != ast.AvgMacroGold) {
			continue
		}
		if pm.avg != ast.AvgDefault {
			r.Average = avg.String() // a run-wide --macro is said once, at the top
		}
		r.Precision, r.Recall, r.F1, r.Value = 0, 0, 0, 0
		n := 0.0
		for d := range perDoc {
			if avg == ast.AvgMacroGold && perDoc[d][i].Sums.GoldGold <= 0 {
				continue
			}
			n++
		}
		for d := range perDoc {
			dr := perDoc[d][i]
			if avg == ast.AvgMacroGold && dr.Sums.GoldGold <= 0 {
				continue
			}
			r.Precision += dr.Precision / n
			r.Recall += dr.Recall / n
			r.F1 += dr.F1 / n
			r.Value += dr.Value / n
		}
		changed = true
	}
	if changed {
		byMetric := map[*typecheck.Metric]*MetricResult{}
		for i, pm := range p.Metrics {
			byMetric[pm.m] = corpus[i]
		}
		p.evalCorpus(byMetric, corpus, wanted)
	}
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
