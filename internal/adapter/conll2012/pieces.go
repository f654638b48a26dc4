package conll2012

import (
	"bytes"
	"io"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/document"
)

// pieceSize is the size of the pieces a file is read in on several cores:
// its lines are read at gigabytes a second, and a piece should take a
// good part of a millisecond, beside which handing it over is nothing.
const pieceSize = 4 * pieces.Size

// readPieces reads a file on workers cores, in pieces of about size
// bytes, each by a parser of its own. A piece ends after an "#end
// document" line, where a reader is between documents: what it carries
// from one document to the next (the line, the warnings and their cap,
// the lines outside documents) is summed or taken over when the pieces
// are merged in order, so that the documents, their numbers and the
// warnings are those of one reader.
//
// A piece read ahead of the merge must know its first line: its '\n' are
// counted, which costs a tenth of reading it, so while no core is spare
// the pieces are not counted, and each is read in turn knowing where the
// one before ended; once one is not counted, none after is. A carriage
// return alone also ends a line (feed), which is rare: a piece read ahead
// after one is read again in turn.
func (p *parser) readPieces(r io.Reader, workers, size int) error {
	text := pieces.NewLines(r, size)
	text.Cut = afterEndDocument
	counting := true
	text.Count = func(b []byte) int {
		if !counting {
			return 0
		}
		return bytes.Count(b, []byte{'\n'})
	}
	// Parsers go from piece to piece with their buffers.
	idle := pieces.NewIdle[*parser](workers + 2)
	feed := func(data []byte, first bool, q *parser) {
		if first {
			data = trimBOM(data)
		}
		q.feedLines(data)
	}
	read := func(data []byte, first bool, q *parser) *parser {
		feed(data, first, q)
		if q.inDoc {
			// Only the last piece can end inside a document.
			q.warnf(q.line, "no \"#end document\" at the end of the file; the document ends there")
			q.finish()
		}
		return q
	}
	type piece struct {
		pieces.Piece
		ahead bool // counted, and may be read ahead
	}
	pieces.OrderedAhead(workers, func(ahead bool) (piece, bool, bool) {
		counting = counting && ahead
		pc, ok := text.Next()
		return piece{pc, counting}, counting, ok
	}, func(pc piece) *parser {
		if !pc.ahead {
			feed(pc.Data, pc.Index == 0, p) // in turn: p has read the pieces before
			return nil
		}
		q := idle.Get(func() *parser { return newParser(p.name) }, (*parser).reset)
		q.line = int32(pc.Line)
		return read(pc.Data, pc.Index == 0, q)
	}, func(pc piece, q *parser) bool {
		if q == nil {
			text.Recycle(pc.Piece)
			return true
		}
		if p.warnedCR {
			// read again: its line numbers are off, and it would report
			// lone carriage returns again
			q.reset()
			q.line, q.warnedCR = p.line, true
			read(pc.Data, pc.Index == 0, q)
		}
		p.absorb(q)
		text.Recycle(pc.Piece) // the documents' JSON and ids are copies
		idle.Put(q)
		return true
	})
	if text.Err != nil {
		return text.Err
	}
	return p.end()
}

// absorb adds what q read of the piece after what p read before it.
func (p *parser) absorb(q *parser) {
	for _, d := range q.in.Docs {
		d.Index = len(p.in.Docs)
		p.in.Docs = append(p.in.Docs, d)
	}
	for _, w := range q.in.Warnings {
		if p.nWarn++; p.nWarn <= maxWarnings {
			p.in.Warnings = append(p.in.Warnings, w)
		}
	}
	p.nWarn += q.nWarn - len(q.in.Warnings)
	if p.stray == 0 {
		p.firstStray = q.firstStray
	}
	p.stray += q.stray
	p.line = q.line
	p.warnedCR = p.warnedCR || q.warnedCR
}

// reset makes the parser of a piece merged ready for the next piece,
// keeping its buffers (begin clears those of a document).
func (p *parser) reset() {
	*p = parser{name: p.name, in: &document.Input{Path: p.name}, byNum: p.byNum, byText: p.byText, small: p.small, docGen: p.docGen,
		ents: p.ents, opens: p.opens, ments: p.ments, order: p.order, group: p.group,
		buf1: p.buf1, buf2: p.buf2, out: p.out}
}

// afterEndDocument is a place in buf where a piece may end, after its
// first half: after an "#end document" line (at the start of a line, and
// followed by nothing but space), where a reader is between documents. -1:
// none. What follows that place is copied into the next piece's buffer,
// so the place is looked for near the end first: in the last
// sixteenth, which holds an end of document unless documents are long.
func afterEndDocument(buf []byte) int {
	if k := firstEndDocument(buf, len(buf)-len(buf)/16); k >= 0 {
		return k
	}
	return firstEndDocument(buf, len(buf)/2)
}

// firstEndDocument is the first place after an "#end document" line that
// starts at or after from (and after a '\n'), or -1.
func firstEndDocument(buf []byte, from int) int {
	const end = "\n#end document"
	for at := from; ; {
		k := bytes.Index(buf[at:], []byte(end))
		if k < 0 {
			return -1
		}
		at += k + len(end)
		rest := buf[at:]
		i := 0
		for i < len(rest) && rest[i] != '\n' && isSpace(rest[i]) {
			i++
		}
		if i < len(rest) && rest[i] == '\n' {
			return at + i + 1
		}
	}
}
