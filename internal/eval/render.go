package eval

import (
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// render writes the value r of type t as compact JSON, in the shape the
// input had (a variable in a union as {"var": name}), for traces.
func render(a *value.Arena, r value.Ref, t types.Type) string {
	var b strings.Builder
	writeValue(&b, a, r, t)
	return b.String()
}

func writeValue(b *strings.Builder, a *value.Arena, r value.Ref, t types.Type) {
	if t == types.JSONType {
		writeJSON(b, a, r)
		return
	}
	switch a.Kind(r) {
	case value.Int:
		b.WriteString(strconv.FormatFloat(a.Num(r), 'f', -1, 64))
	case value.Float:
		b.WriteString(strconv.FormatFloat(a.Num(r), 'g', -1, 64))
	case value.String:
		b.WriteString(document.JSONString(a.Str(r)))
	case value.Bool:
		b.WriteString(strconv.FormatBool(a.Num(r) != 0))
	case value.Var:
		if _, inUnion := t.(*types.Union); inUnion {
			b.WriteString(`{"var": ` + document.JSONString(a.Str(r)) + "}")
		} else {
			b.WriteString(document.JSONString(a.Str(r)))
		}
	case value.Record:
		rec, _ := unionAlt(t, func(t types.Type) bool { _, ok := t.(*types.Record); return ok }).(*types.Record)
		b.WriteByte('{')
		for i, kid := range a.Kids(r) {
			if i > 0 {
				b.WriteString(", ")
			}
			var ft types.Type = types.InvalidType
			name := "_" + strconv.Itoa(i)
			if rec != nil && i < len(rec.Fields) {
				name, ft = rec.Fields[i].Name, rec.Fields[i].Type
			}
			b.WriteString(document.JSONString(name) + ": ")
			writeValue(b, a, kid, ft)
		}
		b.WriteByte('}')
	default: // collections
		var elem types.Type = types.InvalidType
		if coll, ok := unionAlt(t, func(t types.Type) bool { _, ok := t.(*types.Collection); return ok }).(*types.Collection); ok {
			elem = coll.Elem
		}
		b.WriteByte('[')
		for i, kid := range a.Kids(r) {
			if i > 0 {
				b.WriteString(", ")
			}
			writeValue(b, a, kid, elem)
		}
		b.WriteByte(']')
	}
}

// unionAlt is t, or the alternative of a union t that fits.
func unionAlt(t types.Type, fits func(types.Type) bool) types.Type {
	if u, ok := t.(*types.Union); ok {
		for _, alt := range u.Alts {
			if fits(alt) {
				return alt
			}
		}
	}
	return t
}
