package corpus

import (
	"slices"
	"strconv"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
)

// FindPair reads and pairs gold and pred as a run does and returns the
// pair named doc: by id, else by its position in the gold file (from 1).
// Only that pair is kept; ids lists every pair's id in corpus order, for a
// caller that found none to suggest the nearest. The input must be valid
// as for a run: unreadable or unpaired documents are an error.
func (p *Plan) FindPair(gold, pred document.Stream, doc string, allowMissing bool, warn func(string)) (found *Pair, ids []string, err error) {
	type seen struct {
		order int
		id    string
	}
	var all []seen
	var byPlace *Pair
	place, placeErr := strconv.Atoi(doc)
	if _, err := joinDivided(gold, pred, warn); err != nil {
		return nil, nil, err
	}
	pr := newPairer(p, gold, pred, allowMissing, func(x Pair) {
		all = append(all, seen{x.order, x.ID})
		switch {
		case x.ID == doc && found == nil:
			found = &x
		case placeErr == nil && x.Gold != nil && x.order == place-1:
			byPlace = &x
		}
	}, warn)
	pr.run()
	if pr.fatal != nil {
		return nil, nil, pr.fatal
	}
	if len(pr.errs) > 0 {
		return nil, nil, sortErrors(pr.errs)
	}
	if found == nil {
		found = byPlace
	}
	slices.SortFunc(all, func(a, b seen) int { return a.order - b.order })
	for _, s := range all {
		ids = append(ids, s.id)
	}
	return found, ids, nil
}

// ScorePair scores one pair, as a run scores each: the Scored of a
// corpus of that document alone, and what its metrics recorded when the
// pair plan is traced (eval.NewTracedPlan).
func (p *Plan) ScorePair(goldPath, predPath string, pr *Pair, opts Options) (*Scored, []*eval.MetricTrace, error) {
	wanted, err := p.Pair.Select(opts.Metrics)
	if err != nil {
		return nil, nil, err
	}
	scorer := p.Pair.NewScorer(opts.Search)
	sums, derr := scorer.Score(&pr.Pair, goldPath, predPath, wanted)
	if derr != nil {
		return nil, nil, derr
	}
	return &Scored{IDs: []string{pr.ID}, Order: []int{pr.order}, Sums: [][]eval.Sums{sums}, Wanted: wanted}, scorer.Traces(), nil
}
