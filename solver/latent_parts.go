package solver

import (
	"math"
	"slices"
	"time"
)

// Bounds and incumbents part by part. A document's graph (sentences under
// one root) falls apart into nearly independent parts once a few
// separating variables are set aside. Give every row item to one part
// (the part of its first variable) and solve each part's items alone
// against all column items, with the variables the part's items name as
// its own (a variable of another part named by one of its items is a free
// copy). Any σ restricted to a part is feasible for the part, and σ's
// value is the sum over parts of what it matches of each part's items, so
// the sum of the parts' optima (or of their bounds, when a budget stops
// them) bounds the whole: a relaxation that only forgets that two parts
// may not use the same column variables or items. The parts' maps, joined
// in order of their values, are also a strong incumbent.

// partMax is the size (in row variables) above which a part is split
// again at a separating variable (a variable so that tests can split
// small problems).
var partMax = 64

// partition splits the row variables into parts: connected components of
// the row graph (variables linked by items), split at articulation
// variables while a part has more than partMax variables and a split
// takes a useful piece off it. It returns the part of each variable and
// the number of parts.
func (g *itemState) partition() ([]int32, int) {
	n := g.nx
	// Adjacency of row variables through items.
	adjS := make([]int32, n+1)
	for x, c := range g.xcls {
		if c < 0 {
			continue
		}
		xv := g.xv[g.xs[x]:g.xs[x+1]]
		for i, u := range xv {
			for _, v := range xv[i+1:] {
				if u != v {
					adjS[u+1]++
					adjS[v+1]++
				}
			}
		}
	}
	for v := range n {
		adjS[v+1] += adjS[v]
	}
	adj := make([]int32, adjS[n])
	next := slices.Clone(adjS[:n])
	for x, c := range g.xcls {
		if c < 0 {
			continue
		}
		xv := g.xv[g.xs[x]:g.xs[x+1]]
		for i, u := range xv {
			for _, v := range xv[i+1:] {
				if u != v {
					adj[next[u]] = v
					next[u]++
					adj[next[v]] = u
					next[v]++
				}
			}
		}
	}
	part := make([]int32, n)
	for i := range part {
		part[i] = -1
	}
	nparts := int32(0)
	// Components of the variables with part p (all: -1), numbered anew
	// from nparts; returns the new parts.
	var split func(members []int32)
	comp := func(members []int32, old int32, skip int32) [][]int32 {
		var out [][]int32
		for _, s := range members {
			if part[s] != old || s == skip {
				continue
			}
			id := nparts
			nparts++
			var list []int32
			stack := []int32{s}
			part[s] = id
			for len(stack) > 0 {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				list = append(list, v)
				for _, w := range adj[adjS[v]:adjS[v+1]] {
					if part[w] == old && w != skip {
						part[w] = id
						stack = append(stack, w)
					}
				}
			}
			out = append(out, list)
		}
		return out
	}
	split = func(members []int32) {
		if len(members) <= partMax {
			return
		}
		p := part[members[0]]
		v, gain := g.cut(members, part, p, adj, adjS)
		if v < 0 || gain < max(min(4, partMax-1), len(members)/8) {
			return
		}
		// v becomes a part of its own; the rest falls apart.
		part[v] = nparts
		nparts++
		for _, c := range comp(members, p, v) {
			split(c)
		}
	}
	all := make([]int32, n)
	for i := range all {
		all[i] = int32(i)
	}
	for _, c := range comp(all, -1, -1) {
		split(c)
	}
	return part, int(nparts)
}

// cut finds the articulation variable of the connected part p (whose
// variables are members) whose removal takes the most variables off the
// largest remaining piece; it returns it and that number, or -1.
func (g *itemState) cut(members []int32, part []int32, p int32, adj, adjS []int32) (int32, int) {
	n := len(members)
	disc := make(map[int32]int32, n)
	low := make(map[int32]int32, n)
	size := make(map[int32]int32, n)
	best, bestGain := int32(-1), 0
	t := int32(0)
	type frame struct {
		v, parent int32
		i         int32
	}
	root := members[0]
	stack := []frame{{root, -1, adjS[root]}}
	disc[root], low[root], size[root] = t, t, 1
	t++
	// For each variable, the sizes of the pieces its removal cuts off
	// (children whose subtree cannot reach above it), and their sum.
	maxPiece := make(map[int32]int32, n)
	cutSum := make(map[int32]int32, n)
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i < adjS[f.v+1] {
			w := adj[f.i]
			f.i++
			if part[w] != p {
				continue
			}
			if _, seen := disc[w]; !seen {
				disc[w], low[w], size[w] = t, t, 1
				t++
				stack = append(stack, frame{w, f.v, adjS[w]})
			} else if w != f.parent {
				low[f.v] = min(low[f.v], disc[w])
			}
			continue
		}
		v, parent := f.v, f.parent
		stack = stack[:len(stack)-1]
		if parent < 0 {
			continue
		}
		size[parent] += size[v]
		low[parent] = min(low[parent], low[v])
		if low[v] >= disc[parent] {
			cutSum[parent] += size[v]
			maxPiece[parent] = max(maxPiece[parent], size[v])
		}
	}
	for _, v := range members {
		var pieces, rest int32
		if v == root {
			// The root cuts between its DFS children.
			pieces = maxPiece[v]
			rest = int32(n) - 1 - cutSum[v]
			if cutSum[v] == int32(n)-1 && pieces == int32(n)-1 {
				continue // one child: not an articulation
			}
		} else {
			if cutSum[v] == 0 {
				continue
			}
			pieces = maxPiece[v]
			rest = int32(n) - 1 - cutSum[v]
		}
		largest := max(pieces, rest)
		if gain := n - 1 - int(largest); gain > bestGain {
			best, bestGain = v, gain
		}
	}
	return best, bestGain
}

// partBound bounds the problem part by part and returns the bound, and
// the parts' maps joined into σ (in g.sig) when that beats val, the value
// of the σ there. It returns ok = false when the row side does not split.
//
// The parts are coupled only by σ being one-to-one across them: a column
// variable may serve one part only. That constraint is relaxed with a
// price λ_b ≥ 0 on each column variable b (Lagrangian relaxation): a part
// pays λ_b out of the weight of a row variable's first one-variable item
// (its concept) when it matches it at b, and the bound is Σ_b λ_b plus
// the parts' optima under these weights. Under any σ a matching pays each
// λ_b at most once (σ maps one variable to b, and that variable pays
// through one item), so the priced value plus Σ_b λ_b is at least σ's
// value: every λ gives a bound. Subgradient steps raise the price of variables that several
// parts use and lower that of unused ones; the best bound is kept.
func (g *itemState) partBound(s, sub *LatentSolver, it *LatentItems, lim Limits, val float64) (bound, newVal float64, ok bool) {
	part, nparts := g.partition()
	if nparts < 2 {
		return 0, val, false
	}
	// A part with every item would be the problem again.
	cnt := make([]int, nparts)
	for x, c := range g.xcls {
		if c >= 0 && g.xs[x] < g.xs[x+1] {
			if cnt[part[g.xv[g.xs[x]]]]++; cnt[part[g.xv[g.xs[x]]]] == len(g.xcls) {
				return 0, val, false
			}
		}
	}
	// Items of each part (by first variable).
	itemsOf := make([][]int32, nparts)
	for x, c := range g.xcls {
		if c < 0 || g.xs[x] == g.xs[x+1] {
			continue
		}
		p := part[g.xv[g.xs[x]]]
		itemsOf[p] = append(itemsOf[p], int32(x))
	}
	var parts []*partProb
	var pit LatentItems
	pit.Weight = it.Weight
	pit.Y = it.Y
	pit.VarsY = it.VarsY
	local := make([]int32, g.nx)
	for i := range local {
		local[i] = -1
	}
	// Items with no variables are left to no part and bound by their
	// weight.
	fixed := 0.0
	for x, c := range g.xcls {
		if c >= 0 && g.xs[x] == g.xs[x+1] {
			fixed += g.w[c]
		}
	}
	// Each row variable pays through one one-variable item only (its
	// first): a variable may have several (a concept, attributes), and σ
	// maps it to one partner, so a matching pays each price at most once.
	priced := make([]int32, g.nx)
	for i := range priced {
		priced[i] = -1
	}
	for x, c := range g.xcls {
		if c >= 0 && g.xs[x+1]-g.xs[x] == 1 && priced[g.xv[g.xs[x]]] < 0 {
			priced[g.xv[g.xs[x]]] = int32(x)
		}
	}
	npairs := 0
	for _, items := range itemsOf {
		if len(items) == 0 {
			continue
		}
		pit.X.Reset()
		pp := &partProb{}
		for _, x := range items {
			var vars []int32
			for _, v := range g.xv[g.xs[x]:g.xs[x+1]] {
				if local[v] < 0 {
					local[v] = int32(len(pp.up))
					pp.up = append(pp.up, v)
				}
				vars = append(vars, local[v])
			}
			pit.X.Add(g.xcls[x], vars...)
		}
		for _, v := range pp.up {
			local[v] = -1
		}
		pit.VarsX = len(pp.up)
		pit.Expand(&pp.p)
		npairs += len(pp.p.Pairs)
		if lim.MaxPairs > 0 && npairs > lim.MaxPairs {
			return 0, val, false
		}
		pp.base = make([]float64, len(pp.p.Pairs))
		pp.price = make([]int32, len(pp.p.Pairs))
		for i, pr := range pp.p.Pairs {
			pp.base[i] = pr.W
			pp.price[i] = -1
			if x := items[pr.Row]; priced[g.xv[g.xs[x]]] == x {
				pp.price[i] = pr.Vars[0].Y
			}
		}
		parts = append(parts, pp)
	}
	lambda := make([]float64, g.ny)
	used := make([]int32, g.ny)
	best := math.Inf(1)
	var bestSig []int32
	theta, fails := 2.0, 0
	const iters = 30
	for iter := range iters {
		if s.stop() || lim.MaxWork > 0 && s.work >= lim.MaxWork/2 {
			break
		}
		clear(used)
		ub := fixed
		for _, l := range lambda {
			ub += l
		}
		for _, pp := range parts {
			// Prices are multiples of 1/priceScale and the weights are
			// then scaled by it, so that integer weights stay integers
			// (the search prunes at the next integer).
			scale := 1.0
			if iter > 0 {
				scale = priceScale
			}
			for i := range pp.p.Pairs {
				w := pp.base[i]
				if b := pp.price[i]; b >= 0 {
					w -= lambda[b]
				}
				pp.p.Pairs[i].W = w * scale
			}
			plim := lim
			if lim.MaxWork > 0 {
				plim.MaxWork = max((lim.MaxWork/2-s.work)/int64(len(parts)*2), 1)
			}
			plim.Timeout = 0
			if !s.deadline.IsZero() {
				plim.Timeout = max(time.Until(s.deadline), 1)
			}
			r := sub.Solve(&pp.p, plim)
			s.work += r.Work
			s.nodes += r.Nodes
			if r.Interrupted {
				s.aborted, s.interrupted = true, true
			}
			ub += r.Bound / scale
			pp.bound, pp.total, pp.varTo = r.Bound/scale, r.Total/scale, r.VarTo
			for _, k := range r.Match {
				if b := pp.price[k]; b >= 0 {
					used[b]++
				}
			}
		}
		if g.integral {
			ub = math.Floor(ub + 1e-6)
		}
		if ub < best {
			best = ub
			if iter == 0 || bestSig == nil {
				// The unpriced parts' maps, joined, as an incumbent.
				if v, ok := g.joinParts(s, parts, val); ok {
					val = v
					bestSig = slices.Clone(g.sig)
				}
			}
		}
		if g.meets(val, best) {
			break
		}
		// Subgradient: 1 − (parts using b); λ stays ≥ 0.
		norm := 0.0
		for b, u := range used {
			d := 1 - float64(u)
			if d > 0 && lambda[b] == 0 {
				continue
			}
			norm += d * d
		}
		if norm == 0 {
			break
		}
		if iter > 0 && ub >= best {
			if fails++; fails >= 2 {
				theta, fails = theta/2, 0
			}
		}
		step := theta * max(ub-val, 1) / norm
		for b, u := range used {
			l := max(0, lambda[b]-step*(1-float64(u)))
			lambda[b] = math.Round(l*priceScale) / priceScale
		}
	}
	if math.IsInf(best, 1) {
		return 0, val, false
	}
	if bestSig != nil {
		g.setSig(bestSig)
	}
	return best, val, true
}

// priceScale: prices are multiples of 1/priceScale.
const priceScale = 8

// partProb is one part's problem, expanded: its items against all column
// items, and what the last solve found.
type partProb struct {
	p     LatentProblem
	base  []float64 // the pairs' weights
	price []int32   // the column variable a pair pays for, or -1
	up    []int32   // part variable -> row variable
	bound float64
	total float64
	varTo []int32
}

// joinParts joins the parts' maps, the most valuable first (a variable or
// partner already taken is skipped), and improves the result by hill
// climbing. When it beats val it stays in g.sig and its value is
// returned; otherwise g.sig is left as it was.
func (g *itemState) joinParts(s *LatentSolver, parts []*partProb, val float64) (float64, bool) {
	order := slices.Clone(parts)
	slices.SortStableFunc(order, func(a, b *partProb) int {
		switch {
		case a.total > b.total:
			return -1
		case a.total < b.total:
			return 1
		}
		return 0
	})
	keep := slices.Clone(g.sig)
	g.setSig(nil)
	for _, pp := range order {
		for l, b := range pp.varTo {
			if a := pp.up[l]; b >= 0 && g.sig[a] < 0 && g.inv[b] < 0 {
				g.sig[a], g.inv[b] = b, a
			}
		}
	}
	g.climb(s)
	if v := g.value(s); v > val {
		return v, true
	}
	g.setSig(keep)
	return val, false
}

// setSig sets σ (nil: empty) and its inverse.
func (g *itemState) setSig(sig []int32) {
	for a := range g.sig {
		g.sig[a] = -1
		if sig != nil {
			g.sig[a] = sig[a]
		}
	}
	for b := range g.inv {
		g.inv[b] = -1
	}
	for a, b := range g.sig {
		if b >= 0 {
			g.inv[b] = int32(a)
		}
	}
}
