package bio_test

import (
	"sync"
	"testing"

	"github.com/metricc/metricc/internal/adapter/bio"
	"github.com/metricc/metricc/internal/nergen"
)

var corpus = sync.OnceValue(func() *nergen.Corpus { return nergen.Generate(nergen.Config{Seed: 1}) })

// BenchmarkParse reads a gold and a prediction file of the size of the
// CoNLL-2003 English training set (946 documents, about 204,000 tokens).
func BenchmarkParse(b *testing.B) {
	c := corpus()
	b.SetBytes(int64(len(c.Gold) + len(c.Pred)))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range [][]byte{c.Gold, c.Pred} {
			if in, err := bio.Parse("bench.txt", data); err != nil || len(in.Docs) == 0 {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(2*c.Tokens), "ns/token")
}
