package eval_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBreakdownAgainstSeqeval: the entities seqeval extracts from 30
// random BIO documents (testdata/ner/record_seqeval.py), scored with `by
// label`, give exactly seqeval's per-type and overall precision, recall
// and F1, and its support as the gold count.
func TestBreakdownAgainstSeqeval(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ner/seqeval-by.json")
	require.NoError(t, err)
	type ent struct {
		Start int    `json:"start"`
		End   int    `json:"end"`
		Label string `json:"label"`
	}
	var fixture struct {
		Docs []struct {
			ID   string `json:"id"`
			Gold []ent  `json:"gold"`
			Pred []ent  `json:"pred"`
		}
		By map[string]struct {
			Precision, Recall, F1 float64
			Support               float64
		}
		Micro struct{ Precision, Recall, F1 float64 }
	}
	require.NoError(t, json.Unmarshal(data, &fixture))
	type doc struct {
		ID       string `json:"id"`
		Entities []ent  `json:"entities"`
	}
	var gold, pred []any
	for _, d := range fixture.Docs {
		gold = append(gold, doc{d.ID, append([]ent{}, d.Gold...)})
		pred = append(pred, doc{d.ID, append([]ent{}, d.Pred...)})
	}
	p := compile(t, `
type Entity { start: int, end: int, label: string }
type Doc { id: string, entities: set<Entity> }
input Doc
metric ner = F<->[entities](delta) by label
`)
	res, err := p.Score(input(t, "g", gold...), input(t, "p", pred...), corpus.Options{})
	require.NoError(t, err)
	m := res.Metrics[0]
	assert.InDelta(t, fixture.Micro.Precision, m.Precision, 1e-12)
	assert.InDelta(t, fixture.Micro.Recall, m.Recall, 1e-12)
	assert.InDelta(t, fixture.Micro.F1, m.F1, 1e-12)
	require.Len(t, m.By, len(fixture.By))
	for _, row := range m.By {
		want, ok := fixture.By[row.Name]
		require.True(t, ok, row.Name)
		assert.InDelta(t, want.Precision, row.Precision, 1e-12, row.Name)
		assert.InDelta(t, want.Recall, row.Recall, 1e-12, row.Name)
		assert.InDelta(t, want.F1, row.F1, 1e-12, row.Name)
		assert.Equal(t, want.Support, row.Sums.GoldGold, row.Name)
	}
}
