package solver

import (
	"container/heap"
	"math"
)

// The dense solver of a component costs rows×columns memory and
// rows²×columns time, whatever the number of edges. A large component
// with few edges per row (partial matching of thousands of overlapping
// spans of one label, each overlapping a few others) is solved instead by
// successive shortest augmenting paths over its edges only: memory linear
// in the edges, and each search explores only the neighbourhood it needs.

// sparseMinCells is the size (rows × columns) from which a component with
// few enough edges is solved sparsely; below it the dense solver is fast.
const sparseMinCells = 1 << 20

// useSparse reports whether a component of r×c cells and e edges goes to
// the sparse solver: when it is large and its matrix mostly empty, or so
// large that its matrix should not be built at all.
func useSparse(r, c, e int) bool {
	cells := r * c
	return cells >= sparseMinCells && (e*16 <= cells || cells >= 1<<26)
}

// sparseState is the scratch space of solveSparse.
type sparseState struct {
	start  []int     // CSR: the edges of row i are adj[start[i]:start[i+1]]
	adj    []int32   // column of each edge
	cost   []float64 // -weight of each edge
	h      []float64 // potential of each node: rows, columns, then dummies
	dist   []float64
	prev   []int32 // node from which a node was reached
	done   []bool
	seen   []int32 // nodes touched by the current search
	colRow []int32 // row matched to each column (-1 free)
	rowCol []int32 // column (or dummy) matched to each row (-1 free)
	pq     nodeHeap
}

// solveSparse finds a maximum-weight matching of the component given by
// edges (rows and columns in local indexes 0..r-1 and 0..c-1, weights
// positive) and returns col4row: each row's column, or -1.
//
// Every row must be assigned, to a column or to its own dummy column at
// cost 0 (staying unmatched), so the problem is a min-cost assignment with
// costs -w, solved row by row: a Dijkstra search over reduced costs
// c(u,v) + h(u) - h(v) ≥ 0 from the new row to the nearest free column
// (its dummy is always one), then an augmentation along that path. After
// each search only the nodes it settled change potential, by their
// distance minus the path's, which keeps every reduced cost non-negative
// and the matched edges tight.
func (s *sparseState) solveSparse(r, c int, edges []localEdge) []int32 {
	// CSR by row.
	s.start = growInts(s.start, r+1)
	for i := range s.start {
		s.start[i] = 0
	}
	for _, e := range edges {
		s.start[e.row+1]++
	}
	for i := range r {
		s.start[i+1] += s.start[i]
	}
	s.adj = growInt32s(s.adj, len(edges))
	s.cost = growFloats(s.cost, len(edges))
	next := growInt32s(nil, r)
	for i := range r {
		next[i] = int32(s.start[i])
	}
	for _, e := range edges {
		k := next[e.row]
		next[e.row]++
		s.adj[k], s.cost[k] = e.col, -e.w
	}

	nodes := r + c + r // rows, columns, dummies
	s.h = growFloats(s.h, nodes)
	s.dist = growFloats(s.dist, nodes)
	s.prev = growInt32s(s.prev, nodes)
	s.done = growBools(s.done, nodes)
	s.colRow = growInt32s(s.colRow, c+r)
	s.rowCol = growInt32s(s.rowCol, r)
	inf := math.Inf(1)
	for x := range nodes {
		s.h[x], s.dist[x], s.prev[x], s.done[x] = 0, inf, -1, false
	}
	for j := range s.colRow {
		s.colRow[j] = -1
	}
	for i := range s.rowCol {
		s.rowCol[i] = -1
	}
	// Feasible start: a row's potential is its largest weight (its dummy's
	// 0 included), every column's 0. Free columns keep potential 0 (a
	// search settles only its target among them), so the first free
	// column a search settles is the nearest in true cost too.
	for i := range r {
		for k := s.start[i]; k < s.start[i+1]; k++ {
			s.h[i] = max(s.h[i], -s.cost[k])
		}
	}

	for row := range r {
		s.augment(r, c, row)
	}
	return s.rowCol
}

// augment assigns row (free) along a shortest augmenting path.
func (s *sparseState) augment(r, c, row int) {
	s.seen = s.seen[:0]
	s.pq = s.pq[:0]
	touch := func(x int, d float64, from int) {
		if d < s.dist[x] && !s.done[x] {
			if math.IsInf(s.dist[x], 1) {
				s.seen = append(s.seen, int32(x))
			}
			s.dist[x], s.prev[x] = d, int32(from)
			heap.Push(&s.pq, nodeDist{int32(x), d})
		}
	}
	touch(row, 0, -1)
	target := -1
	for s.pq.Len() > 0 {
		top := heap.Pop(&s.pq).(nodeDist)
		x := int(top.node)
		if s.done[x] || top.d > s.dist[x] {
			continue
		}
		s.done[x] = true
		if x >= r { // a column or a dummy
			j := x - r
			owner := s.colRow[j]
			if owner < 0 {
				target = x
				break
			}
			// The matched edge back to its row is tight: reduced cost 0.
			touch(int(owner), s.dist[x], x)
			continue
		}
		// Row x: its edges to columns, and its dummy.
		d := s.dist[x]
		hx := s.h[x]
		for k := s.start[x]; k < s.start[x+1]; k++ {
			col := r + int(s.adj[k])
			if int32(col-r) == s.rowCol[x] {
				continue // its matched edge points back to it
			}
			touch(col, d+s.cost[k]+hx-s.h[col], x)
		}
		if dummy := r + c + x; int32(dummy-r) != s.rowCol[x] {
			touch(dummy, d+0+hx-s.h[dummy], x)
		}
	}
	dt := s.dist[target]
	// Potentials: settled nodes closer than the target move by their
	// distance minus the target's; the others keep theirs (a shift of all
	// by -dt changes no reduced cost).
	for _, x := range s.seen {
		if s.done[x] && s.dist[x] < dt {
			s.h[x] += s.dist[x] - dt
		}
	}
	// Augment: walk back from the target, alternating column, row.
	for x := target; x >= 0; {
		rowNode := int(s.prev[x]) // the row that reached column x
		j := int32(x - r)
		s.colRow[j] = int32(rowNode)
		old := s.rowCol[rowNode]
		s.rowCol[rowNode] = j
		if rowNode == row {
			break
		}
		x = r + int(old) // the column the row left, reached it
	}
	for _, x := range s.seen {
		s.dist[x], s.prev[x], s.done[x] = math.Inf(1), -1, false
	}
}

// localEdge is an edge of a component in its local indexes.
type localEdge struct {
	row, col int32
	w        float64
}

type nodeDist struct {
	node int32
	d    float64
}

// nodeHeap is a binary min-heap of (node, distance); ties go to the lower
// node, so that the matching found does not depend on heap internals.
type nodeHeap []nodeDist

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(i, j int) bool {
	return h[i].d < h[j].d || h[i].d == h[j].d && h[i].node < h[j].node
}
func (h nodeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)   { *h = append(*h, x.(nodeDist)) }
func (h *nodeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
