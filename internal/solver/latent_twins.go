package solver

import (
	"math"
	"slices"
)

// Symmetry breaking for the branch and bound of SolveItems.
//
// Two variables of one side are twins when swapping them maps that side's
// items onto themselves (as a multiset): two leaves of one concept under
// one parent by one role, say. Then σ and σ composed with the swap have
// the same value, and on graphs with many such variables the search would
// otherwise explore every ordering of them. Twinhood is an equivalence
// (the composition of swaps is a swap), so the twins form classes.
//
// The search keeps only the σ in which, within each class, the partners
// follow the order of the variables: if a and a2 are X twins with a before
// a2, both matched, then σ(a) comes before σ(a2); likewise for Y twins and
// their preimages. Some optimal σ satisfies all of these at once: view σ
// as a 0/1 matrix whose rows (X) and columns (Y) are permuted within their
// classes by the swaps; the greatest matrix of its orbit, read row by row,
// has the rows and the columns of each class in decreasing lexicographic
// order, which is the order above. The search enforces it by killing
// variable pairs when it fixes one (search.breakSymmetry), and it makes no
// decision that could lead out of that set: a pair is fixed because
// nothing else is left only when no twin of its variables is still open.

// twinClasses returns, for one side's variables, the class of each (its
// first member) or -1 for a variable without twins, in out's storage.
// Twins have equal colours (a refinement is invariant under the swap) and
// equal neighbourhood hashes (below); candidates so grouped are checked
// exactly.
func (g *itemState) twinClasses(x bool, out []int32) []int32 {
	nv, col, incS, inc, cls, start, vars := g.nx, g.colX, g.xincS, g.xinc, g.xcls, g.xs, g.xv
	if !x {
		nv, col, incS, inc, cls, start, vars = g.ny, g.colY, g.yincS, g.yinc, g.ycls, g.ys, g.yv
	}
	out = fill32(out, nv, -1)
	if len(col) != nv {
		return out
	}
	// A variable's neighbourhood hash: the multiset of its items with
	// itself in its place and every variable of its own colour (a twin,
	// possibly) made anonymous, so that a swap leaves it unchanged.
	key := growUint64s(g.scratch, nv)
	for v := range nv {
		h := col[v]
		for _, e := range inc[incS[v]:incS[v+1]] {
			ih := mix(uint64(cls[e.item]) + uint64(e.pos)<<32 + 0x9e3779b97f4a7c15)
			for _, u := range vars[start[e.item]:start[e.item+1]] {
				switch {
				case u == int32(v):
					ih = mix(ih ^ 0x1)
				case col[u] == col[v]:
					ih = mix(ih ^ 0x2)
				default:
					ih = mix(ih ^ (uint64(u) + 0x632be59bd9b4e019))
				}
			}
			h += ih // a multiset: order does not matter
		}
		key[v] = h
	}
	g.scratch = key
	ord := make([]int32, nv)
	for i := range ord {
		ord[i] = int32(i)
	}
	slices.SortFunc(ord, func(a, b int32) int {
		if c := cmpU64(col[a], col[b]); c != 0 {
			return c
		}
		if c := cmpU64(key[a], key[b]); c != 0 {
			return c
		}
		return int(a) - int(b)
	})
	var tc twinCheck
	var reps []int32
	for lo := 0; lo < len(ord); {
		hi := lo + 1
		for hi < len(ord) && col[ord[hi]] == col[ord[lo]] && key[ord[hi]] == key[ord[lo]] {
			hi++
		}
		reps = reps[:0]
		for _, v := range ord[lo:hi] {
			// Members are in increasing order, so a class's first
			// member is its representative.
			for _, r := range reps {
				if tc.swappable(r, v, incS, inc, cls, start, vars) {
					out[v], out[r] = r, r
					break
				}
			}
			if out[v] < 0 {
				reps = append(reps, v)
			}
		}
		lo = hi
	}
	return out
}

// minTwinOrderings is the natural logarithm of the number of orderings of
// twins (the product of the factorials of the class sizes, both sides)
// below which the search does without symmetry breaking: 1,000. A few
// twins save little, and the breaking changes the order in which a search
// stopped by its budget meets its incumbents (on amrgen's one-concept
// 60-node pair, onecon60, with one class of three twins, it ended on 94
// matched triples instead of 98).
var minTwinOrderings = math.Log(1000)

// twinOrderings is the natural logarithm of the number of orderings of
// the twins of one side, given their classes (as twinClasses returns).
func twinOrderings(cls []int32) float64 {
	size := map[int32]int{}
	for _, c := range cls {
		if c >= 0 {
			size[c]++
		}
	}
	total := 0.0
	for _, k := range size {
		lg, _ := math.Lgamma(float64(k + 1))
		total += lg
	}
	return total
}

// twinCheck is the exact test of a swap, with its scratch.
type twinCheck struct {
	items        []int32
	before, swap [][]int32
	buf          []int32
}

// swappable reports whether swapping variables a and b maps the items
// (class and variables) that contain either onto themselves.
func (tc *twinCheck) swappable(a, b int32, incS []int32, inc []incidence, cls, start, vars []int32) bool {
	if incS[a+1]-incS[a] != incS[b+1]-incS[b] {
		return false
	}
	tc.items = tc.items[:0]
	for _, e := range inc[incS[a]:incS[a+1]] {
		tc.items = append(tc.items, e.item)
	}
	for _, e := range inc[incS[b]:incS[b+1]] {
		tc.items = append(tc.items, e.item)
	}
	slices.Sort(tc.items)
	tc.items = slices.Compact(tc.items)
	tc.before, tc.swap, tc.buf = tc.before[:0], tc.swap[:0], tc.buf[:0]
	for _, i := range tc.items {
		vs := vars[start[i]:start[i+1]]
		tc.buf = append(tc.buf, cls[i])
		tc.buf = append(tc.buf, vs...)
		tc.buf = append(tc.buf, cls[i])
		for _, u := range vs {
			switch u {
			case a:
				u = b
			case b:
				u = a
			}
			tc.buf = append(tc.buf, u)
		}
	}
	// Slices into buf are taken once it no longer grows.
	off := 0
	for _, i := range tc.items {
		n := int(start[i+1]-start[i]) + 1
		tc.before = append(tc.before, tc.buf[off:off+n])
		tc.swap = append(tc.swap, tc.buf[off+n:off+2*n])
		off += 2 * n
	}
	slices.SortFunc(tc.before, slices.Compare)
	slices.SortFunc(tc.swap, slices.Compare)
	for i := range tc.before {
		if !slices.Equal(tc.before[i], tc.swap[i]) {
			return false
		}
	}
	return true
}

// setTwins gives the problem the twin classes of its variables: clsX[u]
// and clsY[u] are the class of the variable that local variable a stands
// for (u = xUp[a] in the numbering of clsX) or -1, and ordX, ordY its rank
// in the order the symmetry breaking compares (nil: u itself). Classes
// left with one member here are dropped.
func (q *lprob) setTwins(clsX, clsY, ordX, ordY []int32) {
	q.twins = false
	q.tcX, q.ordX, q.nextX = q.linkTwins(q.xUp, clsX, ordX, q.tcX, q.ordX, q.nextX)
	q.tcY, q.ordY, q.nextY = q.linkTwins(q.yUp, clsY, ordY, q.tcY, q.ordY, q.nextY)
}

func (q *lprob) linkTwins(up, cls, ord, tc, rank, next []int32) ([]int32, []int32, []int32) {
	n := len(up)
	tc = growInt32s(tc, n)
	rank = growInt32s(rank, n)
	next = growInt32s(next, n)
	for a, u := range up {
		tc[a], rank[a], next[a] = -1, u, int32(a)
		if cls != nil {
			tc[a] = cls[u]
		}
		if ord != nil {
			rank[a] = ord[u]
		}
	}
	// Link each class into a ring, through the last member seen of each
	// class (classes are named by a variable of the numbering of cls).
	top := int32(-1)
	for _, c := range tc {
		top = max(top, c)
	}
	q.lastOf = fill32(q.lastOf, int(top)+1, -1)
	for a, c := range tc {
		if c < 0 {
			continue
		}
		if l := q.lastOf[c]; l >= 0 {
			next[a], next[l] = next[l], int32(a)
			q.twins = true
		}
		q.lastOf[c] = int32(a)
	}
	for a := range tc {
		if next[a] == int32(a) {
			tc[a] = -1
		}
	}
	return tc, rank, next
}

// inheritTwins gives a problem cut from parent (through xUp and yUp) the
// parent's twin classes and order.
func (q *lprob) inheritTwins(parent *lprob) {
	if !parent.twins {
		q.twins = false
		return
	}
	q.setTwins(parent.tcX, parent.tcY, parent.ordX, parent.ordY)
}

// twinsOpen reports whether X variable a or Y variable b has a twin that
// is neither decided nor out of candidates: a twin that the rest of the
// search may still match, so that taking (a, b) only because nothing else
// is left could break the order with it.
func (st *search) twinsOpen(a, b int32) bool {
	q := st.q
	if !q.twins {
		return false
	}
	for a2 := q.nextX[a]; a2 != a; a2 = q.nextX[a2] {
		if st.fx[a2] < 0 {
			if n, _ := st.aliveX(a2); n > 0 {
				return true
			}
		}
	}
	for b2 := q.nextY[b]; b2 != b; b2 = q.nextY[b2] {
		if st.fy[b2] < 0 && st.aliveYCount(b2) > 0 {
			return true
		}
	}
	return false
}

// breakSymmetry follows the decision σ(a) = b: a twin of a after a may
// not take a partner before b, nor one before a a partner after b; and
// likewise for the twins of b (see the top of this file).
func (st *search) breakSymmetry(a, b int32) {
	q := st.q
	ra, rb := q.ordX[a], q.ordY[b]
	for a2 := q.nextX[a]; a2 != a; a2 = q.nextX[a2] {
		if st.fx[a2] >= 0 {
			continue
		}
		after := q.ordX[a2] > ra
		for k := q.xS[a2]; k < q.xS[a2+1]; k++ {
			if st.state[k] != vpAlive {
				continue
			}
			if r := q.ordY[q.vpb[k]]; after && r < rb || !after && r > rb {
				st.kill(k)
				st.s.symKills++
			}
		}
	}
	for b2 := q.nextY[b]; b2 != b; b2 = q.nextY[b2] {
		if st.fy[b2] >= 0 {
			continue
		}
		after := q.ordY[b2] > rb
		for _, k := range q.yV[q.yS[b2]:q.yS[b2+1]] {
			if st.state[k] != vpAlive {
				continue
			}
			if r := q.ordX[q.vpa[k]]; after && r < ra || !after && r > ra {
				st.kill(k)
				st.s.symKills++
			}
		}
	}
}
