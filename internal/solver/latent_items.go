package solver

import (
	"math"
	"math/rand/v2"
	"slices"
)

// LatentItems is a one-to-one latent matching given by classes of items
// rather than by candidate pairs. It is Smatch's form: a triple's class is
// its relation and constant, its variables are its subject and object.
// Two items of one class match, for the class's weight, when σ maps the
// variables of the row item, position by position, onto those of the
// column item; items of different classes never match. Its size is
// linear in the two graphs, while the candidate pairs it stands for (and
// which [LatentSolver.Solve] needs) grow with the square of a class's
// size: a chain of 5,000 nodes linked by one relation has 25 million.
type LatentItems struct {
	VarsX, VarsY int
	// Weight[c] is what a matched pair of class c weighs (> 0).
	Weight []float64
	// X lists the row items, Y the column items.
	X, Y ItemList
}

// ItemList lists the items of one side: item i has class Class[i] and the
// variables Vars[Start[i]:Start[i+1]] (a variable may repeat).
type ItemList struct {
	Class []int32
	Start []int32 // len(Class)+1 entries
	Vars  []int32
}

// Add appends an item.
func (l *ItemList) Add(class int32, vars ...int32) {
	if len(l.Start) == 0 {
		l.Start = append(l.Start, 0)
	}
	l.Class = append(l.Class, class)
	l.Vars = append(l.Vars, vars...)
	l.Start = append(l.Start, int32(len(l.Vars)))
}

// Reset empties the list, keeping its storage.
func (l *ItemList) Reset() {
	l.Class, l.Start, l.Vars = l.Class[:0], l.Start[:0], l.Vars[:0]
}

// Len is the number of items.
func (l *ItemList) Len() int { return len(l.Class) }

// Expand writes the equivalent [LatentProblem] into p (reusing its
// storage): one candidate pair per row and column item of a class with as
// many variables.
func (it *LatentItems) Expand(p *LatentProblem) {
	var g itemState
	g.load(it)
	g.expand(p, nil)
}

// SolveItems solves it exactly, as [LatentSolver.Solve] solves the
// expanded problem, but first in time and memory linear in the items:
//
//   - an upper bound from the classes alone: Σ_c Weight[c]·min(row items
//     of c, column items of c), as if σ could satisfy every item;
//   - a structure-aware σ: variables coloured by their neighbourhoods
//     (colour refinement, the same on both sides), then mapped by
//     propagation along the items from the pairs whose colour is unique,
//     rarest colours first, and improved by hill climbing whose moves
//     follow the items (a variable goes to the partner its mapped
//     neighbours point to).
//
// When σ meets the bound (a graph against itself or an isomorphic copy),
// it is proven optimal without a candidate pair. Otherwise the classes are
// expanded into candidate pairs, unless there would be more than
// Limits.MaxPairs, and the branch and bound of Solve starts from σ; past
// MaxPairs σ is returned, not proven, with the class bound.
//
// The result's Match is nil: Edges lists the matched items instead.
// Items whose class or variables are out of range, or whose class has no
// positive weight, are ignored.
func (s *LatentSolver) SolveItems(it *LatentItems, lim Limits) LatentResult {
	s.begin(lim)
	g := &s.it
	g.load(it)
	s.work += int64(len(g.xcls) + len(g.ycls))
	res := LatentResult{VarTo: make([]int32, g.nx)}
	g.incumbent(s)
	val := g.value(s)
	if !g.meets(val, g.ub) && !s.stop() {
		g.climb(s)
		val = g.value(s)
	}
	ub := g.ub
	if !g.meets(val, ub) && !s.stop() && !s.noParts {
		// Parts: a bound and an incumbent built part by part.
		if s.sub == nil {
			s.sub = &LatentSolver{noParts: true}
		}
		if pb, v, ok := g.partBound(s, s.sub, it, lim, val); ok {
			if g.integral {
				pb = math.Floor(pb + 1e-6)
			}
			ub, val = min(ub, pb), v
		}
	}
	if !g.meets(val, ub) && !s.stop() && (lim.Pairs() > 0 && g.npairs > int64(lim.Pairs())) {
		// No exact search will follow: climb from random starts too, as
		// smatch does (-r 4), keeping the best.
		val = g.restarts(s, val, 4)
	}
	finish := func(total, bound float64, proven bool) LatentResult {
		copy(res.VarTo, g.sig)
		res.Total = total
		res.Edges = g.edges(it)
		res.Proven = proven
		res.Bound = total
		if !proven {
			if g.integral {
				bound = math.Floor(bound + 1e-6)
			}
			res.Bound = max(bound, total)
		}
		res.Nodes, res.Work, res.Interrupted = s.nodes, s.work, s.interrupted
		return res
	}
	if g.meets(val, ub) {
		return finish(val, val, true)
	}
	if lim.Pairs() > 0 && g.npairs > int64(lim.Pairs()) || s.stop() {
		return finish(val, ub, false)
	}
	s.work += g.npairs
	p := &s.itProb
	g.expand(p, &s.itVars)
	g.twinX = g.twinClasses(true, g.twinX)
	g.twinY = g.twinClasses(false, g.twinY)
	if twinOrderings(g.twinX)+twinOrderings(g.twinY) >= minTwinOrderings {
		s.twinX, s.twinY = g.twinX, g.twinY
	}
	s.work += int64(len(g.xinc) + len(g.yinc))
	r := s.solve(p, g.sig)
	s.twinX, s.twinY = nil, nil
	if r.Total < val {
		// A limit stopped the search before it offered the seed: keep σ.
		return finish(val, min(r.Bound, ub), false)
	}
	copy(g.sig, r.VarTo)
	res = r
	res.Edges = make([]Edge, len(r.Match))
	for i, k := range r.Match {
		pr := &p.Pairs[k]
		res.Edges[i] = Edge{Row: pr.Row, Col: pr.Col, W: pr.W}
	}
	res.Match = nil
	if !res.Proven {
		res.Bound = min(res.Bound, max(ub, res.Total))
		if res.Bound <= res.Total {
			res.Proven, res.Bound = true, res.Total
		}
	}
	res.Nodes, res.Work, res.Interrupted = s.nodes, s.work, s.interrupted
	return res
}

// itemState is SolveItems' scratch: the validated items of both sides,
// the adjacency of variables to items, colours, and the σ being built.
type itemState struct {
	nx, ny     int
	w          []float64 // per class; ≤ 0: unusable
	xcls, ycls []int32   // class of each item, -1 if ignored
	xs, ys     []int32   // variables of each item: xv[xs[i]:xs[i+1]]
	xv, yv     []int32
	integral   bool
	ub         float64
	npairs     int64

	// Incidences: the items of variable a, as (item, position) entries
	// xinc[xincS[a]:xincS[a+1]]; on the Y side sorted by (class, position)
	// so that a class's items at one position form a run.
	xincS, yincS []int32
	xinc, yinc   []incidence

	ydead      []int32  // per run start: leading incidences of all-mapped items
	colX, colY []uint64 // colours
	sig, inv   []int32
	queue      []int32

	// Column items by key (class and variables), sorted, for lookups of
	// a mapped row item.
	ykey  []uint64
	yord  []int32
	yused []uint32
	ygen  uint32

	// Column variables with a one-variable item of each class (a
	// concept): uvars[uS[c]:uS[c+1]].
	uS, uvars []int32
	sweep     int

	scratch []uint64
	cnt     []int32

	twinX, twinY []int32 // twin classes (latent_twins.go)
}

type incidence struct{ item, pos int32 }

func (g *itemState) load(it *LatentItems) {
	g.nx, g.ny = max(it.VarsX, 0), max(it.VarsY, 0)
	g.w = append(g.w[:0], it.Weight...)
	g.integral = true
	for c, w := range g.w {
		w = clampWeight(w)
		g.w[c] = w
		if w != math.Trunc(w) {
			g.integral = false
		}
	}
	g.xcls, g.xs, g.xv = g.side(&it.X, g.nx, g.xcls, g.xs, g.xv)
	g.ycls, g.ys, g.yv = g.side(&it.Y, g.ny, g.ycls, g.ys, g.yv)
	// The class bound and the number of candidate pairs, from the counts
	// of each class (a pair needs as many variables on both sides, which
	// a class has unless the caller mixed shapes: counted anyway).
	nc := len(g.w)
	g.cnt = growInt32s(g.cnt, 2*nc)
	clear(g.cnt)
	for _, c := range g.xcls {
		if c >= 0 {
			g.cnt[c]++
		}
	}
	for _, c := range g.ycls {
		if c >= 0 {
			g.cnt[nc+int(c)]++
		}
	}
	g.ub, g.npairs = 0, 0
	for c := range nc {
		g.ub += g.w[c] * float64(min(g.cnt[c], g.cnt[nc+c]))
		g.npairs += int64(g.cnt[c]) * int64(g.cnt[nc+c])
	}
	if g.ub >= 1<<50 {
		g.integral = false
	}
	g.xincS, g.xinc = incidences(g.nx, g.xcls, g.xs, g.xv, g.xincS, g.xinc)
	g.yincS, g.yinc = incidences(g.ny, g.ycls, g.ys, g.yv, g.yincS, g.yinc)
	for b := range g.ny {
		run := g.yinc[g.yincS[b]:g.yincS[b+1]]
		slices.SortFunc(run, func(p, q incidence) int {
			if c := int(g.ycls[p.item]) - int(g.ycls[q.item]); c != 0 {
				return c
			}
			if c := int(p.pos) - int(q.pos); c != 0 {
				return c
			}
			return int(p.item) - int(q.item)
		})
	}
	// Column items by key.
	g.ykey = growUint64s(g.ykey, len(g.ycls))
	g.yord = g.yord[:0]
	for y, c := range g.ycls {
		if c >= 0 {
			g.ykey[y] = itemKey(c, g.yv[g.ys[y]:g.ys[y+1]], nil)
			g.yord = append(g.yord, int32(y))
		}
	}
	slices.SortFunc(g.yord, func(p, q int32) int {
		if g.ykey[p] != g.ykey[q] {
			if g.ykey[p] < g.ykey[q] {
				return -1
			}
			return 1
		}
		return int(p) - int(q)
	})
	g.yused = growUint32s(g.yused, len(g.ycls))
	clear(g.yused)
	g.ygen = 0
	g.sig = fill32(g.sig, g.nx, -1)
	g.inv = fill32(g.inv, g.ny, -1)
	g.ydead = growInt32s(g.ydead, len(g.yinc))
	clear(g.ydead)
	g.uS = growInt32s(g.uS, nc+1)
	clear(g.uS)
	for y, c := range g.ycls {
		if c >= 0 && g.ys[y+1]-g.ys[y] == 1 {
			g.uS[c+1]++
		}
	}
	for c := range nc {
		g.uS[c+1] += g.uS[c]
	}
	g.uvars = growInt32s(g.uvars, int(g.uS[nc]))
	next := slices.Clone(g.uS[:nc])
	for y, c := range g.ycls {
		if c >= 0 && g.ys[y+1]-g.ys[y] == 1 {
			g.uvars[next[c]] = g.yv[g.ys[y]]
			next[c]++
		}
	}
}

// side copies one side's valid items: class in range with a positive
// weight, variables in range.
func (g *itemState) side(l *ItemList, nv int, cls, start, vars []int32) ([]int32, []int32, []int32) {
	n := len(l.Class)
	if len(l.Start) != n+1 {
		n = 0
	}
	cls = growInt32s(cls, n)
	start = append(start[:0], 0)
	vars = vars[:0]
	for i := range n {
		cls[i] = -1
		c := l.Class[i]
		lo, hi := l.Start[i], l.Start[i+1]
		ok := c >= 0 && int(c) < len(g.w) && g.w[c] > 0 && lo >= 0 && lo <= hi && int(hi) <= len(l.Vars)
		if ok {
			for _, v := range l.Vars[lo:hi] {
				if v < 0 || int(v) >= nv {
					ok = false
					break
				}
			}
		}
		if ok {
			cls[i] = c
			vars = append(vars, l.Vars[lo:hi]...)
		}
		start = append(start, int32(len(vars)))
	}
	return cls, start, vars
}

// incidences builds the (item, position) lists of every variable.
func incidences(nv int, cls, start, vars []int32, incS []int32, inc []incidence) ([]int32, []incidence) {
	incS = growInt32s(incS, nv+1)
	clear(incS)
	for i, c := range cls {
		if c < 0 {
			continue
		}
		for _, v := range vars[start[i]:start[i+1]] {
			incS[v+1]++
		}
	}
	for v := range nv {
		incS[v+1] += incS[v]
	}
	if cap(inc) < int(incS[nv]) {
		inc = make([]incidence, incS[nv])
	}
	inc = inc[:incS[nv]]
	next := slices.Clone(incS[:nv])
	for i, c := range cls {
		if c < 0 {
			continue
		}
		for j, v := range vars[start[i]:start[i+1]] {
			inc[next[v]] = incidence{int32(i), int32(j)}
			next[v]++
		}
	}
	return incS, inc
}

func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// itemKey hashes a class and a variable tuple; with sig, the row item's
// variables are first mapped (an unmapped one gives key 0: no match).
func itemKey(c int32, vars []int32, sig []int32) uint64 {
	h := mix(uint64(c) + 0x9e3779b97f4a7c15)
	for _, v := range vars {
		if sig != nil {
			if v = sig[v]; v < 0 {
				return 0
			}
		}
		h = mix(h ^ (uint64(v) + 0x632be59bd9b4e019))
	}
	return h | 1
}

func growUint64s(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n, n+n/4)
	}
	return s[:n]
}

// meets reports whether v reaches the bound ub.
func (g *itemState) meets(v, ub float64) bool {
	if g.integral {
		return v > ub-1+1e-6
	}
	return v >= ub-1e-10*max(1, math.Abs(ub))
}

// colors refines the colours of the variables of both sides together for
// a few rounds: a colour stands for the classes and positions of the
// items around a variable, and then of its neighbours' colours.
func (g *itemState) colors(s *LatentSolver) {
	g.colX = growUint64s(g.colX, g.nx)
	g.colY = growUint64s(g.colY, g.ny)
	clear(g.colX)
	clear(g.colY)
	nextX := make([]uint64, g.nx)
	nextY := make([]uint64, g.ny)
	for range 4 {
		g.refine(g.colX, nextX, g.xincS, g.xinc, g.xcls, g.xs, g.xv)
		g.refine(g.colY, nextY, g.yincS, g.yinc, g.ycls, g.ys, g.yv)
		copy(g.colX, nextX)
		copy(g.colY, nextY)
		s.work += int64(len(g.xinc)+len(g.yinc)) * 4
	}
}

func (g *itemState) refine(col, next []uint64, incS []int32, inc []incidence, cls, start, vars []int32) {
	for v := range len(col) {
		g.scratch = g.scratch[:0]
		for _, e := range inc[incS[v]:incS[v+1]] {
			h := mix(uint64(cls[e.item])<<8 ^ uint64(e.pos))
			for j, u := range vars[start[e.item]:start[e.item+1]] {
				if int32(j) != e.pos {
					h = mix(h ^ col[u] ^ uint64(j)<<56)
				}
			}
			g.scratch = append(g.scratch, h)
		}
		slices.Sort(g.scratch)
		h := mix(col[v] + 0x51)
		for _, x := range g.scratch {
			h = mix(h ^ x)
		}
		next[v] = h
	}
}

// incumbent builds a structure-aware σ: anchors in order of the rarity of
// their colour, each propagated along the items around it.
func (g *itemState) incumbent(s *LatentSolver) {
	g.colors(s)
	// Variables of each colour, both sides: sort by colour.
	ox := make([]int32, g.nx)
	oy := make([]int32, g.ny)
	for i := range ox {
		ox[i] = int32(i)
	}
	for i := range oy {
		oy[i] = int32(i)
	}
	slices.SortStableFunc(ox, func(a, b int32) int { return cmpU64(g.colX[a], g.colX[b]) })
	slices.SortStableFunc(oy, func(a, b int32) int { return cmpU64(g.colY[a], g.colY[b]) })
	// Colour groups present on both sides, rarest first (by the larger
	// side), then by colour for determinism.
	type group struct {
		xlo, xhi, ylo, yhi int
	}
	var groups []group
	for i, j := 0, 0; i < len(ox) && j < len(oy); {
		cx, cy := g.colX[ox[i]], g.colY[oy[j]]
		switch {
		case cx < cy:
			i++
		case cx > cy:
			j++
		default:
			i2, j2 := i, j
			for i2 < len(ox) && g.colX[ox[i2]] == cx {
				i2++
			}
			for j2 < len(oy) && g.colY[oy[j2]] == cy {
				j2++
			}
			groups = append(groups, group{i, i2, j, j2})
			i, j = i2, j2
		}
	}
	slices.SortStableFunc(groups, func(a, b group) int {
		return max(a.xhi-a.xlo, a.yhi-a.ylo) - max(b.xhi-b.xlo, b.yhi-b.ylo)
	})
	for _, gr := range groups {
		for i, j := gr.xlo, gr.ylo; i < gr.xhi && j < gr.yhi; i++ {
			a := ox[i]
			if g.sig[a] >= 0 {
				continue
			}
			for j < gr.yhi && g.inv[oy[j]] >= 0 {
				j++
			}
			if j == gr.yhi {
				break
			}
			g.assign(a, oy[j])
			g.propagate(s)
		}
	}
	g.unary(s)
}

// unary maps the variables left unmapped that have a one-variable item
// (a concept) to free partners with an item of the same class, and
// propagates from them.
func (g *itemState) unary(s *LatentSolver) {
	free := map[int32][]int32{} // class -> free column variables, reversed
	for y := len(g.ycls) - 1; y >= 0; y-- {
		c := g.ycls[y]
		if c >= 0 && g.ys[y+1]-g.ys[y] == 1 && g.inv[g.yv[g.ys[y]]] < 0 {
			free[c] = append(free[c], g.yv[g.ys[y]])
		}
	}
	s.work += int64(len(g.ycls) + len(g.xcls))
	for x, c := range g.xcls {
		if c < 0 || g.xs[x+1]-g.xs[x] != 1 || g.sig[g.xv[g.xs[x]]] >= 0 {
			continue
		}
		l := free[c]
		for len(l) > 0 && g.inv[l[len(l)-1]] >= 0 {
			l = l[:len(l)-1]
		}
		if len(l) > 0 {
			g.assign(g.xv[g.xs[x]], l[len(l)-1])
			l = l[:len(l)-1]
			g.propagate(s)
		}
		free[c] = l
	}
}

func cmpU64(a, b uint64) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

func (g *itemState) assign(a, b int32) {
	g.sig[a], g.inv[b] = b, a
	g.queue = append(g.queue, a)
}

// propagate extends σ from the queued variables: for each item of a
// mapped variable a, a column item of the same class at the same
// position around σ(a) whose other variables are either the images of
// the row item's mapped ones or free (of the same colour, if any such
// item exists) fixes the row item's free variables.
func (g *itemState) propagate(s *LatentSolver) {
	for len(g.queue) > 0 {
		a := g.queue[len(g.queue)-1]
		g.queue = g.queue[:len(g.queue)-1]
		b := g.sig[a]
		for _, e := range g.xinc[g.xincS[a]:g.xincS[a+1]] {
			x := e.item
			xv := g.xv[g.xs[x]:g.xs[x+1]]
			if len(xv) < 2 {
				continue
			}
			free := false
			for _, v := range xv {
				free = free || g.sig[v] < 0
			}
			if !free {
				continue
			}
			lo, hi := g.yRun(b, g.xcls[x], e.pos)
			if lo == hi {
				continue
			}
			// Column items whose variables are all mapped fit no row item
			// with a free variable, now or later (σ only grows here):
			// skip the leading ones for good, which keeps a hub linear.
			start := lo + int(g.ydead[lo])
			for start < hi && g.allMapped(g.yinc[start].item) {
				start++
			}
			g.ydead[lo] = int32(start - lo)
			best := int32(-1)
			for pass := 0; pass < 2 && best < 0; pass++ {
				for _, f := range g.yinc[start:hi] {
					s.work++
					if g.fits(xv, g.yv[g.ys[f.item]:g.ys[f.item+1]], pass == 0) {
						best = f.item
						break
					}
				}
			}
			if best < 0 {
				continue
			}
			yv := g.yv[g.ys[best]:g.ys[best+1]]
			for j, v := range xv {
				if g.sig[v] < 0 && g.inv[yv[j]] < 0 {
					g.assign(v, yv[j])
				}
			}
		}
	}
}

func (g *itemState) allMapped(y int32) bool {
	for _, v := range g.yv[g.ys[y]:g.ys[y+1]] {
		if g.inv[v] < 0 {
			return false
		}
	}
	return true
}

// yRun is the run of column item incidences of variable b with class c at
// position pos.
func (g *itemState) yRun(b, c, pos int32) (int, int) {
	run := g.yinc[g.yincS[b]:g.yincS[b+1]]
	cmp := func(e incidence) int {
		if d := int(g.ycls[e.item]) - int(c); d != 0 {
			return d
		}
		return int(e.pos) - int(pos)
	}
	lo, _ := slices.BinarySearchFunc(run, 0, func(e incidence, _ int) int {
		if cmp(e) < 0 {
			return -1
		}
		return 1
	})
	hi := lo
	for hi < len(run) && cmp(run[hi]) == 0 {
		hi++
	}
	base := int(g.yincS[b])
	return base + lo, base + hi
}

// fits reports whether the column item's variables yv can be the images
// of the row item's xv under σ extended by its free variables (with equal
// colours when sameColor), consistently when a variable repeats.
func (g *itemState) fits(xv, yv []int32, sameColor bool) bool {
	if len(xv) != len(yv) {
		return false
	}
	for j, v := range xv {
		w := yv[j]
		if t := g.sig[v]; t >= 0 {
			if t != w {
				return false
			}
			continue
		}
		if g.inv[w] >= 0 || sameColor && g.colX[v] != g.colY[w] {
			return false
		}
		for k := range j { // a repeated variable needs a repeated image
			if (xv[k] == v) != (yv[k] == w) {
				return false
			}
		}
	}
	return true
}

// value is the exact value of σ: each row item takes a free column item
// with its mapped key.
func (g *itemState) value(s *LatentSolver) float64 {
	g.ygen++
	if g.ygen == 0 {
		clear(g.yused)
		g.ygen = 1
	}
	v := 0.0
	for x, c := range g.xcls {
		if c < 0 {
			continue
		}
		if y := g.find(x); y >= 0 {
			g.yused[y] = g.ygen
			v += g.w[c]
		}
	}
	s.work += int64(len(g.xcls))
	return v
}

// find returns a column item not used in this generation that row item x
// matches under σ, or -1.
func (g *itemState) find(x int) int32 {
	c := g.xcls[x]
	xv := g.xv[g.xs[x]:g.xs[x+1]]
	k := itemKey(c, xv, g.sig)
	if k == 0 {
		return -1
	}
	i, _ := slices.BinarySearchFunc(g.yord, k, func(y int32, k uint64) int { return cmpU64(g.ykey[y], k) })
	for ; i < len(g.yord) && g.ykey[g.yord[i]] == k; i++ {
		y := g.yord[i]
		if g.yused[y] == g.ygen || g.ycls[y] != c {
			continue
		}
		yv := g.yv[g.ys[y]:g.ys[y+1]]
		if len(yv) != len(xv) {
			continue
		}
		ok := true
		for j, v := range xv {
			if g.sig[v] != yv[j] {
				ok = false
				break
			}
		}
		if ok {
			return y
		}
	}
	return -1
}

// edges lists the item pairs σ matches.
func (g *itemState) edges(it *LatentItems) []Edge {
	g.ygen++
	if g.ygen == 0 {
		clear(g.yused)
		g.ygen = 1
	}
	var out []Edge
	for x, c := range g.xcls {
		if c < 0 {
			continue
		}
		if y := g.find(x); y >= 0 {
			g.yused[y] = g.ygen
			out = append(out, Edge{Row: int32(x), Col: y, W: g.w[c]})
		}
	}
	return out
}

// matched reports whether row item x has a column item under σ (ignoring
// which other row items may claim it: exact for sets, where no two row
// items share a key).
func (g *itemState) matched(x int32) bool {
	g.ygen++
	if g.ygen == 0 {
		clear(g.yused)
		g.ygen = 1
	}
	return g.find(int(x)) >= 0
}

// local is the weight of the row items around a and a2 that σ matches,
// each counted once.
func (g *itemState) local(s *LatentSolver, a, a2 int32, seen []int32, stamp int32) float64 {
	v := 0.0
	for _, u := range [2]int32{a, a2} {
		if u < 0 {
			continue
		}
		s.work += int64(g.xincS[u+1] - g.xincS[u])
		for _, e := range g.xinc[g.xincS[u]:g.xincS[u+1]] {
			if seen[e.item] == stamp {
				continue
			}
			seen[e.item] = stamp
			if g.matched(e.item) {
				v += g.w[g.xcls[e.item]]
			}
		}
	}
	return v
}

// climb improves σ by moves that follow the items: a row variable a takes
// the partner b that one of its items points to (the column item matching
// its other, mapped, variables has b at a's position); the variable that
// had b gets a's old partner. Each variable's best gaining move is applied
// at once; sweeps repeat until none gains or the budget ends.
func (g *itemState) climb(s *LatentSolver) {
	seen := make([]int32, len(g.xcls))
	for i := range seen {
		seen[i] = -1
	}
	stamp := int32(0)
	next := func() int32 {
		stamp++
		if stamp == math.MaxInt32 {
			for i := range seen {
				seen[i] = -1
			}
			stamp = 0
		}
		return stamp
	}
	var props []int32
	for sweep := 0; sweep < 2*g.nx+8; sweep++ {
		g.sweep = sweep
		improved := false
		for a := range int32(g.nx) {
			if s.stop() {
				return
			}
			props = g.proposals(s, a, props[:0])
			bestD, bestB := 1e-9, int32(-1)
			for _, b := range props {
				if b == g.sig[a] {
					continue
				}
				if d := g.delta(s, a, b, seen, next); d > bestD {
					bestD, bestB = d, b
				}
			}
			if bestB < 0 {
				continue
			}
			improved = true
			g.move(a, bestB)
		}
		if !improved {
			return
		}
	}
}

// restarts climbs from n random starts (deterministic: a fixed seed)
// and keeps the best σ; val is the value of the current one.
func (g *itemState) restarts(s *LatentSolver, val float64, n int) float64 {
	best := slices.Clone(g.sig)
	rng := rand.New(rand.NewPCG(0x5eed, uint64(g.nx)<<32|uint64(g.ny)))
	for range n {
		if s.stop() || g.meets(val, g.ub) {
			break
		}
		clear(g.sig)
		for a := range g.sig {
			g.sig[a] = -1
		}
		for b := range g.inv {
			g.inv[b] = -1
		}
		clear(g.ydead) // σ starts over: items mapped before are free again
		// Grow σ along the items from random anchors: each a random
		// free partner sharing one of its one-variable classes.
		for _, a := range rng.Perm(g.nx) {
			if g.sig[a] >= 0 {
				continue
			}
			for _, e := range g.xinc[g.xincS[a]:g.xincS[a+1]] {
				x := e.item
				if g.xs[x+1]-g.xs[x] != 1 {
					continue
				}
				c := g.xcls[x]
				u := g.uvars[g.uS[c]:g.uS[c+1]]
				for range 3 {
					if len(u) == 0 {
						break
					}
					if b := u[rng.IntN(len(u))]; g.inv[b] < 0 {
						g.assign(int32(a), b)
						g.propagate(s)
						break
					}
				}
				break
			}
		}
		s.work += int64(g.nx)
		g.climb(s)
		if v := g.value(s); v > val {
			val = v
			copy(best, g.sig)
		}
	}
	copy(g.sig, best)
	for b := range g.inv {
		g.inv[b] = -1
	}
	for a, b := range g.sig {
		if b >= 0 {
			g.inv[b] = int32(a)
		}
	}
	return val
}

// proposals lists the partners a's items point to, then (as smatch's
// moves do) some of the partners that share a one-variable class with a,
// a different window of them at each sweep.
func (g *itemState) proposals(s *LatentSolver, a int32, out []int32) []int32 {
	out = g.pointed(s, a, out)
	const window = 64
	for _, e := range g.xinc[g.xincS[a]:g.xincS[a+1]] {
		x := e.item
		if g.xs[x+1]-g.xs[x] != 1 {
			continue
		}
		c := g.xcls[x]
		u := g.uvars[g.uS[c]:g.uS[c+1]]
		n := min(len(u), window)
		s.work += int64(n)
		for i := range n {
			if b := u[(g.sweep*window+i)%len(u)]; !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return out
}

// pointed lists the partners a's items point to.
func (g *itemState) pointed(s *LatentSolver, a int32, out []int32) []int32 {
	for _, e := range g.xinc[g.xincS[a]:g.xincS[a+1]] {
		x := e.item
		xv := g.xv[g.xs[x]:g.xs[x+1]]
		// Another mapped variable of the item anchors the lookup.
		anchor := int32(-1)
		for j, v := range xv {
			if v != a && g.sig[v] >= 0 {
				anchor = int32(j)
				break
			}
		}
		if anchor < 0 {
			continue
		}
		lo, hi := g.yRun(g.sig[xv[anchor]], g.xcls[x], anchor)
		s.work += int64(hi - lo)
		for _, f := range g.yinc[lo:hi] {
			yv := g.yv[g.ys[f.item]:g.ys[f.item+1]]
			if len(yv) != len(xv) {
				continue
			}
			ok := true
			for j, v := range xv {
				if v != a && g.sig[v] >= 0 && g.sig[v] != yv[j] {
					ok = false
					break
				}
			}
			if ok && !slices.Contains(out, yv[e.pos]) {
				out = append(out, yv[e.pos])
				if len(out) >= 16 {
					return out
				}
			}
		}
	}
	return out
}

// delta is the gain of moving a to b (and b's holder to a's old partner).
func (g *itemState) delta(s *LatentSolver, a, b int32, seen []int32, next func() int32) float64 {
	old, a2 := g.sig[a], g.inv[b]
	before := g.local(s, a, a2, seen, next())
	g.move(a, b)
	after := g.local(s, a, a2, seen, next())
	// Undo.
	if a2 >= 0 {
		g.move(a2, b)
	} else {
		g.unmap(a)
	}
	if old >= 0 && g.sig[a] != old {
		g.move(a, old)
	}
	return after - before
}

// move maps a to b; b's previous holder takes a's previous partner.
func (g *itemState) move(a, b int32) {
	old, a2 := g.sig[a], g.inv[b]
	if old >= 0 {
		g.inv[old] = -1
	}
	g.sig[a], g.inv[b] = b, a
	if a2 >= 0 && a2 != a {
		g.sig[a2] = old
		if old >= 0 {
			g.inv[old] = a2
		}
	}
}

func (g *itemState) unmap(a int32) {
	if b := g.sig[a]; b >= 0 {
		g.inv[b] = -1
	}
	g.sig[a] = -1
}

// expand writes the candidate pairs of the classes into p; the variable
// pairs of all pairs share one buffer, *buf.
func (g *itemState) expand(p *LatentProblem, buf *[]VarPair) {
	var vars []VarPair
	if buf != nil {
		vars = (*buf)[:0]
	}
	p.Rows, p.Cols = len(g.xcls), len(g.ycls)
	p.VarsX, p.VarsY = g.nx, g.ny
	p.Constraint = OneToOne
	p.Pairs = p.Pairs[:0]
	// Column items grouped by class.
	nc := len(g.w)
	byC := make([]int32, nc+1)
	for _, c := range g.ycls {
		if c >= 0 {
			byC[c+1]++
		}
	}
	for c := range nc {
		byC[c+1] += byC[c]
	}
	cols := make([]int32, byC[nc])
	next := slices.Clone(byC[:nc])
	for y, c := range g.ycls {
		if c >= 0 {
			cols[next[c]] = int32(y)
			next[c]++
		}
	}
	total := 0
	for x, c := range g.xcls {
		if c >= 0 {
			total += int(byC[c+1]-byC[c]) * int(g.xs[x+1]-g.xs[x])
		}
	}
	if cap(vars) < total {
		vars = make([]VarPair, 0, total)
	}
	for x, c := range g.xcls {
		if c < 0 {
			continue
		}
		xv := g.xv[g.xs[x]:g.xs[x+1]]
		for _, y := range cols[byC[c]:byC[c+1]] {
			yv := g.yv[g.ys[y]:g.ys[y+1]]
			if len(yv) != len(xv) {
				continue
			}
			start := len(vars)
			for j := range xv {
				vars = append(vars, VarPair{xv[j], yv[j]})
			}
			p.Pairs = append(p.Pairs, LatentPair{Row: int32(x), Col: y, W: g.w[c], Vars: vars[start:len(vars):len(vars)]})
		}
	}
	if buf != nil {
		*buf = vars
	}
}
