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

import "strings"

// fineFields are the JSON keys written, in order.
var fineFields = []string{"unlabeled", "nowsd", "concepts", "ne", "negations", "wiki", "reentrancies", "srl"}

// oldTriple is one triple of the old reader: role, subject, object.
type oldTriple struct{ rel, a, b string }

// oldAMR is the old reader's AMR: nodes in order of definition and their
// concepts; its attribute and relation triples in get_triples' order (node
// by node), TOP last among the root's attributes.
type oldAMR struct {
	nodes, values []string
	attrs, rels   []oldTriple
}

type oldPair struct{ name, val string }

// fine holds the buffers the amr-fine fields are built with, reused from
// one AMR to the next.
type fine struct {
	text, scratch, cur []byte
	stack, names       []string
	nodeDict           map[string]string
	dict1, dict2       map[string][]oldPair
	v2c                map[string]string
	into               map[string][]int32 // per variable, the edges into it
	index              map[string]int
	amr                [3]oldAMR
	triples, sel       []oldTriple
	strs               []string
	interned           map[string]string // the file's names, each allocated once
}

// reset empties m: a new map after a large AMR (clearing costs what the
// map once held), else clear.
func reset[V any](m map[string]V) map[string]V {
	if len(m) > 32 {
		return map[string]V{}
	}
	clear(m)
	return m
}

// str is string(b), allocated once per distinct value in a file.
func (f *fine) str(b []byte) string {
	if s, ok := f.interned[string(b)]; ok {
		return s
	}
	if len(f.interned) > 1<<16 {
		clear(f.interned)
	}
	s := string(b)
	f.interned[s] = s
	return s
}

func newFine() *fine {
	return &fine{nodeDict: map[string]string{}, dict1: map[string][]oldPair{}, dict2: map[string][]oldPair{},
		v2c: map[string]string{}, index: map[string]int{}, interned: map[string]string{}, into: map[string][]int32{}}
}

func isRoleByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

// appendUnlabeled is evaluation.sh's `sed 's/:[a-zA-Z0-9-]*/:label/g'`.
func appendUnlabeled(dst, line []byte) []byte {
	for i := 0; i < len(line); i++ {
		if line[i] != ':' {
			dst = append(dst, line[i])
			continue
		}
		dst = append(dst, ":label"...)
		for i+1 < len(line) && isRoleByte(line[i+1]) {
			i++
		}
	}
	return dst
}

// appendNoWSD is evaluation.sh's perl
// `s/(\/ [a-zA-Z0-9\-][a-zA-Z0-9\-]*)-[0-9][0-9]*/\1-01/g`: after "/ ",
// the run of [a-zA-Z0-9-] loses its last "-digits" (the greedy group keeps
// the longest prefix followed by '-' and a digit) for "-01".
func appendNoWSD(dst, line []byte) []byte {
	i := 0
	for i < len(line) {
		if line[i] != '/' || i+2 >= len(line) || line[i+1] != ' ' || !isRoleByte(line[i+2]) {
			dst = append(dst, line[i])
			i++
			continue
		}
		lo := i + 2
		hi := lo
		for hi < len(line) && isRoleByte(line[hi]) {
			hi++
		}
		p := -1 // the last '-' at lo+1.. followed by a digit
		for k := hi - 2; k >= lo+1; k-- {
			if line[k] == '-' && line[k+1] >= '0' && line[k+1] <= '9' {
				p = k
				break
			}
		}
		if p < 0 {
			dst = append(dst, line[i])
			i++
			continue
		}
		q := p + 1
		for q < len(line) && line[q] >= '0' && line[q] <= '9' {
			q++
		}
		dst = append(dst, line[i:p]...)
		dst = append(dst, "-01"...)
		i = q
	}
	return dst
}

// parse reads one AMR line as the old smatch reader's parse_AMR_line does,
// into f.amr[slot]; false where it fails (prints an error and returns None,
// or raises).
func (f *fine) parse(line []byte, slot int) bool {
	line = pyStrip(line)
	a := &f.amr[slot]
	a.nodes, a.values, a.attrs, a.rels = a.nodes[:0], a.values[:0], a.attrs[:0], a.rels[:0]
	f.nodeDict = reset(f.nodeDict)
	f.dict1 = reset(f.dict1)
	f.dict2 = reset(f.dict2)
	stack, names, cur := f.stack[:0], f.names[:0], f.cur[:0]
	defer func() { f.stack, f.names, f.cur = stack[:0], names[:0], cur[:0] }()
	state := 0
	curRel := ""
	inQuote := false
	split := func() (string, string, bool) {
		f0, f1, _, n := fields2(cur)
		cur = cur[:0]
		if n < 2 {
			return "", "", false
		}
		return f.str(f0), f.str(f1), true
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
					return false
				}
				curRel = f.str(pyStrip(cur))
				cur = cur[:0]
			}
			state = 1
		case c == ':':
			if state == 3 {
				if len(stack) == 0 {
					return false
				}
				f.nodeDict[stack[len(stack)-1]] = f.str(cur)
				cur = cur[:0]
			} else if state == 2 {
				name, val, ok := split()
				if !ok || len(stack) == 0 {
					return false
				}
				top := stack[len(stack)-1]
				if _, seen := f.nodeDict[val]; !seen {
					f.dict2[top] = append(f.dict2[top], oldPair{name, val})
				} else {
					f.dict1[top] = append(f.dict1[top], oldPair{name, val})
				}
			}
			state = 2
		case c == '/':
			if state != 1 {
				return false
			}
			if _, dup := f.nodeDict[string(cur)]; dup {
				return false
			}
			name := f.str(cur)
			cur = cur[:0]
			stack = append(stack, name)
			names = append(names, name)
			if curRel != "" {
				if len(stack) < 2 {
					return false
				}
				up := stack[len(stack)-2]
				if !strings.HasSuffix(curRel, "-of") {
					f.dict1[up] = append(f.dict1[up], oldPair{curRel, name})
				} else {
					f.dict1[name] = append(f.dict1[name], oldPair{curRel[:len(curRel)-3], up})
				}
				curRel = ""
			}
			state = 3
		case c == ')':
			if len(stack) == 0 {
				return false
			}
			top := stack[len(stack)-1]
			if state == 2 {
				name, val, ok := split()
				if !ok {
					return false
				}
				if strings.HasSuffix(name, "-of") {
					f.dict1[val] = append(f.dict1[val], oldPair{name[:len(name)-3], top})
				} else if _, seen := f.nodeDict[val]; !seen {
					f.dict2[top] = append(f.dict2[top], oldPair{name, val})
				} else {
					f.dict1[top] = append(f.dict1[top], oldPair{name, val})
				}
			} else if state == 3 {
				f.nodeDict[top] = f.str(cur)
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
		return false
	}
	for _, v := range names {
		val, ok := f.nodeDict[v]
		if !ok {
			return false
		}
		a.nodes = append(a.nodes, v)
		a.values = append(a.values, val)
	}
	f.triplesOf(a, f.nodeDict)
	return true
}

// triplesOf fills a's relations and attributes from f.dict1 and f.dict2
// in get_triples' order: per node its relations (dict1, then dict2's
// variables, those in vars) and its attributes (dict2's constants); TOP
// after the root's attributes.
func (f *fine) triplesOf(a *oldAMR, vars map[string]string) {
	for i, v := range a.nodes {
		for _, p := range f.dict1[v] {
			a.rels = append(a.rels, oldTriple{p.name, v, p.val})
		}
		for _, p := range f.dict2[v] {
			if _, isVar := vars[p.val]; isVar {
				a.rels = append(a.rels, oldTriple{p.name, v, p.val})
			} else {
				a.attrs = append(a.attrs, oldTriple{p.name, v, p.val})
			}
		}
		if i == 0 {
			a.attrs = append(a.attrs, oldTriple{"TOP", v, a.values[0]})
		}
	}
}

// fromLists builds into f.amr[slot] the AMR smatch_fromlists.parse_relations
// builds from a list of triples and the variables' concepts (f.v2c).
func (f *fine) fromLists(lst []oldTriple, slot int) *oldAMR {
	a := &f.amr[slot]
	a.nodes, a.values, a.attrs, a.rels = a.nodes[:0], a.values[:0], a.attrs[:0], a.rels[:0]
	f.index = reset(f.index)
	f.dict1 = reset(f.dict1)
	f.dict2 = reset(f.dict2)
	addVar := func(v string) {
		if _, ok := f.index[v]; ok {
			return
		}
		c, ok := f.v2c[v]
		if !ok {
			return
		}
		f.index[v] = len(a.nodes)
		a.nodes = append(a.nodes, v)
		a.values = append(a.values, c)
	}
	for _, r := range lst {
		if r.a != "TOP" {
			addVar(r.a)
		}
		addVar(r.b)
		_, bVar := f.v2c[r.b]
		if bVar && r.a != "TOP" {
			f.dict1[r.a] = append(f.dict1[r.a], oldPair{r.rel, r.b})
		} else if !bVar {
			f.dict2[r.a] = append(f.dict2[r.a], oldPair{r.rel, r.b})
		}
	}
	f.triplesOf(a, f.v2c)
	return a
}

// appendOldProps writes an old AMR's triples as props, normalized as
// smatch's compute_pool compares them.
func (f *fine) appendOldProps(dst []byte, a *oldAMR) []byte {
	dst = append(dst, '[')
	if a == nil {
		return append(dst, ']')
	}
	first := true
	sep := func() {
		if !first {
			dst = append(dst, ',')
		}
		first = false
	}
	norm := func(s string) []byte {
		f.scratch = appendNormalized(f.scratch[:0], []byte(s))
		return f.scratch
	}
	for i, v := range a.nodes {
		sep()
		dst = append(dst, `{"rel":"instance","subj":`...)
		dst = appendJSONString(dst, []byte(v))
		dst = append(dst, `,"obj":`...)
		dst = appendJSONString(dst, norm(a.values[i]))
		dst = append(dst, '}')
	}
	for _, t := range a.attrs {
		sep()
		dst = append(dst, `{"rel":`...)
		if rel := norm(t.rel); string(rel) == "instance" {
			dst = append(dst, `"instance (attribute)"`...)
		} else {
			dst = appendJSONString(dst, rel)
		}
		dst = append(dst, `,"subj":`...)
		dst = appendJSONString(dst, []byte(t.a))
		dst = append(dst, `,"obj":`...)
		dst = appendJSONString(dst, norm(t.b))
		dst = append(dst, '}')
	}
	for _, t := range a.rels {
		sep()
		dst = append(dst, `{"rel":`...)
		dst = appendJSONString(dst, norm(t.rel))
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
func (f *fine) appendFine(dst []byte, stripped, raw [][]byte) []byte {
	// unlabeled and nowsd: smatch.py's reader joins the stripped lines.
	for k, rewrite := range []func(dst, line []byte) []byte{appendUnlabeled, appendNoWSD} {
		f.text = f.text[:0]
		for _, l := range stripped {
			n := len(f.text)
			f.text = rewrite(f.text, l)
			f.text = append(f.text[:n], pyStrip(f.text[n:])...)
		}
		dst = append(dst, `,"`...)
		dst = append(dst, fineFields[k]...)
		dst = append(dst, `":`...)
		if f.parse(f.text, 0) {
			dst = f.appendOldProps(dst, &f.amr[0])
		} else {
			dst = append(dst, "[]"...)
		}
	}
	// the others: scores.py's reader joins the squeezed raw lines.
	f.text = f.text[:0]
	for _, l := range raw {
		f.text = squeeze(f.text, l)
	}
	if !f.parse(f.text, 0) {
		return append(dst, `,"concepts":[],"ne":[],"negations":[],"wiki":[],"reentrancies":[],"srl":[]`...)
	}
	a := &f.amr[0]
	f.v2c = reset(f.v2c)
	for i, v := range a.nodes {
		f.v2c[v] = a.values[i]
	}
	// scores.py's triples: attributes then relations, every -of inverted.
	f.triples = append(append(f.triples[:0], a.attrs...), a.rels...)
	for i, t := range f.triples {
		if strings.HasSuffix(t.rel, "-of") {
			f.triples[i] = oldTriple{t.rel[:len(t.rel)-3], t.b, t.a}
		}
	}
	dst = append(dst, `,"concepts":`...)
	dst = appendStrings(dst, a.values)
	for _, field := range [...]struct{ key, role string }{{"ne", "name"}, {"negations", "polarity"}, {"wiki", "wiki"}} {
		role := field.role
		f.strs = f.strs[:0]
		for _, t := range f.triples {
			if t.rel != role {
				continue
			}
			if role == "wiki" {
				f.strs = append(f.strs, t.b)
			} else if c, ok := f.v2c[t.a]; ok {
				f.strs = append(f.strs, c)
			}
		}
		dst = append(dst, `,"`...)
		dst = append(dst, field.key...)
		dst = append(dst, `":`...)
		dst = appendStrings(dst, f.strs)
	}
	// utils.reentrancies: the edges into every variable with more than one
	// parent, variable by variable.
	// The edges are grouped by target in one pass (a node-by-triple scan
	// took 2.4 s for a chain of 30,000 nodes).
	f.into = reset(f.into)
	for i, t := range f.triples {
		if t.rel != "instance" {
			f.into[t.b] = append(f.into[t.b], int32(i))
		}
	}
	f.sel = f.sel[:0]
	for _, n := range a.nodes {
		if in := f.into[n]; len(in) > 1 {
			for _, i := range in {
				f.sel = append(f.sel, f.triples[i])
			}
		}
	}
	dst = append(dst, `,"reentrancies":`...)
	dst = f.appendOldProps(dst, f.fromLists(f.sel, 1))
	// utils.srl: the roles starting with "ARG".
	f.sel = f.sel[:0]
	for _, t := range f.triples {
		if strings.HasPrefix(t.rel, "ARG") {
			if strings.HasSuffix(t.rel, "of") {
				t = oldTriple{t.rel[:max(len(t.rel)-3, 0)], t.b, t.a}
			}
			f.sel = append(f.sel, t)
		}
	}
	dst = append(dst, `,"srl":`...)
	dst = f.appendOldProps(dst, f.fromLists(f.sel, 1))
	return dst
}
