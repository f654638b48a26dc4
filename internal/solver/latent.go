package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// VarPair requires the latent bijection to map variable X of the row side
// to variable Y of the column side.
type VarPair struct{ X, Y int32 }

// LatentPair is a candidate pair of items: row Row may be matched with
// column Col for weight W, but only if the bijection maps every listed
// variable pair. A pair with no variable pairs always qualifies; a listed
// variable pair may repeat (it is the same requirement), and a list that
// asks for two different partners of one variable can never be met.
//
// When several pairs name the same row and column, that item pair weighs
// as much as the heaviest of them whose requirements hold: alternatives
// are combined by max, not by sum. (Any non-negative weight that can only
// grow as more variable pairs hold can be written this way.)
type LatentPair struct {
	Row, Col int32
	W        float64
	Vars     []VarPair
}

// Constraint restricts how items may be matched. Values other than the
// four below count as OneToOne.
type Constraint uint8

const (
	// OneToOne uses each row and each column at most once.
	OneToOne Constraint = iota
	// ManyToOne uses each row at most once; columns may be shared.
	ManyToOne
	// OneToMany uses each column at most once; rows may be shared.
	OneToMany
	// ManyToMany puts no limit on how often an item is used.
	ManyToMany
)

// String returns the constraint's name, such as "OneToOne".
func (c Constraint) String() string {
	switch c {
	case OneToOne:
		return "OneToOne"
	case ManyToOne:
		return "ManyToOne"
	case OneToMany:
		return "OneToMany"
	case ManyToMany:
		return "ManyToMany"
	}
	return "Constraint(" + strconv.Itoa(int(c)) + ")"
}

// LatentProblem is a matching of Rows row items with Cols column items
// solved jointly with a one-to-one partial map σ from the VarsX row-side
// variables to the VarsY column-side variables:
//
//	max over σ, over item matchings M obeying Constraint, of Σ_{p ∈ M} W_p
//
// where M may only use pairs whose variable pairs σ all maps. Smatch is
// the case of triples as items, OneToOne, W = 1 and, for two triples with
// the same relation (and equal constants), the variable pairs of their
// subjects and of their objects.
type LatentProblem struct {
	Rows, Cols   int
	VarsX, VarsY int
	Pairs        []LatentPair
	Constraint   Constraint
}

// Limits stops a search early; the best matching found so far is then
// returned with a bound, not proven. One rule holds for every field: zero
// takes the default (DefaultMaxWork units of work, DefaultMaxPairs
// candidate pairs, no limit on nodes or time), NoLimit lifts the limit,
// and a positive value is the limit.
type Limits struct {
	MaxNodes int           // branch-and-bound nodes, over all components
	Timeout  time.Duration // wall clock for the whole call
	// MaxWork bounds the effort of one call deterministically, unlike
	// Timeout: a unit is one candidate or variable pair visited by a
	// bound, a propagation or a hill-climbing move (a few nanoseconds
	// each on a current CPU). The same problem and limit always give the
	// same result.
	MaxWork int64
	// MaxPairs bounds the candidate item pairs [LatentSolver.SolveItems]
	// expands its classes into for the exact search, and with them its
	// memory (some 200 bytes a pair). Past it, only the linear-size
	// heuristics and bound run.
	MaxPairs int
	// Stop, once closed, ends the search at once, as a limit does (an
	// interrupt: the caller reports what was found so far).
	Stop <-chan struct{}
}

// NoLimit, as the value of a field of Limits, lifts that limit.
const NoLimit = -1

// The defaults of Limits.MaxWork and Limits.MaxPairs: 4·10^9 units of work
// (measured: 2 to 15 s of one core, depending on the problem's shape) and
// 4 million candidate pairs (under 1 GB). Every Smatch pair of the Little
// Prince corpus is proven far within them.
const (
	DefaultMaxWork  int64 = 4e9
	DefaultMaxPairs int   = 1 << 22
)

// Unlimited lifts every limit.
var Unlimited = Limits{MaxNodes: NoLimit, Timeout: NoLimit, MaxWork: NoLimit, MaxPairs: NoLimit}

// Nodes is the node limit in effect; 0 is none.
func (l Limits) Nodes() int { return max(l.MaxNodes, 0) }

// Time is the time limit in effect; 0 is none.
func (l Limits) Time() time.Duration { return max(l.Timeout, 0) }

// Work is the work limit in effect; 0 is none.
func (l Limits) Work() int64 {
	if l.MaxWork == 0 {
		return DefaultMaxWork
	}
	return max(l.MaxWork, 0)
}

// Pairs is the candidate-pair limit in effect; 0 is none.
func (l Limits) Pairs() int {
	if l.MaxPairs == 0 {
		return DefaultMaxPairs
	}
	return max(l.MaxPairs, 0)
}

// LatentResult is the outcome of [LatentSolver.Solve].
type LatentResult struct {
	// Total is the value of the returned σ and matching.
	Total float64
	// Bound is a proven upper bound on the optimum; it equals Total when
	// Proven. With integer weights it is rounded down to an integer.
	Bound float64
	// Proven reports that Total is the optimum (for non-integer weights,
	// to within a relative 1e-10).
	Proven bool
	// VarTo[a] is σ(a), the column-side variable of row-side variable a,
	// or -1 when a is unmapped. It only maps variables that help.
	VarTo []int32
	// Match lists the indices into Problem.Pairs of the matched item pairs,
	// in increasing order. Their requirements hold under VarTo, they obey
	// the constraint, at most one pair is listed per row and column
	// combination, and their weights add up to Total.
	Match []int32
	// Nodes counts the branch-and-bound nodes explored: 0 when the first
	// bound already meets the first incumbent.
	Nodes int
	// Edges lists the matched item pairs of [LatentSolver.SolveItems]
	// (Solve leaves it nil and reports Match).
	Edges []Edge
	// Work is the effort spent, in the units of Limits.MaxWork.
	Work int64
	// Interrupted reports that Limits.Stop ended the search.
	Interrupted bool
}

// LatentSolver solves [LatentProblem]s exactly by branch and bound. It keeps
// its scratch space between calls. The zero value is ready to use; a
// LatentSolver must not be used by several goroutines at once.
//
// # Method
//
// The requirements name a set of candidate variable pairs (a, b). The
// search decides them one at a time: a node fixes σ(a) = b (which excludes
// every other pair of a and of b) or excludes (a, b). Every other
// constraint is first turned into 1:1 by renaming items (N:1 keeps one
// slot per row, 1:N one per column, N:N one per row and column), so the
// search only deals with 1:1 item matchings.
//
// Upper bound (Gilmore–Lawler style). The pairs whose requirements are all
// fixed are "satisfied"; their best item matching is exact. Every other
// live pair splits its weight among its undecided variable pairs; a
// variable pair's gain adds up the parts it receives, counting per item row
// only the best part and likewise per column, and taking the smaller of the
// two sums. A maximum-weight assignment of the undecided variables under
// these gains, plus the satisfied value, bounds every completion. The
// split starts even (a pair that needs two undecided variable pairs gives
// half to each); at the root, subgradient steps move weight from the
// variable pairs the assignment uses to those it leaves out, which is a
// Lagrangian relaxation of "both ends of a pair must agree" and tightens
// the bound a lot on Smatch-like problems. Any split gives a valid bound,
// so the tuned split is kept for the whole search.
//
// Reduced-cost fixing. The assignment is solved with its dual values, which
// bound every child at once: "σ(a) = b" by the bound minus the reduced cost
// of (a, b), and "a unmapped" by the bound minus a's dual value. Pairs whose
// forced bound cannot beat the incumbent are excluded; a variable that must
// be mapped and has one candidate left is fixed; two variables that are
// each other's only candidate are matched (extending σ never lowers the
// objective). This repeats until nothing changes. With integer weights
// (detected) a bound below the incumbent plus one prunes.
//
// Incumbent. The root assignment's σ, improved by hill climbing as in
// smatch (moves: map a variable to a free partner, swap two partners) on
// the sum of the satisfied weights, and again from the assignments of the
// tuned bounds; after 32 nodes, three random restarts from a fixed seed.
// Every node also offers its fixed part.
//
// Decomposition. Items and variables linked by pairs form connected
// components, solved independently; after the root is tightened, the
// undecided rest is split again when it falls apart.
//
// Branching. The variable (of either side) with the fewest candidates
// (one fewer if it must be mapped), then its pair with the highest forced
// bound; "fix" is explored before "exclude".
//
// The search is deterministic: without a Timeout, the same problem always
// gives the same result.
type LatentSolver struct {
	levels []*latLevel
	asg    Assigner
	pcg    rand.PCG

	nodes, maxNodes int
	work, maxWork   int64
	deadline        time.Time
	stopCh          <-chan struct{}
	aborted         bool
	interrupted     bool

	// SolveItems.
	it     itemState
	itProb LatentProblem
	itVars []VarPair
	// sub solves the parts of a problem (see partBound); it does not
	// split again.
	sub     *LatentSolver
	noParts bool
	// Twin classes of the problem being solved, by variable (-1: none),
	// and how many variable pairs their symmetry breaking killed.
	twinX, twinY []int32
	symKills     int64
	// bare turns the incumbent heuristics off, so that tests see small
	// problems branch.
	bare bool

	// Input processing.
	pRow, pCol []int32 // item row and column of each input pair (1:1 form), -1 if unusable
	nr, nc     int
	seenX      []uint32
	seenY      []uint32
	partX      []int32
	partY      []int32
	gen        uint32
	reqs       []VarPair
	xr, yr     relabel
	order      []int32
	sorted     []int32
	cnt        []int32
	rowTo      []int
	best       []int32
	edges      []Edge
}

// latLevel holds one level of the recursion: a problem, its best σ and the
// search over it.
type latLevel struct {
	prob   lprob
	sol    []int32
	st     search
	xr, yr relabel
	rr, cr relabel
	seed   []int32 // an initial σ in this level's numbering, or empty
	comp   []int32 // component of each pair
	cstart []int32
	corder []int32
}

func (s *LatentSolver) lev(d int) *latLevel {
	for len(s.levels) <= d {
		s.levels = append(s.levels, &latLevel{})
	}
	return s.levels[d]
}

// stop reports whether a limit has been reached.
func (s *LatentSolver) stop() bool {
	if s.aborted {
		return true
	}
	if s.maxNodes > 0 && s.nodes >= s.maxNodes || s.maxWork > 0 && s.work >= s.maxWork {
		s.aborted = true
		return true
	}
	if s.stopCh != nil {
		select {
		case <-s.stopCh:
			s.aborted, s.interrupted = true, true
			return true
		default:
		}
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.aborted = true
		return true
	}
	return false
}

// Solve returns an optimal σ and item matching for p, or the best found
// when a limit stops the search first. Pairs whose row or column is out of
// range, whose weight is not positive (or NaN), or which name a variable
// out of range are ignored, as are negative sizes; Solve never panics on
// malformed input.
func (s *LatentSolver) Solve(p *LatentProblem, lim Limits) LatentResult {
	s.begin(lim)
	s.twinX, s.twinY = nil, nil
	return s.solve(p, nil)
}

// begin starts the clocks of a call.
func (s *LatentSolver) begin(lim Limits) {
	s.nodes, s.maxNodes, s.aborted, s.interrupted = 0, lim.Nodes(), false, false
	s.work, s.maxWork = 0, lim.Work()
	s.symKills = 0
	s.stopCh = lim.Stop
	s.deadline = time.Time{}
	if t := lim.Time(); t > 0 {
		s.deadline = time.Now().Add(t)
	}
}

// solve is Solve within limits already begun; seed, if not nil, is a σ
// (seed[a] = b or -1) the search starts from as its incumbent.
func (s *LatentSolver) solve(p *LatentProblem, seed []int32) LatentResult {
	nx, ny := max(p.VarsX, 0), max(p.VarsY, 0)
	res := LatentResult{VarTo: make([]int32, nx)}
	for a := range res.VarTo {
		res.VarTo[a] = -1
	}
	s.items(p)

	top := s.lev(0)
	q := &top.prob
	q.reset()
	s.xr.reset(nx)
	s.yr.reset(ny)
	// Huge weights are capped so that no sum overflows in the search.
	wmax := math.MaxFloat64 / float64(len(p.Pairs)+1)
	for i := range p.Pairs {
		if s.pRow[i] < 0 {
			continue
		}
		for _, v := range s.cleanReqs(p.Pairs[i].Vars) {
			q.addReq(s.xr.get(v.X), s.yr.get(v.Y))
		}
		q.addPair(s.pRow[i], s.pCol[i], min(clampWeight(p.Pairs[i].W), wmax), int32(i))
	}
	q.finish(len(s.xr.up), len(s.yr.up), s.nr, s.nc)
	q.xUp = append(q.xUp[:0], s.xr.up...)
	q.yUp = append(q.yUp[:0], s.yr.up...)
	if s.twinX != nil || s.twinY != nil {
		q.setTwins(s.twinX, s.twinY, nil, nil)
	}
	top.seed = top.seed[:0]
	if seed != nil {
		// In the problem's numbering; a variable of the seed that no pair
		// needs stays out.
		top.seed = fill32(top.seed, q.nx, -1)
		for a, x := range s.xr.up {
			if b := seed[x]; b >= 0 && int(b) < len(s.yr.local) && s.yr.local[b] >= 0 {
				top.seed[a] = s.yr.local[b]
			}
		}
	}

	_, bound, proven := s.solveProblem(0, math.Inf(-1))
	for a, b := range top.sol[:q.nx] {
		if b >= 0 {
			res.VarTo[q.xUp[a]] = q.yUp[b]
		}
	}
	res.Total, res.Match = s.evaluate(p, res.VarTo)
	res.Nodes, res.Work, res.Interrupted = s.nodes, s.work, s.interrupted
	res.Proven = proven
	res.Bound = res.Total
	if !proven {
		if q.integral {
			bound = math.Floor(bound + 1e-6)
		}
		res.Bound = max(bound, res.Total)
	}
	return res
}

// items maps every input pair to its item row and column in the 1:1 form
// of the constraint, or -1 when the pair is unusable: ManyToOne keeps one
// slot per row (a row's best pair), OneToMany one per column, and
// ManyToMany one per distinct (row, column).
func (s *LatentSolver) items(p *LatentProblem) {
	n := len(p.Pairs)
	s.pRow = growInt32s(s.pRow, n)
	s.pCol = growInt32s(s.pCol, n)
	nx, ny := max(p.VarsX, 0), max(p.VarsY, 0)
	s.seenX = growUint32s(s.seenX, nx)
	s.seenY = growUint32s(s.seenY, ny)
	s.partX = growInt32s(s.partX, nx)
	s.partY = growInt32s(s.partY, ny)
	clear(s.seenX)
	clear(s.seenY)
	s.gen = 0
	for i := range p.Pairs {
		pr := &p.Pairs[i]
		s.pRow[i], s.pCol[i] = -1, -1
		if pr.Row < 0 || int(pr.Row) >= p.Rows || pr.Col < 0 || int(pr.Col) >= p.Cols || !(pr.W > 0) {
			continue
		}
		if s.cleanReqs(pr.Vars) == nil && len(pr.Vars) > 0 {
			continue
		}
		s.pRow[i], s.pCol[i] = pr.Row, pr.Col
	}
	switch p.Constraint {
	case ManyToOne:
		s.nr, s.nc = max(p.Rows, 0), max(p.Rows, 0)
		copy(s.pCol, s.pRow)
	case OneToMany:
		s.nr, s.nc = max(p.Cols, 0), max(p.Cols, 0)
		copy(s.pRow, s.pCol)
	case ManyToMany:
		// Number the distinct (row, column) combinations: counting sort by
		// column, then stably by row.
		s.order = s.order[:0]
		for i := range n {
			if s.pRow[i] >= 0 {
				s.order = append(s.order, int32(i))
			}
		}
		s.sorted = s.sortBy(s.order, s.pCol, max(p.Cols, 0), s.sorted)
		s.order = s.sortBy(s.sorted, s.pRow, max(p.Rows, 0), s.order)
		g := int32(-1)
		lastR, lastC := int32(-1), int32(-1)
		for _, i := range s.order {
			if s.pRow[i] != lastR || s.pCol[i] != lastC {
				g++
				lastR, lastC = s.pRow[i], s.pCol[i]
			}
			s.pRow[i] = g
		}
		for _, i := range s.order {
			s.pCol[i] = s.pRow[i]
		}
		s.nr, s.nc = int(g+1), int(g+1)
	default:
		s.nr, s.nc = max(p.Rows, 0), max(p.Cols, 0)
	}
}

// sortBy returns idx stably sorted by key[i] ∈ [0, n), in out's storage
// (which must not overlap idx).
func (s *LatentSolver) sortBy(idx, key []int32, n int, out []int32) []int32 {
	s.cnt = growInt32s(s.cnt, n+1)
	clear(s.cnt)
	for _, i := range idx {
		s.cnt[key[i]+1]++
	}
	for k := range n {
		s.cnt[k+1] += s.cnt[k]
	}
	out = growInt32s(out, len(idx))
	for _, i := range idx {
		out[s.cnt[key[i]]] = i
		s.cnt[key[i]]++
	}
	return out
}

// cleanReqs returns the distinct requirements of vars, or nil when a
// variable is out of range or asked for two different partners (the pair
// can then never qualify). The result is only valid until the next call.
func (s *LatentSolver) cleanReqs(vars []VarPair) []VarPair {
	s.reqs = s.reqs[:0]
	if len(vars) == 0 {
		return s.reqs
	}
	s.gen++
	if s.gen == 0 {
		clear(s.seenX)
		clear(s.seenY)
		s.gen = 1
	}
	gen := s.gen
	for _, v := range vars {
		if v.X < 0 || int(v.X) >= len(s.seenX) || v.Y < 0 || int(v.Y) >= len(s.seenY) {
			return nil
		}
		sx, sy := s.seenX[v.X] == gen, s.seenY[v.Y] == gen
		if sx || sy {
			if sx && sy && s.partX[v.X] == v.Y && s.partY[v.Y] == v.X {
				continue // a repeat
			}
			return nil
		}
		s.seenX[v.X], s.seenY[v.Y] = gen, gen
		s.partX[v.X], s.partY[v.Y] = v.Y, v.X
		s.reqs = append(s.reqs, v)
	}
	return s.reqs
}

// evaluate computes the exact value of σ on the input problem and the
// matched pairs.
func (s *LatentSolver) evaluate(p *LatentProblem, varTo []int32) (float64, []int32) {
	s.edges = s.edges[:0]
	s.order = s.order[:0]
	for i := range p.Pairs {
		if s.pRow[i] < 0 {
			continue
		}
		ok := true
		for _, v := range p.Pairs[i].Vars {
			if varTo[v.X] != v.Y {
				ok = false
				break
			}
		}
		if ok {
			s.order = append(s.order, int32(i))
			s.edges = append(s.edges, Edge{Row: s.pRow[i], Col: s.pCol[i], W: clampWeight(p.Pairs[i].W)})
		}
	}
	if cap(s.rowTo) < s.nr {
		s.rowTo = make([]int, s.nr)
	}
	rowTo := s.rowTo[:s.nr]
	s.asg.MaxEdges(s.nr, s.nc, s.edges, rowTo)
	s.best = fill32(s.best, s.nr, -1)
	for k, i := range s.order {
		e := s.edges[k]
		if rowTo[e.Row] != int(e.Col) {
			continue
		}
		if b := s.best[e.Row]; b < 0 || e.W > clampWeight(p.Pairs[b].W) {
			s.best[e.Row] = i
		}
	}
	n := 0
	for _, i := range s.best {
		if i >= 0 {
			n++
		}
	}
	match := make([]int32, 0, n)
	for _, i := range s.best {
		if i >= 0 {
			match = append(match, i)
		}
	}
	slices.Sort(match)
	total := 0.0
	for _, i := range match {
		total += clampWeight(p.Pairs[i].W)
	}
	return total, match
}

// solveProblem solves the problem at level d: each connected component on
// its own. lb is a value the caller already has; the result then only
// needs to be right when the optimum beats it. It returns the value of the
// σ stored in the level's sol, a bound, and whether the value is proven
// optimal (or proven not to beat lb).
func (s *LatentSolver) solveProblem(d int, lb float64) (float64, float64, bool) {
	lv := s.lev(d)
	q := &lv.prob
	lv.sol = fill32(lv.sol, q.nx, -1)
	if q.np == 0 {
		return 0, 0, true
	}
	ncomp := s.components(lv)
	if ncomp == 1 {
		return s.solveComponent(d, lb)
	}
	total, bound, proven := 0.0, 0.0, true
	for c := range ncomp {
		sub := s.lev(d + 1)
		s.extract(lv, c, sub)
		v, b, pr := s.solveComponent(d+1, math.Inf(-1))
		r := &sub.prob
		for a, y := range sub.sol[:r.nx] {
			if y >= 0 {
				lv.sol[r.xUp[a]] = r.yUp[y]
			}
		}
		total += v
		bound += max(b, v)
		proven = proven && pr
	}
	return total, bound, proven
}

// components labels the pairs of the level's problem with connected
// components (of rows, columns and variables linked by pairs), grouping
// them in lv.corder, and returns their number.
func (s *LatentSolver) components(lv *latLevel) int {
	q := &lv.prob
	st := &lv.st
	n := q.nx + q.ny + q.nr + q.nc
	st.uf = growInt32s(st.uf, n)
	for i := range st.uf {
		st.uf[i] = int32(i)
	}
	ox, oy, or := int32(0), int32(q.nx), int32(q.nx+q.ny)
	oc := or + int32(q.nr)
	union := func(x, y int32) {
		x, y = st.find(x), st.find(y)
		if x != y {
			st.uf[y] = x
		}
	}
	for p := range q.np {
		r := or + q.prow[p]
		union(r, oc+q.pcol[p])
		for _, k := range q.preq[q.preqS[p]:q.preqS[p+1]] {
			union(r, ox+q.vpa[k])
			union(r, oy+q.vpb[k])
		}
	}
	st.cid = growInt32s(st.cid, n)
	for i := range st.cid {
		st.cid[i] = -1
	}
	lv.comp = growInt32s(lv.comp, q.np)
	lv.cstart = append(lv.cstart[:0], 0)
	for p := range q.np {
		r := st.find(or + q.prow[p])
		if st.cid[r] < 0 {
			st.cid[r] = int32(len(lv.cstart) - 1)
			lv.cstart = append(lv.cstart, 0)
		}
		c := st.cid[r]
		lv.comp[p] = c
		lv.cstart[c+1]++
	}
	ncomp := len(lv.cstart) - 1
	if ncomp == 1 {
		return 1
	}
	for c := range ncomp {
		lv.cstart[c+1] += lv.cstart[c]
	}
	lv.corder = growInt32s(lv.corder, q.np)
	next := growInt32s(st.perm, ncomp)
	copy(next, lv.cstart[:ncomp])
	for p := range int32(q.np) {
		c := lv.comp[p]
		lv.corder[next[c]] = p
		next[c]++
	}
	st.perm = next
	return ncomp
}

// extract builds component c of lv's problem as sub's problem.
func (s *LatentSolver) extract(lv *latLevel, c int, sub *latLevel) {
	q := &lv.prob
	r := &sub.prob
	r.reset()
	sub.xr.reset(q.nx)
	sub.yr.reset(q.ny)
	sub.rr.reset(q.nr)
	sub.cr.reset(q.nc)
	for _, p := range lv.corder[lv.cstart[c]:lv.cstart[c+1]] {
		for _, k := range q.preq[q.preqS[p]:q.preqS[p+1]] {
			r.addReq(sub.xr.get(q.vpa[k]), sub.yr.get(q.vpb[k]))
		}
		r.addPair(sub.rr.get(q.prow[p]), sub.cr.get(q.pcol[p]), q.pw[p], p)
	}
	r.finish(len(sub.xr.up), len(sub.yr.up), len(sub.rr.up), len(sub.cr.up))
	r.xUp = append(r.xUp[:0], sub.xr.up...)
	r.yUp = append(r.yUp[:0], sub.yr.up...)
	r.inheritTwins(q)
	sub.seed = sub.seed[:0]
	if len(lv.seed) > 0 {
		sub.seed = fill32(sub.seed, r.nx, -1)
		for a, x := range r.xUp {
			if b := lv.seed[x]; b >= 0 && sub.yr.local[b] >= 0 {
				sub.seed[a] = sub.yr.local[b]
			}
		}
	}
}

// reduceInto builds, as r, what is left of st's problem under its current
// decisions: the live pairs, with fixed requirements dropped (a pair whose
// requirements are all fixed keeps its items and weight as a constant).
func (s *LatentSolver) reduceInto(st *search, r *lprob, sub *latLevel) {
	q := st.q
	r.reset()
	sub.xr.reset(q.nx)
	sub.yr.reset(q.ny)
	sub.rr.reset(q.nr)
	sub.cr.reset(q.nc)
	for p := range int32(q.np) {
		if st.deadCnt[p] > 0 {
			continue
		}
		for _, k := range q.preq[q.preqS[p]:q.preqS[p+1]] {
			if st.state[k] == vpAlive {
				r.addReq(sub.xr.get(q.vpa[k]), sub.yr.get(q.vpb[k]))
			}
		}
		r.addPair(sub.rr.get(q.prow[p]), sub.cr.get(q.pcol[p]), q.pw[p], p)
	}
	r.finish(len(sub.xr.up), len(sub.yr.up), len(sub.rr.up), len(sub.cr.up))
	r.xUp = append(r.xUp[:0], sub.xr.up...)
	r.yUp = append(r.yUp[:0], sub.yr.up...)
	r.inheritTwins(q)
	// The incumbent, restricted to what is left, seeds the parts.
	sub.seed = fill32(sub.seed, r.nx, -1)
	for a, x := range r.xUp {
		if b := st.incSig[x]; b >= 0 && st.fx[x] < 0 && sub.yr.local[b] >= 0 {
			sub.seed[a] = sub.yr.local[b]
		}
	}
}

// solveComponent runs the branch and bound on the level's problem, which
// is connected (or the caller did not care to split it).
func (s *LatentSolver) solveComponent(d int, lb float64) (float64, float64, bool) {
	lv := s.lev(d)
	q := &lv.prob
	st := &lv.st
	st.init(s, q, d, lb)
	lv.sol = fill32(lv.sol, q.nx, -1)
	if q.nvp == 0 {
		v := st.satValue()
		return v, v, true
	}
	ub := st.bound()
	st.offer(st.fixedVal)
	if len(lv.seed) > 0 && !st.prunable(ub) {
		st.seedFrom(lv.seed)
	}
	if !st.prunable(ub) {
		st.heuristics()
	}
	if st.prunable(ub) {
		copy(lv.sol, st.incSig)
		return st.inc, st.inc, true
	}
	st.dfs(ub, 0)
	copy(lv.sol, st.incSig)
	if s.aborted && st.open > math.Inf(-1) {
		return st.inc, max(st.open, st.inc), false
	}
	return st.inc, st.inc, true
}
