package metricc

import (
	"encoding"
	"encoding/json"
	"reflect"
)

// emptyNils returns v with every nil slice and map in it made empty, and
// whether it changed anything: encoding/json writes a nil slice or map as
// null, where a spec's collection expects an array, but a nil slice is
// Go's empty slice (Values). Only what holds a nil one is copied; values
// that marshal themselves (json.Marshaler, encoding.TextMarshaler) and
// []byte (base64) are left alone, and so is a struct that embeds an
// unexported type, whose promoted fields cannot be set.
func emptyNils(v reflect.Value) (reflect.Value, bool) {
	if !v.IsValid() || marshalsItself(v.Type()) {
		return v, false
	}
	switch v.Kind() {
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v, false
		}
		if v.IsNil() {
			return reflect.MakeSlice(v.Type(), 0, 0), true
		}
		return emptyElems(v, func() reflect.Value {
			out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			reflect.Copy(out, v)
			return out
		})
	case reflect.Array:
		return emptyElems(v, func() reflect.Value {
			out := reflect.New(v.Type()).Elem()
			out.Set(v)
			return out
		})
	case reflect.Map:
		if v.IsNil() {
			return reflect.MakeMap(v.Type()), true
		}
		var out reflect.Value
		iter := v.MapRange()
		for iter.Next() {
			ne, changed := emptyNils(iter.Value())
			if !changed {
				continue
			}
			if !out.IsValid() {
				out = reflect.MakeMapWithSize(v.Type(), v.Len())
				for _, k := range v.MapKeys() {
					out.SetMapIndex(k, v.MapIndex(k))
				}
			}
			out.SetMapIndex(iter.Key(), ne)
		}
		if out.IsValid() {
			return out, true
		}
		return v, false
	case reflect.Pointer:
		if v.IsNil() {
			return v, false
		}
		ne, changed := emptyNils(v.Elem())
		if !changed {
			return v, false
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(ne)
		return p, true
	case reflect.Interface:
		if v.IsNil() {
			return v, false
		}
		ne, changed := emptyNils(v.Elem())
		if !changed {
			return v, false
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(ne)
		return out, true
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if f := t.Field(i); f.Anonymous && !f.IsExported() {
				return v, false
			}
		}
		var out reflect.Value
		for i := range t.NumField() {
			if !t.Field(i).IsExported() {
				continue // encoding/json does not write it
			}
			ne, changed := emptyNils(v.Field(i))
			if !changed {
				continue
			}
			if !out.IsValid() {
				out = reflect.New(t).Elem()
				out.Set(v)
			}
			out.Field(i).Set(ne)
		}
		if out.IsValid() {
			return out, true
		}
	}
	return v, false
}

// emptyElems is emptyNils of the elements of a slice or an array v; clone
// copies v the first time an element changes.
func emptyElems(v reflect.Value, clone func() reflect.Value) (reflect.Value, bool) {
	var out reflect.Value
	for i := range v.Len() {
		ne, changed := emptyNils(v.Index(i))
		if !changed {
			continue
		}
		if !out.IsValid() {
			out = clone()
		}
		out.Index(i).Set(ne)
	}
	if out.IsValid() {
		return out, true
	}
	return v, false
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// marshalsItself reports whether encoding/json lets values of type t
// marshal themselves.
func marshalsItself(t reflect.Type) bool {
	for _, m := range []reflect.Type{jsonMarshaler, textMarshaler} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			return true
		}
	}
	return false
}
