package stdlib

import (
	"fmt"
	"strings"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Positions is the set of (index, element) pairs of a sequence: matched
// one to one with δ, two sequences meet at the positions where they hold
// equal elements, which is token accuracy (conlleval's "accuracy", a
// tagger's per-token score). A string is read as the sequence of its
// white-space separated words, so a document can carry a long tag
// sequence as one string: decoding it is one value, not one per token.
var Positions = &View{
	Name: "positions",
	Doc: "the set of records `{index, value}` of a `seq` (from 0), or of the words of a string (separated by ASCII white space). " +
		"Matched 1:1 with `delta`, it is counted, not built: the number of positions where the two sequences hold equal elements (token accuracy).",
	Example: "`F<->[positions(tags)](delta)` (conlleval's token accuracy)",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 1 {
			return nil, "positions takes one argument, a seq or a string"
		}
		var elem types.Type
		switch t := args[0].(type) {
		case *types.Collection:
			if t.Kind != types.Seq {
				return nil, fmt.Sprintf("positions needs a seq (or a string of words), not %s: a %s has no order", t, t.Kind)
			}
			elem = t.Elem
		case *types.Basic:
			if t.Kind != types.String {
				return nil, fmt.Sprintf("positions needs a seq or a string of words, not %s", t)
			}
			elem = types.StringType
		default:
			return nil, fmt.Sprintf("positions needs a seq or a string of words, not %s", args[0])
		}
		rec := &types.Record{
			Name: "Position<" + elem.String() + ">",
			Fields: []*types.Field{
				{Name: "index", Type: types.IntType},
				{Name: "value", Type: elem},
			},
		}
		return &types.Collection{Kind: types.Set, Elem: rec}, ""
	},
	Eval: func(a *value.Arena, result types.Type, tag func(*types.Record) int, args []value.Ref) value.Ref {
		rec := result.(*types.Collection).Elem.(*types.Record)
		t := tag(rec)
		var elems []value.Ref
		if a.Kind(args[0]) == value.String {
			for _, w := range words(a.Str(args[0])) {
				elems = append(elems, a.String(w))
			}
		} else {
			elems = a.Kids(args[0])
		}
		out := make([]value.Ref, len(elems))
		var kids [2]value.Ref
		for i, e := range elems {
			kids[0], kids[1] = a.Number(value.Int, float64(i)), e
			out[i] = a.Composite(value.Record, t, kids[:])
		}
		// Distinct indices: the records are distinct.
		return a.CompositeDistinct(value.Set, t, out)
	},
	Common: func(a *value.Arena, _ types.Type, x, y value.Ref) (float64, bool) {
		if a.Kind(x) == value.String {
			return float64(commonWords(a.Str(x), a.Str(y))), true
		}
		xs, ys := a.Kids(x), a.Kids(y)
		if x == y {
			return float64(len(xs)), true
		}
		n := 0
		for i := range min(len(xs), len(ys)) {
			if a.ID(xs[i]) == a.ID(ys[i]) {
				n++
			}
		}
		return float64(n), true
	},
}

// Words are separated by ASCII white space (space, tab, newline, carriage
// return, vertical tab, form feed); other bytes, UTF-8 included, are part
// of words.

// words splits s into its words.
func words(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		for i < len(s) && isWordSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isWordSpace(s[j]) {
			j++
		}
		if j > i {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}

func isWordSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// commonWords counts the positions at which the words of x and y are
// equal. Token accuracy runs it over every tag of a corpus: words
// separated by single spaces (as the bio adapter writes tags) take a path
// that compares eight bytes at a time and counts spaces.
func commonWords(x, y string) int {
	if x == y {
		return countWords(x)
	}
	if !simple(x) || !simple(y) {
		return commonWordsGeneral(x, y)
	}
	n := 0
	for len(x) > 0 && len(y) > 0 {
		l := commonPrefix(x, y)
		if l == len(x) && l == len(y) {
			return n + strings.Count(x, " ") + 1
		}
		// x[:l] starts at a word: each space in it ends a word equal on
		// both sides. The word at l is equal if both sides end it there.
		n += strings.Count(x[:l], " ")
		if (l == len(x) || x[l] == ' ') && (l == len(y) || y[l] == ' ') {
			n++
		}
		x, y = afterWord(x, l), afterWord(y, l)
	}
	return n
}

// simple reports whether s is words separated by single spaces.
func simple(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' || strings.Contains(s, "  ") {
		return false
	}
	for _, c := range []byte{'\t', '\n', '\r', '\v', '\f'} {
		if strings.IndexByte(s, c) >= 0 {
			return false
		}
	}
	return true
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && load64(a, i) == load64(b, i) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// load64 reads 8 bytes of s at i (the compiler makes it one load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// afterWord is what follows the word at offset i of s and its space.
func afterWord(s string, i int) string {
	for i < len(s) && s[i] != ' ' {
		i++
	}
	if i < len(s) {
		i++
	}
	return s[i:]
}

// countWords is the number of words of s.
func countWords(s string) int {
	if simple(s) {
		if s == "" {
			return 0
		}
		return strings.Count(s, " ") + 1
	}
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		if isWordSpace(s[i]) {
			in = false
		} else if !in {
			n++
			in = true
		}
	}
	return n
}

// commonWordsGeneral is commonWords on any white space.
func commonWordsGeneral(x, y string) int {
	n := 0
	for {
		var wx, wy string
		wx, x = nextWord(x)
		wy, y = nextWord(y)
		if wx == "" || wy == "" {
			return n
		}
		if wx == wy {
			n++
		}
	}
}

// nextWord returns the first word of s and what follows it; "" when s
// has no more words.
func nextWord(s string) (word, rest string) {
	i := 0
	for i < len(s) && isWordSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isWordSpace(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}
