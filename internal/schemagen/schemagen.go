// Package schemagen writes a starting .metric spec from a JSON Schema (as
// Pydantic's model_json_schema() and structured-output APIs emit): a
// record type per object schema, the input type, and a metric per field
// with a default similarity for its kind, ready to edit:
//
//   - δ for enumerations, constants, numbers, booleans, identifiers and
//     formatted strings (dates, e-mail addresses, URIs);
//   - ANLS (anls(0.5)) for free text;
//   - F over one-to-one matchings for arrays: of objects, with the mean of
//     the element's field similarities as the element similarity; of
//     strings or numbers, with the element's similarity;
//   - ANLS* (anls_star(0.5), on the json type) for what a record cannot
//     hold: optional or nullable fields, unions, free-form objects,
//     recursive schemas.
//
// Nested objects are compared field by field through paths (address.city).
// A last metric, fields, averages the F1 of all the others.
package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
)

// Generate returns the spec for schema; source names the schema in the
// header comment.
func Generate(schema []byte, source string) (string, error) {
	doc, err := decodeOrdered(schema)
	if err != nil {
		return "", fmt.Errorf("%s: not JSON: %v", source, err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return "", fmt.Errorf("%s: a JSON Schema is an object", source)
	}
	g := &gen{root: root, records: map[string]*record{}, byDef: map[string]*record{}, used: map[string]bool{}}
	s, err := g.resolve(root)
	if err != nil {
		return "", fmt.Errorf("%s: %v", source, err)
	}
	if s.kind != kindObject {
		return "", fmt.Errorf("%s: the schema's root is %s; a document is an object, so the root must be an object schema with properties", source, describeKind(s))
	}
	name := title(root, "Doc")
	rec, err := g.record(name, "", s)
	if err != nil {
		return "", fmt.Errorf("%s: %v", source, err)
	}
	for _, f := range rec.fields {
		if f.key == "id" && !f.pairs() {
			f.name = "id_" // an id of another type cannot pair documents
		}
	}
	return g.write(rec, source), nil
}

type kind int

const (
	kindAny kind = iota // anything: the json type
	kindObject
	kindArray
	kindString
	kindInt
	kindNumber
	kindBool
)

// node is a schema reduced to what the spec needs.
type node struct {
	kind     kind
	schema   map[string]any // the resolved schema
	nullable bool
	discrete bool   // an enumeration or a constant
	format   string // of a string
	items    *node  // of an array
	ref      string // the definition it came from ("#/$defs/Item")
}

type field struct {
	name, key string // the spec's name and the JSON key
	node      *node
	required  bool
	rec       *record // of an object field
}

type record struct {
	name   string
	fields []*field
}

type gen struct {
	root    map[string]any
	records map[string]*record // by type name
	byDef   map[string]*record // by $ref
	order   []*record          // leaves first
	used    map[string]bool    // type names taken
	depth   int
	visits  []string // $refs being expanded: a recursion reads as json
}

// resolve follows $ref and reduces allOf of one schema, anyOf/oneOf with
// null, and type lists.
func (g *gen) resolve(s map[string]any) (*node, error) {
	g.depth++
	defer func() { g.depth-- }()
	if g.depth > 64 {
		return &node{kind: kindAny}, nil
	}
	if ref, ok := s["$ref"].(string); ok {
		if slices.Contains(g.visits, ref) {
			return &node{kind: kindAny, ref: ref}, nil // recursive
		}
		target, err := g.lookup(ref)
		if err != nil {
			return nil, err
		}
		g.visits = append(g.visits, ref)
		n, err := g.resolve(target)
		g.visits = g.visits[:len(g.visits)-1]
		if err != nil {
			return nil, err
		}
		n.ref = ref
		return n, nil
	}
	if all, ok := s["allOf"].([]any); ok && len(all) == 1 {
		if inner, ok := all[0].(map[string]any); ok {
			return g.resolve(inner)
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		alts, ok := s[key].([]any)
		if !ok {
			continue
		}
		var kept []map[string]any
		nullable := false
		for _, a := range alts {
			m, _ := a.(map[string]any)
			if t, _ := m["type"].(string); t == "null" {
				nullable = true
				continue
			}
			kept = append(kept, m)
		}
		if len(kept) != 1 {
			return &node{kind: kindAny, schema: s, nullable: nullable}, nil
		}
		n, err := g.resolve(kept[0])
		if err != nil {
			return nil, err
		}
		n.nullable = n.nullable || nullable
		return n, nil
	}
	n := &node{schema: s}
	typ := s["type"]
	if list, ok := typ.([]any); ok {
		var kept []any
		for _, t := range list {
			if t == "null" {
				n.nullable = true
			} else {
				kept = append(kept, t)
			}
		}
		typ = nil
		if len(kept) == 1 {
			typ = kept[0]
		}
	}
	if _, ok := s["enum"]; ok {
		n.discrete = true
	}
	if _, ok := s["const"]; ok {
		n.discrete = true
	}
	switch typ {
	case "object":
		props, _ := s["properties"].(map[string]any)
		if len(props) > 0 {
			n.kind = kindObject
		}
	case "array":
		n.kind = kindArray
		if items, ok := s["items"].(map[string]any); ok {
			it, err := g.resolve(items)
			if err != nil {
				return nil, err
			}
			n.items = it
		} else {
			n.items = &node{kind: kindAny}
		}
	case "string":
		n.kind = kindString
		n.format, _ = s["format"].(string)
	case "integer":
		n.kind = kindInt
	case "number":
		n.kind = kindNumber
	case "boolean":
		n.kind = kindBool
	case nil:
		if props, ok := s["properties"].(map[string]any); ok && len(props) > 0 {
			n.kind = kindObject
		} else if n.discrete {
			n.kind = kindAny // an enum of mixed values: δ on json
		}
	}
	return n, nil
}

// lookup finds a local reference: #, #/$defs/X, #/definitions/X or any
// JSON pointer into the schema.
func (g *gen) lookup(ref string) (map[string]any, error) {
	if !strings.HasPrefix(ref, "#") {
		return nil, fmt.Errorf("the reference %q is not local to the schema (only #/... references are followed)", ref)
	}
	var cur any = g.root
	for _, part := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(ref, "#"), "/"), "/") {
		if part == "" {
			continue
		}
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("the reference %q leads nowhere", ref)
		}
		if cur, ok = m[part]; !ok {
			return nil, fmt.Errorf("the reference %q leads nowhere (no %q)", ref, part)
		}
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the reference %q is not a schema", ref)
	}
	return m, nil
}

// record declares the record type of an object schema (once per
// definition).
func (g *gen) record(name, ref string, n *node) (*record, error) {
	if ref != "" {
		if r := g.byDef[ref]; r != nil {
			return r, nil
		}
	}
	r := &record{name: g.typeName(name)}
	if ref != "" {
		g.byDef[ref] = r
	}
	props, _ := n.schema["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := n.schema["required"].([]any); ok {
		for _, k := range req {
			if s, ok := k.(string); ok {
				required[s] = true
			}
		}
	}
	seen := map[string]bool{}
	for _, key := range propertyOrder(props) {
		ps, _ := props[key].(map[string]any)
		pn, err := g.resolve(ps)
		if err != nil {
			return nil, err
		}
		f := &field{name: fieldName(key, seen), key: key, node: pn, required: required[key]}
		if f.typed() && pn.kind == kindObject {
			if f.rec, err = g.record(title(pn.schema, defName(pn.ref, capitalize(f.name))), pn.ref, pn); err != nil {
				return nil, err
			}
		}
		if f.typed() && pn.kind == kindArray && pn.items.kind == kindObject && !pn.items.nullable {
			if f.rec, err = g.record(title(pn.items.schema, defName(pn.items.ref, capitalize(singular(f.name)))), pn.items.ref, pn.items); err != nil {
				return nil, err
			}
		}
		r.fields = append(r.fields, f)
	}
	g.order = append(g.order, r)
	return r, nil
}

// pairs reports whether f, a field "id" of the input, pairs documents: a
// string or an int.
func (f *field) pairs() bool {
	return f.key == "id" && f.typed() && (f.node.kind == kindString || f.node.kind == kindInt)
}

// typed reports whether the field reads as a typed value rather than json:
// it must be present and not null.
func (f *field) typed() bool {
	return f.required && !f.node.nullable && f.node.kind != kindAny
}

// propertyOrder is the order in which the schema lists the properties.
func propertyOrder(props map[string]any) []string {
	order, _ := props[orderKey].([]string)
	return order
}

// orderKey holds, in each object decodeOrdered reads, its keys in order.
const orderKey = "\x00order"

// decodeOrdered reads JSON as encoding/json does, recording in each object
// the order of its keys (a schema's properties are listed in the order of
// the model's fields).
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one value")
	}
	return v, nil
}

func readValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		m := map[string]any{}
		var order []string
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k := kt.(string)
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := m[k]; !dup {
				order = append(order, k)
			}
			m[k] = v
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		m[orderKey] = order
		return m, nil
	case json.Delim('['):
		var list []any
		for dec.More() {
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		return list, nil
	}
	return tok, nil
}

func (g *gen) typeName(want string) string {
	base := identifier(want)
	if base == "" || !unicode.IsUpper([]rune(base)[0]) {
		base = capitalize(base)
	}
	if reserved[strings.ToLower(base)] {
		base += "Type"
	}
	name := base
	for i := 2; g.used[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	g.used[name] = true
	return name
}

func title(s map[string]any, fallback string) string {
	if t, ok := s["title"].(string); ok && identifier(t) != "" {
		return t
	}
	return fallback
}

func defName(ref, fallback string) string {
	if i := strings.LastIndex(ref, "/"); i >= 0 && ref[i+1:] != "" {
		return ref[i+1:]
	}
	return fallback
}

func singular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies"):
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "ses"), strings.HasSuffix(s, "xes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss"):
		return s[:len(s)-1]
	}
	return s + "_item"
}

func capitalize(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if r == '_' || r == '-' || r == ' ' {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// identifier keeps the letters, digits and underscores of s, starting with
// a letter or an underscore.
func identifier(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || r == '_' || (unicode.IsDigit(r) && b.Len() > 0):
			b.WriteRune(r)
		case r == '-' || r == ' ' || r == '.':
			if b.Len() > 0 {
				b.WriteByte('_')
			}
		}
	}
	return strings.Trim(b.String(), "_")
}

// reserved are the words a field or metric name must avoid: the
// language's keywords and words of its syntax, normalizer letters and
// built-in names.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`type input let metric ontology param const by micro macro gold clip empty
		where ordered and or not in align ignore from int float string bool var json set bag seq
		delta subset ancestor level supertypes levenshtein anls token_f1 anls_star max min self prf
		memberships minsize pairs links nonlinks neighbors lower tokens squad positions minus fields id`) {
		reserved[w] = true
	}
}

func fieldName(key string, seen map[string]bool) string {
	name := identifier(key)
	if name == "" {
		name = "field"
	}
	if len([]rune(name)) == 1 && strings.ContainsRune("SPRFJNUΣ", []rune(name)[0]) || (reserved[name] && name != "id") {
		name += "_"
	}
	base := name
	for i := 2; seen[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	seen[name] = true
	return name
}

func describeKind(n *node) string {
	switch n.kind {
	case kindArray:
		return "an array"
	case kindString:
		return "a string"
	case kindInt, kindNumber:
		return "a number"
	case kindBool:
		return "a boolean"
	}
	return "not an object with properties"
}
