package conll16

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// scanner reads one relation line in a single pass: the fields the scorers
// read are decoded, every other value is checked and skipped. Gold files
// are mostly token addresses, of which only one number in five is kept, so
// this is several times faster than a general JSON reader. Any syntax
// error sets bad; the caller then asks encoding/json for the message.
type scanner struct {
	b   []byte
	i   int
	bad bool
}

func (s *scanner) fail() { s.bad = true }

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// peek returns the next non-space byte, or 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *scanner) expect(c byte) bool {
	if s.peek() != c {
		s.fail()
		return false
	}
	s.i++
	return true
}

// object calls field for each key of the object at the cursor; field must
// consume the value. It returns false on a syntax error.
func (s *scanner) object(field func(key []byte)) bool {
	if !s.expect('{') {
		return false
	}
	if s.peek() == '}' {
		s.i++
		return true
	}
	for !s.bad {
		key, ok := s.rawString()
		if !ok || !s.expect(':') {
			s.fail()
			return false
		}
		field(key)
		if s.bad {
			return false
		}
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return true
		default:
			s.fail()
			return false
		}
	}
	return false
}

// array calls elem for each element of the array at the cursor; elem must
// consume it.
func (s *scanner) array(elem func(k int)) bool {
	if !s.expect('[') {
		return false
	}
	if s.peek() == ']' {
		s.i++
		return true
	}
	for k := 0; !s.bad; k++ {
		elem(k)
		if s.bad {
			return false
		}
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			return true
		default:
			s.fail()
			return false
		}
	}
	return false
}

// rawString returns the bytes of the string at the cursor as written,
// escapes included (keys are compared with plain names).
func (s *scanner) rawString() ([]byte, bool) {
	if s.peek() != '"' {
		return nil, false
	}
	start := s.i + 1
	for i := start; i < len(s.b); i++ {
		switch c := s.b[i]; {
		case c == '"':
			s.i = i + 1
			return s.b[start:i], true
		case c == '\\':
			i++
			if i == len(s.b) {
				break
			}
			switch s.b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(s.b) || !isHex(s.b[i+1]) || !isHex(s.b[i+2]) || !isHex(s.b[i+3]) || !isHex(s.b[i+4]) {
					s.fail()
					return nil, false
				}
				i += 4
			default:
				s.fail()
				return nil, false
			}
		case c < 0x20:
			s.fail()
			return nil, false
		}
	}
	s.fail()
	return nil, false
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// strRaw reads the string at the cursor: its bytes when it has no escape
// (raw), else its decoded value (s).
func (s *scanner) strRaw() (raw []byte, str string, ok bool) {
	start := s.peek()
	at := s.i
	raw, ok = s.rawString()
	if !ok || start != '"' {
		return nil, "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw, "", true
	}
	if json.Unmarshal(s.b[at:s.i], &str) != nil {
		s.fail()
		return nil, "", false
	}
	return nil, str, true
}

// number reads a JSON number; it returns its value when it is a small
// non-negative integer written without fraction or exponent (isIndex),
// which is how token indices are written.
func (s *scanner) number() (n int, isIndex bool) {
	s.ws()
	i, b := s.i, s.b
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		if n < 1<<40 {
			n = n*10 + int(b[i]-'0')
		}
		i++
	}
	if i == digits || (b[digits] == '0' && i-digits > 1) {
		s.fail()
		return 0, false
	}
	isIndex = b[s.i] != '-'
	if i < len(b) && b[i] == '.' {
		isIndex = false
		i++
		if i == len(b) || b[i] < '0' || b[i] > '9' {
			s.fail()
			return 0, false
		}
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			if b[i] != '0' {
				isIndex = false
			}
			i++
		}
		// 3.0 is the index 3, as JSON readers read it.
		isIndex = isIndex || allZeros(b[digits:i])
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		isIndex = false
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		exp := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == exp {
			s.fail()
			return 0, false
		}
	}
	s.i = i
	return n, isIndex && n < 1<<40
}

// allZeros reports whether the fraction of a number "123.000" is zero and
// its sign positive.
func allZeros(num []byte) bool {
	dot := false
	for _, c := range num {
		switch {
		case c == '.':
			dot = true
		case dot && c != '0':
			return false
		}
	}
	return true
}

// skip checks and skips the value at the cursor, returning its bytes.
func (s *scanner) skip() []byte {
	c := s.peek()
	start := s.i
	switch c {
	case '{':
		s.object(func([]byte) { s.skip() })
	case '[':
		s.array(func(int) { s.skip() })
	case '"':
		s.rawString()
	case 't':
		s.word("true")
	case 'f':
		s.word("false")
	case 'n':
		s.word("null")
	default:
		s.number()
	}
	return s.b[start:s.i]
}

func (s *scanner) word(w string) {
	if len(s.b)-s.i < len(w) || string(s.b[s.i:s.i+len(w)]) != w {
		s.fail()
		return
	}
	s.i += len(w)
}

// end checks that nothing but space follows the value.
func (s *scanner) end() bool {
	if s.ws(); s.i != len(s.b) {
		s.fail()
	}
	return !s.bad
}

// fastTokens reads a token list made of plain non-negative integers or of
// addresses of them, as the official files write them; it returns false,
// leaving the cursor where it was, at anything else. It is the adapter's
// innermost loop (a gold file is mostly addresses): no closures, space
// skipped only where there is some.
func (s *scanner) fastTokens(sp *spanFields) bool {
	b, i := s.b, s.i
	n0 := len(sp.toks)
	fail := func() bool {
		sp.toks = sp.toks[:n0]
		return false
	}
	if i >= len(b) || b[i] != '[' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		s.i = i + 1
		return true
	}
	f := formUnknown
	for {
		i = skipSpace(b, i)
		if i >= len(b) {
			return fail()
		}
		var tok int
		if b[i] == '[' {
			if f == formIndices {
				return fail()
			}
			f = formAddresses
			i++
			for j := 0; ; j++ {
				i = skipSpace(b, i)
				n, at, ok := plainIndex(b, i)
				if !ok {
					return fail()
				}
				if j == 2 {
					tok = n
				}
				i = skipSpace(b, at)
				if i >= len(b) {
					return fail()
				}
				if b[i] == ']' && j >= 2 {
					i++
					break
				}
				if b[i] != ',' {
					return fail()
				}
				i++
			}
		} else {
			if f == formAddresses {
				return fail()
			}
			f = formIndices
			n, at, ok := plainIndex(b, i)
			if !ok {
				return fail()
			}
			tok, i = n, at
		}
		sp.toks = append(sp.toks, tok)
		i = skipSpace(b, i)
		if i >= len(b) {
			return fail()
		}
		if b[i] == ']' {
			s.i = i + 1
			sp.firstForm = f
			return true
		}
		if b[i] != ',' {
			return fail()
		}
		i++
	}
}

// skipSpace returns the position of the first byte from i that is not
// JSON space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainIndex reads the digits at i: ok is false if there are none, if the
// number has a leading zero, a fraction or an exponent, has more than 15 digits or
// more, or ends the text. at is where it ends.
func plainIndex(b []byte, i int) (n, at int, ok bool) {
	start := i
	for i < len(b) && b[i]-'0' <= 9 {
		n = n*10 + int(b[i]-'0')
		i++
	}
	if i == start || i-start > 15 || i == len(b) || (b[start] == '0' && i-start > 1) {
		return 0, i, false
	}
	switch b[i] {
	case '.', 'e', 'E', '-', '+':
		return 0, i, false
	}
	return n, i, true
}
