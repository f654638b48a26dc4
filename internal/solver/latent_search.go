package solver

import (
	"math"
	"math/rand/v2"
)

// States of a variable pair during the search.
const (
	vpAlive uint8 = iota // undecided
	vpFixed              // σ maps its X variable to its Y variable
	vpDead               // excluded in this subtree
)

const (
	trailKill uint8 = iota
	trailFix
)

type trailEntry struct {
	k    int32
	kind uint8
	sat  int32 // length of the satisfied-pair stack before a fix
}

// search is the branch-and-bound state for one problem (one level of the
// solver's recursion). Decisions are made on variable pairs: fixing one
// (σ(a) = b) or killing it (σ(a) ≠ b); every change is recorded on a trail
// so that backtracking is an exact undo.
type search struct {
	s     *LatentSolver
	q     *lprob
	level int

	state     []uint8 // per vp
	deadCnt   []int32 // per pair: required vps that are dead
	fixCnt    []int32 // per pair: required vps that are fixed
	fx, fy    []int32 // fixed partner of each variable, or -1
	sat       []int32 // pairs whose requirements are all fixed (a stack)
	rowCnt    []int32 // satisfied pairs per item row
	colCnt    []int32
	conflicts int // item rows and columns used by two satisfied pairs
	trail     []trailEntry

	// share[e] is the relative part of its pair's weight that requirement
	// entry e claims in the bound. Any non-negative shares give a valid
	// bound; they start even and are tuned at the root.
	share, bestShare []float64
	dir              []float64

	// Results of the last bound computation.
	fixedVal, lapVal, dualVal float64
	g                         []float64 // per vp: relaxed gain
	useful                    []int32   // alive vps with g > 0
	cntX, cntY                []int32   // useful vps per variable
	uX, vY                    []float64 // dual values (0 outside the LAP)
	lapTo                     []int32   // per X variable: LAP partner or -1
	mustX, mustY              []bool

	// Scratch for gain and the LAP.
	stamp              uint32
	rowStamp, colStamp []uint32
	rowBest, colBest   []float64
	uf, cid, cstart    []int32
	byComp             []int32
	loc                []int32 // local LAP index of a variable (X: a, Y: nx+b)
	locStamp           []uint32
	rows, cols         []int32
	mat                []float64
	lap                dualLAP
	slap               sparseLAP
	lstart, lcols      []int32
	lw                 []float64
	edges              []Edge

	// Incumbent.
	inc    float64
	incSig []int32
	lb     float64 // value that a solution must beat to matter (from a parent)
	open   float64 // bound on the parts left unexplored after an abort

	// Heuristic scratch.
	rootOK         []bool // vps not ruled out at the root
	useRoot        bool   // rootOK is set
	restarted      bool
	rootNodes      int
	sig, inv, curK []int32
	pStamp         []uint32
	pGen           uint32
	perm           []int32
}

func (st *search) init(s *LatentSolver, q *lprob, level int, lb float64) {
	st.s, st.q, st.level, st.lb = s, q, level, lb
	st.state = growUint8s(st.state, q.nvp)
	for k := range st.state {
		st.state[k] = vpAlive
	}
	st.deadCnt = growInt32s(st.deadCnt, q.np)
	st.fixCnt = growInt32s(st.fixCnt, q.np)
	st.rowCnt = growInt32s(st.rowCnt, q.nr)
	st.colCnt = growInt32s(st.colCnt, q.nc)
	clear(st.rowCnt)
	clear(st.colCnt)
	st.conflicts = 0
	st.sat = st.sat[:0]
	for p := range q.np {
		st.deadCnt[p] = 0
		st.fixCnt[p] = 0
		if q.preqS[p] == q.preqS[p+1] {
			st.pushSat(int32(p))
		}
	}
	st.fx = fill32(st.fx, q.nx, -1)
	st.fy = fill32(st.fy, q.ny, -1)
	st.trail = st.trail[:0]
	st.g = growFloats(st.g, q.nvp)
	st.share = growFloats(st.share, len(q.preq))
	for p := range q.np {
		lo, hi := q.preqS[p], q.preqS[p+1]
		for e := lo; e < hi; e++ {
			st.share[e] = 1 / float64(hi-lo)
		}
	}
	st.cntX = growInt32s(st.cntX, q.nx)
	st.cntY = growInt32s(st.cntY, q.ny)
	st.uX = growFloats(st.uX, q.nx)
	st.vY = growFloats(st.vY, q.ny)
	st.lapTo = growInt32s(st.lapTo, q.nx)
	st.mustX = growBools(st.mustX, q.nx)
	st.mustY = growBools(st.mustY, q.ny)
	st.rowStamp = growUint32s(st.rowStamp, q.nr)
	st.colStamp = growUint32s(st.colStamp, q.nc)
	st.rowBest = growFloats(st.rowBest, q.nr)
	st.colBest = growFloats(st.colBest, q.nc)
	clear(st.rowStamp)
	clear(st.colStamp)
	st.stamp = 0
	st.loc = growInt32s(st.loc, q.nx+q.ny)
	st.locStamp = growUint32s(st.locStamp, q.nx+q.ny)
	clear(st.locStamp)
	st.pStamp = growUint32s(st.pStamp, q.np)
	for i := range st.pStamp {
		st.pStamp[i] = 0
	}
	st.pGen = 0
	st.inc = math.Inf(-1)
	st.incSig = fill32(st.incSig, q.nx, -1)
	st.open = math.Inf(-1)
	st.useRoot, st.restarted = false, false
}

func (st *search) pushSat(p int32) {
	st.sat = append(st.sat, p)
	r, c := st.q.prow[p], st.q.pcol[p]
	if st.rowCnt[r]++; st.rowCnt[r] == 2 {
		st.conflicts++
	}
	if st.colCnt[c]++; st.colCnt[c] == 2 {
		st.conflicts++
	}
}

func (st *search) popSat() {
	p := st.sat[len(st.sat)-1]
	st.sat = st.sat[:len(st.sat)-1]
	r, c := st.q.prow[p], st.q.pcol[p]
	if st.rowCnt[r] == 2 {
		st.conflicts--
	}
	st.rowCnt[r]--
	if st.colCnt[c] == 2 {
		st.conflicts--
	}
	st.colCnt[c]--
}

// kill excludes an alive variable pair.
func (st *search) kill(k int32) {
	q := st.q
	st.state[k] = vpDead
	st.trail = append(st.trail, trailEntry{k: k, kind: trailKill})
	for _, p := range q.vpP[q.vpS[k]:q.vpS[k+1]] {
		st.deadCnt[p]++
	}
}

// fix decides σ(a) = b for the alive variable pair k = (a, b), which kills
// every other alive pair of a and of b.
func (st *search) fix(k int32) {
	q := st.q
	a, b := q.vpa[k], q.vpb[k]
	st.state[k] = vpFixed
	st.trail = append(st.trail, trailEntry{k: k, kind: trailFix, sat: int32(len(st.sat))})
	for _, p := range q.vpP[q.vpS[k]:q.vpS[k+1]] {
		st.fixCnt[p]++
		if st.fixCnt[p] == q.preqS[p+1]-q.preqS[p] && st.deadCnt[p] == 0 {
			st.pushSat(p)
		}
	}
	st.fx[a], st.fy[b] = b, a
	for k2 := q.xS[a]; k2 < q.xS[a+1]; k2++ {
		if st.state[k2] == vpAlive {
			st.kill(k2)
		}
	}
	for _, k2 := range q.yV[q.yS[b]:q.yS[b+1]] {
		if st.state[k2] == vpAlive {
			st.kill(k2)
		}
	}
	if q.twins {
		st.breakSymmetry(a, b)
	}
}

// undo takes back every decision made since the trail had length mark.
func (st *search) undo(mark int) {
	q := st.q
	for len(st.trail) > mark {
		e := st.trail[len(st.trail)-1]
		st.trail = st.trail[:len(st.trail)-1]
		k := e.k
		pairs := q.vpP[q.vpS[k]:q.vpS[k+1]]
		if e.kind == trailKill {
			for _, p := range pairs {
				st.deadCnt[p]--
			}
		} else {
			for len(st.sat) > int(e.sat) {
				st.popSat()
			}
			for _, p := range pairs {
				st.fixCnt[p]--
			}
			st.fx[q.vpa[k]], st.fy[q.vpb[k]] = -1, -1
		}
		st.state[k] = vpAlive
	}
}

// satValue is the best item matching among the satisfied pairs: their plain
// sum unless two of them share an item.
func (st *search) satValue() float64 {
	q := st.q
	if st.conflicts == 0 {
		v := 0.0
		for _, p := range st.sat {
			v += q.pw[p]
		}
		return v
	}
	st.edges = st.edges[:0]
	for _, p := range st.sat {
		st.edges = append(st.edges, Edge{Row: q.prow[p], Col: q.pcol[p], W: q.pw[p]})
	}
	return st.s.asg.MaxEdges(q.nr, q.nc, st.edges, nil)
}

// gain is the relaxed value of variable pair k given the current
// decisions: every open pair requiring k credits it with its share of the
// weight (see credit: at first a pair that needs two undecided variable
// pairs gives half to each); pairs sharing an item row can be used only
// once, so per row only the best counts, and likewise per column; the
// smaller of the two sums is kept. live reports whether any pair requiring
// k can still qualify.
func (st *search) gain(k int32) (g float64, live bool) {
	q := st.q
	stamp := st.nextStamp()
	rowSum, colSum := 0.0, 0.0
	live = false
	for i := q.vpS[k]; i < q.vpS[k+1]; i++ {
		p := q.vpP[i]
		if st.deadCnt[p] > 0 {
			continue
		}
		live = true
		c := st.credit(p, q.vpE[i])
		r := q.prow[p]
		if st.rowStamp[r] != stamp {
			st.rowStamp[r] = stamp
			st.rowBest[r] = c
			rowSum += c
		} else if c > st.rowBest[r] {
			rowSum += c - st.rowBest[r]
			st.rowBest[r] = c
		}
		col := q.pcol[p]
		if st.colStamp[col] != stamp {
			st.colStamp[col] = stamp
			st.colBest[col] = c
			colSum += c
		} else if c > st.colBest[col] {
			colSum += c - st.colBest[col]
			st.colBest[col] = c
		}
	}
	return min(rowSum, colSum), live
}

// credit is the part of open pair p's weight that goes to its requirement
// entry e: the weight split among the undecided requirements in proportion
// to their shares (evenly when the shares are all 0).
func (st *search) credit(p, e int32) float64 {
	q := st.q
	lo, hi := q.preqS[p], q.preqS[p+1]
	w := q.pw[p]
	if hi-lo-st.fixCnt[p] == 1 {
		return w
	}
	sum := 0.0
	for f := lo; f < hi; f++ {
		if st.state[q.preq[f]] != vpFixed {
			sum += st.share[f]
		}
	}
	if !(sum > 0) {
		return w / float64(hi-lo-st.fixCnt[p])
	}
	return w * (st.share[e] / sum)
}

// bound computes an upper bound on every completion of the current
// decisions: the value of the satisfied pairs plus a maximum-weight
// assignment of the undecided variables under the relaxed gains. It
// kills the variable pairs that no pair can use any more.
func (st *search) bound() float64 {
	q := st.q
	st.fixedVal = st.satValue()
	for a := range q.nx {
		st.cntX[a] = 0
		st.uX[a] = 0
		st.lapTo[a] = -1
	}
	for b := range q.ny {
		st.cntY[b] = 0
		st.vY[b] = 0
	}
	st.useful = st.useful[:0]
	for k := range int32(q.nvp) {
		if st.state[k] != vpAlive {
			continue
		}
		g, live := st.gain(k)
		if !live {
			// No pair can use it any more.
			st.kill(k)
			continue
		}
		if !(g > 0) {
			continue // its pairs credit other requirements
		}
		st.g[k] = g
		st.cntX[q.vpa[k]]++
		st.cntY[q.vpb[k]]++
		st.useful = append(st.useful, k)
	}
	st.s.work += int64(len(q.preq) + q.nvp + len(st.sat))
	st.lapVal, st.dualVal = st.solveLAP()
	return st.fixedVal + st.lapVal
}

func (st *search) find(x int32) int32 {
	uf := st.uf
	for uf[x] != x {
		uf[x] = uf[uf[x]]
		x = uf[x]
	}
	return x
}

// solveLAP solves the assignment of undecided variables under the gains of
// the useful variable pairs, one connected component at a time, and
// stores the dual values. It returns the primal and the dual optimum.
func (st *search) solveLAP() (float64, float64) {
	q := st.q
	nx := int32(q.nx)
	if len(st.useful) == 0 {
		return 0, 0
	}
	n := q.nx + q.ny
	st.uf = growInt32s(st.uf, n)
	st.cid = growInt32s(st.cid, n)
	for i := range st.uf {
		st.uf[i] = int32(i)
		st.cid[i] = -1
	}
	for _, k := range st.useful {
		x, y := st.find(q.vpa[k]), st.find(nx+q.vpb[k])
		if x != y {
			st.uf[y] = x
		}
	}
	st.cstart = st.cstart[:0]
	st.cstart = append(st.cstart, 0)
	for _, k := range st.useful {
		r := st.find(q.vpa[k])
		if st.cid[r] < 0 {
			st.cid[r] = int32(len(st.cstart) - 1)
			st.cstart = append(st.cstart, 0)
		}
		st.cstart[st.cid[r]+1]++
	}
	ncomp := len(st.cstart) - 1
	for c := range ncomp {
		st.cstart[c+1] += st.cstart[c]
	}
	st.byComp = growInt32s(st.byComp, len(st.useful))
	next := growInt32s(st.perm, ncomp)
	copy(next, st.cstart[:ncomp])
	for _, k := range st.useful {
		c := st.cid[st.find(q.vpa[k])]
		st.byComp[next[c]] = k
		next[c]++
	}
	st.perm = next

	primal, dual := 0.0, 0.0
	for c := range ncomp {
		p, d := st.solveLAPComponent(st.byComp[st.cstart[c]:st.cstart[c+1]])
		primal += p
		dual += d
	}
	return primal, dual
}

func (st *search) solveLAPComponent(vps []int32) (float64, float64) {
	q := st.q
	nx := int32(q.nx)
	stamp := st.nextStamp()
	st.rows, st.cols = st.rows[:0], st.cols[:0]
	for _, k := range vps {
		a, b := q.vpa[k], nx+q.vpb[k]
		if st.locStamp[a] != stamp {
			st.locStamp[a] = stamp
			st.loc[a] = int32(len(st.rows))
			st.rows = append(st.rows, q.vpa[k])
		}
		if st.locStamp[b] != stamp {
			st.locStamp[b] = stamp
			st.loc[b] = int32(len(st.cols))
			st.cols = append(st.cols, q.vpb[k])
		}
	}
	R, C := len(st.rows), len(st.cols)
	// A dense assignment costs up to min(R, C)·R·C; a quarter of it is
	// what the measured runs spend.
	st.s.work += int64(R) * int64(C) * int64(max(1, min(R, C)/4))
	if R == 1 || C == 1 {
		// A star: only its best pair can be used. The duals put the whole
		// value on the centre.
		best := vps[0]
		for _, k := range vps[1:] {
			if st.g[k] > st.g[best] {
				best = k
			}
		}
		g := st.g[best]
		if R == 1 {
			st.uX[q.vpa[best]] = g
		} else {
			st.vY[q.vpb[best]] = g
		}
		st.lapTo[q.vpa[best]] = q.vpb[best]
		return g, g
	}
	if useSparseLAP(R, C, len(vps)) {
		return st.solveLAPSparse(vps)
	}
	transposed := R > C
	r, c := R, C
	if transposed {
		r, c = C, R
	}
	c++ // a zero column that stays free keeps the duals non-negative
	st.mat = growFloats(st.mat, r*c)
	mat := st.mat
	for i := range mat {
		mat[i] = 0
	}
	for _, k := range vps {
		i, j := st.loc[q.vpa[k]], st.loc[nx+q.vpb[k]]
		if transposed {
			i, j = j, i
		}
		mat[int(i)*c+int(j)] = st.g[k]
	}
	primal := st.lap.solve(r, c, mat)
	dual := 0.0
	for i := range r {
		ui := max(-st.lap.u[i], 0)
		dual += ui
		j := st.lap.col4row[i]
		matched := int(j) < c-1 && mat[i*c+int(j)] > 0
		if transposed {
			st.vY[st.cols[i]] = ui
			if matched {
				st.lapTo[st.rows[j]] = st.cols[i]
			}
		} else {
			st.uX[st.rows[i]] = ui
			if matched {
				st.lapTo[st.rows[i]] = st.cols[j]
			}
		}
	}
	for j := range c - 1 {
		vj := max(-st.lap.v[j], 0)
		dual += vj
		if transposed {
			st.uX[st.rows[j]] = vj
		} else {
			st.vY[st.cols[j]] = vj
		}
	}
	return primal, dual
}

// ascend lowers the bound by moving the shares of the open pairs with two or
// more undecided requirements: a subgradient step moves credit from the
// requirements the assignment uses to those it does not (Polyak step size
// towards the incumbent). Every share vector gives a valid bound, so the
// best one found is kept. It returns the best bound.
func (st *search) ascend(ub float64, iters int) float64 {
	q := st.q
	best := ub
	st.bestShare = append(st.bestShare[:0], st.share...)
	st.dir = growFloats(st.dir, len(q.preq))
	theta, fails := 1.0, 0
	for it := range iters {
		if st.prunable(best) || theta < 1.0/64 || st.s.stop() {
			break
		}
		if it%5 == 4 {
			// The assignments of tuned bounds are often close to
			// consistent: climbing from them finds better incumbents.
			st.heuristics()
			if st.prunable(best) {
				break
			}
		}
		norm := 0.0
		for p := range int32(q.np) {
			lo, hi := q.preqS[p], q.preqS[p+1]
			free := hi - lo - st.fixCnt[p]
			if st.deadCnt[p] > 0 || free < 2 {
				continue
			}
			used := 0
			for e := lo; e < hi; e++ {
				st.dir[e] = 0
				if k := q.preq[e]; st.state[k] == vpAlive && st.lapTo[q.vpa[k]] == q.vpb[k] {
					st.dir[e] = 1
					used++
				}
			}
			mean := float64(used) / float64(free)
			for e := lo; e < hi; e++ {
				if st.state[q.preq[e]] == vpAlive {
					st.dir[e] -= mean
					norm += st.dir[e] * st.dir[e]
				}
			}
		}
		if norm == 0 {
			break
		}
		step := theta * (ub - max(st.inc, st.lb)) / norm
		for p := range int32(q.np) {
			lo, hi := q.preqS[p], q.preqS[p+1]
			if st.deadCnt[p] > 0 || hi-lo-st.fixCnt[p] < 2 {
				continue
			}
			// Work on the pair's absolute credits, then store them as
			// shares of its weight.
			w := q.pw[p]
			sum := 0.0
			for e := lo; e < hi; e++ {
				if st.state[q.preq[e]] == vpAlive {
					sum += st.share[e]
				}
			}
			if !(sum > 0) {
				continue
			}
			for e := lo; e < hi; e++ {
				if st.state[q.preq[e]] == vpAlive {
					c := w*st.share[e]/sum - step*st.dir[e]
					st.share[e] = max(c, 0) / w
				}
			}
		}
		ub = st.bound()
		st.eliminate()
		if ub < best-1e-12 {
			best = ub
			copy(st.bestShare, st.share)
			fails = 0
		} else if fails++; fails >= 2 {
			theta /= 2
			fails = 0
		}
	}
	st.heuristics()
	copy(st.share, st.bestShare)
	return best
}

// useSparseLAP chooses the sparse method for an R×C component with e
// edges: only large, sparse ones, where it saves the R·C matrix (the
// running times of the two are close on Smatch-like problems). A variable
// so that tests can force either method.
var useSparseLAP = func(r, c, e int) bool { return r*c >= 4096 && 8*e < r*c }

// solveLAPSparse is solveLAPComponent's sparse method; st.rows and st.cols
// are set, and vps come grouped by X variable (in order of st.rows).
func (st *search) solveLAPSparse(vps []int32) (float64, float64) {
	q := st.q
	nx := int32(q.nx)
	st.lstart = st.lstart[:0]
	st.lcols = st.lcols[:0]
	st.lw = st.lw[:0]
	prev := int32(-1)
	for _, k := range vps {
		if a := q.vpa[k]; a != prev {
			st.lstart = append(st.lstart, int32(len(st.lcols)))
			prev = a
		}
		st.lcols = append(st.lcols, st.loc[nx+q.vpb[k]])
		st.lw = append(st.lw, st.g[k])
	}
	st.lstart = append(st.lstart, int32(len(st.lcols)))
	R, C := len(st.rows), len(st.cols)
	sp := &st.slap
	primal := sp.solve(R, C, st.lstart, st.lcols, st.lw)
	dual := 0.0
	for i, a := range st.rows {
		ui := max(-sp.u[i]-sp.vd[i], 0)
		st.uX[a] = ui
		dual += ui
		if j := sp.col4row[i]; j >= 0 {
			st.lapTo[a] = st.cols[j]
		}
	}
	for j, b := range st.cols {
		vj := max(-sp.v[j], 0)
		st.vY[b] = vj
		dual += vj
	}
	return primal, dual
}

// prunable reports whether a subtree bounded by ub can hold nothing better
// than what is already known. With integer weights a bound below the next
// integer is enough.
func (st *search) prunable(ub float64) bool {
	best := max(st.inc, st.lb)
	if st.q.integral {
		return ub < best+1-1e-6
	}
	return ub <= best+1e-10*max(1, math.Abs(best))
}

// offer records the current decisions as the incumbent if their value
// beats it.
func (st *search) offer(v float64) {
	if v > st.inc {
		st.inc = v
		copy(st.incSig, st.fx)
	}
}

// tighten uses the dual values of the last bound: a variable pair whose
// forced bound cannot beat the incumbent is killed, a variable whose
// "unmatched" bound cannot beat it must be matched (and is fixed when it has
// a single candidate left), and two variables that are each other's only
// candidate are matched, which never lowers the objective. It reports
// whether anything changed and whether the node turned out infeasible.
func (st *search) tighten() (changed, infeasible bool) {
	q := st.q
	base := st.fixedVal + st.dualVal
	changed = st.eliminate()
	for a := range int32(q.nx) {
		st.mustX[a] = st.cntX[a] > 0 && st.prunable(base-st.uX[a])
	}
	for b := range int32(q.ny) {
		st.mustY[b] = st.cntY[b] > 0 && st.prunable(base-st.vY[b])
	}
	for a := range int32(q.nx) {
		if st.fx[a] >= 0 || st.cntX[a] == 0 {
			continue
		}
		n, last := st.aliveX(a)
		// With nothing else left for either, taking the pair loses
		// nothing; unless a twin is still open, where it could leave the
		// ordered σ the symmetry breaking keeps.
		if n == 1 && (st.mustX[a] || st.aliveYCount(q.vpb[last]) == 1 && !st.twinsOpen(a, q.vpb[last])) {
			st.fix(last)
			changed = true
		} else if n == 0 && st.mustX[a] {
			return changed, true
		}
	}
	for b := range int32(q.ny) {
		if st.fy[b] >= 0 || st.cntY[b] == 0 {
			continue
		}
		n, last := st.aliveY(b)
		if n == 1 && st.mustY[b] {
			st.fix(last)
			changed = true
		} else if n == 0 && st.mustY[b] {
			return changed, true
		}
	}
	return changed, false
}

// eliminate kills the variable pairs whose forced bound (from the duals of
// the last bound) cannot beat the incumbent, and reports whether it killed
// any.
func (st *search) eliminate() bool {
	q := st.q
	base := st.fixedVal + st.dualVal
	changed := false
	for _, k := range st.useful {
		a, b := q.vpa[k], q.vpb[k]
		if st.state[k] == vpAlive && st.prunable(base-(st.uX[a]+st.vY[b]-st.g[k])) {
			st.kill(k)
			changed = true
		}
	}
	return changed
}

func (st *search) aliveX(a int32) (n int, last int32) {
	q := st.q
	last = -1
	for k := q.xS[a]; k < q.xS[a+1]; k++ {
		if st.state[k] == vpAlive {
			n++
			last = k
		}
	}
	return n, last
}

func (st *search) aliveY(b int32) (n int, last int32) {
	q := st.q
	last = -1
	for _, k := range q.yV[q.yS[b]:q.yS[b+1]] {
		if st.state[k] == vpAlive {
			n++
			last = k
		}
	}
	return n, last
}

func (st *search) aliveYCount(b int32) int {
	n, _ := st.aliveY(b)
	return n
}

// process bounds the current node and tightens it until nothing changes.
// It returns the node's bound and false when the node is done (pruned,
// infeasible or a leaf).
func (st *search) process() (float64, bool) {
	for {
		ub := st.bound()
		st.offer(st.fixedVal)
		if st.prunable(ub) {
			return ub, false
		}
		changed, infeasible := st.tighten()
		if infeasible {
			return ub, false
		}
		if !changed {
			return ub, true
		}
	}
}

// pickBranch chooses the variable with the fewest candidates (a variable
// that must be matched counts one fewer, as it has no "unmatched" option)
// and, among its candidates, the pair with the highest forced bound.
func (st *search) pickBranch() int32 {
	q := st.q
	bestKey, bestVar, bestIsY := math.MaxInt, int32(-1), false
	bestDual := 0.0
	for a := range int32(q.nx) {
		if st.fx[a] >= 0 || st.cntX[a] == 0 {
			continue
		}
		key := 2 * int(st.cntX[a])
		if !st.mustX[a] {
			key++
		}
		if key < bestKey || key == bestKey && st.uX[a] > bestDual {
			bestKey, bestVar, bestIsY, bestDual = key, a, false, st.uX[a]
		}
	}
	for b := range int32(q.ny) {
		if st.fy[b] >= 0 || st.cntY[b] == 0 {
			continue
		}
		key := 2 * int(st.cntY[b])
		if !st.mustY[b] {
			key++
		}
		if key < bestKey || key == bestKey && st.vY[b] > bestDual {
			bestKey, bestVar, bestIsY, bestDual = key, b, true, st.vY[b]
		}
	}
	if bestVar < 0 {
		return -1
	}
	best, bestScore := int32(-1), math.Inf(-1)
	consider := func(k int32) {
		if st.state[k] != vpAlive {
			return
		}
		// The forced bound minus a constant: g − (U_a + V_b).
		score := st.g[k] - st.uX[q.vpa[k]] - st.vY[q.vpb[k]]
		if best < 0 || score > bestScore || score == bestScore && st.g[k] > st.g[best] {
			best, bestScore = k, score
		}
	}
	if bestIsY {
		for _, k := range q.yV[q.yS[bestVar]:q.yS[bestVar+1]] {
			consider(k)
		}
	} else {
		for k := q.xS[bestVar]; k < q.xS[bestVar+1]; k++ {
			consider(k)
		}
	}
	return best
}

// dfs explores the subtree of the current node. parentUB bounds it and is
// what an abort before the node is processed leaves as its bound.
func (st *search) dfs(parentUB float64, depth int) {
	s := st.s
	if s.stop() {
		if !st.prunable(parentUB) {
			st.open = max(st.open, parentUB)
		}
		return
	}
	s.nodes++
	mark := len(st.trail)
	ub, ok := st.process()
	if ok && depth == 0 {
		var done bool
		if ub, done = st.root(ub); done {
			st.undo(mark)
			return
		}
	}
	if ok && !st.restarted && s.nodes-st.rootNodes >= restartAfter {
		// The search is not trivial: a better incumbent is worth some
		// hill climbing from other starts, as it prunes and tightens more.
		st.restarted = true
		if st.restarts(ub) {
			ub, ok = st.process()
		}
	}
	if !ok {
		st.undo(mark)
		return
	}
	k := st.pickBranch()
	if k < 0 {
		st.undo(mark)
		return
	}
	m2 := len(st.trail)
	st.fix(k)
	st.dfs(ub, depth+1)
	st.undo(m2)
	if s.aborted {
		// The other child was never explored: bound it on its own.
		st.kill(k)
		if b := st.bound(); !st.prunable(b) {
			st.open = max(st.open, b)
		}
		st.undo(m2)
	} else if !st.prunable(ub) {
		st.kill(k)
		st.dfs(ub, depth+1)
		st.undo(m2)
	}
	st.undo(mark)
}

// root finishes the root node once process has found it open: when the
// undecided rest falls apart it is solved part by part; otherwise the
// shares are tuned, and what the root rules out is recorded for the random
// restarts. It returns the root's bound and whether the root is done.
func (st *search) root(ub float64) (float64, bool) {
	if st.splits() {
		st.solveSplit()
		return ub, true
	}
	// The ascent leaves the last bound's data stale (it may also kill
	// pairs), so the root is processed again either way.
	st.ascend(ub, ascentIters)
	var ok bool
	if ub, ok = st.process(); !ok {
		return ub, true
	}
	if st.splits() {
		st.solveSplit()
		return ub, true
	}
	st.rootOK = growBools(st.rootOK, st.q.nvp)
	for k, x := range st.state {
		st.rootOK[k] = x != vpDead
	}
	st.useRoot, st.restarted = true, false
	st.rootNodes = st.s.nodes
	return ub, false
}

// splits reports whether the undecided part of the problem falls apart
// into two or more independent parts (items and variables linked by live
// pairs).
func (st *search) splits() bool {
	q := st.q
	n := q.nx + q.ny + q.nr + q.nc
	st.uf = growInt32s(st.uf, n)
	for i := range st.uf {
		st.uf[i] = int32(i)
	}
	union := func(x, y int32) {
		x, y = st.find(x), st.find(y)
		if x != y {
			st.uf[y] = x
		}
	}
	ox, oy, or := int32(0), int32(q.nx), int32(q.nx+q.ny)
	oc := or + int32(q.nr)
	root := int32(-1)
	split := false
	for p := range q.np {
		if st.deadCnt[p] > 0 {
			continue
		}
		r := or + q.prow[p]
		union(r, oc+q.pcol[p])
		for _, k := range q.preq[q.preqS[p]:q.preqS[p+1]] {
			if st.state[k] == vpAlive {
				union(r, ox+q.vpa[k])
				union(r, oy+q.vpb[k])
			}
		}
	}
	// Parts made only of satisfied pairs do not count: they cost the
	// search nothing.
	for p := range q.np {
		if st.deadCnt[p] > 0 || st.fixCnt[p] == q.preqS[p+1]-q.preqS[p] {
			continue
		}
		r := st.find(or + q.prow[p])
		if root < 0 {
			root = r
		} else if r != root {
			split = true
			break
		}
	}
	return split
}

// solveSplit hands the undecided part to a new problem, which the solver
// splits into independent components and solves one by one.
func (st *search) solveSplit() {
	s := st.s
	lv := s.lev(st.level + 1)
	r := &lv.prob
	s.reduceInto(st, r, lv)
	v, b, proven := s.solveProblem(st.level+1, max(st.inc, st.lb))
	if v > st.inc {
		st.inc = v
		copy(st.incSig, st.fx)
		for a, y := range lv.sol[:r.nx] {
			if y >= 0 {
				st.incSig[r.xUp[a]] = r.yUp[y]
			}
		}
	}
	if !proven {
		st.open = max(st.open, b)
	}
}

// ---- Heuristics ----

// restartAfter is the number of nodes after which a search that has not
// finished tries the random restarts.
const restartAfter = 32

// ascentIters bounds the subgradient steps that tune the shares at the
// root.
const ascentIters = 50

// heuristics looks for a better incumbent: the decisions made so far and
// the assignment found by the last bound, improved by hill climbing.
func (st *search) heuristics() {
	if st.s.bare {
		return
	}
	q := st.q
	st.sig = fill32(st.sig, q.nx, -1)
	st.inv = fill32(st.inv, q.ny, -1)
	st.curK = fill32(st.curK, q.nx, -1)
	for a := range int32(q.nx) {
		b := st.lapTo[a]
		if st.fx[a] >= 0 {
			b = st.fx[a]
		}
		if b >= 0 {
			st.setSig(a, b, q.vpOf(a, b))
		}
	}
	st.climb()
	st.offerSig(st.evalSig())
}

// seedFrom offers the given σ (in this problem's numbering), improved by
// hill climbing, as the incumbent.
func (st *search) seedFrom(seed []int32) {
	q := st.q
	st.sig = fill32(st.sig, q.nx, -1)
	st.inv = fill32(st.inv, q.ny, -1)
	st.curK = fill32(st.curK, q.nx, -1)
	for a, b := range seed {
		if b < 0 || st.inv[b] >= 0 {
			continue
		}
		if k := q.vpOf(int32(a), b); k >= 0 && st.state[k] != vpDead {
			st.setSig(int32(a), b, k)
		}
	}
	st.offerSig(st.evalSig())
	st.climb()
	st.offerSig(st.evalSig())
}

// restarts runs hill climbing from a few random starts (from a fixed seed),
// while the bound ub is not met, and reports whether the incumbent
// improved.
func (st *search) restarts(ub float64) bool {
	if st.s.bare {
		return false
	}
	q := st.q
	const restarts = 3
	inc := st.inc
	rng := rand.New(&st.s.pcg)
	st.s.pcg.Seed(0x9e3779b97f4a7c15, uint64(q.np)<<32|uint64(q.nvp))
	st.sig = fill32(st.sig, q.nx, -1)
	st.inv = fill32(st.inv, q.ny, -1)
	st.curK = fill32(st.curK, q.nx, -1)
	for range restarts {
		if st.prunable(ub) || st.s.stop() {
			break
		}
		for a := range q.nx {
			st.sig[a] = -1
			st.curK[a] = -1
		}
		for b := range q.ny {
			st.inv[b] = -1
		}
		st.perm = growInt32s(st.perm, q.nx)
		for i := range st.perm {
			st.perm[i] = int32(i)
		}
		rng.Shuffle(q.nx, func(i, j int) { st.perm[i], st.perm[j] = st.perm[j], st.perm[i] })
		for _, a := range st.perm {
			lo, hi := q.xS[a], q.xS[a+1]
			if lo == hi {
				continue
			}
			for range 3 {
				k := lo + int32(rng.IntN(int(hi-lo)))
				if st.usable(k) && st.inv[q.vpb[k]] < 0 {
					st.setSig(a, q.vpb[k], k)
					break
				}
			}
		}
		st.climb()
		st.offerSig(st.evalSig())
	}
	return st.inc > inc
}

// usable reports whether hill climbing may use vp k: before the root is
// done, any pair the first bound found useful; afterwards, any pair the root
// did not rule out.
func (st *search) usable(k int32) bool {
	if st.useRoot {
		return st.rootOK[k]
	}
	return st.state[k] != vpDead
}

func (st *search) setSig(a, b, k int32) {
	if old := st.sig[a]; old >= 0 {
		st.inv[old] = -1
	}
	st.sig[a] = b
	st.curK[a] = k
	if b >= 0 {
		st.inv[b] = a
	}
}

func (st *search) offerSig(v float64) {
	if v > st.inc {
		st.inc = v
		copy(st.incSig, st.sig)
	}
}

// active reports whether every requirement of pair p holds under sig.
func (st *search) active(p int32) bool {
	q := st.q
	for _, k := range q.preq[q.preqS[p]:q.preqS[p+1]] {
		if st.sig[q.vpa[k]] != q.vpb[k] {
			return false
		}
	}
	return true
}

// evalSig is the exact value of the mapping sig: the best item matching
// among the pairs it satisfies.
func (st *search) evalSig() float64 {
	q := st.q
	stamp := st.nextStamp()
	st.edges = st.edges[:0]
	st.s.work += int64(q.np)
	clash := false
	v := 0.0
	for p := range int32(q.np) {
		if !st.active(p) {
			continue
		}
		r, c := q.prow[p], q.pcol[p]
		if st.rowStamp[r] == stamp || st.colStamp[c] == stamp {
			clash = true
		}
		st.rowStamp[r], st.colStamp[c] = stamp, stamp
		st.edges = append(st.edges, Edge{Row: r, Col: c, W: q.pw[p]})
		v += q.pw[p]
	}
	if clash {
		return st.s.asg.MaxEdges(q.nr, q.nc, st.edges, nil)
	}
	return v
}

// activeSum adds the weights of the pairs requiring vp k that hold under
// sig and have not been counted yet in this generation.
func (st *search) activeSum(k int32) float64 {
	if k < 0 {
		return 0
	}
	q := st.q
	v := 0.0
	st.s.work += int64(q.vpS[k+1] - q.vpS[k])
	for _, p := range q.vpP[q.vpS[k]:q.vpS[k+1]] {
		if st.pStamp[p] == st.pGen {
			continue
		}
		st.pStamp[p] = st.pGen
		if st.active(p) {
			v += q.pw[p]
		}
	}
	return v
}

// climb is smatch-style hill climbing on the sum of the satisfied pairs'
// weights, with two kinds of move: map a variable to a free partner, or
// swap the partners of two variables. It sweeps over the variables and
// applies each one's best gaining move at once (rather than only the best
// move overall, as smatch does), until a sweep gains nothing.
func (st *search) climb() {
	q := st.q
	const eps = 1e-9
	for sweep := 0; sweep < 2*q.nx+8; sweep++ {
		improved := false
		for a := range int32(q.nx) {
			bestD, bestK := eps, int32(-1)
			for k := q.xS[a]; k < q.xS[a+1]; k++ {
				if !st.usable(k) || q.vpb[k] == st.sig[a] {
					continue
				}
				if d := st.moveDelta(a, k); d > bestD {
					bestD, bestK = d, k
				}
			}
			if bestK < 0 {
				continue
			}
			improved = true
			b := q.vpb[bestK]
			old, a2 := st.sig[a], st.inv[b]
			if a2 >= 0 {
				st.sig[a2], st.curK[a2] = -1, -1 // b passes to a below
			}
			st.setSig(a, b, bestK)
			if a2 >= 0 && old >= 0 {
				if k2 := q.vpOf(a2, old); k2 >= 0 && st.usable(k2) {
					st.setSig(a2, old, k2)
				}
			}
		}
		if !improved {
			return
		}
	}
}

// moveDelta is the change in the objective when a takes the partner of vp
// k; the variable that had that partner gets a's old one if it can use it,
// else none.
func (st *search) moveDelta(a, k int32) float64 {
	q := st.q
	b := q.vpb[k]
	old, a2 := st.sig[a], st.inv[b]
	k2 := int32(-1)
	if a2 >= 0 && old >= 0 {
		if k2 = q.vpOf(a2, old); k2 >= 0 && !st.usable(k2) {
			k2 = -1
		}
	}
	st.nextPGen()
	before := st.activeSum(st.curK[a])
	if a2 >= 0 {
		before += st.activeSum(st.curK[a2])
	}
	st.sig[a] = b
	if a2 >= 0 {
		st.sig[a2] = -1
		if k2 >= 0 {
			st.sig[a2] = old
		}
	}
	st.nextPGen()
	after := st.activeSum(k) + st.activeSum(k2)
	st.sig[a] = old
	if a2 >= 0 {
		st.sig[a2] = b
	}
	return after - before
}

func fill32(s []int32, n int, x int32) []int32 {
	s = growInt32s(s, n)
	for i := range s {
		s[i] = x
	}
	return s
}

func growUint8s(s []uint8, n int) []uint8 {
	if cap(s) < n {
		return make([]uint8, n, n+n/4)
	}
	return s[:n]
}

// nextStamp starts a new generation for the stamp arrays, clearing them
// on the (very rare) wrap-around.
func (st *search) nextStamp() uint32 {
	st.stamp++
	if st.stamp == 0 {
		clear(st.rowStamp)
		clear(st.colStamp)
		clear(st.locStamp)
		st.stamp = 1
	}
	return st.stamp
}

func (st *search) nextPGen() {
	st.pGen++
	if st.pGen == 0 {
		clear(st.pStamp)
		st.pGen = 1
	}
}
