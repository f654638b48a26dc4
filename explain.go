package metricc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/eval"
	"github.com/metricc/metricc/explain"
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
	g, p, err := s.read(gold, pred, opts)
	if err != nil {
		return nil, err
	}
	pairs, err := s.plan.PairDocs(g, p, opts.AllowMissing)
	if err != nil {
		return nil, err
	}
	k, err := findDoc(pairs, doc, g.Path, p.Path)
	if err != nil {
		return nil, err
	}
	eo := s.evalOptions(opts)
	eo.Bootstrap, eo.Progress = 0, nil
	sc, err := s.plan.ScoreDocs(g.Path, p.Path, pairs[k:k+1], eo)
	if err != nil {
		return nil, err
	}
	// Show what the requested metrics are computed from too.
	names := s.plan.MetricNames(sc.Wanted)
	res, err := s.plan.Aggregate(sc, eval.Options{Metrics: names, PerDoc: true})
	if err != nil {
		return nil, err
	}
	traces, err := s.plan.Trace(&pairs[k], g.Path, p.Path, names)
	if err != nil {
		return nil, err
	}
	return explain.Build(explain.Input{Plan: s.plan, Spec: s.name, Document: pairs[k].ID, Gold: g.Path, Pred: p.Path,
		Results: res.PerDoc[0].Metrics, Traces: traces}), nil
}

// findDoc finds the pair named doc: by id, else by position from 1.
func findDoc(pairs []eval.Pair, doc, goldPath, predPath string) (int, error) {
	for k := range pairs {
		if pairs[k].ID == doc {
			return k, nil
		}
	}
	if n, err := strconv.Atoi(doc); err == nil && n >= 1 && n <= len(pairs) {
		return n - 1, nil
	}
	if len(pairs) == 0 {
		return 0, fmt.Errorf("no document %q: %s and %s have no documents", doc, goldPath, predPath)
	}
	ids := make([]string, len(pairs))
	for k := range pairs {
		ids[k] = pairs[k].ID
	}
	near := nearest(doc, ids, 5)
	quoted := make([]string, len(near))
	for i, id := range near {
		quoted[i] = strconv.Quote(id)
	}
	return 0, fmt.Errorf("no document %q in %s and %s (%d documents); the nearest ids: %s", doc, goldPath, predPath, len(pairs), strings.Join(quoted, ", "))
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
