package eval

import (
	"slices"

	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/value"
)

// ctx is one worker's mutable state: the arena of the current document
// pair, memo tables, and scratch frames for nested matchings. Everything is
// reset, not reallocated, between pairs.
type ctx struct {
	a      *value.Arena
	ws     solver.Workspace
	frames []*frame
	// trace, when set, records the alignment chosen at every matching
	// level (explain); nil costs one comparison per matching.
	trace *tracer
	// keep, set by a traced plan's scoring, receives the matching a
	// breakdown chose, so that its alignment is the one scored.
	keep *keptMatching
	// In a traced plan: the plan, the metric being scored and its side
	// (the N=R tree of a metric that uses N), and what it recorded.
	plan       *Plan
	metric     *Metric
	recallSide bool
	traces     []*MetricTrace
	// search accumulates the DAG searches of the metric being scored.
	search SearchStats
	depth  int

	// named are the shared values of the document being decoded (its
	// "@n"), a table reused from document to document.
	named []namedValue

	memo     memoTable
	viewMemo map[memoKey]value.Ref
	// cands keeps the candidate pairs of each (keys, X, Y), as a span of
	// candPairs: matchings that block on the same keys over the same
	// collections share them.
	cands     map[candKey][2]int
	candPairs []pair
	// edges keeps the positive pairs of each chooser over (X, Y), as a
	// span of edgePool: the metrics that align the same collections by the
	// same similarity (align = ...) evaluate it once.
	edges    map[edgeKey][2]int
	edgePool []solver.Edge
	// walks keeps the alignment of each (align similarity, X, Y) of the
	// sequences matched under align, as a span of walkPool.
	walks    map[edgeKey][2]int
	walkPool []solver.Edge
	// subs records the collections a filter view built (`[v where
	// cond]`): each is its parent's elements at positions subPos[span],
	// the same nodes in the same order, so the candidate pairs and the
	// positive pairs of a matching over them are those of the parent's
	// matching restricted to them (see restricted).
	subs   map[value.Ref]subColl
	subPos []int32
	// rowOf and colOf map a parent's positions to a sub-collection's.
	rowOf, colOf []int32
	// keyNames holds this worker's copies of breakdown keys (keyOf).
	keyNames map[string]string

	// latent-variable matching
	latentSolver  solver.LatentSolver
	latentProblem solver.LatentProblem
	latentItems   solver.LatentItems
	latentClasses map[uint64][]latentClass
	limits        solver.Limits
	varIDs        [2]map[value.ID]int32
	vars          [2][]value.Ref // the variables of each side, by number
	reqBuf        []value.VarPair
	varPairs      []solver.VarPair
	// tie, during a breakdown's second search, weighs pairs by the rank of
	// their key (breakdown.go).
	tie *tieWeight

	cnt      []int32
	touched  []value.ID
	mark     []bool
	floatBuf []float64
	ids      [2][]int32
}

// idList lends the IDs of refs as int32 keys (two lists at once: side 0
// and 1).
func (c *ctx) idList(refs []value.Ref, side int) []int32 {
	out := c.ids[side][:0]
	for _, r := range refs {
		out = append(out, int32(c.a.ID(r)))
	}
	c.ids[side] = out
	return out
}

// memoKey identifies a memoized result: a matcher or view slot and the IDs
// of its arguments (y = -1 for one-argument entries).
type memoKey struct {
	slot int32
	x, y value.ID
}

func newCtx() *ctx {
	return &ctx{
		a:        value.NewArena(),
		viewMemo: map[memoKey]value.Ref{},
		cands:    map[candKey][2]int{},
		limits:   solver.Limits{},
		edges:    map[edgeKey][2]int{},
		subs:     map[value.Ref]subColl{},
		walks:    map[edgeKey][2]int{},
		keyNames: map[string]string{},
	}
}

func (c *ctx) reset() {
	c.a.Reset()
	c.memo.reset()
	clear(c.viewMemo)
	clear(c.cands)
	c.candPairs = c.candPairs[:0]
	clear(c.edges)
	c.edgePool = c.edgePool[:0]
	clear(c.walks)
	c.walkPool = c.walkPool[:0]
	clear(c.subs)
	c.subPos = c.subPos[:0]
	c.depth = 0
}

// frame is the scratch of one matching being computed. Matchings nest (an
// element similarity may itself be a matching), so each nesting level has
// its own frame.
type frame struct {
	pairs   []pair
	edges   []solver.Edge
	chosen  []solver.Edge
	credits []float64 // align: the credit of each edge
	rowA    []float64 // align: the best weight and credit of each row
	rowC    []float64

	// Inverted index: key -> chain of column indexes. Keys that are node
	// IDs (dense, small) index arrays stamped with a generation; other keys
	// (combined keys of products, the empty-collection marks) go through
	// hashed, an open-addressing table sized for each matching.
	hashed  hashIndex
	headAt  []int32
	headGen []uint32
	gen     uint32
	links   []link
	keys    []uint64
	stamp   []int32
	// yKeys are the keys of the indexed collection's elements, element
	// j's ending at yEnds[j].
	yKeys []uint64
	yEnds []int32
}

type pair struct{ Row, Col int32 }

type edgeKey struct {
	chooser *cnode
	x, y    value.Ref
}

// subColl is a collection a filter kept from parent: the elements at
// positions subPos[from:to] of parent's, in order.
type subColl struct {
	parent   value.Ref
	from, to int
}

// restricted maps the pairs of a matching of the parents of X and Y to
// the pairs of X and Y, where one of them (at least) is a filter's
// sub-collection: parentX and parentY are the collections whose pairs to
// restrict, and rowOf, colOf map their positions to X's and Y's (-1: left
// out). ok is false when neither side was filtered.
func (c *ctx) restricted(X, Y value.Ref) (parentX, parentY value.Ref, rowOf, colOf []int32, ok bool) {
	sx, okx := c.subs[X]
	sy, oky := c.subs[Y]
	if !okx && !oky {
		return 0, 0, nil, nil, false
	}
	parentX, c.rowOf = c.positions(X, sx, okx, c.rowOf)
	parentY, c.colOf = c.positions(Y, sy, oky, c.colOf)
	return parentX, parentY, c.rowOf, c.colOf, true
}

// positions fills buf with the map from the parent's positions to the
// sub-collection's (the identity for a collection not filtered).
func (c *ctx) positions(coll value.Ref, s subColl, filtered bool, buf []int32) (value.Ref, []int32) {
	if !filtered {
		buf = buf[:0]
		for i := range c.a.Kids(coll) {
			buf = append(buf, int32(i))
		}
		return coll, buf
	}
	n := len(c.a.Kids(s.parent))
	if cap(buf) < n {
		buf = make([]int32, n)
	}
	buf = buf[:n]
	for i := range buf {
		buf[i] = -1
	}
	for i, at := range c.subPos[s.from:s.to] {
		buf[at] = int32(i)
	}
	return s.parent, buf
}

type candKey struct {
	keys keyFn
	x, y value.Ref
}

type link struct {
	col  int32
	next int32
}

func (c *ctx) push() *frame {
	if c.depth == len(c.frames) {
		c.frames = append(c.frames, &frame{})
	}
	f := c.frames[c.depth]
	c.depth++
	return f
}

func (c *ctx) pop() { c.depth-- }

// allPairs lists every (i, j).
func (f *frame) allPairs(n, k int) {
	f.allPairsUpTo(n, k, 0)
}

// allPairsUpTo lists at most limit pairs (0: all) and reports whether it
// left some out.
func (f *frame) allPairsUpTo(n, k, limit int) bool {
	f.pairs = f.pairs[:0]
	for i := 0; i < n; i++ {
		for j := 0; j < k; j++ {
			if limit > 0 && len(f.pairs) == limit {
				return true
			}
			f.pairs = append(f.pairs, pair{int32(i), int32(j)})
		}
	}
	return false
}

// candidates lists the pairs (i, j) whose blocking keys meet, each once,
// through an inverted index over the keys of ys.
func (f *frame) candidates(c *ctx, keys keyFn, xs, ys []value.Ref) {
	f.candidatesUpTo(c, keys, xs, ys, 0)
}

// candidatesUpTo is candidates listing at most limit pairs (0: all); it
// reports whether it left some out.
func (f *frame) candidatesUpTo(c *ctx, keys keyFn, xs, ys []value.Ref, limit int) bool {
	if keys.coarse != nil {
		// The coarse keys alone (one per value) are cheaper, and give a
		// superset of the pairs: taken unless they pair too many.
		if !f.index(c, keys.coarse, xs, ys, coarseBound(xs, ys, limit)) {
			return false
		}
	}
	return f.index(c, keys, xs, ys, limit)
}

// coarseBound is how many pairs the coarse keys of a combined key may
// give and be taken (at most limit, unless 0).
func coarseBound(xs, ys []value.Ref, limit int) int {
	bound := 4*(len(xs)+len(ys)) + 64
	if limit > 0 {
		bound = min(bound, limit)
	}
	return bound
}

// listCandidates is candidates of the collections X and Y (their
// elements xs and ys), kept for the other matchings that block on the
// same keys over them. A combined key whose coarse pairs are taken has
// the candidates of its coarse keys: they are kept under both, so that
// the matchings that block on the coarse keys alone, or on other keys
// combined with them, list them once (mention identification and the
// precision and recall trees of B³ all pair the memberships that share
// a mention).
func (f *frame) listCandidates(c *ctx, keys keyFn, X, Y value.Ref, xs, ys []value.Ref) {
	key := candKey{keys, X, Y}
	if keys.coarse != nil {
		coarse := candKey{keys.coarse, X, Y}
		span, ok := c.cands[coarse]
		if !ok && !f.index(c, keys.coarse, xs, ys, coarseBound(xs, ys, 0)) {
			span, ok = c.keepCandidates(coarse, f.pairs), true
		}
		if ok && span[1]-span[0] <= coarseBound(xs, ys, 0) {
			f.pairs = append(f.pairs[:0], c.candPairs[span[0]:span[1]]...)
			c.cands[key] = span
			return
		}
		f.index(c, keys, xs, ys, 0)
	} else {
		f.candidates(c, keys, xs, ys)
	}
	c.keepCandidates(key, f.pairs)
}

// keepCandidates keeps the candidate pairs of key and returns their span.
func (c *ctx) keepCandidates(key candKey, pairs []pair) [2]int {
	start := len(c.candPairs)
	c.candPairs = append(c.candPairs, pairs...)
	span := [2]int{start, len(c.candPairs)}
	c.cands[key] = span
	return span
}

// index lists the pairs whose keys meet, at most limit of them (0: all),
// and reports whether it stopped at the limit. The keys of ys are listed
// first, so that the chains and the table of hashed keys are sized once
// for this matching: a document of one large collection would otherwise
// grow them by doubling, its garbage as large as they are.
func (f *frame) index(c *ctx, keys keyFn, xs, ys []value.Ref, limit int) bool {
	f.gen++
	if f.gen == 0 { // wrapped: forget every stamp
		clear(f.headGen)
		f.gen = 1
	}
	f.yKeys, f.yEnds = f.yKeys[:0], f.yEnds[:0]
	hashed := 0
	for _, y := range ys {
		from := len(f.yKeys)
		f.yKeys = keys.fn(c, y, room(f.yKeys, 8))
		for _, key := range f.yKeys[from:] {
			if key&mapKeyBit != 0 {
				hashed++
			}
		}
		f.yEnds = append(f.yEnds, int32(len(f.yKeys)))
	}
	f.hashed.reset(hashed)
	if cap(f.links) < len(f.yKeys) {
		f.links = make([]link, 0, len(f.yKeys))
	}
	f.links = f.links[:0]
	from := 0
	for j, end := range f.yEnds {
		for _, key := range f.yKeys[from:end] {
			head := f.lookup(key)
			f.setHead(key, int32(len(f.links)))
			f.links = append(f.links, link{col: int32(j), next: head})
		}
		from = int(end)
	}
	if cap(f.stamp) < len(ys) {
		f.stamp = make([]int32, len(ys))
	}
	f.stamp = f.stamp[:len(ys)]
	for j := range f.stamp {
		f.stamp[j] = -1
	}
	f.pairs = f.pairs[:0]
	for i, x := range xs {
		f.keys = keys.fn(c, x, f.keys[:0])
		for _, key := range f.keys {
			for at := f.lookup(key); at >= 0; at = f.links[at].next {
				j := f.links[at].col
				if f.stamp[j] != int32(i) {
					if limit > 0 && len(f.pairs) == limit {
						return true
					}
					f.stamp[j] = int32(i)
					f.pairs = append(room(f.pairs, 1), pair{int32(i), j})
				}
			}
		}
	}
	return false
}

// lookup returns the head of key's chain, or -1.
func (f *frame) lookup(key uint64) int32 {
	if key < uint64(len(f.headAt)) {
		if f.headGen[key] == f.gen {
			return f.headAt[key]
		}
		return -1
	}
	if key&mapKeyBit == 0 {
		return -1 // a node ID never inserted
	}
	return f.hashed.get(key)
}

func (f *frame) setHead(key uint64, at int32) {
	if key&mapKeyBit != 0 {
		f.hashed.set(key, at)
		return
	}
	if key >= uint64(len(f.headAt)) {
		n := int(key) + 1 + int(key)/2
		f.headAt = append(f.headAt, make([]int32, n-len(f.headAt))...)
		f.headGen = append(f.headGen, make([]uint32, n-len(f.headGen))...)
	}
	f.headAt[key], f.headGen[key] = at, f.gen
}

// hashIndex maps hashed keys to int32 values for one matching at a time:
// open addressing with linear probing over a table that reset sizes for
// the keys the matching will set (at most two thirds full), the prefix of
// the largest table used so far, so that a small matching after a large
// one clears only the slots it uses.
type hashIndex struct {
	keys []uint64
	vals []int32 // the value + 1; 0: an empty slot
	mask uint64
}

// reset empties the table and sizes it for at most n keys.
func (t *hashIndex) reset(n int) {
	size := 16
	for size < n+n/2 {
		size *= 2
	}
	if cap(t.keys) < size {
		t.keys, t.vals = make([]uint64, size), make([]int32, size)
	} else {
		t.keys, t.vals = t.keys[:size], t.vals[:size]
		clear(t.vals)
	}
	t.mask = uint64(size - 1)
}

func (t *hashIndex) slot(key uint64) uint64 {
	return (key * 0x9e3779b97f4a7c15) >> 32 & t.mask
}

// get returns the value of key, or -1.
func (t *hashIndex) get(key uint64) int32 {
	if len(t.vals) == 0 {
		return -1
	}
	for i := t.slot(key); t.vals[i] != 0; i = (i + 1) & t.mask {
		if t.keys[i] == key {
			return t.vals[i] - 1
		}
	}
	return -1
}

// set sets the value of key, one of the keys reset was sized for.
func (t *hashIndex) set(key uint64, v int32) {
	i := t.slot(key)
	for ; t.vals[i] != 0; i = (i + 1) & t.mask {
		if t.keys[i] == key {
			break
		}
	}
	t.keys[i], t.vals[i] = key, v+1
}

// room makes room for n more elements, at least doubling the capacity
// when it grows it: append's growth by a quarter would leave garbage four
// times the final size of a large slice built element by element.
func room[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	return slices.Grow(s, max(n, len(s)))
}

// counts returns a zeroed counter indexed by ID, sized for the arena.
func (c *ctx) counts() []int32 {
	if n := c.a.NumIDs(); len(c.cnt) < n {
		c.cnt = make([]int32, n+n/2)
	}
	return c.cnt
}

func (c *ctx) bump(id value.ID, d int32) {
	if c.cnt[id] == 0 {
		c.touched = append(c.touched, id)
	}
	c.cnt[id] += d
}

func (c *ctx) resetCounts() {
	for _, id := range c.touched {
		c.cnt[id] = 0
	}
	c.touched = c.touched[:0]
}

// marks returns a cleared flag per ID; the caller clears what it sets.
func (c *ctx) marks() []bool {
	if n := c.a.NumIDs(); len(c.mark) < n {
		c.mark = make([]bool, n+n/2)
	}
	return c.mark
}

// floats lends a scratch slice of n floats; release returns it. Calls nest
// like a stack.
func (c *ctx) floats(n int) []float64 {
	start := len(c.floatBuf)
	for range n {
		c.floatBuf = append(c.floatBuf, 0)
	}
	return c.floatBuf[start : start+n : start+n]
}

func (c *ctx) release(n int) { c.floatBuf = c.floatBuf[:len(c.floatBuf)-n] }
