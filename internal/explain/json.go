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
	pp := &printer{out: &out, v: v}
	pp.scan()
	pp.value(0, len(v), "")
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// inlineWidth is the longest value written on one line.
const inlineWidth = 100

// printer indents compact JSON, writing values of up to inlineWidth bytes
// on one line. One pass first numbers the objects and arrays in the order
// they open and finds each one's closing bracket and how many it contains,
// so that printing is linear in the size of the text however deep it
// nests.
type printer struct {
	out   *bytes.Buffer
	v     []byte
	close []int32 // container → its closing bracket
	desc  []int32 // container → the containers inside it
	next  int32   // the next container to print
}

func (p *printer) scan() {
	var stack []int32
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
			stack = append(stack, int32(len(p.close)))
			p.close = append(p.close, 0)
			p.desc = append(p.desc, 0)
		case c == '}' || c == ']':
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p.close[n] = int32(i)
			p.desc[n] = int32(len(p.close)) - n - 1
		}
	}
}

// end is the end of the value that starts at i.
func (p *printer) end(i int) int {
	switch p.v[i] {
	case '{', '[':
		return int(p.close[p.next]) + 1 // the next container is this one
	case '"':
		for k := i + 1; k < len(p.v); k++ {
			switch p.v[k] {
			case '\\':
				k++
			case '"':
				return k + 1
			}
		}
		return len(p.v)
	}
	k := i
	for k < len(p.v) && p.v[k] != ',' && p.v[k] != '}' && p.v[k] != ']' {
		k++
	}
	return k
}

// value writes v[s:e], a JSON value, at the given indentation.
func (p *printer) value(s, e int, indent string) {
	c := p.v[s]
	if c != '{' && c != '[' {
		spaced(p.out, p.v[s:e])
		return
	}
	n := p.next
	p.next++
	if e-s <= inlineWidth || e-s == 2 {
		spaced(p.out, p.v[s:e])
		p.next += p.desc[n]
		return
	}
	inner := indent + "  "
	p.out.WriteByte(c)
	for i, first := s+1, true; i < e-1; first = false {
		if !first {
			p.out.WriteByte(',')
		}
		p.out.WriteString("\n" + inner)
		if c == '{' {
			k := p.end(i) // the key
			p.out.Write(p.v[i:k])
			p.out.WriteString(": ")
			i = k + 1
		}
		ve := p.end(i)
		p.value(i, ve, inner)
		i = ve + 1
	}
	p.out.WriteString("\n" + indent)
	p.out.WriteByte(p.v[e-1])
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
