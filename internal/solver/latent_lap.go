package solver

// dualLAP solves small dense maximum-weight assignment problems and, unlike
// the exported [Assigner] methods, also returns an optimal solution of the
// dual linear program. The latent-variable search needs the dual: it turns
// one assignment solve into an upper bound for every "force this pair" and
// "leave this row unmatched" decision at once (reduced-cost fixing).
type dualLAP struct {
	a       Assigner
	u, v    []float64 // potentials of the minimization form (≤ 0 here)
	col4row []int
}

// solve finds a maximum-weight matching of the r×c row-major matrix mat
// (entries ≥ 0, r < c so that a column always stays free) in which every
// row and column is used at most once. On return col4row[i] is the column
// of row i (possibly one of weight 0) and
//
//	U_i = -u[i] ≥ 0,  V_j = -v[j] ≥ 0,  U_i + V_j ≥ mat[i][j]  for all i, j,
//
// with Σ U + Σ V equal to the optimum (up to rounding). These are the dual
// variables of the partial-matching linear program, so for any i, j the
// best matching that uses (i, j) weighs at most Σ U + Σ V − (U_i + V_j −
// mat[i][j]), and the best one that leaves row i unmatched at most
// Σ U + Σ V − U_i.
//
// It is the Assigner's dense shortest augmenting path solve, whose
// potentials are exactly these duals: column potentials only ever decrease
// and a free column's potential stays 0, which makes the dual values
// non-negative once c > r.
func (d *dualLAP) solve(r, c int, mat []float64) float64 {
	d.a.solveDense(r, c, mat)
	d.u, d.v, d.col4row = d.a.u[:r], d.a.v[:c], d.a.col4row[:r]
	total := 0.0
	for i := range r {
		total += mat[i*c+d.col4row[i]]
	}
	return total
}

func growInt32s(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/4)
	}
	return s[:n]
}

func growBools(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n, n+n/4)
	}
	return s[:n]
}

func growUint32s(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n, n+n/4)
	}
	return s[:n]
}

// sparseLAP is the sparse counterpart of dualLAP for partial matchings:
// rows list their edges, and every row also has a private zero-weight
// "unmatched" column, so that Dijkstra's search only ever touches edges
// that exist. It returns the same kind of dual values.
type sparseLAP struct {
	u, v, vd  []float64 // min-form potentials: rows, columns, private columns
	dist      []float64 // per column, then per private column (offset c)
	pred      []int32
	seen      []uint32 // generation in which dist was set
	done      []uint32 // generation in which the column was scanned
	gen       uint32
	col4row   []int32 // -1: the row's private column
	row4col   []int32
	heap      []heapItem
	scanned   []int32 // columns scanned in this search (incl. private ones)
	rowsOnWay []int32
}

type heapItem struct {
	d float64
	j int32
}

// solve finds a maximum-weight partial matching of r rows and c columns.
// Row i's edges are cols[start[i]:start[i+1]] with weights w (> 0). On
// return col4row[i] is row i's column or -1, and
//
//	U_i = -u[i] - vd[i] ≥ 0,  V_j = -v[j] ≥ 0,  U_i + V_j ≥ w_ij on every edge,
//
// with Σ U + Σ V equal to the optimum (up to rounding); see dualLAP.
func (s *sparseLAP) solve(r, c int, start, cols []int32, w []float64) float64 {
	s.u = growFloats(s.u, r)
	s.vd = growFloats(s.vd, r)
	s.v = growFloats(s.v, c)
	s.col4row = growInt32s(s.col4row, r)
	s.row4col = growInt32s(s.row4col, c+r)
	n := c + r
	s.dist = growFloats(s.dist, n)
	s.pred = growInt32s(s.pred, n)
	s.seen = growUint32s(s.seen, n)
	s.done = growUint32s(s.done, n)
	clear(s.seen)
	clear(s.done)
	s.gen = 0
	for i := range r {
		s.u[i], s.vd[i] = 0, 0
		s.col4row[i] = -2 // not yet processed
	}
	for j := range n {
		if j < c {
			s.v[j] = 0
		}
		s.row4col[j] = -1
	}
	for cur := range int32(r) {
		s.gen++
		gen := s.gen
		s.heap = s.heap[:0]
		s.scanned = s.scanned[:0]
		s.rowsOnWay = s.rowsOnWay[:0]
		// Relax the edges of row i, reached at distance d0.
		relax := func(i int32, d0 float64) {
			ui := s.u[i]
			for e := start[i]; e < start[i+1]; e++ {
				j := cols[e]
				if s.done[j] == gen {
					continue
				}
				d := d0 - w[e] - ui - s.v[j]
				if s.seen[j] != gen || d < s.dist[j] {
					s.seen[j] = gen
					s.dist[j] = d
					s.pred[j] = i
					s.push(d, j)
				}
			}
			// The row's private column: free unless the row sits on it,
			// which only the current row can and it starts unassigned.
			pj := int32(c) + i
			if s.row4col[pj] < 0 && s.done[pj] != gen {
				d := d0 - ui - s.vd[i]
				if s.seen[pj] != gen || d < s.dist[pj] {
					s.seen[pj] = gen
					s.dist[pj] = d
					s.pred[pj] = i
					s.push(d, pj)
				}
			}
		}
		relax(cur, 0)
		sink := int32(-1)
		minVal := 0.0
		for sink < 0 {
			it := s.pop()
			j := it.j
			if s.done[j] == gen || it.d != s.dist[j] {
				continue // stale
			}
			s.done[j] = gen
			minVal = it.d
			s.scanned = append(s.scanned, j)
			i := s.row4col[j]
			if i < 0 {
				sink = j
				break
			}
			s.rowsOnWay = append(s.rowsOnWay, i)
			relax(i, it.d)
		}
		// Update the potentials so that every edge stays non-negative in
		// reduced cost and the new path is tight.
		s.u[cur] += minVal
		for _, i := range s.rowsOnWay {
			s.u[i] += minVal - s.dist[s.colOf(i, c)]
		}
		for _, j := range s.scanned {
			if j == sink {
				continue
			}
			if int(j) < c {
				s.v[j] -= minVal - s.dist[j]
			} else {
				s.vd[int(j)-c] -= minVal - s.dist[j]
			}
		}
		// Augment.
		for j := sink; ; {
			i := s.pred[j]
			s.row4col[j] = i
			prev := s.colOf(i, c)
			if int(j) < c {
				s.col4row[i] = j
			} else {
				s.col4row[i] = -1
			}
			if i == cur {
				break
			}
			s.row4col[prev] = -1
			j = prev
		}
	}
	total := 0.0
	for i := range r {
		if j := s.col4row[i]; j >= 0 {
			for e := start[i]; e < start[i+1]; e++ {
				if cols[e] == j {
					total += w[e]
					break
				}
			}
		}
	}
	return total
}

// colOf is the column row i sits on, as a column index (private columns
// after the c real ones).
func (s *sparseLAP) colOf(i int32, c int) int32 {
	if j := s.col4row[i]; j >= 0 {
		return j
	}
	return int32(c) + i
}

func (s *sparseLAP) push(d float64, j int32) {
	h := append(s.heap, heapItem{d, j})
	k := len(h) - 1
	for k > 0 {
		p := (k - 1) / 2
		if !(h[k].d < h[p].d || h[k].d == h[p].d && h[k].j < h[p].j) {
			break
		}
		h[k], h[p] = h[p], h[k]
		k = p
	}
	s.heap = h
}

func (s *sparseLAP) pop() heapItem {
	h := s.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	k := 0
	for {
		l := 2*k + 1
		if l >= len(h) {
			break
		}
		m := l
		if r := l + 1; r < len(h) && (h[r].d < h[l].d || h[r].d == h[l].d && h[r].j < h[l].j) {
			m = r
		}
		if !(h[m].d < h[k].d || h[m].d == h[k].d && h[m].j < h[k].j) {
			break
		}
		h[k], h[m] = h[m], h[k]
		k = m
	}
	s.heap = h
	return top
}
