package document

import "unicode/utf8"

// plainJSON marks the ASCII bytes that stand for themselves in a JSON
// string.
var plainJSON = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// JSONString is s as a JSON string, quotes included (AppendJSONString).
func JSONString(s string) string { return string(AppendJSONString(nil, s)) }

// AppendJSONString appends s to dst as a JSON string, quotes included,
// for adapters that write their documents' JSON by hand. Bytes that are
// not UTF-8 become U+FFFD, so the output is always valid JSON.
func AppendJSONString[S ~string | ~[]byte](dst []byte, s S) []byte {
	return append(AppendJSONEscaped(append(dst, '"'), s), '"')
}

// AppendJSONEscaped appends s as the inside of a JSON string: what
// AppendJSONString writes between the quotes.
func AppendJSONEscaped[S ~string | ~[]byte](dst []byte, s S) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && plainJSON[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\r':
				dst = append(dst, '\\', 'r')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune([]byte(s[i:min(i+utf8.UTFMax, len(s))]))
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			start = i + 1
		}
		i += size
	}
	return append(dst, s[start:]...)
}
