package document

import (
	"strconv"
	"strings"
)

// JSON with shared values is how an adapter writes a document that repeats
// large values (a CoNLL-U word's key recurs as its dependents' head and as
// its head's child): "@N" before a value names it N, and "&N" later stands
// for that same value. The evaluator decodes a named value once and reuses
// it wherever it recurs; PlainJSON spells the document out for every other
// reader. Only adapters write it (Doc.Shared), never users: it is not JSON.

// AppendName appends "@n", naming the value written next.
func AppendName(b []byte, n int) []byte {
	return strconv.AppendInt(append(b, '@'), int64(n), 10)
}

// AppendRef appends "&n", the value named n earlier in the document.
func AppendRef(b []byte, n int) []byte {
	return strconv.AppendInt(append(b, '&'), int64(n), 10)
}

// PlainJSON is the document's JSON with its shared values spelled out.
func (d *Doc) PlainJSON() string {
	if !d.Shared {
		return d.JSON
	}
	return expandShared(d.JSON)
}

// expandShared spells out the shared values of s: every "@n" is dropped
// and every "&n" replaced by the text of the value named n. s is written
// by an adapter: anything malformed is copied as it is.
func expandShared(s string) string {
	e := &expander{s: s, out: make([]byte, 0, 2*len(s))}
	for e.i < len(e.s) {
		e.value()
	}
	return string(e.out)
}

type expander struct {
	s     string
	i     int
	out   []byte
	named [][2]int // by name: the value's spelled-out text, out[start:end]
}

// value copies the value at e.i, with the white space before it.
func (e *expander) value() {
	e.space()
	if e.i >= len(e.s) {
		return
	}
	switch c := e.s[e.i]; c {
	case '@', '&':
		n := e.number()
		if c == '&' {
			if n < len(e.named) {
				span := e.named[n]
				e.out = append(e.out, e.out[span[0]:span[1]]...)
			}
			return
		}
		e.space()
		start := len(e.out)
		e.value()
		for len(e.named) <= n {
			e.named = append(e.named, [2]int{})
		}
		e.named[n] = [2]int{start, len(e.out)}
	case '{', '[':
		e.out = append(e.out, c)
		e.i++
		for e.i < len(e.s) {
			e.space()
			if e.i >= len(e.s) {
				return
			}
			switch e.s[e.i] {
			case '}', ']':
				e.out = append(e.out, e.s[e.i])
				e.i++
				return
			case ',', ':':
				e.out = append(e.out, e.s[e.i])
				e.i++
			default:
				e.value()
			}
		}
	case '"':
		start := e.i
		e.i++
		for e.i < len(e.s) && e.s[e.i] != '"' {
			if e.s[e.i] == '\\' {
				e.i++
			}
			e.i++
		}
		e.i = min(e.i+1, len(e.s))
		e.out = append(e.out, e.s[start:e.i]...)
	default:
		start := e.i
		for e.i < len(e.s) && !strings.ContainsRune(",:]} \t\n\r", rune(e.s[e.i])) {
			e.i++
		}
		if e.i == start { // a stray delimiter
			e.i++
		}
		e.out = append(e.out, e.s[start:e.i]...)
	}
}

func (e *expander) space() {
	for e.i < len(e.s) && (e.s[e.i] == ' ' || e.s[e.i] == '\t' || e.s[e.i] == '\n' || e.s[e.i] == '\r') {
		e.out = append(e.out, e.s[e.i])
		e.i++
	}
}

// number reads the name after "@" or "&".
func (e *expander) number() int {
	e.i++
	n := 0
	for e.i < len(e.s) && e.s[e.i] >= '0' && e.s[e.i] <= '9' {
		n = 10*n + int(e.s[e.i]-'0')
		e.i++
	}
	return n
}
