package penman

import (
	"bytes"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/adapter/pieces"
	"github.com/metricc/metricc/internal/document"
)

// runPieces is run on several cores. A piece starts after a blank line
// that ends an AMR (one that follows a line of the graph), where a reader
// has nothing pending: no AMR, no ::id, no lines. A first pass over the
// pieces counts their lines and AMRs, so that each piece is then read
// knowing the line and the document number it starts at, and the
// documents, warnings and errors of the pieces, in order, are those of
// one reader.
func (r *reader) runPieces(data []byte, workers, size int) {
	parts := pieces.Cut(data, size, amrBoundary)
	// The first pass: the lines and the AMRs of each piece.
	type count struct{ lines, amrs int }
	counts := make([]count, len(parts))
	pieces.Ordered(workers, pieces.Each(parts), func(p pieces.Piece) count {
		lines, amrs := countPiece(p.Data)
		return count{lines, amrs}
	}, func(p pieces.Piece, c count) bool { counts[p.Index] = c; return true })
	base := make([]int, len(parts))
	for i := 1; i < len(parts); i++ {
		base[i] = base[i-1] + counts[i-1].amrs
		parts[i].Line = parts[i-1].Line + counts[i-1].lines
	}
	type result struct {
		in       *document.Input
		errs     document.DataErrors
		readable int
	}
	// Readers go from piece to piece with their buffers, grown once.
	idle := make(chan *reader, workers)
	pieces.Ordered(workers, pieces.Each(parts), func(p pieces.Piece) result {
		var sub *reader
		select {
		case sub = <-idle:
		default:
			sub = &reader{path: r.path, p: newParser(), noFine: r.noFine, doc: r.doc}
		}
		defer func() { idle <- sub }()
		sub.in, sub.errs, sub.readable, sub.base = &document.Input{Path: r.path}, nil, 0, base[p.Index]
		sub.run(p.Data, int32(p.Line))
		return result{sub.in, sub.errs, sub.readable}
	}, func(_ pieces.Piece, res result) bool {
		r.in.Docs = append(r.in.Docs, res.in.Docs...)
		r.in.Warnings = append(r.in.Warnings, res.in.Warnings...)
		r.errs = append(r.errs, res.errs...)
		r.readable += res.readable
		return true
	})
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

// countPiece counts the lines of a piece, as nextLine splits them, and its
// AMRs, as run reads them: runs of lines with a line of a graph, each
// ended by a blank line or the end. (A first pass over the file: lines
// are split at '\n' alone where the piece has no '\r', and told apart by
// their first bytes.)
func countPiece(data []byte) (lines, amrs int) {
	lf := bytes.IndexByte(data, '\r') < 0
	has := false
	for len(data) > 0 {
		var line []byte
		if k := bytes.IndexByte(data, '\n'); !lf {
			line, data = nextLine(data)
		} else if k >= 0 {
			line, data = data[:k], data[k+1:]
		} else {
			line, data = data, nil
		}
		lines++
		switch kindOf(line) {
		case blankLine:
			if has {
				amrs++
			}
			has = false
		case graphLine:
			has = true
		}
	}
	if has {
		amrs++
	}
	return lines, amrs
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
		case isPySpace(rune(c)):
			continue
		}
		if c == '#' {
			return commentLine
		}
		return graphLine
	}
	return blankLine
}
