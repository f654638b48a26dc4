package solver

import (
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

// partBound solves every part of the row side against the whole column
// side (with sub, within lim) and returns the sum of their bounds, and
// the parts' maps joined into σ (in g.sig) when that beats val, the value
// of the σ there. It returns ok = false when the row side does not split.
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
	type result struct {
		total float64
		up    []int32 // part variable -> row variable
		varTo []int32
	}
	results := make([]result, 0, nparts)
	var pit LatentItems
	pit.Weight = it.Weight
	pit.Y = it.Y
	pit.VarsY = it.VarsY
	local := make([]int32, g.nx)
	for i := range local {
		local[i] = -1
	}
	// What a part cannot use, its items cannot match: items with no
	// variables are left to no part and bound by their weight.
	for x, c := range g.xcls {
		if c >= 0 && g.xs[x] == g.xs[x+1] {
			bound += g.w[c]
		}
	}
	for p, items := range itemsOf {
		if len(items) == 0 {
			continue
		}
		pit.X.Reset()
		var up []int32
		for _, x := range items {
			var vars []int32
			for _, v := range g.xv[g.xs[x]:g.xs[x+1]] {
				if local[v] < 0 {
					local[v] = int32(len(up))
					up = append(up, v)
				}
				vars = append(vars, local[v])
			}
			pit.X.Add(g.xcls[x], vars...)
		}
		for _, v := range up {
			local[v] = -1
		}
		pit.VarsX = len(up)
		plim := lim
		if work := lim.Work(); work > 0 {
			left := work - s.work
			if left <= 0 || s.stop() {
				return 0, val, false
			}
			// Half of what is left goes to the parts, shared evenly.
			plim.MaxWork = max(left/2/int64(nparts-p), 1)
		}
		plim.Timeout = NoLimit
		if !s.deadline.IsZero() {
			plim.Timeout = max(time.Until(s.deadline), 1)
		}
		r := sub.SolveItems(&pit, plim)
		s.work += r.Work
		s.nodes += r.Nodes
		if r.Interrupted {
			s.aborted, s.interrupted = true, true
		}
		bound += r.Bound
		results = append(results, result{r.Total, up, r.VarTo})
	}
	// Join the parts' maps, the most valuable first.
	slices.SortStableFunc(results, func(a, b result) int {
		switch {
		case a.total > b.total:
			return -1
		case a.total < b.total:
			return 1
		}
		return 0
	})
	keep := slices.Clone(g.sig)
	for a := range g.sig {
		g.sig[a] = -1
	}
	for b := range g.inv {
		g.inv[b] = -1
	}
	for _, r := range results {
		for l, b := range r.varTo {
			if a := r.up[l]; b >= 0 && g.sig[a] < 0 && g.inv[b] < 0 {
				g.sig[a], g.inv[b] = b, a
			}
		}
	}
	g.climb(s)
	if v := g.value(s); v > val {
		return bound, v, true
	}
	copy(g.sig, keep)
	for b := range g.inv {
		g.inv[b] = -1
	}
	for a, b := range g.sig {
		if b >= 0 {
			g.inv[b] = int32(a)
		}
	}
	return bound, val, true
}
