package typecheck

import "sort"

// suggest returns a "did you mean" hint naming the candidate closest to
// name, when one is within an edit distance of 2 (and closer than the
// name's own length, so short names don't match everything).
func suggest(name string, candidates []string) string {
	sort.Strings(candidates)
	best, bestDist := "", 3
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := editDistance(name, c)
		if d < bestDist && d < len([]rune(name)) {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return "did you mean " + best + "?"
}

// editDistance is the Levenshtein distance over runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
