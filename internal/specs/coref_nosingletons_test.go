package specs_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCorefNoSingletons checks coref-nosingletons.metric (the view
// minsize(entities, 2)) against the raw counts coval computes with
// remove_singletons on the official cases, recorded by
// testdata/coref/coval_nosingletons.py.
func TestCorefNoSingletons(t *testing.T) {
	p := load(t, "coref-nosingletons")
	data, err := os.ReadFile("../../testdata/coref/coval-nosingletons.json")
	require.NoError(t, err)
	var fixture struct {
		Cases []struct {
			ID           string
			KeyFile      string `json:"key_file"`
			ResponseFile string `json:"response_file"`
			Coval        map[string]rawCounts
		}
	}
	require.NoError(t, json.Unmarshal(data, &fixture))
	require.Len(t, fixture.Cases, 33)
	n := 0
	for _, c := range fixture.Cases {
		got := scoreConll(t, p, c.KeyFile, c.ResponseFile)
		for metric, want := range c.Coval {
			checkCounts(t, c.ID, metric, got[metric], want)
			n++
		}
	}
	require.Equal(t, 33*4, n)
}
