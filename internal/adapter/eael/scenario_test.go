package eael_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter/eael"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The unit test of BBN's 2015 scorer, transcribed in the shared cases.
const scenarios = "../../../testdata/cases/eael/scorer_test_scenarios.json"

type scenario struct {
	Name         string             `json:"name"`
	KeyCorrect   []string           `json:"key_correct"`
	KeyIncorrect []string           `json:"key_incorrect"`
	System       []string           `json:"system"`
	RefLinking   [][]string         `json:"reference_linking"`
	SysLinking   [][]string         `json:"system_linking"`
	Expect       map[string]float64 `json:"expect"`
}

func readScenarios(t *testing.T) []scenario {
	t.Helper()
	data, err := os.ReadFile(scenarios)
	if os.IsNotExist(err) {
		t.Fatalf("%s not found: %v", scenarios, err)
	}
	require.NoError(t, err)
	var file struct {
		Tests []scenario `json:"tests"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	return file.Tests
}

// scenarioResponse writes the ten argument columns after the id of a
// scenario response as ScorerTest builds it: document DOC, Conflict.Attack,
// Victim, the CAS its letter at 0-1, base filler and predicate justification
// at 0-1 (1-2 for a_prime), no additional justification.
func scenarioResponse(name string) (cols []string, realis string) {
	off, realis := 0, "Actual"
	if strings.HasSuffix(name, "_prime") {
		off = 1
	}
	if strings.HasSuffix(name, "_generic") {
		realis = "Generic"
	}
	sp := fmt.Sprintf("%d-%d", off, off+1)
	return []string{"DOC", "Conflict.Attack", "Victim", name[:1], "0-1", sp, sp, "NIL", realis, "1.0"}, realis
}

// writeScenarioStores writes a scenario as the two stores of the 2015
// evaluation: the key (every CAS its own coreference cluster; a correct
// response assessed correct in every field, an incorrect one with a wrong
// event type) with its reference linking by unique id, and the system
// output, whose linking names responses by the system's own ids.
func writeScenarioStores(t *testing.T, dir string, sc scenario) (gold, pred string) {
	t.Helper()
	gold, pred = filepath.Join(dir, "key"), filepath.Join(dir, "system")
	for _, d := range []string{"key/annotation", "key/linkingStore", "system/arguments", "system/linking"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	uid := map[string]string{}
	var key []string
	assess := func(name, assessment string) {
		cols, _ := scenarioResponse(name)
		id := uniqueID(t, cols)
		uid[name] = id
		key = append(key, id+"\t"+strings.Join(cols, "\t")+"\t"+assessment)
	}
	coref := func(name string) int { return int(name[0]-'a') + 1 }
	for _, n := range sc.KeyCorrect {
		_, realis := scenarioResponse(n)
		assess(n, fmt.Sprintf("C\tC\tC\tC\t%d\t%s\tNAME", coref(n), realis))
	}
	for _, n := range sc.KeyIncorrect {
		assess(n, fmt.Sprintf("W\tNIL\tNIL\tNIL\t%d\tNIL\tNIL", coref(n)))
	}
	write := func(path string, lines []string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, path), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	}
	write("key/annotation/DOC", key)
	var ref []string
	for _, f := range sc.RefLinking {
		var ids []string
		for _, n := range f {
			ids = append(ids, uid[n])
		}
		ref = append(ref, strings.Join(ids, "\t"))
	}
	write("key/linkingStore/DOC", append(ref, "INCOMPLETE\t"))
	var sys []string
	for _, n := range sc.System {
		cols, _ := scenarioResponse(n)
		sys = append(sys, n+"\t"+strings.Join(cols, "\t"))
	}
	write("system/arguments/DOC", sys)
	var links []string
	for _, f := range sc.SysLinking {
		links = append(links, strings.Join(f, "\t"))
	}
	write("system/linking/DOC", links)
	return gold, pred
}

// TestScenarioStores: the 43 values the scorer's unit test asserts, from
// its scenarios written as native 2015 stores and read by the adapter (the
// keepBest ties, the assessment lookup and the linking pool are the
// adapter's here, not convert.py's).
func TestScenarioStores(t *testing.T) {
	spec, err := metricc.Load("eael")
	require.NoError(t, err)
	n := 0
	for _, sc := range readScenarios(t) {
		t.Run(sc.Name, func(t *testing.T) {
			gold, pred := writeScenarioStores(t, t.TempDir(), sc)
			res, err := spec.Score(metricc.File(gold), metricc.File(pred), metricc.Options{PerDoc: true, Workers: 1})
			require.NoError(t, err)
			require.Len(t, res.PerDoc, 1)
			got := map[string]*metricc.MetricResult{}
			for _, m := range res.PerDoc[0].Metrics {
				got[m.Name] = m
			}
			values := map[string]float64{
				"unscaledArgumentScore": got["arg"].Value,
				"unscaledLinkingScore":  got["link"].Value,
				"scaledLinkingScore":    got["link"].Recall,
				"scaledScore":           got["combined"].Value,
			}
			for what, want := range sc.Expect {
				assert.InDelta(t, want, values[what], 1e-4, what)
				n++
			}
		})
	}
	assert.Equal(t, 43, n)
}

func uniqueID(t *testing.T, cols []string) string {
	t.Helper()
	id, err := eael.ResponseID(cols)
	require.NoError(t, err)
	return id
}
