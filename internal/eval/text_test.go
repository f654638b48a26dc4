package eval_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
)

// TestPartAt names the first sentence where a prediction parts from its
// gold: one of another length, or one that the other side lacks.
func TestPartAt(t *testing.T) {
	g := []document.Sentence{{Tokens: 1, Line: 1}, {Tokens: 9, Line: 3}, {Tokens: 2, Line: 13}}
	assert.Equal(t, "; the files part at its sentence 2: 9 tokens from g.txt:3, 8 from p.txt:3",
		eval.PartAt(g, []document.Sentence{{Tokens: 1, Line: 1}, {Tokens: 8, Line: 3}, {Tokens: 2, Line: 12}}, "g.txt", "p.txt"))
	assert.Equal(t, "; the files part at its sentence 3: g.txt:13 starts one of 2 tokens, the prediction has no more sentences",
		eval.PartAt(g, g[:2], "g.txt", "p.txt"))
	assert.Equal(t, "; the files part at its sentence 3: p.txt:13 starts one of 2 tokens, the gold has no more sentences",
		eval.PartAt(g[:2], g, "g.txt", "p.txt"))
	assert.Equal(t, "", eval.PartAt(g, g, "g.txt", "p.txt"))
}
