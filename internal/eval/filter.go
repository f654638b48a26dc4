package eval

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// filter compiles `[v where cond]`: the elements of inner's collection
// that satisfy cond, built once per input node.
func (k *compiler) filter(v *typecheck.View, inner viewFn) viewFn {
	test := k.cond(v.Filter)
	kind := value.CollectionKind(v.Out.(*types.Collection).Kind)
	key := viewKey{ast.ViewString(v.Src), v.In}
	slot, ok := k.viewSlots[key]
	if !ok {
		slot = k.newMemo()
		k.viewSlots[key] = slot
	}
	return func(c *ctx, r value.Ref) value.Ref {
		mk := memoKey{slot: int32(slot), x: c.a.ID(r), y: -1}
		if res, ok := c.viewMemo[mk]; ok {
			return res
		}
		coll := inner(c, r)
		kids := c.a.Kids(coll)
		kept := make([]value.Ref, 0, len(kids))
		from := len(c.subPos)
		for i, e := range kids {
			if test(c, e) {
				kept = append(kept, e)
				c.subPos = append(c.subPos, int32(i))
			}
		}
		var res value.Ref
		if kind == value.Set {
			// A subset of distinct elements is distinct.
			res = c.a.CompositeDistinct(kind, 0, kept)
		} else {
			res = c.a.Composite(kind, 0, kept)
		}
		c.viewMemo[mk] = res
		c.subs[res] = subColl{parent: coll, from: from, to: len(c.subPos)}
		return res
	}
}

type condFn func(c *ctx, elem value.Ref) bool

// scalarValue is what a condition compares: a string or a number (a
// boolean is 0 or 1).
type scalarValue struct {
	str   string
	num   float64
	isStr bool
	// isInt: num is an integer, exactly i (ints beyond 2^53 compare
	// exactly).
	isInt bool
	i     int64
}

// numberValue is a number from the spec, an integer when it is one.
func numberValue(v float64) scalarValue {
	if v == math.Trunc(v) && math.Abs(v) <= 1<<53 {
		return scalarValue{num: v, isInt: true, i: int64(v)}
	}
	return scalarValue{num: v}
}

func (k *compiler) cond(cond typecheck.Cond) condFn {
	switch cd := cond.(type) {
	case *typecheck.CondAnd:
		x, y := k.cond(cd.X), k.cond(cd.Y)
		return func(c *ctx, e value.Ref) bool { return x(c, e) && y(c, e) }
	case *typecheck.CondOr:
		x, y := k.cond(cd.X), k.cond(cd.Y)
		return func(c *ctx, e value.Ref) bool { return x(c, e) || y(c, e) }
	case *typecheck.CondNot:
		x := k.cond(cd.X)
		return func(c *ctx, e value.Ref) bool { return !x(c, e) }
	case *typecheck.CondTruth:
		x := operandFn(cd.X)
		return func(c *ctx, e value.Ref) bool { return x(c, e).num != 0 }
	case *typecheck.CondCompare:
		x, y := operandFn(cd.X), operandFn(cd.Y)
		op := cd.Op
		return func(c *ctx, e value.Ref) bool { return compareScalars(op, x(c, e), y(c, e)) }
	case *typecheck.CondIn:
		x := operandFn(cd.X)
		strs, nums, ints := map[string]bool{}, map[float64]bool{}, map[int64]bool{}
		for _, v := range cd.Set {
			switch {
			case v.Str != nil:
				strs[*v.Str] = true
			case numberValue(*v.Num).isInt:
				ints[int64(*v.Num)] = true
			default:
				nums[*v.Num] = true
			}
		}
		not := cd.Not
		return func(c *ctx, e value.Ref) bool {
			v := x(c, e)
			var in bool
			switch {
			case v.isStr:
				in = strs[v.str]
			case v.isInt:
				in = ints[v.i]
			default:
				in = nums[v.num]
			}
			return in != not
		}
	}
	panic(fmt.Sprintf("eval: unknown condition %T", cond))
}

// operandFn reads an operand of a condition from an element.
func operandFn(o *typecheck.Operand) func(c *ctx, e value.Ref) scalarValue {
	if o.Const != nil {
		var v scalarValue
		if o.Const.Str != nil {
			v = scalarValue{str: *o.Const.Str, isStr: true}
		} else {
			v = numberValue(*o.Const.Num)
		}
		return func(*ctx, value.Ref) scalarValue { return v }
	}
	path := o.Path
	return func(c *ctx, e value.Ref) scalarValue {
		for _, i := range path {
			e = c.a.Field(e, i)
		}
		switch c.a.Kind(e) {
		case value.String:
			return scalarValue{str: c.a.Str(e), isStr: true}
		case value.Int:
			return scalarValue{num: c.a.Num(e), isInt: true, i: c.a.IntValue(e)}
		}
		return scalarValue{num: c.a.Num(e)}
	}
}

func compareScalars(op ast.CompareOp, a, b scalarValue) bool {
	if a.isStr || b.isStr {
		eq := a.isStr == b.isStr && a.str == b.str
		if op == ast.OpNE {
			return !eq
		}
		return eq
	}
	if a.isInt && b.isInt {
		return Comparison(op)(float64(cmp.Compare(a.i, b.i)), 0)
	}
	return Comparison(op)(a.num, b.num)
}

// KeyCond compiles a condition on the key of a breakdown row (mean(m[_
// where cond])): _ is the key, of type t, as the row names it.
func KeyCond(cond typecheck.Cond, t types.Type) func(key string) bool {
	scalar := func(o *typecheck.Operand, key string) scalarValue {
		if o.Const != nil {
			if o.Const.Str != nil {
				return scalarValue{str: *o.Const.Str, isStr: true}
			}
			return numberValue(*o.Const.Num)
		}
		return keyScalar(key, t)
	}
	switch cd := cond.(type) {
	case *typecheck.CondAnd:
		x, y := KeyCond(cd.X, t), KeyCond(cd.Y, t)
		return func(k string) bool { return x(k) && y(k) }
	case *typecheck.CondOr:
		x, y := KeyCond(cd.X, t), KeyCond(cd.Y, t)
		return func(k string) bool { return x(k) || y(k) }
	case *typecheck.CondNot:
		x := KeyCond(cd.X, t)
		return func(k string) bool { return !x(k) }
	case *typecheck.CondTruth:
		return func(k string) bool { return scalar(cd.X, k).num != 0 }
	case *typecheck.CondCompare:
		return func(k string) bool { return compareScalars(cd.Op, scalar(cd.X, k), scalar(cd.Y, k)) }
	case *typecheck.CondIn:
		return func(k string) bool {
			v := scalar(cd.X, k)
			in := false
			for _, c := range cd.Set {
				if compareScalars(ast.OpEQ, v, scalar(&typecheck.Operand{Const: &c}, k)) {
					in = true
					break
				}
			}
			return in != cd.Not
		}
	}
	panic(fmt.Sprintf("eval: unknown condition %T", cond))
}

// keyScalar reads a breakdown key (as its row names it) as the value of
// its type: a number for numeric keys, 1 or 0 for booleans, else a string.
func keyScalar(key string, t types.Type) scalarValue {
	if b, ok := t.(*types.Basic); ok {
		switch b.Kind {
		case types.Int, types.Float:
			if v, err := strconv.ParseFloat(key, 64); err == nil {
				if i, err := strconv.ParseInt(key, 10, 64); err == nil {
					return scalarValue{num: v, isInt: true, i: i}
				}
				return numberValue(v)
			}
		case types.Bool:
			if key == "true" {
				return scalarValue{num: 1, isInt: true, i: 1}
			}
			return scalarValue{isInt: true}
		}
	}
	return scalarValue{str: key, isStr: true}
}
