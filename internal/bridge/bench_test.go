package bridge

import (
	"testing"

	"github.com/metricc/metricc"
)

// The per-call cost of the bridge on the coreference example (two
// documents), beside the root package's own: what the Python package adds
// in Go (decoding the request, encoding the result). python/benchmarks
// measures the same call from Python.

func BenchmarkScoreExampleRoot(b *testing.B) {
	spec, err := metricc.Load("coref")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := spec.Score(metricc.File(corefGold), metricc.File(corefPred), metricc.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScoreExampleCall(b *testing.B) {
	br := New()
	br.Call([]byte(`{"op": "load", "path": "coref"}`), nil)
	req := []byte(`{"op": "score", "spec": 1, "gold": {"path": "` + corefGold + `"}, "pred": {"path": "` + corefPred + `"}}`)
	for b.Loop() {
		br.Call(req, nil)
	}
}
