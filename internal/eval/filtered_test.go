package eval_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
)

// TestFilteredFromParent: a matching over filtered collections (`where`)
// scores the same whether the spec also matches their parents by the same
// similarity (its candidate and positive pairs are then the parents',
// restricted) or not (they are found from the filtered collections), with
// and without align and ignore, on documents large enough to block.
func TestFilteredFromParent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	item := func() map[string]any {
		s := []int{}
		start := rng.IntN(20)
		for i := range 1 + rng.IntN(5) {
			s = append(s, start+i)
		}
		return map[string]any{"a": rng.IntN(3), "b": rng.IntN(2), "s": s}
	}
	doc := func(id string) map[string]any {
		items := []map[string]any{}
		for range rng.IntN(14) {
			items = append(items, item())
		}
		return map[string]any{"id": id, "items": items}
	}
	var gold, pred []any
	for i := range 40 {
		id := fmt.Sprint(i)
		gold, pred = append(gold, doc(id)), append(pred, doc(id))
	}
	g, p := input(t, "g", gold...), input(t, "p", pred...)
	const types = "type Item { a: int, b: int, s: set<int> }\ntype Doc { id: string, items: bag<Item> }\ninput Doc\n"
	for _, body := range []string{
		"F<->[%s](F<->[s](delta))",
		"F<->[%s](delta[a], align = F<->[s](delta))",
		"F<->[%s]([[ F<->[s](delta) >= 0.5 ]], align = F<->[s](delta) * [[ F<->[s](delta) >= 0.5 ]])",
		"F<->[%s](delta[a], align = F<->[s](delta), ignore = b == 0)",
		"S->[%s](F<->[s](delta), align = J<->[s](delta))",
		"F<->[%s](delta[s])",
		"F<->[%s](delta[a] * F<->[s](delta))",
	} {
		for _, cond := range []string{"b == 1", "a != 2"} {
			sub := fmt.Sprintf(body, "items where "+cond)
			alone := compile(t, types+"metric sub = "+sub+"\n")
			want, err := alone.Score(g, p, corpus.Options{PerDoc: true})
			require.NoError(t, err, sub)
			both := compile(t, types+"metric all = "+fmt.Sprintf(body, "items")+"\nmetric sub = "+sub+"\n")
			got, err := both.Score(g, p, corpus.Options{PerDoc: true})
			require.NoError(t, err, sub)
			require.Len(t, got.Metrics, 2)
			assert.Equal(t, want.Metrics[0].Value, got.Metrics[1].Value, sub)
			assert.Equal(t, want.Metrics[0].Sums, got.Metrics[1].Sums, sub)
			for d := range want.PerDoc {
				assert.Equal(t, want.PerDoc[d].Metrics[0], got.PerDoc[d].Metrics[1], "%s, document %d", sub, d)
			}
		}
	}
}
