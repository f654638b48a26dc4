package eval_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/testplan"
)

func compile(t testing.TB, spec string) *corpus.Plan {
	t.Helper()
	return corpus.New(testplan.Pair(t, spec, false))
}

func input(t testing.TB, name string, docs ...any) *document.Input {
	t.Helper()
	data, err := json.Marshal(docs)
	require.NoError(t, err)
	in, err := document.ParseJSON(name, data, "json")
	require.NoError(t, err)
	return in
}

func score(t testing.TB, p *corpus.Plan, gold, pred *document.Input, opts corpus.Options) map[string]*corpus.MetricResult {
	t.Helper()
	res, err := p.Score(gold, pred, opts)
	require.NoError(t, err)
	out := map[string]*corpus.MetricResult{}
	for _, m := range res.Metrics {
		out[m.Name] = m
	}
	return out
}

type item struct {
	A int `json:"a"`
	B int `json:"b"`
}

// The element similarity of matchSpec, written again in Go.
func phi(x, y item) float64 {
	v := 0.0
	if x.A == y.A {
		v++
	}
	if x.B == y.B {
		v += 0.5
	}
	return v
}

func phiLinks(x, y item) float64 { return math.Max(0, phi(x, y)-1) }

const matchSpec = `
type Item { a: int, b: int }
type Doc  { items: bag<Item> }
input Doc
let phi = delta[a] + 0.5 * delta[b]
let links = max(0, phi - 1)
metric one   = S<->[items](phi)
metric many1 = S->[items](phi)
metric onem  = S<-[items](phi)
metric all   = S~[items](phi)
metric oneL  = S<->[items](links)
metric allL  = S~[items](links)
metric d11   = S<->[items](delta)
metric d1m   = S<-[items](delta)
metric dm1   = S->[items](delta)
metric dmm   = S~[items](delta)
`

// bruteForce computes Σ◇[φ](xs, ys) by enumerating matchings.
func bruteForce(xs, ys []item, f func(x, y item) float64, constraint string) float64 {
	switch constraint {
	case "->":
		total := 0.0
		for _, x := range xs {
			best := 0.0
			for _, y := range ys {
				best = math.Max(best, f(x, y))
			}
			total += best
		}
		return total
	case "<-":
		return bruteForce(ys, xs, func(a, b item) float64 { return f(b, a) }, "->")
	case "~":
		total := 0.0
		for _, x := range xs {
			for _, y := range ys {
				total += math.Max(0, f(x, y))
			}
		}
		return total
	}
	used := make([]bool, len(ys))
	var best func(i int) float64
	best = func(i int) float64 {
		if i == len(xs) {
			return 0
		}
		b := best(i + 1) // xs[i] unmatched
		for j := range ys {
			if !used[j] {
				used[j] = true
				b = math.Max(b, f(xs[i], ys[j])+best(i+1))
				used[j] = false
			}
		}
		return b
	}
	return best(0)
}

func delta(x, y item) float64 {
	if x == y {
		return 1
	}
	return 0
}

// TestMatchingsAgainstBruteForce scores random bags of small records with
// every constraint, through the whole pipeline (decode, plan, blocking
// keys, δ fast path, assignment), and compares each of the three sums
// with enumeration.
func TestMatchingsAgainstBruteForce(t *testing.T) {
	p := compile(t, matchSpec)
	rng := rand.New(rand.NewPCG(1, 2))
	randItems := func() []item {
		n := rng.IntN(7)
		items := make([]item, n)
		for i := range items {
			items[i] = item{rng.IntN(3), rng.IntN(3)}
		}
		return items
	}
	type doc struct {
		ID    string `json:"id"`
		Items []item `json:"items"`
	}
	cases := []struct {
		metric     string
		f          func(x, y item) float64
		constraint string
	}{
		{"one", phi, "<->"}, {"many1", phi, "->"}, {"onem", phi, "<-"}, {"all", phi, "~"},
		{"oneL", phiLinks, "<->"}, {"allL", phiLinks, "~"},
		{"d11", delta, "<->"}, {"d1m", delta, "<-"}, {"dm1", delta, "->"}, {"dmm", delta, "~"},
	}
	for trial := range 400 {
		xs, ys := randItems(), randItems()
		gold := input(t, "gold", doc{Items: ys})
		pred := input(t, "pred", doc{Items: xs})
		got := score(t, p, gold, pred, corpus.Options{Workers: 1})
		for _, c := range cases {
			s := got[c.metric].Sums
			msg := fmt.Sprintf("trial %d %s xs=%v ys=%v", trial, c.metric, xs, ys)
			require.InDelta(t, bruteForce(xs, ys, c.f, c.constraint), s.PredGold, 1e-9, msg)
			require.InDelta(t, bruteForce(xs, xs, c.f, c.constraint), s.PredPred, 1e-9, msg)
			require.InDelta(t, bruteForce(ys, ys, c.f, c.constraint), s.GoldGold, 1e-9, msg)
		}
	}
}

// TestNestedNormalization checks the normalizers and the empty-collection
// rule (docs/language.md, Similarity expressions) on a nested matching,
// against hand computation.
func TestNestedNormalization(t *testing.T) {
	p := compile(t, `
type Group { xs: set<int> }
type Doc   { groups: bag<Group> }
input Doc
metric f = S<->[groups](F<->[xs](delta))
metric pr = S<->[groups](P<->[xs](delta))
metric r = S<->[groups](R<->[xs](delta))
metric j = S<->[groups](J<->[xs](delta))
metric fb = S<->[groups](F(2)<->[xs](delta))
`)
	type group struct {
		Xs []int `json:"xs"`
	}
	type doc struct {
		Groups []group `json:"groups"`
	}
	// One pair of groups: pred {1,2,3}, gold {2,3,4,5}: |∩| = 2.
	// F = 4/7, P = 2/3, R = 2/4, J = 2/5, F2 = 5·2/(4·4+3) = 10/19.
	// Plus two empty groups, which score 1 against each other.
	gold := input(t, "gold", doc{Groups: []group{{Xs: []int{2, 3, 4, 5}}, {Xs: []int{}}}})
	pred := input(t, "pred", doc{Groups: []group{{Xs: []int{1, 2, 3}}, {Xs: []int{}}}})
	got := score(t, p, gold, pred, corpus.Options{})
	assert.InDelta(t, 4.0/7+1, got["f"].Sums.PredGold, 1e-12)
	assert.InDelta(t, 2.0/3+1, got["pr"].Sums.PredGold, 1e-12)
	assert.InDelta(t, 0.5+1, got["r"].Sums.PredGold, 1e-12)
	assert.InDelta(t, 0.4+1, got["j"].Sums.PredGold, 1e-12)
	assert.InDelta(t, 10.0/19+1, got["fb"].Sums.PredGold, 1e-12)
	// Self sums: each group scores 1 against itself.
	assert.Equal(t, 2.0, got["f"].Sums.PredPred)
	assert.Equal(t, 2.0, got["f"].Sums.GoldGold)
}

// TestTopLevelValue checks the reported value of S, J and F(β) metrics.
func TestTopLevelValue(t *testing.T) {
	p := compile(t, `
type Doc { xs: set<string> }
input Doc
metric s = S<->[xs](delta)
metric j = J<->[xs](delta)
metric f2 = F(2)<->[xs](delta)
metric f = F<->[xs](delta)
`)
	type doc struct {
		Xs []string `json:"xs"`
	}
	got := score(t, p, input(t, "g", doc{[]string{"a", "b", "c", "d"}}), input(t, "p", doc{[]string{"a", "b", "z"}}), corpus.Options{})
	// |X∩Y| = 2, |X| = 3, |Y| = 4: P = 2/3, R = 1/2.
	for _, name := range []string{"s", "j", "f2", "f"} {
		assert.InDelta(t, 2.0/3, got[name].Precision, 1e-12)
		assert.InDelta(t, 0.5, got[name].Recall, 1e-12)
		assert.InDelta(t, 4.0/7, got[name].F1, 1e-12)
	}
	assert.Equal(t, 2.0, got["s"].Value)
	assert.InDelta(t, 2.0/5, got["j"].Value, 1e-12)
	assert.InDelta(t, 5*(2.0/3)*0.5/(4*(2.0/3)+0.5), got["f2"].Value, 1e-12)
	assert.False(t, got["f"].HasValue())
}

// TestUtilityClipped: U(β) reports TP − β·FP; aggregated micro(clip), a
// document keeps its own (negative) value, and the corpus sums the
// documents' values clipped at 0. P, R and F1 come from the summed sums.
func TestUtilityClipped(t *testing.T) {
	p := compile(t, `
param beta = 0.25
type Doc { id: string, xs: set<string> }
input Doc
metric u = U(beta)<->[xs](delta)
metric clip = U(beta)<->[xs](delta) micro(clip)
metric ratio = clip.value / clip.gold_gold
`)
	type doc struct {
		ID string   `json:"id"`
		Xs []string `json:"xs"`
	}
	gold := input(t, "g", doc{"d1", []string{"a", "b"}}, doc{"d2", []string{"a", "b", "c"}})
	// d1: TP 2, FP 0 → 2; d2: TP 0, FP 5 → -1.25.
	pred := input(t, "p", doc{"d1", []string{"a", "b"}}, doc{"d2", []string{"v", "w", "x", "y", "z"}})
	res, err := p.Score(gold, pred, corpus.Options{PerDoc: true, Workers: 2})
	require.NoError(t, err)
	u, clip, ratio := res.Metric("u"), res.Metric("clip"), res.Metric("ratio")
	assert.Equal(t, 0.75, u.Value)
	assert.Equal(t, 2.0, clip.Value)
	assert.Equal(t, "micro(clip)", clip.Average)
	assert.Equal(t, "", u.Average)
	assert.InDelta(t, 2.0/5, ratio.Value, 1e-12)
	for _, m := range []*corpus.MetricResult{u, clip} {
		assert.InDelta(t, 2.0/7, m.Precision, 1e-12)
		assert.InDelta(t, 2.0/5, m.Recall, 1e-12)
	}
	d2 := res.PerDoc[1].Metrics
	assert.Equal(t, -1.25, d2[0].Value)
	assert.Equal(t, -1.25, d2[1].Value, "a document keeps its own value")
	assert.InDelta(t, -1.25/3, d2[2].Value, 1e-12)
	assert.Equal(t, 0.0, d2[1].Sums.Clipped)
	assert.Equal(t, 2.0, res.PerDoc[0].Metrics[1].Sums.Clipped)
}

// TestSequences checks order-preserving matching (weighted LCS) against
// hand-computed values.
func TestSequences(t *testing.T) {
	p := compile(t, `
type Tok { w: string, tag: string }
type Doc { toks: seq<Tok> }
input Doc
metric words = S<->[toks](delta[w])
metric soft = S<->[toks](delta[w] + 0.5 * delta[tag])
`)
	type tok struct {
		W   string `json:"w"`
		Tag string `json:"tag"`
	}
	type doc struct {
		Toks []tok `json:"toks"`
	}
	gold := doc{[]tok{{"a", "X"}, {"b", "Y"}, {"c", "X"}, {"d", "Y"}}}
	pred := doc{[]tok{{"c", "X"}, {"a", "Y"}, {"b", "Y"}, {"d", "X"}}}
	got := score(t, p, input(t, "g", gold), input(t, "p", pred), corpus.Options{})
	// LCS of words: a b d (c is out of order) = 3.
	assert.Equal(t, 3.0, got["words"].Sums.PredGold)
	// Weighted: pred a,b,d meet gold a,b,d: 1 + 1.5 + 1 = 3.5; taking c first
	// (c-c 1.5, then d-d 1) gives 2.5; so 3.5.
	assert.Equal(t, 3.5, got["soft"].Sums.PredGold)
	assert.Equal(t, 4.0, got["words"].Sums.PredPred)
	assert.Equal(t, 6.0, got["soft"].Sums.GoldGold)
}

// TestWorkersDoNotChangeResults scores a random corpus with 1, 2 and 7
// workers: the sums must be bitwise identical (they are taken in pair
// order, whatever finishes first).
func TestWorkersDoNotChangeResults(t *testing.T) {
	p := compile(t, matchSpec)
	rng := rand.New(rand.NewPCG(3, 4))
	type doc struct {
		ID    string `json:"id"`
		Items []item `json:"items"`
	}
	var gold, pred []any
	for i := range 200 {
		xs, ys := []item{}, []item{}
		for range rng.IntN(20) {
			xs = append(xs, item{rng.IntN(5), rng.IntN(5)})
		}
		for range rng.IntN(20) {
			ys = append(ys, item{rng.IntN(5), rng.IntN(5)})
		}
		gold = append(gold, doc{fmt.Sprint(i), ys})
		pred = append(pred, doc{fmt.Sprint(i), xs})
	}
	g, pr := input(t, "gold", gold...), input(t, "pred", pred...)
	base, err := p.Score(g, pr, corpus.Options{Workers: 1, PerDoc: true})
	require.NoError(t, err)
	for _, w := range []int{2, 7} {
		res, err := p.Score(g, pr, corpus.Options{Workers: w, PerDoc: true})
		require.NoError(t, err)
		assert.Equal(t, base, res, "workers=%d", w)
	}
}

// TestDecoding covers the JSON shapes a spec can read: bound paths,
// unions with variables, sets dropping duplicates, bags keeping them.
func TestDecoding(t *testing.T) {
	p := compile(t, `
type Arg { role: string, filler: int | string }
type Doc { id: int, args: set<Arg>, tags: bag<string> = "meta.tags", flag: bool, score: float }
input Doc
metric args = S<->[args](delta)
metric tags = S<->[tags](delta)
`)
	gold := `[{"id": 7, "args": [{"role": "a", "filler": 1}, {"role": "a", "filler": 1}, {"role": "b", "filler": "x"}],
	           "meta": {"tags": ["t", "t", "u"]}, "flag": true, "score": 0.5}]`
	pred := `{"id": 7, "args": [{"role": "a", "filler": "1"}, {"role": "b", "filler": "x"}], "meta": {"tags": ["t", "t"]}, "flag": false, "score": 1}`
	g, err := document.ParseJSON("g", []byte(gold), "auto")
	require.NoError(t, err)
	pr, err := document.ParseJSON("p", []byte(pred), "auto")
	require.NoError(t, err)
	got := score(t, p, g, pr, corpus.Options{})
	// The set drops the repeated {a, 1}; 1 and "1" differ.
	assert.Equal(t, Sums(1, 2, 2), sums(got["args"]))
	// The bag keeps both t's: multiset intersection 2.
	assert.Equal(t, Sums(2, 2, 3), sums(got["tags"]))
}

func Sums(pg, pp, gg float64) [3]float64 { return [3]float64{pg, pp, gg} }

func sums(m *corpus.MetricResult) [3]float64 {
	return [3]float64{m.Sums.PredGold, m.Sums.PredPred, m.Sums.GoldGold}
}

// TestDataErrors checks that bad data names the file, the document and
// the JSON path.
func TestDataErrors(t *testing.T) {
	p := compile(t, `
type Arg { role: string, filler: int | string }
type Doc { id: string, args: set<Arg> }
input Doc
metric args = S<->[args](delta)
`)
	good := `{"id": "d1", "args": []}`
	cases := []struct{ name, pred, want string }{
		{"wrong type", `{"id": "d1", "args": [{"role": 3, "filler": 1}]}`, `p.jsonl: document "d1" (line 1): args.0.role: expected a string, found a number 3`},
		{"union", `{"id": "d1", "args": [{"role": "r", "filler": true}]}`, `p.jsonl: document "d1" (line 1): args.0.filler: expected one of int | string, found a boolean`},
		{"not integer", `{"id": "d1", "args": [{"role": "r", "filler": 1.5}]}`, `args.0.filler: expected an integer, found a number 1.5`},
		{"missing", `{"id": "d1", "args": [{"role": "r"}]}`, `p.jsonl: document "d1" (line 1): args.0: missing field "filler" of Arg`},
		{"not array", `{"id": "d1", "args": {}}`, `args: expected an array (set<Arg>), found an object`},
		{"bad id", `{"id": [], "args": []}`, `p.jsonl: document 1 (line 1): id: the pairing key "id" must be a string or a number, found an array`},
		{"not object", `[1]`, `p.jsonl: document 1 (line 1): expected a JSON object, found an array`},
	}
	g, err := document.ParseJSON("g.jsonl", []byte(good), "jsonl")
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pr, err := document.ParseJSON("p.jsonl", []byte(c.pred), "jsonl")
			if err == nil {
				_, err = p.Score(g, pr, corpus.Options{})
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestInteger checks that 1.5 is refused for an int and 3.0 accepted.
func TestInteger(t *testing.T) {
	p := compile(t, "type Doc { xs: set<int> }\ninput Doc\nmetric m = F<->[xs](delta)\n")
	g, err := document.ParseJSON("g", []byte(`{"xs": [1, 2, 3.0]}`), "json")
	require.NoError(t, err)
	pr, err := document.ParseJSON("p", []byte(`{"xs": [3, 2e0, 1.5]}`), "json")
	require.NoError(t, err)
	_, err = p.Score(g, pr, corpus.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "xs.2: expected an integer, found a number 1.5")
	pr, err = document.ParseJSON("p", []byte(`{"xs": [3, 2e0]}`), "json")
	require.NoError(t, err)
	got := score(t, p, g, pr, corpus.Options{})
	assert.Equal(t, Sums(2, 2, 3), sums(got["m"]))
}

// TestLargeIntegers checks that integers are exact over the int64 range:
// two ids one apart beyond 2^53 stay apart (a float64 would merge them),
// and what int64 cannot hold is refused by name, never rounded.
func TestLargeIntegers(t *testing.T) {
	p := compile(t, "type Doc { id: int, xs: set<int> }\ninput Doc\nmetric m = F<->[xs](delta)")
	cases := []struct {
		name, gold, pred string
		want             [3]float64 // matched, |pred|, |gold|
		err              string
	}{
		{"beyond 2^53 apart", `{"id": 1, "xs": [9007199254740993]}`, `{"id": 1, "xs": [9007199254740992]}`, [3]float64{0, 1, 1}, ""},
		{"beyond 2^53 equal", `{"id": 1, "xs": [9007199254740993, 9007199254740992]}`, `{"id": 1, "xs": [9007199254740992, 9007199254740993]}`, [3]float64{2, 2, 2}, ""},
		{"int64 edges", `{"id": 1, "xs": [9223372036854775807, -9223372036854775808]}`, `{"id": 1, "xs": [9223372036854775807, -9223372036854775808]}`, [3]float64{2, 2, 2}, ""},
		{"exponent form", `{"id": 1, "xs": [9.007199254740993e15]}`, `{"id": 1, "xs": [9007199254740993]}`, [3]float64{1, 1, 1}, ""},
		// Up to 15 digits an integer is read without strconv: signs, -0
		// and the last of them must come out exact.
		{"plain integers", `{"id": 1, "xs": [-0, -12, 999999999999999, 1000000000000000]}`, `{"id": 1, "xs": [0, -12, 999999999999998, 1000000000000000]}`, [3]float64{3, 4, 4}, ""},
		{"above int64", `{"id": 1, "xs": []}`, `{"id": 1, "xs": [9223372036854775808]}`, [3]float64{}, "xs.0: the integer 9223372036854775808 is outside the int64 range"},
		{"huge exponent", `{"id": 1, "xs": []}`, `{"id": 1, "xs": [1e400]}`, [3]float64{}, "xs.0: the integer 1e400 is outside the int64 range"},
		{"tiny exponent", `{"id": 1, "xs": []}`, `{"id": 1, "xs": [1e-400]}`, [3]float64{}, "xs.0: expected an integer, found a number 1e-400"},
		{"zero exponent", `{"id": 1, "xs": [0]}`, `{"id": 1, "xs": [0e999999999999]}`, [3]float64{1, 1, 1}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := document.ParseJSON("g", []byte(c.gold), "json")
			require.NoError(t, err)
			pr, err := document.ParseJSON("p", []byte(c.pred), "json")
			require.NoError(t, err)
			res, err := p.Score(g, pr, corpus.Options{})
			if c.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.err)
				return
			}
			require.NoError(t, err)
			got := map[string]*corpus.MetricResult{}
			for _, m := range res.Metrics {
				got[m.Name] = m
			}
			assert.Equal(t, Sums(c.want[0], c.want[1], c.want[2]), sums(got["m"]))
		})
	}
}

// TestFloatOutOfRange checks that a number beyond float64 is refused by
// name rather than read as infinity.
func TestFloatOutOfRange(t *testing.T) {
	p := compile(t, "type Doc { xs: set<float> }\ninput Doc\nmetric m = F<->[xs](delta)\n")
	g, err := document.ParseJSON("g", []byte(`{"xs": [1]}`), "json")
	require.NoError(t, err)
	pr, err := document.ParseJSON("p", []byte(`{"xs": [1, -1e400]}`), "json")
	require.NoError(t, err)
	_, err = p.Score(g, pr, corpus.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "xs.1: the number -1e400 is out of range")
}

// TestLargeIntegerKeys checks that documents paired by integer ids one
// apart beyond 2^53 are two documents, not one.
func TestLargeIntegerKeys(t *testing.T) {
	p := compile(t, "type Doc { id: int, xs: set<int> }\ninput Doc\nmetric m = F<->[xs](delta)\n")
	docs := `{"id": 9007199254740993, "xs": [1]}
{"id": 9007199254740992, "xs": [2]}`
	g, err := document.ParseJSON("g.jsonl", []byte(docs), "jsonl")
	require.NoError(t, err)
	pr, err := document.ParseJSON("p.jsonl", []byte(docs), "jsonl")
	require.NoError(t, err)
	got := score(t, p, g, pr, corpus.Options{})
	assert.Equal(t, Sums(2, 2, 2), sums(got["m"]))
}

type quad struct {
	A int `json:"a"`
	B int `json:"b"`
	C int `json:"c"`
	D int `json:"d"`
}

// TestAlignAgainstBruteForce checks `N◇[v](e, align = a)`: the matching
// maximizes Σa and earns Σe on its pairs. When several matchings tie on
// Σa, the credit must be that of one of them; when one is optimal, exactly
// its credit.
func TestAlignAgainstBruteForce(t *testing.T) {
	p := compile(t, `
type Q { a: int, b: int, c: int, d: int }
type Doc { qs: bag<Q> }
input Doc
let choose = delta[a] + 0.5 * delta[b] + 0.25 * delta[c]
metric one  = S<->[qs](delta[d], align = choose)
metric many = S->[qs](delta[d], align = choose)
metric all  = S~[qs](delta[d], align = choose)
`)
	alignW := func(x, y quad) float64 {
		v := 0.0
		if x.A == y.A {
			v++
		}
		if x.B == y.B {
			v += 0.5
		}
		if x.C == y.C {
			v += 0.25
		}
		return v
	}
	credit := func(x, y quad) float64 {
		if x.D == y.D {
			return 1
		}
		return 0
	}
	rng := rand.New(rand.NewPCG(5, 6))
	randQ := func() []quad {
		qs := make([]quad, rng.IntN(6))
		for i := range qs {
			qs[i] = quad{rng.IntN(2), rng.IntN(2), rng.IntN(3), rng.IntN(2)}
		}
		return qs
	}
	type doc struct {
		Qs []quad `json:"qs"`
	}
	for trial := range 300 {
		xs, ys := randQ(), randQ()
		got := score(t, p, input(t, "g", doc{ys}), input(t, "p", doc{xs}), corpus.Options{})
		msg := fmt.Sprintf("trial %d xs=%v ys=%v", trial, xs, ys)

		// 1:1: enumerate matchings, keep the credits of the Σa-optimal ones.
		best, lo, hi := -1.0, 0.0, 0.0
		used := make([]bool, len(ys))
		var walk func(i int, a, e float64)
		walk = func(i int, a, e float64) {
			if i == len(xs) {
				switch {
				case a > best+1e-12:
					best, lo, hi = a, e, e
				case math.Abs(a-best) <= 1e-12:
					lo, hi = math.Min(lo, e), math.Max(hi, e)
				}
				return
			}
			walk(i+1, a, e)
			for j := range ys {
				if w := alignW(xs[i], ys[j]); !used[j] && w > 0 {
					used[j] = true
					walk(i+1, a+w, e+credit(xs[i], ys[j]))
					used[j] = false
				}
			}
		}
		walk(0, 0, 0)
		s := got["one"].Sums.PredGold
		require.True(t, s >= lo-1e-9 && s <= hi+1e-9, "one: got %v want in [%v, %v] %s", s, lo, hi, msg)

		// N:1: each predicted item takes its best-aligned gold item (ties:
		// any of them).
		lo, hi = 0, 0
		for _, x := range xs {
			bestW, l, h := 0.0, 0.0, 0.0
			for _, y := range ys {
				w := alignW(x, y)
				switch {
				case w > bestW:
					bestW, l, h = w, credit(x, y), credit(x, y)
				case w == bestW && w > 0:
					l, h = math.Min(l, credit(x, y)), math.Max(h, credit(x, y))
				}
			}
			lo, hi = lo+l, hi+h
		}
		s = got["many"].Sums.PredGold
		require.True(t, s >= lo-1e-9 && s <= hi+1e-9, "many: got %v want in [%v, %v] %s", s, lo, hi, msg)

		// N:N: every pair with a positive alignment earns its credit.
		all := 0.0
		for _, x := range xs {
			for _, y := range ys {
				if alignW(x, y) > 0 {
					all += credit(x, y)
				}
			}
		}
		require.Equal(t, all, got["all"].Sums.PredGold, msg)
	}
}

// TestCountedPairViews checks that counting |v(X) ∩ v(Y)| for pairs, links
// and nonlinks (the fast path) gives what building the views and matching
// them gives (`delta * 1` is not plain δ, so it takes the general path),
// on random clusterings, some of them with a mention in two entities
// (where links and nonlinks are counted pair by pair).
func TestCountedPairViews(t *testing.T) {
	p := compile(t, `
type Entity { mentions: set<int> }
type Doc { entities: set<Entity> }
input Doc
metric links_n   = F<->[links(entities)](delta)
metric links_b   = F<->[links(entities)](delta * 1)
metric non_n     = F<->[nonlinks(entities)](delta)
metric non_b     = F<->[nonlinks(entities)](delta * 1)
metric pairs_n   = S~[entities](F<->[pairs(mentions)](delta))
metric pairs_b   = S~[entities](F<->[pairs(mentions)](delta * 1))
`)
	rng := rand.New(rand.NewPCG(7, 8))
	clustering := func(overlap bool) clusterDoc {
		d := clusterDoc{Entities: []clusterEntity{}}
		next := 0
		for range rng.IntN(6) {
			e := clusterEntity{Mentions: []int{}}
			for range 1 + rng.IntN(4) {
				if overlap && next > 0 && rng.IntN(6) == 0 {
					e.Mentions = append(e.Mentions, rng.IntN(next))
					continue
				}
				e.Mentions = append(e.Mentions, rng.IntN(12))
				next++
			}
			d.Entities = append(d.Entities, e)
		}
		return d
	}
	// pairs sums F values: the order of addition may differ.
	countedAgainstBuilt(t, p, []string{"links", "non", "pairs"}, 300, 1e-9, func(trial int) (clusterDoc, clusterDoc) {
		overlap := trial%3 == 0
		return clustering(overlap), clustering(overlap)
	})
}

type clusterEntity struct {
	Mentions []int `json:"mentions"`
}

type clusterDoc struct {
	Entities []clusterEntity `json:"entities"`
}

// countedAgainstBuilt scores trials pairs of clusterings and requires each
// metric NAME_n (counted) to give NAME_b's sums (built and matched), within
// delta.
func countedAgainstBuilt(t *testing.T, p *corpus.Plan, names []string, trials int, delta float64, pair func(trial int) (clusterDoc, clusterDoc)) {
	t.Helper()
	for trial := range trials {
		g, pr := pair(trial)
		got := score(t, p, input(t, "g", g), input(t, "p", pr), corpus.Options{})
		msg := fmt.Sprintf("trial %d gold=%v pred=%v", trial, g, pr)
		for _, name := range names {
			want, have := sums(got[name+"_b"]), sums(got[name+"_n"])
			for i := range want {
				require.InDelta(t, want[i], have[i], delta, "%s %s", name, msg)
			}
		}
	}
}

// TestCountedPairViewsBags is TestCountedPairViews on entities that are
// bags, where a mention may occur twice in one entity: counted and built
// agree, a clustering against itself (the self-sums) included.
func TestCountedPairViewsBags(t *testing.T) {
	p := compile(t, `
type Entity { mentions: bag<int> }
type Doc { entities: set<Entity> }
input Doc
metric links_n   = F<->[links(entities)](delta)
metric links_b   = F<->[links(entities)](delta * 1)
metric non_n     = F<->[nonlinks(entities)](delta)
metric non_b     = F<->[nonlinks(entities)](delta * 1)
`)
	rng := rand.New(rand.NewPCG(9, 10))
	clustering := func() clusterDoc {
		d := clusterDoc{Entities: []clusterEntity{}}
		next := 0
		for range rng.IntN(6) {
			e := clusterEntity{Mentions: []int{}}
			for range 1 + rng.IntN(4) {
				if len(e.Mentions) > 0 && rng.IntN(4) == 0 {
					e.Mentions = append(e.Mentions, e.Mentions[rng.IntN(len(e.Mentions))]) // twice in this entity
					continue
				}
				e.Mentions = append(e.Mentions, next)
				next++
			}
			d.Entities = append(d.Entities, e)
		}
		return d
	}
	countedAgainstBuilt(t, p, []string{"links", "non"}, 200, 0, func(int) (clusterDoc, clusterDoc) {
		return clustering(), clustering()
	})
}

// TestNonFiniteAndNegative checks that a score that overflows, is NaN or
// is negative is an error naming the metric (and the document where it
// arose), never a printed NaN or a score below 0.
func TestNonFiniteAndNegative(t *testing.T) {
	gold := `{"id": "d1", "tags": ["a", "b"]}
{"id": "d2", "tags": ["a"]}`
	pred := `{"id": "d1", "tags": ["a", "c"]}
{"id": "d2", "tags": ["a"]}`
	cases := []struct{ name, metric, want string }{
		{"overflow in a document", "S~[tags](1e308 * delta + 1e308 * delta)",
			`g.jsonl: document "d1" (line 1): metric "m": on a pair of elements, the similarity 1e308 * delta + 1e308 * delta is +Inf, beyond float64's range`},
		{"overflow of a sum", "S~[tags](1e308 * delta) + S~[tags](1e308 * delta)",
			`g.jsonl: document "d1" (line 1): metric "m": Σ(X,Y) (prediction against gold) is +Inf, beyond float64's range`},
		{"overflow over the corpus", "S~[tags](0.6e308 * delta)",
			`metric "m" over the corpus: Σ(X,X) (prediction against itself) is +Inf`},
		{"negative on the data", "F<->[tags](delta) - 0.75",
			`g.jsonl: document "d1" (line 1): metric "m": Σ(X,Y) (prediction against gold) is -0.25, but similarities are non-negative`},
		{"negative self-sum", "1 - S<->[tags](delta)",
			`g.jsonl: document "d1" (line 1): metric "m": Σ(X,X) (prediction against itself) is -1, but similarities are non-negative`},
		{"NaN on a pair", "S<->[tags](1e308 * delta * 10 - 1e308 * delta * 10 + 1)",
			`metric "m": on a pair of elements, the similarity 1e308 * delta * 10 - 1e308 * delta * 10 + 1 is NaN (not a number`},
		{"NaN under align", "S<->[tags](delta, align = 1e308 * delta * 10 - 1e308 * delta * 10 + 1)",
			`metric "m": on a pair of elements, the similarity 1e308 * delta * 10 - 1e308 * delta * 10 + 1 is NaN`},
		{"NaN at the top", "S<->[tags](delta) * 1e308 * 10 - S<->[tags](delta) * 1e308 * 10",
			`metric "m": Σ(X,Y) (prediction against gold) is NaN`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := compile(t, "type Doc { id: string, tags: set<string> }\ninput Doc\nmetric m = "+c.metric+"\n")
			g, err := document.ParseJSON("g.jsonl", []byte(gold), "jsonl")
			require.NoError(t, err)
			pr, err := document.ParseJSON("p.jsonl", []byte(pred), "jsonl")
			require.NoError(t, err)
			_, err = p.Score(g, pr, corpus.Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestCorpusArithmeticNonFinite checks corpus metrics: infinities that
// cancel are an error, not NaN.
func TestCorpusArithmeticNonFinite(t *testing.T) {
	p := compile(t, `type Doc { id: string, tags: set<string> }
input Doc
metric m = F<->[tags](delta)
metric big = m.f1 * 1e308 * 10
metric c = big - big
`)
	g, err := document.ParseJSON("g.jsonl", []byte(`{"id": "d1", "tags": ["a"]}`), "jsonl")
	require.NoError(t, err)
	_, err = p.Score(g, g, corpus.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `metric "big" over the corpus: its value is +Inf`)
}

// TestHugeBeta checks F(β) as β grows past where β² overflows: it tends
// to recall, and stays finite.
func TestHugeBeta(t *testing.T) {
	g, err := document.ParseJSON("g", []byte(`{"tags": ["a", "b", "c", "d"]}`), "json")
	require.NoError(t, err)
	pr, err := document.ParseJSON("p", []byte(`{"tags": ["a"]}`), "json")
	require.NoError(t, err)
	for _, c := range []struct {
		beta string
		want float64
	}{
		{"1e300", 0.25},                        // β² = +Inf: recall
		{"1e100", 0.25},                        // 1+β² rounds to β²: recall
		{"2", 5.0 / (4*4 + 1) * 1},             // (1+4)·1 / (4·4 + 1)
		{"0.5", (1 + 0.25) * 1 / (0.25*4 + 1)}, // (1+¼)·1 / (¼·4 + 1)
		{"1e-200", 1},                          // β² underflows to 0: precision
	} {
		p := compile(t, "type Doc { tags: set<string> }\ninput Doc\nmetric m = F("+c.beta+")<->[tags](delta)\n")
		got := score(t, p, g, pr, corpus.Options{})
		assert.InDelta(t, c.want, got["m"].Value, 1e-12, "F(%s)", c.beta)
	}
}

// TestNegativePairsNeverMatched checks that Σ◇ is the max over matchings: a
// pair whose similarity is negative is in no best matching, under every
// constraint (N:N included), so it never lowers a score.
func TestNegativePairsNeverMatched(t *testing.T) {
	g, err := document.ParseJSON("g", []byte(`{"tags": ["a", "b"]}`), "json")
	require.NoError(t, err)
	pr, err := document.ParseJSON("p", []byte(`{"tags": ["a", "c"]}`), "json")
	require.NoError(t, err)
	for _, c := range []string{"<->", "->", "<-", "~"} {
		p := compile(t, "type Doc { tags: set<string> }\ninput Doc\nmetric m = S"+c+"[tags](delta - 0.5)\n")
		got := score(t, p, g, pr, corpus.Options{})
		assert.Equal(t, Sums(0.5, 1, 1), sums(got["m"]), c)
	}
}

// TestRepeatedKeys checks that a key the type reads may not occur twice in
// one object (JSON readers disagree on which value counts), with plain
// field names and with bound paths; a repeated key the type ignores is
// left alone.
func TestRepeatedKeys(t *testing.T) {
	plain := compile(t, "type Arg { role: string }\ntype Doc { id: string, args: set<Arg> }\ninput Doc\nmetric m = F<->[args](delta)\n")
	bound := compile(t, "type Doc { id: string, n: int = \"meta.count\", xs: set<int> = \"items\" }\ninput Doc\nmetric m = F<->[xs](delta)\n")
	cases := []struct {
		name string
		p    *corpus.Plan
		doc  string
		want string
	}{
		{"nested", plain, `{"id": "d1", "args": [{"role": "a", "role": "b"}]}`, `document "d1" (line 1): args.0: the key "role" occurs twice in this object`},
		{"top", plain, `{"id": "d1", "args": [], "args": [{"role": "a"}]}`, `the key "args" occurs twice in this object`},
		{"bound", bound, `{"id": "d1", "meta": {"count": 1}, "items": [1], "meta": {"count": 2}}`, `the key "meta" occurs twice in this object`},
		{"ignored key", plain, `{"id": "d1", "args": [], "note": 1, "note": 2}`, ""},
		{"bound ignored key", bound, `{"id": "d1", "meta": {"count": 1}, "items": [1], "x": 1, "x": 2}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := document.ParseJSON("g.jsonl", []byte(c.doc), "jsonl")
			require.NoError(t, err)
			_, err = c.p.Score(in, in, corpus.Options{})
			if c.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// resolver is a document.Partner that writes a prediction from its gold.
type resolver func(gold *document.Doc) (string, error)

func (r resolver) Prepare(_, gold *document.Doc, _, _ string, _ bool) (string, error) { return r(gold) }
func (r resolver) PredictionOnly() bool                                               { return true }

// TestResolvedPredictions: a predicted document that an adapter writes
// from its gold (its Partner) is written once paired, with its partner
// (nil for none, under AllowMissing); a gold document may not need one.
func TestResolvedPredictions(t *testing.T) {
	p := compile(t, `
type Doc { id: string, xs: set<string> }
input Doc
metric m = S<->[xs](delta)
`)
	gold := input(t, "g", map[string]any{"id": "a", "xs": []string{"x", "y"}})
	// The prediction copies its gold's first element, and adds z.
	resolve := func(g *document.Doc) (string, error) {
		if g == nil {
			return `{"id": "b", "xs": ["z"]}`, nil
		}
		return `{"id": "a", "xs": ["x", "z"]}`, nil
	}
	pred := &document.Input{Path: "p", Docs: []document.Doc{
		{ID: "a", JSON: `{"id": "a"}`, Line: 1, Partner: resolver(resolve)},
		{ID: "b", JSON: `{"id": "b"}`, Line: 2, Index: 1, Partner: resolver(resolve)},
	}}
	res, err := p.Score(gold, pred, corpus.Options{AllowMissing: true, PerDoc: true})
	require.NoError(t, err)
	m := res.Metric("m")
	assert.Equal(t, [3]float64{1, 3, 2}, [3]float64{m.Sums.PredGold, m.Sums.PredPred, m.Sums.GoldGold})
	_, err = p.Score(pred, gold, corpus.Options{})
	assert.EqualError(t, err, "p: this input is a prediction, read against a gold; give the gold first (metricc run SPEC GOLD PRED)")
	failing := &document.Input{Path: "p", Docs: []document.Doc{{ID: "a", JSON: `{"id": "a"}`, Line: 1,
		Partner: resolver(func(*document.Doc) (string, error) {
			return "", document.DataErrors{{File: "p/a", Doc: "line 3", Msg: "bad"}, {File: "p/a", Doc: "line 4", Msg: "worse"}}
		})}}}
	_, err = p.Score(gold, failing, corpus.Options{})
	assert.EqualError(t, err, "p/a: line 3: bad\np/a: line 4: worse")
}

// TestLatentNonFinite: a latent matching whose element similarity
// overflows is an error naming the metric, in the class form (a
// one-to-one δ with a constant factor) and with candidate pairs (δ on a
// field) alike.
func TestLatentNonFinite(t *testing.T) {
	doc := `{"id": "d1", "props": [{"rel": "r", "subj": "a", "obj": "x"}, {"rel": "s", "subj": "a", "obj": {"var": "b"}}]}`
	for _, body := range []string{"S<->[props](delta * 1e308 * 10)", "S<->[props](delta[rel] * delta[subj] * 1e308 * 10)"} {
		t.Run(body, func(t *testing.T) {
			p := compile(t, "type Prop { rel: string, subj: var, obj: var | string }\ntype Doc { id: string, props: set<Prop> }\ninput Doc\nmetric m = "+body+"\n")
			g, err := document.ParseJSON("g.jsonl", []byte(doc), "jsonl")
			require.NoError(t, err)
			_, err = p.Score(g, g, corpus.Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), `g.jsonl: document "d1" (line 1): metric "m": on a pair of elements, the similarity`)
			assert.Contains(t, err.Error(), `is +Inf, beyond float64's range`)
		})
	}
}

// TestCombinedKeysEitherWay: a product of δ on a label and an overlap
// blocks on the label alone when that pairs few elements, and on (label,
// token) when a label is dense; either way it must score as the same
// product without blocking ("+ 0" leaves the factor without keys).
func TestCombinedKeysEitherWay(t *testing.T) {
	p := compile(t, `
type Ev { kind: string, args: set<int> }
type Doc { evs: set<Ev> }
input Doc
metric blocked = F<->[evs](delta[kind] * F<->[args](delta))
metric plain   = F<->[evs]((delta[kind] + 0) * F<->[args](delta))
`)
	type ev struct {
		Kind string `json:"kind"`
		Args []int  `json:"args"`
	}
	type doc struct {
		Evs []ev `json:"evs"`
	}
	rng := rand.New(rand.NewPCG(21, 22))
	gen := func(n, kinds int) doc {
		d := doc{Evs: []ev{}}
		for i := range n {
			e := ev{Kind: fmt.Sprint("k", rng.IntN(kinds)), Args: []int{}}
			for range 1 + rng.IntN(3) {
				e.Args = append(e.Args, i+rng.IntN(4))
			}
			d.Evs = append(d.Evs, e)
		}
		return d
	}
	for _, tc := range []struct{ n, kinds int }{{10, 3}, {40, 8}, {150, 1}, {300, 2}} {
		got := score(t, p, input(t, "g", gen(tc.n, tc.kinds)), input(t, "p", gen(tc.n, tc.kinds)), corpus.Options{})
		want, have := sums(got["plain"]), sums(got["blocked"])
		for i := range want {
			require.InDelta(t, want[i], have[i], 1e-9, "n=%d kinds=%d", tc.n, tc.kinds)
		}
		require.Positive(t, want[0], "n=%d: some pairs match", tc.n)
	}
}
