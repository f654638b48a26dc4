package solver

import (
	"cmp"
	"math"
	"slices"
)

// OrderedFirst is [Ordered], the heaviest order-preserving one-to-one
// matching of two sequences, choosing among the heaviest the one that a
// front-to-back walk meets first, so that ties never depend on anything
// but the order of the sequences. Rows are the first sequence (the
// prediction), columns the second (the reference). The walk is the
// backtracking of the longest-common-subsequence table that sequence
// aligners use (the CoNLL 2018 UD scorer aligns multiword tokens so): at
// row s and column g, it takes the pair (s, g) if some heaviest matching
// of what remains starts with it; else it passes column g if a heaviest
// matching of what remains does without it; else it passes row s.
//
// It runs in O(E log E + (n + k) log k) time: suffix values of chains per
// edge, then the walk, which asks for the best chain within rows ≥ s and
// columns > g from a segment tree over the columns.
func OrderedFirst(w *Workspace, n, k int, edges []Edge, chosen []Edge) (float64, []Edge) {
	es := make([]Edge, 0, len(edges))
	for _, e := range edges {
		if usable(e, n, k) {
			e.W = clampWeight(e.W)
			es = append(es, e)
		}
	}
	if len(es) == 0 {
		return 0, chosen
	}
	// By column, then row: each column's edges are a run, rows ascending.
	slices.SortFunc(es, func(a, b Edge) int {
		if c := cmp.Compare(a.Col, b.Col); c != 0 {
			return c
		}
		return cmp.Compare(a.Row, b.Row)
	})
	// suf[i]: the heaviest chain that starts with es[i], over rows and
	// columns both increasing: rows from the last to the first, each row's
	// edges entering the tree (of suffix maxima over columns) after all of
	// them are computed.
	suf := make([]float64, len(es))
	byRow := make([]int32, len(es))
	for i := range byRow {
		byRow[i] = int32(i)
	}
	slices.SortFunc(byRow, func(a, b int32) int {
		if c := cmp.Compare(es[b].Row, es[a].Row); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	fen := make([]float64, k+1) // over reversed columns: prefix = columns ≥ c
	for g := 0; g < len(byRow); {
		h := g
		for h < len(byRow) && es[byRow[h]].Row == es[byRow[g]].Row {
			h++
		}
		for _, i := range byRow[g:h] {
			best := 0.0
			for j := k - int(es[i].Col) - 1; j > 0; j -= j & -j { // columns > Col
				best = max(best, fen[j])
			}
			suf[i] = es[i].W + best
		}
		for _, i := range byRow[g:h] {
			for j := k - int(es[i].Col); j <= k; j += j & -j {
				fen[j] = max(fen[j], suf[i])
			}
		}
		g = h
	}
	total := 0.0
	for _, v := range suf {
		total = max(total, v)
	}
	tol := 1e-9 * max(1, total)

	// Columns: start[c]..start[c+1] are column c's edges; colMax[c] is the
	// best suffix value among those whose row ≥ the walk's row (sufMax of
	// the run from ptr[c] on), in a segment tree for range maxima.
	start := make([]int32, k+1)
	for _, e := range es {
		start[e.Col+1]++
	}
	for c := 0; c < k; c++ {
		start[c+1] += start[c]
	}
	sufMax := make([]float64, len(es))
	for c := 0; c < k; c++ {
		run := math.Inf(-1)
		for i := start[c+1] - 1; i >= start[c]; i-- {
			run = max(run, suf[i])
			sufMax[i] = run
		}
	}
	ptr := slices.Clone(start[:k])
	size := 1
	for size < k {
		size *= 2
	}
	tree := make([]float64, 2*size)
	for i := range tree {
		tree[i] = math.Inf(-1)
	}
	for c := 0; c < k; c++ {
		if start[c] < start[c+1] {
			tree[size+c] = sufMax[start[c]]
		}
	}
	for i := size - 1; i > 0; i-- {
		tree[i] = max(tree[2*i], tree[2*i+1])
	}
	set := func(c int, v float64) {
		i := size + c
		tree[i] = v
		for i /= 2; i > 0; i /= 2 {
			tree[i] = max(tree[2*i], tree[2*i+1])
		}
	}
	query := func(lo int) float64 { // max over columns [lo, k)
		best := math.Inf(-1)
		l, r := lo+size, k+size
		for l < r {
			if l&1 == 1 {
				best = max(best, tree[l])
				l++
			}
			if r&1 == 1 {
				r--
				best = max(best, tree[r])
			}
			l /= 2
			r /= 2
		}
		return best
	}
	// Rows leave the structure as the walk passes them: byRow from its
	// end, rows ascending.
	next := len(byRow) - 1
	advance := func(s int32) {
		for next >= 0 && es[byRow[next]].Row < s {
			c := es[byRow[next]].Col
			for ptr[c] < start[c+1] && es[ptr[c]].Row < s {
				ptr[c]++
			}
			if ptr[c] < start[c+1] {
				set(int(c), sufMax[ptr[c]])
			} else {
				set(int(c), math.Inf(-1))
			}
			next--
		}
	}

	got := 0.0
	rest := total
	var s int32
	for g := 0; g < k && int(s) < n && rest > tol; g++ {
		advance(s)
		if ptr[g] == start[g+1] {
			continue // no edge left in column g
		}
		if e := es[ptr[g]]; e.Row == s && suf[ptr[g]] >= rest-tol {
			got += e.W
			rest -= e.W
			if chosen != nil {
				chosen = append(chosen, e)
			}
			s = e.Row + 1
			continue
		}
		if g+1 < k && query(g+1) >= rest-tol {
			continue // a heaviest matching of the rest passes column g
		}
		// Every heaviest matching of the rest takes column g: with its
		// first row that starts one.
		for i := ptr[g]; i < start[g+1]; i++ {
			if suf[i] >= rest-tol {
				got += es[i].W
				rest -= es[i].W
				if chosen != nil {
					chosen = append(chosen, es[i])
				}
				s = es[i].Row + 1
				break
			}
		}
	}
	return got, chosen
}
