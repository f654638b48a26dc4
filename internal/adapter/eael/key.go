package eael

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/document"
)

// assessment is the assessment columns of a response: the event type
// (AET), role (AER), canonical argument (CAS) and base filler (BF)
// judgements, each "C", "W", "I" (inexact) or "" (NIL), and the assessed
// realis ("" for NIL).
type assessment struct {
	aet, aer, cas, bf string
	realis            string
	mention           string
}

func acceptable(f string) bool { return f == "C" || f == "I" }

// correct is AssessedResponse.isCorrectUpToInexactJustifications: every
// judgement correct or inexact, and the assessed realis the response's own.
func (a *assessment) correct(r *response) bool {
	return a.realis != "" && a.realis == r.realis &&
		acceptable(a.aet) && acceptable(a.aer) && acceptable(a.cas) && acceptable(a.bf)
}

// keyEntry is a response of an answer key; a nil assessment is an
// unannotated response.
type keyEntry struct {
	r *response
	a *assessment
}

// answerKey is the assessment of one document: its responses (annotated
// first, in file order, then the unannotated ones) and the coreference of
// their canonical arguments.
type answerKey struct {
	doc, file string
	entries   []*keyEntry
	byUID     map[string]*keyEntry
	coref     map[casString]int
}

func parseField(s string) (string, error) {
	switch s {
	case "NIL":
		return "", nil
	case "C", "W", "I":
		return s, nil
	}
	return "", fmt.Errorf("cannot parse %q as an assessment (C, W, I or NIL)", s)
}

// parseAssessment reads the seven assessment columns: AET, AER, CAS, BF,
// coreference id, realis, mention type. UNANNOTATED in any of them means
// the response is not assessed (its coreference may still be).
func parseAssessment(p []string) (a *assessment, coref int, hasCoref bool, err error) {
	if c := p[4]; c != "NIL" && c != "" && c != "UNANNOTATED" {
		if coref, err = strconv.Atoi(c); err != nil {
			return nil, 0, false, fmt.Errorf("coreference id %q is not an integer", c)
		}
		hasCoref = true
	}
	if slices.Contains(p, "UNANNOTATED") {
		return nil, coref, hasCoref, nil
	}
	a = &assessment{}
	for i, f := range []*string{&a.aet, &a.aer, &a.cas, &a.bf} {
		if *f, err = parseField(p[i]); err != nil {
			return nil, 0, false, err
		}
	}
	if p[5] != "NIL" {
		if a.realis, err = parseRealis(p[5]); err != nil {
			return nil, 0, false, err
		}
	}
	switch p[6] {
	case "NIL":
	case "NAME", "NOMINAL":
		a.mention = p[6]
	default:
		return nil, 0, false, fmt.Errorf("%q is not a mention type (NAME, NOMINAL or NIL)", p[6])
	}
	// ResponseAssessment: the filler and realis judgements are present iff
	// the event type and role are not wrong.
	if a.aet != "" && a.aet != "W" && a.aer == "" {
		return nil, 0, false, fmt.Errorf("an event type assessed %s needs a role assessment", a.aet)
	}
	wrong := a.aet == "" || a.aet == "W" || a.aer == "W"
	present := []bool{a.cas != "", a.bf != "", a.realis != "", a.mention != ""}
	for _, p := range present {
		if p == wrong {
			if wrong {
				return nil, 0, false, fmt.Errorf("a response whose event type or role is wrong (or unassessed) has no CAS, base filler, realis or mention type assessment: they must be NIL")
			}
			return nil, 0, false, fmt.Errorf("a response whose event type and role are right needs CAS, base filler, realis and mention type assessments (not NIL)")
		}
	}
	return a, coref, hasCoref, nil
}

// readKey reads an assessment file (2015 layout: the eleven columns of a
// system response, then the seven assessment columns), as the scorer's
// DirectoryAnnotationStore and StrictAssessmentCreator do.
func readKey(doc, file string, data []byte) (*answerKey, error) {
	k := &answerKey{doc: doc, file: file, byUID: map[string]*keyEntry{}, coref: map[casString]int{}}
	var unannotated []*response
	var errs document.DataErrors
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &document.DataError{File: file, Doc: fmt.Sprintf("line %d", line), Msg: fmt.Sprintf(format, args...)})
	}
	eachLine(data, func(n int, line string) {
		if line == "" || line[0] == '#' {
			return
		}
		parts := javaSplit(line)
		if len(parts) < 12 {
			fail(n, "%d tab-separated columns, but an assessment line has 18 (the eleven of a system response, then AET, AER, CAS, BF, coreference id, realis, mention type)%s", len(parts), systemHint(len(parts)))
			return
		}
		if len(parts) != 18 {
			fail(n, "%d tab-separated columns, but an assessment line has 18", len(parts))
			return
		}
		r, err := parseResponse(parts[1:10], n)
		if err != nil {
			fail(n, "%v", err)
			return
		}
		a, coref, hasCoref, err := parseAssessment(parts[11:])
		if err != nil {
			fail(n, "%v", err)
			return
		}
		if hasCoref {
			if prev, ok := k.coref[r.cas]; ok && prev != coref {
				fail(n, "CAS %q [%d-%d] has two coreference ids, %d and %d", r.cas.text, r.cas.span.start, r.cas.span.end, prev, coref)
				return
			}
			k.coref[r.cas] = coref
		}
		if a == nil {
			unannotated = append(unannotated, r)
			return
		}
		if prev := k.byUID[r.uid]; prev != nil {
			if *prev.a != *a {
				fail(n, "response %s is assessed twice, differently (first on line %d)", r, prev.r.line)
			}
			return
		}
		k.add(r, a)
	})
	for _, r := range unannotated {
		if k.byUID[r.uid] == nil {
			k.add(r, nil)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return k, nil
}

func systemHint(n int) string {
	if n == 11 {
		return "; this looks like a system output file"
	}
	return ""
}

func (k *answerKey) add(r *response, a *assessment) {
	e := &keyEntry{r: r, a: a}
	k.entries = append(k.entries, e)
	k.byUID[r.uid] = e
}

// expandByRealis is ExpandFromRealis, the first step of the 2015
// evaluation: each assessed response whose assessment has a realis also
// stands, with the same assessment, for the response with the assessed
// realis, unless that response is already in the key.
func (k *answerKey) expandByRealis() {
	for _, e := range slices.Clone(k.entries) {
		if e.a == nil || e.a.realis == "" || e.a.realis == e.r.realis {
			continue
		}
		c := *e.r
		c.realis = e.a.realis
		c.uid = c.uniqueID()
		if k.byUID[c.uid] == nil {
			k.add(&c, e.a)
		}
	}
}

// trfr is a response's TRFR: type, role, the coreference cluster of its
// CAS, realis. ok is false when the CAS has no coreference id, which the
// scorer cannot normalize (it stops).
func (k *answerKey) trfr(r *response) (trfrJSON, bool) {
	id, ok := k.coref[r.cas]
	return trfrJSON{Type: r.typ, Role: r.role, Entity: strconv.Itoa(id), Realis: r.realis}, ok
}

// preprocess applies the scorer's 2015 rules to the key
// (Preprocessors.for2015FromParameters): MakeBrokenTimesWrong,
// DeleteInjureForCorrectDie, OnlyMostSpecificTemporal. It returns the
// responses the last two delete, all and the assessed ones: they are
// deleted from the system output and the linkings as well.
func (k *answerKey) preprocess() (deleted, deletedAssessed map[string]bool) {
	// A time whose CAS is not a KBP TIMEX cannot be right.
	for _, e := range k.entries {
		if e.a != nil && e.r.temporal() && acceptable(e.a.cas) {
			if _, ok := parseTimex(e.r.cas.text); !ok {
				a := *e.a
				a.cas = "W"
				e.a = &a
			}
		}
	}
	deleted, deletedAssessed = map[string]bool{}, map[string]bool{}
	remove := func(drop func(*response) bool) {
		kept := k.entries[:0]
		for _, e := range k.entries {
			if drop(e.r) {
				deleted[e.r.uid] = true
				if e.a != nil {
					deletedAssessed[e.r.uid] = true
				}
				delete(k.byUID, e.r.uid)
				continue
			}
			kept = append(kept, e)
		}
		k.entries = kept
	}
	// Life.Die incorporates Life.Injure: a correct Life.Die TRFR removes
	// the Life.Injure TRFR of the same argument, role and realis.
	injured := map[trfrJSON]bool{}
	for _, e := range k.entries {
		if e.a != nil && e.r.typ == "Life.Die" && e.a.correct(e.r) {
			t, _ := k.trfr(e.r)
			t.Type = "Life.Injure"
			injured[t] = true
		}
	}
	remove(func(r *response) bool { t, _ := k.trfr(r); return injured[t] })
	// A correct time removes the less specific times of its type, role and
	// realis (compared as strings).
	type signature struct{ typ, role, realis, cas string }
	banned := map[signature]bool{}
	for _, e := range k.entries {
		if e.a != nil && acceptable(e.a.cas) && e.r.temporal() {
			if t, ok := parseTimex(e.r.cas.text); ok {
				for _, s := range t.lessSpecific() {
					banned[signature{e.r.typ, e.r.role, e.r.realis, s}] = true
				}
			}
		}
	}
	remove(func(r *response) bool { return banned[signature{r.typ, r.role, r.realis, r.cas.text}] })
	return deleted, deletedAssessed
}

// JSON of the documents: what eael.metric reads, and for the gold what
// resolving a system output against it needs.
type trfrJSON struct {
	Type   string `json:"type"`
	Role   string `json:"role"`
	Entity string `json:"entity"`
	Realis string `json:"realis"`
}

type argJSON struct {
	TRFR    trfrJSON `json:"trfr"`
	Correct bool     `json:"correct"`
}

type goldJSON struct {
	ID     string       `json:"id"`
	Args   []argJSON    `json:"args"`
	Frames [][]trfrJSON `json:"frames"`
	// Assessed is every assessed response of the key (after the rules),
	// by unique id: its TRFR and whether it is correct. Deleted lists
	// the assessed responses the rules removed.
	Assessed map[string]argJSON `json:"assessed"`
	Deleted  []string           `json:"deleted,omitempty"`
}

type predJSON struct {
	ID     string       `json:"id"`
	Args   []argJSON    `json:"args"`
	Frames [][]trfrJSON `json:"frames"`
}

func compareTRFR(a, b trfrJSON) int {
	return cmp.Or(strings.Compare(a.Type, b.Type), strings.Compare(a.Role, b.Role),
		strings.Compare(a.Entity, b.Entity), strings.Compare(a.Realis, b.Realis))
}

// frameSet turns frames of TRFRs into a sorted set of sorted sets: Generic
// TRFRs dropped (linking ignores them), and, when keep is set, those it
// refuses; empty frames dropped; equal frames once (linkedAsSetOfSets).
func frameSet(frames [][]trfrJSON, keep func(trfrJSON) bool) [][]trfrJSON {
	out := [][]trfrJSON{}
	for _, f := range frames {
		var g []trfrJSON
		for _, t := range f {
			if t.Realis != "Generic" && (keep == nil || keep(t)) {
				g = append(g, t)
			}
		}
		slices.SortFunc(g, compareTRFR)
		if g = slices.Compact(g); len(g) > 0 {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b []trfrJSON) int { return slices.CompareFunc(a, b, compareTRFR) })
	return slices.CompactFunc(out, func(a, b []trfrJSON) bool { return slices.Equal(a, b) })
}

// goldDoc scores the key alone: the correct TRFRs, the reference frames,
// and each assessed response for the system outputs read against it.
func (k *answerKey) goldDoc(refFrames [][]*response, deleted map[string]bool) (string, error) {
	g := goldJSON{ID: k.doc, Args: []argJSON{}, Assessed: map[string]argJSON{}}
	correct := map[trfrJSON]bool{}
	for _, e := range k.entries {
		if e.a == nil {
			continue
		}
		t, _ := k.trfr(e.r)
		ok := e.a.correct(e.r)
		correct[t] = correct[t] || ok
		g.Assessed[e.r.uid] = argJSON{t, ok}
	}
	for t, ok := range correct {
		if ok {
			g.Args = append(g.Args, argJSON{t, true})
		}
	}
	slices.SortFunc(g.Args, func(a, b argJSON) int { return compareTRFR(a.TRFR, b.TRFR) })
	var frames [][]trfrJSON
	for _, f := range refFrames {
		var tf []trfrJSON
		for _, r := range f {
			t, _ := k.trfr(r)
			tf = append(tf, t)
		}
		frames = append(frames, tf)
	}
	g.Frames = frameSet(frames, nil)
	for uid := range deleted {
		g.Deleted = append(g.Deleted, uid)
	}
	slices.Sort(g.Deleted)
	data, err := json.Marshal(g)
	return string(data), err
}
