package metricc_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

const xsSpec = `
type Doc { id: string, xs: set<int> }
input Doc
metric m = F<->[xs](delta)
`

type xsDoc struct {
	ID string `json:"id"`
	Xs []int  `json:"xs"`
}

// TestSources scores the same documents given as Go values, as a reader
// of JSON Lines and as files, and gets the same result.
func TestSources(t *testing.T) {
	spec, err := metricc.Compile("xs.metric", xsSpec)
	require.NoError(t, err)
	gold := []any{xsDoc{"a", []int{1, 2, 3}}, xsDoc{"b", []int{4}}}
	pred := []any{xsDoc{"b", []int{4, 5}}, xsDoc{"a", []int{1, 2}}}
	want, err := spec.Score(metricc.Values("gold", gold...), metricc.Values("pred", pred...), metricc.Options{})
	require.NoError(t, err)
	assert.Equal(t, 3.0, want.Metric("m").Sums.PredGold)
	assert.Equal(t, 4.0, want.Metric("m").Sums.PredPred)

	lines := func(docs []any) string {
		var b strings.Builder
		for _, d := range docs {
			data, err := json.Marshal(d)
			require.NoError(t, err)
			b.Write(data)
			b.WriteByte('\n')
		}
		return b.String()
	}
	got, err := spec.Score(metricc.Reader("gold.jsonl", strings.NewReader(lines(gold)), "jsonl"),
		metricc.Reader("pred.jsonl", strings.NewReader(lines(pred)), "auto"), metricc.Options{})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestMarshal: encoding/json reads the result as valid JSON; WriteJSON
// keeps the layout the CLI prints.
func TestMarshal(t *testing.T) {
	spec, err := metricc.Compile("xs.metric", xsSpec)
	require.NoError(t, err)
	res, err := spec.Score(metricc.Values("g", xsDoc{"a", []int{1, 2}}), metricc.Values("p", xsDoc{"a", []int{2}}), metricc.Options{PerDoc: true})
	require.NoError(t, err)
	data, err := json.Marshal(res)
	require.NoError(t, err)
	var back struct {
		Documents int
		Metrics   map[string]struct {
			Precision, Recall, F1 float64
			Sums                  map[string]float64
		}
		PerDoc []struct{ ID string } `json:"per_doc"`
	}
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, 1, back.Documents)
	assert.Equal(t, 1.0, back.Metrics["m"].Precision)
	assert.Equal(t, 0.5, back.Metrics["m"].Recall)
	assert.Equal(t, 2.0, back.Metrics["m"].Sums["gold_gold"])
	assert.Equal(t, "a", back.PerDoc[0].ID)
	var b bytes.Buffer
	require.NoError(t, res.WriteJSON(&b))
	assert.Contains(t, b.String(), "\n \"metrics\": ")
}

// TestConcurrentScoring: one Spec scores from several goroutines at once.
func TestConcurrentScoring(t *testing.T) {
	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	var wg sync.WaitGroup
	results := make([]float64, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := spec.Score(metricc.File("testdata/coref/example-gold.json"), metricc.File("testdata/coref/example-pred.jsonl"), metricc.Options{Workers: 2})
			if assert.NoError(t, err) {
				results[i] = res.Metric("conll").Value
			}
		}()
	}
	wg.Wait()
	for _, v := range results {
		assert.InDelta(t, 0.4581818181818182, v, 1e-15)
	}
}

// TestSignedSimilarity: a Go similarity is not assumed to be non-negative,
// so no candidate pair is skipped on its account: delta - neg is positive
// for every pair when neg is -1, not only for the equal ones that delta's
// blocking keys would find.
func TestSignedSimilarity(t *testing.T) {
	neg := metricc.Similarity{Name: "neg", Eval: func(x, y metricc.Value) float64 { return -1 }}
	spec, err := metricc.Compile("neg.metric", `
type Doc { id: string, xs: set<int> }
input Doc
metric all = S~[xs](delta - neg)
`, metricc.WithSimilarity(neg))
	require.NoError(t, err)
	// 5×6 pairs, each worth 1, and 2 equal ones worth 2.
	res, err := spec.Score(metricc.Values("g", xsDoc{"a", []int{1, 2, 10, 11, 12, 13}}), metricc.Values("p", xsDoc{"a", []int{1, 2, 3, 4, 5}}), metricc.Options{})
	require.NoError(t, err)
	assert.Equal(t, 32.0, res.Metric("all").Sums.PredGold)
}

// TestNegativeSimilarity: what Similarity.Eval's comment promises of a
// negative value. A matching leaves a pair of negative similarity
// unmatched, as it does a pair of 0; a metric whose sums are negative is
// an error naming the document; NaN and infinities are errors.
func TestNegativeSimilarity(t *testing.T) {
	plusMinus := metricc.Similarity{Name: "pm", Eval: func(x, y metricc.Value) float64 {
		if x.Int() == y.Int() {
			return 1
		}
		return -1
	}}
	gold, pred := metricc.Values("g", xsDoc{"a", []int{1, 2, 3}}), metricc.Values("p", xsDoc{"a", []int{1, 5}})
	for _, body := range []string{"F<->[xs](pm)", "F~[xs](pm)", "F<->[xs](max(0, pm))", "F<->[xs](delta)"} {
		spec, err := metricc.Compile("pm.metric", "type Doc { id: string, xs: set<int> }\ninput Doc\nmetric m = "+body+"\n", metricc.WithSimilarity(plusMinus))
		require.NoError(t, err, body)
		res, err := spec.Score(gold, pred, metricc.Options{})
		require.NoError(t, err, body)
		assert.Equal(t, metricc.Sums{PredGold: 1, PredPred: 2, GoldGold: 3, PredGoldRecall: 1}, res.Metric("m").Sums, body)
	}

	for _, c := range []struct {
		v   float64
		err string
	}{
		{-1, `g: value 1 (id "a"): metric "m": Σ(X,Y) (prediction against gold) is -1, but similarities are non-negative (a metric scores from 0 up); clamp the similarity, as in max(0, ...)`},
		{math.NaN(), `g: value 1 (id "a"): metric "m": on a pair of elements, the similarity c is NaN (not a number, as from ∞ − ∞ or 0 × ∞)`},
		{math.Inf(1), `g: value 1 (id "a"): metric "m": on a pair of elements, the similarity c is +Inf, beyond float64's range (±1.798e+308); scale it down`},
	} {
		constant := metricc.Similarity{Name: "c", Eval: func(x, y metricc.Value) float64 { return c.v }}
		body := "S<->[xs](c)"
		if c.v < 0 {
			body = "c" // on the documents themselves: no matching to leave the pair out
		}
		spec, err := metricc.Compile("c.metric", "type Doc { id: string, xs: set<int> }\ninput Doc\nmetric m = "+body+"\n", metricc.WithSimilarity(constant))
		require.NoError(t, err)
		_, err = spec.Score(gold, pred, metricc.Options{})
		assert.EqualError(t, err, c.err, "%v", c.v)
	}
}

// TestSimilarityOptions: a Go similarity applies where Accepts says, is
// checked like a builtin, and may declare blocking keys; it is local to
// the spec compiled with it.
func TestSimilarityOptions(t *testing.T) {
	firstLetter := metricc.Similarity{
		Name:    "initial",
		Accepts: func(typ string) bool { return typ == "string" },
		Eval: func(x, y metricc.Value) float64 {
			if x.String()[:1] == y.String()[:1] {
				return 1
			}
			return 0
		},
		Keys: func(x metricc.Value) []string { return []string{x.String()[:1]} },
	}
	spec, err := metricc.Compile("w.metric", `
type Doc { id: string, ws: set<string> }
input Doc
metric m = S<->[ws](initial)
`, metricc.WithSimilarity(firstLetter))
	require.NoError(t, err)
	type wsDoc struct {
		ID string   `json:"id"`
		Ws []string `json:"ws"`
	}
	// Many words, so that the matching blocks on the keys.
	gold := wsDoc{"a", []string{"apple", "berry", "cherry", "date", "elder", "fig", "grape"}}
	pred := wsDoc{"a", []string{"avocado", "banana", "corn", "kiwi", "lime", "mango", "nut"}}
	res, err := spec.Score(metricc.Values("g", gold), metricc.Values("p", pred), metricc.Options{})
	require.NoError(t, err)
	assert.Equal(t, 3.0, res.Metric("m").Sums.PredGold)

	_, err = metricc.Compile("w.metric", `
type Doc { id: string, xs: set<int> }
input Doc
metric m = S<->[xs](initial)
`, metricc.WithSimilarity(firstLetter))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "w.metric:4:21: initial does not apply to int")

	_, err = metricc.Compile("w.metric", `
type Doc { id: string, ws: set<string> }
input Doc
metric m = S<->[ws](initial)
`)
	require.Error(t, err, "another spec does not see it")
	assert.Contains(t, err.Error(), "undefined: initial")

	_, err = metricc.Compile("w.metric", xsSpec, metricc.WithSimilarity(metricc.Similarity{Name: "delta", Eval: firstLetter.Eval}))
	assert.EqualError(t, err, `similarity "delta": the name is taken by a builtin`)
	_, err = metricc.Compile("w.metric", xsSpec, metricc.WithSimilarity(metricc.Similarity{Name: "x"}))
	assert.EqualError(t, err, `similarity "x" has no Eval`)
}

// TestLoadErrors: an unknown spec names the shipped ones; a zero Source
// is refused.
func TestLoadErrors(t *testing.T) {
	_, err := metricc.Load("nope")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `no spec file "nope", and no shipped spec of that name (shipped: `)
	assert.Contains(t, err.Error(), ` coref, `)
	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	assert.Equal(t, "coref.metric", spec.Name())
	_, err = spec.Score(metricc.Source{}, metricc.File("x"), metricc.Options{})
	assert.Error(t, err)
	_, err = spec.Score(metricc.File("testdata/coref/example-gold.json"), metricc.File("no-such-file"), metricc.Options{})
	assert.ErrorContains(t, err, "no-such-file")
	assert.Contains(t, metricc.InputFormats(), "conll2012")
}

// TestPooledTextsScoreAsValues: documents read from JSON Lines lend their
// text from a pool of buffers, which a worker gives back once it has
// decoded the pair and the reader writes the next document into; scored
// on one to four workers, documents lent from the size classes of 1 KiB
// to 64 KiB (and texts under and over the pooled sizes) score exactly as
// the same documents given as Go values, whose texts are never lent, and
// as brute force counts. A text read after it went back to the pool would
// score another document's values.
func TestPooledTextsScoreAsValues(t *testing.T) {
	spec, err := metricc.Compile("xs.metric", xsSpec)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(22, 1))
	var gold, pred []any
	var goldLines, predLines strings.Builder
	for i := range 160 {
		// A few bytes to about 60 KB, two over 1 MiB (not lent).
		n := 1 << rng.IntN(14)
		if i%97 == 1 {
			n = 180_000
		}
		g := xsDoc{ID: fmt.Sprint("d", i)}
		p := xsDoc{ID: g.ID}
		for range n {
			x := rng.IntN(4 * n)
			g.Xs = append(g.Xs, x)
			if rng.IntN(4) > 0 {
				p.Xs = append(p.Xs, x)
			} else {
				p.Xs = append(p.Xs, rng.IntN(4*n))
			}
		}
		gold, pred = append(gold, g), append(pred, p)
		for _, w := range []struct {
			b *strings.Builder
			d xsDoc
		}{{&goldLines, g}, {&predLines, p}} {
			data, err := json.Marshal(w.d)
			require.NoError(t, err)
			w.b.Write(data)
			w.b.WriteByte('\n')
		}
	}
	want, err := spec.Score(metricc.Values("gold", gold...), metricc.Values("pred", pred...), metricc.Options{PerDoc: true, Workers: 1})
	require.NoError(t, err)
	// By brute force: m's sums are the sizes of the sets and of their
	// intersections, over the documents.
	var common, goldN, predN int
	for i := range gold {
		g, p := map[int]bool{}, map[int]bool{}
		for _, x := range gold[i].(xsDoc).Xs {
			g[x] = true
		}
		for _, x := range pred[i].(xsDoc).Xs {
			p[x] = true
		}
		for x := range p {
			if g[x] {
				common++
			}
		}
		goldN, predN = goldN+len(g), predN+len(p)
	}
	sums := want.Metric("m").Sums
	assert.Equal(t, []float64{float64(common), float64(predN), float64(goldN)}, []float64{sums.PredGold, sums.PredPred, sums.GoldGold})
	for _, workers := range []int{1, 2, 4} {
		got, err := spec.Score(metricc.Reader("gold.jsonl", strings.NewReader(goldLines.String()), "jsonl"),
			metricc.Reader("pred.jsonl", strings.NewReader(predLines.String()), "jsonl"), metricc.Options{PerDoc: true, Workers: workers})
		require.NoError(t, err)
		assert.Equal(t, want, got, "%d workers", workers)
	}
}
