package solver

// The dense solver of a component costs rows×columns memory and
// rows²×columns time, whatever the number of edges. A large component
// with few edges per row (partial matching of thousands of overlapping
// spans of one label, each overlapping a few others) is solved instead by
// successive shortest augmenting paths over its edges only: sparseLAP,
// the latent search's solver of its relaxed assignments. Memory is linear
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

// localEdge is an edge of a component in its local indexes (w > 0).
type localEdge struct {
	row, col int32
	w        float64
}

// sparseState is the scratch space of sparseMatch.
type sparseState struct {
	lap         sparseLAP
	start, cols []int32 // the edges by row (CSR)
	w           []float64
	pos         []int32 // per column, its edge in the row being built
}

// sparseMatch solves an r×c component given by its edges with sparseLAP:
// the optimum, and each row's column (-1: unmatched). A pair listed twice
// counts once, with its largest weight.
func (s *sparseState) sparseMatch(r, c int, edges []localEdge) (float64, []int32) {
	start := growInt32s(s.start, r+1)
	clear(start)
	for _, e := range edges {
		start[e.row+1]++
	}
	for i := range r {
		start[i+1] += start[i]
	}
	cols := growInt32s(s.cols, len(edges))
	w := growFloats(s.w, len(edges))
	next := growInt32s(s.pos, max(r, c))
	copy(next, start[:r])
	for _, e := range edges {
		k := next[e.row]
		cols[k], w[k] = e.col, e.w
		next[e.row]++
	}
	// Repeats merge, row by row, in place: pos[j] is where column j went
	// in the rows kept so far (a position before this row's start is an
	// earlier row's).
	pos := fill32(next, c, -1)
	out := int32(0)
	for i := range r {
		lo, hi := start[i], start[i+1]
		start[i] = out
		for k := lo; k < hi; k++ {
			j := cols[k]
			if p := pos[j]; p >= start[i] {
				w[p] = max(w[p], w[k])
				continue
			}
			pos[j] = out
			cols[out], w[out] = j, w[k]
			out++
		}
	}
	start[r] = out
	s.start, s.cols, s.w, s.pos = start, cols, w, pos
	total := s.lap.solve(r, c, start, cols[:out], w[:out])
	return total, s.lap.col4row[:r]
}
