package eval_test

import (
	"testing"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
)

const fuzzSpec = `
type Arg  { role: string, filler: int | string | Arg2 }
type Arg2 { x: float, ok: bool }
type Ev   { kind: string = "meta.kind", args: bag<Arg>, seq: seq<int> }
type Doc  { evs: set<Ev>, tags: set<string> }
input Doc
metric evs  = F<->[evs](delta[kind] * F<->[args](delta))
metric tags = F<->[tags](delta)
metric seqs = F<->[evs](S<->[seq](delta))
`

// FuzzScore feeds arbitrary bytes as both the gold and the predicted file.
// Reading and scoring must never panic (a malformed file is an error), and
// a file that reads scores itself perfectly.
func FuzzScore(f *testing.F) {
	for _, seed := range []string{
		`{"evs": [], "tags": []}`,
		`[{"evs": [{"meta": {"kind": "a"}, "args": [{"role": "r", "filler": 1}, {"role": "s", "filler": {"x": 1.5, "ok": true}}], "seq": [1, 2]}], "tags": ["t", "t"]}]`,
		"{\"evs\": [], \"tags\": [\"\\u00e9\\ud83d\\ude00\", \"a\\\"b\"]}\n{\"evs\": [], \"tags\": []}",
		`{"evs": [{"meta": {"kind": 3}, "args": [], "seq": []}], "tags": []}`,
		`{"evs": [{"meta": {}, "args": [], "seq": [1e400]}], "tags": []}`,
		`{"tags": [], "evs": [{"args": [{"role": "r", "filler": [1]}], "meta": {"kind": "k"}, "seq": [-0, 0.0]}]}`,
		`[1, 2`,
		`{"evs": [{"meta": {"kind": "a"}, "args": [{"role": "r", "filler": 1, "role": "dup"}], "seq": []}], "tags": [], "extra": {"a": [null, true]}}`,
	} {
		f.Add([]byte(seed))
	}
	p := compile(f, fuzzSpec)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := document.ParseJSON("f.json", data, "auto")
		if err != nil {
			return
		}
		res, err := p.Score(in, in, corpus.Options{Workers: 1})
		if err != nil {
			return
		}
		for _, m := range res.Metrics {
			if m.Sums.PredGold != m.Sums.PredPred || m.Sums.PredGold != m.Sums.GoldGold {
				t.Fatalf("%s: a document does not score itself perfectly: %+v", m.Name, m.Sums)
			}
		}
	})
}
