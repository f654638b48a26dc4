package bridge

import (
	"os"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// What the playground asks beyond the Python package: the format "auto"
// reads, the defaults of the search limits and the progress of a run.

func TestDetectFormat(t *testing.T) {
	b := New()
	key, err := os.ReadFile("../../testdata/coref/official/TC-C.key")
	require.NoError(t, err)
	for _, c := range []struct{ text, want string }{
		{string(key), "conll2012"},
		{`[{"id": "d1"}]`, "json"},
		{"(w / want-01 :ARG0 (b / boy))\n", "penman"},
		{"The boy wants to go.\n", ""},
	} {
		assert.Equal(t, c.want, ok(t, b, `{"op": "detect_format", "text": `+jsonString(c.text)+`}`)["format"], c.text)
	}
	assert.Equal(t, "request", fail(t, b, `{"op": "detect_format"}`)["type"])
}

func TestDefaults(t *testing.T) {
	out := ok(t, New(), `{"op": "defaults"}`)["options"].(map[string]any)
	assert.Equal(t, float64(metricc.DefaultSearchWork), out["search_work"])
	assert.Equal(t, float64(metricc.DefaultSearchPairs), out["search_pairs"])
	assert.Equal(t, float64(0), out["search_nodes"])
	assert.Equal(t, float64(0), out["search_time"])
}

// OnRun sees each score request's document counter, which counts every
// pair by the end.
func TestOnRun(t *testing.T) {
	b := New()
	var started, ended atomic.Int32
	var done, unproven int
	b.OnRun = func(p *metricc.Progress) func() {
		started.Add(1)
		return func() {
			ended.Add(1)
			done, unproven = p.Counts()
		}
	}
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	ok(t, b, `{"op": "score", "spec": `+h+`, "gold": {"path": "`+corefGold+`"}, "pred": {"path": "`+corefPred+`"}}`)
	assert.Equal(t, int32(1), started.Load())
	assert.Equal(t, int32(1), ended.Load())
	assert.Equal(t, [2]int{2, 0}, [2]int{done, unproven})
	// A failing run ends too.
	fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"text": "[]"}, "pred": {"path": "`+corefPred+`"}}`)
	assert.Equal(t, int32(2), ended.Load())
	// The other requests do not run it.
	ok(t, b, `{"op": "explain", "spec": `+h+`, "gold": {"path": "`+corefGold+`"}, "pred": {"path": "`+corefPred+`"}, "doc": "pradhan"}`)
	assert.Equal(t, int32(2), started.Load())
}
