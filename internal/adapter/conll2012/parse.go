package conll2012

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
)

// maxWarnings bounds the warnings kept per file: a systematically broken
// file would otherwise print one line per token.
const maxWarnings = 100

// mention is one mention as read, in the order mentions end.
type mention struct {
	ent         int32 // entity index (Perl's numbering)
	left, right int32 // token offsets, inclusive
	line        int32 // line where the mention starts
	dropped     bool  // a repeat of an earlier mention
}

// opening is an unclosed "(id" on the stack of its entity.
type opening struct {
	tok, line int32
	ent       int32
	prev      int32 // the opening below it on the same stack, or -1
	closed    bool
}

// entity is what the parser knows of one chain id.
type entity struct {
	top  int32  // latest unclosed opening, or -1
	key  uint64 // chain id as numKey (0 when long)
	long string // chain id text when it has more than 15 digits
	kept int32  // mentions kept, then the output offset
}

// bufSize is the read buffer of parseReader. Lines are 50 to 100 bytes;
// beyond 64 KB a larger buffer saves no measurable time.
const bufSize = 64 << 10

// parser holds the state of one file being read. The per-document slices
// and maps are reused from one document to the next.
type parser struct {
	name string
	in   *document.Input

	nWarn      int
	stray      int   // non-blank lines outside documents
	firstStray int32 // the line of the first

	out []byte // the current document's JSON, before it becomes Doc.JSON

	// the current document
	inDoc   bool
	id      string
	docLine int
	tok     int32
	line    int32 // current line, from 1

	byNum  map[uint64]int32
	byText map[string]int32
	// small holds the entities of the small chain ids (numKey below
	// smallKeys), the ids of nearly every file, stamped with the document
	// (docGen) they were given in: no map lookup per annotation.
	small  []smallEntity
	docGen uint32
	ents   []entity
	opens  []opening
	ments  []mention
	order  []int32 // mention indices grouped by entity
	group  []int32 // scratch for one group of mentions ending together
	buf1   []byte  // annotation after pass 1
	buf2   []byte  // annotation after pass 2
	splits int     // split-antecedent marks discarded in this document

	warnedCR bool // the file's lone-CR line ends were reported

	// observe, set by tests, sees the mentions of each document as read,
	// before repeats are dropped.
	observe func(ents []entity, ments []mention)
}

// newParser returns a parser for the file called name.
func newParser(name string) *parser {
	return &parser{
		name:   name,
		in:     &document.Input{Path: name},
		byNum:  map[uint64]int32{},
		byText: map[string]int32{},
	}
}

// parseBytes reads a whole file held in memory, one line at a time,
// without copying it.
func (p *parser) parseBytes(data []byte) error {
	p.feedLines(trimBOM(data))
	return p.end()
}

// feedLines reads the lines of data, the last one ending at its end or
// after its last '\n'. A text without a carriage return, the common
// case, has no line to split again (feed): one search of the whole text
// spares one per line.
func (p *parser) feedLines(data []byte) {
	cr := bytes.IndexByte(data, '\r') >= 0
	for len(data) > 0 {
		var line []byte
		if k := bytes.IndexByte(data, '\n'); k >= 0 {
			line, data = data[:k], data[k+1:]
		} else {
			line, data = data, nil
		}
		if cr {
			p.feed(line)
			continue
		}
		// Most token lines have no annotation: "-" or "_" last, after a
		// space. When such a line starts neither with a space nor with
		// '#', feedLine would only count it.
		if n := len(line); p.inDoc && n >= 3 && (line[n-1] == '-' || line[n-1] == '_') && isSpace(line[n-2]) && line[0] != '#' && !isSpace(line[0]) {
			p.line++
			p.tok++
			continue
		}
		p.feedLine(line)
	}
}

// parseReader reads a file line by line through r, which it buffers with
// size bytes: only the current line (however long) and the state of the
// current document are held, besides the JSON of the documents read.
func (p *parser) parseReader(r io.Reader, size int) error {
	br := bufio.NewReaderSize(r, size)
	var long []byte // a line longer than the buffer, assembled
	first := true
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if err != nil && err != io.EOF {
			return err
		}
		if first {
			line, first = trimBOM(line), false
		}
		// The lines are those of parseBytes: a final "\n" ends the last
		// line rather than starting an empty one.
		if len(line) > 0 {
			if line[len(line)-1] == '\n' {
				line = line[:len(line)-1]
			}
			p.feed(line)
		}
		if err == io.EOF {
			return p.end()
		}
	}
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}

// feed reads one line, without its "\n". A lone "\r" inside it also ends
// a line (old Mac OS files): the Perl scorer would read the whole file as
// one line, and nothing in it could be scored.
func (p *parser) feed(line []byte) {
	if k := bytes.IndexByte(line, '\r'); k >= 0 && k < len(line)-1 {
		if !p.warnedCR {
			p.warnedCR = true
			p.warnAt(p.line+1, "", "lines end with a lone carriage return (old Mac OS); each is read as a line end (the official scorer would read one line)")
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		for {
			k := bytes.IndexByte(line, '\r')
			if k < 0 {
				p.feedLine(line)
				return
			}
			p.feedLine(line[:k])
			line = line[k+1:]
		}
	}
	p.feedLine(line)
}

// feedLine reads one line, without its line end.
func (p *parser) feedLine(line []byte) {
	p.line++
	s, e := trimSpace(line)
	if s == e {
		return // blank: a sentence break, which the scorer ignores
	}
	if line[s] == '#' {
		switch kind, rest := directive(line[s:e]); kind {
		case dirBegin:
			if p.inDoc {
				p.warnf(p.line, "no \"#end document\" before this \"#begin document\"; the document ends here")
				p.finish()
			}
			p.begin(rest)
		case dirEnd:
			if p.inDoc {
				p.finish()
			} else {
				p.warnAt(p.line, "", "\"#end document\" outside a document; ignored")
			}
		}
		return // otherwise a comment line, not a token
	}
	if !p.inDoc {
		if p.stray == 0 {
			p.firstStray = p.line
		}
		p.stray++
		return
	}
	// The annotation is the last column.
	f := e
	for f > s && !isSpace(line[f-1]) {
		f--
	}
	p.annotate(line[f:e])
	p.tok++
}

// end closes the file after its last line.
func (p *parser) end() error {
	if p.inDoc {
		p.warnf(p.line, "no \"#end document\" at the end of the file; the document ends there")
		p.finish()
	}
	if len(p.in.Docs) == 0 && p.stray > 0 {
		return &document.DataError{File: fmt.Sprintf("%s:%d", p.name, p.firstStray),
			Msg: "no \"#begin document\" line: not a CoNLL-2012 coreference file"}
	}
	if p.stray > 0 {
		p.warnAt(p.firstStray, "", fmt.Sprintf("%d non-blank line(s) outside \"#begin document\" … \"#end document\" blocks, the first here; ignored", p.stray))
	}
	if len(p.in.Docs) == 0 {
		p.warnAt(0, "", "no documents")
	}
	if p.nWarn > maxWarnings {
		p.in.Warnings = append(p.in.Warnings, fmt.Sprintf("%s: %d more warnings not shown", p.name, p.nWarn-maxWarnings))
	}
	return nil
}

func (p *parser) begin(name []byte) {
	p.inDoc = true
	p.id = docID(name)
	p.docLine = int(p.line)
	p.tok = 0
	clear(p.byNum)
	clear(p.byText)
	p.docGen++
	if p.docGen == 0 { // wrapped: forget every stamp
		clear(p.small)
		p.docGen = 1
	}
	p.ents = p.ents[:0]
	p.opens = p.opens[:0]
	p.ments = p.ments[:0]
	p.splits = 0
}

// docID strips the CoNLL decoration from a document name; see the package
// documentation.
func docID(name []byte) string {
	s, e := trimSpace(name)
	name = name[s:e]
	if len(name) > 0 && name[0] == '(' {
		if k := bytes.LastIndexByte(name, ')'); k > 0 {
			inner, rest := name[1:k], name[k+1:]
			s, e := trimSpace(rest)
			rest = rest[s:e]
			if len(rest) > 0 && rest[0] == ';' {
				s, e := trimSpace(rest[1:])
				rest = rest[1:][s:e]
			}
			switch {
			case len(rest) == 0:
				return validUTF8(inner)
			case utf8.Valid(inner) && utf8.Valid(rest):
				return string(inner) + "; " + string(rest)
			}
			return validUTF8(inner) + "; " + validUTF8(rest)
		}
	}
	return validUTF8(name)
}

// validUTF8 replaces each byte that is not UTF-8 by U+FFFD, as the JSON of
// the document will, so that Doc.ID and the JSON id agree.
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			sb.WriteRune(utf8.RuneError)
		} else {
			sb.Write(b[:n])
		}
		b = b[n:]
	}
	return sb.String()
}

// annotate reads the coreference column of one token as GetCoreference
// (lib/CorScorer.pm) does: four passes of s///, each taking the leftmost
// match and starting again. Removing a match can join its two sides into a
// new match in passes 1 and 2 ("(1(2)3)" leaves "(13)"); they run as stack
// filters, which find the same matches in the same order in linear time
// (matches of either pattern cannot overlap, so the leftmost one is also
// the one that ends first). Passes 3 and 4 cannot create matches; see
// opensAndCloses.
func (p *parser) annotate(f []byte) {
	if len(f) == 1 && (f[0] == '-' || f[0] == '_') {
		return
	}
	clean := true
	for _, c := range f {
		if !isDigit(c) && c != '(' && c != ')' && c != '|' && c != '+' {
			p.warnf(p.line, "the coreference column %q at token %d holds more than numeric chain ids; what is not one is ignored, as the official scorer's patterns do", f, p.tok)
			clean = false
			break
		}
	}
	if clean {
		if junk := strayMarks(f); junk != "" {
			p.warnf(p.line, "the coreference column %q at token %d has %q outside any chain annotation (\"(N\", \"N)\", \"(N)\", joined by \"|\" or not); ignored, as the official scorer's patterns ignore it", f, p.tok, junk)
		}
	}
	if bytes.IndexByte(f, '+') >= 0 {
		f = p.dropSplits(f)
	}
	if bytes.IndexByte(f, ')') >= 0 {
		f = p.singles(f)
	}
	p.opensAndCloses(f)
}

// strayMarks returns the characters of a coreference column that belong to
// no annotation the official scorer's patterns read: brackets without a
// chain id ("((((", ")|)"), a "+" outside a split-antecedent mark. A
// well-formed column, "(12", "12)", "(12)", "(1(3", "3)|1)", "(12+3)",
// has none.
func strayMarks(f []byte) string {
	var junk []byte
	for i := 0; i < len(f); {
		c := f[i]
		switch {
		case c == '|':
			i++
			continue
		case c == '(':
			j := i + 1
			for j < len(f) && isDigit(f[j]) {
				j++
			}
			if j == i+1 {
				break // "(" without a chain id
			}
			if j+1 < len(f) && f[j] == '+' && isDigit(f[j+1]) {
				k := j + 1
				for k < len(f) && isDigit(f[k]) {
					k++
				}
				if k < len(f) && f[k] == ')' {
					i = k + 1 // (12+3): a split-antecedent mark
					continue
				}
				break
			}
			if j < len(f) && f[j] == ')' {
				j++ // (12)
			}
			i = j
			continue
		case isDigit(c):
			j := i
			for j < len(f) && isDigit(f[j]) {
				j++
			}
			if j < len(f) && f[j] == ')' {
				i = j + 1 // 12)
				continue
			}
			junk = append(junk, f[i:j]...)
			i = j
			continue
		}
		junk = append(junk, c)
		i++
	}
	return string(junk)
}

// dropSplits is pass 1, s/\((\d+\+\d)\)//: split-antecedent marks are
// discarded.
func (p *parser) dropSplits(f []byte) []byte {
	b := p.buf1[:0]
	for _, c := range f {
		if c == ')' {
			// Does b end with ( \d+ + \d ?
			n := len(b)
			if n >= 4 && isDigit(b[n-1]) && b[n-2] == '+' {
				k := n - 2
				for k > 0 && isDigit(b[k-1]) {
					k--
				}
				if k < n-2 && k > 0 && b[k-1] == '(' {
					b = b[:k-1]
					p.splits++
					continue
				}
			}
		}
		b = append(b, c)
	}
	p.buf1 = b
	return b
}

// singles is pass 2, s/\((\d+)\)//: one-token mentions.
func (p *parser) singles(f []byte) []byte {
	b := p.buf2[:0]
	for _, c := range f {
		if c == ')' {
			k := len(b)
			for k > 0 && isDigit(b[k-1]) {
				k--
			}
			if k < len(b) && k > 0 && b[k-1] == '(' {
				p.addMention(p.index(b[k:]), p.tok, p.tok, p.line)
				b = b[:k-1]
				continue
			}
		}
		b = append(b, c)
	}
	p.buf2 = b
	return b
}

// opensAndCloses is pass 3, s/\((\d+)// (openings), then pass 4,
// s/(\d+)\)// (closings). After pass 2 no "(\d+)" is left, so an opening is
// followed by neither a digit (\d+ is greedy) nor ")", and removing it
// joins nothing; a closing starts at the first digit of a run, so removing
// it joins nothing either. Both passes are therefore single left-to-right
// scans: a digit run after "(" is an opening, any other run followed by
// ")" a closing, and all openings come before all closings.
func (p *parser) opensAndCloses(f []byte) {
	closes := false
	for i := 0; i < len(f); {
		if !isDigit(f[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(f) && isDigit(f[j]) {
			j++
		}
		if i > 0 && f[i-1] == '(' {
			p.open(f[i:j])
		} else if j < len(f) && f[j] == ')' {
			closes = true
		}
		i = j
	}
	if !closes {
		return
	}
	for i := 0; i < len(f); {
		if !isDigit(f[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(f) && isDigit(f[j]) {
			j++
		}
		if (i == 0 || f[i-1] != '(') && j < len(f) && f[j] == ')' {
			p.close(f[i:j])
		}
		i = j
	}
}

func (p *parser) open(id []byte) {
	e := p.index(id)
	p.opens = append(p.opens, opening{tok: p.tok, line: p.line, ent: e, prev: p.ents[e].top})
	p.ents[e].top = int32(len(p.opens) - 1)
}

func (p *parser) close(id []byte) {
	e := p.index(id)
	o := p.ents[e].top
	if o < 0 {
		// CorScorer.pm dies: "Detected the end of a mention [..] without begin".
		p.warnf(p.line, "chain %s closes at token %d without an opening; ignored (the Perl scorer stops here)", id, p.tok)
		return
	}
	op := &p.opens[o]
	op.closed = true
	p.ents[e].top = op.prev
	p.addMention(e, op.tok, p.tok, op.line)
}

func (p *parser) addMention(e, left, right, line int32) {
	p.ments = append(p.ments, mention{ent: e, left: left, right: right, line: line})
}

// index is GetIndex: the entity number of a chain id, given on first
// sight. Ids of up to 15 digits are keyed by value and length, so that
// "01" and "1" stay apart as Perl's hash keys do, without allocating.
func (p *parser) index(id []byte) int32 {
	if len(id) <= 15 {
		k := numKey(id)
		if k < smallKeys {
			if p.small == nil {
				p.small = make([]smallEntity, smallKeys)
			}
			s := &p.small[k]
			if s.gen != p.docGen {
				s.gen, s.ent = p.docGen, p.newEntity(k, "")
			}
			return s.ent
		}
		if e, ok := p.byNum[k]; ok {
			return e
		}
		e := p.newEntity(k, "")
		p.byNum[k] = e
		return e
	}
	if e, ok := p.byText[string(id)]; ok {
		return e
	}
	s := string(id)
	e := p.newEntity(0, s)
	p.byText[s] = e
	return e
}

// smallKeys bounds the numKeys of parser.small: chain ids up to 1023.
const smallKeys = 1 << 14

type smallEntity struct {
	gen uint32
	ent int32
}

func numKey(id []byte) uint64 {
	var v uint64
	for _, c := range id {
		v = v*10 + uint64(c-'0')
	}
	return v<<4 | uint64(len(id))
}

func (p *parser) newEntity(key uint64, long string) int32 {
	p.ents = append(p.ents, entity{top: -1, key: key, long: long})
	return int32(len(p.ents) - 1)
}

// chainName is the chain id of entity e as written in the file.
func (p *parser) chainName(e int32) string {
	en := &p.ents[e]
	if en.long != "" {
		return en.long
	}
	s := strconv.FormatUint(en.key>>4, 10)
	if n := int(en.key & 15); len(s) < n {
		s = strings.Repeat("0", n-len(s)) + s
	}
	return s
}

// finish ends the current document: it reports what could not be read,
// drops repeated mentions and writes the JSON.
func (p *parser) finish() {
	if p.splits > 0 {
		p.warnf(int32(p.docLine), "%d split-antecedent mark(s) like \"(12+3)\" discarded, as the Perl scorer does", p.splits)
	}
	for i := range p.opens {
		if o := &p.opens[i]; !o.closed {
			// CorScorer.pm dies at "#end document": "some mentions in the
			// document do not close".
			p.warnf(o.line, "chain %s opens at token %d and never closes; dropped (the Perl scorer stops here)", p.chainName(o.ent), o.tok)
		}
	}
	if p.observe != nil {
		p.observe(p.ents, p.ments)
	}
	p.dedupe()
	p.writeJSON()
	p.inDoc = false
	// One string per document: the JSON is kept, the buffer reused.
	p.in.Docs = append(p.in.Docs, document.Doc{
		Index: len(p.in.Docs),
		Line:  p.docLine,
		ID:    p.id,
		JSON:  string(p.out),
		Name:  "document " + strconv.Quote(p.id) + " (line " + strconv.Itoa(p.docLine) + ")",
	})
}

// dedupe marks every repetition of a mention but the first in Perl's order
// (entity number, then the order mentions end in), as IdentifMentions
// removes a repeated response mention. Mentions are appended as they end,
// so repetitions, which end on the same token, are neighbours.
func (p *parser) dedupe() {
	m := p.ments
	for a := 0; a < len(m); {
		b := a + 1
		for b < len(m) && m[b].right == m[a].right {
			b++
		}
		if b-a > 1 {
			p.dedupeGroup(a, b)
		}
		a = b
	}
}

func (p *parser) dedupeGroup(a, b int) {
	m := p.ments
	g := p.group[:0]
	for i := a; i < b; i++ {
		g = append(g, int32(i))
	}
	p.group = g
	slices.SortFunc(g, func(x, y int32) int {
		if m[x].left != m[y].left {
			return int(m[x].left) - int(m[y].left)
		}
		if m[x].ent != m[y].ent {
			return int(m[x].ent) - int(m[y].ent)
		}
		return int(x) - int(y)
	})
	for i := 0; i < len(g); {
		j := i + 1
		for j < len(g) && m[g[j]].left == m[g[i]].left {
			j++
		}
		if j-i > 1 {
			for _, k := range g[i+1 : j] {
				m[k].dropped = true
			}
			p.warnRepeat(g[i:j])
		}
		i = j
	}
}

// warnRepeat reports one repeated span; occ holds every occurrence in
// Perl's order, the kept one first.
func (p *parser) warnRepeat(occ []int32) {
	m := p.ments
	kept := m[occ[0]]
	var ents []string
	for i, k := range occ {
		if i == 0 || m[k].ent != m[occ[i-1]].ent {
			ents = append(ents, p.chainName(m[k].ent))
		}
	}
	span := fmt.Sprintf("[%d, %d]", kept.left, kept.right)
	keptIn := p.chainName(kept.ent)
	var msg string
	switch {
	case len(ents) == 1:
		msg = fmt.Sprintf("repeated mention %s in entity %s (%d times); kept once", span, keptIn, len(occ))
	case len(ents) == len(occ):
		msg = fmt.Sprintf("repeated mention %s in entities %s; kept in entity %s", span, andList(ents), keptIn)
	default:
		msg = fmt.Sprintf("repeated mention %s in entities %s (%d times); kept in entity %s", span, andList(ents), len(occ), keptIn)
	}
	// Point at the line where the first repetition starts.
	line := m[occ[1]].line
	for _, k := range occ[1:] {
		line = min(line, m[k].line)
	}
	p.warnf(line, "%s", msg)
}

func andList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// writeJSON writes the document's JSON to p.out: entities in Perl's
// order, each with its kept mentions in the order they end; entities left
// without mentions are omitted.
func (p *parser) writeJSON() {
	ents, m := p.ents, p.ments
	for e := range ents {
		ents[e].kept = 0
	}
	for i := range m {
		if !m[i].dropped {
			ents[m[i].ent].kept++
		}
	}
	// A stable counting sort of the kept mentions by entity.
	off := int32(0)
	for e := range ents {
		n := ents[e].kept
		ents[e].kept = off
		off += n
	}
	order := slices.Grow(p.order[:0], int(off))[:off]
	for i := range m {
		if !m[i].dropped {
			e := m[i].ent
			order[ents[e].kept] = int32(i)
			ents[e].kept++
		}
	}
	p.order = order

	b := append(p.out[:0], `{"id":`...)
	b = appendString(b, p.id)
	b = append(b, `,"entities":[`...)
	for i := 0; i < len(order); {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"mentions":[`...)
		e := m[order[i]].ent
		for j := i; i < len(order) && m[order[i]].ent == e; i++ {
			if i > j {
				b = append(b, ',')
			}
			b = append(b, `{"left":`...)
			b = strconv.AppendInt(b, int64(m[order[i]].left), 10)
			b = append(b, `,"right":`...)
			b = strconv.AppendInt(b, int64(m[order[i]].right), 10)
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	p.out = append(b, "]}"...)
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte { return document.AppendJSONString(b, s) }

// warnf records a warning about the current document at a line.
func (p *parser) warnf(line int32, format string, args ...any) {
	if p.nWarn >= maxWarnings {
		p.nWarn++ // only counted: skip the formatting
		return
	}
	p.warnAt(line, p.id, fmt.Sprintf(format, args...))
}

// warnAt records a warning about the file, at a line if line > 0, in a
// document unless doc is empty and no document is open.
func (p *parser) warnAt(line int32, doc string, msg string) {
	p.nWarn++
	if p.nWarn > maxWarnings {
		return
	}
	var sb strings.Builder
	sb.WriteString(p.name)
	if line > 0 {
		sb.WriteByte(':')
		sb.WriteString(strconv.Itoa(int(line)))
	}
	sb.WriteString(": ")
	if p.inDoc {
		fmt.Fprintf(&sb, "document %q: ", doc)
	}
	sb.WriteString(msg)
	p.in.Warnings = append(p.in.Warnings, sb.String())
}

type dirKind int

const (
	dirComment dirKind = iota
	dirBegin
	dirEnd
)

// directive classifies a line that starts with "#": "#begin document NAME"
// (returning NAME), "#end document", or a comment. As in the Perl scorer,
// space may follow "#".
func directive(line []byte) (dirKind, []byte) {
	rest := skipSpace(line[1:])
	kind := dirBegin
	switch {
	case bytes.HasPrefix(rest, []byte("begin")):
		rest = rest[len("begin"):]
	case bytes.HasPrefix(rest, []byte("end")):
		rest, kind = rest[len("end"):], dirEnd
	default:
		return dirComment, nil
	}
	if len(rest) == 0 || !isSpace(rest[0]) {
		return dirComment, nil
	}
	rest = skipSpace(rest)
	if !bytes.HasPrefix(rest, []byte("document")) {
		return dirComment, nil
	}
	rest = rest[len("document"):]
	if len(rest) > 0 && !isSpace(rest[0]) {
		return dirComment, nil
	}
	return kind, rest
}

func skipSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func trimSpace(b []byte) (s, e int) {
	e = len(b)
	for e > 0 && isSpace(b[e-1]) {
		e--
	}
	for s < e && isSpace(b[s]) {
		s++
	}
	return s, e
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
