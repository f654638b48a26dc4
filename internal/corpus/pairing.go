package corpus

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
)

// Pair is one gold document and its prediction (nil: missing, scored as
// an empty document under AllowMissing), placed in its corpus.
type Pair struct {
	eval.Pair
	// order places the pair in the corpus: gold documents in file order,
	// then predictions without a gold document in theirs. eval.Sums are added
	// in this order, so results do not depend on which file is read
	// faster or on the number of workers.
	order int
}

// pairer pairs the documents of two streams as they are read: by id when
// the input type has an id field (a merge join: a document waits only
// until its partner is read, so two files in the same order hold one
// document each), else by position.
type pairer struct {
	gold, pred   document.Stream
	idPath       string // "" pairs by position
	allowMissing bool
	emit         func(Pair)
	warn         func(string)
	// conv is the official scorer's convention for unpaired documents,
	// when an input declares one (the gold's first); who names the scorer,
	// and note receives a warning for each document it applies to.
	conv document.Unpaired
	who  string
	note func(string)

	// countMismatch: pairing by position, the files have different
	// numbers of documents.
	countMismatch bool

	waiting [2]map[string]waitingDoc // by id, per side (0 pred, 1 gold)
	seen    [2]map[string]string     // id → where it first is ("line 3"), for duplicates
	read    [2]int                   // documents read per side
	eof     [2]bool
	errs    []sortedError
	fatal   error
	// unreadable, per side: a document could not be read or has no id,
	// so documents of the other side may miss their partner because of it.
	unreadable [2]bool
	cut        [2]bool // the stream ended on errors (document.DataErrors)
	maxWaiting int     // the most documents waiting on one side (for tests)
	// posIDs are the ids given to pairs by position so far (see
	// positionalID).
	posIDs map[string]bool
}

type waitingDoc struct {
	doc   document.Doc
	index int
}

// sortedError places an error in the report: reading and pairing errors
// of the gold, then of the prediction, then unpaired documents, then
// errors found while scoring, each in file order.
type sortedError struct {
	phase, side, index int
	err                *document.DataError
}

const (
	phaseRead = iota
	phaseUnpaired
	phaseScore
)

func newPairer(p *Plan, gold, pred document.Stream, allowMissing bool, emit func(Pair), warn func(string)) *pairer {
	pr := &pairer{gold: gold, pred: pred, allowMissing: allowMissing, emit: emit, warn: warn, note: warn}
	for _, s := range [2]document.Stream{pred, gold} {
		if c, ok := s.(document.Conventional); ok {
			if rule, who := c.Unpaired(); rule != document.UnpairedError {
				pr.conv, pr.who = rule, who
			}
		}
	}
	if p.Pair.IDPath() != "" && !gold.Positional() && !pred.Positional() {
		pr.idPath = p.Pair.IDPath()
	}
	for side := range 2 {
		pr.waiting[side] = map[string]waitingDoc{}
		pr.seen[side] = map[string]string{}
	}
	return pr
}

// run reads both streams to their ends, alternating, and emits every pair.
func (pr *pairer) run() {
	streams := [2]document.Stream{pr.pred, pr.gold}
	for !(pr.eof[0] && pr.eof[1]) && pr.fatal == nil {
		for _, side := range [2]int{1, 0} {
			if pr.eof[side] || pr.fatal != nil {
				continue
			}
			d, err := streams[side].Next()
			pr.flushWarnings(streams[side])
			var de *document.DataError
			switch {
			case err == io.EOF:
				pr.eof[side] = true
			case errors.As(err, &de):
				pr.unreadable[side] = true
				pr.errs = append(pr.errs, sortedError{phaseRead, 1 - side, pr.read[side], de})
				pr.read[side]++
			case err != nil:
				var list document.DataErrors
				if !errors.As(err, &list) {
					pr.fatal = err
					continue
				}
				pr.unreadable[side], pr.cut[side] = true, true
				for _, e := range list {
					pr.errs = append(pr.errs, sortedError{phaseRead, 1 - side, pr.read[side], e})
				}
				pr.eof[side] = true
			default:
				pr.add(side, d)
				pr.read[side]++
			}
		}
	}
	if pr.fatal == nil {
		pr.finish()
	}
}

// joinDivided reads each file as one document when both are of a format
// whose official scorer ignores documents (document.Joinable) and their
// documents divide the same text differently, as that scorer would align
// them, and says so to note, once; it reports whether it did. Where they
// correspond, documents pair as they are: the scores are the same, and
// memory follows the largest document. It is called before anything is
// read from the streams.
func joinDivided(gold, pred document.Stream, note func(string)) (bool, error) {
	g, ok := gold.(document.Joinable)
	p, ok2 := pred.(document.Joinable)
	if !ok || !ok2 {
		return false, nil
	}
	// Both files at once: finding the divisions reads a file (all of it,
	// for the bio format's tagging scheme).
	var (
		dp       document.Divisions
		pok      bool
		perr     error
		finished = make(chan struct{})
	)
	go func() {
		defer close(finished)
		dp, pok, perr = p.Divisions()
	}()
	dg, gok, err := g.Divisions()
	<-finished
	if err != nil {
		return false, err
	}
	if perr != nil {
		return false, perr
	}
	if !gok || !pok || dg.Total != dp.Total || slices.Equal(dg.Offsets, dp.Offsets) {
		// Unreadable files are reported by their streams, and files of
		// different texts by the pairs where they differ.
		return false, nil
	}
	g.Join()
	p.Join()
	if note != nil {
		note(divisionsDiffer(gold.Path(), pred.Path(), dg, dp))
	}
	return true, nil
}

// divisionsDiffer is the warning that two files' documents do not
// correspond.
func divisionsDiffer(gold, pred string, g, p document.Divisions) string {
	var what string
	if len(g.Offsets) != len(p.Offsets) {
		what = fmt.Sprintf("%s has %s and %s %d (%s)", pred, plural(len(p.Offsets)+1, "document"), gold, len(g.Offsets)+1, g.Marker)
	} else {
		k := 0
		for g.Offsets[k] == p.Offsets[k] {
			k++
		}
		what = fmt.Sprintf("document %d of %s (line %d) does not start where the gold's does (%s line %d)", k+2, pred, p.Lines[k], gold, g.Lines[k])
	}
	return fmt.Sprintf("%s: the documents do not correspond, so each file is scored as one document, as %s does, which ignores documents", what, g.Scorer)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func (pr *pairer) flushWarnings(s document.Stream) {
	for _, w := range s.Warnings() {
		if pr.warn != nil {
			pr.warn(w)
		}
	}
}

// add pairs one document read on side, or keeps it waiting.
func (pr *pairer) add(side int, d document.Doc) {
	index := pr.read[side]
	if side == 1 && d.Partner != nil && d.Partner.PredictionOnly() {
		// A prediction that is read through a gold cannot be the gold.
		pr.fatal = fmt.Errorf("%s: this input is a prediction, read against a gold; give the gold first (metricc run SPEC GOLD PRED)", pr.gold.Path())
		return
	}
	if pr.idPath == "" {
		pr.addByPosition(side, d, index)
		return
	}
	id, why := d.Key(pr.idPath)
	path := pr.stream(side).Path()
	if why != "" {
		pr.unreadable[side] = true
		pr.errs = append(pr.errs, sortedError{phaseRead, 1 - side, index, &document.DataError{File: path, Doc: d.Describe(), Path: pr.idPath, Msg: why}})
		return
	}
	d.ID = id
	if first, dup := pr.seen[side][id]; dup {
		pr.errs = append(pr.errs, sortedError{phaseRead, 1 - side, index, &document.DataError{File: path, Doc: d.Describe(), Msg: fmt.Sprintf("duplicate id %q (first at %s)", id, first)}})
		return
	}
	// A document an adapter names (Go values: "value 2") is first at that
	// name, not at a line.
	first := fmt.Sprintf("line %d", d.Line)
	if d.Name != "" {
		first = d.Name
	}
	pr.seen[side][id] = first
	other := 1 - side
	if w, ok := pr.waiting[other][id]; ok {
		delete(pr.waiting[other], id)
		g, p, order := &d, &w.doc, index
		if side == 0 {
			g, p, order = &w.doc, &d, w.index
		}
		pr.emit(Pair{Pair: eval.Pair{Gold: g, Pred: p, ID: id}, order: order})
		return
	}
	pr.waiting[side][id] = waitingDoc{d, index}
	pr.maxWaiting = max(pr.maxWaiting, len(pr.waiting[side]))
}

// addByPosition pairs the i-th documents of the two files.
func (pr *pairer) addByPosition(side int, d document.Doc, index int) {
	other := 1 - side
	if w, ok := pr.waiting[other][""]; ok && w.index == index {
		delete(pr.waiting[other], "")
		g, p := &d, &w.doc
		if side == 0 {
			g, p = &w.doc, &d
		}
		pr.emit(Pair{Pair: eval.Pair{Gold: g, Pred: p, ID: pr.positionalID(g, p, index)}, order: index})
		return
	}
	if pr.eof[other] {
		pr.unpairedByPosition(side, d, index)
		return
	}
	pr.waiting[side][""] = waitingDoc{d, index}
}

// lenient reports whether unpaired documents are scored (or left out by a
// convention) rather than errors.
func (pr *pairer) lenient() bool {
	return pr.allowMissing || pr.conv != document.UnpairedError
}

// noted applies the convention to an unpaired document and warns about
// it; it reports whether the document is scored.
func (pr *pairer) noted(side int, d *document.Doc) bool {
	if pr.conv == document.UnpairedError {
		return true
	}
	msg := fmt.Sprintf("%s: %s is not in %s: scored against an empty prediction, as %s does", pr.gold.Path(), d.Describe(), pr.pred.Path(), pr.who)
	scored := true
	if side == 0 {
		what := "scored against an empty gold"
		if pr.conv == document.UnpairedGold {
			what, scored = "not scored", false
		}
		msg = fmt.Sprintf("%s: %s is not in %s: %s, as %s does", pr.pred.Path(), d.Describe(), pr.gold.Path(), what, pr.who)
	}
	if pr.note != nil {
		pr.note(msg)
	}
	return scored
}

// unpairedByPosition handles a document past the end of the other file.
func (pr *pairer) unpairedByPosition(side int, d document.Doc, index int) {
	if !pr.lenient() {
		return // counted: finish reports the two lengths
	}
	if !pr.noted(side, &d) {
		return
	}
	pair := Pair{order: index}
	if side == 1 {
		pair.Gold = &d
	} else {
		pair.Pred = &d
	}
	pair.ID = pr.positionalID(pair.Gold, pair.Pred, index)
	pr.emit(pair)
}

// positionalID names a pair of documents paired by position: by its
// position from 1, unless a document has an id of its own (an AMR's ::id
// in a file where some AMRs have none, which makes Smatch pair by
// position) that no earlier pair has taken.
func (pr *pairer) positionalID(g, p *document.Doc, index int) string {
	if pr.posIDs == nil {
		pr.posIDs = map[string]bool{}
	}
	id := fmt.Sprint(index + 1)
	for _, d := range []*document.Doc{g, p} {
		if d != nil && d.ID != "" {
			if !pr.posIDs[d.ID] {
				id = d.ID
			}
			break
		}
	}
	pr.posIDs[id] = true
	return id
}

// finish reports or pairs with nothing the documents left waiting.
func (pr *pairer) finish() {
	if pr.idPath == "" {
		for side := range 2 {
			if w, ok := pr.waiting[side][""]; ok {
				pr.unpairedByPosition(side, w.doc, w.index)
			}
		}
		// A stream cut short by its errors has an unknown count.
		if pr.read[0] != pr.read[1] && !pr.lenient() && !pr.cut[0] && !pr.cut[1] {
			why := "without an id field documents pair by position (add `id: string` to the input type, or use --allow-missing)"
			if pr.gold.Positional() || pr.pred.Positional() {
				// An adapter's documents without names (CoNLL-2003 columns).
				why = "documents of this format have no ids and pair by position, so both files must hold the same documents (or use --allow-missing)"
			}
			msg := fmt.Sprintf("%d documents, but %s has %d; %s", pr.read[0], pr.gold.Path(), pr.read[1], why)
			if hint := cmp.Or(pairHint(pr.pred), pairHint(pr.gold)); hint != "" {
				msg = fmt.Sprintf("%d documents, but %s has %d: %s", pr.read[0], pr.gold.Path(), pr.read[1], hint)
			}
			pr.errs = append(pr.errs, sortedError{phaseUnpaired, 0, 0, &document.DataError{File: pr.pred.Path(), Msg: msg}})
			pr.countMismatch = true
		}
		return
	}
	for _, side := range [2]int{1, 0} {
		if pr.unreadable[1-side] && !pr.allowMissing && len(pr.waiting[side]) > 0 {
			// Their partners may be among the unreadable documents: one
			// line rather than one per document.
			n, what := len(pr.waiting[side]), "gold document of "+pr.gold.Path()+" has no prediction"
			if n > 1 {
				what = "gold documents of " + pr.gold.Path() + " have no prediction"
			}
			if side == 0 {
				what = "predicted document has no gold document in " + pr.gold.Path()
				if n > 1 {
					what = "predicted documents have no gold document in " + pr.gold.Path()
				}
			}
			pr.errs = append(pr.errs, sortedError{phaseUnpaired, 1 - side, 0, &document.DataError{File: pr.stream(1 - side).Path(),
				Msg: fmt.Sprintf("%d %s; the missing partners may be among the documents above that could not be read", n, what)}})
			continue
		}
		left := make([]waitingDoc, 0, len(pr.waiting[side]))
		for _, w := range pr.waiting[side] {
			left = append(left, w)
		}
		slices.SortFunc(left, func(a, b waitingDoc) int { return a.index - b.index })
		for _, w := range left {
			d := w.doc
			if pr.lenient() {
				if !pr.noted(side, &d) {
					continue
				}
				pair := Pair{Pair: eval.Pair{ID: d.ID}, order: w.index}
				if side == 1 {
					pair.Gold = &d
				} else {
					pair.Pred, pair.order = &d, pr.read[1]+w.index
				}
				pr.emit(pair)
				continue
			}
			e := &document.DataError{File: pr.pred.Path(), Msg: fmt.Sprintf("no prediction for gold %s of %s (use --allow-missing to score it as empty)", d.Describe(), pr.gold.Path())}
			if side == 0 {
				e = &document.DataError{File: pr.pred.Path(), Doc: d.Describe(), Msg: fmt.Sprintf("no gold document with this id in %s (use --allow-missing to score it against an empty one)", pr.gold.Path())}
			}
			pr.errs = append(pr.errs, sortedError{phaseUnpaired, 1 - side, w.index, e})
		}
	}
}

// pairHint is what the adapter of a stream says about how its documents
// pair (document.Input.PairHint).
func pairHint(s document.Stream) string {
	if h, ok := s.(document.Hinted); ok {
		return h.PairHint()
	}
	return ""
}

func (pr *pairer) stream(side int) document.Stream {
	if side == 1 {
		return pr.gold
	}
	return pr.pred
}

// sortErrors returns the errors in report order.
func sortErrors(errs []sortedError) document.DataErrors {
	slices.SortStableFunc(errs, func(a, b sortedError) int {
		if a.phase != b.phase {
			return a.phase - b.phase
		}
		if a.side != b.side {
			return a.side - b.side
		}
		return a.index - b.index
	})
	out := make(document.DataErrors, len(errs))
	for i, e := range errs {
		out[i] = e.err
	}
	return out
}

// PairDocs pairs gold and predicted documents: by id when the input type
// has an id field, else by position. Unpaired documents are errors unless
// allowMissing, or unless an input declares its scorer's convention
// (document.Input.Unpaired): pairing then follows it, and a warning for
// each document it applies to is added to pred.Warnings.
func (p *Plan) PairDocs(gold, pred *document.Input, allowMissing bool) ([]Pair, error) {
	var pairs []Pair
	pr := newPairer(p, document.InputStream(gold), document.InputStream(pred), allowMissing, func(x Pair) { pairs = append(pairs, x) }, nil)
	var notes []string
	pr.note = func(w string) { notes = append(notes, w) }
	defer func() { pred.Warnings = append(pred.Warnings, notes...) }()
	pr.run()
	if pr.fatal != nil {
		return nil, pr.fatal
	}
	if len(pr.errs) > 0 {
		return nil, sortErrors(pr.errs)
	}
	slices.SortStableFunc(pairs, func(a, b Pair) int { return a.order - b.order })
	return pairs, nil
}
