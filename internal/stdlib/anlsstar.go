package stdlib

import (
	"fmt"
	"math"
	"strconv"
	"sync"

	"github.com/metricc/metricc/internal/pytext"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// DataError is what a similarity panics with when a value is not one it
// can score (a malformed alternative list, say); the evaluator reports it
// as a data error of the document, naming the metric.
type DataError struct{ Msg string }

func (e DataError) Error() string { return e.Msg }

// AlternativesKey spells a gold answer with alternatives for anls_star: an
// object whose only key it is, holding a non-empty array of the acceptable
// answers ({"$or": ["Hello", "World"]}), anls-star's tuple.
const AlternativesKey = "$or"

// ANLSStar is anls_star(τ), ANLS* of Peer et al. (2024) over json values.
var ANLSStar = &Similarity{
	Name: "anls_star",
	Doc: "anls_star(τ) is ANLS* (Peer et al., 2024) of a json prediction against a json gold answer, as the anls-star package's anls_score computes it (τ is its threshold, 0.5): " +
		"strings, numbers and booleans by the normalized Levenshtein similarity of their lowercased text, cut to 0 below τ; null matches null, \"\", [] and {}; " +
		"objects key by key; arrays by a one-to-one matching (Hungarian, chosen by the pairs' average scores); " +
		"in the gold, {\"$or\": [a, b, ...]} is a list of alternatives, the best one counting. The value is the sum of the leaf scores over the number of leaf positions compared.",
	Example:   "`anls_star(0.5)[answer]`",
	Params:    []ArgKind{ArgNumber},
	CheckArgs: jsonThreshold,
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		tau := args[0].Number
		return func(a *value.Arena, x, y value.Ref) float64 {
			if x == y {
				// A value against itself: ANLS* is 1, and an answer with
				// alternatives is matched by any one of them.
				return 1
			}
			e := anlsPool.Get().(*anlsEval)
			defer anlsPool.Put(e)
			return e.score(a, tau, y, x)
		}
	},
}

func jsonThreshold(t types.Type, args []Arg) string {
	if t != types.JSONType {
		return fmt.Sprintf("anls_star compares json values (declare the field `answer: json`), not %s; for strings use anls(τ)", t)
	}
	if tau := args[0].Number; tau > 1 {
		return fmt.Sprintf("the threshold of anls_star is a similarity, between 0 and 1, not %g", tau)
	}
	return ""
}

var anlsPool = sync.Pool{New: func() any { return &anlsEval{} }}

// anlsEval computes ANLS* the way the anls-star package (1.0.1) does, with
// the same float operations in the same order, so that ties in its
// matchings break the same way. For a gold g and a prediction p the
// package computes a list of leaf scores and a length (pairwise_len), and
// ANLS* is their sum over the length. Both come from one walk here; the
// package recomputes them apart.
type anlsEval struct {
	a    *value.Arena
	tau  float64
	nls  []float64         // the leaf scores of the pairs being compared, back to back
	lens map[value.Ref]int // len() of the package's trees
	text map[value.Ref][]rune
}

// missing stands for a key absent from an object: the package compares it
// as None, but an object's keys tell the two apart.
const missing value.Ref = -1

// pairResult is what comparing a gold g with a prediction p gives besides
// its leaf scores (appended to e.nls): the length, whether the package's
// "closest gold" equals the prediction (it breaks ties by that), and
// whether that closest gold is None-like (None, "", [] or {}).
type pairResult struct {
	length     int
	equal      bool
	closeEmpty bool
}

func (e *anlsEval) score(a *value.Arena, tau float64, gold, pred value.Ref) float64 {
	e.a, e.tau = a, tau
	e.nls = e.nls[:0]
	if e.lens == nil {
		e.lens = map[value.Ref]int{}
		e.text = map[value.Ref][]rune{}
	} else {
		clear(e.lens)
		clear(e.text)
	}
	e.checkPrediction(pred)
	e.checkGold(gold)
	// anls_score reads a gold list of strings against a predicted string
	// as alternatives, for ST-VQA-style datasets.
	if a.Kind(pred) == value.String && a.Kind(gold) == value.Seq {
		strs := true
		for _, k := range a.Kids(gold) {
			strs = strs && a.Kind(k) == value.String
		}
		if strs {
			if a.Count(gold) == 0 {
				panic(DataError{"anls_star: the gold answer is an empty list and the prediction a string: anls-star reads such a gold answer as a list of alternatives, and this one has none"})
			}
			r := e.alternatives(a.Kids(gold), pred)
			return ratio(sum(e.nls), r.length)
		}
	}
	r := e.pair(gold, pred)
	return ratio(sum(e.nls), r.length)
}

// ratio is the package's average: 1 for a length of 0.
func ratio(s float64, n int) float64 {
	if n > 0 {
		return s / float64(n)
	}
	return 1
}

// sum adds in order, as Python's sum() does (up to 3.11).
func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// alternativesOf returns the alternatives of a gold object spelled
// {"$or": [...]}, or nil.
func (e *anlsEval) alternativesOf(g value.Ref) []value.Ref {
	a := e.a
	if a.Kind(g) != value.Set || a.Count(g) != 1 {
		return nil
	}
	entry := a.Kids(g)[0]
	if a.Str(a.Field(entry, 0)) != AlternativesKey {
		return nil
	}
	return a.Kids(a.Field(entry, 1))
}

// checkGold reports a malformed list of alternatives.
func (e *anlsEval) checkGold(g value.Ref) {
	a := e.a
	switch a.Kind(g) {
	case value.Seq:
		for _, k := range a.Kids(g) {
			e.checkGold(k)
		}
	case value.Set:
		for _, entry := range a.Kids(g) {
			if a.Str(a.Field(entry, 0)) == AlternativesKey {
				v := a.Field(entry, 1)
				switch {
				case a.Count(g) != 1:
					panic(DataError{fmt.Sprintf("anls_star: in the gold answer, an object with the key %q lists alternatives and has no other key", AlternativesKey)})
				case a.Kind(v) != value.Seq:
					panic(DataError{fmt.Sprintf("anls_star: in the gold answer, %q holds an array of alternatives, not %s", AlternativesKey, describeJSON(a, v))})
				case a.Count(v) == 0:
					panic(DataError{fmt.Sprintf("anls_star: in the gold answer, %q holds no alternative: give at least one", AlternativesKey)})
				}
			}
			e.checkGold(a.Field(entry, 1))
		}
	}
}

// checkPrediction refuses alternatives in a prediction, as the package
// refuses tuples there.
func (e *anlsEval) checkPrediction(p value.Ref) {
	a := e.a
	switch a.Kind(p) {
	case value.Seq:
		for _, k := range a.Kids(p) {
			e.checkPrediction(k)
		}
	case value.Set:
		for _, entry := range a.Kids(p) {
			if a.Str(a.Field(entry, 0)) == AlternativesKey {
				panic(DataError{fmt.Sprintf("anls_star: the prediction has an object with the key %q: alternatives are for gold answers, a prediction gives one answer", AlternativesKey)})
			}
			e.checkPrediction(a.Field(entry, 1))
		}
	}
}

func describeJSON(a *value.Arena, r value.Ref) string {
	switch a.Kind(r) {
	case value.Null:
		return "null"
	case value.String:
		return "a string"
	case value.Set:
		return "an object"
	case value.Bool:
		return "a boolean"
	}
	return "a number"
}

// length is len() of the package's tree of r: 1 for a leaf or None, the
// sum over the elements of an array or the values of an object (0 when
// empty), the largest over alternatives.
func (e *anlsEval) length(r value.Ref) int {
	if r == missing {
		return 1
	}
	a := e.a
	switch a.Kind(r) {
	case value.Seq, value.Set:
	default:
		return 1
	}
	if n, ok := e.lens[r]; ok {
		return n
	}
	n := 0
	if alts := e.alternativesOf(r); alts != nil {
		for _, alt := range alts {
			n = max(n, e.length(alt))
		}
	} else if a.Kind(r) == value.Seq {
		for _, k := range a.Kids(r) {
			n += e.length(k)
		}
	} else {
		for _, entry := range a.Kids(r) {
			n += e.length(a.Field(entry, 1))
		}
	}
	e.lens[r] = n
	return n
}

// noneLike is the package's check_if_none: None, "", [] or {}.
func (e *anlsEval) noneLike(r value.Ref) bool {
	if r == missing {
		return true
	}
	a := e.a
	switch a.Kind(r) {
	case value.Null:
		return true
	case value.String:
		return a.Str(r) == ""
	case value.Seq, value.Set:
		return a.Count(r) == 0
	}
	return false
}

func (e *anlsEval) isLeaf(r value.Ref) bool {
	if r == missing {
		return false
	}
	switch e.a.Kind(r) {
	case value.String, value.Int, value.Float, value.Bool:
		return true
	}
	return false
}

// pair compares gold g with prediction p (p may be missing), appending the
// leaf scores to e.nls.
func (e *anlsEval) pair(g, p value.Ref) pairResult {
	a := e.a
	if alts := e.alternativesOf(g); alts != nil {
		return e.alternatives(alts, p)
	}
	pKind := value.Null
	if p != missing {
		pKind = a.Kind(p)
	}
	switch a.Kind(g) {
	case value.Null:
		if e.noneLike(p) {
			e.nls = append(e.nls, 1)
		} else {
			e.nls = append(e.nls, 0)
		}
		return pairResult{length: max(1, e.length(p)), equal: e.noneLike(p), closeEmpty: true}
	case value.Seq:
		if pKind != value.Seq {
			e.nls = append(e.nls, 0)
			return pairResult{length: max(e.length(g), e.length(p)), closeEmpty: a.Count(g) == 0}
		}
		return e.list(g, p)
	case value.Set:
		if pKind != value.Set {
			e.nls = append(e.nls, 0)
			return pairResult{length: max(e.length(g), e.length(p)), closeEmpty: a.Count(g) == 0}
		}
		return e.object(g, p)
	}
	// A leaf.
	r := pairResult{length: 1, closeEmpty: a.Kind(g) == value.String && a.Str(g) == ""}
	if !e.isLeaf(p) {
		e.nls = append(e.nls, 0)
		r.length = max(1, e.length(p))
		return r
	}
	gs, ps := e.leafText(g), e.leafText(p)
	v := 0.0
	if n := max(len(gs), len(ps)); n > 0 {
		v = float64(levenshtein(gs, ps)) / float64(n)
	}
	s := 1 - v
	if s < e.tau {
		s = 0
	}
	e.nls = append(e.nls, s)
	r.equal = pyEqual(a, g, p)
	return r
}

// alternatives keeps the best of the alternatives against p: the highest
// average, then one whose closest gold equals p, then the first.
func (e *anlsEval) alternatives(alts []value.Ref, p value.Ref) pairResult {
	base := len(e.nls)
	var best pairResult
	bestAvg, bestStart, bestEnd := 0.0, 0, 0
	for i, alt := range alts {
		start := len(e.nls)
		r := e.pair(alt, p)
		avg := ratio(sum(e.nls[start:]), r.length)
		if i == 0 || avg > bestAvg || (avg == bestAvg && r.equal && !best.equal) {
			best, bestAvg, bestStart, bestEnd = r, avg, start, len(e.nls)
		}
	}
	n := copy(e.nls[base:], e.nls[bestStart:bestEnd])
	e.nls = e.nls[:base+n]
	return best
}

// list matches the elements of two arrays one to one, as the package
// does: by the munkres package's classic Hungarian method on the pairs'
// averages (an exact match nudged up by one ulp), every element of the
// shorter array matched; unmatched elements count their length.
func (e *anlsEval) list(g, p value.Ref) pairResult {
	a := e.a
	gs, ps := a.Kids(g), a.Kids(p)
	n, m := len(gs), len(ps)
	if n == 0 || m == 0 {
		length := 0
		for _, k := range gs {
			length += e.length(k)
		}
		for _, k := range ps {
			length += e.length(k)
		}
		return pairResult{length: length, equal: n == 0 && m == 0, closeEmpty: n == 0}
	}
	base := len(e.nls)
	type cell struct {
		start, end int
		r          pairResult
	}
	cells := make([]cell, n*m)
	avgs := make([][]float64, n)
	top := math.Inf(-1)
	for i, gi := range gs {
		avgs[i] = make([]float64, m)
		for j, pj := range ps {
			start := len(e.nls)
			r := e.pair(gi, pj)
			cells[i*m+j] = cell{start, len(e.nls), r}
			avg := ratio(sum(e.nls[start:]), r.length)
			if r.equal {
				avg = math.Nextafter(avg, math.Inf(1))
			}
			avgs[i][j] = avg
			top = max(top, avg)
		}
	}
	for _, row := range avgs {
		for j, v := range row {
			row[j] = top - v
		}
	}
	pairs := solver.ClassicMunkres(avgs)
	var out []float64
	res := pairResult{equal: n == m}
	rowMatched := make([]bool, n)
	colMatched := make([]bool, m)
	for _, ij := range pairs {
		c := cells[ij[0]*m+ij[1]]
		out = append(out, e.nls[c.start:c.end]...)
		res.length += c.r.length
		res.equal = res.equal && c.r.equal
		rowMatched[ij[0]], colMatched[ij[1]] = true, true
	}
	for i, ok := range rowMatched {
		if !ok {
			res.length += e.length(gs[i])
		}
	}
	for j, ok := range colMatched {
		if !ok {
			res.length += e.length(ps[j])
		}
	}
	e.nls = append(e.nls[:base], out...)
	return res
}

// object compares two objects key by key: the gold's keys in order, then
// the prediction's other keys. A key only the prediction has, with a
// None-like value, adds no score but still counts in the length, as in
// the package.
func (e *anlsEval) object(g, p value.Ref) pairResult {
	a := e.a
	ges, pes := a.Kids(g), a.Kids(p)
	lookup := func(entries []value.Ref, key value.Ref) value.Ref {
		for _, en := range entries {
			if a.Field(en, 0) == key {
				return a.Field(en, 1)
			}
		}
		return missing
	}
	res := pairResult{equal: true, closeEmpty: true}
	for _, en := range ges {
		key, gv := a.Field(en, 0), a.Field(en, 1)
		pv := lookup(pes, key)
		r := e.pair(gv, pv)
		res.length += r.length
		if pv == missing {
			// Left out of the closest gold when it is None-like.
			res.equal = res.equal && r.closeEmpty
			res.closeEmpty = res.closeEmpty && r.closeEmpty
		} else {
			res.equal = res.equal && r.equal
			res.closeEmpty = false
		}
	}
	for _, en := range pes {
		key, pv := a.Field(en, 0), a.Field(en, 1)
		if lookup(ges, key) != missing {
			continue
		}
		// The gold lacks the key: the package's closest gold has it as
		// None, unless the predicted value is None-like and skipped.
		res.equal = false
		if e.noneLike(pv) {
			res.length += max(1, e.length(pv))
			continue
		}
		res.closeEmpty = false
		e.nls = append(e.nls, 0)
		res.length += max(1, e.length(pv))
	}
	return res
}

// leafText is the text the package compares for a leaf: str() of the
// value, lowercased, white space collapsed.
func (e *anlsEval) leafText(r value.Ref) []rune {
	if t, ok := e.text[r]; ok {
		return t
	}
	a := e.a
	var s string
	switch a.Kind(r) {
	case value.String:
		s = a.Str(r)
	case value.Int:
		s = strconv.FormatInt(a.IntValue(r), 10)
	case value.Float:
		s = pytext.FloatRepr(a.Num(r))
	case value.Bool:
		s = "False"
		if a.Num(r) != 0 {
			s = "True"
		}
	}
	t := []rune(collapseSpace(s))
	e.text[r] = t
	return t
}

// pyEqual is Python's == between two leaves: strings by content, numbers
// and booleans by value (True == 1 == 1.0).
func pyEqual(a *value.Arena, x, y value.Ref) bool {
	xs, ys := a.Kind(x) == value.String, a.Kind(y) == value.String
	if xs || ys {
		return xs && ys && x == y // strings share one node per text
	}
	if a.Kind(x) == value.Int && a.Kind(y) == value.Int {
		return a.IntValue(x) == a.IntValue(y)
	}
	if a.Kind(x) == value.Int || a.Kind(y) == value.Int {
		if a.Kind(x) != value.Int {
			x, y = y, x
		}
		// An int against a float (or a boolean): exact, as Python compares.
		f := a.Num(y)
		return f == math.Trunc(f) && math.Abs(f) < 1<<63 && int64(f) == a.IntValue(x)
	}
	return a.Num(x) == a.Num(y)
}
