package eval

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/metricc/metricc/eval/value"
	"github.com/metricc/metricc/solver"
)

// Breakdowns (DESIGN §2.5): `metric m = N◇[v](e) by key` solves the
// matching once and splits its sums by the key of the matched elements: a
// chosen pair's credit counts for the predicted element's key in
// Σ(X,Y) (precision) and for the gold element's key in the recall
// numerator; each side's self-sum is split by its own elements' keys.

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

// keyOf renders an element's key: a string as itself, a number in its
// shortest form, a boolean as true or false.
func (b *byPlan) keyOf(c *ctx, elem value.Ref) string {
	r := b.key(c, elem)
	switch c.a.Kind(r) {
	case value.String:
		return c.a.Str(r)
	case value.Bool:
		return strconv.FormatBool(c.a.Num(r) != 0)
	}
	return strconv.FormatFloat(c.a.Num(r), 'g', -1, 64)
}

// breakdown computes the sums of a top-level matching with a breakdown.
// The cross matching's pairs are attributed by the predicted key to
// PredGold and by the gold key to PredGoldRecall (a metric using N keeps
// the first from its N=P tree and the second from its N=R tree).
func breakdown(c *ctx, m *matcher, by *byPlan, x, y value.Ref, wantXX, wantYY bool) Sums {
	var s Sums
	op := operands{x, y, m.view(c, x), m.view(c, y)}
	xs, ys := c.a.Kids(op.X), c.a.Kids(op.Y)
	keys := map[string]*KeySums{}
	at := func(k string) *KeySums {
		ks := keys[k]
		if ks == nil {
			ks = &KeySums{Key: k}
			keys[k] = ks
		}
		return ks
	}
	keyX := make([]string, len(xs))
	for i, u := range xs {
		keyX[i] = by.keyOf(c, u)
		at(keyX[i])
	}
	keyY := make([]string, len(ys))
	for j, v := range ys {
		keyY[j] = by.keyOf(c, v)
		at(keyY[j])
	}
	chosen := m.pairs(c, op, xs, ys, &s)
	if by.tie != nil && len(chosen) > 0 && s.Search.Proven == s.Search.Pairs {
		chosen = by.tieBreak(c, m, op, xs, ys, keyY, chosen, &s)
	}
	for _, e := range chosen {
		s.PredGold += e.W
		at(keyX[e.Row]).PredGold += e.W
		at(keyY[e.Col]).PredGoldRecall += e.W
	}
	if wantXX {
		for _, e := range m.pairs(c, operands{x, x, op.X, op.X}, xs, xs, nil) {
			s.PredPred += e.W
			at(keyX[e.Row]).PredPred += e.W
		}
	}
	if wantYY {
		for _, e := range m.pairs(c, operands{y, y, op.Y, op.Y}, ys, ys, nil) {
			s.GoldGold += e.W
			at(keyY[e.Row]).GoldGold += e.W
		}
	}
	s.Search.add(c.search)
	s.By = make([]KeySums, 0, len(keys))
	for _, ks := range keys {
		s.By = append(s.By, *ks)
	}
	slices.SortFunc(s.By, func(a, b KeySums) int { return cmp.Compare(a.Key, b.Key) })
	return s
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
		_, st, edges, _ := m.latent.solve(c, m, op.X, op.Y)
		if stats != nil {
			stats.Search.add(st)
		}
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
			w *= 1 + c.tie.eps*c.tie.rank[by.keyOf(c, v)]
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
	if limits.MaxNodes == 0 || limits.MaxNodes > budget {
		limits.MaxNodes = budget
	}
	saved := c.limits
	c.limits = limits
	_, st, edges, _ := b.tie.solve(c, m, op.X, op.Y)
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
