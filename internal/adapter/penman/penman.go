// Package penman reads AMR files in Penman notation into the documents of
// the shipped smatch spec:
//
//	type Prop { rel: string, subj: var, obj: var | string }
//	type Doc  { id: string, props: set<Prop> }
//
// The triples are the ones snowblink14/smatch (c01a838) scores, read with a
// port of its own reader so that its quirks give the same triples (see
// README.md in this directory for each convention and where smatch has it).
// One document per AMR, in file order:
//
//	{"id":"lpp_1943.1","props":[{"rel":"instance","subj":"w","obj":"want-01"},
//	  {"rel":"arg0","subj":"w","obj":{"var":"b"}},{"rel":"TOP","subj":"w","obj":"top"}, ...]}
//
// A variable is a JSON string in subj and {"var": name} in obj; a constant is
// a JSON string in obj. Each document also has the fields of the shipped
// amr-fine spec (unlabeled, nowsd, concepts, ne, negations, wiki,
// reentrancies, srl), read with another reader (fine.go), unless the spec
// reads none of them (Format.ParseFields). The document's "id" is the
// AMR's `# ::id`, or its
// position "1", "2", ... when it has none (Doc.ID is then empty, so that
// pairing falls back to positions).
package penman

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
)

// Format is the penman input adapter.
var Format = &document.Format{Name: "penman", Detect: Detect, Expect: "a graph in parentheses, (v / concept ...)",
	Title: "Penman AMR", Specs: []string{"smatch", "amr-fine", "docsmatch"},
	Fields:      []string{"id", "props", "unlabeled", "nowsd", "concepts", "ne", "negations", "wiki", "reentrancies", "srl", "docprops", "corefprops"},
	Parse:       func(name string, r io.Reader) (*document.Input, error) { return parseFrom(name, r, nil) },
	ParseFields: parseFrom,
	Gloss:       Gloss,
}

// FineFields are the fields of the amr-fine spec, which the adapter writes
// only for a spec that reads one of them (they cost four more readings of
// each AMR).
var FineFields = []string{"unlabeled", "nowsd", "concepts", "ne", "negations", "wiki", "reentrancies", "srl"}

func parseFrom(name string, r io.Reader, want func(string) bool) (*document.Input, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	fine := want == nil || slices.ContainsFunc(FineFields, want)
	in, err := parseDoc(name, data, nil, fine, want != nil && slices.ContainsFunc(DocFields, want))
	return in, err
}

// Read parses the AMR file at path; see Parse.
func Read(path string) (*document.Input, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse splits data into AMRs as smatch does (amr.py:166-190): a blank line
// ends an AMR, lines starting with '#' are comments, the other lines of an
// AMR are stripped and joined. Each AMR becomes one document. An AMR smatch
// cannot read (smatch stops the whole run on it) becomes a document with no
// triples and a warning naming file, line and AMR; input that smatch reads
// with a silent repair (unclosed parentheses, a trailing role without ')',
// ...) gives a warning too. Parse fails when the file has text but no AMR in
// it can be read.
func Parse(name string, data []byte) (*document.Input, error) {
	return parse(name, data, nil, true)
}

// parse reads data; fine says whether documents carry the amr-fine fields.
func parse(name string, data []byte, onAMR func(*parser), fine bool) (*document.Input, error) {
	return parseDoc(name, data, onAMR, fine, false)
}

// parseDoc is parse; doc says whether documents carry the docsmatch field.
func parseDoc(name string, data []byte, onAMR func(*parser), fine, doc bool) (*document.Input, error) {
	r := reader{path: name, p: newParser(), in: &document.Input{Path: name}, onAMR: onAMR, noFine: !fine, doc: doc}
	r.run(data)
	if r.readable == 0 && len(r.in.Docs) > 0 {
		errs := document.DataErrors{{File: name, Msg: fmt.Sprintf("no AMR in the file can be read as smatch reads them (%d tried; is this a Penman AMR file?)", len(r.in.Docs))}}
		const shown = 10
		errs = append(errs, r.errs[:min(len(r.errs), shown)]...)
		if len(r.errs) > shown {
			errs = append(errs, &document.DataError{File: name, Msg: fmt.Sprintf("and %d more", len(r.errs)-shown)})
		}
		return nil, errs
	}
	if len(r.in.Docs) == 0 {
		r.in.Warnings = append(r.in.Warnings, fmt.Sprintf("%s: no AMR in the file", name))
	}
	// Pair by ::id only when every AMR has one (and so, by the other file's
	// flag, when both files have them); else by position, as smatch does.
	for _, d := range r.in.Docs {
		if d.ID == "" {
			r.in.Positional = true
			break
		}
	}
	return r.in, nil
}

// Detect reports whether data looks like Penman AMR: after blank lines and
// '#' comment lines, the first record (up to a blank line) starts with "("
// and has, somewhere, a node "(" var "/" or a role " :name". One broken
// graph does not hide the format (the parser then says what is wrong with
// it); a bracketed tree (PTB) has neither.
func Detect(data []byte) bool {
	data = bytes.TrimPrefix(data, bom)
	var rec []byte // the first record, its lines joined
	for len(data) > 0 {
		line := data
		if k := bytes.IndexAny(data, "\r\n"); k >= 0 {
			line, data = data[:k], data[k+1:]
		} else {
			data = nil
		}
		s := pyStrip(line)
		switch {
		case len(s) == 0 && rec != nil:
			data = nil // the end of the first record
		case len(s) == 0 || s[0] == '#' && rec == nil:
		case rec == nil && s[0] != '(':
			return false
		default:
			rec = append(append(rec, s...), ' ')
		}
	}
	for i := 0; i < len(rec); i++ {
		switch rec[i] {
		case '(':
			j := i + 1
			for j < len(rec) && spaceAt(rec, j) > 0 {
				j += spaceAt(rec, j)
			}
			k := j
			for k < len(rec) && spaceAt(rec, k) == 0 && bytes.IndexByte([]byte("()/:\""), rec[k]) < 0 {
				k++
			}
			for k < len(rec) && spaceAt(rec, k) > 0 {
				k += spaceAt(rec, k)
			}
			if k > j && k < len(rec) && rec[k] == '/' {
				return true
			}
		case ':':
			if i > 0 && spaceAt(rec, i-1) > 0 && i+1 < len(rec) && isLetter(rec[i+1]) {
				return true
			}
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

var bom = []byte("\xef\xbb\xbf")

// reader turns a file into documents.
type reader struct {
	path     string
	p        *parser
	in       *document.Input
	errs     document.DataErrors
	readable int
	out      []byte
	dedup    []propRef // open-addressing table of the props written
	// onAMR, when set (by tests), sees each AMR's parser state before reset.
	onAMR func(*parser)

	// the AMR being read
	has     bool // a content line was seen (smatch's has_content)
	id      []byte
	extraID int32 // line of a second ::id inside the AMR
	// its content lines, stripped and raw, for the amr-fine fields (fine.go)
	lines, raw [][]byte
	fine       *fine
	noFine     bool // the spec reads none of the amr-fine fields
	doc        bool // the spec reads docprops (docsmatch.go)
	docs       *docSnt
}

func (r *reader) run(data []byte) {
	data = bytes.TrimPrefix(data, bom)
	if !utf8.Valid(data) {
		r.badUTF8(data)
	}
	r.p.reset()
	lineNo := int32(0)
	for len(data) > 0 {
		lineNo++
		// Python's universal newlines: \n, \r\n and \r end a line.
		var line []byte
		k := bytes.IndexByte(data, '\n')
		if k < 0 {
			k = len(data)
		}
		line = data[:k]
		if j := bytes.IndexByte(line, '\r'); j >= 0 {
			line = data[:j]
			k = j
			if j+1 < len(data) && data[j+1] == '\n' {
				k = j + 1
			}
		}
		if k < len(data) {
			data = data[k+1:]
		} else {
			data = nil
		}
		s := pyStrip(line)
		if len(s) == 0 {
			if r.has {
				r.flush()
			}
			continue
		}
		if s[0] == '#' {
			r.comment(s, lineNo)
			continue
		}
		r.has = true
		if !r.noFine {
			r.lines, r.raw = append(r.lines, s), append(r.raw, line)
		}
		r.p.feed(s, lineNo, int32(cap(line)-cap(s))) // s starts that far into line
	}
	if r.has {
		r.flush()
	}
}

// badUTF8 warns about the first line that is not UTF-8. smatch (Python)
// stops with a UnicodeDecodeError; here such bytes are kept in names and
// written to JSON as U+FFFD.
func (r *reader) badUTF8(data []byte) {
	line, col := int32(1), int32(1)
	for i := 0; i < len(data); {
		c, n := utf8.DecodeRune(data[i:])
		if c == utf8.RuneError && n == 1 {
			break
		}
		col += int32(n)
		if c == '\n' {
			line, col = line+1, 1
		}
		i += n
	}
	r.in.Warnings = append(r.in.Warnings, fmt.Sprintf("%s:%d:%d: not UTF-8 (smatch cannot read the file); such bytes become U+FFFD in the JSON", r.path, line, col))
}

// comment takes the AMR's id from the first `# ::id` line before or inside
// it.
func (r *reader) comment(s []byte, lineNo int32) {
	id, ok := metaID(s[1:])
	if !ok {
		return
	}
	if r.id == nil {
		r.id = append([]byte{}, id...)
	} else if r.has && r.extraID == 0 {
		r.extraID = lineNo
	}
}

// metaID finds "::id VALUE" in a comment; VALUE runs to the next " ::key".
func metaID(s []byte) ([]byte, bool) {
	for i := 0; ; {
		k := bytes.Index(s[i:], []byte("::id"))
		if k < 0 {
			return nil, false
		}
		k += i
		i = k + 4
		if k > 0 && spaceAt(s, k-1) == 0 {
			continue
		}
		if i < len(s) && spaceAt(s, i) == 0 {
			continue
		}
		v := s[i:]
		for j := 0; j+2 < len(v); j++ {
			if n := spaceAt(v, j); n > 0 && j+n+2 < len(v) && v[j+n] == ':' && v[j+n+1] == ':' && spaceAt(v, j+n+2) == 0 {
				v = v[:j]
				break
			}
		}
		v = pyStrip(v)
		return v, len(v) > 0
	}
}

// flush ends the AMR being read and makes its document.
func (r *reader) flush() {
	p := r.p
	p.finish()
	idx := len(r.in.Docs)
	doc := document.Doc{Index: idx, Line: int(p.start.line)}
	line := " (line " + strconv.Itoa(doc.Line) + ")"
	if r.id != nil {
		doc.ID = string(r.id)
		doc.Name = "amr " + strconv.Quote(doc.ID) + line
	} else {
		doc.Name = "amr " + strconv.Itoa(idx+1) + line
	}
	r.out = r.out[:0]
	r.out = append(r.out, `{"id":`...)
	if r.id != nil {
		r.out = appendJSONString(r.out, r.id)
	} else {
		r.out = append(r.out, '"')
		r.out = strconv.AppendInt(r.out, int64(idx+1), 10)
		r.out = append(r.out, '"')
	}
	r.out = append(r.out, `,"props":[`...)
	if r.extraID > 0 {
		r.warn(&doc, pos{r.extraID, 1}, "a second ::id inside this AMR: there is no blank line before it, so smatch reads both graphs as one AMR")
	}
	if p.fail != nil {
		r.warn(&doc, p.fail.at, "smatch cannot read this AMR (it stops the whole run here): "+p.fail.msg+"; scored as an AMR with no triples")
		r.errs = append(r.errs, &document.DataError{File: r.loc(p.fail.at), Doc: doc.Name, Msg: p.fail.msg})
	} else {
		r.readable++
		r.props(&doc)
		r.notes(&doc)
	}
	r.out = append(r.out, ']')
	if p.fail != nil {
		r.lines, r.raw = r.lines[:0], r.raw[:0] // no triples in any field
	}
	if !r.noFine {
		if r.fine == nil {
			r.fine = newFine()
		}
		r.out = r.fine.appendFine(r.out, r.lines, r.raw)
	}
	if r.doc {
		if r.docs == nil {
			r.docs = &docSnt{}
		}
		r.out = r.docs.appendDocProps(r.out, p)
	}
	r.out = append(r.out, '}')
	doc.JSON = string(r.out)
	r.in.Docs = append(r.in.Docs, doc)

	if r.onAMR != nil {
		r.onAMR(p)
	}
	p.reset()
	r.has, r.id, r.extraID = false, nil, 0
	r.lines, r.raw = r.lines[:0], r.raw[:0]
}

// props writes the triples as JSON props, once each: props is a set, where
// smatch would count a repeated triple once per copy.
func (r *reader) props(doc *document.Doc) {
	p := r.p
	size := pow2(2 * len(p.triples))
	if len(r.dedup) < size {
		r.dedup = make([]propRef, size)
	}
	table := r.dedup[:size]
	clear(table)
	mask := uint64(size - 1)
	repeats := 0
	first := -1
	for i := range p.triples {
		t := p.triple(i)
		start := len(r.out)
		if i > 0 && r.out[start-1] != '[' {
			r.out = append(r.out, ',')
		}
		elem := len(r.out)
		r.out = appendProp(r.out, &t)
		e := r.out[elem:]
		h := hash(e) & mask
		for ; table[h].n != 0; h = (h + 1) & mask {
			if ref := table[h]; bytes.Equal(r.out[ref.off:ref.off+ref.n], e) {
				break
			}
		}
		if table[h].n != 0 {
			r.out = r.out[:start]
			repeats++
			if first < 0 {
				first = i
			}
			continue
		}
		table[h] = propRef{uint32(elem), uint32(len(e))}
	}
	if repeats > 0 {
		r.warn(doc, pos{int32(doc.Line), 1}, fmt.Sprintf("%d repeated triple(s), e.g. %s; props is a set, so each counts once (smatch counts every copy and can exceed 100%%)", repeats, describe(p.triple(first))))
	}
}

// propRef is a prop already written to the document, for finding repeats.
type propRef struct{ off, n uint32 }

func pow2(n int) int {
	k := 16
	for k < n {
		k *= 2
	}
	return k
}

// appendProp writes one triple as a Prop. Smatch keeps the three triple
// types apart; here a relation's obj is a variable and the others' a
// string, and the only names an attribute could share with an instance
// triple or TOP are renamed (see README.md).
func appendProp(dst []byte, t *triple) []byte {
	dst = append(dst, `{"rel":`...)
	switch {
	case t.kind == attributeTriple && string(t.rel) == "top":
		dst = append(dst, `"TOP"`...)
	case t.kind == attributeTriple && string(t.rel) == "instance":
		dst = append(dst, `"instance (attribute)"`...)
	default:
		dst = appendJSONString(dst, t.rel)
	}
	dst = append(dst, `,"subj":`...)
	dst = appendJSONString(dst, t.subj)
	dst = append(dst, `,"obj":`...)
	if t.kind == relationTriple {
		dst = append(dst, `{"var":`...)
		dst = appendJSONString(dst, t.obj)
		dst = append(dst, '}')
	} else {
		dst = appendJSONString(dst, t.obj)
	}
	return append(dst, '}')
}

func describe(t triple) string {
	if t.kind == relationTriple {
		return fmt.Sprintf("(%s :%s %s)", t.subj, t.rel, t.obj)
	}
	if t.kind == instanceTriple {
		return fmt.Sprintf("(%s / %s)", t.subj, t.obj)
	}
	return fmt.Sprintf("(%s :%s %q)", t.subj, t.rel, t.obj)
}

// notes warns about input smatch reads without complaint but probably not
// as the author meant.
func (r *reader) notes(doc *document.Doc) {
	p := r.p
	if p.extraRoots > 0 {
		r.warn(doc, p.extraRoot, fmt.Sprintf("%d more top-level node(s) after the AMR closes; smatch reads them as part of this AMR (a missing blank line?)", p.extraRoots))
	}
	if n := len(p.stack); n > 0 {
		r.warn(doc, p.start, fmt.Sprintf("%d '(' not closed at the end of the AMR; smatch accepts this", n))
	}
	if p.state == 2 && len(pyStrip(p.arena[p.seq:])) > 0 {
		r.warn(doc, p.start, fmt.Sprintf("the last role :%s is not followed by ')' and smatch drops it", bytes.TrimRight(pyStrip(p.arena[p.seq:]), "_")))
	}
	for _, d := range p.dropped {
		r.warn(doc, d.at, fmt.Sprintf("smatch drops :%s %s: it stores the role reversed, as :%s from the constant %s, and reads back only roles of variables", reversedName(p, d), p.bytes(d.key), p.bytes(d.name), p.bytes(d.key)))
	}
	for _, ig := range p.ignored {
		r.warn(doc, ig.at, fmt.Sprintf("smatch keeps only the first word of the value of :%s; ignored: %s", ig.role, bytes.TrimRight([]byte(ig.text), "_")))
	}
}

func reversedName(p *parser, d role) string {
	if d.fromMod {
		return "mod"
	}
	return string(p.bytes(d.name)) + "-of"
}

func (r *reader) loc(at pos) string {
	return fmt.Sprintf("%s:%d:%d", r.path, at.line, at.col)
}

func (r *reader) warn(doc *document.Doc, at pos, msg string) {
	e := document.DataError{File: r.loc(at), Doc: doc.Name, Msg: msg}
	r.in.Warnings = append(r.in.Warnings, e.Error())
}
