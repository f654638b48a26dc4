package mrp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/pytext"
	"github.com/tidwall/gjson"
)

// graph is one MRP graph after the 2019 scorer's normalizations (all of
// them: anchors, case, edges, attributes; main.py scores with all four).
type graph struct {
	id        string // as written: a string, or a number's text
	framework string
	input     []rune // nil: no input string (or an empty one)
	// nextSpace and nextWord are the input's tables for anchors (see
	// spaceTables), built on first use.
	nextSpace, nextWord []int
	nodes               []node
	edges               []edge
	byKey               map[nodeKey]int // first node with the id, by id
	names               map[string]int  // first node with the name
	last                map[string]int  // last node with the name
	scratch             [3]object       // members of a node, an anchor, an edge
}

// nodeKey is a node id as Python compares it: numbers by value, strings
// as themselves, never a number equal to a string.
type nodeKey struct {
	str  bool
	text string
}

type node struct {
	name    string  // the latent variable's name: the id as text
	label   *string // nil: no label; lowercased
	props   []string
	values  []string // lowercased, as long as props
	anchors []span   // nil: no anchors (absent, null or [])
	anchor  string   // anchors as compared (anchorText), set when writing
	top     bool
}

// span is one anchor; ok is false when it lacks "from" or "to", which the
// scorer then ignores (but the node still has anchors).
type span struct {
	from, to int
	ok       bool
}

type edge struct {
	src, tgt int // node indices, after inversion
	label    string
	attrs    []string // lowercased, remote=false dropped
	values   []string
}

// issue is a problem with a graph: an error (the graph is not usable) or
// a warning (repaired as the scorer repairs it), at a JSON path.
type issue struct {
	path, msg string
	warn      bool
}

// decode reads one graph from a JSON object, checking everything the
// scorer's Graph.decode and normalize would fail on (and what they would
// silently do wrong), and normalizes it.
func decode(obj gjson.Result) (*graph, []issue) {
	g := &graph{byKey: map[nodeKey]int{}, names: map[string]int{}, last: map[string]int{}}
	var issues []issue
	errf := func(path, format string, args ...any) {
		issues = append(issues, issue{path: path, msg: fmt.Sprintf(format, args...)})
	}
	warnf := func(path, format string, args ...any) {
		issues = append(issues, issue{path: path, msg: fmt.Sprintf(format, args...), warn: true})
	}

	top := members(obj, nil)
	id := top.get("id")
	switch id.Type {
	case gjson.String:
		g.id = id.Str
	case gjson.Number:
		g.id = pyNumber(id.Raw)
	default:
		if !id.Exists() {
			errf("id", "a graph needs an \"id\"")
		} else {
			errf("id", "expected a string or a number, found %s", kind(id))
		}
	}
	fw := top.get("framework")
	switch {
	case fw.Type == gjson.String:
		g.framework = fw.Str
	case !fw.Exists() || fw.Type == gjson.Null:
		errf("framework", "a graph needs a \"framework\" (eds, dm, psd, ucca or amr): the MRP scorer pairs graphs by framework and id")
	default:
		errf("framework", "expected a string, found %s", kind(fw))
	}
	if in := top.get("input"); in.Type == gjson.String {
		if in.Str != "" {
			g.input = []rune(in.Str)
		}
	} else if in.Exists() && in.Type != gjson.Null {
		errf("input", "expected a string, found %s", kind(in))
	}

	nodes := top.get("nodes")
	if nodes.Exists() && nodes.Type != gjson.Null && !nodes.IsArray() {
		errf("nodes", "expected an array of nodes, found %s", kind(nodes))
	}
	ni := 0
	forEach(nodes, func(n gjson.Result) bool {
		path := "nodes." + strconv.Itoa(ni)
		ni++
		g.decodeNode(n, path, errf, warnf)
		return true
	})

	edges := top.get("edges")
	if edges.Exists() && edges.Type != gjson.Null && !edges.IsArray() {
		errf("edges", "expected an array of edges, found %s", kind(edges))
	}
	// The scorer keeps edges in a set keyed by (target, source, label) as
	// written: a repeated edge is dropped, attributes and all.
	seen := map[edgeKey]int{}
	var repeats []string
	ei := 0
	forEach(edges, func(e gjson.Result) bool {
		path := "edges." + strconv.Itoa(ei)
		ei++
		ed, k, ok := g.decodeEdge(e, path, errf)
		if !ok {
			return true
		}
		if first, dup := seen[k]; dup {
			repeats = append(repeats, fmt.Sprintf("%d of %d", ei-1, first))
			return true
		}
		seen[k] = ei - 1
		g.edges = append(g.edges, ed)
		return true
	})
	if n := len(repeats); n > 0 {
		const shown = 5
		list := strings.Join(repeats[:min(n, shown)], ", ")
		if n > shown {
			list += fmt.Sprintf(" and %d more", n-shown)
		}
		warnf("edges", "%d repeated edges (same source, target and label; edge %s): each counted once, with the first one's attributes, as the 2019 scorer does", n, list)
	}

	tops := top.get("tops")
	if tops.Exists() && tops.Type != gjson.Null && !tops.IsArray() {
		errf("tops", "expected an array of node ids, found %s", kind(tops))
	}
	ti := 0
	forEach(tops, func(t gjson.Result) bool {
		path := "tops." + strconv.Itoa(ti)
		ti++
		if i, ok := g.lookup(t, path, "", errf); ok {
			g.nodes[i].top = true
		}
		return true
	})
	return g, issues
}

func (g *graph) decodeNode(n gjson.Result, path string, errf, warnf func(string, string, ...any)) {
	if !n.IsObject() {
		errf(path, "expected a node object, found %s", kind(n))
		return
	}
	var nd node
	o := members(n, g.scratch[0][:0])
	g.scratch[0] = o
	id := o.get("id")
	key, ok := keyOf(id)
	if !ok {
		if !id.Exists() {
			errf(path+".id", "a node needs an \"id\"")
		} else {
			errf(path+".id", "expected a number or a string, found %s", kind(id))
		}
		return
	}
	nd.name = key.text
	prev, dup := g.byKey[key]
	if dup {
		warnf(path+".id", "node id %s repeats nodes.%d's: the two are one node to the 2019 scorer, whose tuples name nodes by id (for --score smatch and edm, edges attach to the last node with the id)", id.Raw, prev)
	} else if other, clash := g.names[nd.name]; clash {
		errf(path+".id", "node ids %s and nodes.%d's are different to the scorer but read the same here (%q); use ids of one kind", id.Raw, other, nd.name)
		return
	}
	if l := o.get("label"); l.Exists() && l.Type != gjson.Null {
		s, ok := pyStr(l)
		if !ok {
			errf(path+".label", "expected a string, found %s", kind(l))
		} else {
			s = pytext.Lower(s)
			nd.label = &s
		}
	}
	nd.props, nd.values = g.pairs(o, "properties", "values", path, errf)
	if a := o.get("anchors"); a.Exists() && a.Type != gjson.Null {
		if !a.IsArray() {
			errf(path+".anchors", "expected an array of anchors, found %s", kind(a))
		} else {
			nd.anchors = []span{}
			k := 0
			a.ForEach(func(_, sp gjson.Result) bool {
				sp1, ok := g.decodeSpan(sp, path, k, errf, warnf)
				k++
				if ok {
					nd.anchors = append(nd.anchors, sp1)
				}
				return true
			})
			if k == 0 {
				nd.anchors = nil // "anchors": [] is no anchors (mtool#58)
			}
		}
	}
	if !dup {
		g.byKey[key] = len(g.nodes)
		g.names[nd.name] = len(g.nodes)
	}
	g.last[nd.name] = len(g.nodes)
	g.nodes = append(g.nodes, nd)
}

// pairs reads the parallel lists of names and values of a node's
// properties or an edge's attributes, lowercased as the scorer compares
// them.
func (g *graph) pairs(obj object, names, values, path string, errf func(string, string, ...any)) (ns, vs []string) {
	nl, vl := obj.get(names), obj.get(values)
	if nl.Type == gjson.Null && vl.Type == gjson.Null {
		return nil, nil
	}
	for _, l := range []struct {
		r    gjson.Result
		name string
	}{{nl, names}, {vl, values}} {
		if l.r.Exists() && l.r.Type != gjson.Null && !l.r.IsArray() {
			errf(path+"."+l.name, "expected an array, found %s", kind(l.r))
			return nil, nil
		}
	}
	na, va := nl.Array(), vl.Array()
	if len(na) != len(va) {
		errf(path, "%d %s but %d %s: they are parallel lists", len(na), names, len(va), values)
		return nil, nil
	}
	for i := range na {
		n, ok1 := pyStr(na[i])
		v, ok2 := pyStr(va[i])
		if !ok1 {
			errf(fmt.Sprintf("%s.%s.%d", path, names, i), "expected a string, found %s", kind(na[i]))
			continue
		}
		if !ok2 {
			errf(fmt.Sprintf("%s.%s.%d", path, values, i), "expected a string, a number or a boolean, found %s", kind(va[i]))
			continue
		}
		ns = append(ns, pytext.Lower(n))
		vs = append(vs, pytext.Lower(v))
	}
	return ns, vs
}

// decodeSpan reads one anchor and normalizes it against the input as the
// scorer does: clamped to the input, then punctuation and spaces trimmed
// from both ends.
func (g *graph) decodeSpan(sp gjson.Result, node string, k int, errf, warnf func(string, string, ...any)) (span, bool) {
	// The path, written only for a message.
	path := func() string { return node + ".anchors." + strconv.Itoa(k) }
	if !sp.IsObject() {
		errf(path(), "expected an anchor {\"from\": i, \"to\": j}, found %s", kind(sp))
		return span{}, false
	}
	o := members(sp, g.scratch[1][:0])
	g.scratch[1] = o
	from, to := o.get("from"), o.get("to")
	if !from.Exists() || !to.Exists() {
		warnf(path(), "an anchor without \"from\" and \"to\" is ignored by the 2019 scorer (the node keeps an empty anchor)")
		return span{}, true
	}
	f, ok1 := intOf(from)
	t, ok2 := intOf(to)
	if !ok1 || !ok2 {
		errf(path(), "\"from\" and \"to\" must be integers, found %s and %s", from.Raw, to.Raw)
		return span{}, false
	}
	s := span{from: f, to: t, ok: true}
	if g.input == nil {
		return s, true
	}
	n := len(g.input)
	if f < 0 || t > n || f > t {
		warnf(path(), "anchor %d:%d is outside the input (%d characters) or reversed: clamped to it as the 2019 scorer does", f, t, n)
	}
	i, j := max(f, 0), min(t, n)
	for i < j && isPunct(g.input[i]) {
		i++
	}
	for j > i && isPunct(g.input[j-1]) {
		j--
	}
	s.from, s.to = i, j
	return s, true
}

// edgeKey is an edge as written, which the scorer's edge set is keyed by.
type edgeKey struct {
	src, tgt int
	label    string
}

// decodeEdge reads one edge and normalizes it.
func (g *graph) decodeEdge(e gjson.Result, path string, errf func(string, string, ...any)) (ed edge, key edgeKey, ok bool) {
	if !e.IsObject() {
		errf(path, "expected an edge object, found %s", kind(e))
		return ed, key, false
	}
	o := members(e, g.scratch[2][:0])
	g.scratch[2] = o
	src, ok1 := g.lookup(o.get("source"), path, ".source", errf)
	tgt, ok2 := g.lookup(o.get("target"), path, ".target", errf)
	l := o.get("label")
	switch {
	case !l.Exists():
		errf(path+".label", "an edge needs a \"label\" (the 2019 scorer cannot read the graph without one)")
		return ed, key, false
	case l.Type != gjson.String:
		errf(path+".label", "expected a string, found %s", kind(l))
		return ed, key, false
	}
	if !ok1 || !ok2 {
		return ed, key, false
	}
	raw := l.Str
	key = edgeKey{src, tgt, raw}
	ed.src, ed.tgt, ed.label = src, tgt, raw
	// Inversion (graph.py:229-244): an explicit "normal" label, or mod →
	// domain, or a label ending in -of (not prep-…; the exception set
	// {"consist-of" "subset-of"} lacks a comma, so it holds one string
	// that no label equals). Applied before lowercasing.
	var normal string
	if nl := o.get("normal"); nl.Exists() && nl.Type != gjson.Null {
		if nl.Type != gjson.String {
			errf(path+".normal", "expected a string, found %s", kind(nl))
			return ed, key, false
		}
		normal = nl.Str
	} else if raw == "mod" {
		normal = "domain"
	} else if hasSuffix(raw, "-of-of") || hasSuffix(raw, "-of") && raw != "consist-ofsubset-of" && !hasPrefix(raw, "prep-") {
		normal = raw[:len(raw)-3]
	}
	if normal != "" {
		ed.src, ed.tgt, ed.label = tgt, src, normal
	}
	ed.label = pytext.Lower(ed.label)
	names := "attributes"
	if a := o.get("attributes"); !a.Exists() || a.Type == gjson.Null {
		names = "properties" // MRP 0.9's name for edge attributes
	}
	attrs, vals := g.pairs(o, names, "values", path, errf)
	for i := range attrs {
		if attrs[i] == "remote" && vals[i] == "false" {
			continue // the default value is dropped
		}
		ed.attrs = append(ed.attrs, attrs[i])
		ed.values = append(ed.values, vals[i])
	}
	return ed, key, true
}

// lookup finds the node a JSON id refers to; the id is at path+suffix
// (joined only for a message).
func (g *graph) lookup(id gjson.Result, path, suffix string, errf func(string, string, ...any)) (int, bool) {
	key, ok := keyOf(id)
	if !ok {
		if !id.Exists() {
			errf(path+suffix, "missing node id")
		} else {
			errf(path+suffix, "expected a node id (a number or a string), found %s", kind(id))
		}
		return 0, false
	}
	i, ok := g.byKey[key]
	if !ok {
		errf(path+suffix, "no node has the id %s", id.Raw)
	}
	return i, ok
}

// object is the members of a JSON object, read in one pass (gjson's Get
// scans the object again for every key), appended to a scratch buffer that
// the next object of the same kind reuses.
type object []member

type member struct {
	key string
	val gjson.Result
}

func members(obj gjson.Result, o object) object {
	if obj.IsObject() {
		obj.ForEach(func(k, v gjson.Result) bool {
			o = append(o, member{k.Str, v})
			return true
		})
	}
	return o
}

// get returns the value of key, the last one when the key repeats (as
// Python's json reads it), or a Result that does not exist.
func (o object) get(key string) gjson.Result {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].key == key {
			return o[i].val
		}
	}
	return gjson.Result{}
}

// forEach calls f on each element of an array (nothing for other values,
// which gjson's ForEach would pass to f whole).
func forEach(arr gjson.Result, f func(gjson.Result) bool) {
	if arr.IsArray() {
		arr.ForEach(func(_, v gjson.Result) bool { return f(v) })
	}
}

func keyOf(id gjson.Result) (nodeKey, bool) {
	switch id.Type {
	case gjson.Number:
		return nodeKey{text: pyNumber(id.Raw)}, true
	case gjson.String:
		return nodeKey{str: true, text: id.Str}, true
	}
	return nodeKey{}, false
}

func intOf(v gjson.Result) (int, bool) {
	if v.Type != gjson.Number {
		return 0, false
	}
	n, err := strconv.Atoi(v.Raw)
	return n, err == nil
}

func kind(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return "a string " + v.Raw
	case gjson.Number:
		return "a number " + v.Raw
	case gjson.True, gjson.False:
		return "a boolean"
	case gjson.Null:
		return "null"
	}
	if v.IsArray() {
		return "an array"
	}
	if v.IsObject() {
		return "an object"
	}
	return "nothing"
}

func hasSuffix(s, suf string) bool { return len(s) >= len(suf) && s[len(s)-len(suf):] == suf }
func hasPrefix(s, pre string) bool { return len(s) >= len(pre) && s[:len(pre)] == pre }

// isPunct is the scorer's PUNCTUATION set (score/core.py:8), trimmed from
// both ends of every anchor.
func isPunct(r rune) bool {
	switch r {
	case '.', '?', '!', ';', ',', ':', '“', '"', '”', '‘', '\'', '’', '(', ')', '[', ']', '{', '}', ' ', '\t', '\n', '\f':
		return true
	}
	return false
}

// isSpace is the scorer's SPACE set: characters an anchor never covers.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f'
}
