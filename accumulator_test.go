package metricc_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/corefgen"
	"github.com/metricc/metricc/internal/nergen"
)

// splitDocs cuts a file of documents into its documents, each starting at
// a line with the given prefix (and what precedes the first goes with it).
func splitDocs(data []byte, prefix string) [][]byte {
	var docs [][]byte
	lines := bytes.SplitAfter(data, []byte("\n"))
	var cur []byte
	for _, l := range lines {
		if bytes.HasPrefix(l, []byte(prefix)) && len(bytes.TrimSpace(cur)) > 0 && bytes.Contains(cur, []byte(prefix)) {
			docs = append(docs, cur)
			cur = nil
		}
		cur = append(cur, l...)
	}
	if len(bytes.TrimSpace(cur)) > 0 {
		docs = append(docs, cur)
	}
	return docs
}

// corpusCase is a corpus cut into documents, gold and predicted alike.
type corpusCase struct {
	spec       string
	format     string
	gold, pred [][]byte
}

func accumulatorCases(t *testing.T) []corpusCase {
	coref := corefgen.Generate(corefgen.Config{Docs: 40, Seed: 7})
	ner := nergen.Generate(nergen.Config{Docs: 30, Seed: 3})
	cases := []corpusCase{
		{"coref", "conll2012", splitDocs(coref.Key, "#begin document"), splitDocs(coref.Response, "#begin document")},
		{"ner", "bio", splitDocs(ner.Gold, "-DOCSTART-"), splitDocs(ner.Pred, "-DOCSTART-")},
	}
	for _, c := range cases {
		require.Equal(t, len(c.gold), len(c.pred), c.spec)
		require.Greater(t, len(c.gold), 20, c.spec)
	}
	return cases
}

func joinDocs(docs [][]byte) []byte { return bytes.Join(docs, nil) }

func resultJSON(t *testing.T, res *metricc.Result) string {
	var b bytes.Buffer
	require.NoError(t, res.WriteJSON(&b))
	return b.String()
}

// randomCuts splits n documents into consecutive batches of random sizes.
func randomCuts(rng *rand.Rand, n int) [][2]int {
	var cuts [][2]int
	for lo := 0; lo < n; {
		hi := min(n, lo+1+rng.IntN(12))
		cuts = append(cuts, [2]int{lo, hi})
		lo = hi
	}
	return cuts
}

// TestAccumulatorEqualsOneRun: any cut of a corpus into batches, added to
// one accumulator or to several merged in corpus order, directly or
// through their states as JSON, prints the bytes of one run over the
// whole corpus: totals (micro), per-document sums (per-doc, macro,
// bootstrap), documents paired by id (coref) and by position (ner, whose
// positions are renumbered across batches).
func TestAccumulatorEqualsOneRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range accumulatorCases(t) {
		spec, err := metricc.Load(c.spec)
		require.NoError(t, err)
		for _, opts := range []metricc.Options{{}, {PerDoc: true}, {Macro: true}, {Bootstrap: 200, Seed: 5}, {Metrics: []string{spec.Metrics()[0]}}} {
			whole, err := spec.Score(metricc.Reader("gold", bytes.NewReader(joinDocs(c.gold)), c.format),
				metricc.Reader("pred", bytes.NewReader(joinDocs(c.pred)), c.format), opts)
			require.NoError(t, err)
			want := resultJSON(t, whole)
			for trial := range 3 {
				cuts := randomCuts(rng, len(c.gold))
				var accs []*metricc.Accumulator
				one, err := spec.NewAccumulator(opts)
				require.NoError(t, err)
				for _, cut := range cuts {
					g, p := joinDocs(c.gold[cut[0]:cut[1]]), joinDocs(c.pred[cut[0]:cut[1]])
					require.NoError(t, one.Add(metricc.Reader("gold", bytes.NewReader(g), c.format), metricc.Reader("pred", bytes.NewReader(p), c.format)))
					acc, err := spec.NewAccumulator(opts)
					require.NoError(t, err)
					require.NoError(t, acc.Add(metricc.Reader("gold", bytes.NewReader(g), c.format), metricc.Reader("pred", bytes.NewReader(p), c.format)))
					accs = append(accs, acc)
				}
				res, err := one.Result()
				require.NoError(t, err)
				assert.Equal(t, want, resultJSON(t, res), "%s %+v trial %d: one accumulator", c.spec, opts, trial)

				// Merged in corpus order, each through its state as JSON.
				merged, err := spec.NewAccumulator(opts)
				require.NoError(t, err)
				for _, acc := range accs {
					st, err := acc.State()
					require.NoError(t, err)
					data, err := json.Marshal(st)
					require.NoError(t, err)
					var back metricc.AccumulatorState
					require.NoError(t, json.Unmarshal(data, &back))
					restored, err := spec.AccumulatorFromState(&back, metricc.Options{})
					require.NoError(t, err)
					require.NoError(t, merged.Merge(restored))
				}
				res, err = merged.Result()
				require.NoError(t, err)
				assert.Equal(t, want, resultJSON(t, res), "%s %+v trial %d: merged states", c.spec, opts, trial)
				assert.Equal(t, len(c.gold), merged.Documents())
			}
		}
	}
}

// TestAccumulatorMergeOrder: merged in any order, totals give the same
// corpus results, and per-document sums the same intervals and macro
// averages (only the order of the per-document rows follows the merges).
func TestAccumulatorMergeOrder(t *testing.T) {
	c := accumulatorCases(t)[0]
	spec, err := metricc.Load(c.spec)
	require.NoError(t, err)
	for _, opts := range []metricc.Options{{}, {Macro: true, Bootstrap: 100, Seed: 2}} {
		whole, err := spec.Score(metricc.Reader("gold", bytes.NewReader(joinDocs(c.gold)), c.format),
			metricc.Reader("pred", bytes.NewReader(joinDocs(c.pred)), c.format), opts)
		require.NoError(t, err)
		var accs []*metricc.Accumulator
		for _, cut := range randomCuts(rand.New(rand.NewPCG(3, 4)), len(c.gold)) {
			acc, err := spec.NewAccumulator(opts)
			require.NoError(t, err)
			require.NoError(t, acc.Add(metricc.Reader("gold", bytes.NewReader(joinDocs(c.gold[cut[0]:cut[1]])), c.format),
				metricc.Reader("pred", bytes.NewReader(joinDocs(c.pred[cut[0]:cut[1]])), c.format)))
			accs = append(accs, acc)
		}
		// Reversed, and as a tree: (last + ... ) then the rest.
		merged, err := spec.NewAccumulator(opts)
		require.NoError(t, err)
		for i := len(accs) - 1; i >= 0; i-- {
			require.NoError(t, merged.Merge(accs[i]))
		}
		res, err := merged.Result()
		require.NoError(t, err)
		assert.Equal(t, resultJSON(t, whole), resultJSON(t, res), "%+v", opts)
	}
}

// TestAccumulatorErrors: what cannot be accumulated says why.
func TestAccumulatorErrors(t *testing.T) {
	spec, err := metricc.Compile("xs.metric", xsSpec)
	require.NoError(t, err)
	other, err := metricc.Compile("ys.metric", xsSpec+"metric n = R<->[xs](delta)\n")
	require.NoError(t, err)
	batch := func(id string) (metricc.Source, metricc.Source) {
		return metricc.Values("gold", xsDoc{id, []int{1, 2}}), metricc.Values("pred", xsDoc{id, []int{2}})
	}

	acc, err := spec.NewAccumulator(metricc.Options{})
	require.NoError(t, err)
	_, err = acc.Result()
	assert.EqualError(t, err, "no documents were added")
	require.NoError(t, acc.Add(batch("a")))
	assert.EqualError(t, acc.Merge(acc), "cannot merge an accumulator with itself")

	perDoc, err := spec.NewAccumulator(metricc.Options{PerDoc: true})
	require.NoError(t, err)
	require.NoError(t, perDoc.Add(batch("a")))
	assert.EqualError(t, perDoc.Add(batch("a")), `document "a" was added before: each document must be in one batch`)
	assert.ErrorContains(t, acc.Merge(perDoc), "cannot merge accumulators created with different options")

	o, err := other.NewAccumulator(metricc.Options{})
	require.NoError(t, err)
	assert.ErrorContains(t, acc.Merge(o), "different specs")
	st, err := acc.State()
	require.NoError(t, err)
	_, err = other.AccumulatorFromState(st, metricc.Options{})
	assert.ErrorContains(t, err, "the state was written with another spec")

	_, err = spec.NewAccumulator(metricc.Options{Shard: 1, Shards: 2})
	assert.ErrorContains(t, err, "not shards")
	_, err = spec.NewAccumulator(metricc.Options{Metrics: []string{"nope"}})
	assert.ErrorContains(t, err, `unknown metric "nope"`)

	// A state edited by hand is refused, naming what is wrong.
	bad := *st
	bad.Totals = nil
	_, err = spec.AccumulatorFromState(&bad, metricc.Options{})
	assert.ErrorContains(t, err, "does not hold them")
	data, err := json.Marshal(st)
	require.NoError(t, err)
	var edited metricc.AccumulatorState
	require.NoError(t, json.Unmarshal([]byte(strings.Replace(string(data), `"pred_gold":[1]`, `"pred_gold":[1],"nonsense":[2]`, 1)), &edited))
	_, err = spec.AccumulatorFromState(&edited, metricc.Options{})
	require.NoError(t, err, "unknown fields are ignored by encoding/json")
}

// TestAccumulatorStateShape pins the state's layout: corpus totals as
// lists of floats, counts that add, and per-document columns.
func TestAccumulatorStateShape(t *testing.T) {
	spec, err := metricc.Compile("xs.metric", xsSpec)
	require.NoError(t, err)
	for _, c := range []struct {
		opts metricc.Options
		want string
	}{
		{metricc.Options{}, `{"metricc_state":1,"metricc":"0.1.0","spec":"SHA","options":{},"metrics":["m"],"pairing":"id","documents":2,` +
			`"totals":{"m":{"pred_gold":[2],"pred_pred":[3],"gold_gold":[3],"pred_gold_recall":[2]}}}`},
		{metricc.Options{PerDoc: true}, `{"metricc_state":1,"metricc":"0.1.0","spec":"SHA","options":{"per_doc":true},"metrics":["m"],"pairing":"id","documents":2,` +
			`"docs":{"ids":["a","b"],"sums":{"m":[[1,1,2,1],[1,2,1,1]]}}}`},
	} {
		acc, err := spec.NewAccumulator(c.opts)
		require.NoError(t, err)
		require.NoError(t, acc.Add(metricc.Values("gold", xsDoc{"a", []int{1, 2}}), metricc.Values("pred", xsDoc{"a", []int{2}})))
		require.NoError(t, acc.Add(metricc.Values("gold", xsDoc{"b", []int{3}}), metricc.Values("pred", xsDoc{"b", []int{3, 4}})))
		st, err := acc.State()
		require.NoError(t, err)
		data, err := json.Marshal(st)
		require.NoError(t, err)
		assert.Equal(t, strings.Replace(c.want, "SHA", st.Spec, 1), string(data))
	}
}

// TestAccumulatorAddIDs: the ids of a batch's pairs in the order of one
// run (gold documents in order, then predictions without a gold), or their
// positions in the batch when documents pair by position.
func TestAccumulatorAddIDs(t *testing.T) {
	spec, err := metricc.Compile("xs.metric", xsSpec)
	require.NoError(t, err)
	acc, err := spec.NewAccumulator(metricc.Options{AllowMissing: true})
	require.NoError(t, err)
	ids, err := acc.AddIDs(
		metricc.Values("gold", xsDoc{"b", []int{1}}, xsDoc{"a", []int{2}}, xsDoc{"c", []int{3}}),
		metricc.Values("pred", xsDoc{"z", []int{1}}, xsDoc{"a", []int{2}}, xsDoc{"b", []int{2}}))
	require.NoError(t, err)
	assert.Equal(t, []string{"b", "a", "c", "z"}, ids)
	assert.Equal(t, 4, acc.Documents())
	_, err = acc.AddIDs(metricc.Values("gold", xsDoc{"q", []int{}}), metricc.Values("pred", xsDoc{"r", []int{}}))
	require.NoError(t, err)
	assert.Equal(t, 6, acc.Documents())

	positional, err := metricc.Compile("pos.metric", "type Doc { xs: set<int> }\ninput Doc\nmetric m = F<->[xs](delta)\n")
	require.NoError(t, err)
	pacc, err := positional.NewAccumulator(metricc.Options{})
	require.NoError(t, err)
	one := map[string]any{"xs": []int{1}}
	for range 2 {
		ids, err = pacc.AddIDs(metricc.Values("gold", one, one), metricc.Values("pred", one, one))
		require.NoError(t, err)
		assert.Equal(t, []string{"1", "2"}, ids)
	}

	_, err = acc.AddIDs(metricc.Values("gold", xsDoc{"d", []int{}}, xsDoc{"d", []int{}}), metricc.Values("pred", xsDoc{"d", []int{}}))
	assert.ErrorContains(t, err, `duplicate id "d"`)
	assert.Equal(t, 6, acc.Documents(), "a batch in error adds nothing")
}
