package eval

import (
	"fmt"

	"github.com/metricc/metricc/ast"
	"github.com/metricc/metricc/eval/value"
	"github.com/metricc/metricc/solver"
	"github.com/metricc/metricc/typecheck"
	"github.com/metricc/metricc/typecheck/types"
)

// A matching over values with latent variables (DESIGN §2.3) is solved
// jointly with one one-to-one bijection between the variables of the two
// documents. The element similarity is decomposed, per candidate pair,
// into the weight it has when every variable pairing it needs holds, and
// the list of those variable pairs; solver.LatentSolver then chooses the
// bijection and the matching together, exactly.

// latentFn is an element similarity over values with variables: the
// weight assuming the variable pairs it appends to req hold.
type latentFn func(c *ctx, u, v value.Ref, req []value.VarPair) (float64, []value.VarPair)

type latentNode struct {
	eval latentFn
	keys keyFn // var-erased blocking keys; nil: every pair is a candidate
}

// latent is the cross-document part of a latent matcher.
type latent struct {
	elem *latentNode
}

// SearchStats summarizes the latent-variable searches of a metric.
type SearchStats struct {
	Pairs  int     // document pairs searched
	Proven int     // of which proven optimal
	MaxGap float64 // largest bound − value among the unproven
	Nodes  int     // branch-and-bound nodes, in all
}

func (s *SearchStats) add(o SearchStats) {
	s.Pairs += o.Pairs
	s.Proven += o.Proven
	s.MaxGap = max(s.MaxGap, o.MaxGap)
	s.Nodes += o.Nodes
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

// solve computes Σ(X,Y) jointly with the variable bijection. The result's
// Match indexes c.latentProblem.Pairs, and its variables are numbered as
// in c.vars, until the next solve.
func (l *latent) solve(c *ctx, m *matcher, X, Y value.Ref) (float64, SearchStats, solver.LatentResult) {
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	stats := SearchStats{Pairs: 1, Proven: 1}
	if len(xs) == 0 || len(ys) == 0 {
		return 0, stats, solver.LatentResult{Proven: true}
	}
	f := c.push()
	defer c.pop()
	if l.elem.keys != nil {
		f.candidates(c, l.elem.keys, xs, ys)
	} else {
		f.allPairs(len(xs), len(ys))
	}
	c.resetVars()
	p := &c.latentProblem
	p.Pairs = p.Pairs[:0]
	reqs := c.reqBuf[:0]
	for _, pr := range f.pairs {
		mark := len(reqs)
		w, r := l.elem.eval(c, xs[pr.Row], ys[pr.Col], reqs)
		reqs = r
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
	res := c.latentSolver.Solve(p, c.limits)
	c.varPairs = c.varPairs[:0]
	stats.Nodes = res.Nodes
	if !res.Proven {
		stats.Proven = 0
		stats.MaxGap = res.Bound - res.Total
	}
	return res.Total, stats, res
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
