package eval

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// scanner reads one JSON document in a single pass. The decoders of
// decode.go drive it by type, so each byte is read once, where gjson's
// ForEach would rescan a nested value once per level of nesting (a
// coreference mention four times). Documents reach the scanner
// already validated (ParseJSON checks them with gjson; adapters write
// valid JSON), but it never trusts that: malformed input gives an error,
// not a panic.
type scanner struct {
	s string
	i int
	// named are the values named so far in a document with shared values
	// (document.AppendName); nil in plain JSON.
	named *[]namedValue
}

func (sc *scanner) setNamed(n int, v namedValue) {
	if sc.named == nil {
		return
	}
	for len(*sc.named) <= n {
		if len(*sc.named) == cap(*sc.named) { // double: names come one by one
			*sc.named = slices.Grow(*sc.named, max(256, len(*sc.named)))
		}
		*sc.named = append(*sc.named, namedValue{start: -1})
	}
	(*sc.named)[n] = v
}

func (sc *scanner) namedValue(n int) (namedValue, bool) {
	if sc.named == nil || n >= len(*sc.named) || (*sc.named)[n].start < 0 {
		return namedValue{}, false
	}
	return (*sc.named)[n], true
}

// skipName passes over the "@n" of a named value that is skipped, and
// notes where the value starts, for references to it.
func (sc *scanner) skipName() bool {
	n, ok := sc.name()
	if !ok {
		return false
	}
	sc.ws()
	if _, known := sc.namedValue(n); !known {
		sc.setNamed(n, namedValue{start: sc.i})
	}
	return true
}

func (sc *scanner) ws() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\n', '\r':
			sc.i++
		default:
			return
		}
	}
}

// peek returns the first byte of the next value (0 at the end).
func (sc *scanner) peek() byte {
	sc.ws()
	if sc.i < len(sc.s) {
		return sc.s[sc.i]
	}
	return 0
}

// eat consumes c if it comes next.
func (sc *scanner) eat(c byte) bool {
	if sc.peek() == c {
		sc.i++
		return true
	}
	return false
}

var errMalformed = &pathError{msg: "malformed JSON"}

// str reads a string; without escapes it is a substring, no copy.
func (sc *scanner) str() (string, bool) {
	if sc.peek() != '"' {
		return "", false
	}
	sc.i++
	start := sc.i
	for sc.i < len(sc.s) {
		switch c := sc.s[sc.i]; {
		case c == '"':
			out := sc.s[start:sc.i]
			sc.i++
			return out, true
		case c == '\\':
			return sc.escaped(start)
		case c < 0x20:
			return "", false
		default:
			sc.i++
		}
	}
	return "", false
}

// escaped finishes a string that has escapes, from its start.
func (sc *scanner) escaped(start int) (string, bool) {
	var b strings.Builder
	b.WriteString(sc.s[start:sc.i])
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		switch {
		case c == '"':
			sc.i++
			return b.String(), true
		case c != '\\':
			b.WriteByte(c)
			sc.i++
			continue
		}
		if sc.i+1 >= len(sc.s) {
			return "", false
		}
		e := sc.s[sc.i+1]
		sc.i += 2
		switch e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := sc.hex4()
			if !ok {
				return "", false
			}
			if utf16.IsSurrogate(r) && strings.HasPrefix(sc.s[sc.i:], `\u`) {
				sc.i += 2
				r2, ok := sc.hex4()
				if !ok {
					return "", false
				}
				r = utf16.DecodeRune(r, r2)
			}
			if !utf8.ValidRune(r) {
				r = utf8.RuneError
			}
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	return "", false
}

func (sc *scanner) hex4() (rune, bool) {
	if sc.i+4 > len(sc.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(sc.s[sc.i:sc.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	sc.i += 4
	return rune(v), true
}

// number reads a number: its value and its text. plain says it is an
// integer of at most 15 digits, whose value is exact: the int decoder
// need not parse its text again.
func (sc *scanner) number() (v float64, raw string, plain, ok bool) {
	sc.ws()
	start := sc.i
	// Small integers, the common case, without strconv.
	digits, neg := 0, false
	if sc.i < len(sc.s) && sc.s[sc.i] == '-' {
		neg = true
		sc.i++
	}
	for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' {
		v = v*10 + float64(sc.s[sc.i]-'0')
		digits++
		sc.i++
	}
	if sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case '.', 'e', 'E':
			for sc.i < len(sc.s) && strings.IndexByte("0123456789.eE+-", sc.s[sc.i]) >= 0 {
				sc.i++
			}
			raw := sc.s[start:sc.i]
			f, err := strconv.ParseFloat(raw, 64)
			return f, raw, false, wellFormed(err)
		}
	}
	if digits == 0 || digits > 15 {
		raw := sc.s[start:sc.i]
		f, err := strconv.ParseFloat(raw, 64)
		return f, raw, false, wellFormed(err) && digits > 0
	}
	if neg {
		v = -v
	}
	return v, sc.s[start:sc.i], true, true
}

// wellFormed tells a number ParseFloat read, if perhaps only as ±Inf,
// from one it could not read at all: the decoders name the first as out
// of range.
func wellFormed(err error) bool { return err == nil || errors.Is(err, strconv.ErrRange) }

// literal reads true, false or null.
func (sc *scanner) literal(word string) bool {
	sc.ws()
	if strings.HasPrefix(sc.s[sc.i:], word) {
		sc.i += len(word)
		return true
	}
	return false
}

// name reads the "@n" or "&n" of a shared value (document.AppendName).
func (sc *scanner) name() (int, bool) {
	sc.i++
	start, n := sc.i, 0
	for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' && sc.i-start < 9 {
		n = 10*n + int(sc.s[sc.i]-'0')
		sc.i++
	}
	return n, sc.i > start
}

// skip passes over one value of any kind and returns its text.
func (sc *scanner) skip() (string, bool) {
	sc.ws()
	switch sc.peek() {
	case '@': // a named value: skipped as the value
		if !sc.skipName() {
			return "", false
		}
	case '&': // a reference: all of it
		start := sc.i
		_, ok := sc.name()
		return sc.s[start:sc.i], ok
	}
	start := sc.i
	if sc.i >= len(sc.s) {
		return "", false
	}
	switch c := sc.s[sc.i]; c {
	case '"':
		_, ok := sc.str()
		return sc.s[start:sc.i], ok
	case '{', '[':
		depth := 0
		for sc.i < len(sc.s) {
			switch sc.s[sc.i] {
			case '"':
				if _, ok := sc.str(); !ok {
					return "", false
				}
				continue
			case '@':
				if !sc.skipName() {
					return "", false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					sc.i++
					return sc.s[start:sc.i], true
				}
			}
			sc.i++
		}
		return "", false
	case 't', 'f', 'n':
		word := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[c]
		if !sc.literal(word) {
			return "", false
		}
		return sc.s[start:sc.i], true
	}
	_, raw, _, ok := sc.number()
	return raw, ok
}

// describeNext names the next value for messages: "a string "2"".
func (sc *scanner) describeNext() string {
	save := sc.i
	raw, ok := sc.skip()
	sc.i = save
	if !ok {
		return "malformed JSON"
	}
	return describeRaw(raw)
}

func describeRaw(raw string) string {
	short := raw
	if len(short) > 40 {
		short = short[:37] + "..."
	}
	switch c := raw[0]; {
	case c == '"':
		return "a string " + short
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	}
	return "a number " + short
}
