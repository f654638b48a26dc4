package stdlib

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The string similarities reproduce scorers written in Python (anls-star,
// SQuAD's evaluation script), whose normalizations use Python's str
// methods. These helpers do what those methods do on code points, where
// Go's strings package differs.

// pyIsSpace is Python's str.isspace for one code point: Go's unicode.IsSpace
// plus the four information separators U+001C..U+001F.
func pyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pyFields is Python's str.split() without arguments.
func pyFields(s string) []string { return strings.FieldsFunc(s, pyIsSpace) }

// pyLower is Python's str.lower(): the full lowercase mapping, which maps
// İ (U+0130) to i followed by a combining dot, and Σ to ς at the end of a
// word (the Final_Sigma condition of Unicode's special casing).
func pyLower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case r == 'İ':
			b.WriteString("i\u0307")
		case r == 'Σ' && finalSigma(s, i):
			b.WriteRune('ς')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma reports whether the Σ at byte i of s ends a word: a cased
// letter comes before it and none after it, skipping case-ignorable code
// points on both sides.
func finalSigma(s string, i int) bool {
	before := false
	for j := i; j > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		j -= size
		if caseIgnorable(r) {
			continue
		}
		before = isCased(r)
		break
	}
	if !before {
		return false
	}
	for j := i + len("Σ"); j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		j += size
		if caseIgnorable(r) {
			continue
		}
		return !isCased(r)
	}
	return true
}

// isCased is Unicode's Cased property.
func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

// caseIgnorable is Unicode's Case_Ignorable property: marks, format
// characters, modifiers, and the apostrophes, periods and colons that may
// sit inside a word.
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', 0xb7, 0x387, 0x5f4, 0x2018, 0x2019, 0x2024, 0x2027, 0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// collapseSpace lowercases s and joins its white-space separated words
// with single spaces: `" ".join(s.strip().lower().split())`, the
// normalization of ANLS scorers.
func collapseSpace(s string) string {
	return strings.Join(pyFields(pyLower(s)), " ")
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
