package value

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIdentityIsDeepEquality builds random values twice, in different
// orders and arenas states, and checks that two nodes share an ID exactly
// when a direct recursive comparison says they are equal.
func TestIdentityIsDeepEquality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	a := NewArena()
	var build func(depth int) Ref
	build = func(depth int) Ref {
		switch k := rng.IntN(7); {
		case depth > 2 || k == 0:
			return a.Number(Int, float64(rng.IntN(3)))
		case k == 1:
			return a.Number(Float, []float64{0.5, 1, math.Copysign(0, -1), 0, 1 << 30}[rng.IntN(5)])
		case k == 2:
			return a.String([]string{"a", "b", ""}[rng.IntN(3)])
		default:
			kind := []Kind{Record, Set, Bag, Seq}[rng.IntN(4)]
			n := rng.IntN(4)
			if kind == Record {
				n = 2
			}
			kids := make([]Ref, n)
			for i := range kids {
				kids[i] = build(depth + 1)
			}
			tag := 0 // collections carry no tag; records carry their type's
			if kind == Record {
				tag = 1 + rng.IntN(2)
			}
			return a.Composite(kind, tag, kids)
		}
	}
	for trial := range 200 {
		a.Reset()
		var refs []Ref
		for range 30 {
			refs = append(refs, build(0))
		}
		for _, x := range refs {
			for _, y := range refs {
				assert.Equal(t, deepEqual(a, x, y), a.ID(x) == a.ID(y), "trial %d", trial)
			}
		}
	}
}

// deepEqual compares values directly: sets as sets, bags as multisets.
func deepEqual(a *Arena, x, y Ref) bool {
	kx, ky := a.Kind(x), a.Kind(y)
	if kx == Int || kx == Float {
		return kx == ky && a.Num(x) == a.Num(y)
	}
	if kx != ky {
		return false
	}
	switch kx {
	case String:
		return a.Str(x) == a.Str(y)
	case Record, Seq:
		if a.Num(x) != a.Num(y) || a.Count(x) != a.Count(y) {
			return false
		}
		for i := range a.Kids(x) {
			if !deepEqual(a, a.Kids(x)[i], a.Kids(y)[i]) {
				return false
			}
		}
		return true
	case Set:
		return within(a, x, y) && within(a, y, x)
	case Bag:
		if a.Count(x) != a.Count(y) {
			return false
		}
		used := make([]bool, a.Count(y))
		for _, u := range a.Kids(x) {
			found := false
			for j, v := range a.Kids(y) {
				if !used[j] && deepEqual(a, u, v) {
					used[j], found = true, true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return false
}

func within(a *Arena, x, y Ref) bool {
	for _, u := range a.Kids(x) {
		found := false
		for _, v := range a.Kids(y) {
			if deepEqual(a, u, v) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func TestSetsDropDuplicates(t *testing.T) {
	a := NewArena()
	one, two := a.Number(Int, 1), a.Number(Int, 2)
	for _, n := range []int{3, 40} { // the small and the sorting dedupe
		kids := []Ref{}
		for i := range n {
			kids = append(kids, a.Number(Int, float64((n-i)%5)))
		}
		s := a.Composite(Set, 0, kids)
		require.Equal(t, min(n, 5), a.Count(s))
		for i, k := range a.Kids(s) { // first occurrences, in order
			assert.Equal(t, a.ID(kids[i]), a.ID(k))
		}
	}
	unique := []Ref{}
	for i := range 30 {
		unique = append(unique, a.Number(Int, float64(100+i)))
	}
	assert.Equal(t, 30, a.Count(a.Composite(Set, 0, unique)), "nothing to drop")
	s := a.Composite(Set, 0, []Ref{two, one, two})
	require.Equal(t, 2, a.Count(s))
	assert.Equal(t, a.ID(two), a.ID(a.Kids(s)[0]), "first occurrences, in order")
	assert.Equal(t, a.ID(a.Composite(Set, 0, []Ref{one, two})), a.ID(s))
	assert.NotEqual(t, a.ID(a.Composite(Bag, 0, []Ref{one, two})), a.ID(a.Composite(Bag, 0, []Ref{one, two, two})))
	assert.NotEqual(t, a.ID(a.Composite(Seq, 0, []Ref{one, two})), a.ID(a.Composite(Seq, 0, []Ref{two, one})))
}

func TestNumbers(t *testing.T) {
	a := NewArena()
	assert.Equal(t, a.ID(a.Number(Float, 0)), a.ID(a.Number(Float, math.Copysign(0, -1))))
	assert.Equal(t, a.ID(a.Number(Int, 7)), a.ID(a.Number(Int, 7)), "small ints: the array")
	big := float64(smallInts + 3)
	assert.Equal(t, a.ID(a.Number(Int, big)), a.ID(a.Number(Int, big)), "large ints: the table")
	assert.NotEqual(t, a.ID(a.Number(Int, 7)), a.ID(a.Number(Float, 7)), "an int is not a float")
	assert.NotEqual(t, a.ID(a.Number(Int, -7)), a.ID(a.Number(Int, 7)))
	seven := a.ID(a.Number(Int, 7))
	a.Reset()
	s := a.String("x") // takes the first ID of the new generation
	assert.NotEqual(t, a.ID(s), a.ID(a.Number(Int, 7)), "IDs of an old generation are forgotten")
	_ = seven
}

func TestVarsOfTwoSidesDiffer(t *testing.T) {
	a := NewArena()
	assert.Equal(t, a.ID(a.Var(0, "x")), a.ID(a.Var(0, "x")))
	assert.NotEqual(t, a.ID(a.Var(0, "x")), a.ID(a.Var(1, "x")))
	assert.NotEqual(t, a.ID(a.Var(0, "x")), a.ID(a.String("x")))
}

func TestIDTable(t *testing.T) {
	var tb IDTable
	tb.Reset(10)
	tb.Set(3, 5)
	assert.Equal(t, int32(5), tb.Get(3))
	assert.Equal(t, int32(6), tb.Add(3, 1))
	assert.Equal(t, int32(0), tb.Get(100), "beyond the table reads 0")
	tb.Reset(10)
	assert.Equal(t, int32(0), tb.Get(3), "reset forgets")
}

// TestSharedLeaves: equal strings, numbers and variables are one node (a
// document's repeated labels cost one node), across Reset too, while equal
// composites stay apart: matchings tell a self-sum from a cross sum by the
// identity of the collection nodes.
func TestSharedLeaves(t *testing.T) {
	a := NewArena()
	for range 2 {
		a.Reset()
		leaves := []func() Ref{
			func() Ref { return a.String("NOUN") },
			func() Ref { return a.Int(7) },
			func() Ref { return a.Int(-7) },
			func() Ref { return a.Int(1 << 60) },
			func() Ref { return a.Number(Float, 0.25) },
			func() Ref { return a.Bool(true) },
			func() Ref { return a.Var(1, "x") },
		}
		var first []Ref
		for _, leaf := range leaves {
			first = append(first, leaf())
		}
		before := len(a.nodes)
		for i, leaf := range leaves {
			assert.Equal(t, first[i], leaf(), "leaf %d", i)
		}
		assert.Equal(t, before, len(a.nodes), "no node added for a leaf seen before")
		assert.Equal(t, "NOUN", a.Str(first[0]))
		assert.Equal(t, "x", a.Str(first[6]))
		assert.Equal(t, int64(1<<60), a.IntValue(first[3]))
		assert.NotEqual(t, a.Var(0, "x"), first[6], "variables of the two sides differ")
		assert.NotEqual(t, a.ID(a.Int(7)), a.ID(a.Number(Float, 7)), "an int is not a float")

		x := a.Composite(Set, 0, []Ref{first[0], first[1]})
		y := a.Composite(Set, 0, []Ref{first[0], first[1]})
		assert.NotEqual(t, x, y)
		assert.Equal(t, a.ID(x), a.ID(y))
	}
}

// TestSharedComposite: a document's equal composites share one node,
// the two documents of a pair never do, and every one of them has the ID
// of its value.
func TestSharedComposite(t *testing.T) {
	a := NewArena()
	one, two := a.Int(1), a.Int(2)
	g1 := a.SharedComposite(1, Set, 0, []Ref{one, two})
	g2 := a.SharedComposite(1, Set, 0, []Ref{two, one, two})
	p1 := a.SharedComposite(0, Set, 0, []Ref{one, two})
	rec := a.SharedComposite(1, Record, 3, []Ref{g1, one})
	assert.Equal(t, g1, g2, "a set read twice in one document is one node")
	assert.NotEqual(t, g1, p1, "the documents of a pair never share a node")
	assert.Equal(t, a.ID(g1), a.ID(p1))
	assert.Equal(t, a.ID(g1), a.ID(a.Composite(Set, 0, []Ref{two, one})))
	assert.Equal(t, rec, a.SharedComposite(1, Record, 3, []Ref{g2, one}))
	assert.NotEqual(t, a.ID(rec), a.ID(a.SharedComposite(1, Record, 4, []Ref{g1, one})), "the tag tells record types apart")
	a.Reset()
	fresh := a.SharedComposite(1, Set, 0, []Ref{a.Int(1)})
	assert.Equal(t, 1, a.Count(fresh), "a reset arena forgets the shared nodes")
}

// TestInternAcrossGrowthAndResets: the composite and string tables keep
// identities through their growth (each key's hash computed again from the
// pool or the text) and forget them at every reset, across the wrap of
// their 8-bit generations (more than 255 resets), for negative tags as
// well as record tags.
func TestInternAcrossGrowthAndResets(t *testing.T) {
	a := NewArena()
	for round := range 300 {
		a.Reset()
		n := 50
		if round%100 == 0 {
			n = 5000 // grows the table several times over
		}
		first := make([]ID, n)
		for i := range n {
			kids := []Ref{a.Int(int64(i)), a.String(strconv.Itoa(i)), a.Int(int64(round))}
			tag := []int{1, JSONEntryTag, 7}[i%3]
			first[i] = a.ID(a.Composite(Record, tag, kids))
		}
		ids := map[ID]bool{}
		for i := range n {
			str := a.String(strconv.Itoa(i))
			require.Equal(t, strconv.Itoa(i), a.Str(str))
			kids := []Ref{a.Int(int64(i)), str, a.Int(int64(round))}
			tag := []int{1, JSONEntryTag, 7}[i%3]
			id := a.ID(a.Composite(Record, tag, kids))
			require.Equal(t, first[i], id, "round %d key %d", round, i)
			ids[id] = true
		}
		require.Len(t, ids, n, "round %d: distinct keys, distinct IDs", round)
		other := a.ID(a.Composite(Record, 2, []Ref{a.Int(0), a.String("0"), a.Int(int64(round))}))
		require.False(t, ids[other], "round %d: another tag is another value", round)
	}
}

// TestNodeFields: each kind reads back what it was built with from the
// 16-byte node: a number's 64 bits, a string's text, a variable's name and
// side, a composite's kind, tag and children, a lazy composite's ID once
// asked for.
func TestNodeFields(t *testing.T) {
	a := NewArena()
	for _, v := range []float64{0, 1, -2.5, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(-1), 1 << 60} {
		r := a.Number(Float, v)
		assert.Equal(t, Float, a.Kind(r))
		assert.Equal(t, v, a.Num(r))
	}
	for _, v := range []int64{0, 5, smallInts + 1, -3, math.MaxInt64, math.MinInt64} {
		r := a.Int(v)
		assert.Equal(t, Int, a.Kind(r))
		assert.Equal(t, v, a.IntValue(r))
	}
	assert.Equal(t, 1.0, a.Num(a.Bool(true)))
	s := a.String("héllo")
	assert.Equal(t, "héllo", a.Str(s))
	assert.Equal(t, 0.0, a.Num(s))
	assert.Nil(t, a.Kids(s))
	v := a.Var(1, "x")
	assert.Equal(t, Var, a.Kind(v))
	assert.Equal(t, "x", a.Str(v))
	assert.Equal(t, 1.0, a.Num(v))
	rec := a.Composite(Record, JSONEntryTag, []Ref{s, v})
	assert.Equal(t, Record, a.Kind(rec))
	assert.Equal(t, float64(JSONEntryTag), a.Num(rec))
	assert.Equal(t, []Ref{s, v}, a.Kids(rec))
	lazy := a.CompositeDistinct(Seq, 0, []Ref{s, v})
	assert.Equal(t, Seq, a.Kind(lazy))
	assert.Equal(t, 2, a.Count(lazy))
	assert.Equal(t, a.ID(a.Composite(Seq, 0, []Ref{s, v})), a.ID(lazy))
	assert.Equal(t, Seq, a.Kind(lazy), "computing the ID keeps the kind")
}

// TestStringsAreCopies: the arena keeps copies of its strings (not slices
// of the text they were read from, which may then go), and a string handed
// out stays as it was after the arena is reset and used again.
func TestStringsAreCopies(t *testing.T) {
	a := NewArena()
	text := []byte(`"label" and more text`)
	s := a.Str(a.String(unsafe.String(&text[1], 5)))
	long := strings.Repeat("x", 100<<10)
	l := a.Str(a.String(long))
	copy(text, "XXXXXXX")
	assert.Equal(t, "label", s)
	assert.NotSame(t, unsafe.StringData(long), unsafe.StringData(l))
	a.Reset()
	for i := range 20000 {
		a.String(strconv.Itoa(i))
	}
	assert.Equal(t, "label", s, "a reset arena writes its text in new chunks")
	assert.Equal(t, long, l)
}

// TestReserveSaysWhenItGrows: decoding collects before a large pair only
// when the arena grows for it, so Reserve must say so, and not when the
// room is there (after Reset, too).
func TestReserveSaysWhenItGrows(t *testing.T) {
	a := NewArena()
	steps := []struct {
		nodes, kids, comps, strs int
		reset                    bool
		grows                    bool
	}{
		{1000, 4000, 300, 100, false, true},
		{1000, 4000, 300, 100, true, false}, // the same room, emptied
		{10, 10, 10, 10, false, false},
		{1000, 4000, 300, 5000, true, true}, // more strings only
		{1000, 4000, 3000, 100, true, true}, // more composites only
		{1000, 40000, 300, 100, true, true}, // more child IDs
		{500, 400, 30, 10, true, false},
	}
	for i, s := range steps {
		if s.reset {
			a.Reset()
		}
		if got := a.Reserve(s.nodes, s.kids, s.comps, s.strs); got != s.grows {
			t.Errorf("step %d: Reserve(%d, %d, %d, %d) = %v, want %v", i, s.nodes, s.kids, s.comps, s.strs, got, s.grows)
		}
	}
}

// TestReserveSizesTheStringTable: the distinct strings Reserve expects (a
// third of those it has room for) are interned without the table
// growing, and still found after.
func TestReserveSizesTheStringTable(t *testing.T) {
	a := NewArena()
	const n = 5000
	a.Reserve(10, 10, 10, 3*n)
	slots := len(a.strRefs.slots)
	assert.GreaterOrEqual(t, slots, 2*n)
	refs := make([]Ref, n)
	for i := range n {
		refs[i] = a.String(fmt.Sprintf("s%d", i))
	}
	assert.Equal(t, slots, len(a.strRefs.slots), "the table grew")
	for i := range n {
		assert.Equal(t, refs[i], a.String(fmt.Sprintf("s%d", i)))
	}
}

// TestVarOutlivesItsText: a variable's name may be a slice of a pooled
// document text, written over once the document is decoded; the arena
// still finds the variable by its name.
func TestVarOutlivesItsText(t *testing.T) {
	a := NewArena()
	text := []byte("a0")
	r := a.Var(0, unsafe.String(&text[0], len(text)))
	copy(text, "b1") // the buffer serves the next document
	assert.Equal(t, r, a.Var(0, "a0"))
	assert.NotEqual(t, r, a.Var(0, "b1"))
	assert.Equal(t, "a0", a.Str(r))
}
