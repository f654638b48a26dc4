package penman

import (
	"slices"
	"strconv"
	"strings"
)

// DocFields are the fields of the docsmatch spec, which the adapter writes
// only for a spec that reads one of them.
//
// docprops are the triples of props, each with the sentences of its
// variables as docSmatch (IBM/docAMR e8937ba, docSmatch/amr.py
// categorize_nodes_by_sentence) buckets them: "ssnt" for subj, "osnt" for a
// relation's obj ([] for a constant), each an array of sentence numbers. The buckets of a document AMR, a root
// with :snt1 ... :sntK, are 0 (the root alone) and i (every variable
// reachable from the :snt i variable): a relation x -> y leads from x to y
// unless it is :coref or a reversed :domain (a :mod), and from y to x when it
// was written reversed (an -of role or :mod) or is :part, :subset or
// :coref; a :coref whose target is still unreachable from the root is then
// followed forward, in order. A variable's field lists its buckets; an AMR
// without :snt roles has one bucket, 0. docSmatch lets a variable map only
// to one that shares a bucket.
//
// corefprops are the triples docSmatch's --coref-subscore counts (amr.py
// find_coref), in the form of docprops: the instance triple of each
// variable whose concept is implicit-role or coref-entity, and the
// coreference edges: every relation into such a variable or one that is in several
// sentences and has two or more parents (relations other than :coref,
// :part, :subset, in the direction written) in other sentences than its
// own, not all in the same ones; every :coref from such a variable; every
// :part or :subset between variables of different sentences.
var DocFields = []string{"docprops", "corefprops"}

// docSnt holds the buffers of the bucket computation, reused per AMR.
type docSnt struct {
	index  map[string]int32
	out    [][]int32 // edges by source
	seen   []bool
	marked []int32 // the variables seen marks, so that reach unmarks them alone
	queue  []int32
	label  []string
	snt    map[int]int32
	coref  [][2]int32
	member [][]int
}

// reach marks every variable reachable from v in d.seen (cleared first),
// and lists them in d.marked. It costs what it reaches, not the graph: a
// document is walked once per sentence.
func (d *docSnt) reach(v int32) {
	for _, x := range d.marked {
		d.seen[x] = false
	}
	d.marked = d.marked[:0]
	d.extend(v)
}

// extend marks v and every variable reachable from it that is not marked
// yet; a marked variable's successors are taken as marked.
func (d *docSnt) extend(v int32) {
	if d.seen[v] {
		return
	}
	d.seen[v] = true
	d.marked = append(d.marked, v)
	d.queue = append(d.queue[:0], v)
	for len(d.queue) > 0 {
		x := d.queue[len(d.queue)-1]
		d.queue = d.queue[:len(d.queue)-1]
		for _, y := range d.out[x] {
			if !d.seen[y] {
				d.seen[y] = true
				d.marked = append(d.marked, y)
				d.queue = append(d.queue, y)
			}
		}
	}
}

// buckets computes the sentence label of each variable of the parsed AMR.
func (d *docSnt) buckets(p *parser) {
	n := len(p.order)
	if d.index == nil {
		d.index = map[string]int32{}
		d.snt = map[int]int32{}
	}
	clear(d.index)
	clear(d.snt)
	for i, idx := range p.order {
		d.index[string(p.bytes(p.nodes[idx].name))] = int32(i)
	}
	d.out = slices.Grow(d.out[:0], n)[:n]
	for i := range d.out {
		d.out[i] = d.out[i][:0]
	}
	d.seen = slices.Grow(d.seen[:0], n)[:n]
	clear(d.seen)
	d.marked = d.marked[:0]
	d.coref = d.coref[:0]
	for i := range p.triples {
		t := p.triple(i)
		if t.kind != relationTriple {
			continue
		}
		x, y := d.index[string(t.subj)], d.index[string(t.obj)]
		r := string(t.rel)
		inv := p.triples[i].inv
		if r != "coref" && (r != "domain" || !inv) {
			d.out[x] = append(d.out[x], y)
		}
		if inv || r == "part" || r == "subset" || r == "coref" {
			d.out[y] = append(d.out[y], x)
		}
		if r == "coref" {
			d.coref = append(d.coref, [2]int32{x, y})
		}
		if x == 0 && strings.HasPrefix(r, "snt") {
			if k, err := strconv.Atoi(r[3:]); err == nil {
				d.snt[k] = y
			}
		}
	}
	// docSmatch walks from the root again before each coref edge, and
	// adds it when it leads out of what is reached. Reachability only
	// grows, so it is extended from each added edge's target instead (a
	// walk per edge would be quadratic).
	d.reach(0)
	for _, c := range d.coref {
		if !d.seen[c[1]] && d.seen[c[0]] {
			d.out[c[0]] = append(d.out[c[0]], c[1])
			d.extend(c[1])
		}
	}
	d.member = slices.Grow(d.member[:0], n)[:n]
	for i := range d.member {
		d.member[i] = d.member[i][:0]
	}
	if len(d.snt) == 0 {
		for i := range d.member {
			d.member[i] = append(d.member[i], 0)
		}
	} else {
		d.member[0] = append(d.member[0], 0)
		for k := 1; k <= len(d.snt); k++ {
			root, ok := d.snt[k]
			if !ok {
				continue // docSmatch stops (KeyError): :snt numbers must be 1..K
			}
			d.reach(root)
			for _, v := range d.marked {
				d.member[v] = append(d.member[v], k)
			}
		}
	}
	d.label = slices.Grow(d.label[:0], n)[:n]
	var b []byte
	for v, m := range d.member {
		b = append(b[:0], '[')
		for j, k := range m {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(k), 10)
		}
		d.label[v] = string(append(b, ']'))
	}
}

// appendDocProps writes the docprops and corefprops fields of the parsed
// AMR.
func (d *docSnt) appendDocProps(dst []byte, p *parser) []byte {
	ok := p.fail == nil && len(p.order) > 0
	if ok {
		d.buckets(p)
	}
	dst = append(dst, `,"docprops":[`...)
	if ok {
		dst = d.appendTriples(dst, p, nil)
	}
	dst = append(dst, `],"corefprops":[`...)
	if ok {
		dst = d.appendTriples(dst, p, d.corefTriples(p))
	}
	return append(dst, ']')
}

// corefTriples marks the triples of find_coref: coref nodes' instances and
// coref edges.
func (d *docSnt) corefTriples(p *parser) []bool {
	n := len(p.order)
	same := func(a, b int32) bool { return slices.Equal(d.member[a], d.member[b]) }
	parents := make([][]int32, n)
	for i := range p.triples {
		t := p.triple(i)
		if t.kind != relationTriple {
			continue
		}
		r := string(t.rel)
		if r == "coref" || r == "part" || r == "subset" {
			continue
		}
		x, y := d.index[string(t.subj)], d.index[string(t.obj)]
		if p.triples[i].inv {
			parents[x] = append(parents[x], y)
		} else {
			parents[y] = append(parents[y], x)
		}
	}
	coref := make([]bool, n) // find_coref's _coref_nodes
	for i := range p.triples {
		if t := p.triple(i); t.kind == instanceTriple && isCorefConcept(t.obj) {
			coref[d.index[string(t.subj)]] = true
		}
	}
	for v := range n {
		if len(d.member[v]) < 2 || len(parents[v]) < 2 {
			continue
		}
		var rels []int32
		for _, q := range parents[v] {
			if !same(q, int32(v)) {
				rels = append(rels, q)
			}
		}
		if len(rels) < 2 {
			continue
		}
		for _, q := range rels[1:] {
			if !same(q, rels[0]) {
				coref[v] = true
				break
			}
		}
	}
	mark := make([]bool, len(p.triples))
	for i := range p.triples {
		t := p.triple(i)
		switch t.kind {
		case instanceTriple:
			mark[i] = isCorefConcept(t.obj)
		case relationTriple:
			x, y := d.index[string(t.subj)], d.index[string(t.obj)]
			r := string(t.rel)
			mark[i] = coref[y] || coref[x] && r == "coref" || (r == "part" || r == "subset") && !same(x, y)
		}
	}
	return mark
}

// appendTriples writes the triples (those marked, if mark is not nil) with
// the sentences of their variables.
func (d *docSnt) appendTriples(dst []byte, p *parser, mark []bool) []byte {
	first := true
	{
		for i := range p.triples {
			if mark != nil && !mark[i] {
				continue
			}
			t := p.triple(i)
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = appendProp(dst, &t)
			dst = dst[:len(dst)-1]
			dst = append(dst, `,"ssnt":`...)
			dst = append(dst, d.label[d.index[string(t.subj)]]...)
			dst = append(dst, `,"osnt":`...)
			if t.kind == relationTriple {
				dst = append(dst, d.label[d.index[string(t.obj)]]...)
			} else {
				dst = append(dst, `[]`...)
			}
			dst = append(dst, '}')
		}
	}
	return dst
}

// isCorefConcept reports find_coref's special concepts.
func isCorefConcept(c []byte) bool {
	return string(c) == "implicit-role" || string(c) == "coref-entity"
}
