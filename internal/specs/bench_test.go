package specs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter/conll16"
	"github.com/metricc/metricc/internal/adapter/mrp"
	"github.com/metricc/metricc/internal/conll16gen"
	"github.com/metricc/metricc/internal/corefgen"
	"github.com/metricc/metricc/internal/nergen"
)

var (
	corpusOnce sync.Map // Config -> *corefgen.Corpus
)

func corefCorpus(c corefgen.Config) *corefgen.Corpus {
	if v, ok := corpusOnce.Load(c); ok {
		return v.(*corefgen.Corpus)
	}
	v := corefgen.Generate(c)
	corpusOnce.Store(c, v)
	return v
}

// BenchmarkCorefCorpus reads a key and a response of CoNLL-2012 test scale
// (348 documents, 169,579 tokens, 19,764 key mentions in 4,532 entities)
// through the conll2012 adapter and scores every metric of coref.metric,
// on one worker: the work of one `metricc run coref key response`.
func BenchmarkCorefCorpus(b *testing.B) {
	benchCoref(b, corefCorpus(corefgen.Config{Seed: 1}), nil)
}

// BenchmarkCorefLongDocs does the same on 40 documents of 2,000 to 2,600
// mentions each.
func BenchmarkCorefLongDocs(b *testing.B) {
	benchCoref(b, corefCorpus(corefgen.Config{Seed: 1, Long: true}), nil)
}

// BenchmarkCorefMetric scores each metric alone on the CoNLL-scale corpus.
func BenchmarkCorefMetric(b *testing.B) {
	for _, m := range []string{"muc", "b3", "ceafm", "ceafe", "blanc", "lea"} {
		b.Run(m, func(b *testing.B) { benchCoref(b, corefCorpus(corefgen.Config{Seed: 1}), []string{m}) })
	}
}

func benchCoref(b *testing.B, c *corefgen.Corpus, metrics []string) {
	p := load(b, "coref")
	b.ReportAllocs()
	b.SetBytes(int64(len(c.Key) + len(c.Response)))
	for b.Loop() {
		gold := metricc.Reader("key", bytes.NewReader(c.Key), "conll2012")
		pred := metricc.Reader("response", bytes.NewReader(c.Response), "conll2012")
		if _, err := p.Score(gold, pred, metricc.Options{Workers: 1, Metrics: metrics}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSmatchLPP reads the 400 Little Prince parser outputs and their
// gold AMRs through the penman adapter and scores smatch.metric exactly, on
// one worker: the work of one `metricc run smatch gold pred`.
func BenchmarkSmatchLPP(b *testing.B) {
	p := load(b, "smatch")
	gold, err := os.ReadFile(filepath.Join(amrCases, "lpp-tgt.test.amr"))
	require.NoError(b, err)
	pred, err := os.ReadFile(filepath.Join(amrCases, "lpp-src.test.amr"))
	require.NoError(b, err)
	b.ReportAllocs()
	b.SetBytes(int64(len(gold) + len(pred)))
	for b.Loop() {
		g := metricc.Reader("gold", bytes.NewReader(gold), "penman")
		pr := metricc.Reader("pred", bytes.NewReader(pred), "penman")
		if _, err := p.Score(g, pr, metricc.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMRP reads the EDS pair of mtool's repository (89 gold graphs,
// 87 system graphs) through the mrp adapter and scores mrp.metric on one
// worker, every pair proven optimal: the work of one `metricc run mrp
// wsj.mrp wsj.pet.mrp`. The adapter alone is BenchmarkMRP/read.
func BenchmarkMRP(b *testing.B) {
	var texts [2][]byte
	for i, path := range []string{"data/sample/eds/wsj.mrp", "data/score/eds/wsj.pet.mrp"} {
		data, err := os.ReadFile(filepath.Join(mrpData, path))
		require.NoError(b, err)
		texts[i] = data
	}
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(len(texts[0]) + len(texts[1])))
		b.ReportAllocs()
		for b.Loop() {
			for _, text := range texts {
				_, err := mrp.Parse("f", bytes.NewReader(text))
				require.NoError(b, err)
			}
		}
	})
	for _, spec := range []string{"mrp", "edm", "smatch"} {
		b.Run(spec, func(b *testing.B) {
			p := load(b, spec)
			b.SetBytes(int64(len(texts[0]) + len(texts[1])))
			b.ReportAllocs()
			for b.Loop() {
				g := metricc.Reader("gold", bytes.NewReader(texts[0]), "mrp")
				s := metricc.Reader("system", bytes.NewReader(texts[1]), "mrp")
				res, err := p.Score(g, s, metricc.Options{Workers: 1})
				require.NoError(b, err)
				if st := res.Metrics[len(res.Metrics)-1].Sums.Search; st.Proven != st.Pairs {
					b.Fatalf("%d of %d pairs proven", st.Proven, st.Pairs)
				}
			}
		})
	}
}

// BenchmarkConll16 reads a generated corpus of 1,000 documents (621,155
// tokens, 26,911 gold and 25,147 predicted relations; internal/conll16gen)
// through the conll16 adapter and scores conll16.metric, on one worker:
// all the metrics (the work of `metricc run conll16 gold pred`), the
// partial ones (partial_scorer.py's work), and each adapter alone.
func BenchmarkConll16(b *testing.B) {
	c := conll16Corpus()
	partial := []string{}
	for _, block := range []string{"", "explicit_", "nonexplicit_"} {
		for _, m := range []string{"arg1", "arg2", "concat", "conj", "parser"} {
			partial = append(partial, block+"partial_"+m)
		}
	}
	p := conll16Spec(b, 0.7)
	for _, run := range []struct {
		name    string
		metrics []string
	}{{"all", nil}, {"partial", partial}, {"read", []string{}}} {
		b.Run(run.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.Gold) + len(c.Pred)))
			for b.Loop() {
				if run.metrics != nil && len(run.metrics) == 0 {
					for _, text := range [][]byte{c.Gold, c.Pred} {
						_, err := conll16.Parse("f", bytes.NewReader(text))
						require.NoError(b, err)
					}
					continue
				}
				gold := metricc.Reader("gold", bytes.NewReader(c.Gold), "conll16")
				pred := metricc.Reader("pred", bytes.NewReader(c.Pred), "conll16")
				if _, err := p.Score(gold, pred, metricc.Options{Workers: 1, Metrics: run.metrics}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var conll16Corpus = sync.OnceValue(func() *conll16gen.Corpus {
	return conll16gen.Generate(conll16gen.Config{Docs: 1000, Seed: 1})
})

var nerCorpus = sync.OnceValue(func() *nergen.Corpus { return nergen.Generate(nergen.Config{Seed: 1}) })

// BenchmarkNER reads a gold and a prediction of the size of the CoNLL-2003
// English training set (946 documents, about 204,000 tokens) through the
// bio adapter and scores ner.metric (ner, ner_strict and accuracy) on one
// worker: the work of one `metricc run ner gold pred`.
func BenchmarkNER(b *testing.B) {
	c := nerCorpus()
	p := load(b, "ner")
	b.ReportAllocs()
	b.SetBytes(int64(len(c.Gold) + len(c.Pred)))
	for b.Loop() {
		gold := metricc.Reader("gold", bytes.NewReader(c.Gold), "bio")
		pred := metricc.Reader("pred", bytes.NewReader(c.Pred), "bio")
		if _, err := p.Score(gold, pred, metricc.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(2*c.Tokens), "ns/token")
}
