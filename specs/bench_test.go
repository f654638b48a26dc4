package specs_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/adapter/bio"
	"github.com/metricc/metricc/adapter/conll2012"
	"github.com/metricc/metricc/adapter/penman"
	"github.com/metricc/metricc/eval"
	"github.com/metricc/metricc/internal/corefgen"
	"github.com/metricc/metricc/internal/nergen"
)

var (
	corpusOnce sync.Map // Config -> *corefgen.Corpus
)

func corpus(c corefgen.Config) *corefgen.Corpus {
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
	benchCoref(b, corpus(corefgen.Config{Seed: 1}), nil)
}

// BenchmarkCorefLongDocs does the same on 40 documents of 2,000 to 2,600
// mentions each.
func BenchmarkCorefLongDocs(b *testing.B) {
	benchCoref(b, corpus(corefgen.Config{Seed: 1, Long: true}), nil)
}

// BenchmarkCorefMetric scores each metric alone on the CoNLL-scale corpus.
func BenchmarkCorefMetric(b *testing.B) {
	for _, m := range []string{"muc", "b3", "ceafm", "ceafe", "blanc", "lea"} {
		b.Run(m, func(b *testing.B) { benchCoref(b, corpus(corefgen.Config{Seed: 1}), []string{m}) })
	}
}

func benchCoref(b *testing.B, c *corefgen.Corpus, metrics []string) {
	p := plan(b, "coref")
	b.ReportAllocs()
	b.SetBytes(int64(len(c.Key) + len(c.Response)))
	for b.Loop() {
		gold, err := conll2012.Parse("key", c.Key)
		require.NoError(b, err)
		pred, err := conll2012.Parse("response", c.Response)
		require.NoError(b, err)
		if _, err := p.Score(gold, pred, eval.Options{Workers: 1, Metrics: metrics}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSmatchLPP reads the 400 Little Prince parser outputs and their
// gold AMRs through the penman adapter and scores smatch.metric exactly, on
// one worker: the work of one `metricc run smatch gold pred`.
func BenchmarkSmatchLPP(b *testing.B) {
	p := plan(b, "smatch")
	gold, err := os.ReadFile(filepath.Join(amrCases, "lpp-tgt.test.amr"))
	require.NoError(b, err)
	pred, err := os.ReadFile(filepath.Join(amrCases, "lpp-src.test.amr"))
	require.NoError(b, err)
	b.ReportAllocs()
	b.SetBytes(int64(len(gold) + len(pred)))
	for b.Loop() {
		g, err := penman.Parse("gold", gold)
		require.NoError(b, err)
		pr, err := penman.Parse("pred", pred)
		require.NoError(b, err)
		if _, err := p.Score(g, pr, eval.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

var nerCorpus = sync.OnceValue(func() *nergen.Corpus { return nergen.Generate(nergen.Config{Seed: 1}) })

// BenchmarkNER reads a gold and a prediction of the size of the CoNLL-2003
// English training set (946 documents, about 204,000 tokens) through the
// bio adapter and scores ner.metric (ner, ner_strict and accuracy) on one
// worker: the work of one `metricc run ner gold pred`.
func BenchmarkNER(b *testing.B) {
	c := nerCorpus()
	p := plan(b, "ner")
	b.ReportAllocs()
	b.SetBytes(int64(len(c.Gold) + len(c.Pred)))
	for b.Loop() {
		gold, err := bio.Parse("gold", c.Gold)
		require.NoError(b, err)
		pred, err := bio.Parse("pred", c.Pred)
		require.NoError(b, err)
		if _, err := p.Score(gold, pred, eval.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(2*c.Tokens), "ns/token")
}
