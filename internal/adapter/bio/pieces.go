package bio

import (
	"bytes"
	"io"

	"github.com/metricc/metricc/internal/adapter/pieces"
)

// pieceSize is the size of the pieces a file is read in on several cores
// (a tenth of a millisecond of reading: larger pieces would be handed over
// for less, but held in more memory).
const pieceSize = pieces.Size

// readIn reads the text on workers cores, in pieces of about size bytes
// (ending at the end of a line): while a core is spare, a piece is read
// ahead by a parser of its own, and what it read is merged into p in file
// order (absorb); the others p reads in turn. On one core, the text is
// read through a buffer of bufSize bytes.
func (p *parser) readIn(r io.Reader, workers, bufSize, size int) error {
	if workers <= 1 {
		return p.read(r, bufSize)
	}
	text := pieces.NewLines(r, size)
	// The parsers of pieces merged read the pieces to come: a run then
	// touches the memory of a few, not of one a piece.
	idle := pieces.NewIdle[*parser](workers + 2)
	type piece struct {
		pieces.Piece
		ahead bool
	}
	pieces.OrderedAhead(workers, func(ahead bool) (piece, bool, bool) {
		pc, ok := text.Next()
		return piece{pc, ahead}, ahead, ok
	}, func(pc piece) *parser {
		if !pc.ahead {
			p.feedAll(pc.Data) // in turn: p has read the pieces before
			return nil
		}
		q := idle.Get(func() *parser { return newParser(p.name) }, (*parser).reset)
		q.keepWords = p.keepWords
		q.line = int32(pc.Line)
		q.feedAll(pc.Data)
		return q
	}, func(pc piece, q *parser) bool {
		if q != nil {
			p.absorb(q, int32(pc.Line)+1, pc.Data)
			idle.Put(q)
		}
		text.Recycle(pc.Piece) // the parsers keep copies of what they read
		return true
	})
	return text.Err
}

// reset makes a parser of a piece merged ready for the next piece,
// keeping its buffers.
func (p *parser) reset() {
	clear(p.index)
	p.index["O"] = 0
	p.cache = [256]uint16{}
	p.tags = p.tags[:1]
	clear(p.typeIdx)
	p.types = p.types[:1]
	for i := range p.codes.blocks {
		p.codes.blocks[i] = p.codes.blocks[i][:0]
	}
	p.codes.blocks, p.codes.n = p.codes.blocks[:min(len(p.codes.blocks), 1)], 0
	*p = parser{name: p.name, index: p.index, tags: p.tags, typeIdx: p.typeIdx, types: p.types, codes: p.codes,
		sents: p.sents[:0], docs: p.docs[:0], words: p.words[:0]}
}

// feedAll feeds the lines of data, as read does: a final "\n" ends the
// last line rather than starting an empty one.
func (p *parser) feedAll(data []byte) {
	for len(data) > 0 {
		k := bytes.IndexByte(data, '\n')
		if k < 0 {
			p.feed(data)
			return
		}
		p.feed(data[:k])
		data = data[k+1:]
	}
}

// absorb adds what q read of the piece data, whose first line is line
// first, to what p read of the lines before it, as if p had read the
// piece: q's tag codes become p's (a tag new to p gets the next code, as
// in p's reading), its tokens, sentences and documents follow p's (a
// piece that starts with a token continues p's sentence, and its first
// document is p's last one unless the piece starts it with -DOCSTART-),
// its errors follow p's under the same cap. A piece whose tags would
// overflow p's codes is read by p again, for the errors of one reader.
func (p *parser) absorb(q *parser, first int32, data []byte) {
	fresh := 0
	for _, t := range q.tags[1:] {
		if _, ok := p.index[t.raw]; !ok {
			fresh++
		}
	}
	if q.overflow || len(p.tags)+fresh > maxCode+1 {
		p.feedAll(data)
		return
	}
	code := make([]uint16, len(q.tags))
	for c, t := range q.tags[1:] {
		g, ok := p.index[t.raw]
		if !ok {
			typ := int32(0)
			if t.tok.l != 'O' {
				name := q.types[t.tok.t]
				if typ, ok = p.typeIdx[name]; !ok {
					typ = int32(len(p.types))
					p.types = append(p.types, name)
					p.typeIdx[name] = typ
				}
			}
			g = uint16(len(p.tags))
			p.tags = append(p.tags, tagInfo{raw: t.raw, json: t.json, tok: tok{t.tok.l, typ}, bit: t.bit})
			p.index[t.raw] = g
		}
		code[c+1] = g
	}
	tokens := p.codes.n
	for _, b := range q.codes.blocks {
		p.codes.appendMapped(b, code)
	}
	// Does the piece start with a token (rather than a blank line, a
	// boundary or a -DOCSTART- line)? It then continues p's sentence.
	startDoc := len(q.docs) > 0 && !q.implicit && q.docs[0].line == first
	lead := len(q.sents) > 0 && q.sents[0].line == first && !startDoc
	qs := q.sents
	if lead && p.inSent {
		qs = qs[1:]
	}
	sents := int32(len(p.sents)) - int32(len(q.sents)-len(qs))
	for _, s := range qs {
		p.sents = append(p.sents, sentence{line: s.line, start: s.start + tokens})
	}
	qd := q.docs
	if q.implicit && len(p.docs) > 0 {
		qd = qd[1:]
	}
	for _, d := range qd {
		p.docs = append(p.docs, docInfo{line: d.line, start: d.start + tokens, sent: d.sent + sents})
	}
	p.seen |= q.seen
	p.line, p.inSent = q.line, q.inSent
	for _, e := range q.errs {
		if p.nErrs++; p.nErrs <= maxErrors {
			p.errs = append(p.errs, e)
		}
	}
	p.nErrs += q.nErrs - len(q.errs)
	if p.docStartTags == 0 {
		p.docStartLine = q.docStartLine
	}
	p.docStartTags += q.docStartTags
	if p.firstRaw == 0 {
		p.firstRaw, p.firstRawTag = q.firstRaw, q.firstRawTag
	}
	if p.firstPrefixed == 0 {
		p.firstPrefixed, p.firstPrefixedTag = q.firstPrefixed, q.firstPrefixedTag
	}
	p.words = append(p.words, q.words...)
}

// appendMapped appends the codes of src, each c as code[c], a block at a
// time.
func (l *codeList) appendMapped(src, code []uint16) {
	for len(src) > 0 {
		if int(l.n)>>blockBits == len(l.blocks) {
			l.blocks = append(l.blocks, make([]uint16, 0, blockSize))
		}
		b := &l.blocks[len(l.blocks)-1]
		n := min(len(src), blockSize-len(*b))
		dst := (*b)[len(*b) : len(*b)+n]
		for i, c := range src[:n] {
			dst[i] = code[c]
		}
		*b = (*b)[:len(*b)+n]
		l.n += int32(n)
		src = src[n:]
	}
}
