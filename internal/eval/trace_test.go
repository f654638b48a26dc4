package eval_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/specs"
	"github.com/metricc/metricc/internal/testplan"
)

const corefSpec = `
type Mention { left: int, right: int }
type Entity  { mentions: set<Mention> }
type Doc     { id: string, entities: set<Entity> }
input Doc
let phi3 = S<->[mentions](delta)
metric muc   = F~[entities](max(0, phi3 - 1))
metric b3    = N<->[memberships(entities)](delta[mention] * N<->[entity.mentions](delta))
metric ceafe = F<->[entities](F<->[mentions](delta))
metric blanc_c = F<->[links(entities)](delta)
`

type mention struct {
	Left  int `json:"left"`
	Right int `json:"right"`
}
type entity struct {
	Mentions []mention `json:"mentions"`
}
type corefDoc struct {
	ID       string   `json:"id"`
	Entities []entity `json:"entities"`
}

func ents(groups ...[]int) []entity {
	out := []entity{}
	for _, g := range groups {
		var e entity
		for _, m := range g {
			e.Mentions = append(e.Mentions, mention{m, m})
		}
		out = append(out, e)
	}
	return out
}

// pradhan is the worked example of Pradhan et al. (2014): gold {a b c}
// {d e f g}, response {a b} {c d} {f g h i}, mentions numbered 0..8.
var pradhanGold = corefDoc{"pradhan", ents([]int{0, 1, 2}, []int{3, 4, 5, 6})}
var pradhanPred = corefDoc{"pradhan", ents([]int{0, 1}, []int{2, 3}, []int{5, 6, 7, 8})}

func tracePair(t *testing.T, spec string, gold, pred any, metrics ...string) []*eval.MetricTrace {
	t.Helper()
	return traceFirst(t, corpus.New(testplan.Pair(t, spec, true)), input(t, "g", gold), input(t, "p", pred), metrics...)
}

// traceFirst scores the first pair of gold and pred with a traced plan
// and returns what its metrics recorded.
func traceFirst(t *testing.T, p *corpus.Plan, g, pr *document.Input, metrics ...string) []*eval.MetricTrace {
	t.Helper()
	pairs, err := p.PairDocs(g, pr, false)
	require.NoError(t, err)
	require.NotEmpty(t, pairs)
	_, traces, err := p.ScorePair("g", "p", &pairs[0], corpus.Options{Metrics: metrics})
	require.NoError(t, err)
	return traces
}

type pairView struct {
	Pred, Gold int
	Sim        float64
}

func pairsOf(al *eval.Alignment) []pairView {
	var out []pairView
	for _, p := range al.Pairs {
		out = append(out, pairView{p.Pred, p.Gold, p.Similarity})
	}
	return out
}

// TestTraceCEAFe: the optimal entity alignment of the worked example pairs
// {a b} with {a b c} (φ4 = 0.8) and {f g h i} with {d e f g} (0.5), 1.3 in
// all (the official scorer's CEAF-e numerator); beneath each pair, the
// mention alignment.
func TestTraceCEAFe(t *testing.T) {
	traces := tracePair(t, corefSpec, pradhanGold, pradhanPred, "ceafe")
	require.Len(t, traces, 1)
	tr := traces[0]
	assert.Equal(t, "ceafe", tr.Metric)
	assert.InDelta(t, 1.3, tr.Sums.PredGold, 1e-12)
	assert.Equal(t, 3.0, tr.Sums.PredPred)
	assert.Equal(t, 2.0, tr.Sums.GoldGold)
	require.Len(t, tr.Alignments, 1)
	top := tr.Alignments[0]
	assert.Equal(t, "F<->[entities](F<->[mentions](delta))", top.Matching)
	assert.Equal(t, "test.metric:9:16", top.Position)
	assert.Equal(t, []string{`{"mentions": [{"left": 0, "right": 0}, {"left": 1, "right": 1}]}`,
		`{"mentions": [{"left": 2, "right": 2}, {"left": 3, "right": 3}]}`,
		`{"mentions": [{"left": 5, "right": 5}, {"left": 6, "right": 6}, {"left": 7, "right": 7}, {"left": 8, "right": 8}]}`}, top.Pred)
	require.Len(t, top.Gold, 2)
	assert.InDelta(t, 1.3, top.PredGold, 1e-12)
	got := pairsOf(top)
	require.Len(t, got, 2)
	assert.Equal(t, [2]int{0, 0}, [2]int{got[0].Pred, got[0].Gold})
	assert.InDelta(t, 0.8, got[0].Sim, 1e-12)
	assert.Equal(t, [2]int{2, 1}, [2]int{got[1].Pred, got[1].Gold})
	assert.InDelta(t, 0.5, got[1].Sim, 1e-12)
	// {a b} against {a b c}: a-a, b-b; F = 2·2/(2+3).
	sub := top.Pairs[0].Sub
	require.Len(t, sub, 1)
	assert.Equal(t, "F<->[mentions](delta)", sub[0].Matching)
	assert.Equal(t, []pairView{{0, 0, 1}, {1, 1, 1}}, pairsOf(sub[0]))
	assert.Equal(t, 2.0, sub[0].PredGold)
	assert.Equal(t, 2.0, sub[0].PredPred)
	assert.Equal(t, 3.0, sub[0].GoldGold)
	assert.InDelta(t, 0.8, sub[0].Value, 1e-12)
	// {f g h i} against {d e f g}: f-f, g-g.
	assert.Equal(t, []pairView{{0, 2, 1}, {1, 3, 1}}, pairsOf(top.Pairs[1].Sub[0]))
}

// TestTraceMUCAndB3: MUC's N:N matching keeps the entity pairs with common
// links, each with its phi3 alignment under max(0, phi3 - 1); B³ records its
// N=P and N=R computations, each membership pair with the entity overlap
// beneath it.
func TestTraceMUCAndB3(t *testing.T) {
	traces := tracePair(t, corefSpec, pradhanGold, pradhanPred, "muc", "b3")
	require.Len(t, traces, 3)
	muc := traces[0].Alignments[0]
	assert.Equal(t, "~", muc.Matching[1:2])
	assert.Equal(t, []pairView{{0, 0, 1}, {2, 1, 1}}, pairsOf(muc))
	assert.Equal(t, 2.0, traces[0].Sums.PredGold)
	phi3 := muc.Pairs[0].Sub
	require.Len(t, phi3, 1)
	assert.Equal(t, "S<->[mentions](delta)", phi3[0].Matching)
	assert.Equal(t, 2.0, phi3[0].Value)

	bp, br := traces[1], traces[2]
	assert.Equal(t, "b3", bp.Metric)
	assert.False(t, bp.Recall)
	assert.True(t, br.Recall)
	// Precision: the memberships of a, b, c, d, f, g (6 of 9 predicted
	// mentions) are in the gold; a: |{a b} ∩ {a b c}| / |{a b}| = 1, b: 1,
	// c: |{c d} ∩ {a b c}| / 2, d: 1/2, f: |{f g h i} ∩ {d e f g}| / 4, g.
	assert.InDelta(t, 1+1+0.5+0.5+0.5+0.5, bp.Sums.PredGold, 1e-12)
	top := bp.Alignments[0]
	assert.Len(t, top.Pairs, 6)
	assert.Equal(t, "P", top.Norm)
	for _, p := range top.Pairs {
		require.Len(t, p.Sub, 1, "the entity overlap of %s", top.Pred[p.Pred])
		assert.Equal(t, "P", p.Sub[0].Norm)
		assert.InDelta(t, p.Similarity, p.Sub[0].Value, 1e-12)
	}
	assert.Equal(t, "R", br.Alignments[0].Norm)
}

// TestTraceCounted: a view counted without being built is traced by its
// sums alone.
func TestTraceCounted(t *testing.T) {
	traces := tracePair(t, corefSpec, pradhanGold, pradhanPred, "blanc_c")
	al := traces[0].Alignments[0]
	assert.True(t, al.Counted)
	assert.Empty(t, al.Pairs)
	assert.Equal(t, traces[0].Sums.PredGold, al.PredGold)
	assert.Equal(t, 2.0, al.PredGold, "links a-b and f-g")
}

// TestTraceLatent is Cai and Knight's Smatch example: the variable map
// a-x, b-y, c-z matches 4 triples.
func TestTraceLatent(t *testing.T) {
	text, ok := specs.Lookup("smatch")
	require.True(t, ok)
	type prop struct {
		Rel  string `json:"rel"`
		Subj string `json:"subj"`
		Obj  any    `json:"obj"`
	}
	type doc struct {
		ID    string `json:"id"`
		Props []prop `json:"props"`
	}
	v := func(name string) any { return map[string]string{"var": name} }
	pred := doc{"1", []prop{{"instance", "a", "want-01"}, {"instance", "b", "boy"}, {"instance", "c", "go-01"},
		{"arg0", "a", v("b")}, {"arg1", "a", v("c")}, {"arg0", "c", v("b")}}}
	gold := doc{"1", []prop{{"instance", "x", "want-01"}, {"instance", "y", "boy"}, {"instance", "z", "football"},
		{"arg0", "x", v("y")}, {"arg1", "x", v("z")}}}
	traces := tracePair(t, text, gold, pred)
	al := traces[0].Alignments[0]
	assert.Equal(t, 4.0, al.PredGold)
	assert.Equal(t, []eval.VarLink{{Pred: "a", Gold: "x"}, {Pred: "b", Gold: "y"}, {Pred: "c", Gold: "z"}}, sortLinks(al.Vars))
	require.NotNil(t, al.Search)
	assert.Equal(t, 1, al.Search.Proven)
	assert.Len(t, al.Pairs, 4)
	for _, p := range al.Pairs {
		assert.Equal(t, 1.0, p.Similarity)
	}
}

func sortLinks(ls []eval.VarLink) []eval.VarLink {
	out := append([]eval.VarLink(nil), ls...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j].Pred < out[i].Pred {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestTraceAgreesWithScore: on random documents, the traced sums equal the
// scored ones, and at every level the credited similarities of the chosen
// pairs add up to Σ(X,Y).
func TestTraceAgreesWithScore(t *testing.T) {
	p := compile(t, corefSpec)
	traced := corpus.New(testplan.Pair(t, corefSpec, true))
	rng := rand.New(rand.NewPCG(7, 8))
	randDoc := func() corefDoc {
		var groups [][]int
		for range rng.IntN(5) {
			var g []int
			for range 1 + rng.IntN(4) {
				g = append(g, rng.IntN(12))
			}
			groups = append(groups, g)
		}
		return corefDoc{"d", ents(groups...)}
	}
	for range 200 {
		g, pr := input(t, "g", randDoc()), input(t, "p", randDoc())
		res, err := p.Score(g, pr, corpus.Options{PerDoc: true})
		require.NoError(t, err)
		traces := traceFirst(t, traced, g, pr)
		for _, tr := range traces {
			want := res.PerDoc[0].Metrics[indexOf(res.PerDoc[0].Metrics, tr.Metric)].Sums
			if tr.Recall {
				assert.InDelta(t, want.PredGoldRecall, tr.Sums.PredGold, 1e-9, tr.Metric)
				assert.InDelta(t, want.GoldGold, tr.Sums.GoldGold, 1e-9, tr.Metric)
			} else {
				assert.InDelta(t, want.PredGold, tr.Sums.PredGold, 1e-9, tr.Metric)
				assert.InDelta(t, want.PredPred, tr.Sums.PredPred, 1e-9, tr.Metric)
			}
			for _, al := range tr.Alignments {
				checkCredit(t, al)
			}
		}
	}
}

func indexOf(ms []*corpus.MetricResult, name string) int {
	for i, m := range ms {
		if m.Name == name {
			return i
		}
	}
	return -1
}

func checkCredit(t *testing.T, al *eval.Alignment) {
	if al.Counted {
		return
	}
	sum := 0.0
	for _, p := range al.Pairs {
		sum += p.Similarity
		for _, s := range p.Sub {
			checkCredit(t, s)
		}
	}
	assert.InDelta(t, al.PredGold, sum, 1e-9, al.Matching)
}
