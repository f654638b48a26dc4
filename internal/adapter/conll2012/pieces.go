package conll2012

import (
	"bytes"
	"io"

	"github.com/metricc/metricc/internal/adapter/pieces"
)

// readPieces reads a file on workers cores, in pieces of about size
// bytes, each by a parser of its own. A piece ends after an "#end
// document" line, where a reader is between documents: what it carries
// from one document to the next (the line, the warnings and their cap,
// the lines outside documents, whether lone carriage returns were
// reported) is summed or taken over when the pieces are merged in order,
// so that the documents, their numbers and the warnings are those of one
// reader.
func (p *parser) readPieces(r io.Reader, workers, size int) error {
	text := pieces.NewLines(r, size)
	text.Cut = afterEndDocument
	loneCR := false // in the pieces given so far
	text.Count = func(b []byte) int {
		crs, crlf := bytes.Count(b, []byte{'\r'}), bytes.Count(b, []byte("\r\n"))
		loneCR = loneCR || crs > crlf
		// feed makes each carriage return inside a line a line end
		return bytes.Count(b, []byte{'\n'}) + crs - crlf
	}
	type piece struct {
		pieces.Piece
		loneCR bool // before the piece: its own are not reported again
	}
	pieces.Ordered(workers, func() (piece, bool) {
		before := loneCR
		pc, ok := text.Next()
		return piece{pc, before}, ok
	}, func(pc piece) *parser {
		q := newParser(p.name)
		q.line, q.warnedCR = int32(pc.Line), pc.loneCR
		data := pc.Data
		if pc.Index == 0 {
			data = trimBOM(data)
		}
		for len(data) > 0 {
			var line []byte
			if k := bytes.IndexByte(data, '\n'); k >= 0 {
				line, data = data[:k], data[k+1:]
			} else {
				line, data = data, nil
			}
			q.feed(line)
		}
		if q.inDoc {
			// Only the last piece can end inside a document.
			q.warnf(q.line, "no \"#end document\" at the end of the file; the document ends there")
			q.finish()
		}
		return q
	}, func(pc piece, q *parser) bool {
		p.absorb(q)
		text.Recycle(pc.Piece) // the documents' JSON and ids are copies
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

// afterEndDocument is the largest place in buf where a piece may end:
// after the last line (of those buf ends) whose last directive is "#end
// document", as feed splits lines (a carriage return inside a line ends
// one). A reader is there between documents. -1: none.
func afterEndDocument(buf []byte) int {
	k := bytes.LastIndexByte(buf, '\n')
	for k >= 0 {
		start := bytes.LastIndexByte(buf[:k], '\n') + 1
		switch lastDirective(buf[start:k]) {
		case dirEnd:
			return k + 1
		case dirBegin:
			// A document is open at the end of this line: look before it.
		}
		k = start - 1
	}
	return -1
}

// lastDirective is the kind of the last "#begin document" or "#end
// document" among the lines of line (split at carriage returns), or
// dirComment when it has neither.
func lastDirective(line []byte) dirKind {
	for {
		part := line
		k := bytes.LastIndexByte(line, '\r')
		if k >= 0 {
			part = line[k+1:]
		}
		if s, e := trimSpace(part); s < e && part[s] == '#' {
			if kind, _ := directive(part[s:e]); kind != dirComment {
				return kind
			}
		}
		if k < 0 {
			return dirComment
		}
		line = line[:k]
	}
}
