package eval

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/value"
)

// jsonDecoder reads any JSON value, as the json type does, into the
// arena's representation of it (see value/json.go).
func jsonDecoder() decodeFn {
	var fn decodeFn
	fn = func(d *decoder, sc *scanner) (value.Ref, *pathError) {
		switch c := sc.peek(); {
		case c == '"':
			s, ok := sc.str()
			if !ok {
				return 0, errMalformed
			}
			return d.a.String(s), nil
		case isNumberStart(c):
			return jsonNumber(d, sc)
		case c == 't' && sc.literal("true"):
			return d.a.Bool(true), nil
		case c == 'f' && sc.literal("false"):
			return d.a.Bool(false), nil
		case c == 'n' && sc.literal("null"):
			return d.a.Null(), nil
		case c == '[':
			return jsonArray(d, sc, fn)
		case c == '{':
			return jsonObject(d, sc, fn)
		}
		return 0, errMalformed
	}
	return fn
}

// jsonNumber reads an int when the literal has no fraction and no
// exponent (as Python's json module does: 1 and 1.0 print differently,
// which string similarities see), else a float.
func jsonNumber(d *decoder, sc *scanner) (value.Ref, *pathError) {
	save := sc.i
	f, raw, plain, ok := sc.number()
	if !ok {
		return 0, errMalformed
	}
	if plain {
		return d.a.Int(int64(f)), nil
	}
	if !strings.ContainsAny(raw, ".eE") {
		v, why := parseInt(raw)
		if why != "" {
			sc.i = save
			return 0, &pathError{msg: why}
		}
		return d.a.Int(v), nil
	}
	if math.IsInf(f, 0) {
		return 0, &pathError{msg: fmt.Sprintf("the number %s is out of range (beyond ±%g)", shortNumber(raw), math.MaxFloat64)}
	}
	return d.a.Number(value.Float, f), nil
}

func jsonArray(d *decoder, sc *scanner, elem decodeFn) (value.Ref, *pathError) {
	kids, err := readElems(d, sc, elem)
	if err != nil {
		return 0, err
	}
	return d.a.JSONArray(kids), nil
}

// jsonObject reads an object as a set of entries in the written order. A
// key written twice is an error, as for records: JSON readers disagree on
// which value counts.
func jsonObject(d *decoder, sc *scanner, elem decodeFn) (value.Ref, *pathError) {
	sc.i++ // '{'
	kids := d.buf()
	d.depth++
	var err *pathError
	var seen map[value.Ref]bool // keys written, once an object is large
	if !sc.eat('}') {
		for {
			key, ok := sc.str()
			if !ok || !sc.eat(':') {
				err = errMalformed
				break
			}
			k := d.a.String(key)
			if seen != nil || len(kids) >= 16 {
				if seen == nil {
					seen = make(map[value.Ref]bool, 2*len(kids))
					for _, e := range kids {
						seen[d.a.Field(e, 0)] = true
					}
				}
				if seen[k] {
					err = repeatedKey(key)
					break
				}
				seen[k] = true
			} else if slices.ContainsFunc(kids, func(e value.Ref) bool { return d.a.Field(e, 0) == k }) {
				err = repeatedKey(key)
				break
			}
			var v value.Ref
			if v, err = elem(d, sc); err != nil {
				err = err.at(key)
				break
			}
			kids = append(kids, d.a.JSONEntry(k, v))
			if sc.eat(',') {
				continue
			}
			if !sc.eat('}') {
				err = errMalformed
			}
			break
		}
	}
	d.depth--
	d.keep(kids)
	if err != nil {
		return 0, err
	}
	return d.a.JSONObject(kids), nil
}

// writeJSON renders a json value as compact JSON.
func writeJSON(b *strings.Builder, a *value.Arena, r value.Ref) {
	switch a.Kind(r) {
	case value.Null:
		b.WriteString("null")
	case value.Int:
		b.WriteString(strconv.FormatInt(a.IntValue(r), 10))
	case value.Float:
		b.WriteString(strconv.FormatFloat(a.Num(r), 'g', -1, 64))
	case value.String:
		b.WriteString(strconv.Quote(a.Str(r)))
	case value.Bool:
		b.WriteString(strconv.FormatBool(a.Num(r) != 0))
	case value.Seq:
		b.WriteByte('[')
		for i, kid := range a.Kids(r) {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSON(b, a, kid)
		}
		b.WriteByte(']')
	case value.Set:
		b.WriteByte('{')
		for i, e := range a.Kids(r) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(a.Str(a.Field(e, 0))) + ": ")
			writeJSON(b, a, a.Field(e, 1))
		}
		b.WriteByte('}')
	}
}
