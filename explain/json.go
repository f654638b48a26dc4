package explain

import (
	"bytes"
	"encoding/json"
	"io"
)

// WriteJSON writes the explanation in its JSON schema (SchemaVersion):
// indented, with each value short enough (an item, a pair without levels
// beneath it) on one line.
func (ex *Explanation) WriteJSON(w io.Writer) error {
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false) // matchings are full of <->
	if err := enc.Encode(ex); err != nil {
		return err
	}
	v := bytes.TrimSpace(compact.Bytes())
	var out bytes.Buffer
	pp := &printer{out: &out, v: v, commas: map[int][]int{}, closing: map[int]int{}}
	pp.scan()
	pp.value(0, len(v), "")
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// inlineWidth is the longest value written on one line.
const inlineWidth = 100

// printer indents compact JSON, writing values of up to inlineWidth bytes
// on one line. One pass first finds, for every object and array, its
// closing bracket and its top-level commas, so that printing is linear in
// the size of the text however deep it nests.
type printer struct {
	out     *bytes.Buffer
	v       []byte
	commas  map[int][]int // opening bracket → its top-level commas
	closing map[int]int   // opening bracket → its closing bracket
}

func (p *printer) scan() {
	var stack []int
	inString := false
	for i := 0; i < len(p.v); i++ {
		switch c := p.v[i]; {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			stack = append(stack, i)
		case c == '}' || c == ']':
			p.closing[stack[len(stack)-1]] = i
			stack = stack[:len(stack)-1]
		case c == ',':
			top := stack[len(stack)-1]
			p.commas[top] = append(p.commas[top], i)
		}
	}
}

// value writes v[s:e], a JSON value, at the given indentation.
func (p *printer) value(s, e int, indent string) {
	c := p.v[s]
	if e-s <= inlineWidth || (c != '{' && c != '[') || e-s == 2 {
		spaced(p.out, p.v[s:e])
		return
	}
	inner := indent + "  "
	p.out.WriteByte(c)
	start := s + 1
	for k, comma := range append(p.commas[s], e-1) {
		if k > 0 {
			p.out.WriteByte(',')
		}
		p.out.WriteString("\n" + inner)
		m := start
		if c == '{' {
			k := m + colon(p.v[m:comma])
			p.out.Write(p.v[m:k])
			p.out.WriteString(": ")
			m = k + 1
		}
		p.value(m, comma, inner)
		start = comma + 1
	}
	p.out.WriteString("\n" + indent)
	p.out.WriteByte(p.v[e-1])
}

// colon finds the colon after an object member's key.
func colon(m []byte) int {
	for i := 1; i < len(m); i++ {
		switch m[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(m)
}

// spaced writes compact JSON with a space after each colon and comma
// outside strings.
func spaced(out *bytes.Buffer, v []byte) {
	inString := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		out.WriteByte(c)
		switch {
		case inString:
			if c == '\\' && i+1 < len(v) {
				i++
				out.WriteByte(v[i])
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == ':' || c == ',':
			out.WriteByte(' ')
		}
	}
}
