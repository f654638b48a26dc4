package typecheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// sim checks e as a similarity at type t: φ_e : t × t → ℝ. It returns nil
// after reporting an error (or silently, when the error was reported by an
// earlier phase or lies in an invalid operand).
func (c *checker) sim(e ast.Expr, t types.Type) Sim {
	if types.IsInvalid(t) {
		return nil
	}
	switch e := e.(type) {
	case *ast.NumberLit:
		return &Const{Src: e, T: t, Value: e.Value}
	case *ast.Paren:
		return c.sim(e.X, t)
	case *ast.Ident:
		return c.ident(e, t)
	case *ast.StringLit:
		c.errorf(e, "a string is not a similarity")
		return nil
	case *ast.Selector:
		return nil // reported by resolveNames: metric values only in corpus metrics
	case *ast.Unary:
		x := c.sim(e.X, t)
		if x == nil {
			return nil
		}
		return &Neg{Src: e, T: t, X: x}
	case *ast.Binary:
		x, y := c.sim(e.X, t), c.sim(e.Y, t)
		if x == nil || y == nil {
			return nil
		}
		return &Arith{Src: e, T: t, Op: e.Op, X: x, Y: y}
	case *ast.Iverson:
		x, y := c.sim(e.X, t), c.sim(e.Y, t)
		if x == nil || y == nil {
			return nil
		}
		return &Iverson{Src: e, T: t, Op: e.Op, X: x, Y: y}
	case *ast.Call:
		if sim := c.env.Similarity(e.Fun.Name); sim != nil {
			return c.builtinCall(e, sim, t)
		}
		fun := c.env.Function(e.Fun.Name)
		if fun == nil || !c.arityOK(e, fun) {
			return nil
		}
		if fun.Split {
			c.errorf(e, "prf(a, b) builds a metric row from two similarities; it is the whole body of a metric, as in metric m = prf(a, b)")
			return nil
		}
		if fun.Rows {
			c.errorf(e, "mean(m) averages the rows of a metric's breakdown; it is a corpus metric, as in metric macro = mean(ner)")
			return nil
		}
		if fun.SideOfN {
			x := c.sim(e.Args[0], t)
			if x == nil {
				return nil
			}
			return &SelfScore{Src: e, T: t, X: x}
		}
		call := &Call{Src: e, T: t, Fun: fun}
		ok := true
		for _, a := range e.Args {
			s := c.sim(a, t)
			ok = ok && s != nil
			call.Args = append(call.Args, s)
		}
		if !ok {
			return nil
		}
		return call
	case *ast.Project:
		v := c.view(e.View, t)
		if v == nil {
			return nil
		}
		x := c.sim(e.X, v.Out)
		if x == nil {
			return nil
		}
		return &Project{Src: e, T: t, View: v, X: x}
	case *ast.Matching:
		return c.matching(e, t)
	}
	panic(fmt.Sprintf("typecheck: unknown expression %T", e))
}

func (c *checker) ident(e *ast.Ident, t types.Type) Sim {
	if b := c.env.Similarity(e.Name); b != nil {
		if len(b.Params) > 0 {
			c.errorf(e, "%s takes arguments: %s(%s)", e.Name, e.Name, argList(b.Params))
			return nil
		}
		if why := b.Check(t); why != "" {
			c.errorf(e, "%s", why)
			return nil
		}
		return &Builtin{Src: e, T: t, Sim: b}
	}
	if p, ok := c.param(e); ok {
		return &Const{Src: e, T: t, Value: p.Value, Param: p}
	}
	if entry := c.names[e.Name]; entry != nil && entry.kind == constName {
		v := entry.konst.Value
		if v.Num == nil {
			c.errorf(e, "const %q is %s; a similarity is a number", e.Name, v.kind())
			return nil
		}
		return &Const{Src: e, T: t, Value: *v.Num}
	}
	entry := c.names[e.Name]
	if entry == nil || entry.kind != letName || entry.let == nil {
		return nil // reported by resolveNames
	}
	key := instKey{entry.let, t}
	inst := c.instances[key]
	if inst == nil {
		inst = &instance{busy: true}
		c.instances[key] = inst
		c.letStack = append(c.letStack, &letUse{let: entry.let, at: t, use: e})
		inst.body = c.sim(entry.let.Value, t)
		c.letStack = c.letStack[:len(c.letStack)-1]
		inst.busy = false
	} else if inst.busy {
		return nil // a cycle; reported by findLetCycles
	}
	if inst.body == nil {
		return nil
	}
	return &LetRef{Src: e, T: t, Let: entry.let, Body: inst.body}
}

// builtinCall checks a similarity called with arguments: its ontology and
// numbers (ancestor(O, 0.5)).
func (c *checker) builtinCall(e *ast.Call, sim *stdlib.Similarity, t types.Type) Sim {
	if len(sim.Params) == 0 {
		c.errorf(e, "%s takes no arguments; write %s, or %s[field] to compare a field", sim.Name, sim.Name, sim.Name)
		return nil
	}
	if len(e.Args) != len(sim.Params) {
		c.errorf(e, "%s takes %s: %s(%s)", sim.Name, countOf(len(sim.Params), "argument"), sim.Name, argList(sim.Params))
		return nil
	}
	args := make([]stdlib.Arg, len(e.Args))
	for i, a := range e.Args {
		switch sim.Params[i] {
		case stdlib.ArgOntology:
			id, ok := a.(*ast.Ident)
			if !ok {
				c.errorf(a, "argument %d of %s is an ontology name", i+1, sim.Name)
				return nil
			}
			o := c.ontology(id.Name)
			if o == nil {
				if c.ontologies[id.Name] != nil {
					return nil // its own error is reported
				}
				err := c.errorf(id, "unknown ontology %q", id.Name)
				err.Hint = suggest(id.Name, c.ontologyNames())
				return nil
			}
			args[i].Ontology = o
		case stdlib.ArgNumber:
			v, ok := c.number(a)
			if !ok {
				c.errorf(a, "argument %d of %s is a number or a param", i+1, sim.Name)
				return nil
			}
			if v < 0 {
				c.errorf(a, "argument %d of %s is a similarity, so it cannot be negative", i+1, sim.Name)
				return nil
			}
			args[i].Number = v
		}
	}
	if why := sim.CheckArgs(t, args); why != "" {
		c.errorf(e, "%s", why)
		return nil
	}
	return &Builtin{Src: e, T: t, Sim: sim, Args: args}
}

// number reads a number literal or a param (or a numeric const).
func (c *checker) number(e ast.Expr) (float64, bool) {
	switch e := e.(type) {
	case *ast.NumberLit:
		return e.Value, true
	case *ast.Paren:
		return c.number(e.X)
	case *ast.Unary:
		v, ok := c.number(e.X)
		return -v, ok
	case *ast.Ident:
		if p, ok := c.param(e); ok {
			return p.Value, true
		}
		if entry := c.names[e.Name]; entry != nil && entry.kind == constName && entry.konst.Value.Num != nil {
			return *entry.konst.Value.Num, true
		}
	}
	return 0, false
}

func (c *checker) ontologyNames() []string {
	var names []string
	for name := range c.ontologies {
		names = append(names, name)
	}
	return names
}

func argList(ps []stdlib.ArgKind) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = map[stdlib.ArgKind]string{stdlib.ArgOntology: "ontology", stdlib.ArgNumber: "number"}[p]
	}
	return strings.Join(s, ", ")
}

func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func (c *checker) matching(e *ast.Matching, t types.Type) Sim {
	m := &Match{Src: e, T: t, Norm: e.Norm.Kind, Beta: 1, Constraint: e.Constraint}
	if e.Norm.Beta != nil {
		m.Beta = e.Norm.Beta.Value
	}
	if id := e.Norm.BetaName; id != nil {
		v, ok := c.number(id)
		switch {
		case !ok:
			err := c.errorf(id, "%s(%s): %q is not a param", e.Norm.Kind, id.Name, id.Name)
			err.Hint = suggest(id.Name, c.paramNames())
			return nil
		case v <= 0 && e.Norm.Kind == ast.NormF:
			c.errorf(id, "β of F(β) must be positive; param %s is %v", id.Name, v)
			return nil
		case v < 0:
			c.errorf(id, "β of U(β) must not be negative; param %s is %v", id.Name, v)
			return nil
		}
		m.Beta = v
	}
	coll := t
	if e.View != nil {
		if ov, ok := e.View.(*ast.OrderView); ok {
			m.View = c.orderView(ov, t)
			if m.View != nil && e.Constraint != ast.OneToOne {
				c.errorf(e, "a matching that keeps a declared partial order is one-to-one (<->); %s cannot keep it", e.Constraint)
				return nil
			}
		} else {
			m.View = c.view(e.View, t)
		}
		if m.View == nil {
			return nil
		}
		coll = m.View.Out
	}
	if types.IsInvalid(coll) {
		return nil // the type's error is reported where it is declared
	}
	ct, ok := coll.(*types.Collection)
	if !ok {
		if e.View != nil {
			c.errorf(e.View, "a matching needs a collection; [%s] is %s", ast.ViewString(e.View), coll)
		} else {
			c.errorf(e.Norm, "a matching needs a collection, but it compares %s; select one with [field], as in %s%s[items](...)", coll, e.Norm.Kind, e.Constraint)
		}
		return nil
	}
	m.Coll = ct
	m.Elem = c.sim(e.Sim, ct.Elem)
	if e.Align != nil {
		m.Align = c.sim(e.Align, ct.Elem)
		if m.Align == nil {
			return nil
		}
	}
	if e.Ignore != nil {
		if e.Align == nil {
			c.errorf(e.Ignore, "ignore leaves gold elements out of the sums with the predictions matched to them, which needs align = a (the self-sums are then sums over the elements), as in F<->[xs](e, align = e, ignore = %s)", ast.CondString(e.Ignore))
			return nil
		}
		if m.Ignore = c.cond(e.Ignore, ct.Elem); m.Ignore == nil {
			return nil
		}
	}
	if m.Elem == nil {
		return nil
	}
	return m
}

// view resolves v applied to values of type t.
func (c *checker) view(v ast.View, t types.Type) *View {
	switch v := v.(type) {
	case *ast.FilterView:
		return c.filterView(v, t)
	case *ast.OrderView:
		c.errorf(v, "ordered by declares the order a matching keeps; it belongs in the brackets of a matching, as in F<->[%s](...)", ast.ViewString(v))
		return nil
	case *ast.PathView:
		rv := &View{Src: v, In: t, Out: t}
		if v.Base == nil && len(v.Fields) == 1 && v.Fields[0].Name == "_" {
			if rec, ok := t.(*types.Record); !ok || rec.FieldIndex("_") < 0 {
				return rv // _ is the compared value itself, as in tokens(_)
			}
		}
		if v.Base != nil {
			base := c.view(v.Base, t)
			if base == nil {
				return nil
			}
			rv.Call, rv.Fields, rv.Out = base.Call, base.Fields, base.Out
		}
		for _, f := range v.Fields {
			if types.IsInvalid(rv.Out) {
				return nil // reported where the type is declared
			}
			rec, ok := rv.Out.(*types.Record)
			if !ok {
				c.errorf(f, "cannot select field %q of %s", f.Name, rv.Out)
				return nil
			}
			i := rec.FieldIndex(f.Name)
			if i < 0 {
				err := c.errorf(f, "type %s has no field %q", rec.Name, f.Name)
				names := make([]string, len(rec.Fields))
				for k, fl := range rec.Fields {
					names[k] = fl.Name
				}
				err.Hint = suggest(f.Name, names)
				return nil
			}
			rv.Fields = append(rv.Fields, i)
			rv.Out = rec.Fields[i].Type
		}
		return rv
	case *ast.NumberLit:
		n := v.Value
		return &View{Src: v, In: t, Out: types.FloatType, Number: &n}
	case *ast.StringLit:
		c.errorf(v, "a quoted key in brackets names a row of a metric's breakdown, as in ner[%s].f1; a view is a field path, as in delta[label]", strconv.Quote(v.Value))
		return nil
	case *ast.CallView:
		fun := c.env.View(v.Fun.Name)
		if fun == nil {
			return nil // reported by resolveNames
		}
		call := &ViewCall{Fun: fun}
		argTypes := make([]types.Type, len(v.Args))
		for i, a := range v.Args {
			av := c.view(a, t)
			if av == nil {
				return nil
			}
			call.Args = append(call.Args, av)
			argTypes[i] = av.Out
			if containsInvalid(av.Out) {
				return nil // a view cannot judge a type with an erroneous part; that part is reported already
			}
		}
		out, why := fun.Type(argTypes)
		if why != "" {
			c.errorf(v, "%s", why)
			return nil
		}
		out = c.types.Canon(out)
		call.Out = out
		return &View{Src: v, In: t, Call: call, Out: out}
	}
	panic(fmt.Sprintf("typecheck: unknown view %T", v))
}

// containsInvalid reports whether t has an invalid part anywhere, record
// fields included (types.IsInvalid stops at records).
func containsInvalid(t types.Type) bool {
	return hasInvalid(t, map[*types.Record]bool{})
}

func hasInvalid(t types.Type, seen map[*types.Record]bool) bool {
	switch t := t.(type) {
	case *types.Invalid:
		return true
	case *types.Collection:
		return hasInvalid(t.Elem, seen)
	case *types.Union:
		for _, a := range t.Alts {
			if hasInvalid(a, seen) {
				return true
			}
		}
	case *types.Record:
		if seen[t] {
			return false
		}
		seen[t] = true
		for _, f := range t.Fields {
			if hasInvalid(f.Type, seen) {
				return true
			}
		}
	}
	return false
}
