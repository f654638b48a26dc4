package corefgen

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConllStatistics: the default corpus has the counts of the CoNLL-2012
// English test set and the promised entity sizes, exactly.
func TestConllStatistics(t *testing.T) {
	c := Generate(Config{Seed: 1})
	k := c.KeyStats
	assert.Equal(t, 348, k.Docs)
	assert.Equal(t, 169579, k.Tokens)
	assert.Equal(t, 19764, k.Mentions)
	assert.Equal(t, 4532, k.Entities)
	// round(0.52·4532), round(0.18·4532), round(0.09·4532), round(0.05·4532)
	assert.Equal(t, 2357, k.Sizes[2])
	assert.Equal(t, 816, k.Sizes[3])
	assert.Equal(t, 408, k.Sizes[4])
	assert.Equal(t, 227, k.Sizes[5])
	assert.Zero(t, k.Sizes[1], "no key singletons")
	big := 0
	for s, n := range k.Sizes {
		if s >= 6 {
			big += n
		}
	}
	assert.Equal(t, 4532-2357-816-408-227, big)
	assert.Equal(t, 348, bytes.Count(c.Key, []byte("#begin document")))
	assert.Equal(t, 348, bytes.Count(c.Response, []byte("#end document")))
	r := c.ResponseStats
	assert.Equal(t, k.Tokens, r.Tokens)
	assert.Equal(t, k.Sentences, r.Sentences)
	assert.NotEqual(t, k.Mentions, r.Mentions)
}

func TestDeterministic(t *testing.T) {
	a := Generate(Config{Docs: 20, Seed: 5})
	b := Generate(Config{Docs: 20, Seed: 5})
	c := Generate(Config{Docs: 20, Seed: 6})
	assert.Equal(t, a.Key, b.Key)
	assert.Equal(t, a.Response, b.Response)
	assert.NotEqual(t, a.Key, c.Key)
	// 20/348 of the totals.
	assert.Equal(t, 20, a.KeyStats.Docs)
	assert.Equal(t, 9746, a.KeyStats.Tokens)
	assert.Equal(t, 1136, a.KeyStats.Mentions)
	assert.Equal(t, 260, a.KeyStats.Entities)
}

func TestLong(t *testing.T) {
	c := Generate(Config{Docs: 2, Seed: 1, Long: true})
	require.Equal(t, 2, c.KeyStats.Docs)
	assert.GreaterOrEqual(t, c.KeyStats.Mentions, 4000)
	assert.LessOrEqual(t, c.KeyStats.Mentions, 5200)
}

func TestTabs(t *testing.T) {
	c := Generate(Config{Docs: 3, Seed: 1, Tabs: true})
	line := c.Key[bytes.IndexByte(c.Key, '\n')+1:]
	line = line[:bytes.IndexByte(line, '\n')]
	assert.Equal(t, 11, bytes.Count(line, []byte("\t")), "%q", line)
	assert.NotContains(t, string(line), " ")
}
