package typecheck

import (
	"fmt"

	"github.com/metricc/metricc/ast"
	"github.com/metricc/metricc/typecheck/types"
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
		fun := c.env.Function(e.Fun.Name)
		if fun == nil || !c.arityOK(e, fun) {
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
		if why := b.Check(t); why != "" {
			c.errorf(e, "%s", why)
			return nil
		}
		return &Builtin{Src: e, T: t, Sim: b}
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

func (c *checker) matching(e *ast.Matching, t types.Type) Sim {
	m := &Match{Src: e, T: t, Norm: e.Norm.Kind, Beta: 1, Constraint: e.Constraint}
	if e.Norm.Beta != nil {
		m.Beta = e.Norm.Beta.Value
	}
	coll := t
	if e.View != nil {
		m.View = c.view(e.View, t)
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
	if ct.Kind == types.Seq && e.Constraint != ast.OneToOne {
		c.errorf(e, "only one-to-one (<->) matchings keep the order of a seq; use set<...> or bag<...> for %s", e.Constraint)
		return nil
	}
	m.Elem = c.sim(e.Sim, ct.Elem)
	if e.Align != nil {
		m.Align = c.sim(e.Align, ct.Elem)
		if m.Align == nil {
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
	case *ast.PathView:
		rv := &View{Src: v, In: t, Out: t}
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
