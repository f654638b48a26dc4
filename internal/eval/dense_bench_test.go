package eval_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
)

// denseSpec is NER partial matching: entities of one label whose token
// sets overlap score their Jaccard index.
const denseSpec = `type Ent { label: string, tokens: set<int> }
type Doc { id: string, ents: set<Ent> }
input Doc
metric partial = F<->[ents](delta[label] * J<->[tokens](delta))
`

// denseDoc is one document of n entities of one label, entity i covering
// tokens shift+i .. shift+i+2: each overlaps four others of the other
// side, all n share the label.
func denseDoc(n, shift int) []byte {
	type ent struct {
		Label  string `json:"label"`
		Tokens []int  `json:"tokens"`
	}
	ents := make([]ent, n)
	for i := range ents {
		ents[i] = ent{"PER", []int{i + shift, i + shift + 1, i + shift + 2}}
	}
	data, err := json.Marshal(map[string]any{"id": "d", "ents": ents})
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkDensePartial scores the dense document against itself shifted
// by one token: blocking on (label, token) and the sparse assignment keep
// it near-linear in n (blocking on the label alone with a dense solver
// would be quadratic in time and memory).
func BenchmarkDensePartial(b *testing.B) {
	p := compile(b, denseSpec)
	for _, n := range []int{5_000, 50_000} {
		gold, pred := densePair(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Score(gold, pred, corpus.Options{Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// densePair is the gold and predicted dense documents of n entities.
func densePair(tb testing.TB, n int) (gold, pred *document.Input) {
	gold, err := document.ParseJSON("g.json", denseDoc(n, 0), "json")
	if err != nil {
		tb.Fatal(err)
	}
	pred, err = document.ParseJSON("p.json", denseDoc(n, 1), "json")
	if err != nil {
		tb.Fatal(err)
	}
	return gold, pred
}

// TestDensePartial checks the dense document's score against its closed
// form: pred entity i (tokens i+1..i+3) pairs with the identical gold
// entity i+1 for i < n-1, Σ = n-1 (pairing the last with gold n-1, J =
// 2/4, would cost gold n-1's J = 1 with pred n-2); gold 0 and pred n-1
// are left. F = Σ / n on both sides.
func TestDensePartial(t *testing.T) {
	p := compile(t, denseSpec)
	const n = 3000
	gold, pred := densePair(t, n)
	res, err := p.Score(gold, pred, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := float64(n-1) / n
	if got := res.Metrics[0].F1; got < want-1e-12 || got > want+1e-12 {
		t.Fatalf("F1 = %v, want %v", got, want)
	}
}
