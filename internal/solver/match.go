package solver

import (
	"cmp"
	"slices"
)

// Func solves one kind of matching over sparse edges: the n rows and k
// columns, the listed edges (each (row, column) at most once; weights ≤ 0,
// NaN and out-of-range edges are ignored), the largest total weight of a
// matching of that kind. When chosen is not nil, the edges of one optimal
// matching are appended to it and the extended slice is returned. A caller
// picks its Func once, with [For], and calls it for every problem.
type Func func(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge)

// Workspace is the scratch space of the matching functions. The zero value
// is ready to use; a Workspace must not be used by several goroutines at
// once.
type Workspace struct {
	Assigner
	rowTo            []int
	rowMark, colMark []bool
	best             []float64
	bestAt           []int32
	order            []int32
	chainV           []float64
	prev             []int32
	flipped          []Edge
	fenV             []float64
	fenAt            []int32
	lcsRow           []int32
}

// For returns the solver of constraint c, order-preserving when ordered
// (a matching of two sequences whose pairs never cross; see Ordered).
func For(c Constraint, ordered bool) Func {
	if ordered {
		switch c {
		case ManyToOne:
			return OrderedRowMax
		case OneToMany:
			return OrderedColMax
		case ManyToMany:
			return OrderedAll
		}
		return Ordered
	}
	switch c {
	case ManyToOne:
		return RowMax
	case OneToMany:
		return ColMax
	case ManyToMany:
		return SumPositive
	}
	return Assignment
}

// usable reports whether e takes part in an n×k problem.
func usable(e Edge, n, k int) bool {
	return e.Row >= 0 && int(e.Row) < n && e.Col >= 0 && int(e.Col) < k && e.W > 0
}

// Assignment is the maximum-weight matching using each row and each column at
// most once. When no two usable edges share a row or a column the matching
// is all of them (forced pairs, no search); otherwise it is
// [Assigner.MaxEdges], per connected component.
func Assignment(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	if total, ok := w.forced(n, k, edges); ok {
		if chosen != nil {
			for _, e := range edges {
				if usable(e, n, k) {
					chosen = append(chosen, e)
				}
			}
		}
		return total, chosen
	}
	w.rowTo = growInts(w.rowTo, max(n, 0))
	total := w.MaxEdges(n, k, edges, w.rowTo)
	if chosen != nil {
		for _, e := range edges {
			if usable(e, n, k) && w.rowTo[e.Row] == int(e.Col) {
				chosen = append(chosen, e)
			}
		}
	}
	return total, chosen
}

// forced returns the total of the usable edges when no row and no column
// has two of them: the best one-to-one matching is then all of them (B³'s
// memberships, CEAF's self-scores over disjoint entities).
func (w *Workspace) forced(n, k int, edges []Edge) (float64, bool) {
	if n <= 0 || k <= 0 {
		return 0, true
	}
	w.rowMark = growBools(w.rowMark, n)
	w.colMark = growBools(w.colMark, k)
	clear(w.rowMark)
	clear(w.colMark)
	total := 0.0
	for _, e := range edges {
		if !usable(e, n, k) {
			continue
		}
		if w.rowMark[e.Row] || w.colMark[e.Col] {
			return 0, false
		}
		w.rowMark[e.Row], w.colMark[e.Col] = true, true
		total += clampWeight(e.W)
	}
	return total, true
}

// RowMax is the N:1 matching: each row at most once, columns shared, so
// every row takes its best edge, the lowest column on ties. It runs in
// O(n + len(edges)).
func RowMax(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	return w.bestPer(n, k, edges, false, chosen)
}

// ColMax is the 1:N matching: each column at most once, so every column
// takes its best edge, the lowest row on ties.
func ColMax(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	return w.bestPer(n, k, edges, true, chosen)
}

func (w *Workspace) bestPer(n, k int, edges []Edge, byCol bool, chosen []Edge) (float64, []Edge) {
	side := n
	if byCol {
		side = k
	}
	if side <= 0 {
		return 0, chosen
	}
	w.best = growFloats(w.best, side)
	clear(w.best)
	w.bestAt = growInt32s(w.bestAt, side)
	for i := range w.bestAt {
		w.bestAt[i] = -1
	}
	for at, e := range edges {
		if !usable(e, n, k) {
			continue
		}
		i, j := e.Row, e.Col
		if byCol {
			i, j = j, i
		}
		x := clampWeight(e.W)
		if b := w.bestAt[i]; x > w.best[i] || (x == w.best[i] && b >= 0 && j < other(edges[b], byCol)) {
			w.best[i], w.bestAt[i] = x, int32(at)
		}
	}
	total := 0.0
	for i, at := range w.bestAt {
		if at >= 0 {
			total += w.best[i]
			if chosen != nil {
				chosen = append(chosen, edges[at])
			}
		}
	}
	return total, chosen
}

// other is the end of e that is not the side being maximized over.
func other(e Edge, byCol bool) int32 {
	if byCol {
		return e.Row
	}
	return e.Col
}

// SumPositive is the N:N matching: every usable edge.
func SumPositive(_ *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	total := 0.0
	for _, e := range edges {
		if usable(e, n, k) {
			total += clampWeight(e.W)
			if chosen != nil {
				chosen = append(chosen, e)
			}
		}
	}
	return total, chosen
}

// Ordered is the order-preserving one-to-one matching of two sequences
// (a weighted longest common subsequence, Eq. 37): pairs (i, j) and (i', j')
// may both be chosen only if i < i' and j < j', or the other way round. It
// is the heaviest chain of edges increasing in both row and column, found
// in O(E log E) time and O(E + k) space for E usable edges, with a Fenwick
// tree of prefix maxima over the columns, so that long sequences with few
// positive pairs never build the n×k table.
func Ordered(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	return w.chain(n, k, edges, chain1to1, chosen)
}

// OrderedRowMax is the order-preserving N:1 matching: each row at most
// once, a column may take several rows, and no two pairs cross: i < i'
// implies j ≤ j' (several consecutive predictions may go to one gold item).
func OrderedRowMax(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	return w.chain(n, k, edges, chainNto1, chosen)
}

// OrderedColMax is OrderedRowMax with rows and columns exchanged: j < j'
// implies i ≤ i'.
func OrderedColMax(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	w.flipped = w.flipped[:0]
	for _, e := range edges {
		w.flipped = append(w.flipped, Edge{Row: e.Col, Col: e.Row, W: e.W})
	}
	start := len(chosen)
	total, chosen := w.chain(k, n, w.flipped, chainNto1, chosen)
	for i := start; i < len(chosen); i++ {
		chosen[i].Row, chosen[i].Col = chosen[i].Col, chosen[i].Row
	}
	return total, chosen
}

// OrderedAll is the order-preserving N:N matching: any number of pairs per
// row and column, none crossing: the heaviest chain in the product order
// (i ≤ i' and j ≤ j').
func OrderedAll(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	return w.chain(n, k, edges, chainNtoN, chosen)
}

type chainKind uint8

const (
	chain1to1 chainKind = iota // rows and columns strictly increase
	chainNto1                  // rows strictly increase, columns may repeat
	chainNtoN                  // both may repeat
)

// chain finds the heaviest chain of usable edges under kind's order,
// processing edges by row, then column.
func (w *Workspace) chain(n, k int, edges []Edge, kind chainKind, chosen []Edge) (float64, []Edge) {
	w.order = w.order[:0]
	for at, e := range edges {
		if usable(e, n, k) {
			w.order = append(w.order, int32(at))
		}
	}
	if len(w.order) == 0 {
		return 0, chosen
	}
	slices.SortFunc(w.order, func(a, b int32) int {
		if c := cmp.Compare(edges[a].Row, edges[b].Row); c != 0 {
			return c
		}
		return cmp.Compare(edges[a].Col, edges[b].Col)
	})
	w.chainV = growFloats(w.chainV, len(edges))
	w.prev = growInt32s(w.prev, len(edges))
	w.fenV = growFloats(w.fenV, k+1)
	w.fenAt = growInt32s(w.fenAt, k+1)
	clear(w.fenV)
	for i := range w.fenAt {
		w.fenAt[i] = -1
	}
	// The predecessors an edge may extend: columns before its own (1:1),
	// or up to and including its own (when columns may repeat).
	inclusive := 0
	if kind != chain1to1 {
		inclusive = 1
	}
	bestV, bestAt := 0.0, int32(-1)
	for g := 0; g < len(w.order); {
		h := g
		if kind == chainNtoN {
			h = g + 1 // an edge may follow an earlier one of its own row
		} else {
			// A row's edges enter the tree only after all of them are
			// computed, so no chain takes two of them.
			for h < len(w.order) && edges[w.order[h]].Row == edges[w.order[g]].Row {
				h++
			}
		}
		for _, at := range w.order[g:h] {
			e := edges[at]
			v, from := w.prefixMax(int(e.Col) + inclusive)
			w.chainV[at], w.prev[at] = v+clampWeight(e.W), from
			if w.chainV[at] > bestV {
				bestV, bestAt = w.chainV[at], at
			}
		}
		for _, at := range w.order[g:h] {
			w.raise(int(edges[at].Col)+1, w.chainV[at], at)
		}
		g = h
	}
	if chosen != nil {
		start := len(chosen)
		for at := bestAt; at >= 0; at = w.prev[at] {
			chosen = append(chosen, edges[at])
		}
		slices.Reverse(chosen[start:])
	}
	return bestV, chosen
}

// prefixMax returns the best chain value among columns < col, and the
// edge that ends it (-1: none).
func (w *Workspace) prefixMax(col int) (float64, int32) {
	v, at := 0.0, int32(-1)
	for i := col; i > 0; i -= i & -i {
		if w.fenV[i] > v {
			v, at = w.fenV[i], w.fenAt[i]
		}
	}
	return v, at
}

// raise records a chain of value v ending at edge at in column position i
// (1-based).
func (w *Workspace) raise(i int, v float64, at int32) {
	for ; i < len(w.fenV); i += i & -i {
		if v > w.fenV[i] {
			w.fenV[i], w.fenAt[i] = v, at
		}
	}
}

// LCS is the length of the longest common subsequence of two sequences of
// keys: the order-preserving one-to-one matching under equality, in
// O(len(a)·len(b)) time and O(len(b)) space (with many repeated keys the
// equal pairs, which [Ordered] would take as edges, are quadratic).
func (w *Workspace) LCS(a, b []int32) int {
	k := len(b)
	w.lcsRow = growInt32s(w.lcsRow, 2*(k+1))
	row, cur := w.lcsRow[:k+1], w.lcsRow[k+1:]
	clear(row)
	for _, x := range a {
		cur[0] = 0
		for j := 1; j <= k; j++ {
			if b[j-1] == x {
				cur[j] = row[j-1] + 1
			} else {
				cur[j] = max(row[j], cur[j-1])
			}
		}
		row, cur = cur, row
	}
	return int(row[k])
}
