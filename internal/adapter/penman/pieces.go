package penman

import (
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
	pieces.Ordered(workers, pieces.Each(parts), func(p pieces.Piece) result {
		sub := reader{path: r.path, p: newParser(), in: &document.Input{Path: r.path}, noFine: r.noFine, doc: r.doc, base: base[p.Index]}
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
		s := pyStrip(line)
		i = len(data) - len(rest)
		switch {
		case len(s) == 0 && graph:
			return i
		case len(s) == 0:
		default:
			graph = s[0] != '#'
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
// ended by a blank line or the end.
func countPiece(data []byte) (lines, amrs int) {
	has := false
	for len(data) > 0 {
		var line []byte
		line, data = nextLine(data)
		lines++
		s := pyStrip(line)
		switch {
		case len(s) == 0:
			if has {
				amrs++
			}
			has = false
		case s[0] != '#':
			has = true
		}
	}
	if has {
		amrs++
	}
	return lines, amrs
}
