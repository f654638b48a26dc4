package corpus

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/eval"
)

// Totals are the corpus sums of scored documents, per metric, kept exact
// (xsum) so that documents added in any order, in any batches, and totals
// merged from anywhere, aggregate to the bits of one run. They are what a
// micro-averaged result needs, in memory independent of the number of
// documents; results that need each document (macro averages, per-document
// rows, bootstrap intervals) need a Scored instead (see NeedsDocs).
type Totals struct {
	// Wanted marks the metrics summed (as Scored.Wanted).
	Wanted    []bool
	Documents int
	acc       []sumsAcc
}

// NewTotals starts empty totals of the marked metrics.
func (p *Plan) NewTotals(wanted []bool) *Totals {
	return &Totals{Wanted: slices.Clone(wanted), acc: make([]sumsAcc, len(p.Pair.Metrics))}
}

// AddScored adds the documents of sc, which must have been scored for the
// same metrics.
func (p *Plan) AddScored(t *Totals, sc *Scored) error {
	if !slices.Equal(t.Wanted, sc.Wanted) {
		return fmt.Errorf("the documents were scored for metrics %v, the totals hold %v", p.MetricNames(sc.Wanted), p.MetricNames(t.Wanted))
	}
	for d := range sc.Sums {
		p.addDoc(t, sc.Sums[d])
	}
	return nil
}

// addDoc adds one document's sums. A metric aggregated micro(gold) leaves
// out a document whose gold scores 0 against itself; its searches still
// count.
func (p *Plan) addDoc(t *Totals, sums []eval.Sums) {
	t.Documents++
	for i, w := range t.Wanted {
		if !w {
			continue
		}
		if p.Pair.Metrics[i].Avg == ast.AvgMicroGold && sums[i].GoldGold <= 0 {
			t.acc[i].search.Add(sums[i].Search)
			continue
		}
		t.acc[i].add(&sums[i])
	}
}

// Merge adds the totals o (of the same plan and metrics) to t.
func (t *Totals) Merge(o *Totals) error {
	if !slices.Equal(t.Wanted, o.Wanted) {
		return errors.New("the totals were computed for different metrics")
	}
	t.Documents += o.Documents
	for i := range t.acc {
		t.acc[i].merge(&o.acc[i])
	}
	return nil
}

// NeedsDocs reports whether aggregating the marked metrics with opts needs
// each document's sums: a macro average (the run's or a metric's own),
// per-document results or bootstrap intervals.
func (p *Plan) NeedsDocs(wanted []bool, opts Options) bool {
	if opts.Macro || opts.PerDoc || opts.Bootstrap > 0 {
		return true
	}
	for i, pm := range p.Pair.Metrics {
		if wanted[i] && (pm.Avg == ast.AvgMacro || pm.Avg == ast.AvgMacroGold) {
			return true
		}
	}
	return false
}

// AggregateTotals computes the corpus results of totals with the reporting
// options of opts (Metrics), as Aggregate does from the documents the
// totals were summed from. Options that need each document (NeedsDocs)
// are an error.
func (p *Plan) AggregateTotals(t *Totals, opts Options) (*Result, error) {
	wanted, err := p.Pair.Select(opts.Metrics)
	if err != nil {
		return nil, err
	}
	if err := p.checkComputed(wanted, t.Wanted); err != nil {
		return nil, err
	}
	if p.NeedsDocs(wanted, opts) {
		return nil, errors.New("macro averages, per-document results and bootstrap intervals need each document's sums, which corpus totals do not keep")
	}
	res := p.finish(t, nil, nil, wanted, opts)
	if err := p.checkFinite(res); err != nil {
		return nil, err
	}
	return res, nil
}

// checkComputed refuses to report a metric that was not computed.
func (p *Plan) checkComputed(wanted, computed []bool) error {
	var missing []string
	for i, w := range wanted {
		if w && !computed[i] {
			missing = append(missing, p.Pair.Metrics[i].Def.Name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("metric %s was not computed for these documents (they were scored with --metric %s)",
			strings.Join(missing, ", "), strings.Join(p.MetricNames(computed), " --metric "))
	}
	return nil
}

// merge adds the sums of o to a, exactly.
func (a *sumsAcc) merge(o *sumsAcc) {
	a.pg.merge(&o.pg)
	a.pp.merge(&o.pp)
	a.gg.merge(&o.gg)
	a.pgr.merge(&o.pgr)
	a.clipped.merge(&o.clipped)
	a.search.Add(o.search)
	for key, k := range o.by {
		if a.by == nil {
			a.by = map[string]*[4]xsum{}
		}
		mine := a.by[key]
		if mine == nil {
			mine = new([4]xsum)
			a.by[key] = mine
		}
		for j := range k {
			mine[j].merge(&k[j])
		}
	}
}

// merge adds the exact total of o to s.
func (s *xsum) merge(o *xsum) {
	s.special += o.special
	for _, p := range o.partials {
		s.add(p)
	}
	if o.huge != nil {
		s.addHuge(0) // s's own partials move to its big total first
		s.huge.Add(s.huge, o.huge)
	}
}

// exact returns the partial sums of s (non-overlapping floats whose exact
// sum is the total), for export; false when the total is not finite or
// too large to be held that way (beyond 2^1022, never a real sum).
func (s *xsum) exact() ([]float64, bool) {
	if s.special != 0 || math.IsNaN(s.special) || s.huge != nil {
		return nil, false
	}
	out := []float64{}
	for _, p := range s.partials {
		if p != 0 {
			out = append(out, p)
		}
	}
	return out, true
}

// TotalsState is the exported form of Totals: per metric name, its sums,
// each as a list of floats whose exact sum is the total (adding more
// floats to a list, or joining two lists, adds exactly).
type TotalsState map[string]*MetricTotals

// MetricTotals are one metric's exported totals.
type MetricTotals struct {
	PredGold       []float64             `json:"pred_gold"`
	PredPred       []float64             `json:"pred_pred"`
	GoldGold       []float64             `json:"gold_gold"`
	PredGoldRecall []float64             `json:"pred_gold_recall"`
	Clipped        []float64             `json:"clipped,omitempty"`
	Search         *SearchStatsState     `json:"search,omitempty"`
	By             map[string]*KeyTotals `json:"by,omitempty"`
}

// KeyTotals are the exported totals of one key of a breakdown.
type KeyTotals struct {
	PredGold       []float64 `json:"pred_gold"`
	PredPred       []float64 `json:"pred_pred"`
	GoldGold       []float64 `json:"gold_gold"`
	PredGoldRecall []float64 `json:"pred_gold_recall"`
}

// SearchStatsState is SearchStats as plain numbers: counts that add, and
// the largest gap (nil when unknown, i.e. +Inf) that merges by max.
type SearchStatsState struct {
	Pairs       int      `json:"pairs"`
	Proven      int      `json:"proven"`
	MaxGap      *float64 `json:"max_gap"`
	Nodes       int      `json:"nodes"`
	Interrupted int      `json:"interrupted"`
}

// ExportSearch is st as plain numbers.
func ExportSearch(st eval.SearchStats) *SearchStatsState {
	out := &SearchStatsState{Pairs: st.Pairs, Proven: st.Proven, Nodes: st.Nodes, Interrupted: st.Interrupted}
	if !math.IsInf(st.MaxGap, 1) {
		g := st.MaxGap
		out.MaxGap = &g
	}
	return out
}

// ImportSearch reads what ExportSearch wrote.
func ImportSearch(s *SearchStatsState) (eval.SearchStats, error) {
	if s == nil {
		return eval.SearchStats{}, nil
	}
	st := eval.SearchStats{Pairs: s.Pairs, Proven: s.Proven, Nodes: s.Nodes, Interrupted: s.Interrupted, MaxGap: math.Inf(1)}
	if s.MaxGap != nil {
		st.MaxGap = *s.MaxGap
	}
	if s.Pairs < 0 || s.Proven < 0 || s.Proven > s.Pairs || s.Nodes < 0 || s.Interrupted < 0 || math.IsNaN(st.MaxGap) || st.MaxGap < 0 {
		return eval.SearchStats{}, fmt.Errorf("search statistics out of range: %+v", *s)
	}
	return st, nil
}

// Export returns the totals by metric name.
func (p *Plan) ExportTotals(t *Totals) (TotalsState, error) {
	out := TotalsState{}
	for i, w := range t.Wanted {
		pm := p.Pair.Metrics[i]
		if !w || !pm.PerPair() {
			continue
		}
		a := &t.acc[i]
		mt := &MetricTotals{}
		for _, f := range []struct {
			dst *[]float64
			s   *xsum
		}{{&mt.PredGold, &a.pg}, {&mt.PredPred, &a.pp}, {&mt.GoldGold, &a.gg}, {&mt.PredGoldRecall, &a.pgr}, {&mt.Clipped, &a.clipped}} {
			v, ok := f.s.exact()
			if !ok {
				return nil, fmt.Errorf("metric %q: a sum is not finite, or beyond 2^1022", pm.Def.Name)
			}
			*f.dst = v
		}
		if len(mt.Clipped) == 0 {
			mt.Clipped = nil
		}
		if a.search != (eval.SearchStats{}) {
			mt.Search = ExportSearch(a.search)
		}
		for key, k := range a.by {
			kt := &KeyTotals{}
			for j, dst := range []*[]float64{&kt.PredGold, &kt.PredPred, &kt.GoldGold, &kt.PredGoldRecall} {
				v, ok := k[j].exact()
				if !ok {
					return nil, fmt.Errorf("metric %q, key %q: a sum is not finite, or beyond 2^1022", pm.Def.Name, key)
				}
				*dst = v
			}
			if mt.By == nil {
				mt.By = map[string]*KeyTotals{}
			}
			mt.By[key] = kt
		}
		out[pm.Def.Name] = mt
	}
	return out, nil
}

// ImportTotals reads exported totals of the marked metrics, over
// documents documents.
func (p *Plan) ImportTotals(st TotalsState, wanted []bool, documents int) (*Totals, error) {
	t := p.NewTotals(wanted)
	t.Documents = documents
	for i, w := range wanted {
		pm := p.Pair.Metrics[i]
		if !w || !pm.PerPair() {
			continue
		}
		mt := st[pm.Def.Name]
		if mt == nil {
			return nil, fmt.Errorf("no totals for metric %q", pm.Def.Name)
		}
		a := &t.acc[i]
		add := func(s *xsum, vs []float64, what string) error {
			for _, v := range vs {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("metric %q: %s: %v is not a finite number", pm.Def.Name, what, v)
				}
				s.add(v)
			}
			return nil
		}
		for _, f := range []struct {
			s    *xsum
			vs   []float64
			what string
		}{{&a.pg, mt.PredGold, "pred_gold"}, {&a.pp, mt.PredPred, "pred_pred"}, {&a.gg, mt.GoldGold, "gold_gold"}, {&a.pgr, mt.PredGoldRecall, "pred_gold_recall"}, {&a.clipped, mt.Clipped, "clipped"}} {
			if err := add(f.s, f.vs, f.what); err != nil {
				return nil, err
			}
		}
		search, err := ImportSearch(mt.Search)
		if err != nil {
			return nil, fmt.Errorf("metric %q: %v", pm.Def.Name, err)
		}
		a.search = search
		for key, kt := range mt.By {
			if a.by == nil {
				a.by = map[string]*[4]xsum{}
			}
			k := new([4]xsum)
			for j, vs := range [][]float64{kt.PredGold, kt.PredPred, kt.GoldGold, kt.PredGoldRecall} {
				if err := add(&k[j], vs, "by "+key); err != nil {
					return nil, err
				}
			}
			a.by[key] = k
		}
	}
	for name := range st {
		if m := p.Pair.Prog.Metric(name); m == nil {
			return nil, fmt.Errorf("totals of metric %q, which the spec does not have", name)
		}
	}
	return t, nil
}

// HasSums reports whether the i-th metric of the plan has sums of its own
// (a matching), rather than being arithmetic on other metrics.
func (p *Plan) HasSums(i int) bool { return p.Pair.Metrics[i].PerPair() }

// MetricName names the i-th metric of the plan.
func (p *Plan) MetricName(i int) string { return p.Pair.Metrics[i].Def.Name }
