package eval

import (
	"fmt"
	"math"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// A matching over values with latent variables (docs/language.md, Latent
// variables) is solved jointly with one one-to-one bijection between the
// variables of the two documents. The element similarity is decomposed, per
// candidate pair, into the weight it has when every variable pairing it
// needs holds, and the list of those variable pairs; solver.LatentSolver
// then chooses the bijection and the matching together, exactly.

// latentFn is an element similarity over values with variables: the
// weight assuming the variable pairs it appends to req hold.
type latentFn func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair)

type latentNode struct {
	eval latentFn
	keys keyFn // var-erased blocking keys; nil: every pair is a candidate
	// ident is set when the node is equality modulo the bijection (δ)
	// with one key per value: two values then match iff their keys meet
	// and they are equal with their variables erased, and the match needs
	// their variables paired position by position. The matching can then
	// be given to the solver in class form, in linear size (Smatch).
	ident bool
}

// latentClass is a class of values equal modulo the bijection: a
// representative and the class number.
type latentClass struct {
	rep value.Ref
	id  int32
}

// latent is the cross-document part of a latent matcher.
type latent struct {
	elem *latentNode
}

// SearchStats summarizes the latent-variable searches of a metric.
type SearchStats struct {
	Pairs  int     // document pairs searched
	Proven int     // of which proven optimal
	MaxGap float64 // largest bound − value among the unproven (+Inf: unknown)
	Nodes  int     // branch-and-bound nodes, in all
	// Interrupted counts the unproven pairs whose search an interrupt
	// (Options.Interrupt) stopped, rather than a limit.
	Interrupted int
}

func (s *SearchStats) Add(o SearchStats) {
	s.Pairs += o.Pairs
	s.Proven += o.Proven
	s.MaxGap = max(s.MaxGap, o.MaxGap)
	s.Nodes += o.Nodes
	s.Interrupted += o.Interrupted
}

// latentElem decomposes s, a similarity at a type that may hold
// variables, into the forms the checker allows there (typecheck/latent.go).
// Sub-expressions at types without variables compile as usual.
func (k *compiler) latentElem(s typecheck.Sim, mode ast.NormKind) (*latentNode, error) {
	if !types.ContainsVar(s.At()) {
		n, err := k.compile(s, mode)
		if err != nil {
			return nil, err
		}
		return &latentNode{
			eval: func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair) {
				return n.eval(c, u, v), req
			},
			keys: n.keys,
		}, nil
	}
	switch s := s.(type) {
	case *typecheck.LetRef:
		return k.latentElem(s.Body, mode)
	case *typecheck.Const:
		v := s.Value
		return &latentNode{eval: func(_ *ctx, _, _ value.Ref, req []value.VarPair) (float64, []value.VarPair) { return v, req }}, nil
	case *typecheck.Builtin:
		impl, keys := s.Sim.Latent, s.Sim.LatentKeys
		n := &latentNode{eval: func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair) {
			return impl(c.a, u, v, req)
		}}
		if keys != nil {
			n.keys = newKeys(func(c *ctx, u value.Ref, out []uint64) []uint64 { return keys(c.a, u, out) })
			n.ident = s.Sim.Identity
		}
		return n, nil
	case *typecheck.Project:
		view := k.view(s.View)
		inner, err := k.latentElem(s.X, mode)
		if err != nil {
			return nil, err
		}
		n := &latentNode{eval: func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair) {
			return inner.eval(c, view(c, u), view(c, v), req)
		}}
		if inner.keys != nil {
			n.keys = newKeys(func(c *ctx, u value.Ref, out []uint64) []uint64 { return inner.keys.fn(c, view(c, u), out) })
		}
		return n, nil
	case *typecheck.Arith:
		x, err := k.latentElem(s.X, mode)
		if err != nil {
			return nil, err
		}
		y, err := k.latentElem(s.Y, mode)
		if err != nil {
			return nil, err
		}
		n := &latentNode{
			eval: func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair) {
				mark := len(req)
				wx, req := x.eval(c, u, v, req)
				if wx == 0 {
					return 0, req[:mark]
				}
				wy, req := y.eval(c, u, v, req)
				if wy == 0 {
					return 0, req[:mark]
				}
				return wx * wy, req
			},
			keys: x.keys,
		}
		if n.keys == nil {
			n.keys = y.keys
		}
		return n, nil
	}
	return nil, fmt.Errorf("eval: %T in a latent matching's element similarity (the checker allows only delta, field paths, products and constants)", s)
}

// solve computes Σ(X,Y) jointly with the variable bijection, within
// c.limits. It returns the matched pairs (rows index X's elements, columns
// Y's) and σ, numbered as in c.vars until the next solve.
func (l *latent) solve(c *ctx, m *matcher, X, Y value.Ref) (float64, SearchStats, []solver.Edge, []int32) {
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	stats := SearchStats{Pairs: 1, Proven: 1}
	if len(xs) == 0 || len(ys) == 0 {
		return 0, stats, nil, nil
	}
	c.resetVars()
	var res solver.LatentResult
	var edges []solver.Edge
	truncated := false
	if l.elem.ident && m.constraint == ast.OneToOne {
		l.classes(c, m, xs, ys)
		res = c.latentSolver.SolveItems(&c.latentItems, c.limits)
		edges = res.Edges
	} else {
		truncated = l.pairs(c, m, xs, ys)
		res = c.latentSolver.Solve(&c.latentProblem, c.limits)
		p := &c.latentProblem
		for _, k := range res.Match {
			edges = append(edges, solver.Edge{Row: p.Pairs[k].Row, Col: p.Pairs[k].Col, W: p.Pairs[k].W})
		}
		c.varPairs = c.varPairs[:0]
	}
	stats.Nodes = res.Nodes
	if !res.Proven || truncated {
		stats.Proven = 0
		stats.MaxGap = res.Bound - res.Total
		if truncated {
			// Candidate pairs were left out: no bound is known.
			stats.MaxGap = math.Inf(1)
		}
		if res.Interrupted {
			stats.Interrupted = 1
		}
	}
	return res.Total, stats, edges, res.VarTo
}

// checkLatentWeight refuses a weight the search cannot maximize over: ∞
// or NaN (a product of constants that overflows).
func checkLatentWeight(m *matcher, w float64) {
	if w != w || w > math.MaxFloat64 {
		panic(evalError{fmt.Sprintf("on a pair of elements, the similarity %s is %s", ast.ExprString(m.chooserSrc()), NonFinite(w))})
	}
}

// classes writes the matching of xs with ys in class form into
// c.latentItems, in time and memory linear in their size: values are put
// in classes by their variable-blind key, checked by the similarity itself
// against each class's representative (keys may collide).
func (l *latent) classes(c *ctx, m *matcher, xs, ys []value.Ref) {
	it := &c.latentItems
	it.X.Reset()
	it.Y.Reset()
	it.Weight = it.Weight[:0]
	if c.latentClasses == nil {
		c.latentClasses = map[uint64][]latentClass{}
	}
	clear(c.latentClasses)
	var keys []uint64
	var vars []int32
	for side, refs := range [2][]value.Ref{xs, ys} {
		list := &it.X
		if side == 1 {
			list = &it.Y
		}
		for _, r := range refs {
			keys = l.elem.keys.fn(c, r, keys[:0])
			key := uint64(0)
			if len(keys) > 0 {
				key = keys[0]
			}
			id := int32(-1)
			for _, cl := range c.latentClasses[key] {
				if w, _ := l.elem.eval(c, cl.rep, r, c.reqBuf[:0]); w > 0 {
					id = cl.id
					break
				}
			}
			// The value against itself: its weight, and its variables in
			// order.
			w, req := l.elem.eval(c, r, r, c.reqBuf[:0])
			c.reqBuf = req
			checkLatentWeight(m, w)
			if id < 0 {
				if w <= 0 {
					list.Add(-1) // never matches
					continue
				}
				id = int32(len(it.Weight))
				it.Weight = append(it.Weight, w)
				c.latentClasses[key] = append(c.latentClasses[key], latentClass{rep: r, id: id})
			}
			vars = vars[:0]
			for _, q := range req {
				vars = append(vars, c.varIndex(side, q.X))
			}
			list.Add(id, vars...)
		}
	}
	it.VarsX, it.VarsY = len(c.vars[0]), len(c.vars[1])
}

// pairs writes the candidate pairs of xs and ys into c.latentProblem, at
// most c.limits.Pairs() of them; it reports whether some were left out.
func (l *latent) pairs(c *ctx, m *matcher, xs, ys []value.Ref) bool {
	f := c.push()
	defer c.pop()
	var truncated bool
	if l.elem.keys != nil {
		truncated = f.candidatesUpTo(c, l.elem.keys, xs, ys, c.limits.Pairs())
	} else {
		truncated = f.allPairsUpTo(len(xs), len(ys), c.limits.Pairs())
	}
	p := &c.latentProblem
	p.Pairs = p.Pairs[:0]
	reqs := c.reqBuf[:0]
	for _, pr := range f.pairs {
		mark := len(reqs)
		w, r := l.elem.eval(c, xs[pr.Row], ys[pr.Col], reqs)
		reqs = r
		checkLatentWeight(m, w)
		if w <= 0 {
			reqs = reqs[:mark]
			continue
		}
		start := len(c.varPairs)
		for _, q := range reqs[mark:] {
			c.varPairs = append(c.varPairs, solver.VarPair{X: c.varIndex(0, q.X), Y: c.varIndex(1, q.Y)})
		}
		p.Pairs = append(p.Pairs, solver.LatentPair{Row: pr.Row, Col: pr.Col, W: w, Vars: c.varPairs[start:len(c.varPairs):len(c.varPairs)]})
	}
	c.reqBuf = reqs
	p.Rows, p.Cols = len(xs), len(ys)
	p.VarsX, p.VarsY = len(c.vars[0]), len(c.vars[1])
	p.Constraint = solverConstraint(m.constraint)
	return truncated
}

// varIndex numbers the variables of one side of the pair being solved.
func (c *ctx) varIndex(side int, r value.Ref) int32 {
	id := c.a.ID(r)
	i, ok := c.varIDs[side][id]
	if !ok {
		i = int32(len(c.vars[side]))
		c.varIDs[side][id] = i
		c.vars[side] = append(c.vars[side], r)
	}
	return i
}

// resetVars forgets the variable numbering of the last pair.
func (c *ctx) resetVars() {
	for side := range c.varIDs {
		if c.varIDs[side] == nil {
			c.varIDs[side] = map[value.ID]int32{}
		}
		clear(c.varIDs[side])
		c.vars[side] = c.vars[side][:0]
	}
}
