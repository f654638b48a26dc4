package conll2012_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/conll2012"
	"github.com/metricc/metricc/internal/corefgen"
)

var (
	corpusOnce sync.Once
	generated  *corefgen.Corpus
	longOnce   sync.Once
	longCorpus *corefgen.Corpus
)

// conllCorpus is the generated corpus of CoNLL-2012 test size: 348
// documents, 169,579 tokens, 19,764 key mentions.
func conllCorpus() *corefgen.Corpus {
	corpusOnce.Do(func() { generated = corefgen.Generate(corefgen.Config{Seed: 1}) })
	return generated
}

func benchParse(b *testing.B, c *corefgen.Corpus) {
	b.SetBytes(int64(len(c.Key) + len(c.Response)))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range [][]byte{c.Key, c.Response} {
			in, err := conll2012.Parse("bench.conll", data)
			if err != nil || len(in.Docs) == 0 {
				b.Fatal(err)
			}
		}
	}
	tokens := c.KeyStats.Tokens + c.ResponseStats.Tokens
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tokens), "ns/token")
}

// benchRead is benchParse through Read: the corpus is written to files
// first, and read back from the page cache.
func benchRead(b *testing.B, c *corefgen.Corpus) {
	dir := b.TempDir()
	var paths []string
	for name, data := range map[string][]byte{"key.conll": c.Key, "response.conll": c.Response} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, path)
	}
	b.SetBytes(int64(len(c.Key) + len(c.Response)))
	b.ReportAllocs()
	for b.Loop() {
		for _, path := range paths {
			in, err := conll2012.Read(path)
			if err != nil || len(in.Docs) == 0 {
				b.Fatal(err)
			}
		}
	}
	tokens := c.KeyStats.Tokens + c.ResponseStats.Tokens
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tokens), "ns/token")
}

func longCorpusOnce() *corefgen.Corpus {
	longOnce.Do(func() { longCorpus = corefgen.Generate(corefgen.Config{Seed: 1, Long: true}) })
	return longCorpus
}

// BenchmarkParseConll reads the key and the response of a corpus of
// CoNLL-2012 test size (go run ./internal/cmd/corefgen writes the same files).
func BenchmarkParseConll(b *testing.B) { benchParse(b, conllCorpus()) }

// BenchmarkParseLong reads 40 documents of 2,000+ mentions each (the -long
// corpus).
func BenchmarkParseLong(b *testing.B) { benchParse(b, longCorpusOnce()) }

// BenchmarkReadConll is BenchmarkParseConll from files, streamed.
func BenchmarkReadConll(b *testing.B) { benchRead(b, conllCorpus()) }

// BenchmarkReadLong is BenchmarkParseLong from files, streamed.
func BenchmarkReadLong(b *testing.B) { benchRead(b, longCorpusOnce()) }

// TestGeneratedCorpus reads the generated corpus: every document, no
// repairs needed, and the generator's own counts.
func TestGeneratedCorpus(t *testing.T) {
	c := conllCorpus()
	for _, side := range []struct {
		data  []byte
		stats corefgen.Stats
	}{{c.Key, c.KeyStats}, {c.Response, c.ResponseStats}} {
		in, err := conll2012.Parse("gen.conll", side.data)
		require.NoError(t, err)
		assert.Empty(t, in.Warnings)
		// Streamed, the corpus reads the same.
		streamed, err := conll2012.ParseReader("gen.conll", bytes.NewReader(side.data))
		require.NoError(t, err)
		require.Equal(t, in, streamed)
		require.Len(t, in.Docs, side.stats.Docs)
		mentions, entities := 0, 0
		sizes := map[int]int{}
		for _, d := range in.Docs {
			_, ents := entitiesOf(t, d)
			entities += len(ents)
			for _, e := range ents {
				mentions += len(e)
				sizes[len(e)]++
			}
		}
		assert.Equal(t, side.stats.Mentions, mentions)
		assert.Equal(t, side.stats.Entities, entities)
		assert.Equal(t, side.stats.Sizes, sizes)
	}
	assert.Equal(t, 19764, c.KeyStats.Mentions)
}
