package specs_test

import (
	"math"
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRankingSpec: two queries, both ranked A B C D E; q1's relevant
// items are A, C and F, q2's the same with grades 3, 2 and 1 (B judged 0).
// Each metric is its value on every side, and the corpus value the mean
// over the queries, as trec_eval's summary line.
func TestRankingSpec(t *testing.T) {
	gold := jsonlSource("gold.jsonl", []byte(`{"id": "q1", "ranking": ["A", "C", "F"]}
{"id": "q2", "ranking": {"A": 3, "C": 2, "F": 1, "B": 0}}
`))
	pred := jsonlSource("pred.jsonl", []byte(`{"id": "q2", "ranking": ["A", "B", "C", "D", "E"]}
{"id": "q1", "ranking": ["A", "B", "C", "D", "E"]}
`))
	res, err := load(t, "ranking").Score(gold, pred, metricc.Options{Workers: 1})
	require.NoError(t, err)
	binary := (1 + 1/math.Log2(4)) / (1 + 1/math.Log2(3) + 1/math.Log2(4))
	graded := (3 + 2/math.Log2(4)) / (3 + 2/math.Log2(3) + 1/math.Log2(4))
	want := map[string]float64{
		"p5": 0.4, "p10": 0.2, "r10": 2.0 / 3, "r100": 2.0 / 3,
		"map": 5.0 / 9, "ndcg10": (binary + graded) / 2,
	}
	for _, m := range res.Metrics {
		if m.Name == "hits10" {
			// metametric: P@10 = 2 / min(10, 5), R@10 = 2 / min(10, 3).
			assert.InDelta(t, 0.4, m.Precision, 1e-12)
			assert.InDelta(t, 2.0/3, m.Recall, 1e-12)
			continue
		}
		w, ok := want[m.Name]
		require.True(t, ok, m.Name)
		assert.InDelta(t, w, m.Precision, 1e-12, m.Name)
		assert.InDelta(t, w, m.Recall, 1e-12, m.Name)
	}
}
