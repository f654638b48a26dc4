package eval

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// decodeFn reads the next JSON value of a known type into the arena.
type decodeFn func(d *decoder, sc *scanner) (value.Ref, *pathError)

// decoder is the per-worker state of decoding: the arena, the side of the
// pair (for latent variables), and a stack of child buffers.
type decoder struct {
	a     *value.Arena
	side  int
	depth int
	bufs  [][]value.Ref
}

// namedValue is a value named in a document with shared values, decoded
// once for its later references: its node, who decoded it (a reference
// read at another type, or to a value skipped, is decoded again from its
// text; 0: skipped), and where its text starts. A large document names
// hundreds of thousands of values: 16 bytes each.
type namedValue struct {
	ref   value.Ref
	by    uint32
	start int
}

// decoderIDs numbers the decoders of named values (namedValue.by).
var decoderIDs atomic.Uint32

func (d *decoder) buf() []value.Ref {
	if d.depth == len(d.bufs) {
		d.bufs = append(d.bufs, nil)
	}
	return d.bufs[d.depth][:0]
}

func (d *decoder) keep(b []value.Ref) { d.bufs[d.depth] = b }

// decodeJSON decodes a whole document. named, when the document has
// shared values, is the worker's table of them, emptied here and reused
// from document to document.
func decodeJSON(fn decodeFn, d *decoder, doc string, named *[]namedValue) (value.Ref, *pathError) {
	sc := &scanner{s: doc}
	if named != nil {
		clear(*named) // the nodes of the last document's values go
		*named = (*named)[:0]
		// Adapters name a value per 100 to 200 bytes of a large
		// document: room for them at once, not in doubling copies.
		if n := len(doc) / 64; cap(*named) < n {
			*named = make([]namedValue, 0, n)
		}
		sc.named = named
	}
	return fn(d, sc)
}

// pathError is a decoding error; the path is built on the way out, so the
// common case (no error) pays nothing for it.
type pathError struct {
	rev []string // path segments, innermost first
	msg string
}

func (e *pathError) at(seg string) *pathError {
	return &pathError{rev: append(e.rev[:len(e.rev):len(e.rev)], seg), msg: e.msg}
}

func (e *pathError) path() string {
	segs := make([]string, len(e.rev))
	for i, s := range e.rev {
		segs[len(segs)-1-i] = s
	}
	return strings.Join(segs, ".")
}

// mismatch reports the next value as the wrong kind.
func mismatch(want string, sc *scanner) *pathError {
	return &pathError{msg: fmt.Sprintf("expected %s, found %s", want, sc.describeNext())}
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
	ds.cache[t] = func(d *decoder, sc *scanner) (value.Ref, *pathError) { return fn(d, sc) }
	fn = ds.build(t)
	// Composites and strings may be named: adapters name large values and
	// the strings a document repeats. Numbers, booleans and json values
	// are not (a reference is no shorter than most numbers), which spares
	// their many reads the check.
	if b, ok := t.(*types.Basic); !ok || b.Kind == types.String || b.Kind == types.Var {
		fn = shared(fn)
	}
	ds.cache[t] = fn
	return fn
}

// shared reads a value that may be named ("@n") or referred to ("&n") in
// a document with shared values: a named value is decoded once, a
// reference reuses its node when it is read at the same type.
func shared(fn decodeFn) decodeFn {
	who := decoderIDs.Add(1)
	return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
		switch sc.peek() {
		case '@':
			n, ok := sc.name()
			if !ok {
				return 0, errMalformed
			}
			sc.ws()
			start := sc.i
			r, err := fn(d, sc)
			if err == nil {
				sc.setNamed(n, namedValue{r, who, start})
			}
			return r, err
		case '&':
			n, ok := sc.name()
			v, known := sc.namedValue(n)
			if !ok || !known {
				return 0, errMalformed
			}
			if v.by == who {
				return v.ref, nil
			}
			return fn(d, &scanner{s: sc.s, i: v.start, named: sc.named})
		}
		return fn(d, sc)
	}
}

func (ds *decoders) build(t types.Type) decodeFn {
	switch t := t.(type) {
	case *types.Basic:
		if t.Kind == types.JSON {
			return jsonDecoder()
		}
		return basicDecoder(t.Kind)
	case *types.Collection:
		return ds.collection(t)
	case *types.Record:
		return ds.record(t)
	case *types.Union:
		return ds.union(t)
	case *types.Ontology:
		return ontologyDecoder(t)
	}
	panic(fmt.Sprintf("eval: cannot decode %s", t))
}

// ontologyDecoder reads a concept of o: a string that must name one.
func ontologyDecoder(o *types.Ontology) decodeFn {
	str := basicDecoder(types.String)
	return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
		r, err := str(d, sc)
		if err != nil {
			if sc.peek() != '"' {
				return 0, mismatch("a concept of ontology "+o.Name+" (a string)", sc)
			}
			return 0, err
		}
		if _, ok := o.Index(d.a.Str(r)); !ok {
			return 0, &pathError{msg: fmt.Sprintf("%q is not a concept of ontology %s%s", d.a.Str(r), o.Name, conceptHint(o, d.a.Str(r)))}
		}
		return r, nil
	}
}

// conceptHint suggests a concept that differs only in case or separators.
func conceptHint(o *types.Ontology, s string) string {
	norm := func(x string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == ' ' || r == '.' {
				return -1
			}
			return unicode.ToLower(r)
		}, x)
	}
	for _, c := range o.Concepts {
		if norm(c) == norm(s) {
			return fmt.Sprintf(" (did you mean %q?)", c)
		}
	}
	return ""
}

func basicDecoder(kind types.BasicKind) decodeFn {
	switch kind {
	case types.Int:
		return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
			if !isNumberStart(sc.peek()) {
				return 0, mismatch("an integer", sc)
			}
			save := sc.i
			f, raw, plain, ok := sc.number()
			if !ok {
				return 0, errMalformed
			}
			if plain {
				return d.a.Int(int64(f)), nil
			}
			v, why := parseInt(raw)
			if why != "" {
				sc.i = save
				return 0, &pathError{msg: why}
			}
			return d.a.Int(v), nil
		}
	case types.Float:
		return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
			if !isNumberStart(sc.peek()) {
				return 0, mismatch("a number", sc)
			}
			f, raw, _, ok := sc.number()
			if !ok {
				return 0, errMalformed
			}
			if math.IsInf(f, 0) {
				return 0, &pathError{msg: fmt.Sprintf("the number %s is out of range (beyond ±%g)", shortNumber(raw), math.MaxFloat64)}
			}
			return d.a.Number(value.Float, f), nil
		}
	case types.String:
		return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
			if sc.peek() != '"' {
				return 0, mismatch("a string", sc)
			}
			s, ok := sc.str()
			if !ok {
				return 0, errMalformed
			}
			return d.a.String(s), nil
		}
	case types.Bool:
		return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
			switch {
			case sc.literal("true"):
				return d.a.Bool(true), nil
			case sc.literal("false"):
				return d.a.Bool(false), nil
			}
			return 0, mismatch("a boolean", sc)
		}
	case types.Var:
		return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
			if sc.peek() != '"' {
				return 0, mismatch("a variable name (a string)", sc)
			}
			s, ok := sc.str()
			if !ok {
				return 0, errMalformed
			}
			return d.a.Var(d.side, s), nil
		}
	}
	panic("eval: unknown basic kind")
}

func isNumberStart(c byte) bool { return c == '-' || (c >= '0' && c <= '9') }

// parseInt reads an integer exactly over the int64 range: a plain literal
// directly, a literal with a fraction or an exponent (3.0, 1e3) through
// exact rational arithmetic. why says what is wrong otherwise.
func parseInt(raw string) (int64, string) {
	if !strings.ContainsAny(raw, ".eE") {
		v, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return 0, fmt.Sprintf("the integer %s is outside the int64 range [%d, %d]", shortNumber(raw), int64(math.MinInt64), int64(math.MaxInt64))
		}
		return v, ""
	}
	outOfRange := fmt.Sprintf("the integer %s is outside the int64 range [%d, %d]", shortNumber(raw), int64(math.MinInt64), int64(math.MaxInt64))
	notInt := fmt.Sprintf("expected an integer, found a number %s", shortNumber(raw))
	if len(raw) > 400 {
		return 0, notInt
	}
	// With a huge exponent exact arithmetic would build a huge number;
	// a mantissa of at most 400 digits then makes the value 0, a fraction
	// below 1, or far out of range, which the float value tells.
	if k := strings.IndexAny(raw, "eE"); k >= 0 {
		if exp, err := strconv.Atoi(strings.TrimPrefix(raw[k+1:], "+")); err != nil || exp > 800 || exp < -800 {
			f, _ := strconv.ParseFloat(raw, 64)
			switch {
			case f == 0 && strings.Trim(raw[:k], "-+0.") == "":
				return 0, ""
			case math.Abs(f) < 1:
				return 0, notInt
			}
			return 0, outOfRange
		}
	}
	var r big.Rat
	if _, ok := r.SetString(raw); !ok {
		return 0, "malformed number " + shortNumber(raw)
	}
	if !r.IsInt() {
		return 0, notInt
	}
	if !r.Num().IsInt64() {
		return 0, outOfRange
	}
	return r.Num().Int64(), ""
}

// shortNumber shortens a long literal for a message.
func shortNumber(raw string) string {
	if len(raw) > 40 {
		return raw[:37] + "..."
	}
	return raw
}

// readElems reads the array at sc ('[' next) with elem, into the
// decoder's buffer for this depth: the elements are valid until the next
// array read at the same depth.
func readElems(d *decoder, sc *scanner, elem decodeFn) ([]value.Ref, *pathError) {
	sc.i++ // '['
	kids := d.buf()
	d.depth++
	var err *pathError
	if !sc.eat(']') {
		for i := 0; ; i++ {
			var r value.Ref
			if r, err = elem(d, sc); err != nil {
				err = err.at(strconv.Itoa(i))
				break
			}
			kids = append(kids, r)
			if sc.eat(',') {
				continue
			}
			if !sc.eat(']') {
				err = errMalformed
			}
			break
		}
	}
	d.depth--
	d.keep(kids) // the buffer may have grown: keep it for next time
	return kids, err
}

func (ds *decoders) collection(t *types.Collection) decodeFn {
	elem := ds.get(t.Elem)
	kind := value.CollectionKind(t.Kind)
	want := "an array (" + t.String() + ")"
	return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
		if sc.peek() != '[' {
			return 0, mismatch(want, sc)
		}
		kids, err := readElems(d, sc, elem)
		if err != nil {
			return 0, err
		}
		return d.a.SharedComposite(d.side, kind, 0, kids), nil
	}
}

func (ds *decoders) record(t *types.Record) decodeFn {
	fields := make([]decodeFn, len(t.Fields))
	names := make([]string, len(t.Fields))
	index := map[string]int{}
	bound := false
	for i, f := range t.Fields {
		fields[i] = ds.get(f.Type)
		names[i] = f.Name
		index[f.Name] = i
		bound = bound || f.Bound
	}
	// Records have few fields: comparing names beats hashing them.
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
	tag := ds.tag(t)
	want := "an object (" + t.Name + ")"
	n := len(t.Fields)
	missing := func(i int) *pathError {
		return &pathError{msg: fmt.Sprintf("missing field %q of %s", t.Fields[i].Path, t.Name)}
	}
	if bound {
		firstKeys := map[string]bool{}
		for _, f := range t.Fields {
			if k, ok := firstKey(f.Path); ok {
				firstKeys[k] = true
			}
		}
		// Explicit gjson paths: one lookup per field in the object's text.
		return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
			if sc.peek() != '{' {
				return 0, mismatch(want, sc)
			}
			raw, ok := sc.skip()
			if !ok {
				return 0, errMalformed
			}
			if key := repeatedTopKey(raw, firstKeys); key != "" {
				return 0, repeatedKey(key)
			}
			kids := d.buf()
			d.depth++
			var err *pathError
			for i, f := range t.Fields {
				fv := gjson.Get(raw, f.Path)
				if !fv.Exists() && f.Type == types.JSONType {
					kids = append(kids, d.a.Null()) // json: absent is null
					continue
				}
				if !fv.Exists() {
					err = missing(i)
					break
				}
				var r value.Ref
				if r, err = fields[i](d, &scanner{s: fv.Raw}); err != nil {
					err = err.at(f.Path)
					break
				}
				kids = append(kids, r)
			}
			d.depth--
			d.keep(kids)
			if err != nil {
				return 0, err
			}
			return d.a.SharedComposite(d.side, value.Record, tag, kids), nil
		}
	}
	// Plain field names: one pass over the object's keys.
	return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
		if sc.peek() != '{' {
			return 0, mismatch(want, sc)
		}
		sc.i++
		kids := d.buf()
		for range n {
			kids = append(kids, -1)
		}
		d.depth++
		err := readFields(d, sc, kids, names, lookupField, fields)
		d.depth--
		d.keep(kids)
		if err != nil {
			return 0, err
		}
		for i, r := range kids {
			if r < 0 && t.Fields[i].Type == types.JSONType {
				kids[i] = d.a.Null() // json: absent is null
			} else if r < 0 {
				return 0, missing(i)
			}
		}
		return d.a.SharedComposite(d.side, value.Record, tag, kids), nil
	}
}

// readFields reads the members of an object (its '{' already read) into
// kids by field index. Extra keys are skipped; a key the type reads that
// occurs twice is an error, since JSON readers disagree on which value
// counts (the first, the last, both). Writers mostly keep one order of
// keys, the declared one (adapters do): the field after the last one read
// is tried first, then lookup.
func readFields(d *decoder, sc *scanner, kids []value.Ref, names []string, lookup func(string) int, fields []decodeFn) *pathError {
	if sc.eat('}') {
		return nil
	}
	next := 0
	for {
		key, ok := sc.str()
		if !ok || !sc.eat(':') {
			return errMalformed
		}
		i := next
		if i >= len(names) || names[i] != key {
			i = lookup(key)
		}
		if i >= 0 {
			next = i + 1
		}
		if i >= 0 && kids[i] >= 0 {
			return repeatedKey(key)
		} else if i < 0 {
			if _, ok := sc.skip(); !ok {
				return errMalformed
			}
		} else {
			r, err := fields[i](d, sc)
			if err != nil {
				return err.at(key)
			}
			kids[i] = r
		}
		if sc.eat(',') {
			continue
		}
		if !sc.eat('}') {
			return errMalformed
		}
		return nil
	}
}

func repeatedKey(key string) *pathError {
	return &pathError{msg: fmt.Sprintf("the key %q occurs twice in this object (JSON readers disagree on which value counts; keep one)", key)}
}

// firstKey is the object key a gjson path starts with, when the path
// starts with a plain key (no wildcard, modifier or query).
func firstKey(path string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		switch c := path[i]; c {
		case '\\':
			if i+1 < len(path) {
				i++
				b.WriteByte(path[i])
			}
		case '.', '|':
			return b.String(), b.Len() > 0
		case '*', '?', '#', '@', '!':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), b.Len() > 0
}

// repeatedTopKey returns a key of the object raw that occurs twice and is
// one of keys, or "".
func repeatedTopKey(raw string, keys map[string]bool) string {
	seen := map[string]bool{}
	found := ""
	gjson.Parse(raw).ForEach(func(k, _ gjson.Result) bool {
		if !keys[k.Str] {
			return true
		}
		if seen[k.Str] {
			found = k.Str
			return false
		}
		seen[k.Str] = true
		return true
	})
	return found
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
		case *types.Ontology:
			str = fn
		case *types.Record:
			obj = fn
		case *types.Collection:
			arr = fn
		}
	}
	want := "one of " + t.String()
	return func(d *decoder, sc *scanner) (value.Ref, *pathError) {
		var fn decodeFn
		switch c := sc.peek(); {
		case isNumberStart(c):
			fn = num
		case c == '"':
			fn = str
		case c == 't' || c == 'f':
			fn = boolean
		case c == '[':
			fn = arr
		case c == '{' && variable != nil:
			return decodeVarObject(d, sc, variable)
		case c == '{':
			fn = obj
		}
		if fn == nil {
			return 0, mismatch(want, sc)
		}
		return fn(d, sc)
	}
}

// decodeVarObject reads {"var": "x"}, a variable inside a union.
func decodeVarObject(d *decoder, sc *scanner, variable decodeFn) (value.Ref, *pathError) {
	save := sc.i
	raw, ok := sc.skip()
	if !ok {
		return 0, errMalformed
	}
	name := gjson.Get(raw, "var")
	if !name.Exists() {
		sc.i = save
		return 0, mismatch(`a variable {"var": "name"}`, sc)
	}
	r, err := variable(d, &scanner{s: name.Raw})
	if err != nil {
		return 0, err.at("var")
	}
	return r, nil
}
