package typecheck

import (
	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// Latent variables (docs/language.md, Latent variables). A matching whose
// elements hold `var` fields is solved jointly with one bijection between
// the variables of the two documents, which is what δ on variables consults.
// The rules below are what the latent solver can take; the checker enforces
// them so that a spec that checks also plans and runs:
//
//   - such a matching is the whole body of its metric (one bijection per
//     document pair), without `align`;
//   - its element similarity is built from δ (or another similarity that
//     declares how to compare variables), field paths, products and
//     constants; sub-expressions at types without variables are free;
//   - δ compares variables only at fixed places (record fields, unions),
//     not inside collections, whose equality would itself be a matching;
//   - δ on variables anywhere else has no bijection to consult.

// checkLatent applies the rules to the body of metric m and marks its
// latent matching.
func (c *checker) checkLatent(m *Metric) {
	root := unwrapLets(m.Body)
	c.latentSeen = map[latentVisit]bool{}
	c.latentWalk(m.Body, root)
	c.latentSeen = nil
}

// latentVisit is a node checked by latentWalk, or by latentElem (elem).
type latentVisit struct {
	s    Sim
	elem bool
}

// latentWalk looks for matchings over values with variables and for δ on
// variables outside them.
func (c *checker) latentWalk(s Sim, root Sim) {
	if s == nil || c.latentSeen[latentVisit{s, false}] {
		return // a let's body is checked once, not at every use
	}
	c.latentSeen[latentVisit{s, false}] = true
	switch s := s.(type) {
	case *Match:
		if !types.ContainsVar(s.Coll.Elem) {
			break
		}
		s.Latent = true
		if s != root {
			c.errorf(s.Src, "a matching of values with latent variables (%s) must be the whole body of a metric: the variables of two documents are paired once, for the document pair", s.Coll.Elem)
		}
		if s.Align != nil {
			c.errorf(s.Align.Node(), "align cannot choose a matching of values with latent variables (%s): the matching is solved jointly with the variable bijection", s.Coll.Elem)
		}
		c.latentElem(s.Elem, root)
		return
	case *LetRef:
		if m, ok := unwrapLets(s).(*Match); ok && m != root && types.ContainsVar(m.Coll.Elem) {
			// Said at the use: the let itself is a fine metric body.
			c.errorf(s.Src, "let %q is a matching of values with latent variables (%s), which must be the whole body of a metric: the variables of two documents are paired once, for the document pair", s.Let.Name.Name, m.Coll.Elem)
			return
		}
	case *Builtin:
		if types.ContainsVar(s.T) {
			c.errorf(s.Src, "%s on %s compares latent variables, which are paired only by a matching of values with variables that is the whole body of a metric", s.Sim.Name, s.T)
		}
		return
	}
	eachChild(s, func(k Sim) { c.latentWalk(k, root) })
}

// latentElem checks the element similarity of a latent matching: at a
// type with variables, only the forms the solver decomposes.
func (c *checker) latentElem(s Sim, root Sim) {
	if s == nil || c.latentSeen[latentVisit{s, true}] {
		return
	}
	c.latentSeen[latentVisit{s, true}] = true
	if !types.ContainsVar(s.At()) {
		c.latentWalk(s, root)
		return
	}
	switch s := s.(type) {
	case *LetRef:
		c.latentElem(s.Body, root)
	case *Const:
	case *Builtin:
		if s.Sim.Latent == nil {
			c.errorf(s.Src, "%s cannot compare values with latent variables (%s); delta can", s.Sim.Name, s.T)
			return
		}
		if why := varShapeProblem(s.T); why != "" {
			c.errorf(s.Src, "%s on %s: %s", s.Sim.Name, s.T, why)
		}
	case *Project:
		if s.View.Call != nil {
			c.errorf(s.View.Src, "the view %s cannot be applied to values with latent variables (%s); use field paths", ast.ViewString(s.View.Src), s.View.In)
			return
		}
		c.latentElem(s.X, root)
	case *Arith:
		if s.Op != ast.OpMul {
			c.errorf(s.Src, "with latent variables the element similarity must be built from delta, field paths, products and constants; %s is not a product", ast.ExprString(s.Src))
			return
		}
		c.latentElem(s.X, root)
		c.latentElem(s.Y, root)
	default:
		c.errorf(s.Node(), "with latent variables the element similarity must be built from delta, field paths, products and constants")
	}
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

// unwrapLets returns the similarity a chain of lets stands for.
func unwrapLets(s Sim) Sim {
	for {
		l, ok := s.(*LetRef)
		if !ok {
			return s
		}
		s = l.Body
	}
}
