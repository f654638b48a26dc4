package metricc_test

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/corefgen"
)

// The benchmarks of the research workflow run on the synthetic corpus of
// CoNLL-2012 test scale (348 documents; go run ./internal/cmd/corefgen).

var (
	benchOnce   sync.Once
	benchCorpus *corefgen.Corpus
)

func corefCorpus() *corefgen.Corpus {
	benchOnce.Do(func() { benchCorpus = corefgen.Generate(corefgen.Config{Seed: 1}) })
	return benchCorpus
}

func benchScore(b *testing.B, opts metricc.Options) {
	c := corefCorpus()
	spec, err := metricc.Load("coref")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, err := spec.Score(metricc.Reader("key", bytes.NewReader(c.Key), "conll2012"),
			metricc.Reader("response", bytes.NewReader(c.Response), "conll2012"), opts)
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreCoref is a plain run: every metric of coref.
func BenchmarkScoreCoref(b *testing.B) { benchScore(b, metricc.Options{}) }

// BenchmarkScoreCorefBootstrap1000 is the same run with 1000 bootstrap
// resamples.
func BenchmarkScoreCorefBootstrap1000(b *testing.B) {
	benchScore(b, metricc.Options{Bootstrap: 1000, Seed: 1})
}

// largestDoc is the document of the corpus with the most key mentions.
const largestDoc = "pt/nt/00/nt_0007; part 001"

func benchExplain(b *testing.B, write func(*metricc.Explanation, io.Writer) error) {
	c := corefCorpus()
	spec, err := metricc.Load("coref")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ex, err := spec.Explain(metricc.Reader("key", bytes.NewReader(c.Key), "conll2012"),
			metricc.Reader("response", bytes.NewReader(c.Response), "conll2012"), largestDoc, metricc.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := write(ex, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplainLargest{Text,JSON,HTML} explain the largest document of
// the corpus under every metric (reading the whole corpus included).
func BenchmarkExplainLargestText(b *testing.B) {
	benchExplain(b, func(ex *metricc.Explanation, w io.Writer) error { return ex.WriteText(w, false) })
}

func BenchmarkExplainLargestJSON(b *testing.B) {
	benchExplain(b, func(ex *metricc.Explanation, w io.Writer) error { return ex.WriteJSON(w) })
}

func BenchmarkExplainLargestHTML(b *testing.B) {
	benchExplain(b, func(ex *metricc.Explanation, w io.Writer) error { return ex.WriteHTML(w) })
}
