package bridge

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"math/big"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// marshalOf writes the JSON documents of a file (an array, or values one
// after another) as marshal.dumps(docs, 4) writes what json.loads makes of
// them, without references. (internal/pymarshal is tested against
// CPython's own bytes; here they only carry documents to the bridge.)
func marshalOf(t *testing.T, text []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var docs []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if list, ok := v.([]any); ok {
			docs = append(docs, list...)
		} else {
			docs = append(docs, v)
		}
	}
	var b []byte
	u32 := func(n int) { b = binary.LittleEndian.AppendUint32(b, uint32(int32(n))) }
	var write func(v any)
	write = func(v any) {
		switch v := v.(type) {
		case nil:
			b = append(b, 'N')
		case bool:
			b = append(b, map[bool]byte{true: 'T', false: 'F'}[v])
		case json.Number:
			if i, err := v.Int64(); err == nil && i == int64(int32(i)) {
				b = append(b, 'i')
				u32(int(i))
			} else if n, ok := new(big.Int).SetString(string(v), 10); ok {
				var digits []uint16
				for m := new(big.Int).Abs(n); m.Sign() > 0; m.Rsh(m, 15) {
					digits = append(digits, uint16(new(big.Int).And(m, big.NewInt(1<<15-1)).Int64()))
				}
				b = append(b, 'l')
				u32(len(digits) * n.Sign())
				for _, d := range digits {
					b = binary.LittleEndian.AppendUint16(b, d)
				}
			} else {
				f, err := v.Float64()
				require.NoError(t, err)
				b = append(b, 'g')
				b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
			}
		case float64: // for tests that need NaN
			b = append(b, 'g')
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		case string:
			b = append(b, 'u')
			u32(len(v))
			b = append(b, v...)
		case []byte:
			b = append(b, 's')
			u32(len(v))
			b = append(b, v...)
		case []any:
			b = append(b, '[')
			u32(len(v))
			for _, x := range v {
				write(x)
			}
		case map[string]any: // keys in sorted order
			b = append(b, '{')
			for _, k := range sortedKeys(v) {
				write(k)
				write(v[k])
			}
			b = append(b, '0')
		default:
			t.Fatalf("no marshal form for %T", v)
		}
	}
	write(docs)
	return b
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// TestMarshalInputs: documents in marshal's format score as the same
// documents in JSON do, in every op that reads documents; a value with no
// JSON form is a data error naming document and path, as the Python
// package's json route names it; a value only Python converts, or an
// unknown version, is an error of type "marshal" naming the blob.
func TestMarshalInputs(t *testing.T) {
	b := New()
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	goldJSON, err := os.ReadFile(corefGold)
	require.NoError(t, err)
	predJSON, err := os.ReadFile(corefPred)
	require.NoError(t, err)
	gold, pred := marshalOf(t, goldJSON), marshalOf(t, predJSON)
	want := cli(t, "coref", metricc.File(corefGold), metricc.File(corefPred), metricc.Options{})

	out := ok(t, b, `{"op": "score", "spec": `+h+`, "gold": {"data": 0, "marshal": 4, "name": "<gold>"}, "pred": {"data": 1, "marshal": 4}}`, gold, pred)
	assert.Equal(t, want, out["result"])

	acc := handle(ok(t, b, `{"op": "accumulator", "spec": `+h+`}`)["accumulator"])
	ok(t, b, `{"op": "update", "accumulator": `+acc+`, "gold": {"data": 0, "marshal": 4}, "pred": {"data": 1, "marshal": 4}}`, gold, pred)
	assert.Equal(t, want, ok(t, b, `{"op": "compute", "accumulator": `+acc+`}`)["result"])

	ex := ok(t, b, `{"op": "explain", "spec": `+h+`, "gold": {"data": 0, "marshal": 4}, "pred": {"data": 1, "marshal": 4}, "doc": "pradhan"}`, gold, pred)
	assert.Contains(t, ex["text"], "pradhan")
	fromPaths := ok(t, b, `{"op": "compare", "spec": `+h+`, "gold": {"path": "`+corefGold+`"}, "pred_a": {"path": "`+corefPred+`"}, "pred_b": {"path": "`+corefPred+`"}, "options": {"bootstrap": 10}}`)
	for _, c := range []struct {
		marshal    string
		gold, pred []byte
	}{{`, "marshal": 4`, gold, pred}, {"", goldJSON, predJSON}} {
		// The gold blob is read for each system.
		cmp := ok(t, b, `{"op": "compare", "spec": `+h+`, "gold": {"data": 0`+c.marshal+`}, "pred_a": {"data": 1`+c.marshal+`}, "pred_b": {"path": "`+corefPred+`"}, "options": {"bootstrap": 10}}`, c.gold, c.pred)
		assert.Equal(t, fromPaths["comparison"], cmp["comparison"])
	}

	// A NaN in the second document, after its id.
	nan := []byte("[\x02\x00\x00\x00" + "{u\x02\x00\x00\x00id" + "u\x01\x00\x00\x00a" + "0" +
		"{u\x02\x00\x00\x00id" + "u\x01\x00\x00\x00b" + "u\x08\x00\x00\x00entities" + "[\x01\x00\x00\x00g")
	nan = append(binary.LittleEndian.AppendUint64(nan, math.Float64bits(math.NaN())), '0')
	e := fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"data": 0, "marshal": 4, "name": "<gold>"}, "pred": {"data": 1}}`, nan, predJSON)
	assert.Equal(t, "data", e["type"])
	assert.Equal(t, []any{map[string]any{"file": "<gold>", "document": "b", "line": nil, "path": "entities.0",
		"message": "nan is not a number JSON can hold (NaN and infinities have no JSON form)",
		"text":    `<gold>: document "b": entities.0: nan is not a number JSON can hold (NaN and infinities have no JSON form)`}}, e["errors"])

	// explain reads the documents up to the one it explains; the rest
	// are converted all the same, and their errors reported.
	e = fail(t, b, `{"op": "explain", "spec": `+h+`, "gold": {"data": 0, "marshal": 4, "name": "<gold>"}, "pred": {"data": 1}, "doc": "a"}`, nan, predJSON)
	assert.Equal(t, "data", e["type"])
	assert.Contains(t, e["message"], `<gold>: document "b": entities.0: nan`)

	withBytes := []byte("[\x01\x00\x00\x00{u\x02\x00\x00\x00id" + "s\x01\x00\x00\x00a" + "0")
	e = fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"data": 1, "marshal": 4}, "pred": {"data": 0, "marshal": 4}}`, withBytes, gold)
	assert.Equal(t, "marshal", e["type"])
	assert.Equal(t, 0.0, e["data"])
	assert.Contains(t, e["message"], "bytes")

	// An update that fails adds nothing: the caller sends it again as JSON.
	acc = handle(ok(t, b, `{"op": "accumulator", "spec": `+h+`}`)["accumulator"])
	e = fail(t, b, `{"op": "update", "accumulator": `+acc+`, "gold": {"data": 0, "marshal": 4}, "pred": {"data": 1, "marshal": 4}}`, gold, append(pred[:len(pred):len(pred)], 'N'))
	assert.Equal(t, "marshal", e["type"])
	assert.Equal(t, 1.0, e["data"])
	ok(t, b, `{"op": "update", "accumulator": `+acc+`, "gold": {"data": 0, "marshal": 4}, "pred": {"data": 1}}`, gold, predJSON)
	assert.Equal(t, want, ok(t, b, `{"op": "compute", "accumulator": `+acc+`}`)["result"])

	e = fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"data": 0, "marshal": 4}, "pred": {"data": 1, "marshal": 5}}`, gold, pred)
	assert.Equal(t, "marshal", e["type"])
	assert.Equal(t, 1.0, e["data"])
	assert.Contains(t, e["message"], "marshal version 5 (the core reads 4)")

	e = fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"data": 0, "marshal": 4}, "pred": {"data": 1, "marshal": 4}}`, gold, []byte("[\x05\x00"))
	assert.Equal(t, "marshal", e["type"])
	assert.Contains(t, e["message"], "not a list in marshal format 4")
}
