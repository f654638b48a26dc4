package examples

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const root = "../../.."

func TestListCoversEveryShippedSpec(t *testing.T) {
	list, err := List(root)
	require.NoError(t, err)
	specs := map[string]bool{}
	ids := map[string]bool{}
	for _, ex := range list {
		specs[ex.Spec] = true
		assert.False(t, ids[ex.ID], "duplicate id %s", ex.ID)
		ids[ex.ID] = true
		src, _ := metricc.ShippedSource(ex.Spec)
		assert.Equal(t, src, ex.Source)
		assert.NotEmpty(t, ex.Summary, ex.ID)
	}
	for _, name := range metricc.Shipped() {
		assert.True(t, specs[name], "no example for %s", name)
	}
}

// The formats are those `metricc run` detects; a file no adapter detects
// and that is not JSON would fail in the page.
func TestListFormats(t *testing.T) {
	list, err := List(root)
	require.NoError(t, err)
	want := map[string][2]string{
		"amr-fine": {"penman", "penman"},
		"conll16":  {"conll16", "conll16"},
		"coref":    {"json", "json"},
		"coref-2":  {"conll2012", "conll2012"},
		"eael":     {"json", "json"},
		"mrp":      {"mrp", "mrp"},
		"ner":      {"bio", "bio"},
		"smatch":   {"penman", "penman"},
		"ud":       {"conllu", "conllu"},
	}
	for _, ex := range list {
		assert.NotEmpty(t, ex.Gold.Format, ex.ID)
		assert.NotEmpty(t, ex.Pred.Format, ex.ID)
		if w, ok := want[ex.ID]; ok {
			assert.Equal(t, w, [2]string{ex.Gold.Format, ex.Pred.Format}, ex.ID)
		}
	}
}

// Every example scores with its spec as `metricc run SPEC GOLD PRED`
// does, with the default options the page starts from.
func TestExamplesScore(t *testing.T) {
	list, err := List(root)
	require.NoError(t, err)
	for _, ex := range list {
		t.Run(ex.ID, func(t *testing.T) {
			spec, err := metricc.Load(ex.Spec)
			require.NoError(t, err)
			res, err := spec.Score(metricc.File(filepath.Join(root, ex.Gold.Path)), metricc.File(filepath.Join(root, ex.Pred.Path)), metricc.Options{Workers: 1})
			require.NoError(t, err)
			assert.Positive(t, res.Documents)
		})
	}
}

func TestWrite(t *testing.T) {
	list, err := List(root)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, Write(root, dir, list))
	data, err := os.ReadFile(filepath.Join(dir, "examples.json"))
	require.NoError(t, err)
	var back []Example
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, list, back)
	for _, ex := range back {
		for _, f := range []File{ex.Gold, ex.Pred} {
			got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.URL)))
			require.NoError(t, err)
			orig, err := os.ReadFile(filepath.Join(root, f.Path))
			require.NoError(t, err)
			assert.Equal(t, orig, got, f.URL)
			assert.Equal(t, len(orig), f.Size)
		}
	}
}
