package specs_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/grammar"
	"github.com/metricc/metricc/internal/specs"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// TestElementOrder shuffles every set and bag of the test documents of
// each shipped spec (as the spec's types say which arrays those are) and
// checks that every document's sums are unchanged: a metric never depends
// on the order of the elements of a set or a bag in the JSON.
func TestElementOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	files := map[string][2]string{
		"relation": {"relation/gold.json", "relation/pred.json"}, "dependency": {"dependency/gold.json", "dependency/pred.json"},
		"event": {"event/gold.json", "event/pred.json"}, "ree": {"ree/gold.json", "ree/pred.json"},
		"scirex": {"scirex/gold.json", "scirex/pred.json"}, "templates": {"templates/gold.json", "templates/pred.json"},
		"coref":   {"coref/example-gold.json", "coref/example-pred.jsonl"},
		"conll16": {"conll16/tutorial/en-trial.relations.json", "conll16/tutorial/output.json"},
	}
	for name, f := range files {
		t.Run(name, func(t *testing.T) {
			p := load(t, name)
			input := inputType(t, name)
			read := func(path string, shuffle bool) metricc.Source {
				path = filepath.Join("..", "..", "testdata", path)
				if !shuffle {
					return metricc.File(path)
				}
				in, err := adapter.Read(path, adapter.Auto)
				require.NoError(t, err)
				var docs []any
				for _, d := range in.Docs {
					var v any
					require.NoError(t, json.Unmarshal([]byte(d.JSON), &v))
					docs = append(docs, shuffleValue(rng, v, input))
				}
				return metricc.Values(path, docs...)
			}
			want, err := p.Score(read(f[0], false), read(f[1], false), metricc.Options{PerDoc: true, AllowMissing: true})
			require.NoError(t, err)
			for round := range 5 {
				got, err := p.Score(read(f[0], true), read(f[1], true), metricc.Options{PerDoc: true, AllowMissing: true})
				require.NoError(t, err)
				for d := range want.PerDoc {
					for m, w := range want.PerDoc[d].Metrics {
						g := got.PerDoc[d].Metrics[m]
						for _, pair := range [][2]float64{{w.Sums.PredGold, g.Sums.PredGold}, {w.Sums.PredPred, g.Sums.PredPred},
							{w.Sums.GoldGold, g.Sums.GoldGold}, {w.Sums.PredGoldRecall, g.Sums.PredGoldRecall}, {w.Value, g.Value}} {
							require.LessOrEqual(t, math.Abs(pair[0]-pair[1]), 1e-12*math.Max(1, math.Abs(pair[0])),
								"round %d %s %s: %v vs %v", round, want.PerDoc[d].ID, w.Name, w.Sums, g.Sums)
						}
					}
				}
			}
		})
	}
}

// inputType is the input type of a shipped spec: which arrays of its
// documents are sets or bags (shuffled) and which are sequences. The
// checker alone knows it, so it is read from there; every score goes
// through the root package.
func inputType(t *testing.T, name string) *types.Record {
	t.Helper()
	text, ok := specs.Lookup(name)
	require.True(t, ok, name)
	f, errs := grammar.Parse(name+".metric", text)
	require.Nil(t, errs)
	prog, errs := typecheck.Config{ReadFile: specs.ReadFile}.Check(f)
	require.Nil(t, errs)
	require.NotNil(t, prog.Input, name)
	return prog.Input
}

// shuffleValue permutes the elements of every set and bag in v, a JSON
// value of type t.
func shuffleValue(rng *rand.Rand, v any, t types.Type) any {
	switch t := t.(type) {
	case *types.Record:
		obj, ok := v.(map[string]any)
		if !ok {
			return v
		}
		for _, f := range t.Fields {
			if f.Bound {
				continue // read through a gjson path: left as it is
			}
			if fv, ok := obj[f.Name]; ok {
				obj[f.Name] = shuffleValue(rng, fv, f.Type)
			}
		}
		return obj
	case *types.Collection:
		arr, ok := v.([]any)
		if !ok {
			return v
		}
		for i := range arr {
			arr[i] = shuffleValue(rng, arr[i], t.Elem)
		}
		if t.Kind != types.Seq {
			rng.Shuffle(len(arr), func(i, j int) { arr[i], arr[j] = arr[j], arr[i] })
		}
		return arr
	case *types.Union:
		for _, alt := range t.Alts {
			switch alt.(type) {
			case *types.Collection:
				if _, ok := v.([]any); ok {
					return shuffleValue(rng, v, alt)
				}
			case *types.Record:
				if _, ok := v.(map[string]any); ok {
					return shuffleValue(rng, v, alt)
				}
			}
		}
	}
	return v
}
