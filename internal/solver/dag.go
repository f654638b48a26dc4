package solver

import (
	"cmp"
	"slices"
	"time"
)

// Reach is a preorder on the items of one side: Leq(a, b) reports a ⪯ b
// (reflexive and transitive, as the reachability of a DAG's nodes).
type Reach interface {
	Leq(a, b int) bool
}

// DAGResult is the outcome of [Workspace.DAG].
type DAGResult struct {
	Total  float64
	Bound  float64 // a proven upper bound; Total when Proven
	Proven bool
	Nodes  int
	Match  []Edge
}

// DAG is the one-to-one matching that keeps a declared partial order on
// each side (Eq. 37 on DAGs): any two chosen pairs (u, v) and (u', v')
// satisfy u ⪯ u' ⟺ v ⪯ v'. It is a maximum-weight clique of the
// compatibility graph of the usable edges, solved exactly by branch and
// bound: edges by decreasing weight, each branch keeps the edges
// compatible with all chosen so far, and a branch is cut when the chosen
// weight plus the smaller of the best-edge-per-row and best-edge-per-column
// sums of its candidates cannot beat the best matching found. A limit
// stops it early with the best found and a bound.
func (w *Workspace) DAG(n, k int, edges []Edge, rows, cols Reach, lim Limits, chosen []Edge) DAGResult {
	s := &dagSearch{w: w, lim: lim}
	if t := lim.Time(); t > 0 {
		s.deadline = time.Now().Add(t)
	}
	for _, e := range edges {
		if usable(e, n, k) {
			s.edges = append(s.edges, Edge{Row: e.Row, Col: e.Col, W: clampWeight(e.W)})
		}
	}
	slices.SortStableFunc(s.edges, func(a, b Edge) int { return cmp.Compare(b.W, a.W) })
	m := len(s.edges)
	words := (m + 63) / 64
	s.compat = make([]uint64, m*words)
	for a := range m {
		for b := a + 1; b < m; b++ {
			if compatible(s.edges[a], s.edges[b], rows, cols) {
				s.compat[a*words+b/64] |= 1 << (b % 64)
				s.compat[b*words+a/64] |= 1 << (a % 64)
			}
		}
	}
	s.words = words
	s.rowBest = make([]float64, n)
	s.colBest = make([]float64, k)
	all := make([]int32, m)
	for i := range all {
		all[i] = int32(i)
	}
	s.rootBound = s.bound(all)
	s.search(0, all)
	res := DAGResult{Total: s.best, Nodes: s.nodes, Proven: !s.stopped, Bound: s.best}
	if s.stopped {
		res.Bound = max(s.best, s.rootBound)
	}
	if chosen != nil {
		for _, at := range s.bestSet {
			chosen = append(chosen, s.edges[at])
		}
		slices.SortFunc(chosen, func(a, b Edge) int {
			if c := cmp.Compare(a.Row, b.Row); c != 0 {
				return c
			}
			return cmp.Compare(a.Col, b.Col)
		})
		res.Match = chosen
	}
	return res
}

// compatible reports whether two edges can be in one matching: different
// rows and columns, and the same order relation on both sides.
func compatible(a, b Edge, rows, cols Reach) bool {
	if a.Row == b.Row || a.Col == b.Col {
		return false
	}
	ra, ca := int(a.Row), int(a.Col)
	rb, cb := int(b.Row), int(b.Col)
	return rows.Leq(ra, rb) == cols.Leq(ca, cb) && rows.Leq(rb, ra) == cols.Leq(cb, ca)
}

type dagSearch struct {
	w         *Workspace
	edges     []Edge
	compat    []uint64
	words     int
	rowBest   []float64
	colBest   []float64
	cur       []int32
	best      float64
	bestSet   []int32
	rootBound float64
	nodes     int
	lim       Limits
	deadline  time.Time
	stopped   bool
}

// bound is an upper bound on the weight of a matching within cand: each
// row (and each column) contributes at most its best candidate.
func (s *dagSearch) bound(cand []int32) float64 {
	clear(s.rowBest)
	clear(s.colBest)
	for _, at := range cand {
		e := s.edges[at]
		s.rowBest[e.Row] = max(s.rowBest[e.Row], e.W)
		s.colBest[e.Col] = max(s.colBest[e.Col], e.W)
	}
	rb, cb := 0.0, 0.0
	for _, at := range cand {
		e := s.edges[at]
		if s.rowBest[e.Row] > 0 {
			rb += s.rowBest[e.Row]
			s.rowBest[e.Row] = 0
		}
		if s.colBest[e.Col] > 0 {
			cb += s.colBest[e.Col]
			s.colBest[e.Col] = 0
		}
	}
	return min(rb, cb)
}

func (s *dagSearch) stop() bool {
	if s.stopped {
		return true
	}
	if (s.lim.Nodes() > 0 && s.nodes >= s.lim.Nodes()) ||
		(!s.deadline.IsZero() && s.nodes%256 == 0 && time.Now().After(s.deadline)) {
		s.stopped = true
	}
	return s.stopped
}

// search extends the current matching (weight cur) with candidates, all
// compatible with it, in decreasing weight.
func (s *dagSearch) search(cur float64, cand []int32) {
	if cur > s.best {
		s.best = cur
		s.bestSet = append(s.bestSet[:0], s.cur...)
	}
	for i, at := range cand {
		if s.stop() {
			return
		}
		if cur+s.bound(cand[i:]) <= s.best*(1+1e-12) {
			return
		}
		s.nodes++
		next := make([]int32, 0, len(cand)-i-1)
		row := s.compat[int(at)*s.words:]
		for _, b := range cand[i+1:] {
			if row[b/64]&(1<<(b%64)) != 0 {
				next = append(next, b)
			}
		}
		s.cur = append(s.cur, at)
		s.search(cur+s.edges[at].W, next)
		s.cur = s.cur[:len(s.cur)-1]
	}
}
