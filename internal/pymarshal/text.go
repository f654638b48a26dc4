package pymarshal

import (
	"encoding/binary"
)

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
