package schemagen

import (
	"fmt"
	"strconv"
	"strings"
)

// write prints the spec: the types (leaves first), the input, a let per
// element type of an array, a metric per field, and their mean.
func (g *gen) write(root *record, source string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# A starting spec for outputs that follow the JSON Schema %s, written by
# metricc init: one document per output (JSON Lines, or a JSON array),
# gold and predicted documents paired by their id field when the schema
# has one, else by position. Edit freely: each metric compares one field
# with a default similarity, δ (equal or not) for enumerations, numbers,
# booleans, identifiers and dates, ANLS (anls(0.5), edit distance) for free
# text, F over a one-to-one matching for arrays; a field that may be
# missing or null reads as json and is compared by ANLS* (anls_star(0.5)).
# The metric fields averages the F1 of all of them.
`, source)
	b.WriteString("\n")
	for _, r := range g.order {
		g.writeRecord(&b, r)
	}
	fmt.Fprintf(&b, "input %s\n", root.name)

	var lets []*record
	for _, r := range g.order {
		if g.isElement(r) {
			lets = append(lets, r)
		}
	}
	if len(lets) > 0 {
		b.WriteString("\n# The similarity of two elements of an array: the mean of their fields'.\n")
		for _, r := range lets {
			parts := g.recordSims(r)
			fmt.Fprintf(&b, "let %s = ", letName(r))
			if len(parts) == 1 {
				b.WriteString(parts[0] + "\n")
			} else {
				fmt.Fprintf(&b, "(%s) / %d\n", strings.Join(parts, " + "), len(parts))
			}
		}
	}

	b.WriteString("\n")
	var names []string
	width := 0
	type line struct{ name, body string }
	var lines []line
	var walk func(r *record, prefix []string)
	walk = func(r *record, prefix []string) {
		for _, f := range r.fields {
			if r == root && f.pairs() {
				continue // it pairs the documents
			}
			path := append(append([]string(nil), prefix...), f.name)
			if f.typed() && f.node.kind == kindObject {
				walk(f.rec, path)
				continue
			}
			name := metricName(path, names)
			names = append(names, name)
			width = max(width, len(name))
			lines = append(lines, line{name, g.fieldSim(f, strings.Join(path, "."))})
		}
	}
	walk(root, nil)
	for _, l := range lines {
		fmt.Fprintf(&b, "metric %-*s = %s\n", width, l.name, l.body)
	}
	if len(names) > 1 {
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = n + ".f1"
		}
		fmt.Fprintf(&b, "\nmetric fields = (%s) / %d\n", strings.Join(parts, " + "), len(names))
	}
	return b.String()
}

func (g *gen) writeRecord(b *strings.Builder, r *record) {
	fmt.Fprintf(b, "type %s {\n", r.name)
	for _, f := range r.fields {
		fmt.Fprintf(b, "  %s: %s", f.name, g.fieldType(f))
		if f.name != f.key {
			fmt.Fprintf(b, " = %s", strconv.Quote(gjsonEscape(f.key)))
		}
		b.WriteString(",\n")
	}
	b.WriteString("}\n")
}

func (g *gen) fieldType(f *field) string {
	if !f.typed() {
		return "json"
	}
	n := f.node
	if n.kind == kindArray {
		it := n.items
		switch {
		case it.nullable || it.kind == kindAny || it.kind == kindArray:
			return "bag<json>"
		case it.kind == kindObject:
			return "bag<" + f.rec.name + ">"
		}
		return "bag<" + basicType(it.kind) + ">"
	}
	if n.kind == kindObject {
		return f.rec.name
	}
	return basicType(n.kind)
}

func basicType(k kind) string {
	switch k {
	case kindString:
		return "string"
	case kindInt:
		return "int"
	case kindNumber:
		return "float"
	case kindBool:
		return "bool"
	}
	return "json"
}

// isElement reports whether r is the element type of an array field.
func (g *gen) isElement(r *record) bool {
	for _, o := range g.order {
		for _, f := range o.fields {
			if f.rec == r && f.typed() && f.node.kind == kindArray {
				return true
			}
		}
	}
	return false
}

func letName(r *record) string {
	var b strings.Builder
	for i, c := range r.name {
		if i > 0 && c >= 'A' && c <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToLower(string(c)))
	}
	return b.String() + "_sim"
}

// recordSims are the similarities of r's fields, each on its field.
func (g *gen) recordSims(r *record) []string {
	var parts []string
	for _, f := range r.fields {
		if f.typed() && f.node.kind == kindObject {
			for _, p := range g.recordSims(f.rec) {
				parts = append(parts, prefixView(p, f.name))
			}
			continue
		}
		parts = append(parts, g.fieldSim(f, f.name))
	}
	return parts
}

// prefixView rewrites e[v] as e[prefix.v] and N<->[v](e) as N<->[prefix.v](e).
func prefixView(sim, prefix string) string {
	i := strings.Index(sim, "[")
	return sim[:i+1] + prefix + "." + sim[i+1:]
}

// fieldSim is the default similarity of field f at the view path.
func (g *gen) fieldSim(f *field, path string) string {
	n := f.node
	if !f.typed() {
		if n.discrete || n.kind == kindInt || n.kind == kindNumber || n.kind == kindBool || isIdentifier(f, n) {
			return "delta[" + path + "]"
		}
		return "anls_star(0.5)[" + path + "]"
	}
	if n.kind == kindArray {
		it := n.items
		switch {
		case it.nullable || it.kind == kindAny || it.kind == kindArray:
			return "F<->[" + path + "](delta)"
		case it.kind == kindObject:
			return "F<->[" + path + "](" + letName(f.rec) + ")"
		case it.kind == kindString && !it.discrete && !formatted(it):
			return "F<->[" + path + "](anls(0.5))"
		}
		return "F<->[" + path + "](delta)"
	}
	if n.kind == kindString && !n.discrete && !formatted(n) && !isIdentifier(f, n) {
		return "anls(0.5)[" + path + "]"
	}
	return "delta[" + path + "]"
}

// formatted strings (dates, addresses, identifiers) are right or wrong.
func formatted(n *node) bool {
	switch n.format {
	case "date", "date-time", "time", "duration", "email", "idn-email", "uri", "uri-reference", "iri", "uuid", "ipv4", "ipv6", "hostname":
		return true
	}
	return false
}

func isIdentifier(f *field, n *node) bool {
	k := strings.ToLower(f.key)
	return k == "id" || strings.HasSuffix(k, "_id") || strings.HasSuffix(f.key, "Id") || n.format == "uuid"
}

func metricName(path []string, taken []string) string {
	name := strings.Join(path, "_")
	name = strings.TrimSuffix(name, "_")
	if reserved[name] {
		name += "_score"
	}
	base := name
	for i := 2; contains(taken, name); i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	return name
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// gjsonEscape escapes the characters gjson reads as path syntax.
func gjsonEscape(key string) string {
	var b strings.Builder
	for _, r := range key {
		if strings.ContainsRune(`\.*?|#@!:`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
