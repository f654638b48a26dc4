package penman

import (
	"unicode"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
)

// Smatch is Python: its strip(), split() and lower() decide which names are
// equal, so these helpers follow Python 3's str methods rather than Go's.

// isPySpace reports whether r is whitespace for Python's str.isspace (used by
// strip and split). Go's unicode.IsSpace lacks U+001C..U+001F.
func isPySpace(r rune) bool {
	switch {
	case r == ' ', r >= '\t' && r <= '\r', r >= 0x1c && r <= 0x1f:
		return true
	case r < 0x80:
		return false
	}
	return r == 0x85 || r == 0xa0 || unicode.Is(unicode.White_Space, r)
}

// spaceAt returns the length of the Python whitespace character starting at
// b[i], or 0.
func spaceAt(b []byte, i int) int {
	c := b[i]
	if c < utf8.RuneSelf {
		if isPySpace(rune(c)) {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRune(b[i:])
	if r != utf8.RuneError && isPySpace(r) {
		return n
	}
	return 0
}

// pyStrip is Python's str.strip() with no argument.
func pyStrip(b []byte) []byte {
	for len(b) > 0 {
		n := spaceAt(b, 0)
		if n == 0 {
			break
		}
		b = b[n:]
	}
	for len(b) > 0 {
		c := b[len(b)-1]
		if c < utf8.RuneSelf {
			if !isPySpace(rune(c)) {
				break
			}
			b = b[:len(b)-1]
			continue
		}
		r, n := utf8.DecodeLastRune(b)
		if r == utf8.RuneError || !isPySpace(r) {
			break
		}
		b = b[:len(b)-n]
	}
	return b
}

// fields2 is Python's str.split() with no argument, keeping the first two
// fields and the rest (from the third field on, "" if none).
func fields2(b []byte) (f0, f1, rest []byte, n int) {
	i := 0
	for n < 3 {
		for i < len(b) {
			k := spaceAt(b, i)
			if k == 0 {
				break
			}
			i += k
		}
		if i >= len(b) {
			return
		}
		if n == 2 {
			return f0, f1, pyStrip(b[i:]), 3
		}
		j := i
		for j < len(b) && spaceAt(b, j) == 0 {
			j++
		}
		if n == 0 {
			f0 = b[i:j]
		} else {
			f1 = b[i:j]
		}
		n++
		i = j
	}
	return
}

// appendNormalized appends smatch's normalize(s) = s.lower().rstrip('_')
// (smatch.py:115-119). Lowercasing never makes or removes '_', so the
// underscores can be stripped first.
func appendNormalized(dst, s []byte) []byte {
	for len(s) > 0 && s[len(s)-1] == '_' {
		s = s[:len(s)-1]
	}
	for i, c := range s {
		if c >= utf8.RuneSelf {
			return appendPyLower(dst, s[i:], s[:i])
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// appendPyLower lowercases s as Python's str.lower() does, after the ASCII
// prefix already written (passed for the final-sigma context): full case
// mapping for U+0130 and the Final_Sigma rule, simple mappings otherwise.
func appendPyLower(dst, s, prefix []byte) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			dst = append(dst, s[i]) // not UTF-8: kept as is
		case r == 0x130: // İ → i + combining dot above
			dst = append(dst, 'i', 0xcc, 0x87)
		case r == 0x3a3: // Σ
			if finalSigma(prefix, s[:i], s[i+n:]) {
				dst = utf8.AppendRune(dst, 0x3c2)
			} else {
				dst = utf8.AppendRune(dst, 0x3c3)
			}
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += n
	}
	return dst
}

// finalSigma is Unicode's Final_Sigma condition as CPython implements it:
// a cased letter before (skipping case-ignorables) and none after.
func finalSigma(prefix, before, after []byte) bool {
	cased := false
	scanBack := func(b []byte) bool { // true when decided
		for len(b) > 0 {
			r, n := utf8.DecodeLastRune(b)
			b = b[:len(b)-n]
			if caseIgnorable(r) {
				continue
			}
			cased = isCased(r)
			return true
		}
		return false
	}
	if !scanBack(before) && !scanBack(prefix) {
		return false
	}
	if !cased {
		return false
	}
	for len(after) > 0 {
		r, n := utf8.DecodeRune(after)
		after = after[n:]
		if caseIgnorable(r) {
			continue
		}
		return !isCased(r)
	}
	return true
}

func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

// caseIgnorable approximates Unicode's Case_Ignorable: Mn, Me, Cf, Lm, Sk
// and the Word_Break MidLetter/MidNumLet/Single_Quote characters.
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', 0xb7, 0x387, 0x55f, 0x5f4, 0x2018, 0x2019, 0x2024, 0x2027,
		0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// appendJSONString appends s as a JSON string (bytes that are not UTF-8
// as U+FFFD).
func appendJSONString(dst, s []byte) []byte { return document.AppendJSONString(dst, s) }
