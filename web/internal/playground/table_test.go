package playground

import (
	"bytes"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/web/internal/examples"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTableOf(t *testing.T) {
	out := `{"documents": 2, "average": "macro",
 "params": {"cutoff": 0.7, "beta": 2},
 "metrics": {"ner": {"precision": 0.5, "recall": 0.25, "f1": 0.3333333333333333,
    "sums": {"pred_gold": 1, "pred_pred": 2, "gold_gold": 4},
    "by": {"10": {"precision": 1, "recall": 0.5, "f1": 0.6666666666666666, "sums": {"pred_gold": 1, "pred_pred": 1, "gold_gold": 2, "pred_gold_recall": 1}},
      "9": {"precision": 0, "recall": 0, "f1": 0, "sums": {"pred_gold": 0, "pred_pred": 1, "gold_gold": 2, "pred_gold_recall": 0}}}},
  "arg": {"precision": 0.12125, "recall": 1, "f1": null, "value": 1.75, "average": "micro(clip)",
    "sums": {"pred_gold": 1, "pred_pred": 2, "gold_gold": 4}},
  "smatch": {"precision": 1, "recall": 1, "f1": 1,
    "sums": {"pred_gold": 1, "pred_pred": 1, "gold_gold": 1},
    "search": {"pairs": 3, "proven_optimal": 1, "max_gap": null, "interrupted": 2, "nodes": 9}},
  "conll": {"value": 0.4581818181818182}},
 "per_doc": [
  {"id": "d1", "metrics": {"conll": {"value": 1}}}]}
`
	tab, err := TableOf([]byte(out))
	require.NoError(t, err)
	k10, k9 := "10", "9"
	assert.Equal(t, &Table{
		Documents: 2, Average: "macro",
		Params: []Param{{"cutoff", Cell{"0.7", "0.7"}}, {"beta", Cell{"2", "2"}}},
		Corpus: []Row{
			{Name: "ner", Metric: "ner", P: &Cell{"0.5", "50.00"}, R: &Cell{"0.25", "25.00"}, F1: &Cell{"0.3333333333333333", "33.33"}},
			{Name: "ner[10]", Metric: "ner", Key: &k10, P: &Cell{"1", "100.00"}, R: &Cell{"0.5", "50.00"}, F1: &Cell{"0.6666666666666666", "66.67"}},
			{Name: "ner[9]", Metric: "ner", Key: &k9, P: &Cell{"0", "0.00"}, R: &Cell{"0", "0.00"}, F1: &Cell{"0", "0.00"}},
			// 100·0.12125 is 12.125 exactly: the table rounds half to even.
			{Name: "arg (micro(clip))", Metric: "arg", Average: "micro(clip)", P: &Cell{"0.12125", "12.12"}, R: &Cell{"1", "100.00"}, F1: &Cell{"null", "–"}, Value: &Cell{"1.75", "1.75"}},
			{Name: "smatch", Metric: "smatch", P: &Cell{"1", "100.00"}, R: &Cell{"1", "100.00"}, F1: &Cell{"1", "100.00"},
				Search: &Search{Pairs: 3, Proven: 1, Interrupted: 2, MaxGap: "null", Text: "1 of 3 document pairs proven optimal (largest gap unknown; 2 interrupted)"}},
			{Name: "conll", Metric: "conll", Value: &Cell{"0.4581818181818182", "45.82"}},
		},
		Docs: []Doc{{ID: "d1", Rows: []Row{{Name: "conll", Metric: "conll", Value: &Cell{"1", "100.00"}}}}},
	}, tab)
}

func TestTableOfErrors(t *testing.T) {
	for _, c := range []struct{ out, want string }{
		{`{"documents": 1, "metrics": []}`, "results: want an object"},
		{`{"documents": 1, "metrics": {"m": {"precision": "x", "recall": 1, "f1": 1}}}`, "results: metric m: not a number: \"x\""},
		{`{"documents": 1, "metrics": {"m": {"precision": 1}}}`, "results: metric m: missing number"},
		{`not json`, "results: invalid character"},
	} {
		_, err := TableOf([]byte(c.out))
		if assert.Error(t, err, c.out) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
}

// The table of every example holds the numbers of the root package's
// results, by an independent path (the JSON output read back).
func TestTableOfExamples(t *testing.T) {
	list, err := examples.List("../../..")
	require.NoError(t, err)
	for _, ex := range list {
		t.Run(ex.ID, func(t *testing.T) {
			spec, err := metricc.Load(ex.Spec)
			require.NoError(t, err)
			res, err := spec.Score(metricc.File(filepath.Join("../../..", ex.Gold.Path)), metricc.File(filepath.Join("../../..", ex.Pred.Path)), metricc.Options{PerDoc: true, Workers: 1})
			require.NoError(t, err)
			var out bytes.Buffer
			require.NoError(t, res.WriteJSON(&out))
			tab, err := TableOf(out.Bytes())
			require.NoError(t, err)
			assert.Equal(t, res.Documents, tab.Documents)
			checkRows(t, res.Metrics, tab.Corpus)
			require.Len(t, tab.Docs, len(res.PerDoc))
			for i, d := range res.PerDoc {
				assert.Equal(t, d.ID, tab.Docs[i].ID)
				checkRows(t, d.Metrics, tab.Docs[i].Rows)
			}
		})
	}
}

func checkRows(t *testing.T, ms []*metricc.MetricResult, rows []Row) {
	t.Helper()
	i := 0
	num := func(c *Cell, v float64, what string) {
		t.Helper()
		if assert.NotNil(t, c, what) {
			assert.Equal(t, metricc.JSONNumber(v), c.Raw, what)
			if c.Raw != "null" {
				got, err := strconv.ParseFloat(c.Raw, 64)
				require.NoError(t, err)
				assert.Equal(t, v, got, what)
			}
		}
	}
	for _, m := range ms {
		require.Less(t, i, len(rows))
		r := rows[i]
		assert.Equal(t, m.Name, r.Metric)
		if m.Kind != metricc.KindCorpusValue {
			num(r.P, m.Precision, m.Name+" P")
			num(r.R, m.Recall, m.Name+" R")
			num(r.F1, m.F1, m.Name+" F1")
		}
		if m.HasValue() {
			num(r.Value, m.Value, m.Name+" value")
		} else {
			assert.Nil(t, r.Value, m.Name)
		}
		if st := m.Sums.Search; st.Pairs > 0 && assert.NotNil(t, r.Search, m.Name) {
			assert.Equal(t, st.Pairs, r.Search.Pairs)
			assert.Equal(t, st.Proven, r.Search.Proven)
		}
		i++
		for _, b := range m.By {
			r := rows[i]
			if assert.NotNil(t, r.Key) {
				assert.Equal(t, b.Name, *r.Key)
			}
			num(r.P, b.Precision, r.Name+" P")
			num(r.R, b.Recall, r.Name+" R")
			num(r.F1, b.F1, r.Name+" F1")
			i++
		}
	}
	assert.Equal(t, len(rows), i)
}
