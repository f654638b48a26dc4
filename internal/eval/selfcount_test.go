package eval_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/eval"
)

// TestSelfSumsCounted: the self-sums the evaluator counts (a similarity
// that is 1 on equal values and at most 1 makes Σ(X,X) = |X|) equal those
// the solver finds, for every constraint, with and without align, on
// random documents with repeated values.
func TestSelfSumsCounted(t *testing.T) {
	elems := []string{
		"delta", "delta[a]", "delta[a] * delta[b]", "max(delta[a], 0.5 * delta[b])",
		"[[ F<->[s](delta) == 1 ]]", "subset[s]", "F<->[s](delta)", "J<->[s](delta) * delta[a]",
		"max(delta, [[ S<->[s](delta) >= F<->[s](delta) ]] * delta[b])", "min(1, S<->[s](delta))",
		"0.5 * delta", "S<->[s](delta)", "delta[a] + delta[b]",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	item := func() map[string]any {
		s := []int{}
		for range rng.IntN(3) {
			s = append(s, rng.IntN(3))
		}
		return map[string]any{"a": rng.IntN(3), "b": rng.IntN(2), "s": s}
	}
	doc := func(id string) map[string]any {
		items := []map[string]any{}
		for range rng.IntN(6) {
			items = append(items, item())
		}
		return map[string]any{"id": id, "items": items, "seq": items}
	}
	var gold, pred []any
	for i := range 30 {
		id := fmt.Sprint(i)
		gold, pred = append(gold, doc(id)), append(pred, doc(id))
	}
	g, p := input(t, "g", gold...), input(t, "p", pred...)
	for _, e := range elems {
		for _, m := range []string{"<->", "->", "<-", "~"} {
			for _, coll := range []string{"items", "seq"} {
				for _, align := range []string{"", ", align = delta[a]"} {
					if coll == "seq" && m != "<->" {
						continue
					}
					spec := fmt.Sprintf("type Item { a: int, b: int, s: set<int> }\ntype Doc { id: string, items: bag<Item>, seq: seq<Item> }\ninput Doc\nmetric x = F%s[%s](%s%s)\n", m, coll, e, align)
					name := fmt.Sprintf("F%s[%s](%s%s)", m, coll, e, align)
					pl := compile(t, spec)
					counted, err := pl.Score(g, p, corpus.Options{PerDoc: true})
					require.NoError(t, err, name)
					was := eval.SetCountSelfSums(false)
					solved, err := pl.Score(g, p, corpus.Options{PerDoc: true})
					eval.SetCountSelfSums(was)
					require.NoError(t, err, name)
					assert.Equal(t, solved, counted, name)
				}
			}
		}
	}
}
