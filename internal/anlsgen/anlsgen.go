// Package anlsgen writes synthetic question-answering and extraction
// outputs for ANLS*: gold answers of any JSON shape (strings, numbers,
// booleans, null, objects of fields, lists of line items, alternatives)
// and predictions made from them by the mistakes language models make
// (typos, case and spacing, dropped and invented keys, reordered, missing
// and extra list items, a value of another kind, None-like values). It
// backs the comparison with the anls-star package
// (internal/specs/anls_test.go) and the benchmark.
//
// Documents are JSON Lines {"id": "q1", "answer": ...}; in the gold, an
// object {"$or": [...]} lists alternative answers (anls-star's tuple).
package anlsgen

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Config says what to generate.
type Config struct {
	Docs int    // document pairs (default 1,000)
	Seed uint64 // the same seed gives the same corpus
}

// Corpus is a gold and a prediction file, JSON Lines.
type Corpus struct {
	Gold, Pred []byte
}

// Generate writes a corpus.
func Generate(c Config) Corpus {
	if c.Docs <= 0 {
		c.Docs = 1000
	}
	g := &gen{r: rand.New(rand.NewPCG(c.Seed, 0x616e6c73))}
	var gold, pred strings.Builder
	for i := range c.Docs {
		id := "q" + strconv.Itoa(i+1)
		answer := g.answer()
		g.pred = true
		p := g.predict(answer, 0)
		for refused(answer, p) {
			p = g.predict(answer, 0)
		}
		g.pred = false
		writeDoc(&gold, id, answer)
		writeDoc(&pred, id, p)
	}
	return Corpus{Gold: []byte(gold.String()), Pred: []byte(pred.String())}
}

// refused reports a pair anls-star refuses: an empty gold list against a
// predicted string (it reads such a gold as alternatives, and there are
// none).
func refused(gold, pred any) bool {
	l, isList := gold.([]any)
	_, isString := pred.(string)
	return isList && len(l) == 0 && isString
}

// A value is any JSON value: nil, bool, int64, float, string, []any,
// *object (keys in order), or alternatives (gold only).
type object struct {
	keys []string
	vals []any
}

type alternatives []any

// float is a number written with a fraction or an exponent.
type float float64

func writeDoc(b *strings.Builder, id string, answer any) {
	b.WriteString(`{"id": `)
	b.WriteString(strconv.Quote(id))
	b.WriteString(`, "answer": `)
	writeValue(b, answer)
	b.WriteString("}\n")
}

func writeValue(b *strings.Builder, v any) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float:
		s := strconv.FormatFloat(float64(v), 'g', -1, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		b.WriteString(s)
	case string:
		q, _ := json.Marshal(v)
		b.Write(q)
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeValue(b, e)
		}
		b.WriteByte(']')
	case *object:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			q, _ := json.Marshal(k)
			b.Write(q)
			b.WriteString(": ")
			writeValue(b, v.vals[i])
		}
		b.WriteByte('}')
	case alternatives:
		b.WriteString(`{"$or": `)
		writeValue(b, []any(v))
		b.WriteByte('}')
	}
}

type gen struct {
	r    *rand.Rand
	pred bool // making a prediction: no alternatives
}

func (g *gen) p(prob float64) bool { return g.r.Float64() < prob }

func pick[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

var words = []string{
	"invoice", "total", "Acme Corp.", "Hello World", "St. Louis Children's Hospital", "31.12.2023", "31. Dec 2023",
	"$500", "500", "Peer David", "David Peer", "N/A", "yes", "no", "Straße", "ÉCOLE NORMALE", "ΟΔΟΣ ΕΡΜΟΥ", "İstanbul",
	"naïve café", "東京都", "  padded  text ", "tab\tseparated", "line\nbreak", "ΣΙΣΥΦΟΣ", "a", "", "the quick brown fox",
	"Mr. O'Brien", "ÅNGSTRÖM", "x-ray", "Ünïcödé", "12", "12.50", "true", "None", "0.2",
}

var fieldNames = []string{
	"name", "date", "total", "currency", "vendor", "address", "items", "description", "quantity", "price",
	"tax", "notes", "city", "country", "phone", "due_date", "paid", "discount", "id", "tags",
}

func (g *gen) text() string {
	if g.p(0.6) {
		return pick(g, words)
	}
	n := 1 + g.r.IntN(4)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = pick(g, words)
	}
	return strings.Join(parts, " ")
}

func (g *gen) scalar() any {
	switch x := g.r.Float64(); {
	case x < 0.6:
		return g.text()
	case x < 0.72:
		return int64(g.r.IntN(2000) - 100)
	case x < 0.82:
		return pick(g, []float{0.2, 0.199999, 12.5, 100.0, 1e-05, 1e16, 3.14159, -0.5, 2.0, 1234.5678})
	case x < 0.9:
		return g.p(0.5)
	}
	return nil
}

// answer is a gold answer: mostly an object of fields, sometimes one
// string, a list of strings (alternatives, in the ST-VQA way) or null.
func (g *gen) answer() any {
	switch x := g.r.Float64(); {
	case x < 0.65:
		return g.object(0)
	case x < 0.75:
		return g.text()
	case x < 0.82:
		return g.stringList()
	case x < 0.88:
		return g.list(0)
	case x < 0.92:
		return g.alternatives(0)
	case x < 0.95:
		return nil
	}
	return g.scalar()
}

func (g *gen) value(depth int) any {
	if depth >= 3 {
		return g.scalar()
	}
	switch x := g.r.Float64(); {
	case x < 0.55:
		return g.scalar()
	case x < 0.68:
		return g.object(depth + 1)
	case x < 0.8:
		return g.list(depth + 1)
	case x < 0.88:
		return g.stringList()
	case x < 0.95 && !g.pred:
		return g.alternatives(depth + 1)
	}
	return g.empty()
}

func (g *gen) empty() any {
	return pick(g, []any{nil, "", []any{}, &object{}})
}

func (g *gen) object(depth int) *object {
	n := g.r.IntN(6)
	if depth == 0 {
		n++
	}
	o := &object{}
	used := map[string]bool{}
	for range n {
		k := pick(g, fieldNames)
		if used[k] {
			continue
		}
		used[k] = true
		o.keys = append(o.keys, k)
		o.vals = append(o.vals, g.value(depth))
	}
	return o
}

// list is a list of line items (objects), or of mixed values.
func (g *gen) list(depth int) []any {
	n := g.r.IntN(5)
	out := make([]any, n)
	items := g.p(0.6)
	for i := range out {
		if items && depth < 3 {
			out[i] = g.object(depth + 1)
		} else {
			out[i] = g.value(depth + 1)
		}
	}
	return out
}

func (g *gen) stringList() []any {
	n := g.r.IntN(5)
	out := make([]any, n)
	for i := range out {
		out[i] = g.text()
	}
	return out
}

func (g *gen) alternatives(depth int) alternatives {
	n := 1 + g.r.IntN(3)
	out := make(alternatives, n)
	base := g.value(depth + 1)
	for i := range out {
		if i == 0 || g.p(0.3) {
			out[i] = g.value(depth + 1)
		} else {
			out[i] = g.typo(base)
		}
	}
	return out
}

// predict derives a prediction from a gold value.
func (g *gen) predict(v any, depth int) any {
	if g.p(0.04) {
		return g.value(depth) // another value, perhaps of another kind
	}
	switch v := v.(type) {
	case alternatives:
		return g.predict(v[g.r.IntN(len(v))], depth)
	case *object:
		out := &object{}
		for i, k := range v.keys {
			if g.p(0.1) {
				continue // a missed key
			}
			out.keys = append(out.keys, k)
			out.vals = append(out.vals, g.predict(v.vals[i], depth+1))
		}
		for g.p(0.12) {
			k := pick(g, fieldNames)
			if g.p(0.5) {
				k += "_x"
			}
			if has(out.keys, k) {
				break
			}
			out.keys = append(out.keys, k) // an invented key
			if g.p(0.4) {
				out.vals = append(out.vals, g.empty())
			} else {
				out.vals = append(out.vals, g.value(depth+1))
			}
		}
		g.r.Shuffle(len(out.keys), func(i, j int) {
			out.keys[i], out.keys[j] = out.keys[j], out.keys[i]
			out.vals[i], out.vals[j] = out.vals[j], out.vals[i]
		})
		return out
	case []any:
		var out []any
		for _, e := range v {
			if g.p(0.12) {
				continue
			}
			out = append(out, g.predict(e, depth+1))
			if g.p(0.05) {
				out = append(out, g.predict(e, depth+1)) // repeated
			}
		}
		if g.p(0.15) {
			out = append(out, g.value(depth+1))
		}
		if g.p(0.7) {
			g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		}
		if out == nil {
			out = []any{}
		}
		if len(v) > 0 && g.p(0.05) {
			return g.predict(v[0], depth+1) // a string for a list of strings
		}
		return out
	case nil:
		if g.p(0.7) {
			return g.empty()
		}
		return g.scalar()
	}
	return g.leaf(v)
}

func (g *gen) leaf(v any) any {
	switch x := g.r.Float64(); {
	case x < 0.5:
		return v
	case x < 0.75:
		return g.typo(v)
	case x < 0.85:
		if s, ok := v.(string); ok {
			return respace(g, s)
		}
		return v
	case x < 0.93:
		// The same value in another JSON kind: 12 as "12", "true" as true.
		switch v := v.(type) {
		case string:
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				return n
			}
			return v
		case int64:
			if g.p(0.3) && (v == 0 || v == 1) {
				return v == 1
			}
			return strconv.FormatInt(v, 10)
		case float:
			return strconv.FormatFloat(float64(v), 'g', -1, 64)
		case bool:
			if v {
				return pick(g, []any{"True", "true", int64(1), float(1)})
			}
			return pick(g, []any{"False", "false", int64(0)})
		}
		return v
	}
	return g.scalar()
}

// typo edits a string (or a number's text) by one to three characters.
func (g *gen) typo(v any) any {
	s, ok := v.(string)
	if !ok {
		switch v := v.(type) {
		case int64:
			s = strconv.FormatInt(v, 10)
		case float:
			s = strconv.FormatFloat(float64(v), 'g', -1, 64)
		default:
			return v
		}
	}
	rs := []rune(s)
	for range 1 + g.r.IntN(3) {
		i := 0
		if len(rs) > 0 {
			i = g.r.IntN(len(rs) + 1)
		}
		c := pick(g, []rune("aeiourstnlxzÉßΣ1 .-"))
		switch op := g.r.IntN(3); {
		case op == 0 || len(rs) == 0 || i == len(rs):
			rs = append(rs[:i], append([]rune{c}, rs[i:]...)...)
		case op == 1:
			rs = append(rs[:i], rs[i+1:]...)
		default:
			rs[i] = c
		}
	}
	return string(rs)
}

func respace(g *gen, s string) string {
	switch g.r.IntN(3) {
	case 0:
		return strings.ToUpper(s)
	case 1:
		return "  " + strings.ReplaceAll(s, " ", " \t ") + "\n"
	}
	return strings.ToLower(s)
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
