package typecheck

import (
	"fmt"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// Filters: `[v where cond]` keeps the elements of the collection v that
// satisfy cond, a condition on the element's fields compared with each
// other, with strings, numbers and sets, or with consts and params.

// filterView checks `x where cond` applied to values of type t.
func (c *checker) filterView(v *ast.FilterView, t types.Type) *View {
	inner := c.view(v.X, t)
	if inner == nil {
		return nil
	}
	coll, ok := inner.Out.(*types.Collection)
	if !ok {
		if !types.IsInvalid(inner.Out) {
			c.errorf(v.X, "where filters the elements of a collection; %s is %s", ast.ViewString(v.X), inner.Out)
		}
		return nil
	}
	cond := c.cond(v.Cond, coll.Elem)
	if cond == nil {
		return nil
	}
	return &View{Src: v, In: t, Inner: inner, Filter: cond, Out: inner.Out}
}

func (c *checker) cond(e ast.Cond, elem types.Type) Cond {
	switch e := e.(type) {
	case *ast.CondParen:
		return c.cond(e.X, elem)
	case *ast.CondNot:
		x := c.cond(e.X, elem)
		if x == nil {
			return nil
		}
		return &CondNot{X: x}
	case *ast.CondBinary:
		x, y := c.cond(e.X, elem), c.cond(e.Y, elem)
		if x == nil || y == nil {
			return nil
		}
		if e.Op == ast.CondOr {
			return &CondOr{X: x, Y: y}
		}
		return &CondAnd{X: x, Y: y}
	case *ast.Compare:
		x, y := c.operand(e.X, elem), c.operand(e.Y, elem)
		if x == nil || y == nil {
			return nil
		}
		if !c.comparable(e, x, y, e.X, e.Y) {
			return nil
		}
		return &CondCompare{Op: e.Op, X: x, Y: y}
	case *ast.CondTruth:
		x := c.operand(e.X, elem)
		if x == nil {
			return nil
		}
		if c.operandKind(x) != "a boolean" {
			c.errorf(e, "%s alone is a condition only when it is a boolean field; compare it, as in %s == \"x\"", ast.OperandString(e.X), ast.OperandString(e.X))
			return nil
		}
		return &CondTruth{X: x}
	case *ast.InSet:
		x := c.operand(e.X, elem)
		set := c.operand(e.Set, elem)
		if x == nil || set == nil {
			return nil
		}
		if set.Const == nil || !set.Const.IsSet {
			c.errorf(e.Set, "in needs a set, as in {\"a\", \"b\"} or a const set; %s is not one", ast.OperandString(e.Set))
			return nil
		}
		for _, v := range set.Const.Set {
			if !c.comparable(e, x, &Operand{Const: &v}, e.X, e.Set) {
				return nil
			}
		}
		return &CondIn{X: x, Set: set.Const.Set, Not: e.Not}
	}
	panic(fmt.Sprintf("typecheck: unknown condition %T", e))
}

// operand resolves one side of a comparison: a field path of the element
// (`_` the element itself), a literal, or a const or param.
func (c *checker) operand(o ast.Operand, elem types.Type) *Operand {
	if v, ok := constOf(o); ok {
		return &Operand{Const: &v}
	}
	path := o.(*ast.PathView)
	first := path.Fields[0]
	if first.Name == "_" && len(path.Fields) == 1 {
		return &Operand{Type: elem}
	}
	if rec, ok := elem.(*types.Record); ok && rec.FieldIndex(first.Name) >= 0 {
		if e := c.names[first.Name]; e != nil && (e.kind == constName || e.kind == paramName) && len(path.Fields) == 1 {
			c.errorf(first, "%q is both a field of %s and a %s; rename the %s", first.Name, rec.Name, kindName(e.kind), kindName(e.kind))
			return nil
		}
		v := c.view(path, elem)
		if v == nil {
			return nil
		}
		return &Operand{Path: v.Fields, Type: v.Out}
	}
	if len(path.Fields) == 1 {
		if p, ok := c.param(first); ok {
			val := p.Value
			return &Operand{Const: &ConstValue{Num: &val}}
		}
		if e := c.names[first.Name]; e != nil && e.kind == constName {
			v := e.konst.Value
			return &Operand{Const: &v}
		}
	}
	what := "of the element"
	var names []string
	if rec, ok := elem.(*types.Record); ok {
		what = "of " + rec.Name
		for _, f := range rec.Fields {
			names = append(names, f.Name)
		}
	}
	for _, e := range c.nameOrder {
		if e.kind == constName || e.kind == paramName {
			names = append(names, e.ident.Name)
		}
	}
	err := c.errorf(first, "%q is not a field %s, a const or a param (write _ for the element itself)", first.Name, what)
	err.Hint = suggest(first.Name, names)
	return nil
}

func kindName(k nameKind) string {
	switch k {
	case constName:
		return "const"
	case paramName:
		return "param"
	case letName:
		return "let"
	}
	return "metric"
}

// comparable checks the types of a comparison: strings with strings (and
// concepts, which must then be in their ontology), numbers with numbers,
// booleans with booleans; order only on numbers.
func (c *checker) comparable(at ast.Node, x, y *Operand, xs, ys ast.Operand) bool {
	kx, ky := c.operandKind(x), c.operandKind(y)
	if kx == "" || ky == "" {
		where := xs
		if kx != "" {
			where = ys
		}
		t := x.Type
		if kx != "" {
			t = y.Type
		}
		c.errorf(where, "a condition compares strings, numbers and booleans; %s is %s", ast.OperandString(where), t)
		return false
	}
	if kx != ky {
		c.errorf(at, "%s compares %s with %s", nodeString(at), kx, ky)
		return false
	}
	if cmp, ok := at.(*ast.Compare); ok && kx != "a number" && cmp.Op != ast.OpEQ && cmp.Op != ast.OpNE {
		c.errorf(at, "%s orders %ss; only numbers are ordered", cmp.Op, kx[2:])
		return false
	}
	// A concept written in the spec must be one of its ontology's.
	for _, pair := range [][2]*Operand{{x, y}, {y, x}} {
		o, ok := pair[0].Type.(*types.Ontology)
		if !ok || pair[1].Const == nil || pair[1].Const.Str == nil {
			continue
		}
		if _, in := o.Index(*pair[1].Const.Str); !in {
			where := ys
			if pair[1] == x {
				where = xs
			}
			c.errorf(where, "%q is not a concept of ontology %s", *pair[1].Const.Str, o.Name)
			return false
		}
	}
	return true
}

// operandKind names the kind of value an operand is, "" if none a
// condition can compare.
func (c *checker) operandKind(o *Operand) string {
	if o.Const != nil {
		if o.Const.Str != nil {
			return "a string"
		}
		return "a number"
	}
	switch t := o.Type.(type) {
	case *types.Ontology:
		return "a string"
	case *types.Basic:
		switch t.Kind {
		case types.String:
			return "a string"
		case types.Int, types.Float:
			return "a number"
		case types.Bool:
			return "a boolean"
		}
	}
	return ""
}

func nodeString(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Compare:
		return ast.CondString(n)
	case *ast.InSet:
		return ast.CondString(n)
	}
	return ""
}

// orderView checks `x ordered by rel(src, tgt)`: x a collection of records
// with an id field, rel a collection of records beside it (read from the
// same value) whose src and tgt fields hold ids of the same type.
func (c *checker) orderView(v *ast.OrderView, t types.Type) *View {
	inner := c.view(v.X, t)
	if inner == nil {
		return nil
	}
	coll, ok := inner.Out.(*types.Collection)
	if !ok {
		c.errorf(v.X, "ordered by orders the elements of a collection; %s is %s", ast.ViewString(v.X), inner.Out)
		return nil
	}
	node, ok := coll.Elem.(*types.Record)
	if !ok || node.FieldIndex("id") < 0 {
		c.errorf(v.X, "ordered by relates elements by their id field; %s has none", coll.Elem)
		return nil
	}
	id := node.FieldIndex("id")
	rel := c.view(v.Rel, t)
	if rel == nil {
		return nil
	}
	relColl, ok := rel.Out.(*types.Collection)
	var edge *types.Record
	if ok {
		edge, ok = relColl.Elem.(*types.Record)
	}
	if !ok {
		c.errorf(v.Rel, "ordered by takes a collection of records (the edges); %s is %s", ast.ViewString(v.Rel), rel.Out)
		return nil
	}
	order := &Order{Rel: rel, ID: id}
	for _, end := range []struct {
		name *ast.Ident
		at   *int
	}{{v.Src, &order.Src}, {v.Tgt, &order.Tgt}} {
		i := edge.FieldIndex(end.name.Name)
		if i < 0 {
			err := c.errorf(end.name, "type %s has no field %q", edge.Name, end.name.Name)
			names := make([]string, len(edge.Fields))
			for k, f := range edge.Fields {
				names[k] = f.Name
			}
			err.Hint = suggest(end.name.Name, names)
			return nil
		}
		if edge.Fields[i].Type != node.Fields[id].Type {
			c.errorf(end.name, "%s.%s is %s but %s.id is %s: edges name elements by their ids", edge.Name, end.name.Name, edge.Fields[i].Type, node.Name, node.Fields[id].Type)
			return nil
		}
		*end.at = i
	}
	return &View{Src: v, In: t, Inner: inner, Order: order, Out: inner.Out}
}
