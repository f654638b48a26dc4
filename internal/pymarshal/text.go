package pymarshal

import (
	"bytes"
	"encoding/binary"
	"math"
	"strconv"
)

// appendPyFloat appends repr(f) for a finite f, which json writes: the
// shortest digits that read back as f, in positional notation when the
// decimal point falls within 16 digits of them (with ".0" when f is
// whole), else as d.ddde±XX.
func appendPyFloat(b []byte, f float64) []byte {
	if f == 0 {
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

// pyFloatStr is str(f) for a float that is not finite.
func pyFloatStr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case f > 0:
		return "inf"
	}
	return "-inf"
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends raw, valid UTF-8, as json writes a str with
// ensure_ascii=False: quoted, with ", \ and the control characters
// escaped (\n, \r, \t, \b, \f, else \u00XX) and every other character as
// it is.
func appendJSONString(b, raw []byte) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(raw); {
		if i+8 <= len(raw) && !special(binary.LittleEndian.Uint64(raw[i:])) {
			i += 8
			continue
		}
		c := raw[i]
		i++
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, raw[start:i-1]...)
		switch c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
		start = i
	}
	b = append(b, raw[start:]...)
	return append(b, '"')
}

// special reports whether one of the 8 bytes of w is escaped in JSON: a
// control character, " or \ (for each, a byte of w - x*ones borrows
// through its top bit only where a byte of w is below x, or is x).
func special(w uint64) bool {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	quote, backslash := w^(0x22*ones), w^(0x5c*ones)
	return ((w-0x20*ones)&^w|(quote-ones)&^quote|(backslash-ones)&^backslash)&tops != 0
}
