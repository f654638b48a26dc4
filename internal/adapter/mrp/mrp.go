// Package mrp reads MRP 2019 graphs (the JSON Lines of the CoNLL 2019
// shared task on Cross-Framework Meaning Representation Parsing: EDS, DM,
// PSD, UCCA, AMR) into the documents of the shipped mrp, smatch and edm
// specs, with exactly the normalizations the task's scorer (mtool, tag
// 2019) applies before it compares graphs:
//
//   - labels, property names and values, edge labels, attribute names and
//     values lowercased (Python's str(x).lower());
//   - anchors clamped to the input string and trimmed of punctuation and
//     spaces at both ends, then compared as sets of character positions
//     (white space left out), so that two spans and one span covering the
//     same characters are equal; "anchors": [] is no anchors;
//   - an edge labelled X-of (not prep-…) reversed and labelled X, mod
//     reversed as domain, an explicit "normal" label reversed likewise;
//   - the edge attribute remote=false dropped (it is the default);
//   - a repeated edge (same source, target and label as written) counted
//     once.
//
// One graph becomes one document, its id "framework/id" (the scorer pairs
// graphs by framework and id):
//
//	{"id": "eds/20001001", "graph": "20001001", "framework": "eds", "nodes": 23,
//	 "tuples": [{"kind": "tops", "node": "2", "target": "", "label": "", "name": "", "value": ""},
//	            {"kind": "labels", "node": "2", "target": "", "label": "udef_q", "name": "", "value": ""},
//	            {"kind": "anchors", "node": "2", "target": "", "label": "", "name": "", "value": "0:6,7:13"},
//	            {"kind": "edges", "node": "2", "target": {"var": "0"}, "label": "arg1", "name": "", "value": ""}, ...],
//	 "props": [...], "edm": [...]}
//
// tuples are the scorer's six tuple types with node ids as latent
// variables (mrp.metric), props its --score smatch triples (smatch.metric),
// edm its --score edm tuples (edm.metric). Errors name the file, the graph
// and the JSON path; what the scorer repairs silently is repaired the same
// way and warned about.
package mrp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/document"
)

// scorer names the convention's owner in warnings.
const scorer = "the MRP 2019 scorer"

// maxErrors and maxWarnings bound what is reported for one file (a
// systematically broken file says the rest in one line).
const (
	maxErrors   = 50
	maxWarnings = 100
)

// Format is the mrp input adapter.
var Format = &document.Format{Name: "mrp", Detect: Detect, Parse: Parse, Stream: Stream,
	Expect: `one graph per line, {"id": ..., "framework": ..., "nodes": [...]}`,
	Title:  "MRP", Fields: []string{"id", "graph", "framework", "nodes", "tuples", "props", "edm"}, Specs: []string{"mrp", "edm", "smatch"}}

// Parse reads a whole file of MRP graphs; see Stream. Every graph that
// cannot be read is reported in the DataErrors returned.
func Parse(name string, r io.Reader) (*document.Input, error) {
	return document.Collect(Stream(name, r))
}

// Stream reads MRP graphs, one JSON object per line, from r, one graph at
// a time through a buffer: memory follows the longest line. A graph with
// errors is one *document.DataError (its first problem, and the others in
// the message), and the stream goes on. Every gold graph is scored; a
// missing system graph scores as an empty one and a system graph without
// gold is not scored, each with a warning (document.UnpairedGold), as the
// scorer pairs them.
func Stream(name string, r io.Reader) document.Stream {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 64<<10 {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &stream{name: name, r: br}
}

type stream struct {
	name         string
	r            *bufio.Reader
	lineNo, docs int
	line, out    []byte
	warnings     []string
	nWarn, nErr  int
	done         bool
}

func (s *stream) Path() string     { return s.name }
func (s *stream) Positional() bool { return false }

// Unpaired is the scorer's convention (score/core.py intersect).
func (s *stream) Unpaired() (document.Unpaired, string) { return document.UnpairedGold, scorer }

func (s *stream) Warnings() []string {
	w := s.warnings
	s.warnings = nil
	return w
}

func (s *stream) warn(msg string) {
	if s.nWarn++; s.nWarn <= maxWarnings {
		s.warnings = append(s.warnings, msg)
	} else if s.nWarn == maxWarnings+1 {
		s.warnings = append(s.warnings, s.name+": more warnings not shown")
	}
}

func (s *stream) Next() (document.Doc, error) {
	for !s.done {
		var err error
		s.line, err = readLine(s.r, s.line[:0])
		if err != nil && err != io.EOF {
			s.done = true
			return document.Doc{}, fmt.Errorf("%s: %w", s.name, err)
		}
		s.lineNo++
		s.done = err == io.EOF
		text := bytes.TrimSpace(s.line)
		if s.lineNo == 1 {
			text = bytes.TrimPrefix(text, []byte("\ufeff"))
		}
		if len(text) == 0 {
			continue
		}
		var doc document.Doc
		var issues []issue
		doc, issues, s.out = graphDoc(text, s.lineNo, s.docs, s.out[:0])
		var bad *document.DataError
		var more []string
		for _, is := range issues {
			switch {
			case is.warn:
				s.warn(fmt.Sprintf("%s: %s: %s", s.name, doc.Name, is.msg))
			case bad == nil:
				bad = &document.DataError{File: s.name, Doc: doc.Name, Path: is.path, Msg: is.msg}
			case is.path != "":
				more = append(more, is.path+": "+is.msg)
			default:
				more = append(more, is.msg)
			}
		}
		if bad != nil {
			if len(more) > 0 {
				bad.Msg += " (also " + strings.Join(more, "; ") + ")"
			}
			if s.nErr++; s.nErr > maxErrors {
				continue
			}
			return document.Doc{}, bad
		}
		s.docs++
		return doc, nil
	}
	if s.nErr > maxErrors {
		n := s.nErr - maxErrors
		s.nErr = maxErrors
		return document.Doc{}, document.DataErrors{{File: s.name, Msg: fmt.Sprintf("and %d more graphs with errors", n)}}
	}
	return document.Doc{}, io.EOF
}

// graphDoc turns one line into a document; JSON is empty when the graph
// has errors. Warnings name the path in their message. The document is
// written in buf, which is returned for the next one.
func graphDoc(text []byte, lineNo, index int, buf []byte) (document.Doc, []issue, []byte) {
	doc := document.Doc{Index: index, Line: lineNo, Name: fmt.Sprintf("line %d", lineNo)}
	if !gjson.ValidBytes(text) {
		return doc, []issue{{msg: "not a JSON object (an MRP file has one graph per line)"}}, buf
	}
	obj := gjson.ParseBytes(text)
	if !obj.IsObject() {
		return doc, []issue{{msg: "expected a graph object, found " + kind(obj)}}, buf
	}
	g, issues := decode(obj)
	if g.id != "" || g.framework != "" {
		doc.Name = fmt.Sprintf("graph %q (line %d)", g.framework+"/"+g.id, lineNo)
	}
	bad := false
	for i := range issues {
		if issues[i].warn && issues[i].path != "" {
			issues[i].msg = issues[i].path + ": " + issues[i].msg
		}
		bad = bad || !issues[i].warn
	}
	if bad {
		return doc, issues, buf
	}
	if g.input == nil {
		for _, n := range g.nodes {
			if n.anchors != nil {
				issues = append(issues, issue{warn: true, msg: "anchored nodes but no input string: anchors are compared as the spans written, (from, to), as later versions of the scorer do (the 2019 version fails on such a graph)"})
				break
			}
		}
	}
	if len(g.nodes) > 0 && !g.scorable() {
		issues = append(issues, issue{warn: true, msg: fmt.Sprintf("%d nodes but no top, label, property, anchor or edge: nothing to score (as a gold graph, its pair counts nothing under the mrp spec's micro(gold), where the 2019 scorer would count the system graph)", len(g.nodes))})
	}
	doc.ID = g.framework + "/" + g.id
	buf = appendDoc(buf, g)
	doc.JSON = string(buf)
	return doc, issues, buf
}

// scorable reports whether g has any tuple of mrp.metric.
func (g *graph) scorable() bool {
	if len(g.edges) > 0 {
		return true
	}
	for _, n := range g.nodes {
		if n.top || n.label != nil || len(n.props) > 0 || n.anchors != nil {
			return true
		}
	}
	return false
}

// readLine appends the next line of br (without its newline) to buf.
func readLine(br *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if n := len(buf); n > 0 && buf[n-1] == '\n' {
			buf = buf[:n-1]
		}
		return buf, err
	}
}

// Detect reports whether data starts (after blank lines) with an MRP
// graph: a JSON object with an "id", a "framework" and "flavor" or an
// array of "nodes". A prefix of a long first line is enough.
func Detect(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	// Only the first line is made a string: the head of a file of another
	// format is 64 KB.
	data = bytes.TrimLeft(data[:min(len(data), 64<<10)], " \t\r\n")
	if len(data) == 0 || data[0] != '{' {
		return false
	}
	if k := bytes.IndexByte(data, '\n'); k >= 0 {
		data = data[:k]
	}
	s := string(data)
	has := func(key string) bool { return gjson.Get(s, key).Exists() }
	// This adapter's own documents have "nodes" too, as a count: they are
	// JSON for the spec.
	return has("id") && has("framework") && (has("flavor") || gjson.Get(s, "nodes").IsArray())
}
