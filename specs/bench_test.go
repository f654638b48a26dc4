package specs_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/eval"
)

// corefCorpus generates gold and predicted coreference documents at the
// scale of the CoNLL-2012 test set: 348 documents of ~57 mentions in ~13
// entities (sizes 2/3/4/5 = 52/18/9/5%, the rest larger), and a prediction
// derived by dropping, adding, moving and re-splitting mentions.
func corefCorpus(docs, mentionsPerDoc int, seed uint64) (gold, pred []byte) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	type mention struct {
		Left  int `json:"left"`
		Right int `json:"right"`
	}
	type entity struct {
		Mentions []mention `json:"mentions"`
	}
	type doc struct {
		ID       string   `json:"id"`
		Entities []entity `json:"entities"`
	}
	size := func() int {
		switch r := rng.Float64(); {
		case r < 0.52:
			return 2
		case r < 0.70:
			return 3
		case r < 0.79:
			return 4
		case r < 0.84:
			return 5
		default:
			return 6 + rng.IntN(20)
		}
	}
	var gs, ps []doc
	for d := range docs {
		g := doc{ID: fmt.Sprintf("doc%03d", d)}
		p := doc{ID: g.ID}
		used := map[int]bool{}
		next := func() mention {
			for {
				start := rng.IntN(mentionsPerDoc * 9)
				if !used[start] {
					used[start] = true
					return mention{start, start + rng.IntN(4)}
				}
			}
		}
		for n := 0; n < mentionsPerDoc; {
			e := entity{}
			for range size() {
				e.Mentions = append(e.Mentions, next())
				n++
			}
			g.Entities = append(g.Entities, e)
			// The prediction: drop 10% of mentions, shift 5%, add 10%
			// spurious ones, and split 15% of entities in two.
			var pe, split entity
			for _, m := range e.Mentions {
				switch r := rng.Float64(); {
				case r < 0.10:
					continue
				case r < 0.15:
					m.Right++
				}
				if rng.Float64() < 0.15 {
					split.Mentions = append(split.Mentions, m)
				} else {
					pe.Mentions = append(pe.Mentions, m)
				}
			}
			if rng.Float64() < 0.10 {
				pe.Mentions = append(pe.Mentions, next())
			}
			for _, x := range []entity{pe, split} {
				if len(x.Mentions) > 0 {
					p.Entities = append(p.Entities, x)
				}
			}
		}
		gs = append(gs, g)
		ps = append(ps, p)
	}
	gold, _ = json.Marshal(gs)
	pred, _ = json.Marshal(ps)
	return gold, pred
}

// BenchmarkCorefCorpus scores every metric of coref.metric on a corpus of
// CoNLL-2012 test scale (decoding included), on one worker.
func BenchmarkCorefCorpus(b *testing.B) {
	benchCoref(b, 348, 57)
}

// BenchmarkCorefLongDocs scores 40 documents of 2,000 mentions each.
func BenchmarkCorefLongDocs(b *testing.B) {
	benchCoref(b, 40, 2000)
}

func benchCoref(b *testing.B, docs, mentions int) {
	p := plan(b, "coref")
	goldData, predData := corefCorpus(docs, mentions, 1)
	gold, err := eval.ParseJSON("gold", goldData, "json")
	require.NoError(b, err)
	pred, err := eval.ParseJSON("pred", predData, "json")
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_, err := p.Score(gold, pred, eval.Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
}
