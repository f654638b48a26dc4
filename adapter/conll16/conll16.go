// Package conll16 reads the discourse relation files of the CoNLL-2016
// shared task on shallow discourse parsing, the input of its official
// scorers (github.com/attapol/conll16st): one JSON relation per line,
//
//	{"DocID": "wsj_1000", "ID": 3, "Type": "Explicit", "Sense": ["Comparison.Contrast"],
//	 "Arg1": {"TokenList": [[0, 4, 0, 0, 0], [5, 9, 1, 0, 1]], ...},
//	 "Arg2": {"TokenList": [...]}, "Connective": {"TokenList": [...], "RawText": "but"}}
//
// with token lists of token addresses [charStart, charEnd, docTokenIndex,
// sentenceIndex, tokenInSentence] in the gold file and of document token
// indices in system output. It groups the relations by DocID, in the order
// the DocIDs first appear, into the documents the shipped spec
// conll16.metric reads:
//
//		{"id": "wsj_1000", "relations": [
//		  {"line": 1, "type": "Explicit", "explicit": true,
//		   "sense": "Comparison.Contrast", "senses": ["Comparison.Contrast"], "valid": true,
//		   "arg1": [0, 1], "arg2": [5, 6, 7], "conn": [3], "head": [3]}]}
//
//	  - arg1, arg2, conn: document token indices (element 2 of an address).
//	  - sense: the first sense; senses: all of a gold relation's senses, the
//	    first of a predicted one (the scorers read only that).
//	  - valid: the first sense is one the task evaluates (senses.go); the
//	    inventory, English or Chinese, is chosen per file by a majority of
//	    first senses, as the scorers choose it.
//	  - head: the connective's head tokens (heads.go) for a gold relation, the
//	    whole connective for a predicted one.
//	  - line: the relation's line in the file, for messages.
//
// A file whose token lists hold token addresses is read as gold, one whose
// lists hold indices as system output; a file that mixes them is an error.
//
// Documents present in one file only are scored against an empty document,
// with a warning, as the official scorers score them
// (Input.UnpairedEmpty). Malformed relations are errors naming the file,
// the line and the field (malformed JSON, no DocID, Type or Sense, an
// argument without a TokenList, a token that is neither an index nor an
// address); questionable ones are kept and warned about (a repeated
// relation ID, a sense outside the task's inventory, a predicted relation
// with several senses, a token list out of order, a gold connective whose
// head cannot be found). Check warns about predicted senses the gold never
// uses.
package conll16

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/document"
)

// Format is the conll16 input adapter.
var Format = &document.Format{Name: "conll16", Detect: Detect, Parse: Parse, Check: Check}

// maxWarnings bounds the warnings kept per file; maxErrors the errors.
const (
	maxWarnings = 100
	maxErrors   = 20
)

// Detect reports whether the first non-blank line of head is a CoNLL-2016
// relation: a JSON object with a DocID and an Arg1 (the line may be cut
// at the end of head).
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	for len(head) > 0 {
		line := head
		if k := bytes.IndexByte(head, '\n'); k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' {
			return false
		}
		r := gjson.GetManyBytes(line, "DocID", "Arg1")
		return r[0].Type == gjson.String && r[1].IsObject()
	}
	return false
}

// form is how a file writes tokens.
type form int

const (
	formUnknown   form = iota
	formAddresses      // gold: [charStart, charEnd, docTokenIndex, sentence, tokenInSentence]
	formIndices        // system output: docTokenIndex
)

// relation is one line, read.
type relation struct {
	line             int
	typ              string
	senses           []string
	arg1, arg2, conn []int
	raw              string // the connective's RawText
}

type doc struct {
	id   string
	line int
	rels []*relation
}

type parser struct {
	name   string
	in     *document.Input
	docs   map[string]*doc
	order  []*doc
	errs   document.DataErrors
	nErrs  int
	nWarn  int
	form   form
	formAt int // the line that set form
	ids    map[string]int
	// unordered is the first line whose token list is not ascending.
	unordered int
}

// Parse reads a CoNLL-2016 relation file from r (through a buffer of its
// own unless r is a large enough *bufio.Reader); name is the file in
// messages.
func Parse(name string, r io.Reader) (*document.Input, error) {
	p := &parser{name: name, in: &document.Input{Path: name, UnpairedEmpty: true},
		docs: map[string]*doc{}, ids: map[string]int{}}
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for line := 1; ; line++ {
		text, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long[:0], text...)
			for err == bufio.ErrBufferFull {
				text, err = br.ReadSlice('\n')
				long = append(long, text...)
			}
			text = long
		}
		if len(text) > 0 {
			p.relation(line, text)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if len(p.errs) > 0 {
		if p.nErrs > len(p.errs) {
			p.errs = append(p.errs, &document.DataError{File: name, Msg: fmt.Sprintf("%d more errors not shown", p.nErrs-len(p.errs))})
		}
		return nil, p.errs
	}
	p.finish()
	return p.in, nil
}

func (p *parser) errorf(line int, path, format string, args ...any) {
	p.nErrs++
	if p.nErrs <= maxErrors {
		p.errs = append(p.errs, &document.DataError{File: fmt.Sprintf("%s:%d", p.name, line), Path: path, Msg: fmt.Sprintf(format, args...)})
	}
}

func (p *parser) warnf(line int, format string, args ...any) {
	p.nWarn++
	if p.nWarn > maxWarnings {
		return
	}
	where := p.name
	if line > 0 {
		where += ":" + strconv.Itoa(line)
	}
	p.in.Warnings = append(p.in.Warnings, where+": "+fmt.Sprintf(format, args...))
}

// relation reads one line.
func (p *parser) relation(line int, text []byte) {
	text = bytes.TrimSpace(text)
	if line == 1 {
		text = bytes.TrimPrefix(text, []byte("\ufeff"))
	}
	if len(text) == 0 {
		return
	}
	if !gjson.ValidBytes(text) {
		var v any
		msg := "malformed JSON"
		if err := json.Unmarshal(text, &v); err != nil {
			msg += ": " + err.Error()
		}
		p.errorf(line, "", "%s", msg)
		return
	}
	v := gjson.ParseBytes(text)
	if !v.IsObject() {
		p.errorf(line, "", "expected a JSON object (one relation per line), found %s", kind(v))
		return
	}
	f := v.Get
	rel := &relation{line: line}
	docID := f("DocID")
	if docID.Type != gjson.String || docID.Str == "" {
		p.errorf(line, "DocID", "expected the document's id, a non-empty string, found %s", kind(docID))
		return
	}
	if t := f("Type"); t.Type != gjson.String {
		p.errorf(line, "Type", "expected the relation's type (Explicit, Implicit, AltLex or EntRel), found %s", kind(t))
		return
	} else {
		rel.typ = t.Str
	}
	switch rel.typ {
	case "Explicit", "Implicit", "AltLex", "EntRel":
	default:
		p.warnf(line, "type %q is not one of Explicit, Implicit, AltLex, EntRel: scored as a non-explicit relation, as the official scorers do", rel.typ)
	}
	sense := f("Sense")
	if !sense.IsArray() || len(sense.Array()) == 0 {
		p.errorf(line, "Sense", "expected a list of senses, found %s", kind(sense))
		return
	}
	for i, s := range sense.Array() {
		if s.Type != gjson.String {
			p.errorf(line, "Sense."+strconv.Itoa(i), "expected a sense, a string, found %s", kind(s))
			return
		}
		rel.senses = append(rel.senses, s.Str)
	}
	var ok bool
	relForm := formUnknown
	if rel.arg1, ok = p.tokens(line, v, "Arg1", true, &relForm); !ok {
		return
	}
	if rel.arg2, ok = p.tokens(line, v, "Arg2", true, &relForm); !ok {
		return
	}
	if rel.conn, ok = p.tokens(line, v, "Connective", rel.typ == "Explicit", &relForm); !ok {
		return
	}
	rel.raw = f("Connective.RawText").Str
	if relForm != formUnknown {
		if p.form == formUnknown {
			p.form, p.formAt = relForm, line
		} else if relForm != p.form {
			p.errorf(line, "", "token lists of %s, but line %d has %s: a gold file gives token addresses, system output token indices",
				formName(relForm), p.formAt, formName(p.form))
			return
		}
	}
	if id := f("ID"); id.Exists() {
		if prev, dup := p.ids[id.Raw]; dup {
			p.warnf(line, "relation ID %s repeats the one at line %d; both are scored (the scorers do not read IDs)", id.Raw, prev)
		} else {
			p.ids[id.Raw] = line
		}
	}
	d := p.docs[docID.Str]
	if d == nil {
		d = &doc{id: docID.Str, line: line}
		p.docs[docID.Str] = d
		p.order = append(p.order, d)
	}
	d.rels = append(d.rels, rel)
}

// tokens reads the TokenList of the span at key: token indices, or the
// index (element 2) of each token address. Without the span or its list:
// an error if required, else an empty list.
func (p *parser) tokens(line int, v gjson.Result, key string, required bool, f *form) ([]int, bool) {
	path := key + ".TokenList"
	list := v.Get(path)
	if !list.Exists() {
		if required {
			p.errorf(line, path, "missing: every relation has Arg1, Arg2 and (for an explicit relation) Connective, each with a TokenList")
			return nil, false
		}
		return nil, true
	}
	if !list.IsArray() {
		p.errorf(line, path, "expected a list of tokens, found %s", kind(list))
		return nil, false
	}
	var out []int
	bad := false
	list.ForEach(func(k, t gjson.Result) bool {
		tf, idx := formIndices, t
		if t.IsArray() {
			tf = formAddresses
			idx = t.Get("2")
		}
		n, isInt := index(idx)
		if !isInt {
			p.errorf(line, path+"."+k.String(), "expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found %s", kind(t))
			bad = true
			return false
		}
		if *f == formUnknown {
			*f = tf
		} else if *f != tf {
			p.errorf(line, path+"."+k.String(), "the relation mixes token addresses and token indices")
			bad = true
			return false
		}
		out = append(out, n)
		return true
	})
	if bad {
		return nil, false
	}
	if p.unordered == 0 {
		for i := 1; i < len(out); i++ {
			if out[i] <= out[i-1] {
				p.unordered = line
				p.warnf(line, "%s is not in ascending order (the first such list in the file): read as a set of tokens here; the official scorers compare ordered lists, and match it neither exactly nor partially", path)
				break
			}
		}
	}
	return out, true
}

// index reads a non-negative integral JSON number.
func index(v gjson.Result) (int, bool) {
	if v.Type != gjson.Number || v.Num < 0 || v.Num != float64(int(v.Num)) {
		return 0, false
	}
	return int(v.Num), true
}

func formName(f form) string {
	if f == formAddresses {
		return "token addresses"
	}
	return "token indices"
}

func kind(v gjson.Result) string {
	switch v.Type {
	case gjson.Null:
		if !v.Exists() {
			return "nothing"
		}
		return "null"
	case gjson.False, gjson.True:
		return "a boolean"
	case gjson.Number:
		return "the number " + v.Raw
	case gjson.String:
		return "the string " + v.Raw
	}
	if v.IsArray() {
		return "a list"
	}
	return "an object"
}

// finish decides the sense inventory, checks senses and connective heads,
// and writes the documents.
func (p *parser) finish() {
	gold := p.form == formAddresses
	var first []string
	for _, d := range p.order {
		for _, r := range d.rels {
			first = append(first, r.senses[0])
		}
	}
	lang := voteLanguage(first)
	type unscored struct {
		n, line int
		sense   string
	}
	var skipped unscored // gold relations whose first sense is not evaluated
	unknown := map[string]bool{}
	var buf []byte
	for i, d := range p.order {
		buf = buf[:0]
		buf = append(buf, `{"id":`...)
		buf = appendString(buf, d.id)
		buf = append(buf, `,"relations":[`...)
		for j, r := range d.rels {
			senses := r.senses
			if !gold && len(senses) > 1 {
				p.warnf(r.line, "%d senses; the scorers read a prediction's first sense only, and so does metricc", len(senses))
				senses = senses[:1]
			}
			for _, s := range senses {
				if !knownSense(s) && !unknown[s] {
					unknown[s] = true
					p.warnf(r.line, "sense %q is not a sense of the CoNLL-2016 task (the first relation with it): no gold relation can have it", s)
				}
			}
			valid := inventories[lang][r.senses[0]]
			if gold && !valid {
				if skipped.n == 0 {
					skipped.line, skipped.sense = r.line, r.senses[0]
				}
				skipped.n++
			}
			head := r.conn
			if gold && r.typ == "Explicit" {
				head = p.head(r)
			}
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, `{"line":`...)
			buf = strconv.AppendInt(buf, int64(r.line), 10)
			buf = append(buf, `,"type":`...)
			buf = appendString(buf, r.typ)
			buf = append(buf, `,"explicit":`...)
			buf = strconv.AppendBool(buf, r.typ == "Explicit")
			buf = append(buf, `,"sense":`...)
			buf = appendString(buf, r.senses[0])
			buf = append(buf, `,"senses":[`...)
			for k, s := range senses {
				if k > 0 {
					buf = append(buf, ',')
				}
				buf = appendString(buf, s)
			}
			buf = append(buf, `],"valid":`...)
			buf = strconv.AppendBool(buf, valid)
			for _, l := range []struct {
				key  string
				toks []int
			}{{"arg1", r.arg1}, {"arg2", r.arg2}, {"conn", r.conn}, {"head", head}} {
				buf = append(buf, `,"`...)
				buf = append(buf, l.key...)
				buf = append(buf, `":[`...)
				for k, t := range l.toks {
					if k > 0 {
						buf = append(buf, ',')
					}
					buf = strconv.AppendInt(buf, int64(t), 10)
				}
				buf = append(buf, ']')
			}
			buf = append(buf, '}')
		}
		buf = append(buf, "]}"...)
		p.in.Docs = append(p.in.Docs, document.Doc{Index: i, Line: d.line, ID: d.id, JSON: string(buf)})
	}
	if skipped.n > 0 {
		p.warnf(skipped.line, "%d gold relation(s) have a first sense the task does not score (%q here, the first): as in the official scorers, they and the predictions aligned with them are left out of the parser scores", skipped.n, skipped.sense)
	}
	if p.nWarn > maxWarnings {
		p.in.Warnings = append(p.in.Warnings, fmt.Sprintf("%s: %d more warnings not shown", p.name, p.nWarn-maxWarnings))
	}
}

// head finds the head tokens of a gold explicit connective from its raw
// text, whose space-separated tokens are those of its token list. Where
// that fails, the whole connective is its head (with a warning).
func (p *parser) head(r *relation) []int {
	if len(r.conn) == 0 {
		return nil
	}
	if strings.TrimSpace(r.raw) == "" {
		p.warnf(r.line, "explicit connective without RawText: its head is unknown, so the whole connective is taken as its head")
		return r.conn
	}
	pos := headPositions(r.raw)
	out := make([]int, 0, len(pos))
	for _, i := range pos {
		if i >= len(r.conn) {
			p.warnf(r.line, "connective %q has more words than its TokenList has tokens: the whole connective is taken as its head", r.raw)
			return r.conn
		}
		out = append(out, r.conn[i])
	}
	slices.Sort(out)
	return out
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
