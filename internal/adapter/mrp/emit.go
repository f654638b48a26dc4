package mrp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/document"
)

// A graph becomes one document with three views of it, one per shipped
// spec that reads MRP graphs (each spec reads its own field and ignores
// the others):
//
//	tuples  mrp.metric: the 2019 scorer's six tuple types, nodes as latent variables
//	props   smatch.metric: the triples of its --score smatch
//	edm     edm.metric: the tuples of its --score edm, nodes identified by their anchors

// appendDoc appends the document of g.
func appendDoc(b []byte, g *graph) []byte {
	for i := range g.nodes {
		g.nodes[i].anchor = g.anchorText(g.nodes[i].anchors)
	}
	b = append(b, `{"id":`...)
	b = appendString(b, g.framework+"/"+g.id)
	b = append(b, `,"graph":`...)
	b = appendString(b, g.id)
	b = append(b, `,"framework":`...)
	b = appendString(b, g.framework)
	b = append(b, `,"nodes":`...)
	b = strconv.AppendInt(b, int64(len(g.nodes)), 10)
	b = append(b, `,"tuples":[`...)
	b = g.appendTuples(b)
	b = append(b, `],"props":[`...)
	b = g.appendProps(b)
	b = append(b, `],"edm":[`...)
	b = g.appendEDM(b)
	return append(b, "]}"...)
}

// tuple appends {"kind","node","target","label","name","value"}; target
// is a variable when targetVar.
func tuple(b []byte, first bool, kind, node, target string, targetVar bool, label, name, value string) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, `{"kind":"`...)
	b = append(b, kind...)
	b = append(b, `","node":`...)
	b = appendString(b, node)
	b = append(b, `,"target":`...)
	if targetVar {
		b = append(b, `{"var":`...)
		b = appendString(b, target)
		b = append(b, '}')
	} else {
		b = appendString(b, target)
	}
	b = append(b, `,"label":`...)
	b = appendString(b, label)
	b = append(b, `,"name":`...)
	b = appendString(b, name)
	b = append(b, `,"value":`...)
	b = appendString(b, value)
	return append(b, '}')
}

// appendTuples writes the tuples of Graph.score (graph.py:447-517), with
// the node's variable as its identity: under a node correspondence two
// tuples are equal exactly when the scorer's would be.
func (g *graph) appendTuples(b []byte) []byte {
	first := true
	add := func(kind, node, target string, targetVar bool, label, name, value string) {
		b = tuple(b, first, kind, node, target, targetVar, label, name, value)
		first = false
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.top {
			add("tops", n.name, "", false, "", "", "")
		}
		if n.label != nil {
			add("labels", n.name, "", false, *n.label, "", "")
		}
		for k := range n.props {
			add("properties", n.name, "", false, "", n.props[k], n.values[k])
		}
		if n.anchors != nil {
			add("anchors", n.name, "", false, "", "", n.anchor)
		}
	}
	for _, e := range g.edges {
		src, tgt := g.nodes[e.src].name, g.nodes[e.tgt].name
		add("edges", src, tgt, true, e.label, "", "")
		for k := range e.attrs {
			add("attributes", src, tgt, true, e.label, e.attrs[k], e.values[k])
		}
	}
	return b
}

// appendEDM writes the tuples of score/edm.py: names, arguments, tops and
// properties, each node identified by its anchors (nodes without anchors
// all share the empty identity, as there).
func (g *graph) appendEDM(b []byte) []byte {
	ids := make([]string, len(g.nodes))
	for i := range g.nodes {
		ids[i] = g.nodes[i].anchor
	}
	first := true
	add := func(kind, node, target, label, name, value string) {
		b = tuple(b, first, kind, node, target, false, label, name, value)
		first = false
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.label != nil {
			add("names", ids[i], "", *n.label, "", "")
		}
		if n.top {
			add("tops", ids[i], "", "", "", "")
		}
		for k := range n.props {
			add("properties", ids[i], "", "", n.props[k], n.values[k])
		}
	}
	// score/edm.py maps node ids to identities in a dict: an edge reaches
	// the last node with its id.
	for _, e := range g.edges {
		add("arguments", ids[g.last[g.nodes[e.src].name]], ids[g.last[g.nodes[e.tgt].name]], e.label, "", "")
	}
	return b
}

// appendProps writes the triples of score/smatch.py's tuples() with every
// value type and faith on (the TOP triple carries the node's label), after
// smatch's own normalization. Unlabelled nodes get no instance triple: the
// scorer gives them placeholders that never match and subtracts them from
// the counts.
func (g *graph) appendProps(b []byte) []byte {
	first := true
	add := func(rel, subj, obj string, objVar bool) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"rel":`...)
		b = appendString(b, rel)
		b = append(b, `,"subj":`...)
		b = appendString(b, subj)
		b = append(b, `,"obj":`...)
		if objVar {
			b = append(b, `{"var":`...)
			b = appendString(b, obj)
			b = append(b, '}')
		} else {
			b = appendString(b, obj)
		}
		b = append(b, '}')
	}
	// An attribute is compared with attributes only: the names that the
	// flat triples share with the other kinds are written as the penman
	// adapter writes them.
	attr := func(name string) string {
		switch name = smatchNormalize(name); name {
		case "top":
			return "TOP"
		case "instance":
			return "instance (attribute)"
		}
		return name
	}
	// Every node is a variable of its own (nodes that repeat an id get
	// "id (2)", "id (3)", …); edges reach the last node with their id, as
	// the scorer's id-to-variable dict does.
	names := make([]string, len(g.nodes))
	seen := map[string]int{}
	for i := range g.nodes {
		n := &g.nodes[i]
		names[i] = n.name
		if k := seen[n.name]; k > 0 {
			names[i] = n.name + " (" + strconv.Itoa(k+1) + ")"
		}
		seen[n.name]++
		if n.anchors != nil {
			add("anchor", names[i], n.anchor, false)
		}
		if n.label != nil {
			add("instance", names[i], smatchNormalize(*n.label), false)
		}
		if n.top {
			top := ""
			if n.label != nil {
				top = smatchNormalize(*n.label)
			}
			add("TOP", names[i], top, false)
		}
		for k := range n.props {
			add(attr(n.props[k]), names[i], smatchNormalize(n.values[k]), false)
		}
	}
	for _, e := range g.edges {
		src, tgt := names[g.last[g.nodes[e.src].name]], names[g.last[g.nodes[e.tgt].name]]
		add(smatchNormalize(e.label), src, tgt, true)
		for k := range e.attrs {
			add(smatchNormalize("("+pyRepr(e.attrs[k])+", "+pyRepr(e.values[k])+")"), src, tgt, true)
		}
	}
	return b
}

// anchorText is a canonical text of a node's anchors: with an input
// string, the set of character positions the anchors cover (score/core.py
// explode: each span trimmed of punctuation, white space left out) as
// half-open runs "0:6,7:13"; without one, the spans as written,
// "(0,6)(7,13)" (the 2019 scorer fails on such a graph; later versions
// compare the spans).
func (g *graph) anchorText(spans []span) string {
	var b strings.Builder
	if g.input == nil {
		for _, s := range spans {
			if s.ok {
				b.WriteByte('(')
				b.WriteString(strconv.Itoa(s.from))
				b.WriteByte(',')
				b.WriteString(strconv.Itoa(s.to))
				b.WriteByte(')')
			}
		}
		if b.Len() == 0 {
			return "()"
		}
		return b.String()
	}
	// The covered positions are the union of the spans less white space:
	// the spans are merged, and each merged span is walked from word to
	// word through the graph's tables of the next space and the next
	// non-space, so that a node costs its words, not the input's length
	// (a bitmap of the input per node would be quadratic in a long graph).
	g.spaceTables()
	n := len(g.input)
	merged := make([][2]int, 0, len(spans))
	for _, s := range spans {
		if from, to := max(s.from, 0), min(s.to, n); s.ok && from < to {
			merged = append(merged, [2]int{from, to})
		}
	}
	slices.SortFunc(merged, func(x, y [2]int) int { return x[0] - y[0] })
	k := 0
	for _, m := range merged {
		if k > 0 && m[0] <= merged[k-1][1] {
			merged[k-1][1] = max(merged[k-1][1], m[1])
			continue
		}
		merged[k] = m
		k++
	}
	for _, m := range merged[:k] {
		for i := g.nextWord[m[0]]; i < m[1]; i = g.nextWord[i] {
			j := min(g.nextSpace[i], m[1])
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i))
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(j))
			if j == n {
				break
			}
			i = j
		}
	}
	return b.String()
}

// spaceTables fills, once per graph, the position of the next white space
// and of the next other character at or after each position of the input
// (len(input) when there is none).
func (g *graph) spaceTables() {
	n := len(g.input)
	if len(g.nextSpace) == n+1 {
		return
	}
	g.nextSpace = make([]int, n+1)
	g.nextWord = make([]int, n+1)
	g.nextSpace[n], g.nextWord[n] = n, n
	for i := n - 1; i >= 0; i-- {
		if isSpace(g.input[i]) {
			g.nextSpace[i], g.nextWord[i] = i, g.nextWord[i+1]
		} else {
			g.nextSpace[i], g.nextWord[i] = g.nextSpace[i+1], i
		}
	}
}

// pyRepr is Python's repr() of a string, for the names smatch gives edge
// attributes: str((attribute, value)).
func pyRepr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteByte('\\')
			b.WriteByte(q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte { return document.AppendJSONString(b, s) }
