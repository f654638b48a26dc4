package metricc_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// TestCompareJoined: a prediction whose documents do not correspond to the
// gold's is scored as one document; compared with one whose documents do,
// both are scored as one document, so that the comparison pairs the same
// text. Stats of the two kinds are not compared, nor merged.
func TestCompareJoined(t *testing.T) {
	spec, err := metricc.Load("ud")
	require.NoError(t, err)
	dir := "testdata/ud/systems/"
	gold, keeps, system := metricc.File(dir+"en_ewt-gold.conllu"), metricc.File(dir+"en_ewt-gold.conllu"), metricc.File(dir+"en_ewt-udpipe-future.conllu")
	var warnings []string
	opts := metricc.Options{Bootstrap: 100, Seed: 1, Warn: func(w string) { warnings = append(warnings, w) }}

	a, err := spec.ScoreStats(gold, keeps, opts)
	require.NoError(t, err)
	assert.Equal(t, 4, a.Documents())
	b, err := spec.ScoreStats(gold, system, opts)
	require.NoError(t, err)
	assert.Equal(t, 1, b.Documents())
	files := map[string]string{}
	for name, st := range map[string]*metricc.Stats{"a": a, "b": b} {
		var buf bytes.Buffer
		_, err = st.WriteTo(&buf)
		require.NoError(t, err)
		files[name] = buf.String()
	}
	assert.Contains(t, strings.SplitN(files["b"], "\n", 2)[0], `"pairing":"file"`)

	_, err = metricc.CompareStats(a, b, opts)
	assert.ErrorContains(t, err, "one system was scored with each file as one document")
	var m metricc.Merger
	require.NoError(t, m.Add("a", strings.NewReader(files["a"])))
	assert.ErrorContains(t, m.Add("b", strings.NewReader(files["b"])), "cannot merge a (documents paired by position) with b (paired by file)")

	warnings = nil
	c, err := spec.Compare(gold, keeps, system, opts)
	require.NoError(t, err)
	assert.Equal(t, 1, c.Documents)
	assert.Contains(t, warnings, dir+"en_ewt-gold.conllu: scored as one document with "+dir+"en_ewt-gold.conllu, as the other prediction is, whose documents do not correspond to the gold's")
	for _, r := range c.A.Metrics {
		if r.Name == "las" {
			assert.Equal(t, 1.0, r.F1) // the gold against itself
		}
	}
}

// TestCompareReaders: Compare reads its gold once for each system, so a
// gold (and predictions) given as readers, read only once, are held in
// memory first: the comparison equals the one of the same files.
func TestCompareReaders(t *testing.T) {
	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	gold, pred := "testdata/coref/example-gold.json", "testdata/coref/example-pred.jsonl"
	opts := metricc.Options{Bootstrap: 50, Seed: 3, Workers: 1}
	want, err := spec.Compare(metricc.File(gold), metricc.File(pred), metricc.File(gold), opts)
	require.NoError(t, err)
	reader := func(path string) metricc.Source {
		f, err := os.Open(path)
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return metricc.Reader(path, f, "auto")
	}
	got, err := spec.Compare(reader(gold), reader(pred), reader(gold), opts)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
