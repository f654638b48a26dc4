package solver

// RowMax returns the largest total weight of a matching between the n rows
// and m columns of the dense row-major matrix w (len(w) == n*m) in which
// every row is used at most once but a column may take any number of rows:
// Σ_i max(0, max_j w[i*m+j]). It stores in rowTo[i] the best column of row
// i, the lowest one on ties, or -1 when no entry of the row is positive.
//
// It runs in O(n·m). Malformed shapes and short rowTo are handled as in
// [Assigner.Max].
func RowMax(n, m int, w []float64, rowTo []int) float64 {
	resetTo(rowTo, n)
	if !shapeOK(n, m, len(w)) {
		return 0
	}
	total := 0.0
	for i := range n {
		best, bestJ := 0.0, -1
		for j, x := range w[i*m : (i+1)*m] {
			// Strictly greater keeps the lowest column on ties and
			// skips NaN.
			if x = clampWeight(x); x > best {
				best, bestJ = x, j
			}
		}
		if bestJ >= 0 {
			total += best
			report(rowTo, i, bestJ)
		}
	}
	return total
}

// ColMax is [RowMax] with the roles of rows and columns exchanged: every
// column is used at most once, a row may take any number of columns, and
// the total is Σ_j max(0, max_i w[i*m+j]). It stores in colTo[j] the best
// row of column j, the lowest one on ties, or -1 when no entry of the
// column is positive. It runs in O(n·m).
func ColMax(n, m int, w []float64, colTo []int) float64 {
	resetTo(colTo, m)
	if !shapeOK(n, m, len(w)) {
		return 0
	}
	// Walk column by column: strided reads, but no scratch to allocate
	// and the lowest row wins ties naturally.
	total := 0.0
	for j := range m {
		best, bestI := 0.0, -1
		for i := range n {
			if x := clampWeight(w[i*m+j]); x > best {
				best, bestI = x, i
			}
		}
		if bestI >= 0 {
			total += best
			report(colTo, j, bestI)
		}
	}
	return total
}

// SumPositive returns Σ max(0, x) over the entries x of w: the value of the
// unconstrained N:N matching, which simply takes every pair of positive
// weight. NaN counts as 0 and +Inf is clamped as in the other solvers.
func SumPositive(w []float64) float64 {
	total := 0.0
	for _, x := range w {
		total += clampWeight(x)
	}
	return total
}
