package nergen

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestGenerate: the default corpus has the training set's scale, and the
// prediction has the gold's lines.
func TestGenerate(t *testing.T) {
	c := Generate(Config{Seed: 1})
	assert.InDelta(t, 204000, c.Tokens, 20000)
	assert.Equal(t, bytes.Count(c.Gold, []byte("\n")), bytes.Count(c.Pred, []byte("\n")))
	assert.Equal(t, 946, bytes.Count(c.Gold, []byte("-DOCSTART-")))
	ents := bytes.Count(c.Gold, []byte(" B-"))
	assert.InDelta(t, 23500, ents, 5000)
	assert.Equal(t, c, Generate(Config{Seed: 1}))
}
