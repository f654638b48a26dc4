package playground

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/bridge"
)

// The view of a score response of the bridge: the table of its result,
// and the result as the JSON output, indented.
func TestViewOf(t *testing.T) {
	b := bridge.New()
	src, _ := metricc.ShippedSource("coref")
	gold, err := os.ReadFile("../../../testdata/coref/example-gold.json")
	require.NoError(t, err)
	pred, err := os.ReadFile("../../../testdata/coref/example-pred.jsonl")
	require.NoError(t, err)
	var compiled struct{ Spec int }
	require.NoError(t, json.Unmarshal(b.Call([]byte(`{"op": "compile", "name": "coref.metric", "source": `+quote(src)+`}`), nil), &compiled))
	resp := b.Call([]byte(`{"op": "score", "spec": `+itoa(compiled.Spec)+`, "gold": {"data": 0, "name": "gold.json"}, "pred": {"data": 1, "name": "pred.jsonl"}, "options": {"per_doc": true}}`), [][]byte{gold, pred})
	v, err := ViewOf(resp)
	require.NoError(t, err)
	require.NotNil(t, v)

	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	res, err := spec.Score(metricc.Reader("gold.json", bytes.NewReader(gold), "auto"), metricc.Reader("pred.jsonl", bytes.NewReader(pred), "auto"), metricc.Options{PerDoc: true})
	require.NoError(t, err)
	var want bytes.Buffer
	require.NoError(t, res.WriteJSON(&want))
	wantTable, err := TableOf(want.Bytes())
	require.NoError(t, err)
	assert.Equal(t, wantTable, v.Table)
	assert.JSONEq(t, want.String(), v.JSON)
	assert.Contains(t, v.JSON, "\n \"metrics\": {\n  \"mentions\": {\n   \"precision\": 0.75,")

	// An error response has no view.
	v, err = ViewOf(b.Call([]byte(`{"op": "score", "spec": `+itoa(compiled.Spec)+`, "gold": {"text": "[]"}, "pred": {"data": 0}}`), [][]byte{pred}))
	assert.NoError(t, err)
	assert.Nil(t, v)
	_, err = ViewOf([]byte("not json"))
	assert.Error(t, err)
}

func quote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

func itoa(n int) string {
	data, _ := json.Marshal(n)
	return string(data)
}
