package penman

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/pytext"
)

// runPieces is run on several cores. A piece starts after a blank line
// that ends an AMR (one that follows a line of the graph), where a reader
// has nothing pending: no AMR, no ::id, no lines. Each piece is read
// knowing the line it starts at; its documents are numbered when the
// pieces are merged, in order, so that the documents, warnings and errors
// are those of one reader.
func (r *reader) runPieces(data []byte, workers, size int) {
	parts := pieces.Cut(data, size, amrBoundary)
	for i := 1; i < len(parts); i++ {
		parts[i].Line = parts[i-1].Line + countLines(parts[i-1].Data)
	}
	type result struct {
		in         *document.Input
		errs       document.DataErrors
		readable   int
		unnumbered []int
		unnamed    []unnamed
	}
	// Readers go from piece to piece with their buffers, grown once.
	idle := pieces.NewIdle[*reader](workers)
	type piece struct {
		pieces.Piece
		ahead bool
	}
	each := pieces.Each(parts)
	pieces.OrderedAhead(workers, func(ahead bool) (piece, bool, bool) {
		pc, ok := each()
		return piece{pc, ahead}, ahead, ok
	}, func(p piece) result {
		if !p.ahead {
			r.run(p.Data, int32(p.Line)) // in turn: r has read the pieces before
			return result{}
		}
		sub := idle.Get(func() *reader {
			return &reader{path: r.path, p: newParser(), noFine: r.noFine, doc: r.doc, pieces: true}
		}, nil)
		defer idle.Put(sub)
		sub.in, sub.errs, sub.readable, sub.unnumbered, sub.unnamed = &document.Input{Path: r.path}, nil, 0, nil, nil
		sub.run(p.Data, int32(p.Line))
		return result{sub.in, sub.errs, sub.readable, sub.unnumbered, sub.unnamed}
	}, func(_ piece, res result) bool {
		if res.in == nil {
			return true // read by r
		}
		number(res.in.Docs, len(r.in.Docs), res.unnumbered, res.unnamed)
		for _, u := range res.unnamed {
			if u.warning >= 0 {
				res.in.Warnings[u.warning] = u.err.Error()
			}
		}
		r.in.Docs = append(r.in.Docs, res.in.Docs...)
		r.in.Warnings = append(r.in.Warnings, res.in.Warnings...)
		r.errs = append(r.errs, res.errs...)
		r.readable += res.readable
		return true
	})
}

// unnamed is a warning (its index among the piece's warnings; -1 for an
// error) about an AMR without ::id read in a piece, to name once the AMR
// is numbered.
type unnamed struct {
	doc, warning int
	err          *document.DataError
}

// number numbers the documents of a piece that follow base documents: the
// AMRs without ::id get their number as id and in their names, and the
// warnings and errors about them their names.
func number(docs []document.Doc, base int, unnumbered []int, unnamed []unnamed) {
	for i := range docs {
		docs[i].Index += base
	}
	for _, k := range unnumbered {
		d := &docs[k]
		n := strconv.Itoa(d.Index + 1)
		d.Name = "amr " + n + " (line " + strconv.Itoa(d.Line) + ")"
		d.JSON = `{"id":"` + n + `"` + d.JSON
	}
	for _, u := range unnamed {
		u.err.Doc = docs[u.doc].Name
	}
}

// amrBoundary is the first place at or after at where a piece may start:
// the start of a line after a blank line that follows a line of a graph
// (not a comment). It is len(data) when there is none.
func amrBoundary(data []byte, at int) int {
	i := lineStart(data, at)
	graph := false // the line before is a line of a graph
	for i < len(data) {
		line, rest := nextLine(data[i:])
		i = len(data) - len(rest)
		switch kindOf(line) {
		case blankLine:
			if graph {
				return i
			}
		case commentLine:
			graph = false
		case graphLine:
			graph = true
		}
	}
	return len(data)
}

// lineStart is the first start of a line at or after at.
func lineStart(data []byte, at int) int {
	if at <= 0 {
		return 0
	}
	for i := at; i < len(data); i++ {
		if c := data[i-1]; c == '\n' || c == '\r' && data[i] != '\n' {
			return i
		}
	}
	return len(data)
}

// countLines counts the lines of data, as nextLine splits them: a '\n',
// a '\r' alone and "\r\n" end one.
func countLines(data []byte) int {
	n := bytes.Count(data, []byte{'\n'})
	if cr := bytes.Count(data, []byte{'\r'}); cr > 0 {
		n += cr - bytes.Count(data, []byte("\r\n"))
	}
	if len(data) > 0 && data[len(data)-1] != '\n' && data[len(data)-1] != '\r' {
		n++ // a last line without an end
	}
	return n
}

type lineKind uint8

const (
	blankLine lineKind = iota
	commentLine
	graphLine
)

// kindOf tells a blank line, a comment and a line of a graph apart, as
// pyStrip(line) does.
func kindOf(line []byte) lineKind {
	for i, c := range line {
		switch {
		case c >= utf8.RuneSelf:
			s := pyStrip(line[i:])
			if len(s) == 0 {
				return blankLine
			}
			c = s[0]
		case pytext.IsSpace(rune(c)):
			continue
		}
		if c == '#' {
			return commentLine
		}
		return graphLine
	}
	return blankLine
}
