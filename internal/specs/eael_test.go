package specs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// eaelScenarios is the shared transcription of the unit test of BBN's
// 2015 scorer (ScorerTest.java, tac-kbp-eal 2.4.4): 17 scenarios, 43
// asserted values.
const eaelScenarios = "../../testdata/cases/eael/scorer_test_scenarios.json"

type eaelScenario struct {
	Name         string             `json:"name"`
	KeyCorrect   []string           `json:"key_correct"`
	KeyIncorrect []string           `json:"key_incorrect"`
	System       []string           `json:"system"`
	RefLinking   [][]string         `json:"reference_linking"`
	SysLinking   [][]string         `json:"system_linking"`
	Expect       map[string]float64 `json:"expect"`
}

func readEAELScenarios(t *testing.T) []eaelScenario {
	t.Helper()
	data, err := os.ReadFile(eaelScenarios)
	if os.IsNotExist(err) {
		t.Fatalf("%s not found: %v", eaelScenarios, err)
	}
	require.NoError(t, err)
	var file struct {
		Tests []eaelScenario `json:"tests"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	require.Len(t, file.Tests, 17)
	return file.Tests
}

// eaelValue reads the scorer's name for a per-document value from a
// document's results: the unscaled argument and linking scores are the
// values of arg and link, the scaled linking score link's recall, the
// scaled (combined) score combined's value.
func eaelValue(t *testing.T, metrics []*metricc.MetricResult, name string) float64 {
	t.Helper()
	m := byName(metrics)
	switch name {
	case "unscaledArgumentScore":
		return m["arg"].Value
	case "unscaledLinkingScore":
		return m["link"].Value
	case "scaledLinkingScore":
		return m["link"].Recall
	case "scaledScore":
		return m["combined"].Value
	}
	t.Fatalf("no metric for the scorer's %q", name)
	return 0
}

// scenarioFiles are the gold and predicted JSON documents of a scenario.
func scenarioFiles(name string) (gold, pred string) {
	base := filepath.Join("..", "..", "testdata", "eael", "scenarios", strings.ReplaceAll(name, "/", "_"))
	return base + ".gold.json", base + ".pred.json"
}

// readScenarioDocs reads a scenario's documents.
func readScenarioDocs(name string) (gold, pred metricc.Source) {
	g, p := scenarioFiles(name)
	return metricc.FileFormat(g, "json"), metricc.FileFormat(p, "json")
}

// jsonDocs reads the documents of a JSON file (an array of them, or one)
// as JSON texts of one line each.
func jsonDocs(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var docs []json.RawMessage
	if err := json.Unmarshal(data, &docs); err != nil {
		docs = []json.RawMessage{data}
	}
	out := make([]string, len(docs))
	for i, d := range docs {
		var line bytes.Buffer
		require.NoError(t, json.Compact(&line, d), path)
		out[i] = line.String()
	}
	return out
}

// TestEAELScenarios: every value the scorer's unit test asserts, on the
// documents testdata/eael/scenarios/convert.py wrote for its scenarios, to
// 1e-4 (the transcribed values have seven decimals; the unit test's
// tolerance is 0.001, 0.0001 for the last scenario). Per document, as
// the scorer's Result: test3/G_H_I's negative scores are not clipped.
func TestEAELScenarios(t *testing.T) {
	p := load(t, "eael")
	asserted := 0
	for _, sc := range readEAELScenarios(t) {
		t.Run(sc.Name, func(t *testing.T) {
			gold, pred := readScenarioDocs(sc.Name)
			res, err := p.Score(gold, pred, metricc.Options{Workers: 1, PerDoc: true})
			require.NoError(t, err)
			require.Len(t, res.PerDoc, 1)
			require.NotEmpty(t, sc.Expect)
			for what, want := range sc.Expect {
				assert.InDelta(t, want, eaelValue(t, res.PerDoc[0].Metrics, what), 1e-4, what)
				asserted++
			}
		})
	}
	assert.Equal(t, 43, asserted)
}

// eaelTRFR names a scenario response's TRFR: 'a_prime' shares a's
// canonical argument (and cluster); 'a_generic' differs by its realis.
func eaelTRFR(response string) string { return strings.TrimSuffix(response, "_prime") }

// TestEAELCorpus scores the 13 scenarios whose three scores the unit test
// asserts as one corpus, and checks the aggregate of AggregateResultWriter
// computed from those assertions and counts of the shared file: the
// corpus argument value sums the documents' unscaled scores clipped at 0,
// the normalizers are the distinct correct TRFRs of each key and the
// distinct non-Generic TRFRs of each reference linking.
func TestEAELCorpus(t *testing.T) {
	var gold, pred []string
	var argSum, linkSum, argNorm, linkNorm float64
	for _, sc := range readEAELScenarios(t) {
		u, ok := sc.Expect["unscaledArgumentScore"]
		if !ok {
			continue
		}
		g, p := scenarioFiles(sc.Name)
		gold = append(gold, jsonDocs(t, g)...)
		pred = append(pred, jsonDocs(t, p)...)
		argSum += max(0, u)
		linkSum += sc.Expect["unscaledLinkingScore"]
		correct := map[string]bool{}
		for _, r := range sc.KeyCorrect {
			correct[eaelTRFR(r)] = true
		}
		argNorm += float64(len(correct))
		linked := map[string]bool{}
		for _, f := range sc.RefLinking {
			for _, r := range f {
				if !strings.HasSuffix(r, "_generic") {
					linked[eaelTRFR(r)] = true
				}
			}
		}
		linkNorm += float64(len(linked))
	}
	require.Len(t, gold, 13)
	res, err := load(t, "eael").Score(jsonLines("gold", gold...), jsonLines("pred", pred...), metricc.Options{Workers: 2})
	require.NoError(t, err)
	arg, link, combined := res.Metric("arg"), res.Metric("link"), res.Metric("combined")
	assert.InDelta(t, argSum, arg.Value, 1e-6)
	assert.Equal(t, "micro(clip)", arg.Average)
	assert.Equal(t, argNorm, arg.Sums.GoldGold)
	assert.InDelta(t, linkSum, link.Value, 1e-6)
	assert.Equal(t, linkNorm, link.Sums.GoldGold)
	assert.InDelta(t, 0.5*argSum/argNorm+0.5*linkSum/linkNorm, combined.Value, 1e-6)
	// test3/G_H_I scores -0.75 alone; the corpus adds 0 for it.
	assert.Greater(t, argSum, (1+0.25)*arg.Sums.PredGold-0.25*arg.Sums.PredPred)
}

// TestEAELParams: --set beta and lambda change the value and the weight,
// here on sampleTest (TP 2, FP 1, 3 correct TRFRs; linking 4/3 of 3).
func TestEAELParams(t *testing.T) {
	p := load(t, "eael", metricc.WithParam("beta", 1), metricc.WithParam("lambda", 1))
	gold, pred := readScenarioDocs("sampleTest")
	res, err := p.Score(gold, pred, metricc.Options{Workers: 1})
	require.NoError(t, err)
	assert.InDelta(t, 2-1.0, res.Metric("arg").Value, 1e-12)
	assert.InDelta(t, (4.0/3)/3, res.Metric("combined").Value, 1e-12)
	assert.Equal(t, []metricc.Param{{Name: "beta", Value: 1}, {Name: "lambda", Value: 1}}, res.Params)
}

// linkF1 is the scorer's LinkF1 written out from its definition (item
// sums and the two sizes), for the brute-force test below.
func linkF1(pred, gold [][]string) (sumF float64, nGold, nPred int) {
	neighbours := func(frames [][]string) map[string]map[string]bool {
		out := map[string]map[string]bool{}
		for _, f := range frames {
			for _, x := range f {
				if out[x] == nil {
					out[x] = map[string]bool{}
				}
				for _, y := range f {
					if y != x {
						out[x][y] = true
					}
				}
			}
		}
		return out
	}
	pn, gn := neighbours(pred), neighbours(gold)
	for k, g := range gn {
		p, ok := pn[k]
		if !ok {
			continue
		}
		if len(p) == 0 && len(g) == 0 {
			sumF++
			continue
		}
		tp := 0
		for x := range p {
			if g[x] {
				tp++
			}
		}
		if tp > 0 {
			prec, rec := float64(tp)/float64(len(p)), float64(tp)/float64(len(g))
			sumF += 2 * prec * rec / (prec + rec)
		}
	}
	return sumF, len(gn), len(pn)
}

// TestEAELLinkingBruteForce: the link metric against LinkF1 on random
// overlapping frames (an item in up to three frames; the prediction's
// items a subset of the gold's, as the scorer requires).
func TestEAELLinkingBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2015, 2))
	type trfr struct {
		Type   string `json:"type"`
		Role   string `json:"role"`
		Entity string `json:"entity"`
		Realis string `json:"realis"`
	}
	frames := func(items []string, n int) [][]string {
		out := make([][]string, n)
		for i := range out {
			for _, x := range items {
				if rng.IntN(3) == 0 {
					out[i] = append(out[i], x)
				}
			}
		}
		return out
	}
	toJSON := func(fs [][]string) [][]trfr {
		out := [][]trfr{}
		for _, f := range fs {
			if len(f) == 0 {
				continue
			}
			var tf []trfr
			for _, x := range f {
				tf = append(tf, trfr{"Conflict.Attack", "Victim", x, "Actual"})
			}
			out = append(out, tf)
		}
		return out
	}
	p := load(t, "eael")
	var gold, pred []any
	var wantSum, wantK, wantS float64
	perDoc := map[string][3]float64{}
	for d := range 200 {
		items := []string{"a", "b", "c", "d", "e", "f"}[:1+rng.IntN(6)]
		g := frames(items, rng.IntN(5))
		var linked []string
		for _, x := range items {
			for _, f := range g {
				if slices.Contains(f, x) {
					linked = append(linked, x)
					break
				}
			}
		}
		pr := frames(linked, rng.IntN(5))
		sumF, k, s := linkF1(pr, g)
		id := fmt.Sprint(d)
		perDoc[id] = [3]float64{sumF, float64(k), float64(s)}
		wantSum, wantK, wantS = wantSum+sumF, wantK+float64(k), wantS+float64(s)
		gold = append(gold, map[string]any{"id": id, "args": []any{}, "frames": toJSON(g)})
		pred = append(pred, map[string]any{"id": id, "args": []any{}, "frames": toJSON(pr)})
	}
	res, err := p.Score(metricc.Values("gold", gold...), metricc.Values("pred", pred...), metricc.Options{Workers: 2, PerDoc: true})
	require.NoError(t, err)
	link := res.Metric("link")
	assert.InDelta(t, wantSum, link.Value, 1e-9)
	assert.Equal(t, [2]float64{wantK, wantS}, [2]float64{link.Sums.GoldGold, link.Sums.PredPred})
	assert.Greater(t, wantSum/wantK, 0.2)
	assert.Less(t, wantSum/wantK, 0.8)
	for _, d := range res.PerDoc {
		want := perDoc[d.ID]
		var got *metricc.MetricResult
		for _, m := range d.Metrics {
			if m.Name == "link" {
				got = m
			}
		}
		scaled := 1.0 // LinkF1 of an empty key and an empty prediction
		if want[1] > 0 {
			scaled = want[0] / want[1]
		}
		assert.InDelta(t, scaled, got.Recall, 1e-9, d.ID)
	}
}
