package specs_test

import (
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTemplatesSpec scores testdata/templates with templates.metric,
// against the hand computation of testdata/templates/README.md.
func TestTemplatesSpec(t *testing.T) {
	res := scoreTask(t, "templates", metricc.Options{})
	sums := func(r *metricc.MetricResult) [3]float64 {
		return [3]float64{r.Sums.PredGold, r.Sums.PredPred, r.Sums.GoldGold}
	}
	want := map[string]map[string][3]float64{
		// attack for bombing: half credit, times the 3 string fills that
		// match (the set fill does not): 1.5 of 4 and 4 fillers.
		"muc4-a": {"muc4": {1.5, 4, 4}, "better_type": {0, 1, 1}, "better_slots": {0, 4, 4}},
		// A perfect template without a gate slot is never aligned, and
		// its fillers still count in both denominators (Σ(X,X) under
		// align is the identity).
		"muc4-gate": {"muc4": {0, 2, 2}, "better_type": {1, 1, 1}, "better_slots": {2, 2, 2}},
		// bombing–bombing 1, attack–kidnapping 1/2.
		"muc4-two": {"muc4": {1.5, 2, 2}, "better_type": {1, 2, 2}, "better_slots": {1, 2, 2}},
	}
	for _, d := range res.PerDoc {
		for _, m := range d.Metrics {
			if w, ok := want[d.ID][m.Name]; ok {
				assert.Equal(t, w, sums(m), "%s %s", d.ID, m.Name)
			}
		}
	}
	corpus := map[string]*metricc.MetricResult{}
	for _, m := range res.Metrics {
		corpus[m.Name] = m
	}
	require.Len(t, corpus, 4)
	assert.Equal(t, [3]float64{3, 8, 8}, sums(corpus["muc4"]))
	assert.Equal(t, [3]float64{2, 4, 4}, sums(corpus["better_type"]))
	assert.Equal(t, [3]float64{3, 8, 8}, sums(corpus["better_slots"]))
	// Eq. 50: 0.5 × 0.375.
	assert.InDelta(t, 0.1875, corpus["granular"].Value, 1e-15)
}
