package corpus

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

// Bootstrap intervals and paired significance tests, from per-document
// sums: a resampled corpus is a count per document, its sums are the
// counted sums of its documents, and its results come from the same
// normalization, macro averaging and corpus arithmetic as a run's
// (Plan.results, Plan.macro). Nothing is solved again.
//
// Determinism: resample i draws from its own generator, seeded with (seed,
// i), over the documents in a canonical order, so that the intervals
// depend on the seed and the documents only: not on the workers, the order
// of the input files, or how a corpus was split into shards and merged.
// Documents that pair by id are ordered by id; documents that pair by
// position (whose ids are positions, which shards number anew) by their
// sums, so that equal keys mean interchangeable documents.

// Interval is a percentile interval [lo, hi]; NaN when no resample had a
// value.
type Interval [2]float64

// CI holds the intervals of a result's values (those its kind reports).
type CI struct {
	Level                        float64
	Precision, Recall, F1, Value Interval
}

func (c *CI) set(f typecheck.MetricField, iv Interval) {
	switch f {
	case typecheck.Precision:
		c.Precision = iv
	case typecheck.Recall:
		c.Recall = iv
	case typecheck.F1:
		c.F1 = iv
	case typecheck.Value:
		c.Value = iv
	}
}

// BootstrapInfo says how the intervals of a result were computed.
type BootstrapInfo struct {
	Samples int
	Seed    uint64
	Level   float64 // e.g. 0.95: the interval between the 2.5th and 97.5th percentiles
}

// DefaultLevel is the coverage of intervals when none is asked for.
const DefaultLevel = 0.95

func level(opts Options) float64 {
	if opts.Level > 0 && opts.Level < 1 {
		return opts.Level
	}
	return DefaultLevel
}

// bootstrap sets the intervals of res (and of its breakdown rows) from
// opts.Bootstrap resamples of sc's documents.
func (p *Plan) bootstrap(res *Result, sc *Scored, wanted []bool, opts Options) {
	p.bootstrapDraws(res, sc, wanted, opts, func(rs *resampling) drawFn { return rs.drawCounts })
}

// bootstrapDraws is bootstrap with the draws chosen by draws (tests fix
// them).
func (p *Plan) bootstrapDraws(res *Result, sc *Scored, wanted []bool, opts Options, draws func(rs *resampling) drawFn) {
	rs := p.newResampling([]*Scored{sc}, wanted, opts)
	draw := draws(rs)
	ser := seriesOf(p, [][]*MetricResult{res.Metrics})
	n := opts.Bootstrap
	vals := rs.run(n, opts.Workers, func(w *work, i int, out []float64) {
		draw(w, opts.Seed, i)
		got := rs.corpus(w, 0, w.counts, nil)
		for k, s := range ser {
			out[k] = s.value(got)
		}
	}, len(ser))
	lv := level(opts)
	for k, s := range ser {
		iv := percentiles(vals[k], lv)
		r := s.result(res.Metrics)
		if r == nil {
			continue
		}
		if r.CI == nil {
			r.CI = &CI{Level: lv}
		}
		r.CI.set(s.field, iv)
	}
	res.Bootstrap = &BootstrapInfo{Samples: n, Seed: opts.Seed, Level: lv}
}

// resampling is a corpus (or two, paired by document) laid out for
// resampling: each document's sums as a sparse row of slots.
type resampling struct {
	p      *Plan
	wanted []bool
	opts   Options
	macro  bool // some metric averages per document
	n      int  // documents
	// base[i] is the first of metric i's five slots (pred_gold,
	// pred_pred, gold_gold, pred_gold_recall, clipped); keys[i] its breakdown keys,
	// sorted, whose slots follow at keyBase[i] + 4j.
	base    []int
	keys    [][]string
	keyBase []int
	slots   int
	keySlot int   // number of breakdown keys in all (presence flags)
	keyNum0 []int // number of metric i's first key
	sets    []*resampleSet
	// order lists the documents in the canonical order: order[k] is the
	// index in the Scored of the k-th.
	order []int
}

// resampleSet is one system's documents, in the canonical order.
type resampleSet struct {
	rows   [][]slotValue
	keys   [][]int32 // breakdown keys present in each document (key numbers)
	perDoc [][]*MetricResult
}

type slotValue struct {
	at int32
	v  float64
}

// newResampling lays out the documents of one or more systems scored on
// the same documents (same ids, same order).
func (p *Plan) newResampling(scs []*Scored, wanted []bool, opts Options) *resampling {
	rs := &resampling{p: p, wanted: wanted, opts: opts, macro: opts.Macro, n: len(scs[0].IDs)}
	for _, pm := range p.Pair.Metrics {
		rs.macro = rs.macro || pm.Avg == ast.AvgMacro || pm.Avg == ast.AvgMacroGold
	}
	rs.base = make([]int, len(p.Pair.Metrics))
	rs.keys = make([][]string, len(p.Pair.Metrics))
	rs.keyBase = make([]int, len(p.Pair.Metrics))
	rs.keyNum0 = make([]int, len(p.Pair.Metrics))
	keyNum := make([]map[string]int, len(p.Pair.Metrics)) // key → number of its presence flag
	for i, pm := range p.Pair.Metrics {
		rs.base[i] = -1
		if !wanted[i] || !pm.PerPair() {
			continue
		}
		rs.base[i] = rs.slots
		rs.slots += 5
		set := map[string]bool{}
		for _, sc := range scs {
			for d := range sc.Sums {
				for _, ks := range sc.Sums[d][i].By {
					set[ks.Key] = true
				}
			}
		}
		for k := range set {
			rs.keys[i] = append(rs.keys[i], k)
		}
		sort.Strings(rs.keys[i])
		rs.keyBase[i] = rs.slots
		rs.slots += 4 * len(rs.keys[i])
		keyNum[i] = map[string]int{}
		rs.keyNum0[i] = rs.keySlot
		for _, k := range rs.keys[i] {
			keyNum[i][k] = rs.keySlot
			rs.keySlot++
		}
	}
	order := canonicalOrder(scs, wanted)
	rs.order = order
	for _, sc := range scs {
		set := &resampleSet{rows: make([][]slotValue, rs.n), keys: make([][]int32, rs.n)}
		var perDoc [][]*MetricResult
		if rs.macro {
			perDoc = p.perDocResults(sc.Sums, wanted)
			set.perDoc = make([][]*MetricResult, rs.n)
		}
		for k, d := range order {
			var row []slotValue
			var keys []int32
			for i := range p.Pair.Metrics {
				b := rs.base[i]
				if b < 0 {
					continue
				}
				s := &sc.Sums[d][i]
				for f, v := range [5]float64{s.PredGold, s.PredPred, s.GoldGold, s.PredGoldRecall, s.Clipped} {
					if v != 0 {
						row = append(row, slotValue{int32(b + f), v})
					}
				}
				for _, ks := range s.By {
					j, _ := slices.BinarySearch(rs.keys[i], ks.Key)
					kb := rs.keyBase[i] + 4*j
					for f, v := range [4]float64{ks.PredGold, ks.PredPred, ks.GoldGold, ks.PredGoldRecall} {
						if v != 0 {
							row = append(row, slotValue{int32(kb + f), v})
						}
					}
					keys = append(keys, int32(keyNum[i][ks.Key]))
				}
			}
			set.rows[k], set.keys[k] = row, keys
			if rs.macro {
				set.perDoc[k] = perDoc[d]
			}
		}
		rs.sets = append(rs.sets, set)
	}
	return rs
}

// canonicalOrder sorts the documents by id when they have ids of their
// own, else by their sums (all systems', metric by metric): documents that
// compare equal contribute identically to any resample, so the order of
// the input does not matter.
func canonicalOrder(scs []*Scored, wanted []bool) []int {
	order := make([]int, len(scs[0].IDs))
	for i := range order {
		order[i] = i
	}
	if keyed := scs[0].Keyed; keyed {
		ids := scs[0].IDs
		sort.SliceStable(order, func(a, b int) bool { return ids[order[a]] < ids[order[b]] })
		return order
	}
	sort.SliceStable(order, func(a, b int) bool {
		for _, sc := range scs {
			for i, w := range wanted {
				if !w {
					continue
				}
				if c := compareSums(&sc.Sums[order[a]][i], &sc.Sums[order[b]][i]); c != 0 {
					return c < 0
				}
			}
		}
		return false
	})
	return order
}

func compareSums(x, y *eval.Sums) int {
	if c := cmp.Or(cmp.Compare(x.PredGold, y.PredGold), cmp.Compare(x.PredPred, y.PredPred),
		cmp.Compare(x.GoldGold, y.GoldGold), cmp.Compare(x.PredGoldRecall, y.PredGoldRecall)); c != 0 {
		return c
	}
	return slices.CompareFunc(x.By, y.By, func(a, b eval.KeySums) int {
		return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.PredGold, b.PredGold), cmp.Compare(a.PredPred, b.PredPred),
			cmp.Compare(a.GoldGold, b.GoldGold), cmp.Compare(a.PredGoldRecall, b.PredGoldRecall))
	})
}

// work is one worker's scratch space.
type work struct {
	counts  []int32
	swap    []bool
	tot     []float64
	present []bool
	perDoc  [][]*MetricResult
}

func (rs *resampling) newWork() *work {
	return &work{counts: make([]int32, rs.n), swap: make([]bool, rs.n), tot: make([]float64, rs.slots), present: make([]bool, rs.keySlot)}
}

// The streams of the generators: resample i of the bootstrap draws from
// PCG(seed, i), permutation i of the randomization test from
// PCG(seed, i | swapStream).
const swapStream = 1 << 63

// drawCounts draws resample i: n documents with replacement, as counts.
func (rs *resampling) drawCounts(w *work, seed uint64, i int) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	clear(w.counts)
	for range rs.n {
		w.counts[rng.IntN(rs.n)]++
	}
}

// drawSwaps draws permutation i of the randomization test: each document's
// two systems swapped with probability 1/2.
func (rs *resampling) drawSwaps(w *work, seed uint64, i int) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)|swapStream))
	var bits uint64
	for k := range w.swap {
		if k%64 == 0 {
			bits = rng.Uint64()
		}
		w.swap[k] = bits&1 == 1
		bits >>= 1
	}
}

// corpus computes the results of the resample counts of system src, taking
// the other system's sums for the documents swap marks (nil: none).
func (rs *resampling) corpus(w *work, src int, counts []int32, swap []bool) []*MetricResult {
	clear(w.tot)
	clear(w.present)
	w.perDoc = w.perDoc[:0]
	for k, c := range counts {
		if c == 0 {
			continue
		}
		set := rs.sets[src]
		if swap != nil && swap[k] {
			set = rs.sets[1-src]
		}
		fc := float64(c)
		for _, e := range set.rows[k] {
			w.tot[e.at] += fc * e.v
		}
		for _, kk := range set.keys[k] {
			w.present[kk] = true
		}
		if rs.macro {
			for range c {
				w.perDoc = append(w.perDoc, set.perDoc[k])
			}
		}
	}
	sumsOf := func(i int) eval.Sums {
		b := rs.base[i]
		s := eval.Sums{PredGold: w.tot[b], PredPred: w.tot[b+1], GoldGold: w.tot[b+2], PredGoldRecall: w.tot[b+3], Clipped: w.tot[b+4]}
		for j, key := range rs.keys[i] {
			if w.present[rs.keyNum0[i]+j] {
				kb := rs.keyBase[i] + 4*j
				s.By = append(s.By, eval.KeySums{Key: key, PredGold: w.tot[kb], PredPred: w.tot[kb+1], GoldGold: w.tot[kb+2], PredGoldRecall: w.tot[kb+3]})
			}
		}
		return s
	}
	out := rs.p.results(sumsOf, rs.wanted, false)
	rs.p.macro(out, w.perDoc, rs.wanted, rs.opts.Macro)
	return out
}

// run computes n rows of k values in parallel: fill(w, i, row) computes
// row i. It returns the values by column: [k][n].
func (rs *resampling) run(n, workers int, fill func(w *work, i int, row []float64), k int) [][]float64 {
	cols := make([][]float64, k)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(1, n))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := rs.newWork()
			row := make([]float64, k)
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fill(w, i, row)
				for j, v := range row {
					cols[j][i] = v
				}
			}
		}()
	}
	wg.Wait()
	return cols
}

// series is one reported value: a field of a metric, or of one of its
// breakdown rows.
type series struct {
	metric int    // index in the plan
	name   string // the metric's name
	key    string // breakdown key
	byRow  bool
	field  typecheck.MetricField
}

// seriesOf lists the values the results report (the union over several
// systems' results, for comparisons), in output order.
func seriesOf(p *Plan, systems [][]*MetricResult) []series {
	var out []series
	index := map[string]int{}
	for i, pm := range p.Pair.Metrics {
		index[pm.Def.Name] = i
	}
	for k, m := range systems[0] {
		var fields []typecheck.MetricField
		switch {
		case m.Kind == eval.KindCorpusValue:
			fields = []typecheck.MetricField{typecheck.Value}
		case m.HasValue():
			fields = []typecheck.MetricField{typecheck.Precision, typecheck.Recall, typecheck.F1, typecheck.Value}
		default:
			fields = []typecheck.MetricField{typecheck.Precision, typecheck.Recall, typecheck.F1}
		}
		i := index[m.Name]
		for _, f := range fields {
			out = append(out, series{metric: i, name: m.Name, field: f})
		}
		keys := map[string]bool{}
		for _, sys := range systems {
			for _, row := range sys[k].By {
				keys[row.Name] = true
			}
		}
		sorted := make([]string, 0, len(keys))
		for key := range keys {
			sorted = append(sorted, key)
		}
		sort.Strings(sorted)
		for _, key := range sorted {
			for _, f := range []typecheck.MetricField{typecheck.Precision, typecheck.Recall, typecheck.F1} {
				out = append(out, series{metric: i, name: m.Name, key: key, byRow: true, field: f})
			}
		}
	}
	return out
}

// value reads the series from results indexed by plan metric; NaN when a
// breakdown key is absent.
func (s series) value(results []*MetricResult) float64 {
	r := results[s.metric]
	if s.byRow {
		r = findRow(r.By, s.key)
		if r == nil {
			return math.NaN()
		}
	}
	return r.Field(s.field)
}

// result finds the series' result among reported results (by name).
func (s series) result(reported []*MetricResult) *MetricResult {
	for _, r := range reported {
		if r.Name == s.name {
			if s.byRow {
				return findRow(r.By, s.key)
			}
			return r
		}
	}
	return nil
}

func findRow(rows []*MetricResult, key string) *MetricResult {
	j := sort.Search(len(rows), func(j int) bool { return rows[j].Name >= key })
	if j < len(rows) && rows[j].Name == key {
		return rows[j]
	}
	return nil
}

// percentiles is the central interval of the given coverage of the values
// (NaNs left out), each end by linear interpolation between order
// statistics (numpy.percentile's default).
func percentiles(vals []float64, level float64) Interval {
	v := make([]float64, 0, len(vals))
	for _, x := range vals {
		if !math.IsNaN(x) {
			v = append(v, x)
		}
	}
	if len(v) == 0 {
		return Interval{math.NaN(), math.NaN()}
	}
	slices.Sort(v)
	a := (1 - level) / 2
	return Interval{quantile(v, a), quantile(v, 1-a)}
}

// quantile of sorted values: linear interpolation at q(n-1), from the
// nearer order statistic (as numpy computes it).
func quantile(v []float64, q float64) float64 {
	h := float64(len(v)-1) * q
	lo := int(math.Floor(h))
	if lo >= len(v)-1 {
		return v[len(v)-1]
	}
	a, b, t := v[lo], v[lo+1], h-float64(lo)
	if t >= 0.5 {
		return b - (b-a)*(1-t)
	}
	return a + (b-a)*t
}

// writeCI writes the "ci" member of a result in the JSON output: the level
// and an interval per value the result's kind reports, after sep.
func writeCI(b *bytes.Buffer, sep string, ci *CI, fields ...typecheck.MetricField) {
	if ci == nil {
		return
	}
	fmt.Fprintf(b, "%s\"ci\": {\"level\": %s", sep, JSONNumber(ci.Level))
	for _, f := range fields {
		iv := map[typecheck.MetricField]Interval{typecheck.Precision: ci.Precision, typecheck.Recall: ci.Recall,
			typecheck.F1: ci.F1, typecheck.Value: ci.Value}[f]
		fmt.Fprintf(b, ", %q: [%s, %s]", f.String(), JSONNumber(iv[0]), JSONNumber(iv[1]))
	}
	b.WriteString("}")
}
