package eval

import (
	"fmt"
	"math"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// matcher computes N◇[v](e) for one checked matching.
type matcher struct {
	src      *ast.Matching
	elemType types.Type
	view     viewFn
	elem     *cnode
	align    *cnode // nil: the matching is chosen by elem itself
	// ignore, when set (`ignore = cond`, under align), says which gold
	// elements are left out of the sums, with the predictions matched to
	// them (see ignoreSums).
	ignore     condFn
	constraint ast.Constraint
	seq        bool
	// solve1 is the solver of this matching's constraint (and sequence
	// order), picked once, here; order, when set, is the declared partial
	// order that the DAG solver keeps instead.
	solve1   solver.Func
	order    *orderPlan
	norm     ast.NormKind // N already resolved to P or R
	beta     float64
	selfSlot int32
	pairSlot int32
	// selfCount: a self-sum Σ(X,X) is |X| (see selfCounted), counted
	// instead of solved.
	selfCount bool
	emptyKey  uint64
	// counted, when set, computes Σ(X,Y) of a 1:1 δ-matching over a stdlib
	// view that can count common elements without building them (pairs,
	// links, nonlinks); ok = false falls back to building the view.
	counted func(c *ctx, x, y value.Ref) (n float64, ok bool)
	// walk: a one-to-one matching of sequences under align, solved by
	// solveWalk.
	walk bool
	// latent is set when the elements hold latent variables: Σ(X,Y) is then
	// solved jointly with the variable bijection (self-scores use the
	// identity, which is optimal for them).
	latent *latent
	// traced: the plan records alignments (every part is evaluated).
	traced bool
}

// mapKeyBit marks blocking keys that are not node IDs: the "this
// collection is empty" mark of each matcher (two empty collections have a
// normalized score of 1, so they must meet) and hashes. Node IDs are dense
// and index arrays; marked keys go through a map.
const mapKeyBit = stdlib.KeyHashBit

func (k *compiler) matching(s *typecheck.Match, mode ast.NormKind) (*cnode, error) {
	saved := k.varIdentity
	k.varIdentity = k.varIdentity || s.Latent
	elem, err := k.compile(s.Elem, mode)
	k.varIdentity = saved
	if err != nil {
		return nil, err
	}
	m := &matcher{
		src: s.Src, elemType: s.Coll.Elem, view: k.view(s.View), elem: elem, constraint: s.Constraint,
		seq: s.Coll.Kind == types.Seq, norm: s.Norm, beta: s.Beta,
		selfSlot: int32(k.newMemo()), pairSlot: int32(k.newMemo()),
	}
	m.solve1 = solver.For(solverConstraint(s.Constraint), m.seq)
	m.walk = s.Align != nil && m.seq && s.Constraint == ast.OneToOne && (s.View == nil || s.View.Order == nil) && !s.Latent
	if s.View != nil && s.View.Order != nil {
		m.order = k.orderPlan(s.View.Order)
	}
	m.emptyKey = mapKeyBit | uint64(m.selfSlot)
	if m.norm == ast.NormVar {
		m.norm = mode
	}
	if s.Align != nil {
		if m.align, err = k.compile(s.Align, mode); err != nil {
			return nil, err
		}
	}
	if s.Ignore != nil {
		m.ignore = k.cond(s.Ignore)
	}
	if s.Latent {
		le, err := k.latentElem(s.Elem, mode)
		if err != nil {
			return nil, err
		}
		m.latent = &latent{elem: le}
	}
	if v := s.View; v != nil && v.Call != nil && len(v.Fields) == 0 && len(v.Call.Args) == 1 &&
		v.Call.Fun.Common != nil && elem.delta && s.Align == nil && s.Constraint == ast.OneToOne {
		arg, argType, common := k.view(v.Call.Args[0]), v.Call.Args[0].Out, v.Call.Fun.Common
		m.counted = func(c *ctx, x, y value.Ref) (float64, bool) {
			return common(c.a, argType, arg(c, x), arg(c, y))
		}
	}
	m.selfCount = selfCounted(m, elem)
	n := &cnode{eval: m.eval, nonneg: true, match: m}
	if m.latent == nil && m.ignore == nil && elem.selfKnown && elem.self > 0 && elem.nonneg {
		switch m.norm {
		case ast.NormP, ast.NormR, ast.NormF, ast.NormJ:
			// A collection against itself: Σ(X,Y) = Σ(X,X) = Σ(Y,Y) > 0,
			// and two empty collections score 1.
			n.knowSelf(1)
			n.le1 = elem.unit() && m.constraint == ast.OneToOne
		}
	}
	if k.plan.traced {
		n.eval = m.tracedEval
		m.traced = true
	}
	chooser := m.chooser()
	switch {
	case chooser.never && m.norm == ast.NormS:
		n.never = true
	case chooser.keys != nil && m.counted == nil: // blocking would build the view
		n.keys = newKeys(m.keys)
	}
	return n, nil
}

// countSelfSums switches the counting of self-sums (selfCounted), for
// the test that checks it against solving them.
var countSelfSums = true

// selfCounted reports whether a matching's self-sums are counts: under
// align, Σ(X,X) is the identity sum Σ e(u, u), which is |X| when e(u, u) is
// always 1; otherwise, when 0 ≤ e ≤ 1 and e(u, u) = 1, no matching of X with
// itself sums more than |X| pairs of at most 1 each, and the identity sums
// |X| (one-to-one, many-to-one or one-to-many; a many-to-many matching sums
// every pair). Latent variables and ignored elements are left to the
// solver.
func selfCounted(m *matcher, elem *cnode) bool {
	if m.latent != nil || m.ignore != nil {
		return false
	}
	if m.align != nil {
		return elem.selfKnown && elem.self == 1
	}
	return elem.unit() && m.constraint != ast.ManyToMany
}

// chooser is the similarity that chooses the matching: align when given.
func (m *matcher) chooser() *cnode {
	if m.align != nil {
		return m.align
	}
	return m.elem
}

// operands are the two values a matching compares (x from the prediction,
// y from the gold) and the collections its view takes from them.
type operands struct{ x, y, X, Y value.Ref }

// eval is the normalized score of the matching of v(x) and v(y).
func (m *matcher) eval(c *ctx, x, y value.Ref) float64 {
	if m.counted != nil {
		if xy, ok := m.counted(c, x, y); ok {
			if m.norm == ast.NormS {
				return xy
			}
			xx, _ := m.counted(c, x, x)
			yy, _ := m.counted(c, y, y)
			if xx == 0 && yy == 0 { // both views empty
				return 1
			}
			return Normalize(m.norm, m.beta, xy, xx, yy)
		}
	}
	op := operands{x, y, m.view(c, x), m.view(c, y)}
	if m.ignore != nil {
		return m.ignoredValue(c, op)
	}
	if m.norm == ast.NormS {
		return m.sum(c, op)
	}
	nx, ny := c.a.Count(op.X), c.a.Count(op.Y)
	if nx == 0 && ny == 0 {
		return 1
	}
	if nx == 0 || ny == 0 {
		return 0 // Σ(X,Y) = 0 and the normalizers below would give 0
	}
	kx, ky := m.memoIDs(c, op)
	key := memoKey{slot: m.pairSlot, x: kx, y: ky}
	if v, ok := c.memo.get(key); ok {
		return v
	}
	v := m.normalized(c, op, m.sum(c, op))
	c.memo.put(key, v)
	return v
}

// memoIDs are the identities a result is memoized by: the collections', or
// the sources' when a declared order (read from the source) shapes the
// matching.
func (m *matcher) memoIDs(c *ctx, op operands) (value.ID, value.ID) {
	if m.order != nil {
		return c.a.ID(op.x), c.a.ID(op.y)
	}
	return c.a.ID(op.X), c.a.ID(op.Y)
}

// normalized applies the matcher's normalizer to Σ(X,Y) = xy, computing
// only the self-sums it needs.
func (m *matcher) normalized(c *ctx, op operands, xy float64) float64 {
	var xx, yy float64
	switch m.norm {
	case ast.NormP:
		xx = m.self(c, op.x, op.X)
	case ast.NormR:
		yy = m.self(c, op.y, op.Y)
	case ast.NormS:
	default:
		xx, yy = m.self(c, op.x, op.X), m.self(c, op.y, op.Y)
	}
	return Normalize(m.norm, m.beta, xy, xx, yy)
}

// self is Σ(X, X), memoized by the identity of X (of x under an order).
// Under `align`, Σ(X, X) is the identity matching: every element credited
// with itself, Σ e(u, u), whatever its alignment with itself (so MUC-4's
// and CoNLL-2016's denominators are plain counts).
func (m *matcher) self(c *ctx, x, X value.Ref) float64 {
	if m.elem.delta && m.align == nil && m.order == nil {
		return m.sum(c, operands{x, x, X, X}) // a count, |X| when selfCount
	}
	kx, _ := m.memoIDs(c, operands{x, x, X, X})
	key := memoKey{slot: m.selfSlot, x: kx, y: -1}
	if v, ok := c.memo.get(key); ok {
		return v
	}
	v := m.sum(c, operands{x, x, X, X})
	c.memo.put(key, v)
	return v
}

// keys of a matching: the keys of its elements (a positive score needs a
// positive pair), and a mark for the empty collection.
func (m *matcher) keys(c *ctx, x value.Ref, out []uint64) []uint64 {
	X := m.view(c, x)
	kids := c.a.Kids(X)
	if len(kids) == 0 {
		if m.norm != ast.NormS {
			out = append(out, m.emptyKey)
		}
		return out
	}
	chooser := m.chooser()
	for _, u := range kids {
		out = chooser.keys.fn(c, u, out)
	}
	return out
}

// sum is Σ◇(X, Y): the best total of element similarities over matchings
// that respect the constraint (and the order of sequences, or the declared
// order).
func (m *matcher) sum(c *ctx, op operands) float64 {
	xs, ys := c.a.Kids(op.X), c.a.Kids(op.Y)
	if len(xs) == 0 || len(ys) == 0 {
		return 0
	}
	if op.X == op.Y && m.selfCount && countSelfSums {
		return float64(len(xs))
	}
	if m.elem.delta && m.align == nil && m.order == nil {
		return m.deltaSum(c, op.X, op.Y)
	}
	if m.align != nil && op.X == op.Y {
		return m.identity(c, xs)
	}
	f := c.push()
	defer c.pop()
	total, _ := m.solve(c, f, op, xs, ys, false)
	return total
}

// ignoreSums are the three sums of a matching with `ignore = cond`. The
// matching is chosen over all the elements; then the gold elements that
// satisfy cond, and the predicted elements matched to them, are left out:
// Σ(X,Y) credits the other chosen pairs, and Σ(X,X), Σ(Y,Y) are the
// identity sums Σ e(u, u) (as under align) over the elements left. This
// is how scorers treat gold items that are not to be evaluated (the
// CoNLL-2016 scorers' relations with a partial sense; crowd regions in
// detection): neither a hit nor a miss, and what was aligned with them
// neither a hit nor a false alarm.
func (m *matcher) ignoreSums(c *ctx, op operands) (xy, xx, yy float64) {
	xs, ys := c.a.Kids(op.X), c.a.Kids(op.Y)
	dropped := make([]bool, len(xs))
	switch {
	case len(xs) == 0 || len(ys) == 0:
	case op.X == op.Y:
		for i, u := range xs {
			dropped[i] = m.ignore(c, u)
		}
	default:
		f := c.push()
		_, chosen := m.solve(c, f, op, xs, ys, true)
		for _, e := range chosen {
			if m.ignore(c, ys[e.Col]) {
				dropped[e.Row] = true
			} else {
				xy += e.W // the pair's credit
			}
		}
		c.pop()
	}
	for i, u := range xs {
		if !dropped[i] {
			xx += m.elem.eval(c, u, u)
		}
	}
	for _, v := range ys {
		if !m.ignore(c, v) {
			yy += m.elem.eval(c, v, v)
		}
	}
	if op.X == op.Y {
		xy = xx
	}
	return xy, xx, yy
}

// ignoredValue is the normalized score of a matching with ignore,
// memoized by the identities of the collections; two sides left empty
// score 1.
func (m *matcher) ignoredValue(c *ctx, op operands) float64 {
	kx, ky := m.memoIDs(c, op)
	key := memoKey{slot: m.pairSlot, x: kx, y: ky}
	if v, ok := c.memo.get(key); ok {
		return v
	}
	xy, xx, yy := m.ignoreSums(c, op)
	v := xy
	if m.norm != ast.NormS {
		v = 1
		if xx != 0 || yy != 0 {
			v = Normalize(m.norm, m.beta, xy, xx, yy)
		}
	}
	c.memo.put(key, v)
	return v
}

// identity is Σ e(u, u) over the elements: the self-sum under align.
func (m *matcher) identity(c *ctx, xs []value.Ref) float64 {
	total := 0.0
	if m.traced { // every part evaluated, for the alignments it records
		for _, u := range xs {
			total += m.elem.eval(c, u, u)
		}
		return total
	}
	for _, u := range xs {
		total += m.elem.selfOf(c, u)
	}
	return total
}

// solve finds the matching and its credited total; with pairs it also
// returns the chosen pairs, each with its credit as weight. Under align the
// matching maximizes Σalign and, among the matchings that tie on it (to a
// relative 1e-9), Σcredit, so that the result never depends on the order
// of the elements.
func (m *matcher) solve(c *ctx, f *frame, op operands, xs, ys []value.Ref, pairs bool) (float64, []solver.Edge) {
	if m.walk {
		return m.solveWalk(c, f, op, xs, ys)
	}
	m.edges(c, f, op.X, op.Y, xs, ys)
	if len(f.edges) == 0 {
		return 0, nil
	}
	want := pairs || m.align != nil
	var chosen []solver.Edge
	if want {
		if f.chosen == nil {
			f.chosen = make([]solver.Edge, 0, len(xs))
		}
		chosen = f.chosen[:0]
	}
	if m.align != nil {
		m.lexicographic(c, f, xs, ys)
	}
	var total float64
	if m.order != nil {
		res := c.ws.DAG(len(xs), len(ys), f.edges, m.order.reach(c, op.x, op.X), m.order.reach(c, op.y, op.Y), c.limits, chosen)
		total, chosen = res.Total, res.Match
		c.search.Add(dagStats(res))
	} else {
		total, chosen = m.solve1(&c.ws, len(xs), len(ys), f.edges, chosen)
	}
	if want {
		f.chosen = chosen
	}
	if m.align == nil {
		return total, chosen
	}
	credit := 0.0
	for i := range chosen {
		chosen[i].W = m.elem.eval(c, xs[chosen[i].Row], ys[chosen[i].Col])
		credit += chosen[i].W
	}
	return credit, chosen
}

// solveWalk is solve for a one-to-one matching of sequences under align:
// the heaviest order-preserving matching by the align similarity that a
// front-to-back walk meets first (solver.OrderedFirst), so that the credit
// never chooses the alignment; matchings that align the same sequences by
// the same similarity share it.
func (m *matcher) solveWalk(c *ctx, f *frame, op operands, xs, ys []value.Ref) (float64, []solver.Edge) {
	key := edgeKey{m.chooser(), op.X, op.Y}
	span, ok := c.walks[key]
	if !ok {
		m.edges(c, f, op.X, op.Y, xs, ys)
		start := len(c.walkPool)
		if c.walkPool == nil {
			c.walkPool = make([]solver.Edge, 0, len(xs))
		}
		_, c.walkPool = solver.OrderedFirst(&c.ws, len(xs), len(ys), f.edges, c.walkPool)
		span = [2]int{start, len(c.walkPool)}
		c.walks[key] = span
	}
	f.chosen = append(f.chosen[:0], c.walkPool[span[0]:span[1]]...)
	credit := 0.0
	for i := range f.chosen {
		f.chosen[i].W = m.elem.eval(c, xs[f.chosen[i].Row], ys[f.chosen[i].Col])
		credit += f.chosen[i].W
	}
	return credit, f.chosen
}

// lexicographic turns the align weights of f.edges into align + ε·credit,
// with ε small enough that credit only breaks ties in Σalign (up to a
// relative 1e-9).
func (m *matcher) lexicographic(c *ctx, f *frame, xs, ys []value.Ref) {
	f.credits = growFloat(f.credits, len(f.edges))
	f.rowA, f.rowC = growFloat(f.rowA, len(xs)), growFloat(f.rowC, len(xs))
	clear(f.rowA)
	clear(f.rowC)
	for i, e := range f.edges {
		cr := m.elem.eval(c, xs[e.Row], ys[e.Col])
		f.credits[i] = cr
		f.rowA[e.Row] = max(f.rowA[e.Row], e.W)
		f.rowC[e.Row] = max(f.rowC[e.Row], cr)
	}
	alignBound, creditBound := 0.0, 0.0
	for i := range f.rowA {
		alignBound += f.rowA[i]
		creditBound += f.rowC[i]
	}
	if creditBound > 0 {
		eps := 1e-9 * alignBound / creditBound
		for i := range f.edges {
			f.edges[i].W += eps * f.credits[i]
		}
	}
}

func growFloat(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}

// edges fills f.edges with the positive pairs of the chooser: the
// candidates its blocking keys allow (shared between matchings that block
// on the same keys over the same collections), else every pair.
func (m *matcher) edges(c *ctx, f *frame, X, Y value.Ref, xs, ys []value.Ref) {
	chooser := m.chooser()
	n, k := len(xs), len(ys)
	// Over filtered collections, the candidates of the parents' matching,
	// restricted, are those an index over the filtered ones would list,
	// in the same order (an element's keys do not depend on its
	// collection, and a filter keeps its parent's order); where the index
	// would not be used (few pairs, or coarse keys chosen by a bound on
	// the sizes), nothing is derived.
	derive := chooser.keys != nil && chooser.keys.coarse == nil && n*k > 16
	if m.align != nil {
		if span, ok := c.edges[edgeKey{chooser, X, Y}]; ok {
			f.edges = append(f.edges[:0], c.edgePool[span[0]:span[1]]...)
			return
		}
		if derive && c.restrictedEdges(f, chooser, X, Y) {
			c.keepEdges(edgeKey{chooser, X, Y}, f.edges)
			return
		}
	}
	if chooser.keys != nil && n*k > 16 {
		key := candKey{chooser.keys, X, Y}
		if span, ok := c.cands[key]; ok {
			f.pairs = append(f.pairs[:0], c.candPairs[span[0]:span[1]]...)
		} else if derive && c.restrictedCands(f, chooser.keys, X, Y) {
			c.keepCandidates(key, f.pairs)
		} else {
			f.listCandidates(c, chooser.keys, X, Y, xs, ys)
		}
	} else {
		f.allPairs(n, k)
	}
	f.edges = room(f.edges[:0], len(f.pairs))
	for _, p := range f.pairs {
		w := chooser.eval(c, xs[p.Row], ys[p.Col])
		if w > 0 && w <= math.MaxFloat64 {
			f.edges = append(f.edges, solver.Edge{Row: p.Row, Col: p.Col, W: w})
		} else if w > 0 || w != w {
			// A solver cannot maximize over ∞ or NaN.
			panic(evalError{fmt.Sprintf("on a pair of elements, the similarity %s is %s", ast.ExprString(m.chooserSrc()), NonFinite(w))})
		}
	}
	if m.align != nil {
		c.keepEdges(edgeKey{chooser, X, Y}, f.edges)
	}
}

// keepEdges keeps the edges of key, for the other matchings under align
// that use the same similarity over the same collections.
func (c *ctx) keepEdges(key edgeKey, edges []solver.Edge) {
	start := len(c.edgePool)
	c.edgePool = append(c.edgePool, edges...)
	c.edges[key] = [2]int{start, len(c.edgePool)}
}

// restrictedEdges lists in f.edges the edges of chooser over (X, Y) from
// those of their parents, as restrictedCands does candidates.
func (c *ctx) restrictedEdges(f *frame, chooser *cnode, X, Y value.Ref) bool {
	px, py, rowOf, colOf, ok := c.restricted(X, Y)
	if !ok {
		return false
	}
	span, ok := c.edges[edgeKey{chooser, px, py}]
	if !ok {
		return false
	}
	f.edges = f.edges[:0]
	for _, e := range c.edgePool[span[0]:span[1]] {
		if i, j := rowOf[e.Row], colOf[e.Col]; i >= 0 && j >= 0 {
			f.edges = append(f.edges, solver.Edge{Row: i, Col: j, W: e.W})
		}
	}
	return true
}

// restrictedCands lists in f.pairs the candidates of keys over (X, Y)
// from those of their parents, when X or Y is a filter's sub-collection
// and the parents' are known.
func (c *ctx) restrictedCands(f *frame, keys keyFn, X, Y value.Ref) bool {
	px, py, rowOf, colOf, ok := c.restricted(X, Y)
	if !ok {
		return false
	}
	span, ok := c.cands[candKey{keys, px, py}]
	if !ok {
		return false
	}
	f.pairs = f.pairs[:0]
	for _, p := range c.candPairs[span[0]:span[1]] {
		if i, j := rowOf[p.Row], colOf[p.Col]; i >= 0 && j >= 0 {
			f.pairs = append(f.pairs, pair{i, j})
		}
	}
	return true
}

// chooserSrc is the expression of the similarity that chooses the
// matching, for messages.
func (m *matcher) chooserSrc() ast.Expr {
	if m.align != nil {
		return m.src.Align
	}
	return m.src.Sim
}

// deltaSum is Σ◇[δ](X, Y) by counting equal IDs: no matrix, no solver;
// on sequences, the longest common subsequence of the IDs.
func (m *matcher) deltaSum(c *ctx, X, Y value.Ref) float64 {
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	if len(xs) == 0 || len(ys) == 0 {
		return 0
	}
	if m.seq {
		if X == Y {
			return float64(len(xs))
		}
		a, b := c.idList(xs, 0), c.idList(ys, 1)
		return float64(c.ws.LCS(a, b))
	}
	// IDs first: an element's may be computed now (lazyID), and the
	// counters below are sized by the IDs that exist.
	for _, r := range xs {
		c.a.ID(r)
	}
	for _, r := range ys {
		c.a.ID(r)
	}
	if X == Y || c.a.ID(X) == c.a.ID(Y) {
		// Self score: every element meets itself.
		switch m.constraint {
		case ast.OneToOne, ast.ManyToOne, ast.OneToMany:
			return float64(len(xs))
		}
	}
	// Several matchings of a spec may count the same two collections
	// (coref's φ3, φ4, B³'s overlaps and LEA's sizes count the mentions
	// two entities share): the count is memoized for all of them, by the
	// constraint and the collections' identities.
	key := memoKey{slot: deltaSlot(m.constraint), x: c.a.ID(X), y: c.a.ID(Y)}
	if v, ok := c.memo.get(key); ok {
		return v
	}
	v := float64(m.countEqual(c, xs, ys))
	c.memo.put(key, v)
	return v
}

// deltaSlot is the memo slot of deltaSum's counts under constraint k:
// below the matchers' slots, which start at 0.
func deltaSlot(k ast.Constraint) int32 { return -2 - int32(k) }

// countEqual is deltaSum's count: the most pairs of equal IDs, one from
// xs and one from ys, that the constraint allows.
func (m *matcher) countEqual(c *ctx, xs, ys []value.Ref) int {
	cnt := c.counts()
	defer c.resetCounts()
	c.touched = room(c.touched, len(ys))
	for _, y := range ys {
		c.bump(c.a.ID(y), 1)
	}
	total := 0
	switch m.constraint {
	case ast.OneToOne: // multiset intersection
		for _, x := range xs {
			id := c.a.ID(x)
			if cnt[id] > 0 {
				cnt[id]--
				total++
			}
		}
	case ast.ManyToOne: // each x at most once
		for _, x := range xs {
			if cnt[c.a.ID(x)] > 0 {
				total++
			}
		}
	case ast.OneToMany: // each y at most once: count ys whose value is in X
		seen := c.marks()
		for _, x := range xs {
			seen[c.a.ID(x)] = true
		}
		for _, y := range ys {
			if seen[c.a.ID(y)] {
				total++
			}
		}
		for _, x := range xs {
			seen[c.a.ID(x)] = false
		}
	case ast.ManyToMany:
		for _, x := range xs {
			total += int(cnt[c.a.ID(x)])
		}
	}
	return total
}

// solverConstraint is the solver's name for a matching constraint.
func solverConstraint(k ast.Constraint) solver.Constraint {
	switch k {
	case ast.ManyToOne:
		return solver.ManyToOne
	case ast.OneToMany:
		return solver.OneToMany
	case ast.ManyToMany:
		return solver.ManyToMany
	}
	return solver.OneToOne
}
