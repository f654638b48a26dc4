package solver

import "math"

// Edge is one positive entry of a sparse weight matrix: row Row is paired
// with column Col at weight W. Entries that are not listed weigh 0.
type Edge struct {
	Row, Col int32
	W        float64
}

// Assigner solves maximum-weight 1:1 matching problems. It keeps its
// scratch space between calls so that solving many problems of similar
// size does not allocate. The zero value is ready to use. An Assigner must
// not be used by several goroutines at once; give each goroutine its own.
type Assigner struct {
	// Dense solver state, indexed by (possibly transposed) row or column.
	mat       []float64 // sanitized r×c weights, r ≤ c
	u, v      []float64 // dual potentials of rows and columns
	shortest  []float64 // tentative distance of each column in a search
	col4row   []int
	row4col   []int
	path      []int // row from which each column was last reached
	remaining []int // unscanned columns first, scanned ones after
	scanned   []int // rows reached by the current search

	// Component splitting state.
	sorted []Edge // valid edges grouped by component
	parent []int  // union-find forest over rows 0..n-1 and columns n..n+m-1
	size   []int  // union-find tree sizes, then component ids of roots
	start  []int  // offset of each component in sorted
	local  []int  // index of a row or column inside its component
	rows   []int  // rows of the current component, by local index
	cols   []int  // columns of the current component, by local index

	// Sparse solver state, for large components with few edges.
	sparse     sparseState
	localEdges []localEdge
}

// Max returns the largest total weight of a matching between the n rows and
// m columns of the dense row-major matrix w (len(w) == n*m) in which every
// row and every column is used at most once. It stores in rowTo[i] the
// column matched to row i, or -1 when row i is unmatched; pairs of weight
// ≤ 0 are never reported as matched. Negative and NaN weights count as 0.
//
// Max runs in O(min(n,m)²·max(n,m)) time and never allocates once the
// Assigner has seen a problem at least as large. If rowTo is shorter than
// n, only its first len(rowTo) rows are reported; it may be nil. A negative
// n or m or a len(w) other than n*m yields 0 with rowTo set to -1.
func (a *Assigner) Max(n, m int, w []float64, rowTo []int) float64 {
	resetTo(rowTo, n)
	if !shapeOK(n, m, len(w)) || n == 0 || m == 0 {
		return 0
	}
	// Search from the smaller side: the cost is quadratic in that side
	// and only linear in the other, and every search is then sure to
	// reach a free column.
	r, c, transposed := n, m, false
	if n > m {
		r, c, transposed = m, n, true
	}
	a.mat = growFloats(a.mat, r*c)
	mat := a.mat
	if transposed {
		for i := range n {
			row := w[i*m : (i+1)*m]
			for j, x := range row {
				mat[j*n+i] = clampWeight(x)
			}
		}
	} else {
		for k, x := range w {
			mat[k] = clampWeight(x)
		}
	}
	a.solveDense(r, c, mat)
	return a.takeMatching(r, c, mat, nil, nil, transposed, rowTo)
}

// MaxEdges returns the same total as [Assigner.Max] on the n×m matrix whose
// entries are given by edges and are 0 elsewhere. Only the edges need to be
// listed, so the n×m matrix is never built: time and space depend on
// len(edges), the largest row and column an edge uses, and the sizes of the
// connected components of the graph the edges form. When the same pair
// is listed more than once, the largest weight counts. Edges whose row or
// column is out of range, and edges of weight ≤ 0 or NaN, are ignored.
// rowTo is filled as in [Assigner.Max]; a negative n or m yields 0.
func (a *Assigner) MaxEdges(n, m int, edges []Edge, rowTo []int) float64 {
	resetTo(rowTo, n)
	if n <= 0 || m <= 0 {
		return 0
	}
	// Rows and columns beyond the last one an edge uses cannot be
	// matched, so size the scratch space by the edges, not by n and m:
	// this keeps huge nominal sizes cheap and n+m from overflowing.
	nUsed, mUsed := 0, 0
	for _, e := range edges {
		if e.Row >= 0 && int(e.Row) < n && e.Col >= 0 && int(e.Col) < m && e.W > 0 {
			nUsed = max(nUsed, int(e.Row)+1)
			mUsed = max(mUsed, int(e.Col)+1)
		}
	}
	if nUsed == 0 {
		return 0
	}
	return a.components(nUsed, mUsed, edges, rowTo)
}

// components solves every connected component of the graph of positive,
// in-range edges on its own and adds up the results. rowTo is already
// reset. Rows are the nodes 0..n-1, column j is the node n+j.
func (a *Assigner) components(n, m int, edges []Edge, rowTo []int) float64 {
	valid := func(e Edge) bool {
		return e.Row >= 0 && int(e.Row) < n && e.Col >= 0 && int(e.Col) < m && e.W > 0
	}

	nodes := n + m
	a.ufReset(nodes)
	parent := a.parent
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]] // path halving
			x = parent[x]
		}
		return x
	}
	nvalid := 0
	for _, e := range edges {
		if !valid(e) {
			continue
		}
		nvalid++
		a.union(int(e.Row), n+int(e.Col))
	}
	if nvalid == 0 {
		return 0
	}

	// Number components in order of their first edge and count their
	// edges. size is no longer needed, so it now maps a root to its
	// component id; start[c+1] counts the edges of component c.
	compOf := a.size
	for k := range compOf {
		compOf[k] = -1
	}
	a.start = growInts(a.start, 1)
	start := a.start
	start[0] = 0
	for _, e := range edges {
		if !valid(e) {
			continue
		}
		root := find(int(e.Row))
		if compOf[root] < 0 {
			compOf[root] = len(start) - 1
			start = append(start, 0)
		}
		start[compOf[root]+1]++
	}
	a.start = start
	ncomp := len(start) - 1
	for c := range ncomp {
		start[c+1] += start[c]
	}

	// Group the edges by component with a counting sort; it is stable, so
	// the order inside a component follows the input and is deterministic.
	// The running offsets live in local for now.
	a.sorted = growEdges(a.sorted, nvalid)
	a.local = growInts(a.local, nodes) // ncomp ≤ min(n, m) < nodes
	next := a.local[:ncomp]
	copy(next, start[:ncomp])
	for _, e := range edges {
		if !valid(e) {
			continue
		}
		c := compOf[find(int(e.Row))]
		a.sorted[next[c]] = Edge{Row: e.Row, Col: e.Col, W: clampWeight(e.W)}
		next[c]++
	}

	local := a.local[:nodes]
	for k := range local {
		local[k] = -1
	}
	total := 0.0
	for c := range ncomp {
		total += a.solveComponent(n, a.sorted[start[c]:start[c+1]], rowTo)
	}
	return total
}

// solveComponent solves one connected component given by its edges, all
// valid and sanitized. a.local holds -1 for every node not seen yet.
func (a *Assigner) solveComponent(n int, edges []Edge, rowTo []int) float64 {
	local := a.local
	rows, cols := a.rows[:0], a.cols[:0]
	for _, e := range edges {
		i, j := int(e.Row), int(e.Col)
		if local[i] < 0 {
			local[i] = len(rows)
			rows = append(rows, i)
		}
		if local[n+j] < 0 {
			local[n+j] = len(cols)
			cols = append(cols, j)
		}
	}
	a.rows, a.cols = rows, cols
	R, C := len(rows), len(cols)

	// A star needs no search: only one of its edges can be used.
	if R == 1 || C == 1 {
		best := edges[0]
		for _, e := range edges[1:] {
			if e.W > best.W || e.W == best.W && (e.Row < best.Row || e.Row == best.Row && e.Col < best.Col) {
				best = e
			}
		}
		report(rowTo, int(best.Row), int(best.Col))
		return best.W
	}

	if useSparse(R, C, len(edges)) {
		le := a.localEdges[:0]
		for _, e := range edges {
			le = append(le, localEdge{int32(local[int(e.Row)]), int32(local[n+int(e.Col)]), e.W})
		}
		a.localEdges = le
		total, match := a.sparse.sparseMatch(R, C, le)
		for li, lj := range match {
			if lj >= 0 {
				report(rowTo, rows[li], cols[lj])
			}
		}
		return total
	}

	r, c, transposed := R, C, false
	if R > C {
		r, c, transposed = C, R, true
	}
	a.mat = growFloats(a.mat, r*c)
	mat := a.mat
	for k := range mat {
		mat[k] = 0
	}
	for _, e := range edges {
		li, lj := local[int(e.Row)], local[n+int(e.Col)]
		k := li*c + lj
		if transposed {
			k = lj*c + li
		}
		mat[k] = max(mat[k], e.W)
	}
	a.solveDense(r, c, mat)
	return a.takeMatching(r, c, mat, rows, cols, transposed, rowTo)
}

// takeMatching sums the positive pairs of the assignment solveDense left
// for the r×c matrix mat and reports each in rowTo. rows and cols map the
// matrix's row and column indexes (before any transposition) back to the
// caller's, nil meaning the identity; transposed says mat's rows are the
// caller's columns.
func (a *Assigner) takeMatching(r, c int, mat []float64, rows, cols []int, transposed bool, rowTo []int) float64 {
	total := 0.0
	for i := range r {
		j := a.col4row[i]
		x := mat[i*c+j]
		if x <= 0 {
			continue
		}
		total += x
		row, col := i, j
		if transposed {
			row, col = j, i
		}
		if rows != nil {
			row, col = rows[row], cols[col]
		}
		report(rowTo, row, col)
	}
	return total
}

// solveDense finds a complete assignment of the r rows of the r×c matrix
// mat (r ≤ c, row-major, entries ≥ 0) maximizing the total weight and
// leaves it in a.col4row[:r]. Internally it minimizes the cost -mat.
//
// Each row in turn is added by a Dijkstra search over reduced costs
// cost(i,j) - u[i] - v[j], which the potentials keep non-negative on every
// edge out of an assigned row, so the first free column reached closes a
// shortest augmenting path. Updating the potentials by the distances found
// keeps them feasible and makes every matched edge tight.
func (a *Assigner) solveDense(r, c int, mat []float64) {
	a.u = growFloats(a.u, r)
	a.v = growFloats(a.v, c)
	a.shortest = growFloats(a.shortest, c)
	a.col4row = growInts(a.col4row, r)
	a.row4col = growInts(a.row4col, c)
	a.path = growInts(a.path, c)
	a.remaining = growInts(a.remaining, c)
	a.scanned = growInts(a.scanned, r)
	u, v, shortest := a.u, a.v, a.shortest
	col4row, row4col, path := a.col4row, a.row4col, a.path
	remaining, scanned := a.remaining, a.scanned
	for i := range u {
		u[i] = 0
		col4row[i] = -1
	}
	for j := range v {
		v[j] = 0
		row4col[j] = -1
	}

	inf := math.Inf(1)
	for cur := range r {
		for j := range c {
			shortest[j] = inf
			path[j] = -1
			remaining[j] = j
		}
		nrem := c     // remaining[:nrem] are unscanned columns
		nscanned := 0 // scanned[:nscanned] are rows reached so far
		minVal := 0.0 // distance of the column scanned last
		i, sink := cur, -1
		for sink < 0 {
			scanned[nscanned] = i
			nscanned++
			row := mat[i*c : (i+1)*c]
			ui := u[i]
			best, lowest := -1, inf
			for k := range nrem {
				j := remaining[k]
				d := minVal - row[j] - ui - v[j]
				// path[j] < 0 also records the first visit when d is
				// NaN (only possible with overflowing weights), so
				// that the augmentation below always has a path.
				if d < shortest[j] || path[j] < 0 {
					shortest[j] = d
					path[j] = i
				}
				s := shortest[j]
				// On ties prefer a free column: it ends the search
				// at once, which is what makes zero rows cheap.
				if best < 0 || s < lowest || s == lowest && row4col[j] < 0 && row4col[remaining[best]] >= 0 {
					best, lowest = k, s
				}
			}
			// r ≤ c and cur is unassigned, so a free column remains
			// unscanned and best ≥ 0 here.
			j := remaining[best]
			minVal = lowest
			nrem--
			remaining[best], remaining[nrem] = remaining[nrem], j
			if row4col[j] < 0 {
				sink = j
			} else {
				i = row4col[j]
			}
		}

		u[cur] += minVal
		for _, i := range scanned[1:nscanned] {
			u[i] += minVal - shortest[col4row[i]]
		}
		for _, j := range remaining[nrem:c] {
			v[j] -= minVal - shortest[j]
		}

		for j := sink; ; {
			i := path[j]
			row4col[j] = i
			j, col4row[i] = col4row[i], j
			if i == cur {
				break
			}
		}
	}
}

// ufReset makes every one of nodes nodes a singleton set.
func (a *Assigner) ufReset(nodes int) {
	a.parent = growInts(a.parent, nodes)
	a.size = growInts(a.size, nodes)
	for k := range a.parent {
		a.parent[k] = k
		a.size[k] = 1
	}
}

// union joins the sets of x and y (union by size) and reports whether
// they were distinct.
func (a *Assigner) union(x, y int) bool {
	parent, size := a.parent, a.size
	for parent[x] != x {
		parent[x] = parent[parent[x]] // path halving
		x = parent[x]
	}
	for parent[y] != y {
		parent[y] = parent[parent[y]]
		y = parent[y]
	}
	if x == y {
		return false
	}
	if size[x] < size[y] {
		x, y = y, x
	}
	parent[y] = x
	size[x] += size[y]
	return true
}

// clampWeight maps a weight to the value the solvers use: negative, zero
// and NaN weights can never improve a matching and become 0, and +Inf is
// clamped so that arithmetic on it stays finite as long as possible.
func clampWeight(x float64) float64 {
	if x > 0 {
		return min(x, math.MaxFloat64)
	}
	return 0
}

// shapeOK reports whether an n×m matrix has exactly size entries, without
// overflowing n*m.
func shapeOK(n, m, size int) bool {
	if n < 0 || m < 0 {
		return false
	}
	if n == 0 || m == 0 {
		return size == 0
	}
	return m <= size/n && n*m == size
}

// resetTo marks the first n entries of to (as far as it reaches) unmatched.
func resetTo(to []int, n int) {
	n = min(max(n, 0), len(to))
	for k := range to[:n] {
		to[k] = -1
	}
}

// report records that i is matched to j if to has room for i.
func report(to []int, i, j int) {
	if i < len(to) {
		to[i] = j
	}
}

func growFloats(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

func growInts(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growEdges(s []Edge, n int) []Edge {
	if cap(s) < n {
		return make([]Edge, n)
	}
	return s[:n]
}
