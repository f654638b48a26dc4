package bio

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/document"
)

const (
	docStart = "-DOCSTART-"
	boundary = "-X-" // conlleval's sentence boundary in the first column
	// maxErrors bounds the malformed tags reported per file.
	maxErrors = 10
	// bufSize is the read buffer; lines are short.
	bufSize = 64 << 10
)

// tagInfo is one distinct tag of the file.
type tagInfo struct {
	raw  string // as written
	json string // escaped for a JSON string
	tok  tok
	bit  prefixSet // the prefix it counts as for the scheme (raw tags: 'R')
}

// codeList is the tag codes of a file's tokens, in blocks that are
// never copied as the list grows.
type codeList struct {
	blocks [][]uint16
	n      int32
}

const (
	blockBits = 15
	blockSize = 1 << blockBits
	// maxCode is the largest tag code.
	maxCode = 1<<16 - 1
)

func (l *codeList) push(c uint16) {
	if int(l.n)>>blockBits == len(l.blocks) {
		l.blocks = append(l.blocks, make([]uint16, 0, blockSize))
	}
	b := &l.blocks[len(l.blocks)-1]
	*b = append(*b, c)
	l.n++
}

// at is the code of token i.
func (l *codeList) at(i int32) uint16 { return l.blocks[i>>blockBits][i&(blockSize-1)] }

// sentence is a run of token lines, which are consecutive in the file.
type sentence struct {
	line  int32 // of its first token
	start int32 // offset of its first token among the file's tokens
}

// docInfo is where a document starts.
type docInfo struct {
	line  int32 // of its first line
	start int32 // offset of its first token among the file's tokens
	sent  int32 // index of its first sentence
}

// parser holds the state of one file.
type parser struct {
	name string

	index   map[string]uint16 // tag text → code
	cache   [256]uint16       // tagHash → a code of a tag with that hash (0: none)
	tags    []tagInfo         // code → tag; code 0 is O
	typeIdx map[string]int32  // type name → type number (from 1)
	types   []string          // type number → name; 0 is O's

	codes codeList // the file's tokens
	sents []sentence
	docs  []docInfo
	seen  prefixSet // prefixes used, for the scheme

	line   int32
	inSent bool

	errs     document.DataErrors
	nErrs    int
	warnings []string
	// docStartTags counts "-DOCSTART-" lines whose tag is not O, and
	// docStartLine is the first of them.
	docStartTags int
	docStartLine int32
	// words, when keepWords is set (Gloss), are the tokens' first columns.
	keepWords bool
	words     []string
	// The first raw tag (no prefix) and the first prefixed one, with their
	// lines (0: none), for the error when a file mixes them.
	firstRaw, firstPrefixed       int32
	firstRawTag, firstPrefixedTag string
	// implicit: the first document starts at a token, not at a
	// -DOCSTART- line; overflow: a tag found no code (maxCode). For the
	// merging of pieces (absorb).
	implicit, overflow bool
}

func newParser(name string) *parser {
	p := &parser{
		name:    name,
		index:   map[string]uint16{"O": 0},
		tags:    []tagInfo{{raw: "O", json: "O", tok: outside, bit: bit('O')}},
		typeIdx: map[string]int32{},
		types:   []string{""},
	}
	return p
}

// read reads the text through a buffer of its own, of size bytes to start
// with, and feeds it a line at a time; a line longer than the buffer
// grows it.
func (p *parser) read(r io.Reader, size int) error {
	buf := make([]byte, size)
	n := 0 // bytes held
	for {
		m, err := r.Read(buf[n:])
		n += m
		start := 0
		for {
			k := bytes.IndexByte(buf[start:n], '\n')
			if k < 0 {
				break
			}
			p.feed(buf[start : start+k])
			start += k + 1
		}
		switch {
		case err == io.EOF:
			// A final "\n" ends the last line rather than starting an
			// empty one.
			if start < n {
				p.feed(buf[start:n])
			}
			return nil
		case err != nil:
			return err
		}
		n = copy(buf, buf[start:n])
		if n == len(buf) {
			buf = append(buf, make([]byte, len(buf))...)
		}
	}
}

// columns returns the first and the last column of a line, and false for
// a blank line. Columns are separated by spaces and tabs; a final "\r"
// (CRLF) and other trailing white space are not part of the last column.
func columns(line []byte) (first, last []byte, ok bool) {
	s, l, e := bounds(line)
	if s == e {
		return nil, nil, false
	}
	f := s
	for f < e && !isSpace(line[f]) {
		f++
	}
	return line[s:f], line[l:e], true
}

// bounds returns where a line's text starts (s) and ends (e), and where
// its last column starts (l); s == e for a blank line.
func bounds(line []byte) (s, l, e int) {
	e = len(line)
	for e > 0 && isSpace(line[e-1]) {
		e--
	}
	for s < e && isSpace(line[s]) {
		s++
	}
	l = e
	for l > s && !isSpace(line[l-1]) {
		l--
	}
	return s, l, e
}

// firstIs reports whether the first column of text (which starts with
// it) is word.
func firstIs(text []byte, word string) bool {
	return len(text) >= len(word) && string(text[:len(word)]) == word && (len(text) == len(word) || isSpace(text[len(word)]))
}

func isSpace(c byte) bool { return spaceTable[c] != 0 }

var spaceTable = [256]uint8{' ': 1, '\t': 1, '\r': 1, '\n': 1, '\v': 1, '\f': 1}

// feed reads one line.
func (p *parser) feed(line []byte) {
	if p.line == 0 {
		line = bytes.TrimPrefix(line, bom)
	}
	p.line++
	s, l, e := bounds(line)
	if s == e {
		p.inSent = false // blank: a sentence boundary
		return
	}
	text, last := line[s:e], line[l:e]
	if text[0] == '-' && firstIs(text, docStart) {
		p.docs = append(p.docs, docInfo{line: p.line, start: p.codes.n, sent: int32(len(p.sents))})
		// The line is a token tagged O (conlleval counts it), alone in
		// its sentence.
		if len(last) != 1 || last[0] != 'O' {
			if l, _, why := parseTag(last); why == "" && l != 'O' {
				if p.docStartTags == 0 {
					p.docStartLine = p.line
				}
				p.docStartTags++
			}
		}
		p.sents = append(p.sents, sentence{line: p.line, start: p.codes.n})
		p.codes.push(0)
		p.seen |= bit('O')
		p.inSent = false
		if p.keepWords {
			p.words = append(p.words, docStart)
		}
		return
	}
	if text[0] == '-' && firstIs(text, boundary) {
		p.inSent = false
		return
	}
	code := p.code(last)
	if len(p.docs) == 0 {
		p.docs = append(p.docs, docInfo{line: p.line})
		p.implicit = true
	}
	if !p.inSent {
		p.sents = append(p.sents, sentence{line: p.line, start: p.codes.n})
		p.inSent = true
	}
	p.codes.push(code)
	if p.keepWords {
		word := ""
		if first, _, _ := columns(text); len(first) < len(text) {
			word = string(first) // a line of one column is a tag alone
		}
		p.words = append(p.words, word)
	}
}

// code returns the code of a tag, reading it on first sight; a malformed
// tag is recorded as an error and read as O.
func (p *parser) code(tag []byte) uint16 {
	if len(tag) == 1 && tag[0] == 'O' {
		p.seen |= bit('O')
		return 0
	}
	h := tagHash(tag)
	if c := p.cache[h]; c != 0 && p.tags[c].raw == string(tag) {
		p.seen |= p.tags[c].bit
		return c
	}
	if c, ok := p.index[string(tag)]; ok {
		p.cache[h] = c
		p.seen |= p.tags[c].bit
		return c
	}
	l, typ, why := parseTag(tag)
	seenAs := bit(l)
	if why != "" && isRaw(tag) {
		// A tag without a prefix, as conlleval -r reads it: an entity of
		// one token, whose type is the whole tag. A file is either raw or
		// prefixed; end() refuses a mix.
		l, typ, why, seenAs = 'S', tag, "", bit('R')
		if p.firstRaw == 0 {
			p.firstRaw, p.firstRawTag = p.line, string(tag)
		}
	} else if why == "" && l != 'O' && p.firstPrefixed == 0 {
		p.firstPrefixed, p.firstPrefixedTag = p.line, string(tag)
	}
	if why != "" {
		p.nErrs++
		if p.nErrs <= maxErrors {
			p.errs = append(p.errs, &document.DataError{File: fmt.Sprintf("%s:%d", p.name, p.line), Msg: why})
		}
		return 0
	}
	t := int32(0)
	if l != 'O' {
		var ok bool
		if t, ok = p.typeIdx[string(typ)]; !ok {
			t = int32(len(p.types))
			p.types = append(p.types, string(typ))
			p.typeIdx[string(typ)] = t
		}
	}
	if len(p.tags) > maxCode {
		p.overflow = true
		p.nErrs++
		if p.nErrs <= maxErrors {
			p.errs = append(p.errs, &document.DataError{File: fmt.Sprintf("%s:%d", p.name, p.line),
				Msg: fmt.Sprintf("more than %d distinct tags: is the last column the tag?", maxCode)})
		}
		return 0
	}
	c := uint16(len(p.tags))
	p.tags = append(p.tags, tagInfo{raw: string(tag), json: string(appendEscaped(nil, string(tag))), tok: tok{l, t}, bit: seenAs})
	p.index[string(tag)] = c
	p.cache[h] = c
	p.seen |= seenAs
	return c
}

// tagHash picks a cache slot for a tag from its length and three of its
// bytes, which tell the tags of a file apart in practice (B-PER, I-PER,
// B-ORG, ...); a collision costs a map lookup.
func tagHash(tag []byte) uint8 {
	n := len(tag)
	return uint8(n*37 + int(tag[0])*11 + int(tag[n/2])*5 + int(tag[n-1]))
}

// parseTag reads a tag: its prefix letter (L and U read as E and S) and
// type, or why it is not a tag.
func parseTag(tag []byte) (l byte, typ []byte, why string) {
	if len(tag) == 1 && tag[0] == 'O' {
		return 'O', nil, ""
	}
	if len(tag) >= 2 && tag[1] == '-' {
		switch tag[0] {
		case 'B', 'I', 'E', 'S':
			l = tag[0]
		case 'L':
			l = 'E'
		case 'U':
			l = 'S'
		}
	}
	if l != 0 {
		typ = tag[2:]
		switch {
		case len(typ) == 0:
			return 0, nil, fmt.Sprintf("malformed tag %s: no type after %q", quote(tag), tag)
		case typ[0] == '-' || typ[len(typ)-1] == '-':
			return 0, nil, fmt.Sprintf("malformed tag %s: a type does not start or end with \"-\"", quote(tag))
		}
		return l, typ, ""
	}
	hint := "a tag is O, or B-, I-, E-, S- (or L-, U-) and a type, as in B-PER"
	switch {
	case len(tag) == 1 && bytes.IndexByte([]byte("BIESLU"), tag[0]) >= 0:
		hint = "no type (a tag is O or, as in B-PER, a prefix and a type)"
	case len(tag) >= 2 && tag[1] == '-' && bytes.IndexByte([]byte("biesluo"), tag[0]) >= 0:
		hint = "prefixes are upper case (B-, I-, E-, S-, L-, U-) and the outside tag is O"
	case len(tag) >= 2 && tag[1] == '_':
		hint = "a prefix is joined to its type by \"-\", as in B-PER"
	}
	return 0, nil, fmt.Sprintf("malformed tag %s: %s", quote(tag), hint)
}

// lineOfError is the line of a malformed-tag error ("name:line").
func lineOfError(e *document.DataError) int32 {
	i := strings.LastIndexByte(e.File, ':')
	n, _ := strconv.Atoi(e.File[i+1:])
	return int32(n)
}

// isRaw reports whether a tag that is not a prefixed tag is a raw one, as
// conlleval -r reads them (PER, PESSOA, DATE-TIME): anything of two
// characters or more but a prefix that parseTag refused (b-per, X-PER)
// and a prefix joined by "_" (B_PER), which are mistakes rather than
// types.
func isRaw(tag []byte) bool {
	switch {
	case len(tag) < 2:
		return false
	case tag[1] == '-':
		return false
	case tag[1] == '_' && bytes.IndexByte([]byte("BIESLUbieslu"), tag[0]) >= 0:
		return false
	}
	return true
}

// quote quotes a tag for a message, bounding its length.
func quote(tag []byte) string {
	if len(tag) > 40 {
		return strconv.Quote(string(tag[:40])) + "…"
	}
	return strconv.Quote(string(tag))
}

// end ends the reading of the file: its malformed tags, or the warnings
// known once it is read; the documents can then be written.
func (p *parser) end() error {
	mixed := p.firstRaw > 0 && p.firstPrefixed > 0
	if p.nErrs > 0 || mixed {
		errs := slices.Clone(p.errs)
		if mixed {
			// In line order among the malformed tags: this names the
			// first raw tag, after those before it.
			e := &document.DataError{File: fmt.Sprintf("%s:%d", p.name, p.firstRaw), Msg: fmt.Sprintf(
				"tag %s has no prefix, but the file's other tags do (as %s at line %d): a file's tags are all prefixed (B-PER) or all raw (PER, as conlleval -r reads them)",
				quote([]byte(p.firstRawTag)), quote([]byte(p.firstPrefixedTag)), p.firstPrefixed)}
			at := len(errs)
			for i, old := range errs {
				if lineOfError(old) > p.firstRaw {
					at = i
					break
				}
			}
			errs = slices.Insert(errs, at, e)
		}
		if p.nErrs > maxErrors {
			errs = append(errs, &document.DataError{File: p.name, Msg: fmt.Sprintf("%d more malformed tags", p.nErrs-maxErrors)})
		}
		return errs
	}
	if p.firstRaw > 0 {
		p.warnf(p.firstRaw, "raw tags (no B-, I-, E- or S- prefix), the first here: each tagged token is an entity of its own, as conlleval -r reads them (to join the neighbouring tokens of one type into one entity, prefix every tag but O with I-)")
	}
	if p.docStartTags > 0 {
		p.warnf(p.docStartLine, "%d -DOCSTART- line(s) tagged other than O, the first here; read as O", p.docStartTags)
	}
	if p.codes.n == 0 {
		p.warnings = append(p.warnings, p.name+": no tokens")
	}
	return nil
}

// document writes document k.
func (w *writer) document(k int) document.Doc {
	w.doc(k)
	d := &w.p.docs[k]
	id := strconv.Itoa(k + 1)
	text, buf := document.NewText(w.out)
	return document.Doc{
		Index:   k,
		Line:    int(d.line),
		ID:      id,
		JSON:    text,
		Text:    buf,
		Shared:  true,
		Name:    fmt.Sprintf("document %s (line %d)", id, d.line),
		Partner: w.p.shapeOf(k, w.tokens),
	}
}

// shapeOf is the Shape of document k: its tokens and its sentences.
func (p *parser) shapeOf(k, tokens int) *Shape {
	d := p.docs[k]
	end, sentEnd := p.codes.n, int32(len(p.sents))
	if k+1 < len(p.docs) {
		end, sentEnd = p.docs[k+1].start, p.docs[k+1].sent
	}
	return &Shape{Tokens: tokens, sents: p.sents[d.sent:sentEnd:sentEnd], end: end}
}

// warnLoose warns, once every document is written, about the entities
// strict mode drops.
func (w *writer) warnLoose() {
	if w.nLoose > 0 {
		w.p.warnf(w.firstLoose, "%d of %d entities %s, the first here: ner counts them, as conlleval does; ner_strict (seqeval's strict mode, %s) does not",
			w.nLoose, w.nEntities, looseWhy[w.scheme], w.scheme)
	}
}

// looseWhy says how an entity breaks each scheme.
var looseWhy = [...]string{
	IOB2:  "do not start with B- (as in IOB1)",
	IOE2:  "do not end with E- (as in IOE1)",
	IOBES: "are not S- or B- I-* E- of one type",
	Raw:   "", // every raw tag is an entity of one token
}

func (p *parser) warnf(line int32, format string, args ...any) {
	p.warnings = append(p.warnings, fmt.Sprintf("%s:%d: ", p.name, line)+fmt.Sprintf(format, args...))
}

// lineOf is the line of the token at offset off of the file.
func (p *parser) lineOf(off int32) int32 {
	lo, hi := 0, len(p.sents)
	for hi-lo > 1 { // the last sentence starting at or before off
		m := (lo + hi) / 2
		if p.sents[m].start <= off {
			lo = m
		} else {
			hi = m
		}
	}
	s := p.sents[lo]
	return s.line + off - s.start
}

// writer writes the JSON of documents, reusing its buffers.
type writer struct {
	p       *parser
	scheme  Scheme
	out     []byte
	lenient []span
	strict  []span
	looseB  []span // lenient minus strict
	tokens  int

	nLoose, nEntities int   // entities that are not strict, entities
	firstLoose        int32 // the line of the first that is not
}

// doc writes the JSON of document k to w.out, finding its entities and
// writing its tags in one pass over its tokens.
func (w *writer) doc(k int) {
	p := w.p
	d := p.docs[k]
	end, sentEnd := p.codes.n, int32(len(p.sents))
	if k+1 < len(p.docs) {
		end, sentEnd = p.docs[k+1].start, p.docs[k+1].sent
	}
	w.tokens = int(end - d.start)

	b := append(w.out[:0], `{"id":"`...)
	b = strconv.AppendInt(b, int64(k+1), 10)
	b = append(b, `","tags":"`...)
	all, strict := w.lenient[:0], w.strict[:0]
	for s := d.sent; s < sentEnd; s++ {
		from, to := p.sents[s].start, end
		if s+1 < sentEnd {
			to = p.sents[s+1].start
		}
		ch := chunker{prev: outside}
		st := strictState{prev: outside}
		for i := from; i < to; i++ {
			if i > d.start {
				b = append(b, ' ')
			}
			c := p.codes.at(i)
			if c == 0 && ch.prev.l == 'O' && !st.in {
				// O after O: neither reading has anything to do. (The
				// strict reading's prev is then O too.)
				b = append(b, 'O')
				continue
			}
			t := &p.tags[c]
			b = append(b, t.json...)
			all = ch.step(i-d.start, t.tok, all)
			strict = st.step(w.scheme, i-d.start, t.tok, strict)
		}
		all = ch.step(to-d.start, outside, all)
		strict = st.step(w.scheme, to-d.start, outside, strict)
	}
	// Strict entities are chunks too, in the same order: the others are
	// the loose ones.
	loose := w.looseB[:0]
	for i, j := 0, 0; i < len(all); i++ {
		if j < len(strict) && strict[j] == all[i] {
			j++
		} else {
			loose = append(loose, all[i])
		}
	}
	w.lenient, w.strict, w.looseB = all, strict, loose
	w.nEntities += len(all)
	if len(loose) > 0 {
		if w.nLoose == 0 {
			w.firstLoose = p.lineOf(d.start + loose[0].start)
		}
		w.nLoose += len(loose)
	}
	// The loose entities are entities too: each is written once, named
	// where it is an entity ("@n", document.AppendName) and referred to
	// in "loose" ("&n"), so that the evaluator decodes it once. In IOB1
	// nearly every entity is loose.
	b = append(b, `","entities":[`...)
	for i, j := 0, 0; i < len(all); i++ {
		if i > 0 {
			b = append(b, ',')
		}
		if j < len(loose) && loose[j] == all[i] {
			b = document.AppendName(b, j)
			j++
		}
		b = w.span(b, all[i])
	}
	b = append(b, `],"loose":[`...)
	for j := range loose {
		if j > 0 {
			b = append(b, ',')
		}
		b = document.AppendRef(b, j)
	}
	w.out = append(b, "]}"...)
}

// span appends the JSON object of one entity.
func (w *writer) span(b []byte, s span) []byte {
	b = append(b, `{"start":`...)
	b = strconv.AppendInt(b, int64(s.start), 10)
	b = append(b, `,"end":`...)
	b = strconv.AppendInt(b, int64(s.end), 10)
	b = append(b, `,"label":"`...)
	b = appendEscaped(b, w.p.types[s.t])
	return append(b, `"}`...)
}

// appendEscaped appends s as the inside of a JSON string.
func appendEscaped(b []byte, s string) []byte { return document.AppendJSONEscaped(b, s) }
