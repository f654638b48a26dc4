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
// (document.UnpairedEmpty). Malformed relations are errors naming the file,
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

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/document"
)

// Format is the conll16 input adapter.
var Format = &document.Format{Name: "conll16", Detect: Detect, Parse: Parse, Check: Check,
	Expect: `one JSON relation per line, with "DocID" and "Arg1"`,
	Title:  "CoNLL-2016 relations", Fields: []string{"id", "relations"}, Specs: []string{"conll16"}}

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

// relation is one line, read. Its token lists are kept as the JSON the
// documents are written with: the token indices, without the brackets
// ("16,17,18"), as their digits are written in the file (the fast path of
// the reading keeps only canonical digits), which is half the memory of
// the integers and copies instead of formatting them.
type relation struct {
	line             int
	typ              string
	senses           []string
	arg1, arg2, conn []byte
	connToks         []int  // the connective's tokens, for its head
	raw              string // the connective's RawText
}

type doc struct {
	id   string
	line int
	rels []*relation
}

// parser gathers the relations of a file into documents.
type parser struct {
	lines  // the sequential reading's
	name   string
	in     *document.Input
	docs   map[string]*doc
	order  []*doc
	errs   document.DataErrors
	nErrs  int
	nWarn  int
	form   form
	formAt int            // the line that set form
	ids    map[string]int // relation IDs as written, by line
	numIDs map[int]int    // those written as plain indices (most), by value
	// unordered is the first line whose token list is not ascending.
	unordered int
	votes     votes // of the first senses, for the inventory
}

// lines reads lines into relations, on its own: what a line gives does
// not depend on the lines before it (see read).
type lines struct {
	f          fields // the line being read
	strs       interner
	senseLists map[string][]string // by the Sense list as written
	arena      []int               // connectives' token lists are cut from it
	text       []byte              // token lists' JSON is cut from it
	rels       []relation          // relations are cut from it
}

func newLines() lines {
	return lines{strs: interner{}, senseLists: map[string][]string{}}
}

// line is what one line gives: a relation, or the error that stops its
// reading, and the facts the checks that depend on the lines before it
// need (parser.add makes those, in file order).
type line struct {
	n        int // the line's number
	blank    bool
	typeWarn bool    // the type is not one of the four (the first warning of the line)
	unsorted [3]bool // which token lists are not in ascending order (of those read before an error)
	err      *lineError
	rel      *relation
	form     form   // of the relation's token lists; formUnknown: none
	docID    string // of the relation
	id       []byte // the relation's ID as written; nil: none
	vote     vote   // of its first sense
}

// lineError is the error that stops the reading of a line.
type lineError struct{ path, msg string }

// Parse reads a CoNLL-2016 relation file from r (through a buffer of its
// own unless r is a large enough *bufio.Reader); name is the file in
// messages. On several cores (pieces.Workers), pieces of the file are
// read at once.
func Parse(name string, r io.Reader) (*document.Input, error) {
	return parseIn(name, r, pieces.Workers(), pieces.Size)
}

// parseIn is Parse reading pieces of about size bytes on workers cores
// (one core: line after line).
func parseIn(name string, r io.Reader, workers, size int) (*document.Input, error) {
	p := &parser{name: name, in: &document.Input{Path: name, Unpaired: document.UnpairedEmpty, Convention: "the CoNLL-2016 scorer"},
		docs: map[string]*doc{}, ids: map[string]int{}, numIDs: map[int]int{}, lines: newLines()}
	var err error
	if workers > 1 {
		err = p.readPieces(r, workers, size)
	} else {
		err = p.read(r)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(p.errs) > 0 {
		if p.nErrs > len(p.errs) {
			p.errs = append(p.errs, &document.DataError{File: name, Msg: fmt.Sprintf("%d more errors not shown", p.nErrs-len(p.errs))})
		}
		return nil, p.errs
	}
	// Documents are written in batches of 32 on several cores (fewer in
	// tests, with pieces of a few bytes), in one on one core.
	batch := len(p.order)
	if workers > 1 {
		batch = min(32, size)
	}
	p.finish(workers, batch)
	return p.in, nil
}

// read reads the file a line at a time.
func (p *parser) read(r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	var l line
	for n := 1; ; n++ {
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
			p.lines.read(n, text, &l)
			p.add(&l)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readPieces reads pieces of the file on several cores, each line by a
// reader of the piece's, and adds their relations in file order.
func (p *parser) readPieces(r io.Reader, workers, size int) error {
	text := pieces.NewLines(r, size)
	// Line readers go from piece to piece, with their buffers: the token
	// lists of the file are then cut from as few blocks as when it is read
	// line after line.
	idle := pieces.NewIdle[*lines](workers)
	type piece struct {
		pieces.Piece
		ahead bool
	}
	pieces.OrderedAhead(workers, func(ahead bool) (piece, bool, bool) {
		pc, ok := text.Next()
		return piece{pc, ahead}, ahead, ok
	}, func(pc piece) []line {
		if !pc.ahead {
			// in turn: the lines are added as they are read
			var l line
			eachLine(pc.Data, pc.Line+1, func(n int, t []byte) {
				p.lines.read(n, t, &l)
				p.add(&l)
			})
			return nil
		}
		ls := idle.Get(func() *lines { l := newLines(); return &l }, nil)
		defer idle.Put(ls)
		out := make([]line, 0, bytes.Count(pc.Data, []byte{'\n'})+1)
		eachLine(pc.Data, pc.Line+1, func(n int, t []byte) {
			out = append(out, line{})
			if ls.read(n, t, &out[len(out)-1]); out[len(out)-1].blank {
				out = out[:len(out)-1]
			}
		})
		return out
	}, func(pc piece, out []line) bool {
		for i := range out {
			p.add(&out[i])
		}
		text.Recycle(pc.Piece) // what add keeps is copied from it
		return true
	})
	return text.Err
}

// eachLine calls fn with each line of data (its '\n' included) and its
// number, from first.
func eachLine(data []byte, first int, fn func(n int, text []byte)) {
	for n := first; len(data) > 0; n++ {
		t := data
		if k := bytes.IndexByte(data, '\n'); k >= 0 {
			t, data = data[:k+1], data[k+1:]
		} else {
			data = nil
		}
		fn(n, t)
	}
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

// read reads line n (text, its end included) into l.
func (ls *lines) read(n int, text []byte, l *line) {
	*l = line{n: n}
	text = bytes.TrimSpace(text)
	if n == 1 {
		text = bytes.TrimPrefix(text, []byte("\ufeff"))
	}
	if len(text) == 0 {
		l.blank = true
		return
	}
	f := &ls.f
	f.reset(ls.strs, ls.senseLists)
	sc := scanner{b: text}
	if sc.peek() != '{' {
		if raw := sc.skip(); sc.end() {
			l.fail("", fmt.Sprintf("expected a JSON object (one relation per line), found %s", kind(gjson.ParseBytes(raw))))
			return
		}
	} else if f.read(&sc); sc.end() {
		ls.check(l, f)
		return
	}
	var v any
	msg := "malformed JSON"
	if err := json.Unmarshal(text, &v); err != nil {
		msg += ": " + err.Error()
	}
	l.fail("", msg)
}

func (l *line) fail(path, msg string) { l.err = &lineError{path, msg} }

// fields are the parts of a relation line the scorers read; a value of the
// wrong kind is kept as written, for the message. The parser reuses one.
type fields struct {
	strs           interner
	docID, typ     string
	hasDoc, hasTyp bool
	badDoc, badTyp []byte
	senses         []string
	senseRaw       []byte              // the Sense list as written
	known          []string            // the senses of a Sense list read before, as written
	senseLists     map[string][]string // the reader's, by the Sense list as written
	hasSense       bool
	badSense       []byte // the Sense value, or the bad element
	badSenseAt     int    // -1: the whole value
	id             []byte
	spans          [3]spanFields // Arg1, Arg2, Connective
	raw            string        // Connective.RawText
}

// spanFields is an argument or the connective.
type spanFields struct {
	present   bool   // a TokenList
	notList   []byte // the TokenList, when not a list
	toks      []int
	badAt     int    // the first element that is neither an index nor an address; -1: none
	bad       []byte // that element
	firstForm form   // of element 0
	otherAt   int    // the first element of another form; -1: none
	text      []byte // toks as JSON, without the brackets
}

var (
	spanKeys       = [3]string{"Arg1", "Arg2", "Connective"}
	tokenListPaths = [3]string{"Arg1.TokenList", "Arg2.TokenList", "Connective.TokenList"}
)

// reset clears f for the next line, keeping its buffers.
func (f *fields) reset(strs interner, senseLists map[string][]string) {
	spans := f.spans
	senses := f.senses[:0]
	*f = fields{strs: strs, senseLists: senseLists, senses: senses, badSenseAt: -1}
	for k := range f.spans {
		f.spans[k] = spanFields{toks: spans[k].toks[:0], text: spans[k].text[:0], badAt: -1, otherAt: -1}
	}
}

// str reads a string, interned: DocIDs, types and senses repeat.
func (f *fields) str(sc *scanner) string {
	raw, s, ok := sc.strRaw()
	if !ok || raw == nil {
		return s
	}
	return f.strs.get(raw)
}

func (f *fields) read(sc *scanner) {
	sc.object(func(key []byte) {
		switch string(key) {
		case "DocID":
			f.hasDoc = true
			if sc.peek() == '"' {
				f.docID = f.str(sc)
			} else {
				f.badDoc = sc.skip()
			}
		case "Type":
			f.hasTyp = true
			if sc.peek() == '"' {
				f.typ = f.str(sc)
			} else {
				f.badTyp = sc.skip()
			}
		case "Sense":
			f.hasSense = true
			if sc.peek() != '[' {
				f.badSense = sc.skip()
				return
			}
			start := sc.i
			// Sense lists repeat: one read before is not read again.
			if raw := sc.skip(); !sc.bad {
				if known, ok := f.senseLists[string(raw)]; ok {
					f.known, f.senseRaw = known, raw
					return
				}
			}
			sc.i, sc.bad = start, false
			sc.array(func(k int) {
				if sc.peek() == '"' {
					f.senses = append(f.senses, f.str(sc))
				} else if raw := sc.skip(); f.badSense == nil {
					f.badSense, f.badSenseAt = raw, k
				}
			})
			f.senseRaw = sc.b[start:sc.i]
			if len(f.senses) == 0 && f.badSense == nil {
				f.badSense = f.senseRaw
			}
		case "ID":
			f.id = sc.skip()
		case "Arg1", "Arg2", "Connective":
			k := slices.Index(spanKeys[:], string(key))
			if sc.peek() != '{' {
				sc.skip()
				return
			}
			sp := &f.spans[k]
			sc.object(func(key []byte) {
				switch string(key) {
				case "TokenList":
					sp.present = true
					if sc.peek() != '[' {
						sp.notList = sc.skip()
						return
					}
					sp.read(sc)
				case "RawText":
					if k == 2 && sc.peek() == '"' {
						f.raw = f.str(sc)
					} else {
						sc.skip()
					}
				default:
					sc.skip()
				}
			})
		default:
			sc.skip()
		}
	})
}

// read reads a token list: token indices, or token addresses of which it
// keeps the index (element 2). The lists of the official files (plain
// non-negative integers) take a fast path; anything else the general one.
func (sp *spanFields) read(sc *scanner) {
	if sc.fastTokens(sp) {
		return
	}
	sp.toks = sp.toks[:0]
	defer func() {
		sp.text = sp.text[:0]
		for k, t := range sp.toks {
			if k > 0 {
				sp.text = append(sp.text, ',')
			}
			sp.text = strconv.AppendInt(sp.text, int64(t), 10)
		}
	}()
	isNumber := func(c byte) bool { return c == '-' || (c >= '0' && c <= '9') }
	sc.array(func(k int) {
		c := sc.peek()
		start := sc.i
		var n int
		f, ok := formIndices, false
		switch {
		case c == '[':
			f = formAddresses
			got := 0
			sc.array(func(j int) {
				got++
				if j == 2 && isNumber(sc.peek()) {
					n, ok = sc.number()
				} else {
					sc.skip()
					if j == 2 {
						ok = false
					}
				}
			})
			ok = ok && got >= 3
		case isNumber(c):
			n, ok = sc.number()
		default:
			sc.skip()
		}
		if sc.bad {
			return
		}
		if !ok {
			if sp.badAt < 0 {
				sp.badAt, sp.bad = k, sc.b[start:sc.i]
			}
			return
		}
		if k == 0 {
			sp.firstForm = f
		} else if f != sp.firstForm && sp.otherAt < 0 {
			sp.otherAt = k
		}
		sp.toks = append(sp.toks, n)
	})
}

// check validates a relation's fields, as far as the line tells.
func (ls *lines) check(l *line, f *fields) {
	rel := ls.relation()
	rel.line = l.n
	if !f.hasDoc || f.badDoc != nil || f.docID == "" {
		l.fail("DocID", fmt.Sprintf("expected the document's id, a non-empty string, found %s", describe(f.hasDoc, f.badDoc, `""`)))
		return
	}
	if !f.hasTyp || f.badTyp != nil {
		l.fail("Type", fmt.Sprintf("expected the relation's type (Explicit, Implicit, AltLex or EntRel), found %s", describe(f.hasTyp, f.badTyp, "")))
		return
	}
	rel.typ = f.typ
	l.rel = rel // for the type in the warning
	switch rel.typ {
	case "Explicit", "Implicit", "AltLex", "EntRel":
	default:
		l.typeWarn = true
	}
	switch {
	case !f.hasSense || (f.badSense != nil && f.badSenseAt < 0):
		l.fail("Sense", fmt.Sprintf("expected a list of senses, found %s", describe(f.hasSense, f.badSense, "")))
		return
	case f.badSense != nil:
		l.fail("Sense."+strconv.Itoa(f.badSenseAt), fmt.Sprintf("expected a sense, a string, found %s", kind(gjson.ParseBytes(f.badSense))))
		return
	}
	senses, ok := f.known, f.known != nil
	if !ok {
		senses = slices.Clone(f.senses)
		ls.senseLists[string(f.senseRaw)] = senses
	}
	rel.senses = senses
	relForm := formUnknown
	for k := range f.spans {
		sp := &f.spans[k]
		path := tokenListPaths[k]
		switch {
		case !sp.present && (k < 2 || rel.typ == "Explicit"):
			l.fail(path, "missing: every relation has Arg1, Arg2 and (for an explicit relation) Connective, each with a TokenList")
			return
		case sp.notList != nil:
			l.fail(path, fmt.Sprintf("expected a list of tokens, found %s", kind(gjson.ParseBytes(sp.notList))))
			return
		}
		other := sp.otherAt
		if relForm != formUnknown && len(sp.toks) > 0 && sp.firstForm != relForm {
			other = 0
		}
		if sp.badAt >= 0 && (other < 0 || sp.badAt < other) {
			l.fail(path+"."+strconv.Itoa(sp.badAt), fmt.Sprintf("expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found %s", kind(gjson.ParseBytes(sp.bad))))
			return
		}
		if other >= 0 {
			l.fail(path+"."+strconv.Itoa(other), "the relation mixes token addresses and token indices")
			return
		}
		if relForm == formUnknown && len(sp.toks) > 0 {
			relForm = sp.firstForm
		}
		l.unsorted[k] = !slices.IsSorted(sp.toks) || hasRepeat(sp.toks)
		text := ls.keepText(sp.text)
		switch k {
		case 0:
			rel.arg1 = text
		case 1:
			rel.arg2 = text
		default:
			rel.conn = text
			rel.connToks = ls.keep(sp.toks)
		}
	}
	rel.raw = f.raw
	l.form = relForm
	l.docID = f.docID
	l.id = f.id
	l.vote = voteOf(senses[0])
}

// add does, in file order, what depends on the lines before: it warns
// about the first token list out of order and repeated relation IDs,
// refuses a file whose token lists change form, and keeps the relation
// in its document. (l.id points into the line's text: add it before the
// text is read over.)
func (p *parser) add(l *line) {
	if l.blank {
		return
	}
	if l.typeWarn {
		p.warnf(l.n, "type %q is not one of Explicit, Implicit, AltLex, EntRel: scored as a non-explicit relation, as the official scorers do", l.rel.typ)
	}
	for k := range l.unsorted {
		if l.unsorted[k] && p.unordered == 0 {
			p.unordered = l.n
			p.warnf(l.n, "%s is not in ascending order (the first such list in the file): read as a set of tokens here; the official scorers compare ordered lists, and match it neither exactly nor partially", spanKeys[k]+".TokenList")
		}
	}
	if l.err != nil {
		p.errorf(l.n, l.err.path, "%s", l.err.msg)
		return
	}
	if l.form != formUnknown {
		if p.form == formUnknown {
			p.form, p.formAt = l.form, l.n
		} else if l.form != p.form {
			p.errorf(l.n, "", "token lists of %s, but line %d has %s: a gold file gives token addresses, system output token indices",
				formName(l.form), p.formAt, formName(p.form))
			return
		}
	}
	if l.id != nil {
		// A plain index is its value written in one way only: keyed by
		// value, it is not copied into a string.
		if n, ok := wholeIndex(l.id); ok {
			if prev, dup := p.numIDs[n]; dup {
				p.warnf(l.n, "relation ID %s repeats the one at line %d; both are scored (the scorers do not read IDs)", l.id, prev)
			} else {
				p.numIDs[n] = l.n
			}
		} else if prev, dup := p.ids[string(l.id)]; dup {
			p.warnf(l.n, "relation ID %s repeats the one at line %d; both are scored (the scorers do not read IDs)", l.id, prev)
		} else {
			p.ids[string(l.id)] = l.n
		}
	}
	d := p.docs[l.docID]
	if d == nil {
		d = &doc{id: l.docID, line: l.n}
		p.docs[l.docID] = d
		p.order = append(p.order, d)
	}
	d.rels = append(d.rels, l.rel)
	p.votes.add(l.vote)
}

// wholeIndex reads b when it is all a plain index (digits, no leading
// zero, at most 15 of them).
func wholeIndex(b []byte) (n int, ok bool) {
	if len(b) == 0 || len(b) > 15 || (b[0] == '0' && len(b) > 1) {
		return 0, false
	}
	for _, c := range b {
		if c-'0' > 9 {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// keep copies a token list into the reader's arena: one allocation per
// 64K tokens instead of one per list.
func (ls *lines) keep(toks []int) []int { return keepIn(&ls.arena, toks, 1<<16) }

// keepText copies a token list's JSON into the reader's text arena.
func (ls *lines) keepText(text []byte) []byte { return keepIn(&ls.text, text, 256<<10) }

// keepIn copies xs to the end of *arena, which starts a new chunk of at
// least chunk elements when xs does not fit (the chunks before stay with
// the copies made in them); the copy cannot be appended to in place.
func keepIn[T any](arena *[]T, xs []T, chunk int) []T {
	if len(xs) == 0 {
		return nil
	}
	if cap(*arena)-len(*arena) < len(xs) {
		*arena = make([]T, 0, max(chunk, len(xs)))
	}
	n := len(*arena)
	*arena = append(*arena, xs...)
	return (*arena)[n:len(*arena):len(*arena)]
}

// relation returns a new relation, cut from a block of them.
func (ls *lines) relation() *relation {
	if len(ls.rels) == cap(ls.rels) {
		ls.rels = make([]relation, 0, 1024)
	}
	ls.rels = ls.rels[:len(ls.rels)+1]
	return &ls.rels[len(ls.rels)-1]
}

// interner keeps one copy of each string.
type interner map[string]string

func (m interner) get(b []byte) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	s := string(b)
	m[s] = s
	return s
}

// hasRepeat reports whether a sorted list repeats a token.
func hasRepeat(toks []int) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i] == toks[i-1] {
			return true
		}
	}
	return false
}

// describe names a value of the wrong kind: nothing when absent, else the
// value as written (or alt when the value was of the right kind but
// unusable).
func describe(present bool, raw []byte, alt string) string {
	switch {
	case !present:
		return "nothing"
	case raw == nil:
		return kind(gjson.Parse(alt))
	}
	return kind(gjson.ParseBytes(raw))
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
// and writes the documents: batches of documents on several cores, then
// their warnings in order.
func (p *parser) finish(workers, batch int) {
	w := docWriter{order: p.order, gold: p.form == formAddresses, lang: p.votes.language()}
	var batches [][2]int
	for i := 0; i < len(p.order); i += max(batch, 1) {
		batches = append(batches, [2]int{i, min(i+batch, len(p.order))})
	}
	var skipped unscored // gold relations whose first sense is not evaluated
	unknown := map[string]bool{}
	k := 0
	pieces.Ordered(workers, func() ([2]int, bool) {
		k++
		if k > len(batches) {
			return [2]int{}, false
		}
		return batches[k-1], true
	}, func(b [2]int) written {
		return w.write(b[0], b[1])
	}, func(_ [2]int, out written) bool {
		p.in.Docs = append(p.in.Docs, out.docs...)
		for _, n := range out.notes {
			if n.sense != "" {
				if unknown[n.sense] {
					continue
				}
				unknown[n.sense] = true
				why := "no gold relation can have it"
				if w.gold {
					why = "no relation is scored for it"
				}
				n.msg = fmt.Sprintf("sense %q is not a sense of the CoNLL-2016 task (the first relation with it): %s", n.sense, why)
			}
			p.warnf(n.line, "%s", n.msg)
		}
		if skipped.n == 0 {
			skipped.line, skipped.sense = out.skipped.line, out.skipped.sense
		}
		skipped.n += out.skipped.n
		return true
	})
	if skipped.n > 0 {
		p.warnf(skipped.line, "%d gold relation(s) have a first sense the task does not score (%q here, the first): as in the official scorers, they and the predictions aligned with them are left out of the parser scores", skipped.n, skipped.sense)
	}
	if p.nWarn > maxWarnings {
		p.in.Warnings = append(p.in.Warnings, fmt.Sprintf("%s: %d more warnings not shown", p.name, p.nWarn-maxWarnings))
	}
}

// unscored counts gold relations whose first sense is not evaluated, with
// the first of them.
type unscored struct {
	n, line int
	sense   string
}

// docWriter writes documents; it is shared by the batches, which keep
// their own caches.
type docWriter struct {
	order []*doc
	gold  bool
	lang  language
}

// written is a batch of documents, written, with the warnings about them
// in order (a sense outside the task's inventory is warned about once per
// file, by finish).
type written struct {
	docs    []document.Doc
	notes   []note
	skipped unscored
}

// note is a warning: msg, or, when sense is set, that the sense is not one
// of the task's.
type note struct {
	line       int
	msg, sense string
}

// write writes documents from to to (excluded).
func (w docWriter) write(from, to int) written {
	var out written
	heads := map[string][]int{}
	quoted := map[string][]byte{}
	str := func(b []byte, s string) []byte {
		q, ok := quoted[s]
		if !ok {
			q = appendString(nil, s)
			quoted[s] = q
		}
		return append(b, q...)
	}
	noted := map[string]bool{} // senses outside the inventory, noted once per batch
	var buf, headText []byte
	for i := from; i < to; i++ {
		d := w.order[i]
		buf = buf[:0]
		buf = append(buf, `{"id":`...)
		buf = appendString(buf, d.id)
		buf = append(buf, `,"relations":[`...)
		for j, r := range d.rels {
			senses := r.senses
			if !w.gold && len(senses) > 1 {
				out.notes = append(out.notes, note{line: r.line, msg: fmt.Sprintf("%d senses; the scorers read a prediction's first sense only, and so does metricc", len(senses))})
				senses = senses[:1]
			}
			for _, s := range senses {
				if !knownSense(s) && !noted[s] {
					noted[s] = true
					out.notes = append(out.notes, note{line: r.line, sense: s})
				}
			}
			valid := inventories[w.lang][r.senses[0]]
			if w.gold && !valid {
				if out.skipped.n == 0 {
					out.skipped.line, out.skipped.sense = r.line, r.senses[0]
				}
				out.skipped.n++
			}
			head := r.conn
			if w.gold && r.typ == "Explicit" {
				toks, why := headOf(r, heads)
				if why != "" {
					out.notes = append(out.notes, note{line: r.line, msg: why})
				}
				headText = headText[:0]
				for k, t := range toks {
					if k > 0 {
						headText = append(headText, ',')
					}
					headText = strconv.AppendInt(headText, int64(t), 10)
				}
				head = headText
			}
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, `{"line":`...)
			buf = strconv.AppendInt(buf, int64(r.line), 10)
			buf = append(buf, `,"type":`...)
			buf = str(buf, r.typ)
			buf = append(buf, `,"explicit":`...)
			buf = strconv.AppendBool(buf, r.typ == "Explicit")
			buf = append(buf, `,"sense":`...)
			buf = str(buf, r.senses[0])
			buf = append(buf, `,"senses":[`...)
			for k, s := range senses {
				if k > 0 {
					buf = append(buf, ',')
				}
				buf = str(buf, s)
			}
			buf = append(buf, `],"valid":`...)
			buf = strconv.AppendBool(buf, valid)
			buf = append(buf, `,"arg1":[`...)
			buf = append(buf, r.arg1...)
			buf = append(buf, `],"arg2":[`...)
			buf = append(buf, r.arg2...)
			buf = append(buf, `],"conn":[`...)
			buf = append(buf, r.conn...)
			buf = append(buf, `],"head":[`...)
			buf = append(buf, head...)
			buf = append(buf, "]}"...)
		}
		buf = append(buf, "]}"...)
		out.docs = append(out.docs, document.Doc{Index: i, Line: d.line, ID: d.id, JSON: string(buf)})
	}
	return out
}

// headOf finds the head tokens of a gold explicit connective from its raw
// text, whose space-separated tokens are those of its token list. Where
// that fails, the whole connective is its head, and why says why. heads
// caches the head positions by connective.
func headOf(r *relation, heads map[string][]int) (head []int, why string) {
	if len(r.connToks) == 0 {
		return nil, ""
	}
	if strings.TrimSpace(r.raw) == "" {
		return r.connToks, "explicit connective without RawText: its head is unknown, so the whole connective is taken as its head"
	}
	pos, ok := heads[r.raw]
	if !ok {
		pos = headPositions(r.raw)
		heads[r.raw] = pos
	}
	out := make([]int, 0, len(pos))
	for _, i := range pos {
		if i >= len(r.connToks) {
			return r.connToks, fmt.Sprintf("connective %q has more words than its TokenList has tokens: the whole connective is taken as its head", r.raw)
		}
		out = append(out, r.connToks[i])
	}
	slices.Sort(out)
	return out, ""
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
