package stdlib

import (
	"strings"

	"github.com/metricc/metricc/internal/pytext"
)

// The string similarities reproduce scorers written in Python (anls-star,
// SQuAD's evaluation script), whose normalizations use Python's str
// methods (package pytext).

// collapseSpace lowercases s and joins its white-space separated words
// with single spaces: `" ".join(s.strip().lower().split())`, the
// normalization of ANLS scorers.
func collapseSpace(s string) string {
	return strings.Join(pytext.Fields(pytext.Lower(s)), " ")
}

// levenshtein is the edit distance between a and b, in code points: the
// fewest insertions, deletions and substitutions that turn one into the
// other.
func levenshtein(a, b []rune) int {
	// A common prefix and suffix cost nothing.
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return len(b)
	}
	row := make([]int, len(a)+1)
	for i := range row {
		row[i] = i
	}
	for j, cb := range b {
		diag := row[0]
		row[0] = j + 1
		for i, ca := range a {
			up := row[i+1]
			best := diag
			if ca != cb {
				best = 1 + min(diag, up, row[i])
			}
			row[i+1] = best
			diag = up
		}
	}
	return row[len(a)]
}
