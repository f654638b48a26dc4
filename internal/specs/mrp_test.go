package specs_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter/mrp"
)

// The MRP fixtures: inputs from mtool's repository (and constructed
// pairs), with what mtool (tag 2019) printed for them, from the project's
// shared cases; testdata/mrp/mtool-exact.json says, per gold graph,
// whether mtool's search finished (recorded by record_mtool.py).
const mrpData = "../../testdata/mrp"

var mrpTypes = []string{"tops", "labels", "properties", "anchors", "edges", "attributes"}

type gsc struct{ G, S, C float64 }

// mtoolOutput is mtool's --score mrp JSON (with --trace: per graph).
type mtoolOutput struct {
	N, Exact int
	Types    map[string]gsc            // the six types and all, from the top level
	Scores   map[string]map[string]gsc `json:"scores"`
}

func readMtool(t *testing.T, path string) mtoolOutput {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(mrpData, path))
	require.NoError(t, err)
	var raw map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &raw))
	out := mtoolOutput{Types: map[string]gsc{}}
	require.NoError(t, json.Unmarshal(raw["n"], &out.N))
	require.NoError(t, json.Unmarshal(raw["exact"], &out.Exact))
	for _, k := range append(slicesClone(mrpTypes), "all") {
		var v gsc
		require.NoError(t, json.Unmarshal(raw[k], &v))
		out.Types[k] = v
	}
	if s, ok := raw["scores"]; ok {
		require.NoError(t, json.Unmarshal(s, &out.Scores))
	}
	return out
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// mtoolExact is testdata/mrp/mtool-exact.json: per fixture and gold graph
// id, whether mtool's search finished within its step limit.
func mtoolExact(t *testing.T) map[string]struct {
	Graphs map[string]struct {
		Exact  bool
		Steps  int
		Counts map[string]gsc
	}
} {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(mrpData, "mtool-exact.json"))
	require.NoError(t, err)
	var out map[string]struct {
		Graphs map[string]struct {
			Exact  bool
			Steps  int
			Counts map[string]gsc
		}
	}
	require.NoError(t, json.Unmarshal(data, &out))
	return out
}

// readMRP is a source of an MRP file of testdata/mrp, named in messages
// by its path there.
func readMRP(t *testing.T, path string) metricc.Source {
	t.Helper()
	return readFile(t, path, filepath.Join(mrpData, path), "mrp")
}

func scoreMRP(t *testing.T, spec, gold, pred string) *metricc.Result {
	t.Helper()
	p := load(t, spec)
	res, err := p.Score(readMRP(t, gold), readMRP(t, pred), metricc.Options{PerDoc: true, Workers: 2})
	require.NoError(t, err)
	return res
}

// mrpCounts reads a result's per-type counts as mtool names them.
func mrpCounts(t *testing.T, ms []*metricc.MetricResult) map[string]gsc {
	t.Helper()
	out := map[string]gsc{}
	for _, m := range ms {
		out[m.Name] = gsc{G: m.Sums.GoldGold, S: m.Sums.PredPred, C: m.Sums.PredGold}
	}
	return out
}

// mrpTies are graph pairs on which mtool's search finished but chose, among
// several correspondences with the most common tuples, one that splits
// them differently among the types than the one metricc's solver chose:
// both count the same all. Listed with both splits, so that a change in
// either shows.
var mrpTies = map[string]map[string][2]gsc{
	// gold node 15 (udef_q, "a block away.") or 16 (card, "a") for system
	// node 15 (_a_q, "a"): one common edge or one common anchor.
	"eds.wsj/20010016": {"anchors": {{19, 18, 17}, {19, 18, 18}}, "edges": {{18, 17, 17}, {18, 17, 16}}},
}

// TestMRPFixtures scores every fixture pair and compares with mtool, graph
// by graph: the gold and system counts of every tuple type are mtool's;
// the common tuples in all (the sum the correspondence maximizes) are
// never fewer than mtool's, and equal where mtool's search finished; each
// type's common tuples are mtool's on those graphs, but for the ties
// listed in mrpTies; every pair is proven optimal.
func TestMRPFixtures(t *testing.T) {
	exact := mtoolExact(t)
	fixtures := []struct{ name, gold, system, expected string }{
		{"partial", "data/score/amr/partial.gold.mrp", "data/score/amr/partial.system.mrp", "expected-2019/partial.mrp.trace.json"},
		{"empty", "data/score/dm/empty.gold.mrp", "data/score/dm/empty.peking.mrp", "expected-2019/empty.mrp.trace.json"},
		{"test12", "data/score/amr/test1.mrp", "data/score/amr/test2.mrp", "expected-2019/test12.mrp.trace.json"},
		{"233", "data/score/amr/233.gold.amr.mrp", "data/score/amr/233.system.amr.mrp", "expected-2019/233.mrp.rrhc0.trace.json"},
		{"first", "data/score/amr/first.gold.amr.mrp", "data/score/amr/first.system.amr.mrp", "expected-2019/first.mrp.rrhc0.trace.json"},
		{"ucca.small", "data/score/ucca/small.gold.mrp", "data/score/ucca/small.tupa.mrp", "expected-2019/ucca.small.mrp.trace.json"},
		{"ucca.anchors", "data/score/ucca/anchors.gold.mrp", "data/score/ucca/anchors.tupa.mrp", "expected-2019/ucca.anchors.mrp.trace.json"},
		{"ucca.test", "data/score/ucca/test.gold.mrp", "data/score/ucca/test.tupa.mrp", "expected-2019/ucca.test.mrp.trace.json"},
		{"psd.107480", "data/score/psd/107480.gold.mrp", "data/score/psd/107480.foxik.mrp", "expected-2019/psd.107480.mrp.trace.json"},
		{"eds.wsj", "data/sample/eds/wsj.mrp", "data/score/eds/wsj.pet.mrp", "expected-2019/eds.wsj.mrp.trace.json"},
		{"constructed", "constructed/gold.mrp", "constructed/system.mrp", "constructed/expected.2019.json"},
	}
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			want := readMtool(t, f.expected)
			res := scoreMRP(t, "mrp", f.gold, f.system)
			// Every gold graph scored once (a system graph without gold is
			// not a document of the result's sums).
			got := mrpCounts(t, res.Metrics)
			allExact := want.Exact == want.N
			for _, k := range append(slicesClone(mrpTypes), "all") {
				assert.Equal(t, want.Types[k].G, got[k].G, "%s gold", k)
				assert.Equal(t, want.Types[k].S, got[k].S, "%s system", k)
			}
			assert.GreaterOrEqual(t, got["all"].C, want.Types["all"].C, "all common")
			search := res.Metric("all").Sums.Search
			assert.Equal(t, search.Pairs, search.Proven, "every pair proven optimal")

			ties := 0
			for _, d := range res.PerDoc {
				id := d.ID[strings.IndexByte(d.ID, '/')+1:]
				w, listed := want.Scores[id]
				if !listed {
					continue // mtool lists graph pairs whose system graph has nodes
				}
				rec, ok := exact[f.name].Graphs[id]
				require.True(t, ok, "graph %s in mtool-exact.json", id)
				g := mrpCounts(t, d.Metrics)
				if g["all"].G == 0 {
					// A gold graph without nodes: mtool counts nothing,
					// micro(gold) leaves the pair out of the sums.
					for _, k := range mrpTypes {
						assert.Equal(t, gsc{}, w[k], "%s %s", id, k)
					}
					continue
				}
				var wAll gsc
				for _, k := range mrpTypes {
					assert.Equal(t, w[k].G, g[k].G, "%s %s gold", id, k)
					assert.Equal(t, w[k].S, g[k].S, "%s %s system", id, k)
					wAll.C += w[k].C
					// The recording of exactness is the same run as the
					// reference counts (same per-type counts).
					assert.Equal(t, w[k], rec.Counts[k], "%s %s: mtool-exact.json and %s", id, k, f.expected)
				}
				assert.GreaterOrEqual(t, g["all"].C, wAll.C, "%s all common", id)
				if !rec.Exact {
					continue
				}
				assert.Equal(t, wAll.C, g["all"].C, "%s all common (mtool's search finished)", id)
				tie := mrpTies[f.name+"/"+id]
				for _, k := range mrpTypes {
					if pair, ok := tie[k]; ok {
						assert.Equal(t, pair[0], w[k], "%s %s: mtool's split", id, k)
						assert.Equal(t, pair[1], g[k], "%s %s: metricc's split", id, k)
						ties++
						continue
					}
					assert.Equal(t, w[k].C, g[k].C, "%s %s common", id, k)
				}
			}
			if allExact && ties == 0 {
				for _, k := range append(slicesClone(mrpTypes), "all") {
					assert.Equal(t, want.Types[k].C, got[k].C, "%s common", k)
				}
			}
		})
	}
}

// TestMRPConventions checks the 2019 scorer's pairing conventions on the
// constructed pair, with the warnings that report them: a missing system
// graph scores as empty, a system graph without gold is not scored, a gold
// graph without nodes counts nothing.
func TestMRPConventions(t *testing.T) {
	p := load(t, "mrp")
	var warnings []string
	res, err := p.Score(readMRP(t, "constructed/gold.mrp"), readMRP(t, "constructed/system.mrp"),
		metricc.Options{PerDoc: true, Warn: func(w string) { warnings = append(warnings, w) }})
	require.NoError(t, err)
	var ids []string
	for _, d := range res.PerDoc {
		ids = append(ids, d.ID)
	}
	assert.Equal(t, []string{"eds/norm", "eds/diff", "eds/missing", "eds/emptygold", "eds/perm"}, ids)
	assert.Equal(t, []string{
		`constructed/gold.mrp: graph "eds/missing" (line 3) is not in constructed/system.mrp: scored against an empty prediction, as the MRP 2019 scorer does`,
		`constructed/system.mrp: graph "eds/extra" (line 3) is not in constructed/gold.mrp: not scored, as the MRP 2019 scorer does`,
		`constructed/gold.mrp: graph "eds/emptygold" (line 4): the gold scores 0 against itself: left out of all (micro(gold)), whatever the prediction has`,
	}, warnings)
	// The empty gold's pair still has its own sums; the corpus leaves it out.
	assert.Equal(t, gsc{0, 3, 0}, mrpCounts(t, res.PerDoc[3].Metrics)["all"])
	assert.Equal(t, gsc{36, 32, 29}, mrpCounts(t, res.Metrics)["all"])
	assert.Equal(t, "micro(gold)", res.Metric("all").Average)
	assert.Equal(t, "all[tops]", res.Metric("tops").RowOf)
}

// TestMRPLimits: whatever limits mtool searches with, metricc finds at
// least as many common tuples (it proves the optimum).
func TestMRPLimits(t *testing.T) {
	res := scoreMRP(t, "mrp", "data/sample/eds/wsj.mrp", "data/score/eds/wsj.pet.mrp")
	all := mrpCounts(t, res.Metrics)["all"]
	assert.Equal(t, gsc{8092, 7803, 7572}, all)
	for _, limit := range []string{"0-0", "0-1000", "2-1000", "0-500000"} {
		want := readMtool(t, "expected-2019/eds.wsj.mrp.limit."+limit+".json")
		assert.Equal(t, want.Types["all"].G, all.G, limit)
		assert.Equal(t, want.Types["all"].S, all.S, limit)
		assert.Greater(t, all.C, want.Types["all"].C, limit)
	}
}

// TestEDM compares edm.metric with mtool's --score edm on the EDS pair:
// there is no correspondence to search, so every count is mtool's.
func TestEDM(t *testing.T) {
	res := scoreMRP(t, "edm", "data/sample/eds/wsj.mrp", "data/score/eds/wsj.pet.mrp")
	data, err := os.ReadFile(filepath.Join(mrpData, "expected-2019/eds.wsj.edm.json"))
	require.NoError(t, err)
	var want map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &want))
	got := mrpCounts(t, res.Metrics)
	for _, k := range []string{"names", "arguments", "tops", "properties", "all"} {
		var w struct{ G, S, C, P, R, F float64 }
		require.NoError(t, json.Unmarshal(want[k], &w))
		assert.Equal(t, gsc{w.G, w.S, w.C}, got[k], k)
		m := res.Metric(k)
		assert.InDelta(t, w.P, m.Precision, 1e-12, k)
		assert.InDelta(t, w.R, m.Recall, 1e-12, k)
		assert.InDelta(t, w.F, m.F1, 1e-12, k)
	}
}

// TestSmatchOnMRP compares smatch.metric on MRP graphs (the adapter's
// props: mtool's --score smatch triples) with mtool's --score smatch,
// which uses smatch's hill climbing: totals equal, matches never fewer
// (here equal).
func TestSmatchOnMRP(t *testing.T) {
	for _, c := range []struct{ gold, system, expected string }{
		{"data/sample/eds/wsj.mrp", "data/score/eds/wsj.pet.mrp", "expected-2019/eds.wsj.smatch.json"},
		{"data/score/amr/test1.mrp", "data/score/amr/test2.mrp", "expected-2019/test12.smatch.json"},
	} {
		res := scoreMRP(t, "smatch", c.gold, c.system)
		data, err := os.ReadFile(filepath.Join(mrpData, c.expected))
		require.NoError(t, err)
		var w struct{ N, G, S, C int }
		require.NoError(t, json.Unmarshal(data, &w))
		s := res.Metric("smatch").Sums
		assert.Equal(t, float64(w.G), s.GoldGold, c.expected)
		assert.Equal(t, float64(w.S), s.PredPred, c.expected)
		assert.Equal(t, float64(w.C), s.PredGold, c.expected)
		assert.Equal(t, s.Search.Pairs, s.Search.Proven, c.expected)
		assert.Len(t, res.PerDoc, w.N)
	}
}

// TestMRPElementOrder shuffles the tuples of every graph of the EDS pair:
// every document's counts, each type's included, are unchanged. Where
// several correspondences are optimal, the breakdown breaks the tie by its
// key order, not by the order of the tuples.
func TestMRPElementOrder(t *testing.T) {
	p := load(t, "mrp")
	input := inputType(t, "mrp")
	rng := rand.New(rand.NewPCG(7, 8))
	gold, system := "data/sample/eds/wsj.mrp", "data/score/eds/wsj.pet.mrp"
	// shuffle reads an MRP file through the adapter and shuffles the
	// tuples of each of its documents.
	shuffle := func(path string) metricc.Source {
		f, err := os.Open(filepath.Join(mrpData, path))
		require.NoError(t, err)
		defer f.Close()
		in, err := mrp.Parse(path, f)
		require.NoError(t, err)
		var docs []any
		for _, d := range in.Docs {
			var v any
			require.NoError(t, json.Unmarshal([]byte(d.JSON), &v))
			docs = append(docs, shuffleValue(rng, v, input))
		}
		return metricc.Values(path, docs...)
	}
	want, err := p.Score(readMRP(t, gold), readMRP(t, system), metricc.Options{PerDoc: true})
	require.NoError(t, err)
	for round := range 3 {
		// The shuffled documents are plain JSON, without the mrp format's
		// convention for a gold graph the system lacks (scored against an
		// empty prediction): AllowMissing says the same.
		got, err := p.Score(shuffle(gold), shuffle(system), metricc.Options{PerDoc: true, AllowMissing: true})
		require.NoError(t, err)
		require.Len(t, got.PerDoc, len(want.PerDoc))
		for d := range want.PerDoc {
			require.Equal(t, want.PerDoc[d].ID, got.PerDoc[d].ID)
			for m, w := range want.PerDoc[d].Metrics {
				g := got.PerDoc[d].Metrics[m]
				require.Equal(t, w.Sums.PredGold, g.Sums.PredGold, "round %d %s %s", round, want.PerDoc[d].ID, w.Name)
			}
		}
	}
}
