package penman

import (
	"fmt"
	"hash/maphash"
)

// The graph reader is a port of smatch's one-pass shift-reduce reader
// (snowblink14/smatch amr.py:192-426, parse_AMR_line) that keeps its quirks,
// because they decide the triples smatch scores. Comments cite amr.py lines.

// span is a byte range in the parser's arena.
type span struct{ lo, hi int32 }

// pos is a place in the input file, for messages (1-based line and byte
// column).
type pos struct{ line, col int32 }

// node is a variable: smatch's node_dict entry plus its role list.
type node struct {
	name       span
	concept    span
	defined    bool // the concept was read: the name is in smatch's node_dict
	listed     bool // pushed at least once: the name is in node_name_list
	at         pos
	head, tail int32 // role records keyed by this node, in order; -1 if none
}

// role is one update_triple call (amr.py:208-221): the triple is stored
// under key, already inverted for -of roles and :mod.
type role struct {
	key, name, value span
	dict1            bool // value was a defined variable when read (node_relation_dict1)
	fromMod          bool // a :mod stored as reversed :domain, for warnings
	inv              bool // stored reversed (an -of role or :mod): amr.py's is_inverted
	valueVar         bool // the value is a variable once the AMR is read (set by finish)
	at               pos
	next             int32
}

// kind is smatch's triple type: instance, attribute and relation triples
// are only compared with triples of the same type (smatch.py:151-228).
type kind uint8

const (
	instanceTriple kind = iota
	attributeTriple
	relationTriple
)

// triple is one smatch triple, names normalized as smatch compares them
// (lower + rstrip '_'); subj and, for relations, obj are variable names as
// written.
type triple struct {
	kind           kind
	rel, subj, obj []byte
}

// tripleRec is a triple as stored: rel and a constant obj in the norm
// buffer, variables in the arena. Offsets rather than slices keep the
// garbage collector out of the inner loop.
type tripleRec struct {
	kind           kind
	inv            bool // a relation stored reversed (docSmatch's is_inverted)
	rel, subj, obj span
}

// triple returns the i-th triple.
func (p *parser) triple(i int) triple {
	t := p.triples[i]
	v := triple{kind: t.kind, rel: p.norm[t.rel.lo:t.rel.hi], subj: p.bytes(t.subj)}
	if t.kind == relationTriple {
		v.obj = p.bytes(t.obj)
	} else {
		v.obj = p.norm[t.obj.lo:t.obj.hi]
	}
	return v
}

// failure is why smatch cannot read an AMR.
type failure struct {
	at  pos
	msg string
}

// parser reads one AMR at a time; its buffers are reused.
type parser struct {
	arena   []byte // token text: smatch's cur_charseq, with quotes dropped
	seq     int    // start of cur_charseq in arena
	state   int8   // 0 start or after ')', 1 after '(', 2 after ':', 3 after '/'
	inQuote bool
	relName span // cur_relation_name; empty means ""
	roleAt  pos  // the ':' that started the current role
	stack   []int32
	order   []int32 // node_name_list, as node indices (a name may repeat)
	nodes   []node
	slots   []slot // open-addressing table of node names
	gen     uint32
	roles   []role
	fail    *failure
	// notes on input smatch accepts silently, for warnings
	extraRoots int
	extraRoot  pos
	ignored    []ignoredText
	start      pos // first content character of the AMR

	norm    []byte // normalized names of the triples
	triples []tripleRec
	dropped []role
}

type slot struct {
	gen uint32
	idx int32
}

// ignoredText records tokens after a role value that smatch skips
// (amr.py:296-303 keeps parts[0] and parts[1] only).
type ignoredText struct {
	at         pos
	role, text string
}

func newParser() *parser {
	return &parser{}
}

// reset prepares for the next AMR.
func (p *parser) reset() {
	p.arena = p.arena[:0]
	p.seq = 0
	p.state = 0
	p.inQuote = false
	p.relName = span{}
	p.stack = p.stack[:0]
	p.order = p.order[:0]
	p.nodes = p.nodes[:0]
	p.gen++
	if p.gen == 0 { // wrapped: old stamps would look current
		clear(p.slots)
		p.gen = 1
	}
	p.roles = p.roles[:0]
	p.fail = nil
	p.extraRoots = 0
	p.ignored = p.ignored[:0]
	p.start = pos{}
	p.norm = p.norm[:0]
	p.triples = p.triples[:0]
	p.dropped = p.dropped[:0]
}

func (p *parser) bytes(s span) []byte { return p.arena[s.lo:s.hi] }

// take returns cur_charseq and clears it (`"".join(cur_charseq)` followed by
// `cur_charseq[:] = []`).
func (p *parser) take() span {
	s := span{int32(p.seq), int32(len(p.arena))}
	p.seq = len(p.arena)
	return s
}

// sub turns a subslice of the arena back into a span.
func (p *parser) sub(b []byte, within span) span {
	if len(b) == 0 {
		return span{within.lo, within.lo}
	}
	off := int32(cap(p.arena[within.lo:]) - cap(b))
	return span{within.lo + off, within.lo + off + int32(len(b))}
}

func (p *parser) failf(at pos, format string, args ...any) {
	if p.fail == nil {
		p.fail = &failure{at: at, msg: fmt.Sprintf(format, args...)}
	}
}

// lookup finds a node by name; -1 if absent.
func (p *parser) lookup(name []byte) int32 {
	if len(p.slots) == 0 {
		return -1
	}
	mask := uint64(len(p.slots) - 1)
	for h := hash(name) & mask; ; h = (h + 1) & mask {
		s := p.slots[h]
		if s.gen != p.gen {
			return -1
		}
		if string(p.bytes(p.nodes[s.idx].name)) == string(name) {
			return s.idx
		}
	}
}

// intern returns the node named name, adding it if new.
func (p *parser) intern(name span, at pos) int32 {
	if i := p.lookup(p.bytes(name)); i >= 0 {
		return i
	}
	if 2*(len(p.nodes)+1) > len(p.slots) {
		p.grow()
	}
	idx := int32(len(p.nodes))
	p.nodes = append(p.nodes, node{name: name, at: at, head: -1, tail: -1})
	p.place(idx)
	return idx
}

func (p *parser) place(idx int32) {
	mask := uint64(len(p.slots) - 1)
	h := hash(p.bytes(p.nodes[idx].name)) & mask
	for p.slots[h].gen == p.gen {
		h = (h + 1) & mask
	}
	p.slots[h] = slot{gen: p.gen, idx: idx}
}

func (p *parser) grow() {
	n := 16
	for n < 4*(len(p.nodes)+1) {
		n *= 2
	}
	p.slots = make([]slot, n)
	p.gen = 1
	for i := range p.nodes {
		p.place(int32(i))
	}
}

// defined reports whether name is in smatch's node_dict (a variable whose
// concept has been read).
func (p *parser) defined(name []byte) bool {
	i := p.lookup(name)
	return i >= 0 && p.nodes[i].defined
}

var (
	suffixOf     = []byte("-of")
	domainName   = []byte("domain")
	instanceName = []byte("instance")
	topName      = []byte("TOP")
	topValue     = []byte("top")
)

// addRole is update_triple (amr.py:207-221). The -of test and the
// exceptions are case-sensitive, as in smatch: :ARG0-OF is not inverted.
// dict1 says which of smatch's two dicts gets the triple: a node's own role
// (amr.py:341) and a role naming a variable already defined (313, 375) go
// to node_relation_dict1, which comes first in the relation list.
func (p *parser) addRole(u span, r, v span, dict1 bool, at pos) {
	rb := p.bytes(r)
	rec := role{dict1: dict1, at: at, next: -1}
	n := len(rb)
	switch {
	case n >= 3 && string(rb[n-3:]) == string(suffixOf) && !ofException(rb):
		rec.key, rec.name, rec.value, rec.inv = v, span{r.lo, r.hi - 3}, u, true
	case string(rb) == "mod":
		lo := int32(len(p.arena))
		p.arena = append(p.arena, domainName...)
		p.seq = len(p.arena) // keep cur_charseq empty
		rec.key, rec.name, rec.value, rec.fromMod, rec.inv = v, span{lo, lo + int32(len(domainName))}, u, true, true
	default:
		rec.key, rec.name, rec.value = u, r, v
	}
	p.roles = append(p.roles, rec)
}

// ofException is amr.py:207: roles ending in -of that are not inverse roles.
func ofException(r []byte) bool {
	switch string(r) {
	case "prep-on-behalf-of", "prep-out-of", "consist-of":
		return true
	}
	return false
}

// roleValue handles a role whose value is a token (`:op1 w` or `:polarity -`),
// at the ':' or ')' that ends it (amr.py:293-313 and 360-375).
func (p *parser) roleValue(end pos) {
	at := p.roleAt
	whole := p.take()
	f0, f1, rest, n := fields2(p.bytes(whole))
	if n < 2 {
		if n == 0 {
			p.failf(at, "a role with no name and no value")
		} else {
			p.failf(end, "role :%s has no value", f0)
		}
		return
	}
	if len(p.stack) == 0 {
		p.failf(at, "role :%s %s is outside of any node", f0, f1)
		return
	}
	if len(rest) > 0 {
		p.ignored = append(p.ignored, ignoredText{at: at, role: string(f0), text: string(rest)})
	}
	v := p.sub(f1, whole)
	p.addRole(p.nodes[p.stack[len(p.stack)-1]].name, p.sub(f0, whole), v, p.defined(p.bytes(v)), at)
}

// conceptEnd stores the concept of the node on top of the stack
// (amr.py:279-286 and 380-385).
func (p *parser) conceptEnd() {
	c := p.take()
	n := &p.nodes[p.stack[len(p.stack)-1]]
	n.concept, n.defined = c, true
}

// special marks the characters smatch's reader acts on.
var special = [256]bool{' ': true, '"': true, '(': true, ':': true, '/': true, ')': true}

// feed runs the state machine over one stripped content line. smatch joins
// the lines of an AMR with "" (amr.py:190), so feeding them one after the
// other is the same as feeding the joined line.
func (p *parser) feed(line []byte, lineNo, col0 int32) {
	if p.fail != nil {
		return
	}
	if p.start.line == 0 {
		p.start = pos{lineNo, col0 + 1}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		if !special[c] {
			// Plain text is shifted onto cur_charseq; take the whole run.
			j := i + 1
			for j < len(line) && !special[line[j]] {
				j++
			}
			p.arena = append(p.arena, line[i:j]...)
			i = j - 1
			continue
		}
		switch c {
		case ' ': // amr.py:241-245: spaces only matter inside a role
			if p.state == 2 {
				p.arena = append(p.arena, c)
			}
			continue
		case '"': // amr.py:246-251: quotes vanish, a closing one leaves '_'
			if p.inQuote {
				p.arena = append(p.arena, '_')
			}
			p.inQuote = !p.inQuote
			continue
		case '(', ':', '/', ')':
			if p.inQuote {
				p.arena = append(p.arena, c)
				continue
			}
		}
		at := pos{lineNo, col0 + int32(i) + 1}
		switch c {
		case '(': // amr.py:252-268
			if p.state == 2 {
				if p.relName.hi > p.relName.lo {
					p.failf(at, "'(' after role :%s, which already has a node", p.bytes(p.relName))
					return
				}
				whole := p.take()
				p.relName = p.sub(pyStrip(p.bytes(whole)), whole)
			}
			p.state = 1
		case ':': // amr.py:269-314
			if p.state == 3 {
				p.conceptEnd()
			} else if p.state == 2 {
				p.roleValue(at)
			}
			p.state = 2
			p.roleAt = at
		case '/': // amr.py:315-347
			if p.state != 1 {
				p.failf(at, "unexpected '/' (smatch reads '/' only after '(' and a variable; quote a value that contains '/')")
				return
			}
			name := p.take()
			if p.defined(p.bytes(name)) {
				p.failf(at, "variable %q is defined twice", p.bytes(name))
				return
			}
			if len(p.stack) == 0 && len(p.order) > 0 {
				if p.extraRoots == 0 {
					p.extraRoot = at
				}
				p.extraRoots++
			}
			idx := p.intern(name, at)
			p.nodes[idx].listed = true
			p.stack = append(p.stack, idx)
			p.order = append(p.order, idx)
			if p.relName.hi > p.relName.lo {
				if len(p.stack) < 2 {
					// smatch raises IndexError here (stack[-2])
					p.failf(at, "variable %q is the value of role :%s but no node encloses it (a '(' without 'variable /' before it, or a role after the end of the AMR?)", p.bytes(name), p.bytes(p.relName))
					return
				}
				p.addRole(p.nodes[p.stack[len(p.stack)-2]].name, p.relName, name, true, at)
				p.relName = span{}
			}
			p.state = 3
		case ')': // amr.py:348-389
			if len(p.stack) == 0 {
				p.failf(at, "unmatched ')'")
				return
			}
			if p.state == 2 {
				p.roleValue(at)
				if p.fail != nil {
					return
				}
			} else if p.state == 3 {
				p.conceptEnd()
			}
			p.stack = p.stack[:len(p.stack)-1]
			p.relName = span{}
			p.state = 0
		}
		if p.fail != nil {
			return
		}
	}
}

// finish builds the triples once the whole AMR is read (amr.py:393-426),
// TOP after the first variable's attributes (amr.py:424).
func (p *parser) finish() {
	if p.fail != nil {
		return
	}
	for _, idx := range p.order {
		if n := &p.nodes[idx]; !n.defined {
			p.failf(n.at, "variable %q has no concept (a '(' inside a concept, or the AMR ends before ')' or ':')", p.bytes(n.name))
			return
		}
	}
	if len(p.order) == 0 {
		// smatch raises IndexError (attribute_list[0], amr.py:424)
		p.failf(p.start, "no AMR graph here (expected \"(variable / concept ...)\")")
		return
	}
	// Group the role records by the node they are stored under. A record
	// whose key is not a variable (an inverse role or :mod pointing to a
	// constant) is never read back by smatch: the triple is lost.
	for i := range p.roles {
		r := &p.roles[i]
		k := p.lookup(p.bytes(r.key))
		if k < 0 || !p.nodes[k].listed {
			p.dropped = append(p.dropped, *r)
			continue
		}
		r.valueVar = r.dict1 || p.defined(p.bytes(r.value))
		n := &p.nodes[k]
		if n.tail < 0 {
			n.head = int32(i)
		} else {
			p.roles[n.tail].next = int32(i)
		}
		n.tail = int32(i)
	}
	// get_triples (amr.py:88-109) lists instances, then attributes, then
	// relations, each in order of the variables.
	for _, idx := range p.order {
		n := &p.nodes[idx]
		p.add(instanceTriple, instanceName, n.name, p.bytes(n.concept), span{})
	}
	for i, idx := range p.order {
		n := &p.nodes[idx]
		for j := n.head; j >= 0; j = p.roles[j].next {
			if r := &p.roles[j]; !r.valueVar {
				p.add(attributeTriple, p.bytes(r.name), n.name, p.bytes(r.value), span{})
			}
		}
		if i == 0 {
			p.add(attributeTriple, topName, n.name, topValue, span{})
		}
	}
	for _, idx := range p.order {
		n := &p.nodes[idx]
		// node_relation_dict1 first, then the dict2 entries that name variables
		for pass := 0; pass < 2; pass++ {
			for j := n.head; j >= 0; j = p.roles[j].next {
				r := &p.roles[j]
				if r.dict1 == (pass == 0) && r.valueVar {
					p.add(relationTriple, p.bytes(r.name), n.name, nil, r.value)
					p.triples[len(p.triples)-1].inv = r.inv
				}
			}
		}
	}
}

// add appends a triple, normalizing what smatch normalizes before comparing:
// concepts, attribute names and values, relation names (smatch.py:157-190).
// subj and a relation's obj are arena spans; rel and other objs are text.
func (p *parser) add(k kind, rel []byte, subj span, obj []byte, objVar span) {
	t := tripleRec{kind: k, subj: subj, obj: objVar}
	t.rel.lo = int32(len(p.norm))
	p.norm = appendNormalized(p.norm, rel)
	t.rel.hi = int32(len(p.norm))
	if k != relationTriple {
		p.norm = appendNormalized(p.norm, obj)
		t.obj = span{t.rel.hi, int32(len(p.norm))}
	}
	p.triples = append(p.triples, t)
}

// hashSeed seeds the hash tables; their layout varies between runs, the
// output does not.
var hashSeed = maphash.MakeSeed()

func hash(b []byte) uint64 { return maphash.Bytes(hashSeed, b) }
