package penman

import (
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/pytext"
)

// Smatch is Python: its strip(), split() and lower() decide which names are
// equal, so these helpers follow Python 3's str methods rather than Go's.

// spaceAt returns the length of the Python whitespace character starting at
// b[i], or 0.
func spaceAt(b []byte, i int) int {
	c := b[i]
	if c < utf8.RuneSelf {
		if pytext.IsSpace(rune(c)) {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRune(b[i:])
	if r != utf8.RuneError && pytext.IsSpace(r) {
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
			if !pytext.IsSpace(rune(c)) {
				break
			}
			b = b[:len(b)-1]
			continue
		}
		r, n := utf8.DecodeLastRune(b)
		if r == utf8.RuneError || !pytext.IsSpace(r) {
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
			return pytext.AppendLower(dst, string(s[i:]), string(s[:i]))
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// appendJSONString appends s as a JSON string (bytes that are not UTF-8
// as U+FFFD).
func appendJSONString(dst, s []byte) []byte { return document.AppendJSONString(dst, s) }
