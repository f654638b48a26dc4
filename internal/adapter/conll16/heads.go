package conll16

import "strings"

// Connective heads. A gold explicit connective is matched by a predicted
// one that lies within it and covers its head: "because" in "just
// because", "after" in "two weeks after". The CoNLL-2016 scorer finds the
// head through a table from each connective string of the PDTB to its
// head. This adapter does not carry that table; it finds the head with a
// rule over the inventory of head connectives below (the explicit
// connective types of the PDTB as the shared task's data uses them): the
// longest head that occurs in the lower-cased connective as a subsequence
// of its space-separated tokens, the tightest occurrence of that length,
// the rightmost among those ("29 years and 11 months to the day after" has
// "and" and "after": "after"). A connective with no head in the inventory
// is its own head. On every one of the official table's 352 entries this
// gives the head positions the official scorer gives (checked by
// TestHeadsAgainstOfficial, with -conll16st, against its ConnHeadMapper).
var headInventory = []string{
	"accordingly", "additionally", "after", "afterward", "also", "alternatively",
	"although", "and", "as", "as a result", "as an alternative", "as if",
	"as long as", "as soon as", "as though", "as well", "because", "before",
	"before and after", "besides", "but", "by comparison", "by contrast",
	"by then", "consequently", "conversely", "earlier", "either or", "else",
	"except", "finally", "for", "for example", "for instance", "further",
	"furthermore", "hence", "however", "if", "if and when", "if then",
	"in addition", "in contrast", "in fact", "in other words", "in particular",
	"in short", "in sum", "in the end", "in the mean time", "in turn", "indeed",
	"insofar as", "instead", "later", "lest", "likewise", "meantime",
	"meanwhile", "moreover", "much as", "neither nor", "nevertheless", "next",
	"nonetheless", "nor", "now that", "on the contrary",
	"on the one hand on the other hand", "on the other hand", "once", "or",
	"otherwise", "overall", "particularly", "plus", "previously", "rather",
	"regardless", "separately", "similarly", "simultaneously", "since", "so",
	"so that", "specifically", "still", "then", "thereafter", "thereby",
	"therefore", "though", "thus", "till", "ultimately", "unless", "until",
	"upon", "when", "when and if", "whereas", "while", "yet",
}

// tokenVariants are spellings of a head token: "Shortly afterwards" has
// the head "afterward".
var tokenVariants = map[string]string{"afterwards": "afterward"}

// heads is the inventory split into tokens.
var heads = func() [][]string {
	out := make([][]string, len(headInventory))
	for i, h := range headInventory {
		out[i] = strings.Fields(h)
	}
	return out
}()

// headPositions returns the positions, among the space-separated tokens of
// the connective's raw text, of its head; nil when raw has no token.
func headPositions(raw string) []int {
	var toks []string
	for _, t := range strings.Split(strings.ToLower(raw), " ") {
		if t == "" {
			continue
		}
		if v, ok := tokenVariants[t]; ok {
			t = v
		}
		toks = append(toks, t)
	}
	var best []int
	better := func(idx []int) bool {
		switch {
		case best == nil:
			return true
		case len(idx) != len(best):
			return len(idx) > len(best)
		}
		span, bestSpan := idx[len(idx)-1]-idx[0], best[len(best)-1]-best[0]
		if span != bestSpan {
			return span < bestSpan
		}
		return idx[len(idx)-1] > best[len(best)-1]
	}
	idx := make([]int, 0, 8)
	for _, h := range heads {
		if len(h) > len(toks) || (best != nil && len(h) < len(best)) {
			continue
		}
		for s := range toks {
			if toks[s] != h[0] {
				continue
			}
			// The rest of the head, each token at its first place after
			// the previous one.
			idx = append(idx[:0], s)
			j := s + 1
			for _, ht := range h[1:] {
				for j < len(toks) && toks[j] != ht {
					j++
				}
				if j == len(toks) {
					break
				}
				idx = append(idx, j)
				j++
			}
			if len(idx) == len(h) && better(idx) {
				best = append(best[:0:0], idx...)
			}
		}
	}
	if best == nil {
		best = make([]int, len(toks))
		for i := range best {
			best[i] = i
		}
	}
	if len(best) == 0 {
		return nil
	}
	return best
}
