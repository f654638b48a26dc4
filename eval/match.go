package eval

import (
	"github.com/metricc/metricc/ast"
	"github.com/metricc/metricc/eval/value"
	"github.com/metricc/metricc/solver"
	"github.com/metricc/metricc/typecheck"
	"github.com/metricc/metricc/typecheck/types"
)

// matcher computes N◇[v](e) for one checked matching.
type matcher struct {
	src        *ast.Matching
	view       viewFn
	elem       *cnode
	align      *cnode // nil: the matching is chosen by elem itself
	constraint ast.Constraint
	seq        bool
	norm       ast.NormKind // N already resolved to P or R
	beta       float64
	selfSlot   int32
	pairSlot   int32
	emptyKey   uint64
	// counted, when set, computes Σ(X,Y) of a 1:1 δ-matching over a stdlib
	// view that can count common elements without building them (pairs,
	// links, nonlinks); ok = false falls back to building the view.
	counted func(c *ctx, x, y value.Ref) (n float64, ok bool)
	// latent is set when the elements hold latent variables: Σ(X,Y) is then
	// solved jointly with the variable bijection (self-scores use the
	// identity, which is optimal for them).
	latent *latent
}

// mapKeyBit marks blocking keys that are not node IDs: the "this
// collection is empty" mark of each matcher (two empty collections have a
// normalized score of 1, so they must meet) and hashes. Node IDs are dense
// and index arrays; marked keys go through a map.
const mapKeyBit = uint64(1) << 63

func (k *compiler) matching(s *typecheck.Match, mode ast.NormKind) (*cnode, error) {
	hasVars := types.ContainsVar(s.Coll.Elem)
	if hasVars {
		if typecheck.Sim(s) != k.root {
			return nil, k.errorAt(s.Src, "a matching of values with latent variables (%s) must be the whole body of a metric: the variables of two documents are paired once, for the document pair", s.Coll.Elem)
		}
		if s.Align != nil {
			return nil, k.errorAt(s.Align.Node(), "align is not supported on values with latent variables")
		}
	}
	saved := k.varIdentity
	k.varIdentity = k.varIdentity || hasVars
	elem, err := k.compile(s.Elem, mode)
	k.varIdentity = saved
	if err != nil {
		return nil, err
	}
	m := &matcher{
		src: s.Src, view: k.view(s.View), elem: elem, constraint: s.Constraint,
		seq: s.Coll.Kind == types.Seq, norm: s.Norm, beta: s.Beta,
		selfSlot: int32(k.newMemo()), pairSlot: int32(k.newMemo()),
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
	if hasVars {
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
	n := &cnode{eval: m.eval, nonneg: true, match: m}
	chooser := m.elem
	if m.align != nil {
		chooser = m.align
	}
	switch {
	case chooser.never && m.norm == ast.NormS:
		n.never = true
	case chooser.keys != nil && m.counted == nil: // blocking would build the view
		n.keys = newKeys(m.keys)
	}
	return n, nil
}

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
			return normalize(m.norm, m.beta, xy, xx, yy)
		}
	}
	X, Y := m.view(c, x), m.view(c, y)
	if m.norm == ast.NormS {
		return m.sum(c, X, Y)
	}
	nx, ny := c.a.Count(X), c.a.Count(Y)
	if nx == 0 && ny == 0 {
		return 1
	}
	if nx == 0 || ny == 0 {
		return 0 // Σ(X,Y) = 0 and the normalizers below would give 0
	}
	key := memoKey{slot: m.pairSlot, x: c.a.ID(X), y: c.a.ID(Y)}
	if v, ok := c.memo.get(key); ok {
		return v
	}
	xy := m.sum(c, X, Y)
	var xx, yy float64
	switch m.norm {
	case ast.NormP:
		xx = m.self(c, X)
	case ast.NormR:
		yy = m.self(c, Y)
	default:
		xx, yy = m.self(c, X), m.self(c, Y)
	}
	v := normalize(m.norm, m.beta, xy, xx, yy)
	c.memo.put(key, v)
	return v
}

// self is Σ(X, X), memoized by the identity of X.
func (m *matcher) self(c *ctx, X value.Ref) float64 {
	if m.elem.delta && m.align == nil {
		return m.deltaSum(c, X, X)
	}
	key := memoKey{slot: m.selfSlot, x: c.a.ID(X), y: -1}
	if v, ok := c.memo.get(key); ok {
		return v
	}
	v := m.sum(c, X, X)
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
	chooser := m.elem
	if m.align != nil {
		chooser = m.align
	}
	for _, u := range kids {
		out = chooser.keys.fn(c, u, out)
	}
	return out
}

// sum is Σ◇(X, Y): the best total of element similarities over matchings
// that respect the constraint (and the order, for sequences).
func (m *matcher) sum(c *ctx, X, Y value.Ref) float64 {
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	if len(xs) == 0 || len(ys) == 0 {
		return 0
	}
	if m.elem.delta && m.align == nil {
		return m.deltaSum(c, X, Y)
	}
	f := c.push()
	defer c.pop()
	chooser := m.elem
	if m.align != nil {
		chooser = m.align
	}
	n, k := len(xs), len(ys)
	if m.seq {
		return m.seqSum(c, f, xs, ys)
	}
	if chooser.keys != nil && n*k > 16 {
		key := candKey{chooser.keys, X, Y}
		if span, ok := c.cands[key]; ok {
			f.pairs = append(f.pairs[:0], c.candPairs[span[0]:span[1]]...)
		} else {
			f.candidates(c, chooser.keys, xs, ys)
			start := len(c.candPairs)
			c.candPairs = append(c.candPairs, f.pairs...)
			c.cands[key] = [2]int{start, len(c.candPairs)}
		}
	} else {
		f.allPairs(n, k)
	}
	// Score the candidate pairs; keep the positive ones.
	f.edges = f.edges[:0]
	for _, p := range f.pairs {
		w := chooser.eval(c, xs[p.Row], ys[p.Col])
		if w > 0 {
			f.edges = append(f.edges, solver.Edge{Row: p.Row, Col: p.Col, W: w})
		}
	}
	if len(f.edges) == 0 {
		return 0
	}
	if m.align == nil {
		switch m.constraint {
		case ast.OneToOne:
			if total, ok := f.forced(n, k); ok {
				return total
			}
			f.rowTo = grow(f.rowTo, n)
			return c.assigner.MaxEdges(n, k, f.edges, f.rowTo)
		case ast.ManyToOne:
			return f.bestPerRow(n, nil)
		case ast.OneToMany:
			return f.bestPerCol(k, nil)
		}
		total := 0.0
		for _, e := range f.edges {
			total += e.W
		}
		return total
	}
	// Aligned: the matching maximizes Σalign; credit Σelem on its pairs.
	credit := func(i, j int32) float64 { return m.elem.eval(c, xs[i], ys[j]) }
	switch m.constraint {
	case ast.OneToOne:
		f.rowTo = grow(f.rowTo, n)
		c.assigner.MaxEdges(n, k, f.edges, f.rowTo)
		total := 0.0
		for i, j := range f.rowTo[:n] {
			if j >= 0 {
				total += credit(int32(i), int32(j))
			}
		}
		return total
	case ast.ManyToOne:
		return f.bestPerRow(n, credit)
	case ast.OneToMany:
		return f.bestPerCol(k, credit)
	}
	total := 0.0
	for _, e := range f.edges {
		total += credit(e.Row, e.Col)
	}
	return total
}

// deltaSum is Σ◇[δ](X, Y) by counting equal IDs: no matrix, no solver.
func (m *matcher) deltaSum(c *ctx, X, Y value.Ref) float64 {
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	if len(xs) == 0 || len(ys) == 0 {
		return 0
	}
	if m.seq {
		return float64(lcsIDs(c, xs, ys))
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
	cnt := c.counts()
	defer c.resetCounts()
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
	return float64(total)
}

// seqSum is the weighted longest common subsequence: the best 1:1 matching
// that keeps the order of both sequences.
func (m *matcher) seqSum(c *ctx, f *frame, xs, ys []value.Ref) float64 {
	n, k := len(xs), len(ys)
	prev := growF(f.w, 2*(k+1))
	f.w = prev
	row, cur := prev[:k+1], prev[k+1:2*(k+1)]
	clear(row)
	for i := 0; i < n; i++ {
		cur[0] = 0
		for j := 1; j <= k; j++ {
			best := max(row[j], cur[j-1])
			if w := m.elem.eval(c, xs[i], ys[j-1]); w > 0 {
				best = max(best, row[j-1]+w)
			}
			cur[j] = best
		}
		row, cur = cur, row
	}
	return row[k]
}

// lcsIDs is the length of the longest common subsequence of two ID lists.
func lcsIDs(c *ctx, xs, ys []value.Ref) int {
	k := len(ys)
	row := make([]int, k+1)
	cur := make([]int, k+1)
	for _, x := range xs {
		id := c.a.ID(x)
		cur[0] = 0
		for j := 1; j <= k; j++ {
			if c.a.ID(ys[j-1]) == id {
				cur[j] = row[j-1] + 1
			} else {
				cur[j] = max(row[j], cur[j-1])
			}
		}
		row, cur = cur, row
	}
	return row[k]
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growF(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
