package corpus

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/typecheck"
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
	sc, _, err := p.scoreStreams(gold, pred, opts, false)
	return sc, err
}

// ScoreTotals is ScoreDocStreams adding each document's sums to corpus
// totals as it is scored, instead of keeping them: memory then follows the
// largest document, not the corpus. It is for runs that report corpus
// values only (see NeedsDocs).
func (p *Plan) ScoreTotals(gold, pred document.Stream, opts Options) (*Totals, error) {
	_, t, err := p.scoreStreams(gold, pred, opts, true)
	return t, err
}

// scoreStreams is ScoreDocStreams, or, with toTotals, ScoreTotals.
func (p *Plan) scoreStreams(gold, pred document.Stream, opts Options, toTotals bool) (*Scored, *Totals, error) {
	wanted, err := p.Pair.Select(opts.Metrics)
	if err != nil {
		return nil, nil, err
	}
	joined, err := joinDivided(gold, pred, opts.Warn)
	if err != nil {
		return nil, nil, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	type scored struct {
		order int
		id    string
		name  string // the pair in messages
		// predOnly: a prediction scored against an empty gold
		predOnly bool
		sums     []eval.Sums
	}
	var (
		mu        sync.Mutex
		done      []scored // each document's sums, or (toTotals) those left out of a micro(gold) metric, for the warning
		scoreErrs []sortedError
		failed    atomic.Bool // stop scoring once the run is an error
		wg        sync.WaitGroup
		totals    *Totals
	)
	if toTotals {
		totals = p.NewTotals(wanted)
	}
	// Pairs go to the workers in batches: handing over each small
	// document alone costs more in waking threads than scoring it.
	jobs := make(chan []Pair, 2*workers)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := p.Pair.NewScorer(opts.Search)
			for batch := range jobs {
				for i := range batch {
					pr := &batch[i]
					if failed.Load() {
						break
					}
					sums, derr := sc.Score(&pr.Pair, gold.Path(), pred.Path(), wanted)
					if opts.Progress != nil && derr == nil {
						opts.Progress.done1(sums)
					}
					mu.Lock()
					switch {
					case derr != nil:
						scoreErrs = append(scoreErrs, sortedError{phaseScore, 0, pr.order, derr})
					case totals == nil:
						done = append(done, scored{pr.order, pr.ID, pr.Describe(), pr.Gold == nil, sums})
					default:
						p.addDoc(totals, sums)
						if opts.Warn != nil && len(p.leftOut(sums, wanted)) > 0 {
							done = append(done, scored{pr.order, pr.ID, pr.Describe(), pr.Gold == nil, sums})
						}
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
	if workers > 1 {
		// Files are parsed on goroutines of their own, ahead of scoring.
		stop := make(chan struct{})
		defer close(stop)
		if document.InputOf(gold) == nil {
			gold = newPrefetch(gold, stop)
		}
		if document.InputOf(pred) == nil {
			pred = newPrefetch(pred, stop)
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
		batchBytes += pr.Size()
		if len(batch) == maxBatch || batchBytes >= maxBatchBytes {
			flush()
		}
	}, opts.Warn)
	pairing.run()
	flush()
	close(jobs)
	wg.Wait()
	if pairing.fatal != nil {
		return nil, nil, pairing.fatal
	}
	if pairing.countMismatch {
		// Pairs by position of files with different counts are suspect
		// from the first gap on; what they say is noise beside the count.
		scoreErrs = nil
	}
	if errs := append(pairing.errs, scoreErrs...); len(errs) > 0 {
		return nil, nil, sortErrors(errs)
	}
	scoredDocs := len(done)
	if totals != nil {
		scoredDocs = totals.Documents
	}
	if scoredDocs == 0 && opts.Shards <= 1 {
		return nil, nil, &document.DataError{File: gold.Path(), Msg: fmt.Sprintf("nothing was scored: neither it nor %s has a document", pred.Path())}
	}
	slices.SortFunc(done, func(a, b scored) int { return a.order - b.order })
	if totals != nil {
		for _, d := range done {
			p.warnLeftOut(opts.Warn, gold.Path(), d.name, d.sums, wanted)
		}
		return nil, totals, nil
	}
	sc := &Scored{Wanted: wanted, IDs: make([]string, len(done)), Order: make([]int, len(done)), Sums: make([][]eval.Sums, len(done)), Joined: joined}
	for i, d := range done {
		sc.IDs[i], sc.Order[i], sc.Sums[i] = d.id, d.order, d.sums
		if d.predOnly {
			if sc.PredOnly == nil {
				sc.PredOnly = make([]bool, len(done))
			}
			sc.PredOnly[i] = true
		}
		p.warnLeftOut(opts.Warn, gold.Path(), d.name, d.sums, wanted)
	}
	return sc, nil, nil
}

// warnLeftOut says which micro(gold) metrics leave a document out.
func (p *Plan) warnLeftOut(warn func(string), goldPath, name string, sums []eval.Sums, wanted []bool) {
	if warn == nil {
		return
	}
	if left := p.leftOut(sums, wanted); len(left) > 0 {
		warn(fmt.Sprintf("%s: %s: the gold scores 0 against itself: left out of %s (micro(gold)), whatever the prediction has", goldPath, name, strings.Join(left, ", ")))
	}
}

// A batch of pairs for a worker ends at maxBatch pairs or once its
// documents reach maxBatchBytes of JSON: a batch of large documents is one
// document, so memory still follows the largest, and a corpus of a few
// hundred middling documents (89 MRP graphs of 4 KB) still splits into
// enough batches to keep every worker busy to the end.
const (
	maxBatch      = 64
	maxBatchBytes = 32 << 10
)

// leftOut names the wanted micro(gold) metrics that leave a document with
// these sums out of the corpus.
func (p *Plan) leftOut(sums []eval.Sums, wanted []bool) []string {
	var left []string
	for i, pm := range p.Pair.Metrics {
		if wanted[i] && pm.Row == nil && pm.Avg == ast.AvgMicroGold && sums[i].GoldGold <= 0 {
			left = append(left, pm.Def.Name)
		}
	}
	return left
}

// aggregate turns per-pair sums into corpus results. Each metric sums the
// corpus (micro) or averages per-document values (macro: over every
// document, or over those whose gold scores above 0 against itself), as it
// declares; a metric that declares nothing follows the run (--macro).
//
// Every total is exact until rounded once (xsum), so the result does not
// depend on the order of the documents: merged shards give the same bits.
func (p *Plan) aggregate(ids []string, sums [][]eval.Sums, wanted []bool, opts Options) *Result {
	t := p.NewTotals(wanted)
	for d := range sums {
		p.addDoc(t, sums[d])
	}
	var perDoc [][]*MetricResult
	if p.NeedsDocs(wanted, opts) {
		perDoc = p.perDocResults(sums, wanted)
	}
	return p.finish(t, ids, perDoc, wanted, opts)
}

// finish computes the corpus results from the totals, the macro averages
// from the per-document results (when asked), and lists what opts
// reports.
func (p *Plan) finish(t *Totals, ids []string, perDoc [][]*MetricResult, wanted []bool, opts Options) *Result {
	res := &Result{Documents: t.Documents, Macro: opts.Macro}
	for _, prm := range p.Pair.Prog.Params {
		res.Params = append(res.Params, Param{Name: prm.Name, Value: prm.Value})
	}
	corpus := p.results(func(i int) eval.Sums { return t.acc[i].sums() }, wanted, false)
	for i, pm := range p.Pair.Metrics {
		if pm.Avg == ast.AvgMicroGold && pm.Row == nil {
			corpus[i].Average = pm.Avg.String()
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
func (p *Plan) perDocResults(sums [][]eval.Sums, wanted []bool) [][]*MetricResult {
	perDoc := make([][]*MetricResult, len(sums))
	for d := range sums {
		perDoc[d] = p.results(func(i int) eval.Sums { return sums[d][i] }, wanted, true)
	}
	return perDoc
}

func (p *Plan) reported(i int, names []string) bool {
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if n == p.Pair.Metrics[i].Def.Name {
			return true
		}
	}
	return false
}

// results normalizes sums into metric results, then evaluates corpus
// metrics on them. perDoc applies the convention that a document whose
// prediction and gold both score zero against themselves scores 1.
func (p *Plan) results(sumsOf func(i int) eval.Sums, wanted []bool, perDoc bool) []*MetricResult {
	out := make([]*MetricResult, len(p.Pair.Metrics))
	byMetric := map[*typecheck.Metric]*MetricResult{}
	for i, pm := range p.Pair.Metrics {
		r := &MetricResult{Name: pm.Def.Name, Kind: pm.Kind}
		out[i] = r
		byMetric[pm.Def] = r
		if !wanted[i] || r.IsCorpus() {
			continue
		}
		if pm.Row != nil {
			continue
		}
		r.Sums = sumsOf(i)
		setPRF(r, perDoc, pm.Def.Empty)
		p.declaredValue(pm, r, perDoc)
		for _, ks := range r.Sums.By {
			row := &MetricResult{Name: ks.Key, Kind: eval.KindSumsN,
				Sums: eval.Sums{PredGold: ks.PredGold, PredPred: ks.PredPred, GoldGold: ks.GoldGold, PredGoldRecall: ks.PredGoldRecall}}
			setPRF(row, perDoc, pm.Def.Empty)
			r.By = append(r.By, row)
		}
	}
	for i, pm := range p.Pair.Metrics {
		if pm.Row == nil || !wanted[i] {
			continue
		}
		src := byMetric[pm.Row.Metric]
		row := src.Row(pm.Row.Key)
		r := out[i]
		r.RowOf = pm.Row.Metric.Name + "[" + pm.Row.Key + "]"
		r.Sums = row.Sums
		r.Sums.Search = src.Sums.Search
		setPRF(r, perDoc, pm.Def.Empty)
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
	r.Precision = eval.Div(s.PredGold, s.PredPred)
	if s.PredPred == 0 {
		r.Precision = empty
	}
	r.Recall = eval.Div(s.PredGoldRecall, s.GoldGold)
	if s.GoldGold == 0 {
		r.Recall = empty
	}
	r.F1 = eval.Harmonic(r.Precision, r.Recall)
}

// declaredValue sets Value when the metric's own normalizer is not one of
// P, R, F (which the precision, recall and f1 fields already give).
// A metric aggregated micro(clip) takes, over a corpus, the sum of its
// documents' clipped values instead; a document keeps its own value.
func (p *Plan) declaredValue(pm *eval.Metric, r *MetricResult, perDoc bool) {
	if pm.Kind != eval.KindSumsValue {
		return
	}
	if pm.Avg == ast.AvgMicroClip && !perDoc {
		r.Value = r.Sums.Clipped
		r.Average = pm.Avg.String()
		return
	}
	r.Value = pm.Value(r.Sums)
}

func (p *Plan) evalCorpus(byMetric map[*typecheck.Metric]*MetricResult, out []*MetricResult, wanted []bool) {
	done := map[*typecheck.Metric]bool{}
	var compute func(i int)
	compute = func(i int) {
		pm := p.Pair.Metrics[i]
		if done[pm.Def] || p.corpus[i] == nil {
			return
		}
		done[pm.Def] = true
		for _, d := range pm.Def.Deps {
			for j, other := range p.Pair.Metrics {
				if other.Def == d {
					compute(j)
				}
			}
		}
		v := p.corpus[i](byMetric)
		if pm.Kind == eval.KindCorpusTriple {
			out[i].Precision, out[i].Recall, out[i].F1 = v[0], v[1], v[2]
		} else {
			out[i].Value = v[0]
		}
	}
	for i := range p.Pair.Metrics {
		if wanted[i] {
			compute(i)
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
	for i, pm := range p.Pair.Metrics {
		avg := pm.Avg
		if avg == ast.AvgDefault && runMacro {
			avg = ast.AvgMacro
		}
		r := corpus[i]
		if !wanted[i] || r.IsCorpus() || (avg != ast.AvgMacro && avg != ast.AvgMacroGold) {
			continue
		}
		if pm.Avg != ast.AvgDefault {
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
		r.Precision, r.Recall, r.F1, r.Value = eval.Div(sp.sum(), float64(n)), eval.Div(sr.sum(), float64(n)), eval.Div(sf.sum(), float64(n)), eval.Div(sv.sum(), float64(n))
		changed = true
	}
	if changed {
		byMetric := map[*typecheck.Metric]*MetricResult{}
		for i, pm := range p.Pair.Metrics {
			byMetric[pm.Def] = corpus[i]
		}
		p.evalCorpus(byMetric, corpus, wanted)
	}
}
