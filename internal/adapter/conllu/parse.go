package conllu

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/pytext"
)

// The relations and features the scorer distinguishes (the UD v2
// guidelines' lists, as conll18_ud_eval.py has them).
var (
	contentRels = set("nsubj", "obj", "iobj", "csubj", "ccomp", "xcomp", "obl", "vocative",
		"expl", "dislocated", "advcl", "advmod", "discourse", "nmod", "appos",
		"nummod", "acl", "amod", "conj", "fixed", "flat", "compound", "list",
		"parataxis", "orphan", "goeswith", "reparandum", "root", "dep")
	functionalRels    = set("aux", "cop", "mark", "det", "clf", "case", "cc")
	universalFeatures = set("PronType", "NumType", "Poss", "Reflex", "Foreign", "Abbr", "Gender",
		"Animacy", "Number", "Case", "Definite", "Degree", "VerbForm", "Mood",
		"Tense", "Aspect", "Voice", "Evident", "Polarity", "Person", "Polite")
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// maxErrors bounds the errors reported per file.
const maxErrors = 20

// bufSize is the read buffer: CoNLL-U lines are short.
const bufSize = 64 << 10

// word is one syntactic word of the current sentence.
type word struct {
	start, end int // span in characters from the document's start
	// prev is the start of the token before the word's token, -1 if none;
	// for a multiword token, -1 also when that token is a multiword token.
	prev       int
	mw         bool
	form       *column // lower case, without Zs characters
	upos, xpos *column
	feats      *column // universal features only, sorted
	lemma      *column
	deprel     *column // universal part
	head       int     // 0: root; else 1-based index in the sentence
	line       int
	children   []int32 // functional children, 0-based
}

// parser holds the state of one file being read.
type parser struct {
	name string
	in   *document.Input
	errs document.DataErrors
	line int

	nDocs int  // documents ended so far
	whole bool // "# newdoc" lines are ignored: the file is one document

	// the current document
	docStarted bool
	docLine    int
	text       []byte // characters of the tokens, without Zs
	chars      int    // len(text) in code points
	lines      []textLine
	tokens     chunked // JSON of the token spans
	sents      chunked // JSON of the sentence spans
	words      chunked // JSON of the words
	sentJSON   []byte  // JSON of the current sentence's words
	nTokens    int
	nSents     int
	nWords     int

	// the current sentence
	inSent    bool
	sentStart int // character offset
	sentLine  int
	sent      []word
	mwEnd     int // last word ID of the open multiword token, 0 if none
	mwStart   int // its first word ID
	mwLine    int
	mwSpan    [2]int
	mwReach   int  // the start of the single-word token before the open multiword token, or -1
	lastTok   int  // the start of the document's last token, -1 before the first
	prevTok   int  // the one before it
	lastMW    bool // the last token is a multiword token
	prevMW    bool // the one before it is
	badSent   bool // an error was reported: the sentence is not emitted
	scratch   []byte
	featBuf   []string
	keyBuf    []byte  // the JSON keys of the sentence's words
	keyAt     []int32 // word i's key is keyBuf[keyAt[i]:keyAt[i+1]]
	// A word's key recurs as its dependents' head and as its head's
	// child: the document names it where it first occurs and refers to
	// it after (document.AppendName). keyName[i] is the name of word i's
	// key (-1: not written yet), rootName the root key's, nNames the
	// number of names of the document.
	keyName  []int32
	rootName int
	nNames   int

	// strs, feats and forms intern the strings of the file: columns,
	// universal features (by their FEATS) and lower-case forms repeat.
	strs, feats map[string]*column
	forms       map[string]*column
}

// pairHint explains the pairing of CoNLL-U documents.
const pairHint = `CoNLL-U documents ("# newdoc" lines, else the whole file) pair by position, so both files need the same "# newdoc" lines, or none (delete them from both, e.g. with sed '/^# newdoc/d')`

// textLine maps a byte offset of the document's text to a file line.
type textLine struct{ off, line int32 }

func newParser(name string) *parser {
	return &parser{name: name, in: &document.Input{Path: name, Positional: true, PairHint: pairHint}, lastTok: -1, prevTok: -1, rootName: -1,
		strs: map[string]*column{}, feats: map[string]*column{}, forms: map[string]*column{}}
}

// column is a column's value, interned for the file, with the names it
// has in the current document (document.AppendName): a word names its
// columns' strings, and its "lemma" and "cdeprel" lists, where they first
// occur in the document, and refers to them after, so that the evaluator
// reads a reference instead of decoding them again.
type column struct {
	s   string
	doc int // the document the names below are of (parser.nDocs)
	// the names of the string, of the lemma list ["#", "=s"] (["#"] for
	// "_") and of the cdeprel list ([s] or []); -1: not written yet
	name, lemma, rel int32
}

// names returns c with the names of the current document.
func (p *parser) names(c *column) *column {
	if c.doc != p.nDocs {
		c.doc, c.name, c.lemma, c.rel = p.nDocs, -1, -1, -1
	}
	return c
}

// str interns a column.
func (p *parser) str(b []byte) *column {
	if c, ok := p.strs[string(b)]; ok {
		return c
	}
	return p.intern(string(b))
}

func (p *parser) intern(s string) *column {
	c := &column{s: s, doc: -1}
	p.strs[s] = c
	return c
}

// lower is the key form of a FORM: without Zs characters, in lower case.
func (p *parser) lower(b []byte) *column {
	if c, ok := p.forms[string(b)]; ok {
		return c
	}
	s := pytext.Lower(stripZs(b))
	c, ok := p.strs[s]
	if !ok {
		c = p.intern(s)
	}
	p.forms[string(b)] = c
	return c
}

// errorf records an error at a line of the file.
func (p *parser) errorf(line int, format string, args ...any) {
	p.badSent = true
	if len(p.errs) == maxErrors {
		p.errs = append(p.errs, &document.DataError{File: p.name, Msg: "more errors not shown"})
	}
	if len(p.errs) > maxErrors {
		return
	}
	p.errs = append(p.errs, &document.DataError{File: fmt.Sprintf("%s:%d", p.name, line), Msg: fmt.Sprintf(format, args...)})
}

// lineReader yields the lines of a text as the scorer reads them: "\r\n"
// or "\n" ends a line, and a final line without an end counts.
type lineReader struct {
	br    *bufio.Reader
	long  []byte
	first bool
	eof   bool
}

func newLineReader(r io.Reader) *lineReader {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < bufSize {
		br = bufio.NewReaderSize(r, bufSize)
	}
	return &lineReader{br: br, first: true}
}

// next returns the next line, without its end, valid until the next
// call; io.EOF after the last.
func (lr *lineReader) next() ([]byte, error) {
	for !lr.eof {
		line, err := lr.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			lr.long = append(lr.long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = lr.br.ReadSlice('\n')
				lr.long = append(lr.long, line...)
			}
			line = lr.long
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		lr.eof = err == io.EOF
		if lr.first {
			line, lr.first = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF")), false
		}
		if len(line) > 0 {
			line = bytes.TrimSuffix(line, []byte("\n"))
			return bytes.TrimSuffix(line, []byte("\r")), nil
		}
	}
	return nil, io.EOF
}

// feed reads one line, without its end.
func (p *parser) feed(line []byte) {
	p.line++
	if len(p.errs) > maxErrors {
		return
	}
	if !p.inSent {
		if len(line) > 0 && line[0] == '#' {
			if isNewdoc(line) && !p.whole {
				p.endDoc()
			}
			return
		}
		if len(line) == 0 {
			p.errorf(p.line, "an empty sentence (two blank lines in a row)")
			return
		}
		p.startSentence()
	}
	if len(line) == 0 {
		p.endSentence()
		return
	}
	if !utf8.Valid(line) {
		p.errorf(p.line, "the line is not valid UTF-8")
		return
	}
	p.token(line)
}

// isNewdoc reports whether a comment line is "# newdoc" (with or without
// an id).
func isNewdoc(line []byte) bool {
	rest := bytes.TrimLeft(line[1:], " \t")
	if !bytes.HasPrefix(rest, []byte("newdoc")) {
		return false
	}
	rest = rest[len("newdoc"):]
	return len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '='
}

func (p *parser) startSentence() {
	if !p.docStarted {
		p.docStarted = true
		p.docLine = p.line
	}
	p.inSent = true
	p.sentStart = p.chars
	p.sentLine = p.line
	p.sent = p.sent[:0]
	p.mwEnd = 0
	p.badSent = false
}

// token reads a token or word line of the current sentence.
func (p *parser) token(line []byte) {
	var cols [10][]byte
	n := 0
	for rest := line; ; n++ {
		k := bytes.IndexByte(rest, '\t')
		if n == 10 || k < 0 {
			if n < 10 {
				cols[n] = rest
			}
			n++
			break
		}
		cols[n], rest = rest[:k], rest[k+1:]
	}
	if n != 10 {
		if line[0] == '#' {
			p.errorf(p.line, "a comment inside a sentence (comments go before the sentence's first line)")
		} else {
			p.errorf(p.line, "the line has %d tab-separated columns, not 10: %q", n, clip(line))
		}
		return
	}
	id := cols[0]
	if bytes.IndexByte(id, '.') >= 0 {
		if _, err := strconv.ParseFloat(string(id), 64); err != nil {
			p.errorf(p.line, "cannot parse the empty node ID %q", id)
		}
		return // an empty node: not a word
	}
	next := len(p.sent) + 1
	if dash := bytes.IndexByte(id, '-'); dash >= 0 {
		a, err1 := strconv.Atoi(string(id[:dash]))
		b, err2 := strconv.Atoi(string(id[dash+1:]))
		switch {
		case err1 != nil || err2 != nil || a > b:
			p.errorf(p.line, "cannot parse the multiword token ID %q", id)
			return
		case p.mwEnd != 0:
			p.errorf(p.line, "multiword token %q inside multiword token %d-%d (line %d)", id, p.mwStart, p.mwEnd, p.mwLine)
			return
		case a != next:
			p.errorf(p.line, "multiword token %q should start at the next word, %d", id, next)
			return
		}
		start, end, ok := p.addToken(cols[1])
		if !ok {
			return
		}
		p.mwStart, p.mwEnd, p.mwLine, p.mwSpan = a, b, p.line, [2]int{start, end}
		p.lastMW = true
		p.mwReach = -1
		if !p.prevMW {
			p.mwReach = p.prevTok
		}
		return
	}
	wid, err := strconv.Atoi(string(id))
	if err != nil {
		p.errorf(p.line, "cannot parse the word ID %q", id)
		return
	}
	if wid != next {
		p.errorf(p.line, "word ID %d, expected %d", wid, next)
		return
	}
	w := word{line: p.line}
	if p.mwEnd != 0 {
		w.start, w.end, w.mw, w.prev = p.mwSpan[0], p.mwSpan[1], true, p.mwReach
		w.form = p.lower(cols[1])
		if wid == p.mwEnd {
			p.mwEnd = 0
		}
	} else {
		start, end, ok := p.addToken(cols[1])
		if !ok {
			return
		}
		w.start, w.end, w.prev = start, end, p.prevTok
		w.form = p.lower(cols[1])
	}
	head, err := strconv.Atoi(string(cols[6]))
	switch {
	case err != nil:
		p.errorf(p.line, "cannot parse HEAD %q", cols[6])
		return
	case head < 0:
		p.errorf(p.line, "HEAD %d is negative", head)
		return
	}
	w.head = head
	w.lemma = p.str(cols[2])
	w.upos = p.str(cols[3])
	w.xpos = p.str(cols[4])
	w.feats = p.universalFeats(cols[5])
	deprel := cols[7]
	if k := bytes.IndexByte(deprel, ':'); k >= 0 {
		deprel = deprel[:k]
	}
	w.deprel = p.str(deprel)
	p.sent = append(p.sent, w)
}

// addToken adds a token's FORM to the text: its span, in characters.
func (p *parser) addToken(form []byte) (start, end int, ok bool) {
	chars := stripZs(form)
	if chars == "" {
		p.errorf(p.line, "an empty FORM (or one of spaces only)")
		return 0, 0, false
	}
	if len(p.lines) == cap(p.lines) {
		// Double: a document has a line per token. Each document starts a
		// slice of its own (its Partner keeps it), small: a corpus of
		// short documents took 8 KB each (en_ewt: 316 of about 80 lines).
		p.lines = slices.Grow(p.lines, max(64, len(p.lines)))
	}
	p.lines = append(p.lines, textLine{off: int32(len(p.text)), line: int32(p.line)})
	p.text = append(p.text, chars...)
	start = p.chars
	p.prevTok, p.lastTok = p.lastTok, start
	p.prevMW, p.lastMW = p.lastMW, false
	p.chars += utf8.RuneCountInString(chars)
	p.scratch = appendSpan(append(p.scratch[:0], sep(p.nTokens)...), start, p.chars)
	p.tokens.write(p.scratch)
	p.nTokens++
	return start, p.chars, true
}

func sep(n int) string {
	if n == 0 {
		return ""
	}
	return ","
}

// stripZs removes the characters of Unicode category Zs (spaces), as the
// scorer does to every FORM.
func stripZs(b []byte) string {
	clean := true
	for _, r := range string(b) {
		if unicode.Is(unicode.Zs, r) {
			clean = false
			break
		}
	}
	if clean {
		return string(b)
	}
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Zs, r) {
			return -1
		}
		return r
	}, string(b))
}

// universalFeats keeps the universal features of FEATS, sorted and joined
// by "|", as the scorer does ("_" gives "").
func (p *parser) universalFeats(col []byte) *column {
	if c, ok := p.feats[string(col)]; ok {
		return c
	}
	s := p.universal(col)
	c, ok := p.strs[s]
	if !ok {
		c = p.intern(s)
	}
	p.feats[string(col)] = c
	return c
}

func (p *parser) universal(col []byte) string {
	p.featBuf = p.featBuf[:0]
	for f := range bytes.SplitSeq(col, []byte("|")) {
		name := f
		if k := bytes.IndexByte(f, '='); k >= 0 {
			name = f[:k]
		}
		if universalFeatures[string(name)] {
			p.featBuf = append(p.featBuf, string(f))
		}
	}
	switch len(p.featBuf) {
	case 0:
		return ""
	case 1:
		return p.featBuf[0]
	}
	sort.Strings(p.featBuf)
	return strings.Join(p.featBuf, "|")
}

// endSentence checks the sentence's tree and appends its words' JSON.
func (p *parser) endSentence() {
	p.inSent = false
	if p.mwEnd != 0 {
		p.errorf(p.mwLine, "multiword token %d-%d ends after its sentence's last word", p.mwStart, p.mwEnd)
	}
	if len(p.sent) == 0 && !p.badSent {
		p.errorf(p.sentLine, "a sentence without words")
	}
	if p.badSent {
		return
	}
	n := len(p.sent)
	roots := 0
	for i := range p.sent {
		w := &p.sent[i]
		if w.head > n {
			p.errorf(w.line, "HEAD %d points outside of the sentence (of %d words)", w.head, n)
			return
		}
		if w.head == 0 {
			roots++
		}
	}
	// A cycle: following heads from a word never reaches the root.
	state := make([]uint8, n) // 0 unseen, 1 on the current path, 2 reaches the root
	for i := range p.sent {
		j := i
		for state[j] == 0 && p.sent[j].head != 0 {
			state[j] = 1
			j = p.sent[j].head - 1
		}
		if state[j] == 1 {
			p.errorf(p.sent[j].line, "a cycle of HEADs through word %d of the sentence at line %d", j+1, p.sentLine)
			return
		}
		for j = i; state[j] == 1; j = p.sent[j].head - 1 {
			state[j] = 2
		}
		state[j] = 2
	}
	if roots != 1 {
		p.errorf(p.sentLine, "the sentence has %d roots (words with HEAD 0), not 1", roots)
		return
	}
	for i := range p.sent {
		w := &p.sent[i]
		if w.head != 0 && functionalRels[w.deprel.s] {
			h := &p.sent[w.head-1]
			h.children = append(h.children, int32(i))
		}
	}
	p.keys()
	b := p.sentJSON[:0]
	for i := range p.sent {
		b = append(b, sep(p.nWords)...)
		b = p.appendWord(b, i)
		p.nWords++
	}
	p.sentJSON = b
	p.words.write(b)
	p.scratch = appendSpan(append(p.scratch[:0], sep(p.nSents)...), p.sentStart, p.chars)
	p.sents.write(p.scratch)
	p.nSents++
}

func appendSpan(b []byte, start, end int) []byte {
	b = append(b, `{"start":`...)
	b = strconv.AppendInt(b, int64(start), 10)
	b = append(b, `,"end":`...)
	b = strconv.AppendInt(b, int64(end), 10)
	return append(b, '}')
}

// appendTag appends the JSON string of a letter and a number ("l12").
func appendTag(b []byte, tag byte, n int) []byte {
	b = append(b, '"', tag)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, '"')
}

// rootKey is the key of the root, which no word's key equals.
const rootKey = `{"chars":[-1],"lag":[],"edge":["root"],"mw":[],"form":""}`

// appendKey appends the alignment key of word i of the sentence: named
// where it first occurs, referred to after.
func (p *parser) appendKey(b []byte, i int) []byte {
	if n := p.keyName[i]; n >= 0 {
		return document.AppendRef(b, int(n))
	}
	p.keyName[i] = p.newName()
	b = document.AppendName(b, int(p.keyName[i]))
	b = append(b, p.keyBuf[p.keyAt[i]:p.keyAt[i+1]]...)
	return append(p.appendStr(b, p.sent[i].form), '}')
}

// appendRootKey appends the root's key, named once per document.
func (p *parser) appendRootKey(b []byte) []byte {
	if p.rootName >= 0 {
		return document.AppendRef(b, p.rootName)
	}
	p.rootName = int(p.newName())
	b = document.AppendName(b, p.rootName)
	return append(b, rootKey...)
}

// keys writes the keys of the sentence's words into keyBuf, but for their
// forms, which appendKey writes as it writes the key: named in the
// document where they first occur, as a word's columns are.
func (p *parser) keys() {
	p.keyBuf, p.keyAt = p.keyBuf[:0], append(p.keyAt[:0], 0)
	p.keyName = p.keyName[:0]
	for i := range p.sent {
		p.keyName = append(p.keyName, -1)
		w := &p.sent[i]
		b := append(p.keyBuf, `{"chars":[`...)
		b = strconv.AppendInt(b, int64(w.start), 10)
		if w.mw {
			for c := w.start + 1; c < w.end; c++ {
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(c), 10)
			}
		}
		// lag and edge are strings, so that they never share a blocking
		// key with chars (or with each other).
		b = append(b, `],"lag":[`...)
		switch {
		case !w.mw && w.prev >= 0:
			b = appendTag(b, 'l', w.prev)
		case w.mw && w.prev >= 0:
			for c := w.prev + 1; c < w.start; c++ {
				if c > w.prev+1 {
					b = append(b, ',')
				}
				b = appendTag(b, 'l', c)
			}
		}
		b = append(b, `],"edge":[`...)
		switch {
		case !w.mw && w.prev >= 0:
			b = appendTag(b, 'e', w.prev)
		case !w.mw:
			b = append(b, `"none"`...)
		case w.prev >= 0:
			b = appendTag(b, 'e', w.prev)
			b = append(b, ',')
			b = appendTag(b, 'm', w.start)
		default:
			b = appendTag(b, 'm', w.start)
		}
		if w.mw {
			b = append(b, `],"mw":["mw"],"form":`...)
		} else {
			b = append(b, `],"mw":[],"form":`...)
		}
		p.keyBuf = b
		p.keyAt = append(p.keyAt, int32(len(p.keyBuf)))
	}
}

// appendStr appends a string of a word's columns: named where it first
// occurs in the document, referred to after.
func (p *parser) appendStr(b []byte, c *column) []byte {
	if c = p.names(c); c.name >= 0 {
		return document.AppendRef(b, int(c.name))
	}
	c.name = p.newName()
	b = document.AppendName(b, int(c.name))
	return appendJSONString(b, c.s)
}

// newName returns the next name of the document.
func (p *parser) newName() int32 {
	p.nNames++
	return int32(p.nNames - 1)
}

func (p *parser) appendWord(b []byte, i int) []byte {
	w := &p.sent[i]
	b = append(b, `{"key":`...)
	b = p.appendKey(b, i)
	b = append(b, `,"upos":`...)
	b = p.appendStr(b, w.upos)
	b = append(b, `,"xpos":`...)
	b = p.appendStr(b, w.xpos)
	b = append(b, `,"feats":`...)
	b = p.appendStr(b, w.feats)
	b = append(b, `,"lemma":`...)
	if l := p.names(w.lemma); l.lemma >= 0 {
		b = document.AppendRef(b, int(l.lemma))
	} else {
		l.lemma = p.newName()
		b = document.AppendName(b, int(l.lemma))
		b = append(b, `["#"`...)
		if l.s != "_" {
			b = append(b, `,"=`...)
			b = document.AppendJSONEscaped(b, l.s)
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	b = append(b, `,"deprel":`...)
	b = p.appendStr(b, w.deprel)
	b = append(b, `,"cdeprel":`...)
	if r := p.names(w.deprel); r.rel >= 0 {
		b = document.AppendRef(b, int(r.rel))
	} else {
		r.rel = p.newName()
		b = document.AppendName(b, int(r.rel))
		b = append(b, '[')
		if contentRels[r.s] {
			b = appendJSONString(b, r.s)
		}
		b = append(b, ']')
	}
	b = append(b, `,"head":`...)
	if w.head == 0 {
		b = p.appendRootKey(b)
	} else {
		b = p.appendKey(b, w.head-1)
	}
	b = append(b, `,"children":[`...)
	for k, c := range w.children {
		if k > 0 {
			b = append(b, ',')
		}
		cw := &p.sent[c]
		b = append(b, `{"key":`...)
		b = p.appendKey(b, int(c))
		b = append(b, `,"deprel":`...)
		b = p.appendStr(b, cw.deprel)
		b = append(b, `,"upos":`...)
		b = p.appendStr(b, cw.upos)
		b = append(b, `,"feats":`...)
		b = p.appendStr(b, cw.feats)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// endDoc closes the current document, if it has sentences.
func (p *parser) endDoc() {
	if !p.docStarted {
		return
	}
	var b strings.Builder
	b.Grow(p.tokens.n + p.sents.n + p.words.n + 48)
	b.WriteString(`{"tokens":[`)
	p.tokens.moveTo(&b)
	b.WriteString(`],"sentences":[`)
	p.sents.moveTo(&b)
	b.WriteString(`],"words":[`)
	p.words.moveTo(&b)
	b.WriteString("]}")
	idx := p.nDocs // not len(p.in.Docs): a stream empties it as it goes
	p.nDocs++
	lines := p.lines // the document's own: the next one starts a slice
	p.lines = nil
	p.in.Docs = append(p.in.Docs, document.Doc{
		Index: idx, Line: p.docLine, JSON: b.String(), Shared: true,
		Name: fmt.Sprintf("document %d (line %d)", idx+1, p.docLine),
		Partner: &Text{Text: string(p.text), Line: func(off int) int {
			k := sort.Search(len(lines), func(k int) bool { return int(lines[k].off) > off })
			if k == 0 {
				return int(lines[0].line)
			}
			return int(lines[k-1].line)
		}},
	})
	p.docStarted = false
	p.text = p.text[:0]
	p.chars, p.nTokens, p.nSents, p.nWords = 0, 0, 0, 0
	p.nNames, p.rootName = 0, -1
}

// finish ends the file: its errors, or its last document.
func (p *parser) finish() error {
	if p.inSent && len(p.errs) <= maxErrors {
		p.errorf(p.line, "the file does not end with a blank line (the last sentence is not closed)")
	}
	if len(p.errs) > 0 {
		return p.errs
	}
	p.endDoc()
	// The file has ended: what its documents were built in goes too, the
	// chunks to the next file read.
	p.text, p.lines, p.sentJSON = nil, nil, nil
	p.tokens.release()
	p.sents.release()
	p.words.release()
	return nil
}

// freeChunks are the chunks of files read to their end, for the next.
var freeChunks = sync.Pool{New: func() any { b := make([]byte, 0, chunkSize); return &b }}

// chunkSize is the size of the chunks a document's JSON is written in.
const chunkSize = 64 << 10

// chunked is text written in chunks that never move, so that a long
// document's JSON is written once and copied once, into the document,
// instead of into a slice that doubles (and leaves its old copies to the
// garbage collector). The chunks serve the file's next document.
type chunked struct {
	full  [][]byte
	cur   []byte
	spare [][]byte
	n     int // bytes written
}

func (c *chunked) write(b []byte) {
	c.n += len(b)
	for len(b) > 0 {
		if len(c.cur) == cap(c.cur) {
			if c.cur != nil {
				c.full = append(c.full, c.cur)
			}
			if k := len(c.spare); k > 0 {
				c.cur, c.spare = c.spare[k-1][:0], c.spare[:k-1]
			} else {
				c.cur = (*freeChunks.Get().(*[]byte))[:0]
			}
		}
		k := min(len(b), cap(c.cur)-len(c.cur))
		c.cur = append(c.cur, b[:k]...)
		b = b[k:]
	}
}

// moveTo writes the text to b and empties c, keeping its chunks.
func (c *chunked) moveTo(b *strings.Builder) {
	for _, ch := range c.full {
		b.Write(ch)
	}
	b.Write(c.cur)
	c.spare = append(c.spare, c.full...)
	if c.cur != nil {
		c.spare = append(c.spare, c.cur)
	}
	c.full, c.cur, c.n = c.full[:0], nil, 0
}

// release gives a few of c's chunks to the next file and empties c. The
// rest go to the garbage collector: a file of one large document leaves
// as many chunks as its JSON, which would otherwise stay while that JSON
// is decoded.
func (c *chunked) release() {
	kept := 0
	keep := func(ch []byte) {
		if kept < pooledChunks {
			kept++
			freeChunks.Put(&ch)
		}
	}
	for _, ch := range c.full {
		keep(ch)
	}
	if c.cur != nil {
		keep(c.cur)
	}
	for _, ch := range c.spare {
		keep(ch)
	}
	*c = chunked{}
}

// pooledChunks is how many chunks a file's document text leaves for the
// next file: enough for documents of half a megabyte of JSON.
const pooledChunks = 8

func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "..."
	}
	return string(b)
}
