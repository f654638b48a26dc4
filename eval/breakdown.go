package eval

import (
	"cmp"
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
		_, st, res := m.latent.solve(c, m, op.X, op.Y)
		if stats != nil {
			stats.Search.add(st)
		}
		p := &c.latentProblem
		out := make([]solver.Edge, len(res.Match))
		for i, k := range res.Match {
			out[i] = solver.Edge{Row: p.Pairs[k].Row, Col: p.Pairs[k].Col, W: p.Pairs[k].W}
		}
		return out
	}
	f := c.push()
	defer c.pop()
	_, chosen := m.solve(c, f, op, xs, ys, true)
	return slices.Clone(chosen)
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
