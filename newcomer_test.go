package metricc_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// The reproductions of a new user's stumbles, each with the message that
// now says what went wrong (the command line's own are in cmd/metricc).

// TestSpecNameSuggestion: a misspelled shipped spec gets the nearest name.
func TestSpecNameSuggestion(t *testing.T) {
	for name, want := range map[string]string{
		"corf":     `no spec file "corf", and no shipped spec of that name (did you mean coref?)`,
		"smtach":   `no spec file "smtach", and no shipped spec of that name (did you mean smatch?)`,
		"Coref":    `no spec file "Coref", and no shipped spec of that name (did you mean coref?)`,
		"ud.metrc": `no spec file "ud.metrc", and no shipped spec of that name (shipped: ` + strings.Join(metricc.Shipped(), ", ") + `)`,
		"mrpp":     `no spec file "mrpp", and no shipped spec of that name (did you mean mrp?)`,
	} {
		_, err := metricc.Load(name)
		assert.EqualError(t, err, want, name)
	}
}

// TestDataFileAsSpec: files given in the wrong order (the gold where the
// spec belongs) are recognized as data, not reported as a syntax error.
func TestDataFileAsSpec(t *testing.T) {
	cases := map[string]string{
		"testdata/coref/official/TC-A.key":                     "testdata/coref/official/TC-A.key is a CoNLL-2012 file, not a spec (the shipped specs that read CoNLL-2012 files: coref, coref-nosingletons)",
		"testdata/ud/conll18/gold.conllu":                      "testdata/ud/conll18/gold.conllu is a CoNLL-U file, not a spec (the shipped spec that reads CoNLL-U files is ud)",
		"testdata/mrp/data/sample/eds/wsj.mrp":                 "testdata/mrp/data/sample/eds/wsj.mrp is an MRP file, not a spec (the shipped specs that read MRP files: mrp, edm, smatch)",
		"testdata/tutorial/gold.jsonl":                         "testdata/tutorial/gold.jsonl is a file of JSON documents, not a spec (a .metric file or the name of a shipped spec)",
		"testdata/coref/example-gold.json":                     "testdata/coref/example-gold.json is a file of JSON documents, not a spec (a .metric file or the name of a shipped spec)",
		"internal/adapter/penman/testdata/cases/fine-gold.amr": "internal/adapter/penman/testdata/cases/fine-gold.amr is a Penman AMR file, not a spec (the shipped specs that read Penman AMR files: smatch, amr-fine, docsmatch)",
	}
	for path, want := range cases {
		_, err := metricc.Load(path)
		var nas *metricc.NotASpecError
		require.ErrorAs(t, err, &nas, path)
		assert.EqualError(t, err, want)
	}
	// A spec with a syntax error is still reported as one.
	_, err := metricc.Load("testdata/tutorial/bad.metric")
	var list metricc.SpecErrors
	require.ErrorAs(t, err, &list)
}

// TestFormatMismatch: files in a format whose documents the spec cannot
// read are refused once, before any document is read, with the specs
// that read them (not 50 lines of missing fields).
func TestFormatMismatch(t *testing.T) {
	ud, err := metricc.Load("ud")
	require.NoError(t, err)
	gold, pred := "internal/adapter/penman/testdata/cases/fine-gold.amr", "internal/adapter/penman/testdata/cases/fine-pred.amr"
	_, err = ud.Score(metricc.File(gold), metricc.File(pred), metricc.Options{})
	assert.EqualError(t, err, gold+" and "+pred+" are Penman AMR files, which ud.metric does not read (their documents have no field \"tokens\"); `smatch`, `amr-fine` and `docsmatch` read them")

	coref, err := metricc.Load("coref")
	require.NoError(t, err)
	conllu := "testdata/ud/conll18/gold.conllu"
	_, err = coref.Score(metricc.File(conllu), metricc.File(conllu), metricc.Options{})
	assert.EqualError(t, err, conllu+" is a CoNLL-U file, which coref.metric does not read (its documents have no field \"id\"); `ud` reads it")

	// Only the prediction in the wrong format.
	_, err = coref.Score(metricc.File("testdata/coref/official/TC-A.key"), metricc.File(conllu), metricc.Options{})
	assert.EqualError(t, err, conllu+" is a CoNLL-U file, which coref.metric does not read (its documents have no field \"id\"); `ud` reads it")
}

// TestSpecFromStandardInput: "-" reads the spec from standard input, and
// a path that is not a regular file (/dev/stdin, a pipe) is read too.
func TestSpecFromStandardInput(t *testing.T) {
	src, err := os.ReadFile("testdata/tutorial/ner.metric")
	require.NoError(t, err)
	r, w, err := os.Pipe()
	require.NoError(t, err)
	go func(w *os.File) { w.Write(src); w.Close() }(w)
	old := os.Stdin
	os.Stdin = r
	spec, err := metricc.Load("-")
	os.Stdin = old
	r.Close()
	require.NoError(t, err)
	assert.Equal(t, "<stdin>", spec.Name())
	assert.Equal(t, []string{"exact", "spans", "partial", "lenient", "avg"}, spec.Metrics())

	// An error names standard input as the file.
	r, w, err = os.Pipe()
	require.NoError(t, err)
	go func(w *os.File) { w.Write([]byte("input Doc\n")); w.Close() }(w)
	os.Stdin = r
	_, err = metricc.Load("-")
	os.Stdin = old
	r.Close()
	assert.ErrorContains(t, err, "<stdin>:1:7: ")
}

// TestValuesNilSlices: a nil slice or map in Go values is an empty
// collection (encoding/json alone writes null), wherever it sits; and a
// message names a Go value by its place among the values, not by a line.
func TestValuesNilSlices(t *testing.T) {
	spec, err := metricc.Compile("x.metric", `
type Item { tags: set<string>, n: int }
type Doc  { id: string, xs: set<int>, items: bag<Item>, deep: seq<seq<int>> }
input Doc
metric xs = F<->[xs](delta)
metric items = F<->[items](delta)
metric deep = F<->[deep](delta)
`)
	require.NoError(t, err)
	type item struct {
		Tags []string `json:"tags"`
		N    int      `json:"n"`
	}
	type doc struct {
		ID    string  `json:"id"`
		Xs    []int   `json:"xs"`
		Items []item  `json:"items"`
		Deep  [][]int `json:"deep"`
	}
	gold := []any{
		doc{"1", []int{1, 2}, []item{{nil, 1}, {[]string{"a"}, 2}}, [][]int{nil, {1}}},
		doc{"2", nil, nil, nil},
		&doc{"3", nil, []item{{nil, 3}}, nil},
	}
	pred := []any{
		doc{"1", []int{1}, []item{{[]string{}, 1}}, [][]int{{}, {1}}},
		doc{"2", []int{}, []item{}, [][]int{}},
		doc{"3", []int{}, []item{{[]string{}, 3}}, [][]int{}},
	}
	res, err := spec.Score(metricc.Values("gold", gold...), metricc.Values("pred", pred...), metricc.Options{})
	require.NoError(t, err)
	// xs: 1 common of 1 predicted and 2 gold; items: {nil,1} equals {[],1}
	// and {nil,3} equals {[],3}; deep: both sequences of document 1 agree.
	sums := func(m string) [3]float64 {
		s := res.Metric(m).Sums
		return [3]float64{s.PredGold, s.PredPred, s.GoldGold}
	}
	assert.Equal(t, [3]float64{1, 1, 2}, sums("xs"))
	assert.Equal(t, [3]float64{2, 2, 3}, sums("items"))
	assert.Equal(t, [3]float64{2, 2, 2}, sums("deep"))
	// The values given are not changed.
	assert.Nil(t, gold[1].(doc).Xs)
	assert.Nil(t, gold[0].(doc).Items[0].Tags)

	type bad struct {
		ID string   `json:"id"`
		Xs []string `json:"xs"`
	}
	_, err = spec.Score(metricc.Values("gold", doc{ID: "1"}, doc{ID: "2"}), metricc.Values("pred", doc{ID: "1"}, bad{"2", []string{"a"}}), metricc.Options{})
	assert.EqualError(t, err, `pred: value 2 (id "2"): xs.0: expected an integer, found a string "a"`)
	_, err = spec.Score(metricc.Values("gold", doc{ID: "1"}), metricc.Values("pred", doc{ID: "1"}, doc{ID: "1"}), metricc.Options{})
	assert.EqualError(t, err, `pred: value 2 (id "1"): duplicate id "1" (first at value 1 (id "1"))`)
}

// TestOverflowNamesTheMetric: a metric whose corpus value overflows is
// refused at its declaration in the spec (file, line and column), since
// the spec is what must change.
func TestOverflowNamesTheMetric(t *testing.T) {
	spec, err := metricc.Compile("big.metric", "type Doc { id: string, xs: bag<float> }\ninput Doc\nmetric m = S~[xs](delta)\nmetric big = S~[xs](1e308 * delta)\nmetric sum = big.value * 2\n")
	require.NoError(t, err)
	type doc struct {
		ID string    `json:"id"`
		Xs []float64 `json:"xs"`
	}
	docs := []any{doc{"a", []float64{1}}, doc{"b", []float64{1}}}
	_, err = spec.Score(metricc.Values("gold", docs...), metricc.Values("pred", docs...), metricc.Options{})
	var se *metricc.SpecError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `big.metric:4:1: metric "big" over the corpus: Σ(X,Y) (prediction against gold) is +Inf, beyond float64's range (±1.798e+308); scale it down`, err.Error())
	// Corpus arithmetic that overflows names its own metric.
	_, err = spec.Score(metricc.Values("gold", docs[0]), metricc.Values("pred", docs[0]), metricc.Options{})
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `big.metric:5:1: metric "sum" over the corpus: its value is +Inf, beyond float64's range (±1.798e+308); scale it down`, err.Error())
}
