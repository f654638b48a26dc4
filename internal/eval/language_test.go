package eval_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
)

// TestAlignOnSequences: on a seq the order-preserving matching is chosen
// by align and credited by the element similarity. Pred (k1,x) (k2,y) and
// gold (k2,x) (k1,y): align (same k) pairs cross, so only one pair is
// kept, and it earns nothing (x against y). Matching by the credit instead
// would give 2.
func TestAlignOnSequences(t *testing.T) {
	p := compile(t, `
type T { k: int, v: string }
type Doc { ts: seq<T> }
input Doc
metric m = S<->[ts](delta[v], align = delta[k])
`)
	type tok struct {
		K int    `json:"k"`
		V string `json:"v"`
	}
	type doc struct {
		Ts []tok `json:"ts"`
	}
	got := score(t, p, input(t, "g", doc{[]tok{{2, "x"}, {1, "y"}}}), input(t, "p", doc{[]tok{{1, "x"}, {2, "y"}}}), corpus.Options{})
	assert.Equal(t, 0.0, got["m"].Sums.PredGold)
	// Self-sums are the identity under align: 2 each.
	assert.Equal(t, 2.0, got["m"].Sums.PredPred)
	assert.Equal(t, 2.0, got["m"].Sums.GoldGold)
}

// TestAlignTiesByCredit enumerates every matching of random small
// collections under each constraint (and the order of a seq), keeps those
// with the largest Σalign, and among them the largest Σcredit: the result
// must be exactly that credit, whatever the order of the elements in the
// JSON. A one-to-one matching of sequences takes instead, among those
// with the largest Σalign, the one a front-to-back walk meets first
// (walkCredit).
func TestAlignTiesByCredit(t *testing.T) {
	kinds := []struct {
		coll, op string
		one      bool // each prediction at most once
		oneGold  bool // each gold at most once
		ordered  bool
	}{
		{"bag", "<->", true, true, false},
		{"bag", "->", true, false, false},
		{"bag", "<-", false, true, false},
		{"bag", "~", false, false, false},
		{"seq", "<->", true, true, true},
		{"seq", "->", true, false, true},
		{"seq", "~", false, false, true},
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for _, k := range kinds {
		p := compile(t, fmt.Sprintf(`
type Q { a: int, b: int, c: int, d: int }
type Doc { qs: %s<Q> }
input Doc
metric m = S%s[qs](delta[d] + 0.5 * delta[c], align = delta[a] + 0.5 * delta[b])
`, k.coll, k.op))
		type doc struct {
			Qs []quad `json:"qs"`
		}
		for trial := range 150 {
			xs, ys := randQuads(rng), randQuads(rng)
			want := bestCredit(xs, ys, k.one, k.oneGold, k.ordered)
			if k.coll == "seq" && k.op == "<->" {
				want = walkCredit(xs, ys)
			}
			got := score(t, p, input(t, "g", doc{ys}), input(t, "p", doc{xs}), corpus.Options{})
			msg := fmt.Sprintf("%s %s trial %d xs=%v ys=%v", k.coll, k.op, trial, xs, ys)
			require.InDelta(t, want, got["m"].Sums.PredGold, 1e-9, msg)
			if !k.ordered {
				// Order independence: reverse both sides.
				rx, ry := reversed(xs), reversed(ys)
				again := score(t, p, input(t, "g", doc{ry}), input(t, "p", doc{rx}), corpus.Options{})
				require.InDelta(t, got["m"].Sums.PredGold, again["m"].Sums.PredGold, 1e-12, msg)
			}
		}
	}
}

func randQuads(rng *rand.Rand) []quad {
	qs := make([]quad, rng.IntN(5))
	for i := range qs {
		qs[i] = quad{rng.IntN(2), rng.IntN(2), rng.IntN(2), rng.IntN(2)}
	}
	return qs
}

func reversed[T any](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

// walkCredit is the credit of the one-to-one order-preserving matching
// that the walk of sequence aligners chooses among the heaviest by
// Σalign: at (i, j), take the pair if a heaviest matching of the rest
// starts with it, else pass gold j if a heaviest one does without it,
// else pass prediction i.
func walkCredit(xs, ys []quad) float64 {
	n, k := len(xs), len(ys)
	best := make([][]float64, n+1)
	for i := range best {
		best[i] = make([]float64, k+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := k - 1; j >= 0; j-- {
			v := max(best[i+1][j], best[i][j+1])
			if w := quadAlign(xs[i], ys[j]); w > 0 {
				v = max(v, w+best[i+1][j+1])
			}
			best[i][j] = v
		}
	}
	total := 0.0
	for i, j := 0, 0; i < n && j < k && best[i][j] > 0; {
		switch w := quadAlign(xs[i], ys[j]); {
		case w > 0 && w+best[i+1][j+1] >= best[i][j]-1e-9:
			total += quadCredit(xs[i], ys[j])
			i, j = i+1, j+1
		case best[i][j+1] >= best[i][j]-1e-9:
			j++
		default:
			i++
		}
	}
	return total
}

func quadAlign(x, y quad) float64 {
	v := 0.0
	if x.A == y.A {
		v++
	}
	if x.B == y.B {
		v += 0.5
	}
	return v
}

func quadCredit(x, y quad) float64 {
	v := 0.0
	if x.D == y.D {
		v++
	}
	if x.C == y.C {
		v += 0.5
	}
	return v
}

// bestCredit enumerates the matchings (sets of pairs with positive align)
// allowed by the constraint and returns the credit of the best by (Σalign,
// Σcredit).
func bestCredit(xs, ys []quad, one, oneGold, ordered bool) float64 {
	alignW, credit := quadAlign, quadCredit
	type pr struct{ i, j int }
	var cands []pr
	for i := range xs {
		for j := range ys {
			if alignW(xs[i], ys[j]) > 0 {
				cands = append(cands, pr{i, j})
			}
		}
	}
	bestA, bestC := -1.0, 0.0
	for mask := 0; mask < 1<<len(cands); mask++ {
		var set []pr
		for k, c := range cands {
			if mask&(1<<k) != 0 {
				set = append(set, c)
			}
		}
		ok := true
		a, c := 0.0, 0.0
		for k, u := range set {
			a += alignW(xs[u.i], ys[u.j])
			c += credit(xs[u.i], ys[u.j])
			for _, v := range set[k+1:] {
				if (one && u.i == v.i) || (oneGold && u.j == v.j) {
					ok = false
				}
				if ordered && ((u.i < v.i && u.j > v.j) || (u.i > v.i && u.j < v.j)) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		if a > bestA+1e-12 || (math.Abs(a-bestA) <= 1e-12 && c > bestC) {
			bestA, bestC = a, c
		}
	}
	return bestC
}

// TestOntologySimilarities are the hand examples of Eq. 33, 38 and 39 on
// a three-level ontology: event > conflict > {attack, demonstrate}, event
// > life > die.
func TestOntologySimilarities(t *testing.T) {
	p := compile(t, `
ontology E { event: conflict, life; conflict: attack, demonstrate; life: die }
type A { t: E, ts: set<E> }
type Doc { as: seq<A> }
input Doc
metric anc = S<->[as](ancestor(E, 0.5)[t])
metric lvl = S<->[as](level(E)[t])
metric sup = S<->[as](supertypes(E)[t])
metric sups = S<->[as](supertypes(E)[ts])
`)
	type a struct {
		T  string   `json:"t"`
		Ts []string `json:"ts"`
	}
	type doc struct {
		As []a `json:"as"`
	}
	cases := []struct {
		pred, gold       string
		anc, lvl, sup    float64
		predSet, goldSet []string
		sups             float64
	}{
		// Equal: 1 for all; level 2^(3-3).
		{"attack", "attack", 1, 1, 1, []string{"attack"}, []string{"attack"}, 1},
		// The prediction more general than the gold: half credit (Eq. 33);
		// deepest common ancestor conflict at depth 2: 2^(2-3) = 1/2;
		// S(conflict) = {conflict, event}, S(attack) = {attack, conflict,
		// event}: F = 2·2/(2+3).
		{"conflict", "attack", 0.5, 0.5, 0.8, []string{"conflict", "die"}, []string{"attack"}, 2 * 2.0 / (4 + 3)},
		// The prediction more specific: no half credit.
		{"attack", "conflict", 0, 0.5, 0.8, nil, nil, 1},
		// Siblings: common ancestor conflict (depth 2); S share 2 of 3+3.
		{"attack", "demonstrate", 0, 0.5, 2 * 2.0 / 6, []string{"attack"}, []string{"demonstrate", "die"}, 2 * 2.0 / (3 + 5)},
		// Cousins across branches: only event in common (depth 1): 2^(1-3).
		{"attack", "die", 0, 0.25, 2 * 1.0 / 6, []string{"die"}, nil, 0},
	}
	for i, c := range cases {
		predSet, goldSet := c.predSet, c.goldSet
		if predSet == nil {
			predSet = []string{}
		}
		if goldSet == nil {
			goldSet = []string{}
		}
		got := score(t, p, input(t, "g", doc{[]a{{c.gold, goldSet}}}), input(t, "p", doc{[]a{{c.pred, predSet}}}), corpus.Options{})
		assert.InDelta(t, c.anc, got["anc"].Sums.PredGold, 1e-12, "case %d anc", i)
		assert.InDelta(t, c.lvl, got["lvl"].Sums.PredGold, 1e-12, "case %d level", i)
		assert.InDelta(t, c.sup, got["sup"].Sums.PredGold, 1e-12, "case %d supertypes", i)
		assert.InDelta(t, c.sups, got["sups"].Sums.PredGold, 1e-12, "case %d supertypes of sets", i)
	}
	// A value not in the ontology is a data error naming the JSON path.
	_, err := p.Score(input(t, "g", doc{[]a{{"attack", []string{}}}}), input(t, "p", doc{[]a{{"attak", []string{}}}}), corpus.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `as.0.t: "attak" is not a concept of ontology E`)
	_, err = p.Score(input(t, "g", doc{[]a{{"attack", []string{}}}}), input(t, "p", doc{[]a{{"Attack", []string{"die", "x"}}}}), corpus.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `as.0.t: "Attack" is not a concept of ontology E (did you mean "attack"?)`)
}

// TestFilters keeps elements by conditions on their fields, consts and
// sets; the filtered collections are matched like any other.
func TestFilters(t *testing.T) {
	p := compile(t, `
const premods = {"the", "a"}
param minStart = 2
type Ent { label: string, start: int, neg: bool, words: bag<string> }
type Doc { ents: set<Ent> }
input Doc
metric per = F<->[ents where label == "PER"](delta)
metric late = F<->[ents where start >= minStart and not neg](delta)
metric words = S<->[ents](J<->[words where _ not in premods](delta))
`)
	type ent struct {
		Label string   `json:"label"`
		Start int      `json:"start"`
		Neg   bool     `json:"neg"`
		Words []string `json:"words"`
	}
	type doc struct {
		Ents []ent `json:"ents"`
	}
	gold := doc{[]ent{{"PER", 0, false, []string{"the", "man"}}, {"ORG", 3, false, []string{"a", "firm"}}, {"PER", 5, true, []string{"him"}}}}
	pred := doc{[]ent{{"PER", 0, false, []string{"the", "man"}}, {"ORG", 3, false, []string{"firm"}}, {"LOC", 7, false, []string{"here"}}}}
	got := score(t, p, input(t, "g", gold), input(t, "p", pred), corpus.Options{})
	// PER: pred 1, gold 2, common 1.
	assert.Equal(t, eval.Sums{PredGold: 1, PredPred: 1, GoldGold: 2, PredGoldRecall: 1}, got["per"].Sums)
	// start >= 2 and not negated: pred ORG(3), LOC(7); gold ORG(3). The
	// ORG records differ in their words, so nothing is common.
	assert.Equal(t, eval.Sums{PredGold: 0, PredPred: 2, GoldGold: 1}, got["late"].Sums)
	// Without premodifiers, "a firm" and "firm" are equal: J = 1; "the man"
	// against itself 1.
	assert.InDelta(t, 2.0, got["words"].Sums.PredGold, 1e-12)
}

// TestDeclaredOrder matches graph nodes keeping the order their edges
// declare (Eq. 37 on DAGs), against brute force on random small graphs.
func TestDeclaredOrder(t *testing.T) {
	p := compile(t, `
type Node { id: int, label: string }
type Edge { src: int, tgt: int }
type Doc  { nodes: set<Node>, edges: set<Edge> }
input Doc
metric m = S<->[nodes ordered by edges(src, tgt)](delta[label])
`)
	type node struct {
		ID    int    `json:"id"`
		Label string `json:"label"`
	}
	type edge struct {
		Src int `json:"src"`
		Tgt int `json:"tgt"`
	}
	type doc struct {
		Nodes []node `json:"nodes"`
		Edges []edge `json:"edges"`
	}
	rng := rand.New(rand.NewPCG(43, 44))
	randGraph := func() (doc, [][]bool) {
		n := 1 + rng.IntN(5)
		d := doc{Edges: []edge{}}
		for i := range n {
			d.Nodes = append(d.Nodes, node{i, string(rune('a' + rng.IntN(3)))})
		}
		reach := make([][]bool, n)
		for i := range reach {
			reach[i] = make([]bool, n)
			reach[i][i] = true
		}
		for a := range n {
			for b := a + 1; b < n; b++ {
				if rng.IntN(3) == 0 {
					d.Edges = append(d.Edges, edge{a, b})
					reach[a][b] = true
				}
			}
		}
		for m := range n {
			for a := range n {
				for b := range n {
					reach[a][b] = reach[a][b] || (reach[a][m] && reach[m][b])
				}
			}
		}
		return d, reach
	}
	for trial := range 200 {
		x, rx := randGraph()
		y, ry := randGraph()
		want := 0
		n, k := len(x.Nodes), len(y.Nodes)
		// Enumerate injective partial maps node → node.
		var rec func(i int, used []bool, pairs [][2]int)
		rec = func(i int, used []bool, pairs [][2]int) {
			if i == n {
				count := 0
				for a, u := range pairs {
					if x.Nodes[u[0]].Label == y.Nodes[u[1]].Label {
						count++
					}
					for _, v := range pairs[a+1:] {
						if rx[u[0]][v[0]] != ry[u[1]][v[1]] || rx[v[0]][u[0]] != ry[v[1]][u[1]] {
							return
						}
					}
				}
				want = max(want, count)
				return
			}
			rec(i+1, used, pairs)
			for j := range k {
				if !used[j] && x.Nodes[i].Label == y.Nodes[j].Label {
					used[j] = true
					rec(i+1, used, append(pairs, [2]int{i, j}))
					used[j] = false
				}
			}
		}
		rec(0, make([]bool, k), nil)
		got := score(t, p, input(t, "g", y), input(t, "p", x), corpus.Options{})
		require.Equal(t, float64(want), got["m"].Sums.PredGold, "trial %d x=%v y=%v", trial, x, y)
		require.Equal(t, got["m"].Sums.Search.Pairs, got["m"].Sums.Search.Proven)
	}
}

// TestBreakdownSums: a breakdown's rows add up to the metric's sums, and
// each row counts a matched pair for the predicted key in precision and
// the gold key in recall.
func TestBreakdownSums(t *testing.T) {
	p := compile(t, `
type Ent { start: int, end: int, label: string }
type Doc { ents: set<Ent> }
input Doc
metric spans = F<->[ents](delta[start] * delta[end]) by label
`)
	type ent struct {
		Start int    `json:"start"`
		End   int    `json:"end"`
		Label string `json:"label"`
	}
	type doc struct {
		Ents []ent `json:"ents"`
	}
	// Spans (0,1) PER/PER, (3,4) ORG/LOC, (6,7) gold only MISC, (9,9) pred only PER.
	gold := doc{[]ent{{0, 1, "PER"}, {3, 4, "ORG"}, {6, 7, "MISC"}}}
	pred := doc{[]ent{{0, 1, "PER"}, {3, 4, "LOC"}, {9, 9, "PER"}}}
	res, err := p.Score(input(t, "g", gold), input(t, "p", pred), corpus.Options{})
	require.NoError(t, err)
	m := res.Metrics[0]
	assert.Equal(t, 2.0, m.Sums.PredGold)
	rows := map[string]eval.Sums{}
	for _, r := range m.By {
		rows[r.Name] = r.Sums
	}
	assert.Equal(t, map[string]eval.Sums{
		"LOC":  {PredGold: 1, PredPred: 1, GoldGold: 0, PredGoldRecall: 0},
		"MISC": {PredGold: 0, PredPred: 0, GoldGold: 1, PredGoldRecall: 0},
		"ORG":  {PredGold: 0, PredPred: 0, GoldGold: 1, PredGoldRecall: 1},
		"PER":  {PredGold: 1, PredPred: 2, GoldGold: 1, PredGoldRecall: 1},
	}, rows)
	assert.Equal(t, []string{"LOC", "MISC", "ORG", "PER"}, []string{m.By[0].Name, m.By[1].Name, m.By[2].Name, m.By[3].Name})
}

// TestAggregation: per-metric micro, macro and macro over documents with
// a non-empty gold, and prf(a, b) from two metrics' sums.
func TestAggregation(t *testing.T) {
	p := compile(t, `
type Doc { xs: set<int> }
input Doc
metric micro = F<->[xs](delta)
metric macro = F<->[xs](delta) macro
metric gold = F<->[xs](delta) macro(gold)
metric halves = prf(micro, macro)
`)
	type doc struct {
		Xs []int `json:"xs"`
	}
	// Doc 1: pred {1,2}, gold {1}: P 1/2, R 1. Doc 2: pred {3}, gold {}: P
	// 0, R 0 (gold empty, pred not). Doc 3: both empty: 1, 1.
	gold := []any{doc{[]int{1}}, doc{[]int{}}, doc{[]int{}}}
	pred := []any{doc{[]int{1, 2}}, doc{[]int{3}}, doc{[]int{}}}
	got := score(t, p, input(t, "g", gold...), input(t, "p", pred...), corpus.Options{})
	assert.InDelta(t, 1.0/3, got["micro"].Precision, 1e-12)
	assert.InDelta(t, 1.0, got["micro"].Recall, 1e-12)
	assert.InDelta(t, (0.5+0+1)/3, got["macro"].Precision, 1e-12)
	assert.InDelta(t, 2.0/3, got["macro"].Recall, 1e-12)
	assert.Equal(t, "macro", got["macro"].Average)
	assert.InDelta(t, 0.5, got["gold"].Precision, 1e-12, "only document 1 has gold")
	assert.InDelta(t, 1.0, got["gold"].Recall, 1e-12)
	assert.Equal(t, "macro(gold)", got["gold"].Average)
	assert.Equal(t, eval.KindSumsN, got["halves"].Kind)
	assert.Equal(t, got["micro"].Sums.PredGold, got["halves"].Sums.PredGold)
	assert.Equal(t, got["micro"].Sums.PredPred, got["halves"].Sums.PredPred)
	assert.Equal(t, got["macro"].Sums.GoldGold, got["halves"].Sums.GoldGold)
}

// TestParamsInResult: the values used, the declared one or the one set.
func TestParamsInResult(t *testing.T) {
	p := compile(t, `
param w = 0.25
type Doc { xs: set<int> }
input Doc
metric m = S<->[xs](delta * w)
`)
	type doc struct {
		Xs []int `json:"xs"`
	}
	res, err := p.Score(input(t, "g", doc{[]int{1, 2}}), input(t, "p", doc{[]int{2}}), corpus.Options{})
	require.NoError(t, err)
	assert.Equal(t, []corpus.Param{{Name: "w", Value: 0.25}}, res.Params)
	assert.Equal(t, 0.25, res.Metrics[0].Sums.PredGold)
}

// TestMicroGold: micro(gold) sums the corpus over the documents whose gold
// scores above 0 against itself, whatever the prediction has there, and
// says which documents it left out; micro sums them all.
func TestMicroGold(t *testing.T) {
	p := compile(t, `
type Doc { id: string, xs: set<int> }
input Doc
metric all = F<->[xs](delta)
metric gold = F<->[xs](delta) micro(gold)
`)
	type doc struct {
		ID string `json:"id"`
		Xs []int  `json:"xs"`
	}
	gold := []any{doc{"a", []int{1, 2}}, doc{"b", []int{}}, doc{"c", []int{5}}}
	pred := []any{doc{"a", []int{1}}, doc{"b", []int{3, 4}}, doc{"c", []int{5, 6}}}
	var warnings []string
	res, err := p.Score(input(t, "g", gold...), input(t, "p", pred...), corpus.Options{PerDoc: true, Macro: true, Warn: func(w string) { warnings = append(warnings, w) }})
	require.NoError(t, err)
	assert.Equal(t, Sums(2, 5, 3), sums(res.Metrics[0]))
	assert.Equal(t, Sums(2, 3, 3), sums(res.Metrics[1]), "document b is left out")
	assert.Equal(t, "micro(gold)", res.Metrics[1].Average)
	assert.InDelta(t, 2.0/3, res.Metrics[1].Precision, 1e-12, "micro(gold) is declared: --macro leaves it")
	assert.Equal(t, Sums(0, 2, 0), sums(res.PerDoc[1].Metrics[1]), "the document keeps its own sums")
	assert.Equal(t, []string{`g: document "b" (line 1): the gold scores 0 against itself: left out of gold (micro(gold)), whatever the prediction has`}, warnings)
}

// TestBreakdownRows: m[key] is a row of m's breakdown: a metric whose body
// is a row reports it (sums included, aggregated as m), a corpus metric
// reads its values; a key no document has is a row of zeros.
func TestBreakdownRows(t *testing.T) {
	p := compile(t, `
type Ent { start: int, label: string }
type Doc { ents: set<Ent> }
input Doc
metric per = spans[PER]
metric both = spans[PER].f1 + spans[ORG].pred_gold_recall + spans[NONE].gold_gold
metric whole = (spans[PER] + spans[LOC]) / 2
metric spans = F<->[ents](delta[start]) by label macro
`)
	type ent struct {
		Start int    `json:"start"`
		Label string `json:"label"`
	}
	type doc struct {
		Ents []ent `json:"ents"`
	}
	// As in TestBreakdownSums: PER 1/2/1 (recall 1), ORG 0/0/1 (recall 1), LOC 1/1/0 (recall 0).
	gold := doc{[]ent{{0, "PER"}, {3, "ORG"}, {6, "MISC"}}}
	pred := doc{[]ent{{0, "PER"}, {3, "LOC"}, {9, "PER"}}}
	res, err := p.Score(input(t, "g", gold), input(t, "p", pred), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	got := map[string]*corpus.MetricResult{}
	for _, m := range res.Metrics {
		got[m.Name] = m
	}
	per := got["per"]
	assert.Equal(t, eval.KindSumsN, per.Kind)
	assert.Equal(t, "spans[PER]", per.RowOf)
	assert.Equal(t, eval.Sums{PredGold: 1, PredPred: 2, GoldGold: 1, PredGoldRecall: 1}, per.Sums)
	assert.Equal(t, [3]float64{0.5, 1, 2.0 / 3}, [3]float64{per.Precision, per.Recall, per.F1})
	assert.Equal(t, "macro", per.Average, "a row follows its metric's aggregation (micro(gold) is said by that metric only)")
	assert.InDelta(t, 2.0/3+1+0, got["both"].Value, 1e-12)
	assert.InDelta(t, (0.5+1)/2, got["whole"].Precision, 1e-12)
	assert.InDelta(t, 0.5, got["whole"].Recall, 1e-12)
	// Per document, the row of that document.
	assert.Equal(t, per.Sums, res.PerDoc[0].Metrics[0].Sums)
	// Only the row is asked for: its metric is computed, not reported.
	res, err = p.Score(input(t, "g", gold), input(t, "p", pred), corpus.Options{Metrics: []string{"per"}})
	require.NoError(t, err)
	require.Len(t, res.Metrics, 1)
	assert.Equal(t, 1.0, res.Metrics[0].Sums.PredGold)
}

// TestUnpairedConventions: an input that declares its scorer's convention
// for unpaired documents is paired by it, with a warning per document.
func TestUnpairedConventions(t *testing.T) {
	p := compile(t, `
type Doc { id: string, xs: set<int> }
input Doc
metric m = F<->[xs](delta)
`)
	type doc struct {
		ID string `json:"id"`
		Xs []int  `json:"xs"`
	}
	for _, c := range []struct {
		conv  document.Unpaired
		ids   []string
		sums  [3]float64
		warns []string
	}{
		{document.UnpairedEmpty, []string{"a", "b", "c"}, Sums(1, 3, 3), []string{
			`g: document "b" (line 1) is not in p: scored against an empty prediction, as the scorer does`,
			`p: document "c" (line 1) is not in g: scored against an empty gold, as the scorer does`}},
		{document.UnpairedGold, []string{"a", "b"}, Sums(1, 1, 3), []string{
			`g: document "b" (line 1) is not in p: scored against an empty prediction, as the scorer does`,
			`p: document "c" (line 1) is not in g: not scored, as the scorer does`}},
	} {
		gold := input(t, "g", doc{"a", []int{1}}, doc{"b", []int{2, 3}})
		pred := input(t, "p", doc{"a", []int{1}}, doc{"c", []int{4, 5}})
		gold.Unpaired, gold.Convention = c.conv, "the scorer"
		pairs, err := p.PairDocs(gold, pred, false)
		require.NoError(t, err)
		var ids []string
		for _, pr := range pairs {
			ids = append(ids, pr.ID)
		}
		assert.Equal(t, c.ids, ids)
		assert.Equal(t, c.warns, pred.Warnings)
		gold, pred = input(t, "g", doc{"a", []int{1}}, doc{"b", []int{2, 3}}), input(t, "p", doc{"a", []int{1}}, doc{"c", []int{4, 5}})
		pred.Unpaired, pred.Convention = c.conv, "the scorer" // either file may declare it
		var warnings []string
		res, err := p.Score(gold, pred, corpus.Options{Warn: func(w string) { warnings = append(warnings, w) }})
		require.NoError(t, err)
		assert.Equal(t, c.sums, sums(res.Metrics[0]))
		assert.Equal(t, c.warns, warnings)
	}
	// Without a convention, still an error.
	_, err := p.PairDocs(input(t, "g", doc{"a", nil}), input(t, "p", doc{"b", nil}), false)
	require.Error(t, err)
}

// TestBreakdownTies: when several variable bijections are optimal, a
// breakdown of a latent matching favours the first key (in the order its
// ontology declares; sorted otherwise), whatever the order of the elements.
// Pred variable u can be gold 1 (an "a" tuple in common) or gold 2 (a "b"
// tuple): one common tuple either way.
func TestBreakdownTies(t *testing.T) {
	type tuple struct {
		Kind string `json:"kind"`
		X    string `json:"x"`
		Y    string `json:"y"`
	}
	type doc struct {
		Ts []tuple `json:"ts"`
	}
	gold := []tuple{{"a", "1", "p"}, {"b", "2", "q"}}
	pred := []tuple{{"a", "u", "p"}, {"b", "u", "q"}}
	for _, c := range []struct{ kind, first string }{
		{"K\nontology K { k: a, b }", "a"},
		{"K\nontology K { k: b, a }", "b"},
		{"string", "a"},
	} {
		kind, decl, _ := strings.Cut(c.kind, "\n")
		p := compile(t, decl+`
type T { kind: `+kind+`, x: var, y: string }
type Doc { ts: set<T> }
input Doc
metric m = F<->[ts](delta) by kind
`)
		for _, rev := range []bool{false, true} {
			g, pr := slices.Clone(gold), slices.Clone(pred)
			if rev {
				slices.Reverse(g)
				slices.Reverse(pr)
			}
			res, err := p.Score(input(t, "g", doc{g}), input(t, "p", doc{pr}), corpus.Options{})
			require.NoError(t, err)
			m := res.Metrics[0]
			require.Equal(t, 1.0, m.Sums.PredGold)
			for _, row := range m.By {
				want := 0.0
				if row.Name == c.first {
					want = 1
				}
				assert.Equal(t, want, row.Sums.PredGold, "%s, reversed %v: row %s", c.kind, rev, row.Name)
			}
		}
	}
}

// TestQuotedKeysAndMean: m["B-PER"] names a row whose key is not a name;
// mean(m) averages the rows of the keys the gold has, field by field;
// mean(m[_ where cond]) those whose key satisfies cond (numbers compared
// as numbers).
func TestQuotedKeysAndMean(t *testing.T) {
	p := compile(t, `
type Tok { i: int, tag: string, len: int }
type Doc { toks: set<Tok> }
input Doc
metric tags = F<->[toks](delta[i] * delta[tag]) by tag
metric lens = F<->[toks](delta[i] * delta[len]) by len
metric bper = tags["B-PER"]
metric poss = tags["nmod:poss"].f1
metric all = mean(tags)
metric some = mean(tags[_ where _ != "O" and _ not in {"nmod:poss"}])
metric long = mean(lens[_ where _ >= 2])
`)
	type tok struct {
		I   int    `json:"i"`
		Tag string `json:"tag"`
		Len int    `json:"len"`
	}
	type doc struct {
		Toks []tok `json:"toks"`
	}
	// B-PER: 1 right of 2 predicted, 1 gold (P 1/2, R 1, F1 2/3).
	// nmod:poss: 1 right of 1 predicted, 2 gold (P 1, R 1/2, F1 2/3).
	// O: 1 right of 1 predicted, 1 gold (P R F1 1).
	// X: predicted only (not in the gold: no class of the mean).
	gold := doc{[]tok{{0, "B-PER", 1}, {1, "nmod:poss", 2}, {2, "nmod:poss", 2}, {3, "O", 3}}}
	pred := doc{[]tok{{0, "B-PER", 1}, {1, "nmod:poss", 2}, {2, "B-PER", 3}, {3, "O", 3}, {4, "X", 1}}}
	res, err := p.Score(input(t, "g", gold), input(t, "p", pred), corpus.Options{})
	require.NoError(t, err)
	got := map[string]*corpus.MetricResult{}
	for _, m := range res.Metrics {
		got[m.Name] = m
	}
	assert.Equal(t, eval.Sums{PredGold: 1, PredPred: 2, GoldGold: 1, PredGoldRecall: 1}, got["bper"].Sums)
	assert.Equal(t, "tags[B-PER]", got["bper"].RowOf)
	assert.InDelta(t, 2.0/3, got["poss"].Value, 1e-12)
	triple := func(m *corpus.MetricResult) []float64 { return []float64{m.Precision, m.Recall, m.F1} }
	// B-PER, nmod:poss and O; X is left out.
	assert.InDeltaSlice(t, []float64{(0.5 + 1 + 1) / 3, (1 + 0.5 + 1) / 3, (2.0/3 + 2.0/3 + 1) / 3}, triple(got["all"]), 1e-12)
	assert.InDeltaSlice(t, []float64{0.5, 1, 2.0 / 3}, triple(got["some"]), 1e-12)
	// len 2: P 1/1, R 1/2; len 3: P 1/2 (the B-PER at 2 has len 3), R 1/1.
	assert.InDeltaSlice(t, []float64{(1 + 0.5) / 2, (0.5 + 1) / 2, (2.0/3 + 2.0/3) / 2}, triple(got["long"]), 1e-12)
	assert.Equal(t, eval.KindCorpusTriple, got["all"].Kind)

	// No key passes the filter: 0.
	p = compile(t, `
type Tok { i: int, tag: string }
type Doc { toks: set<Tok> }
input Doc
metric tags = F<->[toks](delta) by tag
metric none = mean(tags[_ where _ == "nothing"])
`)
	res, err = p.Score(input(t, "g", gold), input(t, "p", pred), corpus.Options{})
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 0, 0}, triple(res.Metrics[1]))
}
