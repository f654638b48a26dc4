package explain_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/explain"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test -update")
	assert.Equal(t, string(want), string(got), name)
}

// explainCoref explains the worked example of Pradhan et al. (2014) under
// every metric of the shipped coref spec.
func explainCoref(t *testing.T) *explain.Explanation {
	t.Helper()
	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	ex, err := spec.Explain(metricc.File("../../testdata/coref/example-gold.json"), metricc.File("../../testdata/coref/example-pred.jsonl"), "pradhan", metricc.Options{})
	require.NoError(t, err)
	return ex
}

type prop struct {
	Rel  string `json:"rel"`
	Subj string `json:"subj"`
	Obj  any    `json:"obj"`
}

type amr struct {
	ID    string `json:"id"`
	Props []prop `json:"props"`
}

// explainSmatch explains Cai and Knight's example: the map a-x, b-y, c-z
// matches 4 of the triples.
func explainSmatch(t *testing.T) *explain.Explanation {
	t.Helper()
	v := func(name string) any { return map[string]string{"var": name} }
	pred := amr{"1", []prop{{"instance", "a", "want-01"}, {"instance", "b", "boy"}, {"instance", "c", "go-01"},
		{"arg0", "a", v("b")}, {"arg1", "a", v("c")}, {"arg0", "c", v("b")}}}
	gold := amr{"1", []prop{{"instance", "x", "want-01"}, {"instance", "y", "boy"}, {"instance", "z", "football"},
		{"arg0", "x", v("y")}, {"arg1", "x", v("z")}}}
	spec, err := metricc.Load("smatch")
	require.NoError(t, err)
	ex, err := spec.Explain(metricc.Values("gold.json", gold), metricc.Values("pred.json", pred), "1", metricc.Options{})
	require.NoError(t, err)
	return ex
}

// TestJSONSchema: the JSON of an explanation is a golden file (the schema
// is documented in the README and versioned by metricc_explain), and reads
// back into the same Explanation.
func TestJSONSchema(t *testing.T) {
	for _, c := range []struct {
		name string
		ex   *explain.Explanation
	}{{"coref", explainCoref(t)}, {"smatch", explainSmatch(t)}} {
		var b bytes.Buffer
		require.NoError(t, c.ex.WriteJSON(&b))
		golden(t, c.name+".json.golden", b.Bytes())
		var back explain.Explanation
		require.NoError(t, json.Unmarshal(b.Bytes(), &back))
		var again bytes.Buffer
		require.NoError(t, back.WriteJSON(&again))
		assert.Equal(t, b.String(), again.String())
	}
}

// TestJSONFacts checks the coref explanation against the worked example's
// hand counts: CEAF-e pairs {a b} with {a b c} (0.8) and {f g h i} with
// {d e f g} (0.5), entity {c d} unmatched; B³ has both sides; Smatch's
// variable map is a-x, b-y, c-z, proven optimal.
func TestJSONFacts(t *testing.T) {
	ex := explainCoref(t)
	assert.Equal(t, explain.SchemaVersion, ex.Schema)
	assert.Equal(t, "pradhan", ex.Document)
	byName := map[string]*explain.Metric{}
	for _, m := range ex.Metrics {
		byName[m.Name] = m
	}
	ceafe := byName["ceafe"]
	require.NotNil(t, ceafe)
	assert.Equal(t, "sums", ceafe.Kind)
	assert.InDelta(t, 1.3, ceafe.Sums.PredGold, 1e-12)
	top := ceafe.Trees[0].Alignments[0]
	require.Len(t, top.Pairs, 2)
	assert.Equal(t, []int{1}, top.UnmatchedPred)
	assert.Empty(t, top.UnmatchedGold)
	assert.InDelta(t, 0.8, top.Pairs[0].Similarity, 1e-12)
	sub := top.Pairs[0].Sub[0]
	assert.Equal(t, "F", sub.Norm)
	assert.InDelta(t, 0.8, *sub.Value, 1e-12)
	assert.Equal(t, 2.0, *sub.PredPred)
	assert.Equal(t, 3.0, *sub.GoldGold)
	b3 := byName["b3"]
	assert.Equal(t, "sums_n", b3.Kind)
	require.Len(t, b3.Trees, 2)
	assert.Equal(t, "P", b3.Trees[0].Side)
	assert.Equal(t, "R", b3.Trees[1].Side)
	assert.Equal(t, "corpus", byName["conll"].Kind)
	assert.InDelta(t, 0.4581818181818182, *byName["conll"].Value, 1e-12)
	assert.True(t, byName["blanc_c"].Trees[0].Alignments[0].Counted)

	sm := explainSmatch(t).Metrics[0]
	al := sm.Trees[0].Alignments[0]
	assert.Equal(t, 4.0, al.PredGold)
	assert.ElementsMatch(t, []explain.VarLink{{Pred: "a", Gold: "x"}, {Pred: "b", Gold: "y"}, {Pred: "c", Gold: "z"}}, al.Vars)
	require.NotNil(t, al.Search)
	assert.True(t, al.Search.Proven)
	assert.Len(t, al.UnmatchedPred, 2)
	assert.Len(t, al.UnmatchedGold, 1)
}

// TestText: the text tree is a golden file, without colour; with colour,
// the same text once the escapes are removed.
func TestText(t *testing.T) {
	for _, c := range []struct {
		name string
		ex   *explain.Explanation
	}{{"coref", explainCoref(t)}, {"smatch", explainSmatch(t)}} {
		var plain, color bytes.Buffer
		require.NoError(t, c.ex.WriteText(&plain, false))
		golden(t, c.name+".txt.golden", plain.Bytes())
		require.NoError(t, c.ex.WriteText(&color, true))
		assert.Contains(t, color.String(), "\x1b[")
		assert.Equal(t, plain.String(), stripANSI(color.String()))
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestHTMLSelfContained: the page references nothing outside itself.
func TestHTMLSelfContained(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, explainCoref(t).WriteHTML(&b))
	page := b.String()
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	for _, ref := range []string{"src=", "href=", "@import", "url("} {
		assert.NotContains(t, page, ref)
	}
	// The only URL is the SVG namespace the script creates elements in.
	assert.Equal(t, 1, strings.Count(page, "http"))
	assert.Contains(t, page, "http://www.w3.org/2000/svg")
}
