// Package value holds the runtime representation of decoded documents: an
// arena of hash-consed nodes shared by the two documents of one pair.
//
// Hash-consing gives every node an ID such that two nodes have the same ID
// exactly when they are deep-equal (sets and bags compared as multisets).
// So δ is an integer comparison, |X∩Y| is a hash join on IDs, and a
// similarity of identical substructures can be memoized by ID.
package value

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unsafe"

	"github.com/metricc/metricc/internal/typecheck/types"
)

// Kind is the shape of a node.
type Kind uint8

// Node kinds.
const (
	Invalid Kind = iota
	Int
	Float
	String
	Bool
	Var
	Record
	Set
	Bag
	Seq
	// Null is JSON's null, a value of the json type (see json.go).
	Null
)

// Ref is a node of an Arena.
type Ref int32

// ID is the hash-consed identity of a node.
type ID int32

// node holds no pointers (a string node's text is strs[off]), so the
// garbage collector never scans the arena's largest slice. It is 16 bytes,
// four words whose meaning depends on the kind:
//
//	head  the kind (top 4 bits) and the ID (all ones: lazyID, not computed yet)
//	off   a composite's children kids[off : off+n]; a string's or a
//	      variable's text strs[off]; a number's low 32 bits
//	n     a composite's number of children; 0 for any leaf
//	x     a composite's tag, a variable's side, a number's high 32 bits
type node struct {
	head uint32
	off  int32
	n    int32
	x    int32
}

// idBits bound the IDs of an arena: 2^28 - 1 values a pair, the last
// pattern of the bits being lazyID's.
const (
	idBits = 28
	idMask = 1<<idBits - 1
)

func makeHead(kind Kind, id ID) uint32 { return uint32(kind)<<idBits | uint32(id)&idMask }

func (n *node) kind() Kind { return Kind(n.head >> idBits) }
func (n *node) id() ID {
	if id := n.head & idMask; id != idMask {
		return ID(id)
	}
	return lazyID
}

// numberNode is the node of a number or a boolean.
func numberNode(kind Kind, id ID, v float64) node {
	bits := math.Float64bits(v)
	return node{head: makeHead(kind, id), off: int32(uint32(bits)), x: int32(uint32(bits >> 32))}
}

// num is the value of a number node.
func (n *node) num() float64 {
	return math.Float64frombits(uint64(uint32(n.off)) | uint64(uint32(n.x))<<32)
}

// compositeNode is the node of a composite whose children are at off.
func compositeNode(kind Kind, id ID, tag int, off int32, kids int) node {
	return node{head: makeHead(kind, id), off: off, n: int32(kids), x: int32(tag)}
}

// Arena stores the nodes of one document pair. It is reused from pair to
// pair (Reset keeps its memory) and is not safe for concurrent use.
//
// Equal leaves (strings, numbers, variables) share one node: a document's
// repeated labels and offsets cost a node each once, which keeps the arena
// small. Composites never share: a matching tells its self-sums from a
// cross sum by the identity of the collection nodes (under align, Σ(X,X)
// is the identity, while two equal collections of different documents are
// matched), so every collection must stay a node of its own.
type Arena struct {
	nodes  []node
	kids   []Ref
	strs   []string
	text   []byte // the current chunk of the strings' text (copyText)
	nextID ID

	strRefs strTable
	varRefs map[varKey]Ref
	numRefs map[numKey]Ref // numbers other than the small ints
	comps   compTable
	ids     []ID
	tables  [3]IDTable
	// byID is the sets' own scratch: their elements' IDs and positions.
	byID []uint64

	smallInt []smallIntRef // nodes of the ints 0, 1, ... made in this generation
	gen      uint32        // advanced by Reset
	// bigInts keeps the exact value of the ints a float64 cannot hold
	// (beyond ±2^53); num holds the nearest float64 for arithmetic.
	bigInts map[Ref]int64
	// empty are the nodes of the empty set, bag and seq that each document
	// shares (SharedComposite), +1: 0 is none yet this generation.
	empty [2][Seq + 1]Ref
}

// smallInts bounds the integers interned by direct indexing.
const smallInts = 1 << 20

type smallIntRef struct {
	gen uint32
	ref Ref
}

// numKey is a number by its kind and bits (an int's two's complement, a
// float's IEEE bits).
type numKey struct {
	kind Kind
	bits uint64
}

type varKey struct {
	side int
	name string
}

// NewArena returns an empty arena.
func NewArena() *Arena {
	a := &Arena{}
	a.Reset()
	return a
}

// Reset empties the arena, keeping its allocations.
func (a *Arena) Reset() {
	a.nodes = a.nodes[:0]
	a.kids = a.kids[:0]
	clear(a.strs) // let the documents' text go
	a.strs = a.strs[:0]
	a.text = nil
	a.nextID = 0
	a.strRefs.reset()
	if a.varRefs == nil {
		a.varRefs = map[varKey]Ref{}
		a.numRefs = map[numKey]Ref{}
	} else {
		clear(a.varRefs)
		clear(a.numRefs)
	}
	a.comps.reset()
	clear(a.bigInts)
	a.empty = [2][Seq + 1]Ref{}
	a.gen++
	if a.gen == 0 { // wrapped: forget every stamp
		clear(a.smallInt)
		a.gen = 1
	}
}

// NumIDs returns one more than the largest ID handed out.
func (a *Arena) NumIDs() int { return int(a.nextID) }

func (a *Arena) newID() ID {
	id := a.nextID
	if id >= idMask {
		panic(fmt.Sprintf("the documents hold more than %d distinct values, the most a pair can", idMask))
	}
	a.nextID++
	return id
}

// Reserve makes room for more nodes, kids, interned composites and
// strings, so that decoding a large document grows the arena once instead
// of in many copies (Go grows large slices by a quarter), whose garbage
// stays in memory until the next collection. It reports whether the
// arena grew.
func (a *Arena) Reserve(nodes, kids, comps, strs int) bool {
	grew := false
	if cap(a.nodes)-len(a.nodes) < nodes {
		a.nodes, grew = append(make([]node, 0, len(a.nodes)+nodes), a.nodes...), true
	}
	if cap(a.kids)-len(a.kids) < kids {
		a.kids, grew = append(make([]Ref, 0, len(a.kids)+kids), a.kids...), true
	}
	if cap(a.strs)-len(a.strs) < strs {
		a.strs, grew = append(make([]string, 0, len(a.strs)+strs), a.strs...), true
	}
	// The string table by a third of that, the rate of the JSON that has
	// most (CoNLL-U: a distinct string per 190 bytes): one resize instead
	// of a doubling from 64 slots (4% of a one-document CoNLL-U pair's
	// decoding); a table sized by the high end costs more pages than the
	// rehashing it saves.
	if a.strRefs.reserve(a.strs, a.strRefs.n+strs/3) {
		grew = true
	}
	// About a node in three is a composite (of which the two documents
	// share some): the table grows once, not by doubling from empty.
	return a.comps.reserve(len(a.comps.entries)+comps, kids) || grew
}

func (a *Arena) add(n node) Ref {
	if len(a.nodes) == cap(a.nodes) {
		a.nodes = slices.Grow(a.nodes, max(1024, len(a.nodes)))
	}
	a.nodes = append(a.nodes, n)
	return Ref(len(a.nodes) - 1)
}

// appendStr appends the text of a string or variable node, the slice
// doubling as appendKids does. The text is copied into the arena's own
// chunks: a decoder's strings are slices of the document's text, which
// would otherwise stay in memory as long as the arena holds one of them.
func (a *Arena) appendStr(s string) {
	if len(a.strs) == cap(a.strs) {
		a.strs = slices.Grow(a.strs, max(256, len(a.strs)))
	}
	a.strs = append(a.strs, a.copyText(s))
}

// copyText copies s into the arena's text chunks. A chunk is never
// written over (a string handed out may outlive the pair): Reset starts
// new ones, small, doubling up to 64 KiB within a pair.
func (a *Arena) copyText(s string) string {
	if len(s) == 0 {
		return ""
	}
	if len(s) > cap(a.text)-len(a.text) {
		size := min(64<<10, max(256, 2*cap(a.text)))
		if len(s) > size/4 { // a long string: a chunk of its own
			return strings.Clone(s)
		}
		a.text = make([]byte, 0, size)
	}
	start := len(a.text)
	a.text = append(a.text, s...)
	return unsafe.String(&a.text[start], len(s))
}

// appendKids appends the children of a new composite. Beyond what Reserve
// made room for, the arena doubles (append would grow a large slice by a
// quarter, copying it many times).
func (a *Arena) appendKids(kids []Ref) {
	if len(a.kids)+len(kids) > cap(a.kids) {
		a.kids = slices.Grow(a.kids, max(4096, len(a.kids), len(kids)))
	}
	a.kids = append(a.kids, kids...)
}

// exactFloat bounds the integers a float64 holds exactly.
const exactFloat = 1 << 53

// Int adds an int node, exact over the whole int64 range.
func (a *Arena) Int(v int64) Ref {
	if v >= 0 && v < smallInts {
		return a.smallIntNode(int(v))
	}
	r, fresh := a.numNode(numKey{Int, uint64(v)}, float64(v))
	if fresh && (v > exactFloat || v < -exactFloat) {
		if a.bigInts == nil {
			a.bigInts = map[Ref]int64{}
		}
		a.bigInts[r] = v
	}
	return r
}

// IntValue returns the exact value of an int node.
func (a *Arena) IntValue(r Ref) int64 {
	if v, ok := a.bigInts[r]; ok {
		return v
	}
	return int64(a.nodes[r].num())
}

// Number adds an int or a float node. -0 is 0, so that they are equal. An
// int is read as int64 (see Int).
func (a *Arena) Number(kind Kind, v float64) Ref {
	if v == 0 {
		v = 0
	}
	// Ints are Int's: small non-negative ones (token offsets, indexes)
	// index an array; other numbers go to a table, where the kind keeps
	// them apart and the 64 bits are the key.
	if kind == Int {
		return a.Int(int64(v))
	}
	r, _ := a.numNode(numKey{kind, math.Float64bits(v)}, v)
	return r
}

// smallIntNode returns the node of the int i, 0 <= i < smallInts: ints
// are decoded here without a round trip through float64's checks.
func (a *Arena) smallIntNode(i int) Ref {
	if i >= len(a.smallInt) {
		n := max(i+1, 2*len(a.smallInt), 1024)
		a.smallInt = append(a.smallInt, make([]smallIntRef, n-len(a.smallInt))...)
	}
	e := &a.smallInt[i]
	if e.gen != a.gen {
		e.gen, e.ref = a.gen, a.add(numberNode(Int, a.newID(), float64(i)))
	}
	return e.ref
}

// numNode returns the node of the number k (v its value), made now when
// fresh.
func (a *Arena) numNode(k numKey, v float64) (r Ref, fresh bool) {
	if r, ok := a.numRefs[k]; ok {
		return r, false
	}
	r = a.add(numberNode(k.kind, a.newID(), v))
	a.numRefs[k] = r
	return r, true
}

// Bool adds a boolean node.
func (a *Arena) Bool(v bool) Ref {
	f := 0.0
	if v {
		f = 1
	}
	return a.Number(Bool, f)
}

// String adds a string node.
func (a *Arena) String(s string) Ref {
	r, ok, slot, h := a.strRefs.find(a.strs, s)
	if !ok {
		r = a.add(node{head: makeHead(String, a.newID()), off: int32(len(a.strs))})
		*slot = strSlot{stamp: stampOf(h, a.strRefs.gen), idx: int32(len(a.strs)), ref: r}
		a.strRefs.n++
		a.appendStr(s)
	}
	return r
}

// Var adds a latent variable named name in document side. Variables of
// different documents never share an ID: only the latent bijection the
// solver chooses relates them.
func (a *Arena) Var(side int, name string) Ref {
	r, ok := a.varRefs[varKey{side, name}]
	if !ok {
		r = a.add(node{head: makeHead(Var, a.newID()), off: int32(len(a.strs)), x: int32(side)})
		a.appendStr(name)
		// Keyed by the arena's copy: name may be a slice of a document's
		// text, which goes back to its reader's pool after decoding.
		a.varRefs[varKey{side, a.strs[len(a.strs)-1]}] = r
	}
	return r
}

// CompositeDistinct is Composite for elements the caller knows to be
// distinct values (a view building them so), which a set need not check.
// The node's ID is computed only when something asks for it (lazyID): the
// memberships of B³ are matched by their fields, and never need interning.
func (a *Arena) CompositeDistinct(kind Kind, tag int, kids []Ref) Ref {
	off := int32(len(a.kids))
	a.appendKids(kids)
	return a.add(compositeNode(kind, lazyID, tag, off, len(kids)))
}

// lazyID marks a node whose ID has not been computed yet.
const lazyID ID = -1

// Composite adds a record (kids = fields in declaration order), a set
// (duplicates dropped, first occurrence kept), a bag or a seq. tag tells
// record types apart in the identity key. kids is copied.
func (a *Arena) Composite(kind Kind, tag int, kids []Ref) Ref {
	if kind == Set {
		kids = a.dedupe(kids)
	}
	return a.composite(kind, tag, kids)
}

func (a *Arena) composite(kind Kind, tag int, kids []Ref) Ref {
	id := a.internKids(kind, tag, kids)
	off := int32(len(a.kids))
	a.appendKids(kids)
	return a.add(compositeNode(kind, id, tag, off, len(kids)))
}

// SharedComposite is Composite for a value of one document of the pair
// (side 0 or 1): a document's equal values share one node, as its equal
// leaves do (the gold's many empty sets, or a word's key repeated as
// another word's head, are one node each). The two documents never share
// a node: a matching tells a cross sum from a self-sum by its collections'
// nodes.
func (a *Arena) SharedComposite(side int, kind Kind, tag int, kids []Ref) Ref {
	if len(kids) == 0 && kind >= Set && tag == 0 {
		// The commonest collection of all, found without hashing.
		e := &a.empty[side][kind]
		if *e == 0 {
			*e = a.composite(kind, 0, nil) + 1
		}
		return *e - 1
	}
	if kind == Set {
		kids = a.dedupe(kids)
	}
	s := a.comps.slot(kind, tag, a.kidIDs(kind, kids), a.newID)
	if r := s.refs[side]; r > 0 {
		return r - 1
	}
	id := s.id
	off := int32(len(a.kids))
	a.appendKids(kids)
	r := a.add(compositeNode(kind, id, tag, off, len(kids)))
	// s may have moved (add does not intern, so it has not): set its ref.
	s.refs[side] = r + 1
	return r
}

// internKids returns the ID of a composite with these children.
func (a *Arena) internKids(kind Kind, tag int, kids []Ref) ID {
	return a.comps.intern(kind, tag, a.kidIDs(kind, kids), a.newID)
}

// kidIDs are the IDs of kids, the key of a composite (sorted for sets and
// bags), in a.ids.
func (a *Arena) kidIDs(kind Kind, kids []Ref) []ID {
	// Lazy children first: interning them uses a.ids too.
	for _, k := range kids {
		if a.nodes[k].id() == lazyID {
			a.ID(k)
		}
	}
	ids := a.ids[:0]
	for _, k := range kids {
		ids = append(ids, a.nodes[k].id())
	}
	if kind == Set || kind == Bag {
		slices.Sort(ids)
	}
	a.ids = ids
	return ids
}

// dedupe returns kids without repeated IDs, keeping first occurrences. It
// returns kids itself when there is nothing to drop.
func (a *Arena) dedupe(kids []Ref) []Ref {
	if len(kids) < 2 {
		return kids
	}
	if len(kids) <= 16 {
		return a.dedupeSmall(kids)
	}
	// Sorted by ID and then position, each run of equal IDs starts with
	// the first occurrence: a sort costs less than a table of every ID of
	// the arena, which a document's one large set would have to touch.
	byID := a.byID[:0]
	for i, k := range kids {
		byID = append(byID, uint64(uint32(a.ID(k)))<<32|uint64(i))
	}
	slices.Sort(byID)
	a.byID = byID
	dups := 0
	for i := 1; i < len(byID); i++ {
		if byID[i]>>32 == byID[i-1]>>32 {
			dups++
		}
	}
	if dups == 0 {
		return kids
	}
	drop := make([]bool, len(kids))
	for i := 1; i < len(byID); i++ {
		if byID[i]>>32 == byID[i-1]>>32 {
			drop[uint32(byID[i])] = true
		}
	}
	out := make([]Ref, 0, len(kids)-dups)
	for i, k := range kids {
		if !drop[i] {
			out = append(out, k)
		}
	}
	return out
}

// dedupeSmall is dedupe by pairwise comparison, cheaper than hashing for
// the short sets most documents have.
func (a *Arena) dedupeSmall(kids []Ref) []Ref {
	var out []Ref
	for i, k := range kids {
		id := a.ID(k)
		dup := false
		for _, prev := range kids[:i] {
			if a.ID(prev) == id {
				dup = true
				break
			}
		}
		if dup {
			if out == nil {
				out = append(make([]Ref, 0, len(kids)), kids[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, k)
		}
	}
	if out == nil {
		return kids
	}
	return out
}

// Kind returns the kind of r.
func (a *Arena) Kind(r Ref) Kind { return a.nodes[r].kind() }

// ID returns the identity of r: equal IDs mean deep-equal values.
func (a *Arena) ID(r Ref) ID {
	// Written to be inlined: the matchers ask for IDs in their loops.
	if id := a.nodes[r].head & idMask; id != idMask {
		return ID(id)
	}
	return a.internLazy(r)
}

// internLazy computes the ID of a node built with CompositeDistinct.
func (a *Arena) internLazy(r Ref) ID {
	n := a.nodes[r]
	id := a.internKids(n.kind(), int(n.x), a.kids[n.off:n.off+n.n])
	a.nodes[r].head = makeHead(n.kind(), id)
	return id
}

// Num returns the value of an int, float or bool node.
func (a *Arena) Num(r Ref) float64 {
	n := &a.nodes[r]
	switch n.kind() {
	case Int, Float, Bool:
		return n.num()
	case String:
		return 0
	}
	return float64(n.x) // a composite's tag, a variable's side
}

// Str returns the value of a string node, or the name of a var node.
func (a *Arena) Str(r Ref) string { return a.strs[a.nodes[r].off] }

// Kids returns the fields of a record or the elements of a collection.
func (a *Arena) Kids(r Ref) []Ref {
	n := &a.nodes[r]
	if n.n == 0 { // a leaf's off is not into kids
		return nil
	}
	return a.kids[n.off : n.off+n.n : n.off+n.n]
}

// Field returns field i of a record.
func (a *Arena) Field(r Ref, i int) Ref {
	return a.kids[a.nodes[r].off+int32(i)]
}

// Count returns the number of children of r.
func (a *Arena) Count(r Ref) int { return int(a.nodes[r].n) }

// VarPair asks a latent bijection to pair variable X of the prediction with
// variable Y of the gold (their nodes; a variable's identity is its ID).
type VarPair struct{ X, Y Ref }

// CollectionKind is the node kind of a collection type: the one mapping
// from the language's set, bag and seq to the arena's.
func CollectionKind(k types.CollKind) Kind {
	switch k {
	case types.Bag:
		return Bag
	case types.Seq:
		return Seq
	}
	return Set
}
