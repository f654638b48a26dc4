package schemagen_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

var update = flag.Bool("update", false, "rewrite the golden specs")

// specFor generates the spec of testdata/NAME.schema.json (a schema
// Pydantic emitted: pydantic_schemas.py), compares it with its golden
// file, and compiles it.
func specFor(t *testing.T, name string) *metricc.Spec {
	t.Helper()
	schema, err := os.ReadFile(filepath.Join("testdata", name+".schema.json"))
	require.NoError(t, err)
	text, err := metricc.SpecFromJSONSchema(schema, name+".schema.json")
	require.NoError(t, err)
	golden := filepath.Join("testdata", name+".metric.golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, []byte(text), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), text)
	spec, err := metricc.Compile(name+".metric", text)
	require.NoError(t, err)
	return spec
}

func scoreFiles(t *testing.T, spec *metricc.Spec, name string) map[string]*metricc.MetricResult {
	t.Helper()
	res, err := spec.Score(metricc.File(filepath.Join("testdata", name+"-gold.jsonl")), metricc.File(filepath.Join("testdata", name+"-pred.jsonl")), metricc.Options{})
	require.NoError(t, err)
	out := map[string]*metricc.MetricResult{}
	for _, m := range res.Metrics {
		out[m.Name] = m
	}
	return out
}

func TestMathReasoning(t *testing.T) {
	specFor(t, "mathreasoning")
}

// TestInvoice: two invoices, the first with a vendor in other case and
// punctuation, a wrong currency, a longer street, a missed and an extra
// line item, an extra tag and no notes; the second right but for the case
// of its notes.
func TestInvoice(t *testing.T) {
	m := scoreFiles(t, specFor(t, "invoice"), "invoice")
	prf := func(name string, p, r, f float64) {
		t.Helper()
		assert.InDelta(t, p, m[name].Precision, 1e-12, name)
		assert.InDelta(t, r, m[name].Recall, 1e-12, name)
		assert.InDelta(t, f, m[name].F1, 1e-12, name)
	}
	// "acme corp." against "acme corp": 1 edit in 10.
	prf("vendor", (0.9+1)/2, (0.9+1)/2, (0.9+1)/2)
	prf("currency", 0.5, 0.5, 0.5)
	// "1 main street" against "1 main st": 4 edits in 13.
	prf("billing_address_street", (9.0/13+1)/2, (9.0/13+1)/2, (9.0/13+1)/2)
	prf("total", 1, 1, 1) // 99.0 reads as 99
	// Items of invoice 1: Nut matches Nut (1), Bolts matches Bolt
	// ((0.8 + 0 + 1) / 3: "bolts" is 1 edit from "bolt" in 5, the
	// quantity differs, the price is right), Washer is extra; invoice 2's
	// one item is right. Σ(X,Y) = 2.6, Σ(X,X) = 4, Σ(Y,Y) = 3.
	prf("items", 2.6/4, 2.6/3, 2*2.6/7)
	prf("tags", 0.5, 1, 2.0/3)
	// No notes against null, and "net 30" against "Net 30".
	prf("notes", 1, 1, 1)
	fields := 0.0
	for name, r := range m {
		if name != "fields" {
			fields += r.F1 / 13
		}
	}
	assert.InDelta(t, fields, m["fields"].Value, 1e-12)
}

// TestPaper: optional and nullable fields read as json (absent is null),
// a recursive schema (sections within sections) as json too.
func TestPaper(t *testing.T) {
	m := scoreFiles(t, specFor(t, "paper"), "paper")
	value := func(name string, v float64) {
		t.Helper()
		assert.InDelta(t, v, m[name].Precision, 1e-12, name)
		assert.InDelta(t, v, m[name].Recall, 1e-12, name)
	}
	value("title", 1) // case only
	value("year", 1)
	// William Gant for William Gantt (12/13, role right, both emails
	// null): 38/39; Yunmo Chen as editor with an email the gold lacks:
	// (1 + 0 + 0)/3. Two authors each side.
	value("authors", (38.0/39+1.0/3)/2)
	value("keywords", (1+6.0/7)/2) // metric for metrics: 1 edit in 7
	value("venue", 0)              // null for "EMNLP"
	// Framework against Framework, with "Matchings" for "Matching" below
	// (ANLS* 8/9): (1 + 8/9)/2; Intro against Introduction: 0 for the
	// heading, 1 for the two absent subsections: 1/2.
	value("outline", ((1+8.0/9)/2+0.5)/2)
	value("extra", 0) // an object the gold lacks
}

func TestErrors(t *testing.T) {
	for schema, msg := range map[string]string{
		`{"type": "array", "items": {"type": "string"}}`: "the schema's root is an array",
		`[1]`: "a JSON Schema is an object",
		`{"type": "object", "properties": {"a": {"$ref": "x.json"}}}`:    "not local",
		`{"type": "object", "properties": {"a": {"$ref": "#/$defs/B"}}}`: "leads nowhere",
		`{"type": "object"`: "not JSON",
	} {
		_, err := metricc.SpecFromJSONSchema([]byte(schema), "s.json")
		require.Error(t, err, schema)
		assert.Contains(t, err.Error(), msg, schema)
		assert.Contains(t, err.Error(), "s.json", schema)
	}
}

// TestAwkwardNames: keys that are not identifiers, or are words of the
// language, are renamed and bound to their JSON key.
func TestAwkwardNames(t *testing.T) {
	schema := `{"title": "set", "type": "object", "required": ["unit.price", "type", "delta", "id"],
	  "properties": {"unit.price": {"type": "number"}, "type": {"type": "string", "enum": ["a", "b"]},
	  "delta": {"type": "string"}, "id": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}}}`
	text, err := metricc.SpecFromJSONSchema([]byte(schema), "s.json")
	require.NoError(t, err)
	assert.Contains(t, text, `unit_price: float = "unit\\.price"`)
	assert.Contains(t, text, `id_: IdType = "id"`)
	spec, err := metricc.Compile("s.metric", text)
	require.NoError(t, err, text)
	doc := map[string]any{"unit.price": 2.5, "type": "a", "delta": "hello", "id": map[string]any{"x": "y"}}
	res, err := spec.Score(metricc.Values("g", doc), metricc.Values("p", doc), metricc.Options{})
	require.NoError(t, err)
	for _, m := range res.Metrics {
		if m.Name != "fields" {
			assert.Equal(t, 1.0, m.F1, m.Name)
		}
	}
}
