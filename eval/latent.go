package eval

import (
	"hash/maphash"

	"github.com/metricc/metricc/ast"
	"github.com/metricc/metricc/eval/value"
	"github.com/metricc/metricc/solver"
	"github.com/metricc/metricc/stdlib"
	"github.com/metricc/metricc/typecheck"
	"github.com/metricc/metricc/typecheck/types"
)

// A matching over values with latent variables (DESIGN §2.3) is solved
// jointly with one one-to-one bijection between the variables of the two
// documents. The element similarity is decomposed, per candidate pair,
// into the weight it has when every variable pairing it needs holds, and
// the list of those variable pairs; solver.LatentSolver then chooses the
// bijection and the matching together, exactly.

// varReq asks the bijection to pair variable X of the prediction with
// variable Y of the gold (their node IDs).
type varReq struct{ x, y value.ID }

// latentFn is an element similarity over values with variables: the
// weight assuming the variable pairs it appends to req hold.
type latentFn func(c *ctx, u, v value.Ref, req []varReq) (float64, []varReq)

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
// variables. Sub-expressions at types without variables compile as usual.
func (k *compiler) latentElem(s typecheck.Sim, mode ast.NormKind) (*latentNode, error) {
	if !types.ContainsVar(s.At()) {
		n, err := k.compile(s, mode)
		if err != nil {
			return nil, err
		}
		return &latentNode{
			eval: func(c *ctx, u, v value.Ref, req []varReq) (float64, []varReq) { return n.eval(c, u, v), req },
			keys: n.keys,
		}, nil
	}
	switch s := s.(type) {
	case *typecheck.LetRef:
		return k.latentElem(s.Body, mode)
	case *typecheck.Const:
		v := s.Value
		return &latentNode{eval: func(_ *ctx, _, _ value.Ref, req []varReq) (float64, []varReq) { return v, req }}, nil
	case *typecheck.Builtin:
		if s.Sim != stdlib.Delta {
			return nil, k.errorAt(s.Src, "%s cannot compare values with latent variables (%s); only delta can", s.Sim.Name, s.T)
		}
		if why := varShapeProblem(s.T); why != "" {
			return nil, k.errorAt(s.Src, "delta on %s: %s", s.T, why)
		}
		return &latentNode{
			eval: func(c *ctx, u, v value.Ref, req []varReq) (float64, []varReq) {
				mark := len(req)
				ok, req := equalModVars(c.a, u, v, req)
				if !ok {
					return 0, req[:mark]
				}
				return 1, req
			},
			keys: newKeys(func(c *ctx, u value.Ref, out []uint64) []uint64 {
				return append(out, erasedHash(c.a, u))
			}),
		}, nil
	case *typecheck.Project:
		if s.View.Call != nil {
			return nil, k.errorAt(s.Src, "views on values with latent variables are not supported; use field paths")
		}
		view := k.view(s.View)
		inner, err := k.latentElem(s.X, mode)
		if err != nil {
			return nil, err
		}
		n := &latentNode{eval: func(c *ctx, u, v value.Ref, req []varReq) (float64, []varReq) {
			return inner.eval(c, view(c, u), view(c, v), req)
		}}
		if inner.keys != nil {
			n.keys = newKeys(func(c *ctx, u value.Ref, out []uint64) []uint64 { return inner.keys.fn(c, view(c, u), out) })
		}
		return n, nil
	case *typecheck.Arith:
		if s.Op != ast.OpMul {
			break
		}
		x, err := k.latentElem(s.X, mode)
		if err != nil {
			return nil, err
		}
		y, err := k.latentElem(s.Y, mode)
		if err != nil {
			return nil, err
		}
		n := &latentNode{
			eval: func(c *ctx, u, v value.Ref, req []varReq) (float64, []varReq) {
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
	return nil, k.errorAt(s.Node(), "with latent variables the element similarity must be built from delta, field paths, products and constants")
}

// varShapeProblem says why δ cannot compare values of t modulo a variable
// bijection: variables must sit at fixed places (record fields and
// unions), not inside collections, whose equality would itself be a
// matching.
func varShapeProblem(t types.Type) string {
	switch t := t.(type) {
	case *types.Collection:
		if types.ContainsVar(t.Elem) {
			return "variables inside a collection cannot be compared by delta; match the collection instead"
		}
	case *types.Record:
		for _, f := range t.Fields {
			if why := varShapeProblem(f.Type); why != "" {
				return why
			}
		}
	case *types.Union:
		for _, a := range t.Alts {
			if why := varShapeProblem(a); why != "" {
				return why
			}
		}
	}
	return ""
}

// equalModVars compares u (prediction) and v (gold) structurally; where
// both hold a variable, it appends the pairing to req instead.
func equalModVars(a *value.Arena, u, v value.Ref, req []varReq) (bool, []varReq) {
	ku, kv := a.Kind(u), a.Kind(v)
	if ku == value.Var || kv == value.Var {
		if ku != kv {
			return false, req
		}
		return true, append(req, varReq{a.ID(u), a.ID(v)})
	}
	if ku != kv {
		return false, req
	}
	if ku != value.Record {
		return a.ID(u) == a.ID(v), req // no variables below: identity is equality
	}
	if a.Num(u) != a.Num(v) { // record tags: different record types
		return false, req
	}
	us, vs := a.Kids(u), a.Kids(v)
	for i := range us {
		var ok bool
		if ok, req = equalModVars(a, us[i], vs[i], req); !ok {
			return false, req
		}
	}
	return true, req
}

var erasedSeed = maphash.MakeSeed()

// erasedHash hashes a value with every variable replaced by one wildcard:
// values equal modulo a bijection have equal hashes.
func erasedHash(a *value.Arena, u value.Ref) uint64 {
	switch a.Kind(u) {
	case value.Var:
		return mapKeyBit | 0x5ca1ab1e
	case value.Record:
		var h maphash.Hash
		h.SetSeed(erasedSeed)
		var buf [8]byte
		put := func(x uint64) {
			for i := range buf {
				buf[i] = byte(x >> (8 * i))
			}
			h.Write(buf[:])
		}
		put(uint64(a.Num(u)))
		for _, kid := range a.Kids(u) {
			put(erasedHash(a, kid))
		}
		return h.Sum64() | mapKeyBit
	}
	return uint64(a.ID(u))
}

// solve computes Σ(X,Y) jointly with the variable bijection.
func (l *latent) solve(c *ctx, m *matcher, X, Y value.Ref) (float64, SearchStats) {
	xs, ys := c.a.Kids(X), c.a.Kids(Y)
	stats := SearchStats{Pairs: 1, Proven: 1}
	if len(xs) == 0 || len(ys) == 0 {
		return 0, stats
	}
	f := c.push()
	defer c.pop()
	if l.elem.keys != nil {
		f.candidates(c, l.elem.keys, xs, ys)
	} else {
		f.allPairs(len(xs), len(ys))
	}
	varX, varY := c.varIndex(0), c.varIndex(1)
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
			c.varPairs = append(c.varPairs, solver.VarPair{X: index(varX, q.x), Y: index(varY, q.y)})
		}
		p.Pairs = append(p.Pairs, solver.LatentPair{Row: pr.Row, Col: pr.Col, W: w, Vars: c.varPairs[start:len(c.varPairs):len(c.varPairs)]})
	}
	c.reqBuf = reqs
	p.Rows, p.Cols = len(xs), len(ys)
	p.VarsX, p.VarsY = len(varX), len(varY)
	p.Constraint = solverConstraint(m.constraint)
	res := c.latentSolver.Solve(p, c.limits)
	c.varPairs = c.varPairs[:0]
	stats.Nodes = res.Nodes
	if !res.Proven {
		stats.Proven = 0
		stats.MaxGap = res.Bound - res.Total
	}
	return res.Total, stats
}

func index(m map[value.ID]int32, id value.ID) int32 {
	i, ok := m[id]
	if !ok {
		i = int32(len(m))
		m[id] = i
	}
	return i
}

// varIndex returns a cleared map numbering the variables of one side.
func (c *ctx) varIndex(side int) map[value.ID]int32 {
	if c.varIDs[side] == nil {
		c.varIDs[side] = map[value.ID]int32{}
	}
	clear(c.varIDs[side])
	return c.varIDs[side]
}

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
