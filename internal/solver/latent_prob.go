package solver

import "math"

// lprob is the solver's internal form of a latent matching problem: item
// pairs whose item matching is always 1:1 (the other constraints are mapped
// onto 1:1 by renaming rows and columns, see [LatentSolver.Solve]), and the
// distinct variable pairs ("vps") they require, with adjacency lists both
// ways. Sub-problems (connected components, and what is left once some
// variable pairs are decided) are built in the same form, with back
// references to the problem they were cut from.
type lprob struct {
	nx, ny int // variables
	nr, nc int // item rows and columns
	np     int // item pairs

	prow, pcol []int32
	pw         []float64
	preqS      []int32 // requirements of pair p: preq[preqS[p]:preqS[p+1]]
	preq       []int32 // vp ids

	nvp      int
	vpa, vpb []int32 // the X and Y variable of each vp, sorted by (a, b)
	vpS, vpP []int32 // pairs requiring vp k: vpP[vpS[k]:vpS[k+1]]
	vpE      []int32 // the requirement entry (index into preq) of each vpP item
	xS       []int32 // vps of X variable a: ids xS[a]..xS[a+1]-1 (sorted by b)
	yS, yV   []int32 // vps of Y variable b: yV[yS[b]:yS[b+1]] (sorted by a)

	xUp, yUp, pUp []int32 // index of each variable and pair in the parent

	integral bool // every weight is an integer and their sum is exact

	// Twin classes (latent_twins.go): per variable its class (-1: none),
	// its rank in the top problem's order, and the next member of its
	// class (itself when it has no twin).
	twins        bool
	tcX, tcY     []int32
	ordX, ordY   []int32
	nextX, nextY []int32
	lastOf       []int32

	// Building scratch: requirements as raw (a, b) local variable pairs,
	// and the counting-sort buffers.
	ra, rb     []int32
	cnt, pof   []int32
	ord, ord2  []int32
	wsum       float64
	allInteger bool
}

// reset starts a new, empty problem.
func (q *lprob) reset() {
	q.np, q.nvp = 0, 0
	q.prow, q.pcol, q.pw = q.prow[:0], q.pcol[:0], q.pw[:0]
	q.preqS = append(q.preqS[:0], 0)
	q.ra, q.rb = q.ra[:0], q.rb[:0]
	q.xUp, q.yUp, q.pUp = q.xUp[:0], q.yUp[:0], q.pUp[:0]
	q.wsum, q.allInteger = 0, true
	q.twins = false
}

// addReq adds requirement (a, b) to the pair being built; addPair closes
// it. Callers guarantee that a pair's requirements are distinct and
// consistent (no variable appears with two partners).
func (q *lprob) addReq(a, b int32) {
	q.ra = append(q.ra, a)
	q.rb = append(q.rb, b)
}

func (q *lprob) addPair(row, col int32, w float64, up int32) {
	q.prow = append(q.prow, row)
	q.pcol = append(q.pcol, col)
	q.pw = append(q.pw, w)
	q.pUp = append(q.pUp, up)
	q.preqS = append(q.preqS, int32(len(q.ra)))
	q.np++
	q.wsum += w
	if w != math.Trunc(w) {
		q.allInteger = false
	}
}

// finish numbers the distinct variable pairs and builds the adjacency
// lists, for nx and ny variables, nr rows and nc columns. It runs in
// linear time: two counting sorts order the requirements by (a, b).
func (q *lprob) finish(nx, ny, nr, nc int) {
	q.nx, q.ny, q.nr, q.nc = nx, ny, nr, nc
	// 2^50 leaves ample room below 2^53 for the sums of halves and
	// thirds the bounds add up.
	q.integral = q.allInteger && q.wsum < 1<<50
	e := len(q.ra)
	q.ord = growInt32s(q.ord, e)
	q.ord2 = growInt32s(q.ord2, e)
	// By b, then stably by a.
	q.countSort(q.rb, ny, nil, q.ord2)
	q.countSort(q.ra, nx, q.ord2, q.ord)
	q.preq = growInt32s(q.preq, e)
	q.vpa, q.vpb = q.vpa[:0], q.vpb[:0]
	q.vpS = q.vpS[:0]
	q.vpP = growInt32s(q.vpP, e)
	q.vpE = growInt32s(q.vpE, e)
	// Entry k of the sorted order belongs to the pair whose range holds
	// it; pairOf is filled from preqS.
	q.pof = growInt32s(q.pof, e)
	pairOf := q.pof
	for p := range q.np {
		for k := q.preqS[p]; k < q.preqS[p+1]; k++ {
			pairOf[k] = int32(p)
		}
	}
	for i, k := range q.ord {
		a, b := q.ra[k], q.rb[k]
		if n := len(q.vpa); n == 0 || q.vpa[n-1] != a || q.vpb[n-1] != b {
			q.vpa = append(q.vpa, a)
			q.vpb = append(q.vpb, b)
			q.vpS = append(q.vpS, int32(i))
		}
		q.preq[k] = int32(len(q.vpa) - 1)
		q.vpP[i] = pairOf[k]
		q.vpE[i] = k
	}
	q.nvp = len(q.vpa)
	q.vpS = append(q.vpS, int32(e))

	// Ranges of each X variable's vps: they are contiguous.
	q.xS = growInt32s(q.xS, nx+1)
	for a := range q.xS {
		q.xS[a] = 0
	}
	for _, a := range q.vpa {
		q.xS[a+1]++
	}
	for a := range nx {
		q.xS[a+1] += q.xS[a]
	}
	// Each Y variable's vps, in order of a (stable counting sort).
	q.yS = growInt32s(q.yS, ny+1)
	for b := range q.yS {
		q.yS[b] = 0
	}
	for _, b := range q.vpb {
		q.yS[b+1]++
	}
	for b := range ny {
		q.yS[b+1] += q.yS[b]
	}
	q.yV = growInt32s(q.yV, q.nvp)
	next := growInt32s(q.ord2, ny) // ord2 is free again
	copy(next, q.yS[:ny])
	for k, b := range q.vpb {
		q.yV[next[b]] = int32(k)
		next[b]++
	}
	q.ord2 = next
}

// countSort writes into out the indices 0..len(key)-1 (or the sequence in,
// if not nil) stably ordered by key, whose values lie in [0, n).
func (q *lprob) countSort(key []int32, n int, in, out []int32) {
	cnt := growInt32s(q.cnt, n+1)
	for i := range cnt {
		cnt[i] = 0
	}
	for _, x := range key {
		cnt[x+1]++
	}
	for i := range n {
		cnt[i+1] += cnt[i]
	}
	if in == nil {
		for i, x := range key {
			out[cnt[x]] = int32(i)
			cnt[x]++
		}
	} else {
		for _, i := range in {
			x := key[i]
			out[cnt[x]] = i
			cnt[x]++
		}
	}
	q.cnt = cnt
}

// vpOf returns the id of variable pair (a, b), or -1 if no pair requires
// it.
func (q *lprob) vpOf(a, b int32) int32 {
	lo, hi := q.xS[a], q.xS[a+1]
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		if q.vpb[m] < b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < q.xS[a+1] && q.vpb[lo] == b {
		return lo
	}
	return -1
}

// relabel assigns dense local numbers on first use; it is how sub-problems
// renumber the variables, rows and columns they keep.
type relabel struct {
	local []int32 // parent index -> local index, or -1
	up    []int32 // local index -> parent index
}

func (r *relabel) reset(n int) {
	r.local = growInt32s(r.local, n)
	for i := range r.local {
		r.local[i] = -1
	}
	r.up = r.up[:0]
}

func (r *relabel) get(i int32) int32 {
	if l := r.local[i]; l >= 0 {
		return l
	}
	l := int32(len(r.up))
	r.local[i] = l
	r.up = append(r.up, i)
	return l
}
