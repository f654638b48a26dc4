package specs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/anlsgen"
)

// anlsRecord is what testdata/anls's scripts recorded from the anls-star
// package (with munkres 1.1.4).
type anlsRecord struct {
	ANLSStar  string `json:"anls_star"`
	Munkres   string
	Mean      float64
	Documents []struct {
		ID   string
		ANLS float64
	}
	Cases []struct {
		Name   string
		Gold   json.RawMessage
		Pred   json.RawMessage
		Expect *float64
		Round  bool
		ANLS   float64
	}
}

func readANLS(t *testing.T, name string) anlsRecord {
	t.Helper()
	data, err := os.ReadFile("../../testdata/anls/" + name)
	require.NoError(t, err)
	var rec anlsRecord
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, "1.1.4", rec.Munkres)
	return rec
}

// scoreANLS scores JSON Lines gold and pred with the shipped spec anls and
// returns the corpus value and each document's.
func scoreANLS(t *testing.T, gold, pred []byte) (float64, map[string]float64) {
	t.Helper()
	g := jsonlSource("gold.jsonl", gold)
	p := jsonlSource("pred.jsonl", pred)
	res, err := load(t, "anls").Score(g, p, metricc.Options{PerDoc: true, Workers: 2})
	require.NoError(t, err)
	m := res.Metrics[0]
	require.Equal(t, "anls", m.Name)
	require.Equal(t, m.Precision, m.Recall)
	require.InDelta(t, m.Precision, m.F1, 1e-12) // 2PR/(P+R) with P = R
	docs := map[string]float64{}
	for _, d := range res.PerDoc {
		dm := d.Metrics[0]
		require.Equal(t, dm.Precision, dm.Recall, d.ID)
		require.InDelta(t, dm.Precision, dm.F1, 1e-12, d.ID)
		docs[d.ID] = dm.Precision
	}
	return m.Precision, docs
}

// TestANLSAgainstPackage scores 1,000 generated document pairs (nested
// objects, line items, alternatives, typos, invented and missing keys)
// and compares every document's value, and the mean, with what anls-star's
// anls_score gave on them (testdata/anls/anls-star-gen.json).
func TestANLSAgainstPackage(t *testing.T) {
	rec := readANLS(t, "anls-star-gen.json")
	require.Len(t, rec.Documents, 1000)
	c := anlsgen.Generate(anlsgen.Config{Docs: 1000, Seed: 1})
	mean, docs := scoreANLS(t, c.Gold, c.Pred)
	require.Len(t, docs, 1000)
	distinct := map[float64]bool{}
	for _, d := range rec.Documents {
		assert.InDelta(t, d.ANLS, docs[d.ID], 1e-9, d.ID)
		distinct[d.ANLS] = true
	}
	assert.InDelta(t, rec.Mean, mean, 1e-9)
	// A comparison where every value is 0 or 1 would prove little.
	assert.Greater(t, len(distinct), 200)
}

// TestANLSPackageCases scores the examples of anls-star's own tests: each
// value equals the package's, and the value its test asserts.
func TestANLSPackageCases(t *testing.T) {
	rec := readANLS(t, "anls-star-cases.json")
	require.Greater(t, len(rec.Cases), 80)
	var gold, pred bytes.Buffer
	line := func(b *bytes.Buffer, i int, answer json.RawMessage) {
		fmt.Fprintf(b, "{\"id\": \"%d\", \"answer\": ", i)
		require.NoError(t, json.Compact(b, answer))
		b.WriteString("}\n")
	}
	for i, c := range rec.Cases {
		line(&gold, i, c.Gold)
		line(&pred, i, c.Pred)
	}
	_, docs := scoreANLS(t, gold.Bytes(), pred.Bytes())
	for i, c := range rec.Cases {
		got := docs[fmt.Sprint(i)]
		assert.InDelta(t, c.ANLS, got, 1e-9, c.Name)
		if c.Expect != nil {
			if c.Round {
				got = math.Round(got*100) / 100
			}
			assert.InDelta(t, *c.Expect, got, 1e-9, c.Name)
		}
	}
}

// TestANLSErrors: what anls-star refuses is a data error naming the
// document and the metric.
func TestANLSErrors(t *testing.T) {
	for _, c := range []struct{ gold, pred, msg string }{
		{`{"a": "x"}`, `{"a": {"$or": ["x", "y"]}}`, `the prediction has an object with the key "$or"`},
		{`{"a": {"$or": []}}`, `{"a": "x"}`, `"$or" holds no alternative`},
		{`{"a": {"$or": "x"}}`, `{"a": "x"}`, `"$or" holds an array of alternatives, not a string`},
		{`{"$or": ["x"], "b": 1}`, `"x"`, `lists alternatives and has no other key`},
		{`[]`, `"x"`, "the gold answer is an empty list and the prediction a string"},
	} {
		g := jsonlSource("gold.jsonl", []byte(`{"id": "7", "answer": `+c.gold+"}\n"))
		p := jsonlSource("pred.jsonl", []byte(`{"id": "7", "answer": `+c.pred+"}\n"))
		_, err := load(t, "anls").Score(g, p, metricc.Options{Workers: 1})
		require.Error(t, err, c.gold)
		assert.Contains(t, err.Error(), `document "7"`)
		assert.Contains(t, err.Error(), `metric "anls": anls_star: `)
		assert.Contains(t, err.Error(), c.msg)
	}
}

// BenchmarkANLS scores 1,000 generated pairs with the anls spec (the
// docs compare it with the anls-star package on the same corpus).
func BenchmarkANLS(b *testing.B) {
	c := anlsgen.Generate(anlsgen.Config{Docs: 1000, Seed: 1})
	pl := load(b, "anls")
	b.ResetTimer()
	for b.Loop() {
		g, p := jsonlSource("gold.jsonl", c.Gold), jsonlSource("pred.jsonl", c.Pred)
		if _, err := pl.Score(g, p, metricc.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// jsonlSource reads JSON Lines held in memory.
func jsonlSource(name string, data []byte) metricc.Source {
	return metricc.Reader(name, bytes.NewReader(data), "jsonl")
}
