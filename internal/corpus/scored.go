package corpus

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/metricc/metricc/internal/eval"
)

// Scored is what scoring a corpus leaves before aggregation: each
// document's id and the sums of every metric computed for it. Aggregate
// turns it into a Result; bootstrap intervals resample its documents; a
// stats file (stats.go) holds it, so that shards scored apart are
// aggregated by the same code as one run.
type Scored struct {
	IDs []string
	// Order is each document's place in its corpus (gold documents in file
	// order, then predictions without gold), which the shards of one
	// corpus share (see Options.Shard).
	Order []int
	// PredOnly marks the predictions scored (AllowMissing) against an
	// empty gold, which come after every gold document in corpus order;
	// nil when there are none (or it is not known: stats files do not
	// keep it).
	PredOnly []bool
	// eval.Sums are indexed [document][metric of the plan]; the metrics not
	// computed hold zero sums.
	Sums [][]eval.Sums
	// Wanted marks the metrics computed: those asked for and what they
	// need (corpus metrics are computed at aggregation, from the others).
	Wanted []bool
	// Keyed says the ids are the documents' own (they paired by id), not
	// positions: resampling then orders the documents by id.
	Keyed bool
	// Joined says each file was read as one document, as its format's
	// official scorer reads it, because the two files' documents did not
	// correspond (document.Joinable).
	Joined bool
}

// Aggregate computes the corpus results of scored documents with the
// aggregation, reporting and bootstrap options of opts (its scoring
// options are ignored). A metric opts asks for must have been computed.
func (p *Plan) Aggregate(sc *Scored, opts Options) (*Result, error) {
	wanted, err := p.Pair.Select(opts.Metrics)
	if err != nil {
		return nil, err
	}
	var missing []string
	for i, w := range wanted {
		if w && !sc.Wanted[i] {
			missing = append(missing, p.Pair.Metrics[i].Def.Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("metric %s was not computed for these documents (they were scored with --metric %s)",
			strings.Join(missing, ", "), strings.Join(p.MetricNames(sc.Wanted), " --metric "))
	}
	res := p.aggregate(sc.IDs, sc.Sums, wanted, opts)
	if err := p.checkFinite(res); err != nil {
		return nil, err
	}
	if opts.Bootstrap > 0 {
		p.bootstrap(res, sc, wanted, opts)
	}
	return res, nil
}

// MetricNames names the marked metrics of the plan, in declaration order.
func (p *Plan) MetricNames(marked []bool) []string {
	var names []string
	for i, pm := range p.Pair.Metrics {
		if marked[i] {
			names = append(names, pm.Def.Name)
		}
	}
	return names
}

// Progress counts the document pairs of a run as they are scored, for a
// progress line; it is safe to read while workers update it. (Documents
// are read as a stream: how many there are is known only at the end.)
type Progress struct {
	done, unproven atomic.Int64
}

func (pr *Progress) done1(sums []eval.Sums) {
	un := 0
	for i := range sums {
		un += sums[i].Search.Pairs - sums[i].Search.Proven
	}
	if un > 0 {
		pr.unproven.Add(int64(un))
	}
	pr.done.Add(1)
}

// Counts returns the pairs scored so far, and the latent-variable searches
// among them not proven optimal.
func (pr *Progress) Counts() (done, unproven int) {
	return int(pr.done.Load()), int(pr.unproven.Load())
}
