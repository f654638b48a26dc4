package metricc

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/eval"
)

// Accumulator scores a corpus batch by batch (the evaluation of a training
// loop, a stream of documents) or in pieces on several processes or
// machines, merged afterwards: Add scores a batch, Merge adds another
// accumulator's documents, Result aggregates them. Whatever the batches and
// the merges, the result is that of one run over all the documents, bit
// for bit: the sums are added exactly, and the documents are reported in
// the order of one run (gold documents in the order added, then
// predictions scored without a gold).
//
// An accumulator keeps each metric's corpus totals, in memory independent
// of the number of documents, unless its options need each document's
// sums (a macro average, per-document results, bootstrap intervals): then
// it keeps those, as a stats file does. State exports either as plain
// numbers, for whatever carries them between processes.
//
// An Accumulator is not safe for concurrent use.
type Accumulator struct {
	spec     *Spec
	opts     Options
	wanted   []bool // the metrics computed
	keepDocs bool
	// pairing is "id" or "position" once a document was added.
	pairing string
	totals  *corpus.Totals // when !keepDocs
	docs    accDocs        // when keepDocs
}

// accDocs are the documents an accumulator keeps, in the order added.
type accDocs struct {
	ids      []string
	sums     [][]eval.Sums
	predOnly []bool
	seen     map[string]bool // ids, when pairing by id
}

// NewAccumulator starts an empty accumulator that scores with opts and
// reports as opts say (Metrics, Macro, PerDoc, Bootstrap, Seed, Level).
// Shards are for stats files, not accumulators.
func (s *Spec) NewAccumulator(opts Options) (*Accumulator, error) {
	if opts.Shards > 1 {
		return nil, errors.New("an accumulator takes batches of documents, not shards (Options.Shard)")
	}
	wanted, err := s.plan.Pair.Select(opts.Metrics)
	if err != nil {
		return nil, err
	}
	a := &Accumulator{spec: s, opts: opts, wanted: wanted}
	a.keepDocs = s.plan.NeedsDocs(wanted, opts)
	if !a.keepDocs {
		a.totals = s.plan.NewTotals(wanted)
	}
	return a, nil
}

// Spec is the spec the accumulator scores with.
func (a *Accumulator) Spec() *Spec { return a.spec }

// Documents is the number of document pairs added so far.
func (a *Accumulator) Documents() int {
	if a.keepDocs {
		return len(a.docs.ids)
	}
	return a.totals.Documents
}

// Add scores a batch: gold and pred hold the same documents' two sides
// (documents pair within the batch). A document already added, by id, is
// an error when the accumulator keeps each document; otherwise it is not
// detected, and counts twice.
func (a *Accumulator) Add(gold, pred Source) error {
	_, err := a.AddIDs(gold, pred)
	return err
}

// AddIDs is Add, and returns the ids of the batch's document pairs in the
// order of one run over the batch: their pairing keys, or their positions
// from 1 in the batch when they pair by position. A caller that adds
// batches from many places (the partitions of a Spark job) finds with them
// a document added twice, which corpus totals cannot tell.
func (a *Accumulator) AddIDs(gold, pred Source) ([]string, error) {
	st, err := a.spec.ScoreStats(gold, pred, a.opts)
	if err != nil {
		return nil, err
	}
	if err := a.addScored(st.scored, st.pairing); err != nil {
		return nil, err
	}
	return slices.Clone(st.scored.IDs), nil
}

func (a *Accumulator) addScored(sc *corpus.Scored, pairing string) error {
	if err := a.setPairing(pairing); err != nil {
		return err
	}
	if !a.keepDocs {
		return a.spec.plan.AddScored(a.totals, sc)
	}
	if !slices.Equal(sc.Wanted, a.wanted) {
		return errors.New("the documents were scored for other metrics")
	}
	return a.docs.add(sc.IDs, sc.Sums, sc.PredOnly, a.pairing == "id")
}

func (a *Accumulator) setPairing(pairing string) error {
	switch {
	case pairing == "" || pairing == a.pairing:
	case a.pairing == "":
		a.pairing = pairing
	default:
		return fmt.Errorf("documents paired by %s cannot be added to documents paired by %s", pairing, a.pairing)
	}
	return nil
}

// add appends documents. Ids must be new when documents pair by id; when
// they pair by position, a position (its number from 1 in its batch)
// becomes the position in the whole corpus.
func (d *accDocs) add(ids []string, sums [][]eval.Sums, predOnly []bool, keyed bool) error {
	base := len(d.ids)
	if keyed {
		if d.seen == nil {
			d.seen = map[string]bool{}
		}
		for _, id := range ids {
			if d.seen[id] {
				return fmt.Errorf("document %q was added before: each document must be in one batch", id)
			}
		}
		for _, id := range ids {
			d.seen[id] = true
		}
	}
	for k, id := range ids {
		if !keyed && id == strconv.Itoa(k+1) {
			id = strconv.Itoa(base + k + 1)
		}
		d.ids = append(d.ids, id)
		d.sums = append(d.sums, sums[k])
		d.predOnly = append(d.predOnly, predOnly != nil && predOnly[k])
	}
	return nil
}

// Merge adds the documents of o, an accumulator of the same spec created
// with the same options, after those of a. o is left as it was.
func (a *Accumulator) Merge(o *Accumulator) error {
	if a == o {
		return errors.New("cannot merge an accumulator with itself")
	}
	if a.spec.digest() != o.spec.digest() {
		return errors.New("cannot merge accumulators of different specs (or of the same spec with different params)")
	}
	if sa, so := stateOptions(a.opts), stateOptions(o.opts); !slices.Equal(a.wanted, o.wanted) || !sa.equal(so) {
		return fmt.Errorf("cannot merge accumulators created with different options (%s and %s)", sa, so)
	}
	if err := a.setPairing(o.pairing); err != nil {
		return err
	}
	if !a.keepDocs {
		return a.totals.Merge(o.totals)
	}
	return a.docs.add(o.docs.ids, o.docs.sums, o.docs.predOnly, a.pairing == "id")
}

// Result aggregates the documents added into the results `metricc run`
// prints for them, with the reporting options the accumulator was created
// with. An accumulator without documents has no result.
func (a *Accumulator) Result() (*Result, error) {
	if a.Documents() == 0 {
		return nil, errors.New("no documents were added")
	}
	if !a.keepDocs {
		return a.spec.plan.AggregateTotals(a.totals, a.opts)
	}
	return a.spec.plan.Aggregate(a.scored(), a.opts)
}

// scored are the documents in the order of one run: gold documents as
// added, then the predictions scored without a gold.
func (a *Accumulator) scored() *corpus.Scored {
	d := &a.docs
	n := len(d.ids)
	sc := &corpus.Scored{Wanted: a.wanted, Keyed: a.pairing == "id", IDs: make([]string, 0, n), Sums: make([][]eval.Sums, 0, n), Order: make([]int, 0, n)}
	for _, last := range []bool{false, true} {
		for k := range d.ids {
			if d.predOnly[k] == last {
				sc.IDs = append(sc.IDs, d.ids[k])
				sc.Sums = append(sc.Sums, d.sums[k])
				sc.Order = append(sc.Order, len(sc.Order))
			}
		}
	}
	return sc
}

// StateVersion is the version of AccumulatorState's layout.
const StateVersion = 1

// AccumulatorState is an accumulator as plain numbers (and, when it keeps
// each document, the documents' ids), for carrying it between processes:
// it marshals to JSON and back exactly. Two states of one spec and the
// same options merge by adding their counts and joining their lists (a
// sum is held as a list of floats whose exact sum is its value): what
// Merge does.
type AccumulatorState struct {
	Format  int    `json:"metricc_state"`
	Metricc string `json:"metricc"`
	// Spec is the digest of the spec's text, files and params.
	Spec    string       `json:"spec"`
	Options StateOptions `json:"options"`
	// Metrics are the metrics computed; Pairing is "id", "position" or ""
	// (no documents yet).
	Metrics []string `json:"metrics"`
	Pairing string   `json:"pairing"`
	// Params are the values of the spec's params (which the digest
	// covers), for a reader that must compile the spec with them.
	Params    map[string]float64 `json:"params,omitempty"`
	Documents int                `json:"documents"`
	// Totals are the corpus sums by metric; Docs each document's sums.
	// One of the two is set.
	Totals corpus.TotalsState `json:"totals,omitempty"`
	Docs   *DocsState         `json:"docs,omitempty"`
}

// StateOptions are the options of an accumulator that change its results
// (Options less what only changes how a run proceeds).
type StateOptions struct {
	Metrics      []string `json:"metrics,omitempty"`
	Macro        bool     `json:"macro,omitempty"`
	PerDoc       bool     `json:"per_doc,omitempty"`
	AllowMissing bool     `json:"allow_missing,omitempty"`
	Bootstrap    int      `json:"bootstrap,omitempty"`
	Seed         uint64   `json:"seed,omitempty"`
	Level        float64  `json:"level,omitempty"`
	// The search limits (Options.Search: 0 is the default, NoLimit no
	// limit); the time in seconds.
	SearchNodes int     `json:"search_nodes,omitempty"`
	SearchTime  float64 `json:"search_time,omitempty"`
	SearchWork  int64   `json:"search_work,omitempty"`
	SearchPairs int     `json:"search_pairs,omitempty"`
}

func stateOptions(o Options) StateOptions {
	return StateOptions{
		Metrics: o.Metrics, Macro: o.Macro, PerDoc: o.PerDoc, AllowMissing: o.AllowMissing,
		Bootstrap: o.Bootstrap, Seed: o.Seed, Level: o.Level,
		SearchNodes: o.Search.MaxNodes, SearchTime: o.Search.Timeout.Seconds(), SearchWork: o.Search.MaxWork, SearchPairs: o.Search.MaxPairs,
	}
}

// apply sets the options of s in o.
func (s StateOptions) apply(o *Options) {
	o.Metrics, o.Macro, o.PerDoc, o.AllowMissing = s.Metrics, s.Macro, s.PerDoc, s.AllowMissing
	o.Bootstrap, o.Seed, o.Level = s.Bootstrap, s.Seed, s.Level
	o.Search.MaxNodes, o.Search.MaxWork, o.Search.MaxPairs = s.SearchNodes, s.SearchWork, s.SearchPairs
	o.Search.Timeout = time.Duration(math.Round(s.SearchTime * float64(time.Second)))
}

func (s StateOptions) equal(o StateOptions) bool {
	a, b := s, o
	a.Metrics, b.Metrics = nil, nil
	return reflect.DeepEqual(a, b) && slices.Equal(s.Metrics, o.Metrics)
}

func (s StateOptions) String() string {
	data, _ := json.Marshal(s)
	return string(data)
}

// DocsState holds each document's sums, in the order added: per metric,
// one entry per document.
type DocsState struct {
	IDs []string `json:"ids"`
	// PredOnly marks the predictions scored against an empty gold (left
	// out when there are none).
	PredOnly []bool `json:"pred_only,omitempty"`
	// Sums are [pred_gold, pred_pred, gold_gold, pred_gold_recall].
	Sums    map[string][][4]float64               `json:"sums"`
	By      map[string][]map[string][4]float64    `json:"by,omitempty"`
	Clipped map[string][]float64                  `json:"clipped,omitempty"`
	Search  map[string][]*corpus.SearchStatsState `json:"search,omitempty"`
}

// State exports the accumulator.
func (a *Accumulator) State() (*AccumulatorState, error) {
	p := a.spec.plan
	st := &AccumulatorState{
		Format: StateVersion, Metricc: Version, Spec: a.spec.digest(), Options: stateOptions(a.opts),
		Metrics: p.MetricNames(a.wanted), Pairing: a.pairing, Documents: a.Documents(),
	}
	for _, prm := range a.spec.Params() {
		if st.Params == nil {
			st.Params = map[string]float64{}
		}
		st.Params[prm.Name] = prm.Value
	}
	if !a.keepDocs {
		t, err := p.ExportTotals(a.totals)
		if err != nil {
			return nil, err
		}
		st.Totals = t
		return st, nil
	}
	d := &a.docs
	ds := &DocsState{IDs: slices.Clone(d.ids), Sums: map[string][][4]float64{}}
	if d.ids == nil {
		ds.IDs = []string{}
	}
	if slices.Contains(d.predOnly, true) {
		ds.PredOnly = slices.Clone(d.predOnly)
	}
	for i, name := range a.topMetrics() {
		if name == "" {
			continue
		}
		sums := make([][4]float64, len(d.ids))
		var by []map[string][4]float64
		var clipped []float64
		var search []*corpus.SearchStatsState
		for k := range d.ids {
			s := &d.sums[k][i]
			for _, v := range []float64{s.PredGold, s.PredPred, s.GoldGold, s.PredGoldRecall, s.Clipped} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("document %q: metric %q: a sum is not finite", d.ids[k], name)
				}
			}
			sums[k] = [4]float64{s.PredGold, s.PredPred, s.GoldGold, s.PredGoldRecall}
			if len(s.By) > 0 && by == nil {
				by = make([]map[string][4]float64, len(d.ids))
			}
			if len(s.By) > 0 {
				by[k] = map[string][4]float64{}
				for _, ks := range s.By {
					by[k][ks.Key] = [4]float64{ks.PredGold, ks.PredPred, ks.GoldGold, ks.PredGoldRecall}
				}
			}
			if s.Clipped != 0 && clipped == nil {
				clipped = make([]float64, len(d.ids))
			}
			if clipped != nil {
				clipped[k] = s.Clipped
			}
			if s.Search != (eval.SearchStats{}) && search == nil {
				search = make([]*corpus.SearchStatsState, len(d.ids))
			}
			if search != nil {
				search[k] = corpus.ExportSearch(s.Search)
			}
		}
		ds.Sums[name] = sums
		if by != nil {
			ds.By = setDefault(ds.By)
			for k := range by {
				if by[k] == nil {
					by[k] = map[string][4]float64{}
				}
			}
			ds.By[name] = by
		}
		if clipped != nil {
			ds.Clipped = setDefault(ds.Clipped)
			ds.Clipped[name] = clipped
		}
		if search != nil {
			ds.Search = setDefault(ds.Search)
			for k := range search {
				if search[k] == nil {
					search[k] = corpus.ExportSearch(eval.SearchStats{})
				}
			}
			ds.Search[name] = search
		}
	}
	st.Docs = ds
	return st, nil
}

func setDefault[V any](m map[string]V) map[string]V {
	if m == nil {
		return map[string]V{}
	}
	return m
}

// topMetrics names, by plan index, the computed metrics that have sums of
// their own ("" for the others: not computed, or arithmetic on metrics).
func (a *Accumulator) topMetrics() []string {
	names := make([]string, len(a.wanted))
	for i, w := range a.wanted {
		if w && a.spec.plan.HasSums(i) {
			names[i] = a.spec.plan.MetricName(i)
		}
	}
	return names
}

// AccumulatorFromState rebuilds an exported accumulator. Its options come
// from the state; of opts, only those that do not change results are used
// (Workers, Search.Stop, Warn, Progress).
func (s *Spec) AccumulatorFromState(st *AccumulatorState, opts Options) (*Accumulator, error) {
	switch {
	case st == nil:
		return nil, errors.New("no state")
	case st.Format != StateVersion:
		return nil, fmt.Errorf("accumulator state version %d; this metricc reads version %d", st.Format, StateVersion)
	case st.Metricc != Version:
		return nil, fmt.Errorf("the state was written by metricc %s; this is metricc %s, whose sums may differ", st.Metricc, Version)
	case st.Spec != s.digest():
		return nil, fmt.Errorf("the state was written with another spec (or the same spec with other params): digest %.12s, this spec's %.12s", st.Spec, s.digest())
	case st.Pairing != "" && st.Pairing != "id" && st.Pairing != "position":
		return nil, fmt.Errorf("pairing %q: want id, position or nothing", st.Pairing)
	case st.Documents < 0:
		return nil, fmt.Errorf("%d documents", st.Documents)
	}
	st.Options.apply(&opts)
	a, err := s.NewAccumulator(opts)
	if err != nil {
		return nil, err
	}
	if names := s.plan.MetricNames(a.wanted); !slices.Equal(names, st.Metrics) {
		return nil, fmt.Errorf("the state holds metrics %v; its options compute %v", st.Metrics, names)
	}
	a.pairing = st.Pairing
	if !a.keepDocs {
		if st.Totals == nil || st.Docs != nil {
			return nil, errors.New("the state's options keep corpus totals, and it does not hold them")
		}
		t, err := s.plan.ImportTotals(st.Totals, a.wanted, st.Documents)
		if err != nil {
			return nil, err
		}
		a.totals = t
		return a, nil
	}
	if st.Docs == nil || st.Totals != nil {
		return nil, errors.New("the state's options keep each document's sums, and it does not hold them")
	}
	return a, a.importDocs(st.Docs, st.Documents)
}

func (a *Accumulator) importDocs(ds *DocsState, documents int) error {
	n := len(ds.IDs)
	if n != documents {
		return fmt.Errorf("%d document ids for %d documents", n, documents)
	}
	if ds.PredOnly != nil && len(ds.PredOnly) != n {
		return fmt.Errorf("pred_only has %d entries for %d documents", len(ds.PredOnly), n)
	}
	sums := make([][]eval.Sums, n)
	for k := range sums {
		sums[k] = make([]eval.Sums, len(a.wanted))
	}
	names := a.topMetrics()
	known := map[string]bool{}
	for i, name := range names {
		if name == "" {
			continue
		}
		known[name] = true
		col, ok := ds.Sums[name]
		if !ok || len(col) != n {
			return fmt.Errorf("metric %q: want the sums of %d documents", name, n)
		}
		by, clipped, search := ds.By[name], ds.Clipped[name], ds.Search[name]
		if (by != nil && len(by) != n) || (clipped != nil && len(clipped) != n) || (search != nil && len(search) != n) {
			return fmt.Errorf("metric %q: want %d documents' entries", name, n)
		}
		for k := range n {
			v := col[k]
			s := &sums[k][i]
			s.PredGold, s.PredPred, s.GoldGold, s.PredGoldRecall = v[0], v[1], v[2], v[3]
			if clipped != nil {
				s.Clipped = clipped[k]
			}
			for _, x := range []float64{v[0], v[1], v[2], v[3], s.Clipped} {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					return fmt.Errorf("metric %q, document %q: %v is not a finite number", name, ds.IDs[k], x)
				}
			}
			if by != nil {
				for _, key := range slices.Sorted(maps.Keys(by[k])) {
					ks := by[k][key]
					s.By = append(s.By, eval.KeySums{Key: key, PredGold: ks[0], PredPred: ks[1], GoldGold: ks[2], PredGoldRecall: ks[3]})
				}
			}
			if search != nil {
				st, err := corpus.ImportSearch(search[k])
				if err != nil {
					return fmt.Errorf("metric %q, document %q: %v", name, ds.IDs[k], err)
				}
				s.Search = st
			}
		}
	}
	for _, m := range []map[string]bool{keysOf(ds.Sums), keysOf(ds.By), keysOf(ds.Clipped), keysOf(ds.Search)} {
		for name := range m {
			if !known[name] {
				return fmt.Errorf("sums of metric %q, which the state does not compute", name)
			}
		}
	}
	return a.docs.add(ds.IDs, sums, ds.PredOnly, a.pairing == "id")
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}
