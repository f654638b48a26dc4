package eael

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/document"
)

// sysResponse is a system response with its confidence.
type sysResponse struct {
	*response
	conf float64
	hash int32
}

// better is ByConfidenceThenOld2014ID: the higher confidence, then the
// higher Java hashCode.
func (a *sysResponse) better(b *sysResponse) bool {
	if a.conf != b.conf {
		return a.conf > b.conf
	}
	return a.hash > b.hash
}

// sysOutput is the output of a system for one document.
type sysOutput struct {
	doc, argFile, linkFile string
	responses              []*sysResponse // distinct, in file order
	frames                 [][]*sysResponse
	incomplete             []*sysResponse
}

// readSystem reads a system's argument file as DirectorySystemOutputStore
// does: tab-separated fields, trimmed, the first (the system's own id)
// ignored but for linking files that use it; the same response twice keeps
// its highest confidence.
func readSystem(doc, file string, data []byte) (*sysOutput, map[string]*sysResponse, error) {
	out := &sysOutput{doc: doc, argFile: file}
	byUID := map[string]*sysResponse{}
	foreign := map[string]*sysResponse{}
	var errs document.DataErrors
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &document.DataError{File: file, Doc: fmt.Sprintf("line %d", line), Msg: fmt.Sprintf(format, args...)})
	}
	eachLine(data, func(n int, line string) {
		if line == "" || line[0] == '#' {
			return
		}
		parts := strings.Split(line, "\t")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		if len(parts) != 11 {
			fail(n, "%d tab-separated columns, but a system response has 11 (id, document, type, role, CAS, CAS offsets, predicate justifications, base filler, additional justifications, realis, confidence)%s", len(parts), map[bool]string{true: "; an assessment line has 18: is this an assessment store?"}[len(parts) == 18])
			return
		}
		conf, err := strconv.ParseFloat(parts[10], 64)
		if err != nil {
			fail(n, "confidence %q is not a number", parts[10])
			return
		}
		r, err := parseResponse(parts[1:10], n)
		if err != nil {
			fail(n, "%v", err)
			return
		}
		s := byUID[r.uid]
		if s == nil {
			s = &sysResponse{response: r, conf: conf, hash: r.javaHash()}
			byUID[r.uid] = s
			out.responses = append(out.responses, s)
		} else if conf > s.conf {
			s.conf = conf
		}
		if _, dup := foreign[parts[0]]; dup {
			foreign[parts[0]] = nil // ambiguous: only the unique id can name it
		} else {
			foreign[parts[0]] = s
		}
	})
	if len(errs) > 0 {
		return nil, nil, errs
	}
	ids := map[string]*sysResponse{}
	for id, s := range foreign {
		if s != nil {
			ids[id] = s
		}
	}
	for uid, s := range byUID {
		if ids[uid] == nil {
			ids[uid] = s
		}
	}
	return out, ids, nil
}

// readSystemDoc reads the argument and linking files of one document.
func readSystemDoc(id, argFile, linkFile string) (*sysOutput, error) {
	data, err := os.ReadFile(argFile)
	if err != nil {
		return nil, err
	}
	out, byID, err := readSystem(id, argFile, data)
	if err != nil {
		return nil, err
	}
	out.linkFile = linkFile
	ldata, err := os.ReadFile(linkFile)
	if err != nil {
		return nil, err
	}
	frames, incomplete, err := readLinking(linkFile, ldata, func(id string) *response {
		if s := byID[id]; s != nil {
			return s.response
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out.frames, out.incomplete = out.lift(frames), out.lift([][]*response{incomplete})[0]
	return out, nil
}

func symmetricDiff(a, b []string) string {
	var only []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			only = append(only, x+" has no linking")
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			only = append(only, x+" has no arguments")
		}
	}
	if len(only) > 3 {
		only = append(only[:3], fmt.Sprintf("and %d more", len(only)-3))
	}
	return strings.Join(only, ", ")
}

// lift maps the responses of frames to the system's responses.
func (o *sysOutput) lift(frames [][]*response) [][]*sysResponse {
	byResp := map[*response]*sysResponse{}
	for _, s := range o.responses {
		byResp[s.response] = s
	}
	out := make([][]*sysResponse, len(frames))
	for i, f := range frames {
		for _, r := range f {
			out[i] = append(out[i], byResp[r])
		}
	}
	return out
}

// resolveDoc reads a system's document and writes it against its gold
// document (nil: the key has no such document).
func resolveDoc(id, argFile, linkFile string, gold *document.Doc) (string, error) {
	var g *goldJSON
	if gold != nil {
		var err error
		if g, err = parseGold(gold); err != nil {
			return "", &document.DataError{File: argFile, Msg: fmt.Sprintf("its gold, %s, %v", gold.Describe(), err)}
		}
	}
	out, err := readSystemDoc(id, argFile, linkFile)
	if err != nil {
		return "", err
	}
	doc, errs := out.score(g)
	if len(errs) > 0 {
		return "", errs
	}
	return doc, nil
}

// exactKey is a response's TRFR with its CAS as written (no coreference):
// what the submissions' keepBest groups by.
func exactKey(r *response) string {
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%d\x00%s", r.typ, r.role, r.cas.text, r.cas.span.start, r.cas.span.end, r.realis)
}

// keepBest is KeepBestJustificationOnly: in each event frame the best
// response of each group, and among the Generic responses (which are not
// linked) the best of each group; the rest is deleted.
func keepBest(responses []*sysResponse, frames [][]*sysResponse, group func(*sysResponse) string) map[*sysResponse]bool {
	keep := map[*sysResponse]bool{}
	pick := func(rs []*sysResponse) {
		best := map[string]*sysResponse{}
		var order []string
		for _, r := range rs {
			k := group(r)
			if b, ok := best[k]; !ok {
				best[k] = r
				order = append(order, k)
			} else if r.better(b) {
				best[k] = r
			}
		}
		for _, k := range order {
			keep[best[k]] = true
		}
	}
	for _, f := range frames {
		pick(f)
	}
	var generic []*sysResponse
	for _, r := range responses {
		if r.realis == "Generic" {
			generic = append(generic, r)
		}
	}
	pick(generic)
	return keep
}

// linking is a system linking being transformed as the scorer's
// ResponseMapping does (see dropResponses).
type linking struct {
	frames     [][]*sysResponse
	incomplete []*sysResponse
}

func (l *linking) drop(gone func(*sysResponse) bool) {
	var frames [][]*sysResponse
	linked := map[*sysResponse]bool{}
	for _, f := range l.frames {
		var g []*sysResponse
		for _, r := range f {
			if !gone(r) {
				g = append(g, r)
				linked[r] = true
			}
		}
		if len(g) > 0 {
			frames = append(frames, g)
		}
	}
	var inc []*sysResponse
	for _, r := range l.incomplete {
		if !gone(r) && !linked[r] {
			inc = append(inc, r)
		}
	}
	l.frames, l.incomplete = frames, inc
}

// score runs the 2015 pipeline on one system output against its key (nil
// when the assessment store has no such document) and writes the
// prediction document.
func (o *sysOutput) score(g *goldJSON) (string, document.DataErrors) {
	responses := slices.Clone(o.responses)
	l := &linking{frames: o.frames, incomplete: o.incomplete}
	filter := func(keep func(*sysResponse) bool) {
		responses = slices.DeleteFunc(responses, func(r *sysResponse) bool { return !keep(r) })
		l.drop(func(r *sysResponse) bool { return !keep(r) })
	}
	// The submissions' keepBest (by exact CAS), before the assessment.
	kept := keepBest(responses, l.frames, func(r *sysResponse) string { return exactKey(r.response) })
	filter(func(r *sysResponse) bool { return kept[r] })

	if g == nil {
		// No key for this document: nothing the system says is right.
		// (Pairing reports the document unless --allow-missing.)
		p := predJSON{ID: o.doc, Args: []argJSON{}, Frames: [][]trfrJSON{}}
		seen := map[string]bool{}
		for _, r := range responses {
			if k := exactKey(r.response); !seen[k] {
				seen[k] = true
				p.Args = append(p.Args, argJSON{trfrJSON{r.typ, r.role, fmt.Sprintf("%s [%d-%d]", r.cas.text, r.cas.span.start, r.cas.span.end), r.realis}, false})
			}
		}
		data, _ := json.Marshal(p)
		return string(data), nil
	}
	deleted := map[string]bool{}
	for _, uid := range g.Deleted {
		deleted[uid] = true
	}
	// Every response left must be assessed (checkCompletelyAssesses).
	var errs document.DataErrors
	for _, r := range responses {
		if _, ok := g.Assessed[r.uid]; !ok && !deleted[r.uid] {
			errs = append(errs, &document.DataError{File: o.argFile, Doc: fmt.Sprintf("line %d", r.line),
				Msg: fmt.Sprintf("response %s is not assessed in the key, and the scorer stops on unassessed responses (was the quote filter applied?)", r.response)})
		}
	}
	if len(errs) > 10 {
		errs = append(errs[:10], &document.DataError{File: o.argFile, Msg: fmt.Sprintf("and %d more unassessed responses", len(errs)-10)})
	}
	if len(errs) > 0 {
		return "", errs
	}
	// The scorer's preprocessing deletes what it deleted from the key.
	filter(func(r *sysResponse) bool { return !deleted[r.uid] })
	trfr := func(r *sysResponse) trfrJSON { return g.Assessed[r.uid].TRFR }
	// The scorer's keepBest, by TRFR (coreference of the key).
	kept = keepBest(responses, l.frames, func(r *sysResponse) string {
		t := trfr(r)
		return t.Type + "\x00" + t.Role + "\x00" + t.Entity + "\x00" + t.Realis
	})
	filter(func(r *sysResponse) bool { return kept[r] })

	// Arguments: each TRFR is assessed by its best response.
	best := map[trfrJSON]*sysResponse{}
	for _, r := range responses {
		t := trfr(r)
		if b := best[t]; b == nil || r.better(b) {
			best[t] = r
		}
	}
	p := predJSON{ID: o.doc, Args: []argJSON{}}
	for t, r := range best {
		p.Args = append(p.Args, argJSON{t, g.Assessed[r.uid].Correct})
	}
	slices.SortFunc(p.Args, func(a, b argJSON) int { return compareTRFR(a.TRFR, b.TRFR) })

	// Linking: the correct responses only, Generic ones out, and only
	// TRFRs the reference links.
	filter(func(r *sysResponse) bool { return g.Assessed[r.uid].Correct })
	if len(l.incomplete) > 0 {
		return "", document.DataErrors{{File: o.linkFile, Msg: fmt.Sprintf("%d correct responses are INCOMPLETE (neither linked nor in a frame of their own), e.g. line %d of %s; the scorer refuses such a system linking", len(l.incomplete), l.incomplete[0].line, o.argFile)}}
	}
	linked := map[trfrJSON]bool{}
	for _, f := range g.Frames {
		for _, t := range f {
			linked[t] = true
		}
	}
	var frames [][]trfrJSON
	for _, f := range l.frames {
		var tf []trfrJSON
		for _, r := range f {
			tf = append(tf, trfr(r))
		}
		frames = append(frames, tf)
	}
	p.Frames = frameSet(frames, func(t trfrJSON) bool { return linked[t] })
	data, err := json.Marshal(p)
	if err != nil {
		return "", document.DataErrors{{File: o.argFile, Msg: err.Error()}}
	}
	return string(data), nil
}
