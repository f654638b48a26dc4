package conll16gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGenerate: the same seed gives the same corpus, and the corpus keeps
// the promises that make the official scorers agree with the definition.
func TestGenerate(t *testing.T) {
	c := Generate(Config{Docs: 30, Seed: 7})
	assert.Equal(t, c, Generate(Config{Docs: 30, Seed: 7}))
	assert.NotEqual(t, c.Gold, Generate(Config{Docs: 30, Seed: 8}).Gold)

	type rel struct {
		DocID            string
		Sense            []string
		Type             string
		Arg1, Arg2, Conn []int
	}
	read := func(data []byte, gold bool) []rel {
		var out []rel
		for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			var raw map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(line, &raw))
			r := rel{}
			require.NoError(t, json.Unmarshal(raw["DocID"], &r.DocID))
			require.NoError(t, json.Unmarshal(raw["Sense"], &r.Sense))
			require.NoError(t, json.Unmarshal(raw["Type"], &r.Type))
			for key, dst := range map[string]*[]int{"Arg1": &r.Arg1, "Arg2": &r.Arg2, "Connective": &r.Conn} {
				var span struct{ TokenList json.RawMessage }
				require.NoError(t, json.Unmarshal(raw[key], &span))
				if gold {
					var addrs [][5]int
					require.NoError(t, json.Unmarshal(span.TokenList, &addrs))
					for _, a := range addrs {
						*dst = append(*dst, a[2])
					}
				} else {
					require.NoError(t, json.Unmarshal(span.TokenList, dst))
				}
			}
			out = append(out, r)
		}
		return out
	}
	gold, pred := read(c.Gold, true), read(c.Pred, false)
	assert.Len(t, gold, c.GoldRelations)
	assert.Len(t, pred, c.Relations)
	firsts := map[string]bool{}
	seen := map[string]bool{}
	for _, r := range gold {
		firsts[r.Sense[0]] = true
		for k, arg := range [][]int{r.Arg1, r.Arg2} {
			assert.Greater(t, len(arg), 1, "no one-token argument")
			assert.True(t, slices.IsSorted(arg))
			key := fmt.Sprint(r.DocID, k, arg)
			assert.False(t, seen[key], "gold relations of a document share no argument: %s", key)
			seen[key] = true
		}
	}
	seen = map[string]bool{}
	for _, r := range pred {
		assert.True(t, firsts[r.Sense[0]], "a predicted sense is some gold relation's first sense: %s", r.Sense[0])
		assert.Len(t, r.Sense, 1)
		assert.True(t, slices.IsSorted(r.Arg1) && slices.IsSorted(r.Arg2))
		key := fmt.Sprint(r.DocID, r.Arg1, r.Arg2)
		assert.False(t, seen[key], "no two predictions share their arguments: %s", key)
		seen[key] = true
	}
}
