// Package pytext does what Python 3's str methods do where Go's strings and
// unicode packages differ: the official scorers metricc reproduces (smatch,
// mtool, conll18_ud_eval.py, the ANLS* and SQuAD scripts) compare texts
// after Python's lower(), split() and repr(), so metricc must too.
package pytext

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSpace is str.isspace for one code point: Go's unicode.IsSpace and the
// four information separators U+001C..U+001F.
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// Fields is str.split() without arguments.
func Fields(s string) []string { return strings.FieldsFunc(s, IsSpace) }

// Lower is str.lower(): Go's per-rune mapping plus the two rules of
// Unicode's SpecialCasing that Python applies and unicode.ToLower does
// not: U+0130 (İ) becomes "i̇" (i and a combining dot above), and a capital
// sigma ending a word becomes final sigma (ς).
func Lower(s string) string {
	upper := false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			if !strings.ContainsRune(s, 'İ') && !strings.ContainsRune(s, 'Σ') && utf8.ValidString(s) {
				return strings.ToLower(s) // rune by rune, as AppendLower
			}
			return string(AppendLower(make([]byte, 0, len(s)+2), s, ""))
		} else if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if upper {
		return strings.ToLower(s) // ASCII: the same
	}
	return s
}

// AppendLower appends Lower(s) to dst; before is the text that precedes s
// (for the final-sigma rule), already lowered or not: it is only looked at.
// Bytes that are not UTF-8 are kept as they are.
func AppendLower(dst []byte, s, before string) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			dst = append(dst, s[i])
		case r == 'İ':
			dst = append(dst, "i\u0307"...)
		case r == 'Σ':
			if finalSigma(before+s[:i], s[i+n:]) {
				dst = utf8.AppendRune(dst, 'ς')
			} else {
				dst = utf8.AppendRune(dst, 'σ')
			}
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += n
	}
	return dst
}

// finalSigma is the Final_Sigma condition as CPython tests it: a cased
// letter before the sigma and none after it, looking through
// case-ignorable code points on both sides.
func finalSigma(before, after string) bool {
	cased := false
	for len(before) > 0 {
		r, n := utf8.DecodeLastRuneInString(before)
		before = before[:len(before)-n]
		if !caseIgnorable(r) {
			cased = isCased(r)
			break
		}
	}
	if !cased {
		return false
	}
	for _, r := range after {
		if !caseIgnorable(r) {
			return !isCased(r)
		}
	}
	return true
}

// isCased is Unicode's Cased property.
func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

// caseIgnorable is Unicode's Case_Ignorable property: marks, format
// characters, modifiers, and the word-internal punctuation of the
// Word_Break classes MidLetter, MidNumLet and Single_Quote.
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', 0xb7, 0x387, 0x55f, 0x5f4, 0x2018, 0x2019, 0x2024, 0x2027,
		0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// FloatRepr is repr() of a float (and str(), which is the same).
func FloatRepr(f float64) string { return string(AppendFloatRepr(nil, f)) }

// AppendFloatRepr appends repr(f): the shortest digits that read back as
// f, in positional notation when the decimal point falls within 16 digits
// of them (with ".0" when f is whole), else as d.ddde±XX; inf, -inf, nan.
func AppendFloatRepr(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "nan"...)
	case math.IsInf(f, 0):
		if f < 0 {
			b = append(b, '-')
		}
		return append(b, "inf"...)
	case f == 0:
		if math.Signbit(f) {
			return append(b, "-0.0"...)
		}
		return append(b, "0.0"...)
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // -d.ddde±XX
	if s[0] == '-' {
		b = append(b, '-')
		s = s[1:]
	}
	e := bytes.IndexByte(s, 'e')
	exp, _ := strconv.Atoi(string(s[e+1:]))
	var digitBuf [24]byte
	digits := append(digitBuf[:0], s[0])
	if e > 1 {
		digits = append(digits, s[2:e]...)
	}
	point := exp + 1 // digits[:point] is the whole part
	switch {
	case point <= -4 || point > 16:
		b = append(b, digits[0])
		if len(digits) > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if exp < 0 {
			b = append(b, '-')
			exp = -exp
		} else {
			b = append(b, '+')
		}
		if exp < 10 {
			b = append(b, '0')
		}
		return strconv.AppendInt(b, int64(exp), 10)
	case point <= 0:
		b = append(b, "0."...)
		b = append(b, "0000"[:-point]...)
		return append(b, digits...)
	case point >= len(digits):
		b = append(b, digits...)
		b = append(b, "0000000000000000"[:point-len(digits)]...)
		return append(b, ".0"...)
	}
	b = append(b, digits[:point]...)
	b = append(b, '.')
	return append(b, digits[point:]...)
}
