// Package eael reads the stores of the TAC KBP 2015 Event Argument
// Extraction and Linking evaluation into the documents of the shipped
// eael spec, so that a participant's output is scored without a
// converter:
//
//	metricc run eael ASSESSMENT_STORE SYSTEM_OUTPUT_STORE
//
// Both are directories of one file per document. A system output store
// has arguments/ (one response a line: id, document, event type, role,
// CAS, CAS offsets, predicate justifications, base filler, additional
// justifications, realis, confidence; tab-separated) and linking/ (one
// event frame a line: the tab-separated ids of its responses, and an
// INCOMPLETE line). An assessment store (the LDC's annotation/ and
// linkingStore/, or arguments/ and linking/) has the same argument lines
// with seven assessment columns more (AET, AER, CAS, BF, coreference id,
// realis, mention type), and the reference event frames.
//
// What it does of the official pipeline (bin/evaluate2015.sh and
// KBP2015Scorer of BBN's tac-kbp-eal 2.4.4): the realis expansion of the
// assessments (expandByRealis), the keepBest step of the submissions
// (by exact CAS), the scorer's checks and preprocessing (every remaining
// system response must be assessed; MakeBrokenTimesWrong,
// DeleteInjureForCorrectDie, OnlyMostSpecificTemporal), its keepBest with
// the key's coreference, ties between equal confidences broken by the Java
// hashCode of the responses as the scorer breaks them, the assessment of
// each TRFR by its selected response, and the linking pool (correct,
// non-Generic responses, TRFRs of the reference only). It does not apply
// the quote filter (it needs the source documents' quoted regions): a
// response the LDC did not assess because it was filtered is reported as
// unassessed, as the scorer would stop on it. The 2015 scorer's per-doc
// files, bootstrap and per-event-type writers are not reproduced here.
//
// The system output is read against the key (its document.Partner): a
// response's correctness and its coreference cluster are in the
// assessment of that very response.
package eael

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/metricc/metricc/internal/document"
	"github.com/tidwall/gjson"
)

// Format is the eael input adapter: directories only; a single file of
// these layouts is recognized so that the error can say what to give.
var Format = &document.Format{
	Name:      "eael",
	Title:     "TAC KBP 2015 EAEL",
	Fields:    []string{"id", "args", "frames", "assessed", "deleted"},
	Specs:     []string{"eael"},
	Detect:    detectFile,
	Expect:    "a directory, or a file of 11 or 18 tab-separated columns of a TAC KBP 2015 store",
	Parse:     parseFile,
	DetectDir: func(path string) bool { _, _, ok := storeDirs(path); return ok },
	OpenDir:   OpenStore,
}

// The subdirectories of a store: a system output's, and the names the
// LDC's assessment release and the 2015 evaluation script use.
var (
	argumentDirs = []string{"arguments", "annotation"}
	linkingDirs  = []string{"linking", "linkingStore"}
)

func storeDirs(path string) (args, links string, ok bool) {
	for _, d := range argumentDirs {
		if info, err := os.Stat(filepath.Join(path, d)); err == nil && info.IsDir() {
			args = filepath.Join(path, d)
			break
		}
	}
	for _, d := range linkingDirs {
		if info, err := os.Stat(filepath.Join(path, d)); err == nil && info.IsDir() {
			links = filepath.Join(path, d)
			break
		}
	}
	return args, links, args != ""
}

// detectFile recognizes one argument file of a store (2015 system output:
// 11 tab-separated columns; assessment: 18) or of the LDC's 2014 pilot
// layout (14 columns, spans in columns 6 and 7).
func detectFile(head []byte) bool {
	n := 0
	// Lines are made strings one at a time: the head of a file of another
	// format is 64 KB, of which a line or two is read.
	for b := range bytes.SplitSeq(head, []byte("\n")) {
		b = bytes.TrimRight(b, "\r")
		if len(b) == 0 || b[0] == '#' {
			continue
		}
		line := string(b)
		cols := strings.Split(line, "\t")
		switch len(cols) {
		case 11, 18:
			if _, err := parseSpan(strings.TrimSpace(cols[5])); err != nil {
				return false
			}
		case 14:
			if _, err := parseSpan(cols[5]); err != nil {
				return false
			}
		default:
			return false
		}
		if n++; n == 3 {
			break
		}
	}
	return n > 0
}

func parseFile(name string, r io.Reader) (*document.Input, error) {
	head := make([]byte, 4096)
	k, _ := io.ReadFull(r, head)
	for line := range strings.SplitSeq(string(head[:k]), "\n") {
		if line = strings.TrimRight(line, "\r"); line == "" || line[0] == '#' {
			continue
		}
		if len(strings.Split(line, "\t")) == 14 {
			return nil, fmt.Errorf("%s: a file in the LDC's 2014 pilot layout (14 columns: id, document, type, role, CAS, justification, CAS offsets, confidence, then assessments), which the 2015 scorer does not read; the eael format reads 2015 stores", name)
		}
		break
	}
	return nil, fmt.Errorf("%s: one argument file of a TAC KBP 2015 store; the eael format reads the store, a directory: a system output (arguments/ and linking/) or an assessment store (annotation/ and linkingStore/), one file per document in each", name)
}

// eachLine calls f on each line of data (ended by \n, \r\n or \r, as
// Java's readLines splits), numbered from 1.
func eachLine(data []byte, f func(n int, line string)) {
	s := string(data)
	for n := 1; s != ""; n++ {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			f(n, s)
			return
		}
		f(n, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
}

// javaSplit is String.split("\t"): trailing empty fields dropped.
func javaSplit(line string) []string {
	parts := strings.Split(line, "\t")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// docFiles lists the document files of a store directory: doc id (the
// name without the suffixes the scorer accepts) → path.
func docFiles(dir string, suffixes ...string) (map[string]string, []string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	files := map[string]string{}
	var ids []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || name == "__lock" {
			continue
		}
		id := name
		for _, s := range suffixes {
			id = strings.TrimSuffix(id, "."+s)
		}
		if prev, dup := files[id]; dup {
			return nil, nil, fmt.Errorf("%s: two files for document %s: %s and %s", dir, id, filepath.Base(prev), name)
		}
		files[id] = filepath.Join(dir, name)
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return files, ids, nil
}

// OpenStore opens a TAC KBP 2015 store as a stream of documents, one file
// (or two, with the linking) read at a time: an assessment store gives
// gold documents, a system output store predictions, written from their
// gold when paired (its Partner). Which one it is, the columns of its
// argument files say.
func OpenStore(path string) (document.Stream, error) {
	argDir, linkDir, ok := storeDirs(path)
	if !ok {
		return nil, fmt.Errorf("%s: not a TAC KBP 2015 store (no arguments/ or annotation/ directory)", path)
	}
	args, ids, err := docFiles(argDir, "tab", "tsv")
	if err != nil {
		return nil, err
	}
	if linkDir == "" {
		return nil, fmt.Errorf("%s: no linking/ (or linkingStore/) directory: the 2015 scorer needs the event frames of every document", path)
	}
	links, linkIDs, err := docFiles(linkDir, "linking")
	if err != nil {
		return nil, err
	}
	// A store is one or the other: the columns of its first file tell.
	kind := 0
	for _, id := range ids {
		if kind, err = fileColumns(args[id]); err != nil {
			return nil, err
		}
		if kind != 0 {
			break
		}
	}
	st := &store{path: path, ids: ids, args: args, links: links}
	if kind > 11 || (kind == 0 && filepath.Base(argDir) == "annotation") {
		return &keyStream{st}, nil
	}
	if !slices.Equal(ids, linkIDs) {
		return nil, fmt.Errorf("%s: the argument and linking directories hold different documents (%s); the scorer refuses such a store", path, symmetricDiff(ids, linkIDs))
	}
	return &systemStream{st}, nil
}

// store is the documents of a store, read in id order.
type store struct {
	path        string
	ids         []string
	args, links map[string]string
	next        int
}

func (s *store) Path() string          { return s.path }
func (s *store) Warnings() []string    { return nil }
func (s *store) Positional() bool      { return false }
func (s *store) name(id string) string { return fmt.Sprintf("document %q (%s)", id, s.args[id]) }

// keyStream lists the documents of an assessment store; each is read
// (its assessment and its reference linking) by the worker that scores it.
type keyStream struct{ *store }

func (s *keyStream) Next() (document.Doc, error) {
	if s.next == len(s.ids) {
		return document.Doc{}, io.EOF
	}
	i := s.next
	s.next++
	id := s.ids[i]
	return document.Doc{Index: i, Line: 1, ID: id, JSON: fmt.Sprintf(`{"id": %q}`, id), Name: s.name(id),
		Partner: &keyDoc{id, s.args[id], s.links[id]},
	}, nil
}

// keyDoc is a document of an assessment store, the document's
// document.Partner: read into a gold document when its pair is scored.
type keyDoc struct{ id, argFile, linkFile string }

func (k *keyDoc) Prepare(_, _ *document.Doc, _, _ string, _ bool) (string, error) {
	data, err := os.ReadFile(k.argFile)
	if err != nil {
		return "", err
	}
	if c := columns(data); c != 0 && c < 12 {
		return "", &document.DataError{File: k.argFile, Msg: fmt.Sprintf("%d columns: a system output file in an assessment store", c)}
	}
	text, err := readKeyDoc(k.id, k.argFile, data, k.linkFile)
	if err != nil {
		return "", oneError(err)
	}
	return text, nil
}

// PredictionOnly: an assessment store is the gold of a run.
func (k *keyDoc) PredictionOnly() bool { return false }

// systemStream lists the documents of a system output; each is read, and
// written, when paired with its gold, by the worker that scores it.
type systemStream struct{ *store }

func (s *systemStream) Next() (document.Doc, error) {
	if s.next == len(s.ids) {
		return document.Doc{}, io.EOF
	}
	i := s.next
	s.next++
	id := s.ids[i]
	argFile, linkFile := s.args[id], s.links[id]
	return document.Doc{Index: i, Line: 1, ID: id, JSON: fmt.Sprintf(`{"id": %q}`, id), Name: s.name(id),
		Partner: &systemDoc{id, argFile, linkFile},
	}, nil
}

// systemDoc is a system output document, the document's
// document.Partner: it is read, and written, when paired with its gold, by
// the worker that scores it.
type systemDoc struct{ id, argFile, linkFile string }

func (r *systemDoc) Prepare(_, gold *document.Doc, _, _ string, _ bool) (string, error) {
	return resolveDoc(r.id, r.argFile, r.linkFile, gold)
}

// PredictionOnly: a system response is read against a key.
func (r *systemDoc) PredictionOnly() bool { return true }

// oneError makes the errors of one document one DataError, so that the
// stream goes on to the next document: the first, the others below it.
func oneError(err error) error {
	list, ok := err.(document.DataErrors)
	if !ok || len(list) == 0 {
		return err
	}
	first := *list[0]
	for _, e := range list[1:] {
		first.Msg += "\n" + e.Error()
	}
	return &first
}

// fileColumns is the number of columns of a file's first line (see
// columns).
func fileColumns(file string) (int, error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return 0, err
	}
	if n == len(head) {
		// Only whole lines count.
		if i := strings.LastIndexAny(string(head), "\r\n"); i > 0 {
			n = i
		}
	}
	return columns(head[:n]), nil
}

// columns is the number of tab-separated columns of the first line that
// is neither blank nor a comment; 0 for none.
func columns(data []byte) int {
	n := 0
	eachLine(data, func(_ int, line string) {
		if n == 0 && line != "" && line[0] != '#' {
			n = len(strings.Split(line, "\t"))
		}
	})
	return n
}

func readKeyDoc(id, file string, data []byte, linkFile string) (string, error) {
	k, err := readKey(id, file, data)
	if err != nil {
		return "", err
	}
	k.expandByRealis()
	var errs document.DataErrors
	for _, e := range k.entries {
		if _, ok := k.coref[e.r.cas]; !ok {
			errs = append(errs, &document.DataError{File: file, Doc: fmt.Sprintf("line %d", e.r.line),
				Msg: fmt.Sprintf("CAS %q [%d-%d] has no coreference id (NIL): the scorer cannot put it in a TRFR and stops", e.r.cas.text, e.r.cas.span.start, e.r.cas.span.end)})
		}
	}
	if len(errs) > 0 {
		return "", errs
	}
	if linkFile == "" {
		return "", document.DataErrors{{File: file, Msg: fmt.Sprintf("no reference linking for document %s (a file %s in the linking directory): the scorer needs it", id, id)}}
	}
	ldata, err := os.ReadFile(linkFile)
	if err != nil {
		return "", err
	}
	frames, incomplete, err := readLinking(linkFile, ldata, func(id string) *response {
		if e := k.byUID[id]; e != nil {
			return e.r
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	deleted, deletedAssessed := k.preprocess()
	frames, incomplete = dropResponses(frames, incomplete, func(r *response) bool { return deleted[r.uid] })
	if len(incomplete) > 0 {
		return "", document.DataErrors{{File: linkFile, Msg: fmt.Sprintf("%d responses of the key are INCOMPLETE (their linking is not annotated), e.g. line %d of %s; the scorer refuses such a reference", len(incomplete), incomplete[0].line, file)}}
	}
	return k.goldDoc(frames, deletedAssessed)
}

// readLinking reads a linking file: one event frame a line, the
// tab-separated ids of its responses; a line starting INCOMPLETE lists
// the responses not linked yet.
func readLinking(file string, data []byte, lookup func(id string) *response) (frames [][]*response, incomplete []*response, err error) {
	var errs document.DataErrors
	eachLine(data, func(n int, line string) {
		if line == "" || line[0] == '#' {
			return
		}
		isIncomplete := strings.HasPrefix(line, "INCOMPLETE")
		var set []*response
		for i, id := range strings.Split(line, "\t") {
			if id = strings.TrimSpace(id); id == "" || (i == 0 && isIncomplete) {
				continue
			}
			r := lookup(id)
			if r == nil {
				errs = append(errs, &document.DataError{File: file, Doc: fmt.Sprintf("line %d", n), Msg: fmt.Sprintf("response id %q is not a response of the document's argument file", id)})
				continue
			}
			if !slices.Contains(set, r) {
				set = append(set, r)
			}
		}
		switch {
		case isIncomplete:
			incomplete = set
		case len(set) > 0:
			frames = append(frames, set)
		}
	})
	if len(errs) > 0 {
		return nil, nil, errs
	}
	return frames, incomplete, nil
}

// dropResponses deletes responses from a linking as the scorer's
// ResponseMapping does: from every frame (a frame left empty goes), and
// from the incomplete ones, which also lose those still linked.
func dropResponses(frames [][]*response, incomplete []*response, drop func(*response) bool) ([][]*response, []*response) {
	var out [][]*response
	linked := map[*response]bool{}
	for _, f := range frames {
		var g []*response
		for _, r := range f {
			if !drop(r) {
				g = append(g, r)
				linked[r] = true
			}
		}
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	var inc []*response
	for _, r := range incomplete {
		if !drop(r) && !linked[r] {
			inc = append(inc, r)
		}
	}
	return out, inc
}

// parseGold reads what resolving needs from a gold document: its frames,
// assessed and deleted responses.
func parseGold(d *document.Doc) (*goldJSON, error) {
	assessed := gjson.Get(d.JSON, "assessed")
	if !assessed.IsObject() {
		return nil, fmt.Errorf("it has no \"assessed\" responses: a TAC KBP system output is read against an assessment store (or the gold documents the eael format makes of one)")
	}
	trfr := func(v gjson.Result) trfrJSON {
		return trfrJSON{Type: v.Get("type").String(), Role: v.Get("role").String(), Entity: v.Get("entity").String(), Realis: v.Get("realis").String()}
	}
	g := &goldJSON{Assessed: map[string]argJSON{}}
	assessed.ForEach(func(k, v gjson.Result) bool {
		g.Assessed[k.String()] = argJSON{trfr(v.Get("trfr")), v.Get("correct").Bool()}
		return true
	})
	gjson.Get(d.JSON, "frames").ForEach(func(_, f gjson.Result) bool {
		var tf []trfrJSON
		f.ForEach(func(_, t gjson.Result) bool { tf = append(tf, trfr(t)); return true })
		g.Frames = append(g.Frames, tf)
		return true
	})
	gjson.Get(d.JSON, "deleted").ForEach(func(_, v gjson.Result) bool { g.Deleted = append(g.Deleted, v.String()); return true })
	return g, nil
}
