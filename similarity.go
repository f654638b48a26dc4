package metricc

import (
	"fmt"
	"hash/maphash"
	"strings"

	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Similarity is a similarity written in Go, usable by name in the specs
// compiled with WithSimilarity, like a builtin such as delta.
type Similarity struct {
	// Name is how specs call it; it may not clash with a builtin.
	Name string
	// Accepts reports whether the similarity applies to values of a type,
	// given as a spec writes it ("string", "Mention", "set<int>"); nil
	// accepts every type. The checker reports other uses.
	Accepts func(typ string) bool
	// Eval computes φ(x, y) for a predicted value x and a gold value y of
	// the type it is used at. It may return any finite number, negative
	// ones included, as an expression such as delta - 0.5 may: a matching
	// pairs only items whose similarity is positive, and a metric whose
	// sums come out negative is an error naming the document (clamp with
	// max(0, ...)). NaN and infinities are errors.
	Eval func(x, y Value) float64
	// Keys, when set, promises that φ(x, y) > 0 only if x and y share a
	// key: matchings then compare only such pairs instead of all of them.
	Keys func(x Value) []string
}

// WithSimilarity adds a similarity to the spec being compiled.
func WithSimilarity(sim Similarity) Option {
	return func(c *config) error {
		if sim.Eval == nil {
			return fmt.Errorf("similarity %q has no Eval", sim.Name)
		}
		c.sims = append(c.sims, toStdlib(sim))
		return nil
	}
}

var keySeed = maphash.MakeSeed()

func toStdlib(sim Similarity) *stdlib.Similarity {
	s := &stdlib.Similarity{
		Name: sim.Name,
		Doc:  "a similarity added by the program that compiled the spec",
		Check: func(t types.Type) string {
			if sim.Accepts == nil || sim.Accepts(t.String()) {
				return ""
			}
			return fmt.Sprintf("%s does not apply to %s", sim.Name, t)
		},
		Bind: func(t types.Type) stdlib.SimFunc {
			return func(a *value.Arena, x, y value.Ref) float64 {
				return sim.Eval(Value{a, x, t}, Value{a, y, t})
			}
		},
		// Nothing is assumed of a Go function's sign: no candidate pair is
		// skipped on its account unless it declares keys.
		Sign: stdlib.Signed,
	}
	if sim.Keys != nil {
		s.BindKeys = func(t types.Type) stdlib.KeyFunc {
			return func(a *value.Arena, x value.Ref, out []uint64) []uint64 {
				for _, k := range sim.Keys(Value{a, x, t}) {
					out = append(out, maphash.String(keySeed, k)|stdlib.KeyHashBit)
				}
				return out
			}
		}
	}
	return s
}

// Value is a read-only view of a decoded value, for similarities written in
// Go. It is valid during the call it is passed to.
type Value struct {
	a *value.Arena
	r value.Ref
	t types.Type
}

// Type is the value's type as a spec writes it.
func (v Value) Type() string { return v.t.String() }

// IsNumber, IsString, IsBool and IsCollection tell the value's shape.
func (v Value) IsNumber() bool { k := v.a.Kind(v.r); return k == value.Int || k == value.Float }
func (v Value) IsString() bool { return v.a.Kind(v.r) == value.String }
func (v Value) IsBool() bool   { return v.a.Kind(v.r) == value.Bool }
func (v Value) IsCollection() bool {
	k := v.a.Kind(v.r)
	return k == value.Set || k == value.Bag || k == value.Seq
}

// Float is a number's value; Int the same, truncated.
func (v Value) Float() float64 { return v.a.Num(v.r) }
func (v Value) Int() int64     { return int64(v.a.Num(v.r)) }

// String is a string's (or a variable's name's) text.
func (v Value) String() string { return v.a.Str(v.r) }

// Bool is a boolean's value.
func (v Value) Bool() bool { return v.a.Num(v.r) != 0 }

// Len is the number of elements of a collection (fields of a record).
func (v Value) Len() int { return v.a.Count(v.r) }

// Index is the i-th element of a collection, in the order it was read
// (a set without its repeats).
func (v Value) Index(i int) Value {
	var elem types.Type
	if c, ok := v.t.(*types.Collection); ok {
		elem = c.Elem
	}
	return Value{v.a, v.a.Kids(v.r)[i], elem}
}

// Field is the named field of a record, and false when the record has no
// such field (or its type is unknown).
func (v Value) Field(name string) (Value, bool) {
	rec, ok := v.t.(*types.Record)
	if !ok || v.a.Kind(v.r) != value.Record {
		return Value{}, false
	}
	i := rec.FieldIndex(name)
	if i < 0 {
		return Value{}, false
	}
	return Value{v.a, v.a.Field(v.r, i), rec.Fields[i].Type}, true
}

// Equal reports whether two values are equal (delta).
func (v Value) Equal(w Value) bool { return v.a == w.a && v.a.ID(v.r) == w.a.ID(w.r) }

// Strings is the text of each element of a collection of strings.
func (v Value) Strings() []string {
	out := make([]string, v.Len())
	for i := range out {
		out[i] = strings.Clone(v.a.Str(v.a.Kids(v.r)[i]))
	}
	return out
}
