package eval

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/eval/value"
	"github.com/metricc/metricc/typecheck/types"
)

// decodeFn reads one JSON value of a known type into the arena.
type decodeFn func(d *decoder, v gjson.Result) (value.Ref, *pathError)

// decoder is the per-worker state of decoding: the arena, the side of the
// pair (for latent variables), and a stack of child buffers.
type decoder struct {
	a     *value.Arena
	side  int
	depth int
	bufs  [][]value.Ref
}

func (d *decoder) buf() []value.Ref {
	if d.depth == len(d.bufs) {
		d.bufs = append(d.bufs, nil)
	}
	return d.bufs[d.depth][:0]
}

func (d *decoder) keep(b []value.Ref) { d.bufs[d.depth] = b }

// pathError is a decoding error; the path is built on the way out, so the
// common case (no error) pays nothing for it.
type pathError struct {
	rev []string // path segments, innermost first
	msg string
}

func (e *pathError) at(seg string) *pathError {
	e.rev = append(e.rev, seg)
	return e
}

func (e *pathError) path() string {
	segs := make([]string, len(e.rev))
	for i, s := range e.rev {
		segs[len(segs)-1-i] = s
	}
	return strings.Join(segs, ".")
}

func mismatch(want string, v gjson.Result) *pathError {
	return &pathError{msg: fmt.Sprintf("expected %s, found %s", want, describe(v))}
}

func describe(v gjson.Result) string {
	k := kindName(v)
	switch v.Type {
	case gjson.String, gjson.Number:
		raw := v.Raw
		if len(raw) > 40 {
			raw = raw[:37] + "..."
		}
		return k + " " + raw
	}
	return k
}

// decoders compiles a decodeFn per type, sharing them between uses.
type decoders struct {
	tag   func(*types.Record) int
	cache map[types.Type]decodeFn
}

func (ds *decoders) get(t types.Type) decodeFn {
	if fn, ok := ds.cache[t]; ok {
		return fn
	}
	var fn decodeFn
	// Recursion cannot happen (the checker rejects recursive types), but a
	// record used twice must not be compiled twice.
	ds.cache[t] = func(d *decoder, v gjson.Result) (value.Ref, *pathError) { return fn(d, v) }
	fn = ds.build(t)
	ds.cache[t] = fn
	return fn
}

func (ds *decoders) build(t types.Type) decodeFn {
	switch t := t.(type) {
	case *types.Basic:
		return basicDecoder(t.Kind)
	case *types.Collection:
		return ds.collection(t)
	case *types.Record:
		return ds.record(t)
	case *types.Union:
		return ds.union(t)
	}
	panic(fmt.Sprintf("eval: cannot decode %s", t))
}

func basicDecoder(kind types.BasicKind) decodeFn {
	switch kind {
	case types.Int:
		return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
			if v.Type != gjson.Number {
				return 0, mismatch("an integer", v)
			}
			f := v.Num
			if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
				return 0, mismatch("an integer", v)
			}
			return d.a.Number(value.Int, f), nil
		}
	case types.Float:
		return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
			if v.Type != gjson.Number {
				return 0, mismatch("a number", v)
			}
			return d.a.Number(value.Float, v.Num), nil
		}
	case types.String:
		return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
			if v.Type != gjson.String {
				return 0, mismatch("a string", v)
			}
			return d.a.String(v.Str), nil
		}
	case types.Bool:
		return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
			if v.Type != gjson.True && v.Type != gjson.False {
				return 0, mismatch("a boolean", v)
			}
			return d.a.Bool(v.Type == gjson.True), nil
		}
	case types.Var:
		return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
			if v.Type != gjson.String {
				return 0, mismatch("a variable name (a string)", v)
			}
			return d.a.Var(d.side, v.Str), nil
		}
	}
	panic("eval: unknown basic kind")
}

func (ds *decoders) collection(t *types.Collection) decodeFn {
	elem := ds.get(t.Elem)
	kind := map[types.CollKind]value.Kind{types.Set: value.Set, types.Bag: value.Bag, types.Seq: value.Seq}[t.Kind]
	want := "an array (" + t.String() + ")"
	return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
		if !v.IsArray() {
			return 0, mismatch(want, v)
		}
		kids := d.buf()
		var perr *pathError
		i := 0
		d.depth++
		v.ForEach(func(_, ev gjson.Result) bool {
			r, err := elem(d, ev)
			if err != nil {
				perr = err.at(strconv.Itoa(i))
				return false
			}
			kids = append(kids, r)
			i++
			return true
		})
		d.depth--
		d.keep(kids)
		if perr != nil {
			return 0, perr
		}
		return d.a.Composite(kind, 0, kids), nil
	}
}

func (ds *decoders) record(t *types.Record) decodeFn {
	fields := make([]decodeFn, len(t.Fields))
	index := map[string]int{}
	bound := false
	for i, f := range t.Fields {
		fields[i] = ds.get(f.Type)
		index[f.Name] = i
		bound = bound || f.Bound
	}
	tag := ds.tag(t)
	want := "an object (" + t.Name + ")"
	// Records have few fields: comparing names beats hashing them.
	names := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		names[i] = f.Name
	}
	lookupField := func(key string) int {
		if len(names) > 8 {
			if i, ok := index[key]; ok {
				return i
			}
			return -1
		}
		for i, name := range names {
			if name == key {
				return i
			}
		}
		return -1
	}
	n := len(t.Fields)
	missing := func(i int) *pathError {
		return &pathError{msg: fmt.Sprintf("missing field %q of %s", t.Fields[i].Path, t.Name)}
	}
	if bound {
		// Explicit gjson paths: one lookup per field.
		return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
			if !v.IsObject() {
				return 0, mismatch(want, v)
			}
			kids := d.buf()
			d.depth++
			for i, f := range t.Fields {
				fv := v.Get(f.Path)
				if !fv.Exists() {
					d.depth--
					d.keep(kids)
					return 0, missing(i)
				}
				r, err := fields[i](d, fv)
				if err != nil {
					d.depth--
					d.keep(kids)
					return 0, err.at(f.Path)
				}
				kids = append(kids, r)
			}
			d.depth--
			d.keep(kids)
			return d.a.Composite(value.Record, tag, kids), nil
		}
	}
	// Plain field names: one pass over the object's keys.
	return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
		if !v.IsObject() {
			return 0, mismatch(want, v)
		}
		kids := d.buf()
		for range n {
			kids = append(kids, -1)
		}
		var perr *pathError
		d.depth++
		v.ForEach(func(k, fv gjson.Result) bool {
			i := lookupField(k.Str)
			if i < 0 || kids[i] >= 0 {
				return true // extra keys are ignored; a repeated key keeps its first value
			}
			r, err := fields[i](d, fv)
			if err != nil {
				perr = err.at(k.Str)
				return false
			}
			kids[i] = r
			return true
		})
		d.depth--
		d.keep(kids)
		if perr != nil {
			return 0, perr
		}
		for i, r := range kids {
			if r < 0 {
				return 0, missing(i)
			}
		}
		return d.a.Composite(value.Record, tag, kids), nil
	}
}

// union picks the alternative by JSON kind; the checker made sure at most
// one alternative fits each kind. A variable in a union is {"var": "x"}.
func (ds *decoders) union(t *types.Union) decodeFn {
	var num, str, boolean, obj, arr, variable decodeFn
	for _, alt := range t.Alts {
		fn := ds.get(alt)
		switch a := alt.(type) {
		case *types.Basic:
			switch a.Kind {
			case types.Int, types.Float:
				num = fn
			case types.String:
				str = fn
			case types.Bool:
				boolean = fn
			case types.Var:
				variable = fn
			}
		case *types.Record:
			obj = fn
		case *types.Collection:
			arr = fn
		}
	}
	want := "one of " + t.String()
	return func(d *decoder, v gjson.Result) (value.Ref, *pathError) {
		var fn decodeFn
		switch {
		case v.Type == gjson.Number:
			fn = num
		case v.Type == gjson.String:
			fn = str
		case v.Type == gjson.True || v.Type == gjson.False:
			fn = boolean
		case v.IsArray():
			fn = arr
		case v.IsObject():
			if name := v.Get("var"); variable != nil && name.Exists() {
				r, err := variable(d, name)
				if err != nil {
					return 0, err.at("var")
				}
				return r, nil
			}
			fn = obj
		}
		if fn == nil {
			return 0, mismatch(want, v)
		}
		return fn(d, v)
	}
}
