package specs_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter/conll2012"
)

// rawCounts are the numerators and denominators as the peers printed them.
type rawCounts struct {
	RecallNum    float64 `json:"recall_num"`
	RecallDen    float64 `json:"recall_den"`
	PrecisionNum float64 `json:"precision_num"`
	PrecisionDen float64 `json:"precision_den"`
}

type corefCase struct {
	ID           string                                `json:"id"`
	KeyFile      string                                `json:"key_file"`
	ResponseFile string                                `json:"response_file"`
	Expected     map[string]map[string]float64         `json:"expected"`
	LEABranch    map[string]map[string]float64         `json:"expected_lea_branch"`
	Measured     map[string]map[string]json.RawMessage `json:"measured"`
}

func loadCases(t *testing.T, file string, n int) []corefCase {
	data, err := os.ReadFile(filepath.Join("../../testdata/coref", file))
	require.NoError(t, err)
	var f struct {
		Cases []corefCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &f))
	require.Len(t, f.Cases, n)
	return f.Cases
}

// scoreConll scores a key and a response file of the official test suite,
// read through the conll2012 adapter.
func scoreConll(t *testing.T, p *metricc.Spec, key, response string) map[string]*metricc.MetricResult {
	res, err := p.Score(metricc.FileFormat(filepath.Join("../../testdata/coref/official", key), "conll2012"),
		metricc.FileFormat(filepath.Join("../../testdata/coref/official", response), "conll2012"), metricc.Options{Workers: 1})
	require.NoError(t, err)
	return byName(res.Metrics)
}

// ours names the spec's metric for each of the peers' names, and where its
// sums are: a metric of its own, or BLANC's two kinds of links.
var ours = map[string]string{"mentions": "mentions", "muc": "muc", "bcub": "b3", "ceafm": "ceafm", "ceafe": "ceafe", "blanc": "blanc", "lea": "lea"}

// checkCounts compares the sums of metric with raw counts exactly (the
// float sums of B³, CEAF-e and LEA to 1e-9: Perl prints 15 digits).
func checkCounts(t *testing.T, id, metric string, r *metricc.MetricResult, want rawCounts) {
	t.Helper()
	s := r.Sums
	assert.InDelta(t, want.PrecisionNum, s.PredGold, 1e-9, "%s %s precision numerator", id, metric)
	assert.InDelta(t, want.PrecisionDen, s.PredPred, 1e-9, "%s %s precision denominator", id, metric)
	assert.InDelta(t, want.RecallNum, s.PredGoldRecall, 1e-9, "%s %s recall numerator", id, metric)
	assert.InDelta(t, want.RecallDen, s.GoldGold, 1e-9, "%s %s recall denominator", id, metric)
}

// checkMeasured compares every raw count the official scorer (v8.01) and
// its LEA branch printed for a case.
func checkMeasured(t *testing.T, c corefCase, got map[string]*metricc.MetricResult) int {
	n := 0
	for metric, raw := range c.Measured["perl_v8.01"] {
		switch metric {
		case "blanc":
			var links struct{ Coref, Noncoref rawCounts }
			require.NoError(t, json.Unmarshal(raw, &links))
			checkCounts(t, c.ID, "blanc_c", got["blanc_c"], links.Coref)
			checkCounts(t, c.ID, "blanc_n", got["blanc_n"], links.Noncoref)
			n += 2
		default:
			var want rawCounts
			require.NoError(t, json.Unmarshal(raw, &want))
			checkCounts(t, c.ID, metric, got[ours[metric]], want)
			n++
		}
	}
	if raw, ok := c.Measured["perl_v9.0.0-alpha_LEA-branch"]["lea"]; ok {
		var want rawCounts
		require.NoError(t, json.Unmarshal(raw, &want))
		checkCounts(t, c.ID, "lea", got["lea"], want)
		n++
	}
	return n
}

// TestCorefOfficialSuite reads the 36 cases of the official scorer's test
// suite from their original CoNLL files and checks every expectation of
// its configuration (91: MUC, B³, CEAF-m, CEAF-e, BLANC) and of the LEA
// branch's (34), to 1e-4 on |dR|+|dP|+|dF| as the official test.pl does,
// and every raw count the scorers printed, exactly.
func TestCorefOfficialSuite(t *testing.T) {
	p := load(t, "coref")
	expectations, leaExpectations, nCounts := 0, 0, 0
	for _, c := range loadCases(t, "official-cases.json", 36) {
		got := scoreConll(t, p, c.KeyFile, c.ResponseFile)
		check := func(metric string, want map[string]float64) {
			r := got[ours[metric]]
			diff := math.Abs(r.Recall-want["recall"]) + math.Abs(r.Precision-want["precision"]) + math.Abs(r.F1-want["f1"])
			assert.Less(t, diff, 1e-4, "%s %s: got R=%v P=%v F=%v, want %v", c.ID, metric, r.Recall, r.Precision, r.F1, want)
		}
		for metric, want := range c.Expected {
			check(metric, want)
			expectations++
		}
		if want, ok := c.LEABranch["lea"]; ok {
			check("lea", want)
			leaExpectations++
		}
		nCounts += checkMeasured(t, c, got)
	}
	assert.Equal(t, 91, expectations)
	assert.Equal(t, 34, leaExpectations)
	assert.Equal(t, 36*8-2, nCounts) // A8 and A9 have no LEA-branch counts
}

// TestCorefExtraCases checks the 77 pairs of the LEA branch's extra test
// data (boundaries, singletons, splits, merges...) against the raw rawCounts
// the official scorer and its LEA branch printed on them.
func TestCorefExtraCases(t *testing.T) {
	p := load(t, "coref")
	nCounts := 0
	for _, c := range loadCases(t, "extra-cases.json", 77) {
		got := scoreConll(t, p, c.KeyFile, c.ResponseFile)
		nCounts += checkMeasured(t, c, got)
	}
	assert.Equal(t, 77*8, nCounts)
}

// TestCorefWorkers scores the official cases together with several
// workers, with the views (memberships, links) that build records while
// scoring: the result must equal the one-worker result bitwise. (Record
// types are tagged lazily, shared by the workers: go test -race
// ./internal/specs checks that they do not race.)
func TestCorefWorkers(t *testing.T) {
	// One corpus of 77 documents, each pair under its own id, from the
	// JSON documents the conll2012 adapter writes.
	var gold, pred []string
	for i, c := range loadCases(t, "extra-cases.json", 77) {
		for _, side := range []struct {
			file string
			docs *[]string
		}{{c.KeyFile, &gold}, {c.ResponseFile, &pred}} {
			in, err := conll2012.Read(filepath.Join("../../testdata/coref/official", side.file))
			require.NoError(t, err)
			for _, d := range in.Docs {
				*side.docs = append(*side.docs, strings.Replace(d.JSON, `"id":"myTestCase"`, fmt.Sprintf(`"id":"%d"`, i), 1))
			}
		}
	}
	// Each run on a fresh spec, several workers first: a spec that a
	// one-worker run has warmed up would hide a race on lazily built state.
	results := map[int]*metricc.Result{}
	for _, w := range []int{8, 4, 2, 1} {
		res, err := load(t, "coref").Score(jsonLines("key", gold...), jsonLines("response", pred...), metricc.Options{Workers: w})
		require.NoError(t, err)
		results[w] = res
	}
	require.Equal(t, 77, results[1].Documents)
	for _, w := range []int{2, 4, 8} {
		assert.Equal(t, results[1], results[w], "workers=%d", w)
	}
}
