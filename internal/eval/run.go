package eval

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Options are the options of a run, the one run configuration of every
// front end (the root package's Options are these): `metricc run`'s flags,
// the Python package's keyword arguments and the playground's settings
// all marshal onto them. Zero values are the defaults throughout.
type Options struct {
	// Metrics reports only these (corpus metrics compute what they need).
	Metrics []string
	// Macro averages per-document values instead of summing the corpus.
	Macro bool
	// PerDoc also reports every document.
	PerDoc bool
	// AllowMissing scores an unpaired document against an empty one.
	AllowMissing bool
	// Workers scores documents in parallel (0: all cores); the results do
	// not depend on it.
	Workers int
	// Search limits each document pair's latent-variable search; the best
	// matching found is then reported with its gap. A zero field takes its
	// default (solver.DefaultMaxWork units of work, solver.DefaultMaxPairs
	// candidate pairs, no limit on nodes or time) and solver.NoLimit lifts
	// a limit. Search.Stop, once closed, stops every search at once
	// (Ctrl-C): the pairs not yet proven are reported from the best
	// matching found so far, as interrupted.
	Search solver.Limits
	// Warn receives the warnings of input adapters (repairs they made,
	// what their Check finds comparing the two files), of pairing (a
	// format's convention for unpaired documents) and of scoring
	// (documents a micro(gold) metric leaves out); nil drops them.
	Warn func(string)
	// Bootstrap, when positive, adds percentile intervals of every value
	// (MetricResult.CI) from that many corpora resampled by document,
	// drawn with Seed; Level is their coverage (0: 0.95).
	Bootstrap int
	Seed      uint64
	Level     float64
	// Progress, when set, counts the document pairs as they are scored.
	Progress *Progress
	// Shard, when Shards > 1, scores only every Shards-th document pair,
	// from the Shard-th (from 1), in corpus order (`run --shard K/N`): the
	// documents are read and paired as usual, so every shard numbers them
	// alike, and the shards' stats files merge into the output of one run.
	Shard, Shards int
}

// Score runs the plan over gold and predicted inputs read whole; see
// ScoreStreams.
func (p *Plan) Score(gold, pred *document.Input, opts Options) (*Result, error) {
	return p.ScoreStreams(document.InputStream(gold), document.InputStream(pred), opts)
}

// ScoreStreams reads gold and predicted documents as they come, pairs
// them, scores each pair on a worker and lets it go, then aggregates the
// corpus (ScoreDocStreams, then Aggregate).
func (p *Plan) ScoreStreams(gold, pred document.Stream, opts Options) (*Result, error) {
	sc, err := p.ScoreDocStreams(gold, pred, opts)
	if err != nil {
		return nil, err
	}
	return p.Aggregate(sc, opts)
}

// ScoreDocStreams reads gold and predicted documents as they come, pairs
// them, scores each pair on a worker and lets it go: memory follows the
// largest document (and the documents waiting for their partner when the
// files are not in the same order), not the corpus; what is kept is each
// document's sums. Every unreadable, unpaired or unscorable document is
// reported. The result does not depend on the number of workers: the
// documents are in corpus order (see Pair).
func (p *Plan) ScoreDocStreams(gold, pred document.Stream, opts Options) (*Scored, error) {
	wanted, err := p.selectMetrics(opts.Metrics)
	if err != nil {
		return nil, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	type scored struct {
		order int
		id    string
		name  string // the pair in messages
		sums  []Sums
	}
	var (
		mu        sync.Mutex
		done      []scored
		scoreErrs []sortedError
		failed    atomic.Bool // stop scoring once the run is an error
		wg        sync.WaitGroup
	)
	// Pairs go to the workers in batches: handing over each small
	// document alone costs more in waking threads than scoring it.
	jobs := make(chan []Pair, 2*workers)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newCtx()
			c.limits = opts.Search
			for batch := range jobs {
				for i := range batch {
					pr := &batch[i]
					if failed.Load() {
						break
					}
					sums, derr := p.scorePair(c, pr, gold.Path(), pred.Path(), wanted)
					if opts.Progress != nil && derr == nil {
						opts.Progress.done1(sums)
					}
					mu.Lock()
					if derr != nil {
						scoreErrs = append(scoreErrs, sortedError{phaseScore, 0, pr.order, derr})
					} else {
						done = append(done, scored{pr.order, pr.ID, describePair(pr), sums})
					}
					mu.Unlock()
				}
			}
		}()
	}
	var batch []Pair
	batchBytes := 0
	flush := func() {
		if len(batch) > 0 {
			jobs <- batch
			batch, batchBytes = nil, 0
		}
	}
	var pairing *pairer
	pairing = newPairer(p, gold, pred, opts.AllowMissing, func(pr Pair) {
		if len(pairing.errs) > 0 {
			failed.Store(true)
		}
		if opts.Shards > 1 && pr.order%opts.Shards != opts.Shard-1 {
			return // another shard's
		}
		batch = append(batch, pr)
		batchBytes += pairSize(&pr)
		if len(batch) == maxBatch || batchBytes >= maxBatchBytes {
			flush()
		}
	}, opts.Warn)
	pairing.run()
	flush()
	close(jobs)
	wg.Wait()
	if pairing.fatal != nil {
		return nil, pairing.fatal
	}
	if pairing.countMismatch {
		// Pairs by position of files with different counts are suspect
		// from the first gap on; what they say is noise beside the count.
		scoreErrs = nil
	}
	if errs := append(pairing.errs, scoreErrs...); len(errs) > 0 {
		return nil, sortErrors(errs)
	}
	if len(done) == 0 && opts.Shards <= 1 {
		return nil, &document.DataError{File: gold.Path(), Msg: fmt.Sprintf("nothing was scored: neither it nor %s has a document", pred.Path())}
	}
	slices.SortFunc(done, func(a, b scored) int { return a.order - b.order })
	sc := &Scored{Wanted: wanted, IDs: make([]string, len(done)), Order: make([]int, len(done)), Sums: make([][]Sums, len(done))}
	for i, d := range done {
		sc.IDs[i], sc.Order[i], sc.Sums[i] = d.id, d.order, d.sums
		if opts.Warn != nil {
			if left := p.leftOut(d.sums, wanted); len(left) > 0 {
				opts.Warn(fmt.Sprintf("%s: %s: the gold scores 0 against itself: left out of %s (micro(gold)), whatever the prediction has", gold.Path(), d.name, strings.Join(left, ", ")))
			}
		}
	}
	return sc, nil
}

// A batch of pairs for a worker ends at maxBatch pairs or once its
// documents reach maxBatchBytes of JSON, so that a batch of large
// documents is one document and memory still follows the largest.
const (
	maxBatch      = 64
	maxBatchBytes = 256 << 10
)

// pairSize is the JSON of a pair's documents, in bytes.
func pairSize(pr *Pair) int {
	n := 0
	for _, d := range []*document.Doc{pr.Gold, pr.Pred} {
		if d != nil {
			n += len(d.JSON)
		}
	}
	return n
}

// leftOut names the wanted micro(gold) metrics that leave a document with
// these sums out of the corpus.
func (p *Plan) leftOut(sums []Sums, wanted []bool) []string {
	var left []string
	for i, pm := range p.Metrics {
		if wanted[i] && pm.row == nil && pm.avg == ast.AvgMicroGold && sums[i].GoldGold <= 0 {
			left = append(left, pm.m.Name)
		}
	}
	return left
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
	current := -1 // the metric being computed, for errors
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprintf("internal error while scoring: %v", r)
			if e, ok := r.(evalError); ok {
				msg = e.msg
			}
			if current >= 0 {
				msg = fmt.Sprintf("metric %q: %s", p.Metrics[current].m.Name, msg)
			}
			out, derr = nil, &document.DataError{File: goldPath, Doc: describePair(pr), Msg: msg}
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
		current = i
		if pm.topR == nil {
			s := topSums(c, pm.top, pm.by, x, y, true, true)
			s.PredGoldRecall = s.PredGold
			if pm.avg == ast.AvgMicroClip {
				// Clipped per document here, so that whatever sums the
				// documents' sums (the corpus, a resample of it, a merge of
				// shards) sums clipped values.
				s.Clipped = max(0, p.value(pm, s))
			}
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
	for i, pm := range p.Metrics {
		if why := badSums(&out[i]); why != "" {
			return nil, &document.DataError{File: goldPath, Doc: describePair(pr), Msg: fmt.Sprintf("metric %q: %s", pm.m.Name, why)}
		}
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
	if m.ignore != nil {
		if tr != nil {
			m.record(c, op.X, op.Y, x, y, false)
			c.trace = nil
		}
		xy, xx, yy := m.ignoreSums(c, op)
		s.PredGold = xy
		if wantXX {
			s.PredPred = xx
		}
		if wantYY {
			s.GoldGold = yy
		}
		s.Search.add(c.search)
		return s
	}
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
		s.PredGold, s.Search, _, _ = m.latent.solve(c, m, op.X, op.Y)
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
	if pred := pr.Pred; pred != nil && pred.Resolve != nil {
		// A prediction read through its gold is written now, by the worker.
		doc := *pred
		text, err := pred.Resolve(pr.Gold)
		if err != nil {
			return 0, 0, resolveError(predPath, pred, err)
		}
		doc.JSON, doc.Resolve = text, nil
		pr.Pred = &doc
	}
	if derr := checkText(pr, goldPath, predPath); derr != nil {
		return 0, 0, derr
	}
	if derr := checkShape(pr, goldPath, predPath); derr != nil {
		return 0, 0, derr
	}
	size := pairSize(pr)
	// JSON of the adapters' kind has about a node per 20 bytes (equal
	// leaves share one) and a child reference per 9.
	c.a.Reserve(size/16, size/8)
	if x, derr = p.decodeDoc(c, pr.Pred, predPath, 0); derr != nil {
		return 0, 0, derr
	}
	y, derr = p.decodeDoc(c, pr.Gold, goldPath, 1)
	return x, y, derr
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
//
// Every total is exact until rounded once (xsum), so the result does not
// depend on the order of the documents: merged shards give the same bits.
func (p *Plan) aggregate(ids []string, sums [][]Sums, wanted []bool, opts Options) *Result {
	res := &Result{Documents: len(ids), Macro: opts.Macro}
	for _, prm := range p.Prog.Params {
		res.Params = append(res.Params, Param{Name: prm.Name, Value: prm.Value})
	}
	anyMacro := opts.Macro
	for _, pm := range p.Metrics {
		anyMacro = anyMacro || pm.avg == ast.AvgMacro || pm.avg == ast.AvgMacroGold
	}
	var perDoc [][]*MetricResult
	if anyMacro || opts.PerDoc {
		perDoc = p.perDocResults(sums, wanted)
	}
	// micro(gold) leaves out the documents whose gold scores 0 against
	// itself (their searches still count).
	corpus := p.results(func(i int) Sums {
		var total sumsAcc
		gold := p.Metrics[i].avg == ast.AvgMicroGold
		for d := range sums {
			if gold && sums[d][i].GoldGold <= 0 {
				total.search.add(sums[d][i].Search)
				continue
			}
			total.add(&sums[d][i])
		}
		return total.sums()
	}, wanted, false)
	for i, pm := range p.Metrics {
		if pm.avg == ast.AvgMicroGold && pm.row == nil {
			corpus[i].Average = pm.avg.String()
		}
	}
	p.macro(corpus, perDoc, wanted, opts.Macro)
	for i, r := range corpus {
		if wanted[i] && p.reported(i, opts.Metrics) {
			res.Metrics = append(res.Metrics, r)
		}
	}
	if opts.PerDoc {
		for d, id := range ids {
			dr := DocResult{ID: id}
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

// perDocResults normalizes each document's sums.
func (p *Plan) perDocResults(sums [][]Sums, wanted []bool) [][]*MetricResult {
	perDoc := make([][]*MetricResult, len(sums))
	for d := range sums {
		perDoc[d] = p.results(func(i int) Sums { return sums[d][i] }, wanted, true)
	}
	return perDoc
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
		if pm.row != nil {
			continue
		}
		r.Sums = sumsOf(i)
		setPRF(r, perDoc, pm.m.Empty)
		p.declaredValue(pm, r, perDoc)
		for _, ks := range r.Sums.By {
			row := &MetricResult{Name: ks.Key, Kind: KindSumsN,
				Sums: Sums{PredGold: ks.PredGold, PredPred: ks.PredPred, GoldGold: ks.GoldGold, PredGoldRecall: ks.PredGoldRecall}}
			setPRF(row, perDoc, pm.m.Empty)
			r.By = append(r.By, row)
		}
	}
	for i, pm := range p.Metrics {
		if pm.row == nil || !wanted[i] {
			continue
		}
		src := byMetric[pm.row.Metric]
		row := src.Row(pm.row.Key)
		r := out[i]
		r.RowOf = pm.row.Metric.Name + "[" + pm.row.Key + "]"
		r.Sums = row.Sums
		r.Sums.Search = src.Sums.Search
		setPRF(r, perDoc, pm.m.Empty)
	}
	p.evalCorpus(byMetric, out, wanted)
	return out
}

// setPRF sets precision, recall and F1 from the sums. perDoc applies the
// convention that a document whose prediction and gold both score zero
// against themselves scores 1. empty is the precision when the
// prediction's self-sum is 0 and the recall when the gold's is (the
// metric's `empty = n`; the CoNLL-2016 scorers' 1).
func setPRF(r *MetricResult, perDoc bool, empty float64) {
	s := r.Sums
	if perDoc && s.PredPred == 0 && s.GoldGold == 0 {
		r.Precision, r.Recall, r.F1 = 1, 1, 1
		return
	}
	r.Precision = div(s.PredGold, s.PredPred)
	if s.PredPred == 0 {
		r.Precision = empty
	}
	r.Recall = div(s.PredGoldRecall, s.GoldGold)
	if s.GoldGold == 0 {
		r.Recall = empty
	}
	r.F1 = harmonic(r.Precision, r.Recall)
}

// declaredValue sets Value when the metric's own normalizer is not one of
// P, R, F (which the precision, recall and f1 fields already give).
// A metric aggregated micro(clip) takes, over a corpus, the sum of its
// documents' clipped values instead; a document keeps its own value.
func (p *Plan) declaredValue(pm *planMetric, r *MetricResult, perDoc bool) {
	if pm.kind != KindSumsValue {
		return
	}
	if pm.avg == ast.AvgMicroClip && !perDoc {
		r.Value = r.Sums.Clipped
		r.Average = pm.avg.String()
		return
	}
	r.Value = p.value(pm, r.Sums)
}

// value is the metric's own normalizer applied to its sums.
func (p *Plan) value(pm *planMetric, s Sums) float64 {
	m := pm.m.Body.(*typecheck.Match)
	return normalize(m.Norm, m.Beta, s.PredGold, s.PredPred, s.GoldGold)
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
		var sp, sr, sf, sv xsum
		n := 0
		for d := range perDoc {
			dr := perDoc[d][i]
			if avg == ast.AvgMacroGold && dr.Sums.GoldGold <= 0 {
				continue
			}
			n++
			sp.add(dr.Precision)
			sr.add(dr.Recall)
			sf.add(dr.F1)
			sv.add(dr.Value)
		}
		r.Precision, r.Recall, r.F1, r.Value = div(sp.sum(), float64(n)), div(sr.sum(), float64(n)), div(sf.sum(), float64(n)), div(sv.sum(), float64(n))
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
