package eval

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/value"
)

// Breakdowns (docs/language.md, Breakdowns and aggregation):
// `metric m = N◇[v](e) by key` solves the matching once and splits its sums
// by the key of the matched elements: a chosen pair's credit counts for the
// predicted element's key in Σ(X,Y) (precision) and for the gold element's
// key in the recall numerator; each side's self-sum is split by its own
// elements' keys.

// byPlan reads the breakdown key of an element.
type byPlan struct {
	key viewFn
	// order ranks keys for breaking ties between optimal latent matchings
	// (see tieBreak): the concept order of an ontology-valued key; nil for
	// other keys, which are ranked in sorted order.
	order map[string]int
	// tie is the latent matching whose weights favour the pairs of earlier
	// keys; nil unless the metric's matching is latent.
	tie *latent
}

// KeySums are the sums of one key of a breakdown.
type KeySums struct {
	Key                                          string
	PredGold, PredPred, GoldGold, PredGoldRecall float64
}

// keyOf renders a key value: a string as itself, a number in its
// shortest form, a boolean as true or false.
func keyOf(c *ctx, r value.Ref) string {
	switch c.a.Kind(r) {
	case value.String:
		// The run keeps every document's breakdown keys; a string of the
		// arena may be a slice of the document's JSON, which it would
		// keep whole. The worker's copy of each key is shared instead.
		s := c.a.Str(r)
		k, ok := c.keyNames[s]
		if !ok {
			k = strings.Clone(s)
			c.keyNames[k] = k
		}
		return k
	case value.Bool:
		return strconv.FormatBool(c.a.Num(r) != 0)
	}
	return strconv.FormatFloat(c.a.Num(r), 'g', -1, 64)
}

// keyTable numbers the distinct keys of one document pair by the
// identity of their values: an element's key costs an ID comparison with
// the few keys seen so far, and each key is rendered once.
type keyTable struct {
	ids  []value.ID
	sums []KeySums
}

// index returns the number of the key of elem.
func (t *keyTable) index(c *ctx, by *byPlan, elem value.Ref) int32 {
	r := by.key(c, elem)
	id := c.a.ID(r)
	for i, k := range t.ids {
		if k == id {
			return int32(i)
		}
	}
	t.ids = append(t.ids, id)
	t.sums = append(t.sums, KeySums{Key: keyOf(c, r)})
	return int32(len(t.ids) - 1)
}

// breakdown computes the sums of a top-level matching with a breakdown.
// The cross matching's pairs are attributed by the predicted key to
// PredGold and by the gold key to PredGoldRecall (a metric using N keeps
// the first from its N=P tree and the second from its N=R tree).
func breakdown(c *ctx, m *matcher, by *byPlan, x, y value.Ref, wantXX, wantYY bool) Sums {
	var s Sums
	op := operands{x, y, m.view(c, x), m.view(c, y)}
	xs, ys := c.a.Kids(op.X), c.a.Kids(op.Y)
	var keys keyTable
	keyX := make([]int32, len(xs))
	for i, u := range xs {
		keyX[i] = keys.index(c, by, u)
	}
	keyY := make([]int32, len(ys))
	for j, v := range ys {
		keyY[j] = keys.index(c, by, v)
	}
	if c.keep == nil && m.elem.delta && m.align == nil && m.order == nil && m.latent == nil && !m.seq && m.constraint == ast.OneToOne {
		deltaBreakdown(c, &s, xs, ys, keyX, keyY, keys.sums, wantXX, wantYY)
	} else {
		m.breakdownPairs(c, by, &s, op, xs, ys, keyX, keyY, keys.sums, wantXX, wantYY)
	}
	s.Search.Add(c.search)
	s.By = sortKeys(keys.sums)
	return s
}

// sortKeys sorts a breakdown by key, merging rows whose keys render alike
// (the values 1 and "1" of a union-typed key).
func sortKeys(rows []KeySums) []KeySums {
	slices.SortFunc(rows, func(a, b KeySums) int { return cmp.Compare(a.Key, b.Key) })
	out := rows[:0]
	for _, r := range rows {
		if n := len(out); n > 0 && out[n-1].Key == r.Key {
			o := &out[n-1]
			o.PredGold += r.PredGold
			o.PredPred += r.PredPred
			o.GoldGold += r.GoldGold
			o.PredGoldRecall += r.PredGoldRecall
			continue
		}
		out = append(out, r)
	}
	return out
}

// deltaBreakdown is a breakdown of a one-to-one δ-matching, counted: its
// optimum pairs equal values (equal IDs), as many as the multiset
// intersection, and every element of a side with itself. Equal values
// have equal keys, so a matched pair counts for one key on both sides.
func deltaBreakdown(c *ctx, s *Sums, xs, ys []value.Ref, keyX, keyY []int32, sums []KeySums, wantXX, wantYY bool) {
	for _, r := range xs {
		c.a.ID(r) // computed now: the counters are sized by the IDs that exist
	}
	for _, r := range ys {
		c.a.ID(r)
	}
	cnt := c.counts()
	for _, y := range ys {
		c.bump(c.a.ID(y), 1)
	}
	for i, x := range xs {
		if id := c.a.ID(x); cnt[id] > 0 {
			cnt[id]--
			ks := &sums[keyX[i]]
			ks.PredGold++
			ks.PredGoldRecall++
			s.PredGold++
		}
	}
	c.resetCounts()
	if wantXX {
		for _, k := range keyX {
			sums[k].PredPred++
		}
		s.PredPred += float64(len(xs))
	}
	if wantYY {
		for _, k := range keyY {
			sums[k].GoldGold++
		}
		s.GoldGold += float64(len(ys))
	}
}

// breakdownPairs attributes the chosen pairs of the cross and self
// matchings to their elements' keys.
func (m *matcher) breakdownPairs(c *ctx, by *byPlan, s *Sums, op operands, xs, ys []value.Ref, keyX, keyY []int32, sums []KeySums, wantXX, wantYY bool) {
	x, y := op.x, op.y
	chosen := m.pairs(c, op, xs, ys, s)
	if by.tie != nil && len(chosen) > 0 && s.Search.Proven == s.Search.Pairs {
		names := make([]string, len(keyY))
		for j, k := range keyY {
			names[j] = sums[k].Key
		}
		chosen = by.tieBreak(c, m, op, xs, ys, names, chosen, s)
	}
	if c.keep != nil {
		c.keep.edges, c.keep.kept = slices.Clone(chosen), true
	}
	for _, e := range chosen {
		s.PredGold += e.W
		sums[keyX[e.Row]].PredGold += e.W
		sums[keyY[e.Col]].PredGoldRecall += e.W
	}
	if wantXX {
		for _, e := range m.pairs(c, operands{x, x, op.X, op.X}, xs, xs, nil) {
			s.PredPred += e.W
			sums[keyX[e.Row]].PredPred += e.W
		}
	}
	if wantYY {
		for _, e := range m.pairs(c, operands{y, y, op.Y, op.Y}, ys, ys, nil) {
			s.GoldGold += e.W
			sums[keyY[e.Row]].GoldGold += e.W
		}
	}
}

// pairs solves the matching of op and returns its chosen pairs, each
// weighted by its credit (copied: the frame is reused). A latent search's
// statistics go to stats when given.
func (m *matcher) pairs(c *ctx, op operands, xs, ys []value.Ref, stats *Sums) []solver.Edge {
	if len(xs) == 0 || len(ys) == 0 {
		return nil
	}
	if m.align != nil && op.X == op.Y {
		out := make([]solver.Edge, len(xs))
		for i, u := range xs {
			out[i] = solver.Edge{Row: int32(i), Col: int32(i), W: m.elem.eval(c, u, u)}
		}
		return out
	}
	if m.latent != nil && op.X != op.Y {
		_, st, edges, varTo := m.latent.solve(c, m, op.X, op.Y)
		if stats != nil {
			stats.Search.Add(st)
		}
		c.keepVars(varTo)
		return slices.Clone(edges)
	}
	f := c.push()
	defer c.pop()
	_, chosen := m.solve(c, f, op, xs, ys, true)
	return slices.Clone(chosen)
}

// Breaking ties. Several matchings (and variable bijections) of a latent
// matching may reach the optimum, and split it differently among the
// keys of a breakdown; which one a solver finds first depends on the order
// of the elements. A breakdown over a latent matching therefore solves the
// matching a second time, each pair's weight w raised to w·(1 + ε·2^-r),
// r the rank of its gold element's key (the order in which an ontology
// declares its concepts, else sorted order), ε small enough to leave the
// optimum unchanged: among the optimal matchings it takes one that favours
// the first key, then the second, and so on. The second solution is kept
// only when it is proven and reaches the first one's sum; it costs one
// search more, within a node budget, after a first search that was proven.

// tieWeight is ε·2^-r of the pair being weighed, for the tie matcher.
type tieWeight struct {
	eps  float64
	rank map[string]float64
	by   *byPlan
}

// newTie wraps the element similarity of a latent matching with the tie
// weights held in c.tie.
func newTie(base *latent, by *byPlan) *latent {
	elem := &latentNode{keys: base.elem.keys}
	elem.eval = func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair) {
		w, req := base.elem.eval(c, u, v, req)
		if w > 0 && c.tie != nil {
			w *= 1 + c.tie.eps*c.tie.rank[keyOf(c, by.key(c, v))]
		}
		return w, req
	}
	return &latent{elem: elem}
}

// tieNodes bounds the second search: a multiple of the first one's nodes.
const tieNodes = 10_000

func (b *byPlan) tieBreak(c *ctx, m *matcher, op operands, xs, ys []value.Ref, keyY []string, chosen []solver.Edge, s *Sums) []solver.Edge {
	total := 0.0
	for _, e := range chosen {
		total += e.W
	}
	// Ranks of the gold keys present.
	keys := slices.Clone(keyY)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	if len(keys) < 2 {
		return chosen
	}
	if b.order != nil {
		slices.SortStableFunc(keys, func(a, z string) int { return cmp.Compare(b.order[a], b.order[z]) })
	}
	rank := make(map[string]float64, len(keys))
	for i, k := range keys {
		rank[k] = math.Ldexp(1, -min(i, 40))
	}
	// The bonus of a matching is below ε·total: a quarter of the smallest
	// gap between integer sums. The solver compares sums to a relative
	// 1e-10, so the bonuses of the last keys blur for very large sums; the
	// optimum itself never changes.
	c.tie = &tieWeight{eps: 0.25 / max(1, total), rank: rank, by: b}
	defer func() { c.tie = nil }()
	limits := c.limits
	budget := tieNodes + 10*s.Search.Nodes
	if n := limits.Nodes(); n == 0 || n > budget {
		limits.MaxNodes = budget
	}
	saved := c.limits
	c.limits = limits
	kept := c.keep
	if kept != nil {
		c.keep = &keptMatching{} // the tie's variable map, kept if it wins
	}
	_, st, edges, varTo := b.tie.solve(c, m, op.X, op.Y)
	c.keepVars(varTo)
	tieVars := c.keep
	c.keep = kept
	c.limits = saved
	s.Search.Nodes += st.Nodes
	if st.Proven == 0 {
		return chosen
	}
	out := make([]solver.Edge, len(edges))
	sum := 0.0
	c.tie = nil
	for i, pr := range edges {
		w, _ := m.latent.elem.eval(c, xs[pr.Row], ys[pr.Col], c.reqBuf[:0])
		out[i] = solver.Edge{Row: pr.Row, Col: pr.Col, W: w}
		sum += w
	}
	if sum < total-1e-9*max(1, total) {
		return chosen
	}
	if kept != nil {
		kept.vars = tieVars.vars
	}
	return out
}

// mergeRecall combines the breakdowns of a metric's N=P tree (p: its
// PredGold and PredPred) and N=R tree (r: its PredGold is the recall
// numerator, attributed by gold key, and its GoldGold).
func mergeRecall(p, r []KeySums) []KeySums {
	if p == nil && r == nil {
		return nil
	}
	keys := map[string]*KeySums{}
	var order []string
	at := func(k string) *KeySums {
		if keys[k] == nil {
			keys[k] = &KeySums{Key: k}
			order = append(order, k)
		}
		return keys[k]
	}
	for _, ks := range p {
		a := at(ks.Key)
		a.PredGold, a.PredPred = ks.PredGold, ks.PredPred
	}
	for _, ks := range r {
		a := at(ks.Key)
		a.PredGoldRecall, a.GoldGold = ks.PredGoldRecall, ks.GoldGold
	}
	out := make([]KeySums, 0, len(order))
	for _, k := range order {
		out = append(out, *keys[k])
	}
	slices.SortFunc(out, func(a, b KeySums) int { return cmp.Compare(a.Key, b.Key) })
	return out
}
