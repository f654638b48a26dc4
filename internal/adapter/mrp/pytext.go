package mrp

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// The 2019 scorer compares strings after Python's str(x).lower(): these
// helpers give the same text for the JSON values a graph holds.

// pyStr is Python's str() of a JSON scalar as json.loads reads it: a
// string as itself, an integer in decimal, a float as repr() writes it,
// true and false as True and False, null as None. ok is false for arrays
// and objects, which the scorer would print as Python literals.
func pyStr(v gjson.Result) (s string, ok bool) {
	switch v.Type {
	case gjson.String:
		return v.Str, true
	case gjson.True:
		return "True", true
	case gjson.False:
		return "False", true
	case gjson.Null:
		return "None", true
	case gjson.Number:
		return pyNumber(v.Raw), true
	}
	return "", false
}

// pyNumber is str() of the number json.loads reads from the literal raw:
// an int when it has no fraction or exponent, else a float.
func pyNumber(raw string) string {
	if !strings.ContainsAny(raw, ".eE") {
		neg := strings.HasPrefix(raw, "-")
		digits := strings.TrimLeft(strings.TrimPrefix(raw, "-"), "0")
		switch {
		case digits == "":
			return "0"
		case neg:
			return "-" + digits
		}
		return digits
	}
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil && !math.IsInf(f, 0) {
		return raw
	}
	return pyFloatRepr(f)
}

// pyFloatRepr is Python's repr() of a float: the shortest digits that read
// back as f, in positional notation when the decimal point falls within
// (-4, 16], else in exponent notation with at least two exponent digits.
func pyFloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	sign := ""
	if math.Signbit(f) {
		sign, f = "-", -f
	}
	if f == 0 {
		return sign + "0.0"
	}
	// digits d1d2...dn with f = 0.d1d2...dn × 10^decpt
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	decpt := x + 1
	if -4 < decpt && decpt <= 16 {
		switch {
		case decpt <= 0:
			return sign + "0." + strings.Repeat("0", -decpt) + digits
		case decpt >= len(digits):
			return sign + digits + strings.Repeat("0", decpt-len(digits)) + ".0"
		}
		return sign + digits[:decpt] + "." + digits[decpt:]
	}
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	es := "+"
	if x < 0 {
		es, x = "-", -x
	}
	xs := strconv.Itoa(x)
	if len(xs) < 2 {
		xs = "0" + xs
	}
	return sign + m + "e" + es + xs
}

// pyLower is Python's str.lower(): Unicode simple lowercase mappings,
// plus the full mapping of U+0130 (İ → i̇) and the Final_Sigma rule.
func pyLower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			ascii = false
			break
		} else if 'A' <= c && c <= 'Z' {
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
		switch r {
		case 0x130:
			b.WriteString("i\u0307")
		case 0x3a3:
			if finalSigma(s[:i], s[i+utf8.RuneLen(r):]) {
				b.WriteRune(0x3c2)
			} else {
				b.WriteRune(0x3c3)
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition as CPython tests it: a
// cased letter before the sigma (skipping case-ignorable characters) and
// none after it.
func finalSigma(before, after string) bool {
	casedBefore := false
	for len(before) > 0 {
		r, n := utf8.DecodeLastRuneInString(before)
		before = before[:len(before)-n]
		if caseIgnorable(r) {
			continue
		}
		casedBefore = isCased(r)
		break
	}
	if !casedBefore {
		return false
	}
	for _, r := range after {
		if caseIgnorable(r) {
			continue
		}
		return !isCased(r)
	}
	return true
}

func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)
}

func caseIgnorable(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) ||
		r == '\'' || r == '.' || r == ':' || r == '^' || r == '`' || r == 0xad || r == 0x2019
}

// smatchNormalize is what smatch compares (smatch.py's normalize, in the
// copy the 2019 scorer ships): trailing '¦' removed, lowercased, trailing
// '_' removed.
func smatchNormalize(s string) string {
	return strings.TrimRight(pyLower(strings.TrimRight(s, "¦")), "_")
}
