package solver

// ClassicMunkres solves a minimum-cost assignment with the step-by-step
// Munkres method (Munkres 1957, in the six steps of its textbook
// presentation), in the exact order in which the classic Python package
// munkres 1.1.4 scans rows and columns, so that among several optimal
// assignments it picks the same one. Scorers built on that package
// (anls-star, whose lock file pins 1.1.4) depend on that choice: ties are
// common, and the pairs chosen decide which elements count as unmatched.
// Assign is the solver to use otherwise; this one is O(n⁴) at worst.
//
// cost is rows × cols (not necessarily square; it is padded with zeros to
// a square, as the package does). The result lists the (row, col) pairs
// within the original matrix, sorted by row: min(rows, cols) of them.
// Costs are compared exactly, as floats, the way the package compares
// them.
func ClassicMunkres(cost [][]float64) [][2]int {
	rows := len(cost)
	if rows == 0 || len(cost[0]) == 0 {
		return nil
	}
	cols := len(cost[0])
	n := max(rows, cols)
	m := &munkres{n: n}
	m.c = make([]float64, n*n) // padded with 0
	for i, row := range cost {
		copy(m.c[i*n:], row)
	}
	m.marked = make([]int8, n*n)
	m.rowCovered = make([]bool, n)
	m.colCovered = make([]bool, n)
	m.run()
	var out [][2]int
	for i := range rows {
		for j := range cols {
			if m.marked[i*n+j] == starred {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

const (
	starred = 1
	primed  = 2
)

type munkres struct {
	n                      int
	c                      []float64 // n×n, row major
	marked                 []int8
	rowCovered, colCovered []bool
	z0r, z0c               int
	path                   [][2]int
}

func (m *munkres) run() {
	m.reduceRows()
	m.starZeros()
	for !m.coverStarredColumns() {
		for m.primeZeros() {
			m.adjust()
		}
		m.augment()
	}
}

// reduceRows subtracts each row's minimum from the row (step 1).
func (m *munkres) reduceRows() {
	n := m.n
	for i := range n {
		row := m.c[i*n : (i+1)*n]
		low := row[0]
		for _, v := range row[1:] {
			low = min(low, v)
		}
		for j := range row {
			row[j] -= low
		}
	}
}

// starZeros stars, row by row, the first zero whose row and column have
// no star yet (step 2).
func (m *munkres) starZeros() {
	n := m.n
	for i := range n {
		for j := range n {
			if m.c[i*n+j] == 0 && !m.colCovered[j] && !m.rowCovered[i] {
				m.marked[i*n+j] = starred
				m.colCovered[j] = true
				m.rowCovered[i] = true
				break
			}
		}
	}
	m.clearCovers()
}

// coverStarredColumns covers the columns of the stars and reports whether
// they are all covered: the stars are then the assignment (step 3).
func (m *munkres) coverStarredColumns() bool {
	n := m.n
	count := 0
	for i := range n {
		for j := range n {
			if m.marked[i*n+j] == starred && !m.colCovered[j] {
				m.colCovered[j] = true
				count++
			}
		}
	}
	return count >= n
}

// primeZeros primes uncovered zeros (step 4). It returns true when none is
// left (the costs must be adjusted, step 6), false when a primed zero has
// no star in its row (an augmenting path starts there, step 5). The
// search resumes where the last one stopped, as the package's does.
func (m *munkres) primeZeros() bool {
	row, col := 0, 0
	for {
		row, col = m.findZero(row, col)
		if row < 0 {
			return true
		}
		m.marked[row*m.n+col] = primed
		star := m.findInRow(row, starred)
		if star < 0 {
			m.z0r, m.z0c = row, col
			return false
		}
		col = star
		m.rowCovered[row] = true
		m.colCovered[col] = false
	}
}

// findZero finds an uncovered zero, scanning rows from i0 (wrapping) and,
// in each row, columns from j0 (wrapping). Like the package, it returns
// the last such zero of the first row that has one: its scan of a row
// goes on after a find.
func (m *munkres) findZero(i0, j0 int) (int, int) {
	n := m.n
	i := i0
	for {
		if !m.rowCovered[i] {
			row, col := -1, -1
			j := j0
			for {
				if m.c[i*n+j] == 0 && !m.colCovered[j] {
					row, col = i, j
				}
				j = (j + 1) % n
				if j == j0 {
					break
				}
			}
			if row >= 0 {
				return row, col
			}
		}
		i = (i + 1) % n
		if i == i0 {
			return -1, -1
		}
	}
}

func (m *munkres) findInRow(row int, mark int8) int {
	for j := range m.n {
		if m.marked[row*m.n+j] == mark {
			return j
		}
	}
	return -1
}

func (m *munkres) findStarInCol(col int) int {
	for i := range m.n {
		if m.marked[i*m.n+col] == starred {
			return i
		}
	}
	return -1
}

// augment flips the alternating path of primes and stars that starts at
// the last primed zero, then clears covers and primes (step 5).
func (m *munkres) augment() {
	path := append(m.path[:0], [2]int{m.z0r, m.z0c})
	for {
		row := m.findStarInCol(path[len(path)-1][1])
		if row < 0 {
			break
		}
		path = append(path, [2]int{row, path[len(path)-1][1]})
		col := m.findInRow(row, primed)
		path = append(path, [2]int{row, col})
	}
	for _, p := range path {
		k := p[0]*m.n + p[1]
		if m.marked[k] == starred {
			m.marked[k] = 0
		} else {
			m.marked[k] = starred
		}
	}
	m.path = path
	m.clearCovers()
	for k, v := range m.marked {
		if v == primed {
			m.marked[k] = 0
		}
	}
}

// adjust adds the smallest uncovered cost to the covered rows and
// subtracts it from the uncovered columns (step 6).
func (m *munkres) adjust() {
	n := m.n
	low := 0.0
	found := false
	for i := range n {
		if m.rowCovered[i] {
			continue
		}
		for j := range n {
			if !m.colCovered[j] && (!found || m.c[i*n+j] < low) {
				low, found = m.c[i*n+j], true
			}
		}
	}
	for i := range n {
		for j := range n {
			if m.rowCovered[i] {
				m.c[i*n+j] += low
			}
			if !m.colCovered[j] {
				m.c[i*n+j] -= low
			}
		}
	}
}

func (m *munkres) clearCovers() {
	clear(m.rowCovered)
	clear(m.colCovered)
}
