package metricc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/explain"
)

// Explanation is the optimal alignment of one document pair under each
// metric (`metricc explain`): WriteText, WriteJSON and WriteHTML print it.
type Explanation = explain.Explanation

// Explain scores the document doc (its id, as --per-doc names it, or its
// position from 1) of gold and pred with the trace on: for each metric
// (opts.Metrics and what they need, or all), the document's values, the
// sums they follow from and the tree of alignments beneath them. A doc
// that names no document is an error listing the nearest ids.
func (s *Spec) Explain(gold, pred Source, doc string, opts Options) (*Explanation, error) {
	g, p, closeAll, err := s.open(gold, pred, 1)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	pair, ids, err := s.plan.FindPair(g, p, doc, opts.AllowMissing, opts.Warn)
	if err != nil {
		return nil, err
	}
	if pair == nil {
		return nil, noDoc(doc, ids, g.Path(), p.Path())
	}
	eo := opts
	eo.Bootstrap, eo.Progress, eo.Shards = 0, nil, 0
	traced, err := s.tracedPlan()
	if err != nil {
		return nil, err
	}
	// Glossed as read: scoring prepares the prediction (through its gold),
	// which replaces it.
	glossGold, glossPred := gold.gloss(pair.Gold), pred.gloss(pair.Pred)
	// One scoring, traced: the numbers and the alignments beneath them
	// come from the same matchings.
	sc, traces, err := traced.ScorePair(g.Path(), p.Path(), pair, eo)
	if err != nil {
		return nil, err
	}
	// Show what the requested metrics are computed from too.
	names := traced.MetricNames(sc.Wanted)
	res, err := traced.Aggregate(sc, Options{Metrics: names, PerDoc: true})
	if err != nil {
		return nil, err
	}
	return explain.Build(explain.Input{Plan: traced.Pair, Spec: s.name, Document: pair.ID, Gold: g.Path(), Pred: p.Path(),
		Results: res.PerDoc[0].Metrics, Traces: traces, GlossGold: glossGold, GlossPred: glossPred}), nil
}

// tracedPlan is the spec compiled to record its alignments, compiled at
// the first explanation.
func (s *Spec) tracedPlan() (*corpus.Plan, error) {
	s.traceOnce.Do(func() {
		var pair *eval.Plan
		pair, s.traceErr = eval.NewTracedPlan(s.prog)
		if s.traceErr == nil {
			s.traced = corpus.New(pair)
		}
	})
	return s.traced, s.traceErr
}

// noDoc is the error for a --doc that names no document: it lists the
// nearest ids.
func noDoc(doc string, ids []string, goldPath, predPath string) error {
	if len(ids) == 0 {
		return fmt.Errorf("no document %q: %s and %s have no documents", doc, goldPath, predPath)
	}
	near := nearest(doc, ids, 5)
	quoted := make([]string, len(near))
	for i, id := range near {
		quoted[i] = strconv.Quote(id)
	}
	return fmt.Errorf("no document %q in %s and %s (%d documents); the nearest ids: %s", doc, goldPath, predPath, len(ids), strings.Join(quoted, ", "))
}

// nearest returns up to n ids closest to q: those containing it (ignoring
// case) first, then by edit distance, then in file order.
func nearest(q string, ids []string, n int) []string {
	type cand struct {
		id       string
		contains bool
		dist, at int
	}
	lq := strings.ToLower(q)
	cands := make([]cand, len(ids))
	for i, id := range ids {
		cands[i] = cand{id, strings.Contains(strings.ToLower(id), lq), editDistance(lq, strings.ToLower(id)), i}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		switch {
		case a.contains != b.contains:
			if a.contains {
				return -1
			}
			return 1
		case a.dist != b.dist:
			return a.dist - b.dist
		}
		return a.at - b.at
	})
	var out []string
	for _, c := range cands[:min(n, len(cands))] {
		out = append(out, c.id)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
