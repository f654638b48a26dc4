package penman

// The fields of the shipped amr-fine spec: the fine-grained AMR metrics of
// Damonte, Cohen and Satta (EACL 2017) as mdtux89/amr-evaluation (8bc6b2e)
// computes them. That scorer reads AMRs with an older smatch reader than the
// one ported in parse.go (no lowercasing when reading, no :mod inversion,
// TOP carrying the root's concept, an -of role kept as written when its
// value is a variable already seen and a ':' follows), so each AMR is read a
// second time here with a port of that reader's algorithm (oldParse), on
// the text each metric's own pipeline gives it:
//
//   - unlabeled: every ":role" (and any ":..." in the text) rewritten to
//     ":label" line by line, as evaluation.sh's sed does, then read as its
//     smatch/smatch.py reads (lines stripped and joined);
//   - nowsd: every "/ concept-NN" rewritten to "/ concept-01", as
//     evaluation.sh's perl line does, then read the same way;
//   - concepts, ne, negations, wiki, reentrancies, srl: as scores.py reads
//     (tabs to spaces, runs of spaces squeezed, lines joined), with its -of
//     inversion and utils.py's extractors; reentrancies and srl become the
//     triples smatch_fromlists scores (parse_relations: instances of the
//     variables involved and a TOP on the first of them).
//
// Smatch-type fields are props (normalized as smatch compares: lowercase,
// trailing '_' removed); the others are bags of strings as the scorer
// compares them (case kept; a quoted value keeps the reader's '_' mark).

import (
	"regexp"
	"strings"
)

// fineFields are the JSON keys written, in order.
var fineFields = []string{"unlabeled", "nowsd", "concepts", "ne", "negations", "wiki", "reentrancies", "srl"}

var (
	reLabel = regexp.MustCompile(`:[a-zA-Z0-9-]*`)
	reSense = regexp.MustCompile(`(/ [a-zA-Z0-9\-][a-zA-Z0-9\-]*)-[0-9][0-9]*`)
)

type oldPair struct{ name, val string }

// oldAMR is the old reader's AMR: nodes in order of definition, their
// concepts, and per node its relations (role, variable) and attributes
// (role, constant), TOP last among the root's attributes.
type oldAMR struct {
	nodes, values []string
	rels, attrs   [][]oldPair
}

type oldTriple struct{ rel, a, b string }

// oldParse reads one AMR line as the old smatch reader's parse_AMR_line
// does; nil where it fails (prints an error and returns None, or raises).
func oldParse(line string) *oldAMR {
	line = string(pyStrip([]byte(line)))
	state := 0
	var stack []string
	var cur []byte
	nodeDict := map[string]string{}
	var names []string
	dict1 := map[string][]oldPair{}
	dict2 := map[string][]oldPair{}
	curRel := ""
	inQuote := false
	split := func() (string, string, bool) {
		f0, f1, _, n := fields2(cur)
		cur = cur[:0]
		if n < 2 {
			return "", "", false
		}
		return string(f0), string(f1), true
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ':
			if state == 2 {
				cur = append(cur, c)
			}
		case c == '"':
			if inQuote {
				cur = append(cur, '_')
			}
			inQuote = !inQuote
		case inQuote && (c == '(' || c == ':' || c == '/' || c == ')'):
			cur = append(cur, c)
		case c == '(':
			if state == 2 {
				if curRel != "" {
					return nil
				}
				curRel = string(pyStrip(cur))
				cur = cur[:0]
			}
			state = 1
		case c == ':':
			if state == 3 {
				if len(stack) == 0 {
					return nil
				}
				nodeDict[stack[len(stack)-1]] = string(cur)
				cur = cur[:0]
			} else if state == 2 {
				name, val, ok := split()
				if !ok || len(stack) == 0 {
					return nil
				}
				top := stack[len(stack)-1]
				if _, seen := nodeDict[val]; !seen {
					dict2[top] = append(dict2[top], oldPair{name, val})
				} else {
					dict1[top] = append(dict1[top], oldPair{name, val})
				}
			}
			state = 2
		case c == '/':
			if state != 1 {
				return nil
			}
			name := string(cur)
			cur = cur[:0]
			if _, dup := nodeDict[name]; dup {
				return nil
			}
			stack = append(stack, name)
			names = append(names, name)
			if curRel != "" {
				if len(stack) < 2 {
					return nil
				}
				up := stack[len(stack)-2]
				if !strings.HasSuffix(curRel, "-of") {
					dict1[up] = append(dict1[up], oldPair{curRel, name})
				} else {
					dict1[name] = append(dict1[name], oldPair{curRel[:len(curRel)-3], up})
				}
				curRel = ""
			}
			state = 3
		case c == ')':
			if len(stack) == 0 {
				return nil
			}
			top := stack[len(stack)-1]
			if state == 2 {
				name, val, ok := split()
				if !ok {
					return nil
				}
				if strings.HasSuffix(name, "-of") {
					dict1[val] = append(dict1[val], oldPair{name[:len(name)-3], top})
				} else if _, seen := nodeDict[val]; !seen {
					dict2[top] = append(dict2[top], oldPair{name, val})
				} else {
					dict1[top] = append(dict1[top], oldPair{name, val})
				}
			} else if state == 3 {
				nodeDict[top] = string(cur)
				cur = cur[:0]
			}
			stack = stack[:len(stack)-1]
			curRel = ""
			state = 0
		default:
			cur = append(cur, c)
		}
	}
	if len(names) == 0 {
		return nil
	}
	a := &oldAMR{nodes: names}
	for _, v := range names {
		val, ok := nodeDict[v]
		if !ok {
			return nil
		}
		a.values = append(a.values, val)
		rels := append([]oldPair(nil), dict1[v]...)
		var attrs []oldPair
		for _, p := range dict2[v] {
			if _, isVar := nodeDict[p.val]; isVar {
				rels = append(rels, p)
			} else {
				attrs = append(attrs, p)
			}
		}
		a.rels = append(a.rels, rels)
		a.attrs = append(a.attrs, attrs)
	}
	a.attrs[0] = append(a.attrs[0], oldPair{"TOP", a.values[0]})
	return a
}

// triples are get_triples' instance, attribute and relation triples.
func (a *oldAMR) triples() (inst, attrs, rels []oldTriple) {
	for i, v := range a.nodes {
		inst = append(inst, oldTriple{"instance", v, a.values[i]})
		for _, p := range a.rels[i] {
			rels = append(rels, oldTriple{p.name, v, p.val})
		}
		for _, p := range a.attrs[i] {
			attrs = append(attrs, oldTriple{p.name, v, p.val})
		}
	}
	return
}

// v2c maps the variables to their concepts (utils.var2concept).
func (a *oldAMR) v2c() map[string]string {
	m := make(map[string]string, len(a.nodes))
	for i, v := range a.nodes {
		m[v] = a.values[i]
	}
	return m
}

// fromLists builds the AMR that smatch_fromlists.parse_relations builds from
// a list of triples and the variables' concepts.
func fromLists(lst []oldTriple, v2c map[string]string) *oldAMR {
	a := &oldAMR{}
	index := map[string]int{}
	d1 := map[string][]oldPair{}
	d2 := map[string][]oldPair{}
	addVar := func(v string) {
		if _, ok := index[v]; ok {
			return
		}
		c, ok := v2c[v]
		if !ok {
			return
		}
		index[v] = len(a.nodes)
		a.nodes = append(a.nodes, v)
		a.values = append(a.values, c)
	}
	for _, r := range lst {
		if r.a != "TOP" {
			addVar(r.a)
		}
		addVar(r.b)
		_, bVar := v2c[r.b]
		if bVar && r.a != "TOP" {
			d1[r.a] = append(d1[r.a], oldPair{r.rel, r.b})
		} else if !bVar {
			d2[r.a] = append(d2[r.a], oldPair{r.rel, r.b})
		}
	}
	for _, v := range a.nodes {
		rels := append([]oldPair(nil), d1[v]...)
		var attrs []oldPair
		for _, p := range d2[v] {
			if _, isVar := v2c[p.val]; isVar {
				rels = append(rels, p)
			} else {
				attrs = append(attrs, p)
			}
		}
		a.rels = append(a.rels, rels)
		a.attrs = append(a.attrs, attrs)
	}
	if len(a.nodes) > 0 {
		a.attrs[0] = append(a.attrs[0], oldPair{"TOP", a.values[0]})
	}
	return a
}

// scoresTriples are scores.py's triples of an AMR: attributes then
// relations, every role ending in -of inverted.
func scoresTriples(a *oldAMR) []oldTriple {
	_, attrs, rels := a.triples()
	out := append(attrs, rels...)
	for i, t := range out {
		if strings.HasSuffix(t.rel, "-of") {
			out[i] = oldTriple{t.rel[:len(t.rel)-3], t.b, t.a}
		}
	}
	return out
}

// reentrancyTriples is utils.reentrancies: the edges into every variable
// with more than one parent.
func reentrancyTriples(a *oldAMR, triples []oldTriple) []oldTriple {
	var lst []oldTriple
	for _, n := range a.nodes {
		var parents []oldTriple
		for _, t := range triples {
			if t.b == n && t.rel != "instance" {
				parents = append(parents, t)
			}
		}
		if len(parents) > 1 {
			lst = append(lst, parents...)
		}
	}
	return lst
}

// srlTriples is utils.srl: the triples whose role starts with "ARG".
func srlTriples(triples []oldTriple) []oldTriple {
	var lst []oldTriple
	for _, t := range triples {
		if strings.HasPrefix(t.rel, "ARG") {
			if strings.HasSuffix(t.rel, "of") {
				lst = append(lst, oldTriple{t.rel[:max(len(t.rel)-3, 0)], t.b, t.a})
			} else {
				lst = append(lst, t)
			}
		}
	}
	return lst
}

// appendOldProps writes an old AMR's triples as props, normalized as
// smatch's compute_pool compares them.
func appendOldProps(dst []byte, a *oldAMR) []byte {
	dst = append(dst, '[')
	if a == nil {
		return append(dst, ']')
	}
	inst, attrs, rels := a.triples()
	first := true
	sep := func() {
		if !first {
			dst = append(dst, ',')
		}
		first = false
	}
	for _, t := range inst {
		sep()
		dst = append(dst, `{"rel":"instance","subj":`...)
		dst = appendJSONString(dst, []byte(t.a))
		dst = append(dst, `,"obj":`...)
		dst = appendJSONString(dst, appendNormalized(nil, []byte(t.b)))
		dst = append(dst, '}')
	}
	for _, t := range attrs {
		sep()
		rel := appendNormalized(nil, []byte(t.rel))
		if string(rel) == "instance" {
			rel = []byte("instance (attribute)")
		}
		dst = append(dst, `{"rel":`...)
		dst = appendJSONString(dst, rel)
		dst = append(dst, `,"subj":`...)
		dst = appendJSONString(dst, []byte(t.a))
		dst = append(dst, `,"obj":`...)
		dst = appendJSONString(dst, appendNormalized(nil, []byte(t.b)))
		dst = append(dst, '}')
	}
	for _, t := range rels {
		sep()
		dst = append(dst, `{"rel":`...)
		dst = appendJSONString(dst, appendNormalized(nil, []byte(t.rel)))
		dst = append(dst, `,"subj":`...)
		dst = appendJSONString(dst, []byte(t.a))
		dst = append(dst, `,"obj":{"var":`...)
		dst = appendJSONString(dst, []byte(t.b))
		dst = append(dst, `}}`...)
	}
	return append(dst, ']')
}

func appendStrings(dst []byte, ss []string) []byte {
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, []byte(s))
	}
	return append(dst, ']')
}

// squeeze is `tr '\t' ' ' | tr -s ' '` on one line.
func squeeze(dst, line []byte) []byte {
	for _, c := range line {
		if c == '\t' {
			c = ' '
		}
		if c == ' ' && len(dst) > 0 && dst[len(dst)-1] == ' ' {
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// appendFine writes the amr-fine fields (each preceded by a comma) of the
// AMR whose content lines are given: stripped (as smatch reads them) and
// raw (as scores.py reads them).
func appendFine(dst []byte, stripped, raw [][]byte) []byte {
	var b strings.Builder
	for _, l := range stripped {
		b.WriteString(string(pyStrip(reLabel.ReplaceAll(l, []byte(":label")))))
	}
	unlabeled := oldParse(b.String())
	b.Reset()
	for _, l := range stripped {
		b.WriteString(string(pyStrip(reSense.ReplaceAll(l, []byte("${1}-01")))))
	}
	nowsd := oldParse(b.String())
	var joined []byte
	for _, l := range raw {
		joined = squeeze(joined, l)
	}
	a := oldParse(string(joined))

	dst = append(dst, `,"unlabeled":`...)
	dst = appendOldProps(dst, unlabeled)
	dst = append(dst, `,"nowsd":`...)
	dst = appendOldProps(dst, nowsd)
	var concepts, ne, neg, wiki []string
	var reent, srl *oldAMR
	if a != nil {
		v2c := a.v2c()
		triples := scoresTriples(a)
		concepts = a.values
		for _, t := range triples {
			switch t.rel {
			case "name":
				if c, ok := v2c[t.a]; ok {
					ne = append(ne, c)
				}
			case "polarity":
				if c, ok := v2c[t.a]; ok {
					neg = append(neg, c)
				}
			case "wiki":
				wiki = append(wiki, t.b)
			}
		}
		reent = fromLists(reentrancyTriples(a, triples), v2c)
		srl = fromLists(srlTriples(triples), v2c)
	}
	dst = append(dst, `,"concepts":`...)
	dst = appendStrings(dst, concepts)
	dst = append(dst, `,"ne":`...)
	dst = appendStrings(dst, ne)
	dst = append(dst, `,"negations":`...)
	dst = appendStrings(dst, neg)
	dst = append(dst, `,"wiki":`...)
	dst = appendStrings(dst, wiki)
	dst = append(dst, `,"reentrancies":`...)
	dst = appendOldProps(dst, reent)
	dst = append(dst, `,"srl":`...)
	dst = appendOldProps(dst, srl)
	return dst
}
