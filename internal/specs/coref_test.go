package specs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// load compiles a shipped spec through the root package, as a program
// using metricc does.
func load(t testing.TB, name string, opts ...metricc.Option) *metricc.Spec {
	t.Helper()
	spec, err := metricc.Load(name, opts...)
	require.NoError(t, err, name)
	return spec
}

// jsonLines is a source of documents given as JSON texts, one per line.
func jsonLines(name string, docs ...string) metricc.Source {
	return metricc.Reader(name, strings.NewReader(strings.Join(docs, "\n")+"\n"), "jsonl")
}

// readFile is a source of the file at path in the named format, named
// name in messages (a path shorter than the test's own, say).
func readFile(t testing.TB, name, path, format string) metricc.Source {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return metricc.Reader(name, bytes.NewReader(data), format)
}

// byName indexes metric results by name.
func byName(ms []*metricc.MetricResult) map[string]*metricc.MetricResult {
	out := map[string]*metricc.MetricResult{}
	for _, m := range ms {
		out[m.Name] = m
	}
	return out
}

type officialCase struct {
	ID       string                                `json:"id"`
	Key      [][][2]int                            `json:"key"`
	Response [][][2]int                            `json:"response"`
	Expected map[string]map[string]float64         `json:"expected"`
	Measured map[string]map[string]json.RawMessage `json:"measured"`
}

// corefDoc writes entities as the JSON document coref.metric reads.
func corefDoc(id string, entities [][][2]int) string {
	type mention struct {
		Left  int `json:"left"`
		Right int `json:"right"`
	}
	type entity struct {
		Mentions []mention `json:"mentions"`
	}
	doc := struct {
		ID       string   `json:"id"`
		Entities []entity `json:"entities"`
	}{ID: id, Entities: []entity{}}
	for _, e := range entities {
		ent := entity{Mentions: []mention{}}
		for _, m := range e {
			ent.Mentions = append(ent.Mentions, mention{m[0], m[1]})
		}
		doc.Entities = append(doc.Entities, ent)
	}
	data, _ := json.Marshal(doc)
	return string(data)
}

func loadOfficial(t *testing.T) []officialCase {
	data, err := os.ReadFile("../../testdata/coref/official-cases.json")
	require.NoError(t, err)
	var file struct {
		Cases []officialCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	require.Len(t, file.Cases, 36)
	return file.Cases
}

// TestCorefOfficialCases checks MUC, B³, CEAF-m and CEAF-e against the
// expectations of the official scorer's test suite (CorefMetricTestConfig.pm)
// and its raw counts, on every case but A7–A9 (duplicate mentions).
func TestCorefOfficialCases(t *testing.T) {
	p := load(t, "coref")
	metricName := map[string]string{"muc": "muc", "bcub": "b3", "ceafm": "ceafm", "ceafe": "ceafe"}
	checked := 0
	for _, c := range loadOfficial(t) {
		if c.ID == "A7" || c.ID == "A8" || c.ID == "A9" {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			res, err := p.Score(jsonLines("key", corefDoc(c.ID, c.Key)), jsonLines("response", corefDoc(c.ID, c.Response)), metricc.Options{Workers: 1})
			require.NoError(t, err)
			got := byName(res.Metrics)
			for official, ours := range metricName {
				want, ok := c.Expected[official]
				if !ok {
					continue
				}
				r := got[ours]
				// The official test passes when |dR|+|dP|+|dF| < 1e-4.
				diff := abs(r.Recall-want["recall"]) + abs(r.Precision-want["precision"]) + abs(r.F1-want["f1"])
				assert.Less(t, diff, 1e-4, "%s: got P=%v R=%v F=%v want %v", ours, r.Precision, r.Recall, r.F1, want)
				checked++
			}
			var perl map[string]struct {
				RecallNum, RecallDen, PrecisionNum, PrecisionDen float64
			}
			raw, _ := json.Marshal(c.Measured["perl_v8.01"])
			require.NoError(t, json.Unmarshal(raw, &perl))
			for official, ours := range metricName {
				counts, ok := c.Measured["perl_v8.01"][official]
				if !ok {
					continue
				}
				var n struct {
					RecallNum    float64 `json:"recall_num"`
					RecallDen    float64 `json:"recall_den"`
					PrecisionNum float64 `json:"precision_num"`
					PrecisionDen float64 `json:"precision_den"`
				}
				require.NoError(t, json.Unmarshal(counts, &n))
				s := got[ours].Sums
				assert.InDelta(t, n.PrecisionNum, s.PredGold, 1e-9, "%s precision numerator", ours)
				assert.InDelta(t, n.PrecisionDen, s.PredPred, 1e-9, "%s precision denominator", ours)
				assert.InDelta(t, n.RecallNum, s.PredGoldRecall, 1e-9, "%s recall numerator", ours)
				assert.InDelta(t, n.RecallDen, s.GoldGold, 1e-9, "%s recall denominator", ours)
			}
		})
	}
	fmt.Println("checked", checked)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
