package eval_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
)

// TestDeltaBreakdownCounted: a breakdown of a one-to-one δ-matching is
// counted by value identity; it must equal the breakdown of the same
// matching written so that it is solved (δ per field), per document and
// per key, on sets and on bags with repeated elements, with keys of
// several kinds.
func TestDeltaBreakdownCounted(t *testing.T) {
	p := compile(t, `
type Ent { start: int, end: int, label: string, n: int }
type Doc { id: string, set: set<Ent>, bag: bag<Ent> }
input Doc
metric set_counted = F<->[set](delta) by label
metric set_solved  = F<->[set](delta[start] * delta[end] * delta[label] * delta[n]) by label
metric bag_counted = F<->[bag](delta) by n
metric bag_solved  = F<->[bag](delta[start] * delta[end] * delta[label] * delta[n]) by n
`)
	type ent struct {
		Start int    `json:"start"`
		End   int    `json:"end"`
		Label string `json:"label"`
		N     int    `json:"n"`
	}
	type doc struct {
		ID  string `json:"id"`
		Set []ent  `json:"set"`
		Bag []ent  `json:"bag"`
	}
	rng := rand.New(rand.NewPCG(5, 6))
	ents := func() []ent {
		out := []ent{}
		for range rng.IntN(12) {
			s := rng.IntN(8)
			out = append(out, ent{s, s + rng.IntN(2), []string{"PER", "LOC", "ORG"}[rng.IntN(3)], rng.IntN(3)})
		}
		return out
	}
	var gold, pred []any
	for i := range 40 {
		g, pr := ents(), ents()
		pr = append(pr, g[:len(g)/2]...) // some matches, some repeats
		gold = append(gold, doc{fmt.Sprint(i), g, g})
		pred = append(pred, doc{fmt.Sprint(i), pr, pr})
	}
	res, err := p.Score(input(t, "g", gold...), input(t, "p", pred...), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	check := func(name string, a, b *corpus.MetricResult) {
		assert.Equal(t, a.Sums.PredGold, b.Sums.PredGold, name)
		assert.Equal(t, a.Sums.PredPred, b.Sums.PredPred, name)
		assert.Equal(t, a.Sums.GoldGold, b.Sums.GoldGold, name)
		require.Equal(t, len(a.By), len(b.By), name)
		for i := range a.By {
			assert.Equal(t, a.By[i].Name, b.By[i].Name, name)
			assert.Equal(t, a.By[i].Sums, b.By[i].Sums, "%s %s", name, a.By[i].Name)
		}
	}
	byName := func(ms []*corpus.MetricResult) map[string]*corpus.MetricResult {
		out := map[string]*corpus.MetricResult{}
		for _, m := range ms {
			out[m.Name] = m
		}
		return out
	}
	all := byName(res.Metrics)
	check("set", all["set_counted"], all["set_solved"])
	check("bag", all["bag_counted"], all["bag_solved"])
	assert.Greater(t, all["bag_counted"].Sums.PredGold, 50.0)
	for _, d := range res.PerDoc {
		m := byName(d.Metrics)
		check("set "+d.ID, m["set_counted"], m["set_solved"])
		check("bag "+d.ID, m["bag_counted"], m["bag_solved"])
	}
}

// TestKeptStringsOwnTheirBytes: what a run keeps of each document (its id
// and its breakdown keys) is a copy, not a slice of the document's JSON,
// which would keep the whole document alive to the end of the run.
func TestKeptStringsOwnTheirBytes(t *testing.T) {
	p := compile(t, `
type Ent { start: int, label: string }
type Doc { id: string, ents: set<Ent> }
input Doc
metric ner = F<->[ents](delta) by label
`)
	var gold, pred []any
	for i := range 5 {
		d := map[string]any{"id": fmt.Sprint("doc", i), "ents": []map[string]any{{"start": 1, "label": "PER"}, {"start": 2, "label": fmt.Sprint("T", i)}}}
		gold, pred = append(gold, d), append(pred, d)
	}
	g, pr := input(t, "g", gold...), input(t, "p", pred...)
	sc, err := p.ScoreDocStreams(document.InputStream(g), document.InputStream(pr), corpus.Options{})
	require.NoError(t, err)
	inside := func(s string) bool {
		for _, in := range []*document.Input{g, pr} {
			for _, d := range in.Docs {
				lo := uintptr(unsafe.Pointer(unsafe.StringData(d.JSON)))
				at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
				if len(s) > 0 && at >= lo && at < lo+uintptr(len(d.JSON)) {
					return true
				}
			}
		}
		return false
	}
	require.Len(t, sc.IDs, 5)
	for d, id := range sc.IDs {
		assert.False(t, inside(id), "id %q", id)
		require.NotEmpty(t, sc.Sums[d][0].By)
		for _, k := range sc.Sums[d][0].By {
			assert.False(t, inside(k.Key), "key %q", k.Key)
		}
	}
}
