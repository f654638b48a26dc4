package specs_test

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/amrgen"
)

// writePair writes a generated pair as gold and predicted Penman files.
func writePair(t *testing.T, p amrgen.Pair) (gold, pred string) {
	dir := t.TempDir()
	gold, pred = filepath.Join(dir, "gold.amr"), filepath.Join(dir, "pred.amr")
	require.NoError(t, os.WriteFile(gold, []byte(strings.Join(p.Gold, "\n\n")+"\n"), 0o644))
	require.NoError(t, os.WriteFile(pred, []byte(strings.Join(p.Pred, "\n\n")+"\n"), 0o644))
	return gold, pred
}

// TestSmatchPathological: amrgen's pathological pairs. A 5,000-node chain
// and a 1,000-leaf star against themselves are proven at once (no node),
// 60-node one-concept graphs stop at the work budget with a gap,
// deterministically, and an interrupt stops them as such.
func TestSmatchPathological(t *testing.T) {
	p := load(t, "smatch")
	fixed := amrgen.Fixed()
	for _, name := range []string{"chain5000", "star1000"} {
		gold, pred := writePair(t, fixed[name])
		res := scoreAMR(t, p, gold, pred, metricc.Options{})
		m := res.Metrics[0]
		assert.Equal(t, 1.0, m.F1, name)
		assert.Equal(t, metricc.SearchStats{Pairs: 1, Proven: 1}, m.Sums.Search, name)
	}
	gold, pred := writePair(t, fixed["onecon60"])
	stop := make(chan struct{})
	close(stop)
	for _, tt := range []struct {
		name    string
		opts    metricc.Options
		matched float64
		want    metricc.SearchStats
	}{
		// smatch -r 4 finds 88 (recorded in testdata/amr/pathological.json).
		{"work", metricc.Options{Search: metricc.SearchLimits{MaxWork: 1e8}}, 96, metricc.SearchStats{Pairs: 1, MaxGap: 9}},
		// Not expanded: the linear-time heuristics alone (weaker here
		// than smatch's, which has all candidate pairs).
		{"pairs", metricc.Options{Search: metricc.SearchLimits{MaxPairs: 1}}, 83, metricc.SearchStats{Pairs: 1, MaxGap: 36}},
		{"interrupt", metricc.Options{Search: metricc.SearchLimits{Stop: stop}}, 80, metricc.SearchStats{Pairs: 1, MaxGap: 39, Interrupted: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := scoreAMR(t, p, gold, pred, tt.opts)
			s := res.Metrics[0].Sums
			assert.Equal(t, 126.0, s.PredPred)
			assert.Equal(t, 126.0, s.GoldGold)
			assert.Equal(t, tt.matched, s.PredGold)
			// Nodes are searched only when the budget allows.
			assert.Equal(t, tt.name == "work", s.Search.Nodes > 0, "nodes %d", s.Search.Nodes)
			s.Search.Nodes = 0
			assert.Equal(t, tt.want, s.Search)
		})
	}
}

// TestLatentPairBudget: a latent matching that is not Smatch's class form
// (here N:1) builds at most MaxPairs candidate pairs; when some are left
// out its gap is unknown (+Inf, printed as null).
func TestLatentPairBudget(t *testing.T) {
	src := `type Prop { rel: string, subj: var, obj: var | string }
type Doc  { id: string, props: set<Prop> }
input Doc
metric m = F->[props](delta)`
	p, err := metricc.Compile("m.metric", src)
	require.NoError(t, err)
	gold, pred := writePair(t, amrgen.Fixed()["near60"])
	for _, tt := range []struct {
		pairs  int
		proven int
		gap    float64
	}{{0, 10, 0}, {1, 0, math.Inf(1)}} {
		res := scoreAMR(t, p, gold, pred, metricc.Options{Search: metricc.SearchLimits{MaxPairs: tt.pairs}})
		st := res.Metrics[0].Sums.Search
		assert.Equal(t, tt.proven, st.Proven, "MaxPairs %d", tt.pairs)
		assert.Equal(t, tt.gap, st.MaxGap, "MaxPairs %d", tt.pairs)
	}
}

// TestSmatchWorkers: the same budgeted results with one worker or two.
func TestSmatchWorkers(t *testing.T) {
	p := load(t, "smatch")
	gold, pred := writePair(t, amrgen.Fixed()["near200"])
	var sums []metricc.Sums
	for _, w := range []int{1, 2} {
		res, err := p.Score(metricc.FileFormat(gold, "penman"), metricc.FileFormat(pred, "penman"), metricc.Options{PerDoc: true, Workers: w, Search: metricc.SearchLimits{MaxWork: 1e6}})
		require.NoError(t, err)
		for _, d := range res.PerDoc {
			sums = append(sums, d.Metrics[0].Sums)
		}
	}
	require.Len(t, sums, 20)
	assert.Equal(t, sums[:10], sums[10:])
}

// TestSmatchPathologicalAgainstSmatch scores the generated pairs that
// smatch -r 4 was run on (testdata/amr/smatch-r4-pathological.json, by
// smatch_r4.py) and checks, per AMR pair, the triple totals and that
// metricc matches at least as many triples as smatch found. The one-concept
// pair runs with a small budget (10^8 units), the others with the default.
func TestSmatchPathologicalAgainstSmatch(t *testing.T) {
	p := load(t, "smatch")
	var fixture recordedCounts
	readRecorded(t, "smatch-r4-pathological.json", &fixture)
	require.Len(t, fixture.Pairs, 4)
	fixed := amrgen.Fixed()
	for _, pair := range fixture.Pairs {
		t.Run(pair.Name, func(t *testing.T) {
			gold, pred := writePair(t, fixed[pair.Name])
			opts := metricc.Options{PerDoc: true}
			if pair.Name == "onecon60" {
				opts.Search = metricc.SearchLimits{MaxWork: 1e8}
			}
			res := scoreAMR(t, p, gold, pred, opts)
			require.Len(t, res.PerDoc, len(pair.Counts))
			for i, d := range res.PerDoc {
				s := d.Metrics[0].Sums
				want := pair.Counts[i]
				assert.Equal(t, want[1], s.PredPred, "pair %d: predicted triples", i+1)
				assert.Equal(t, want[2], s.GoldGold, "pair %d: gold triples", i+1)
				assert.GreaterOrEqual(t, s.PredGold, want[0], "pair %d: matched triples", i+1)
			}
		})
	}
}

// TestSmatchDocsAgainstSmatch joins the Little Prince pairs of the shared
// cases into documents of K sentences (multi-sentence roots), as amrgen
// -join K does, and checks the first document pair against what smatch -r
// 4 found (testdata/amr/smatch-r4-docs.json): equal totals, and at least
// as many matched triples under the default budget.
func TestSmatchDocsAgainstSmatch(t *testing.T) {
	const lpp = amrCases + "/lpp-" // copies of the shared cases amrparseeval-lpp/{tgt,src}.test.amr
	goldText, err := os.ReadFile(lpp + "tgt.test.amr")
	require.NoError(t, err)
	predText, err := os.ReadFile(lpp + "src.test.amr")
	require.NoError(t, err)
	var fixture recordedCounts
	readRecorded(t, "smatch-r4-docs.json", &fixture)
	require.Len(t, fixture.Pairs, 2)
	p := load(t, "smatch")
	for _, pair := range fixture.Pairs {
		t.Run(pair.Name, func(t *testing.T) {
			k, err := strconv.Atoi(strings.TrimPrefix(pair.Name, "doc"))
			require.NoError(t, err)
			doc := amrgen.Pair{
				Gold: amrgen.JoinDocs(amrgen.SplitAMRs(string(goldText)), k)[:1],
				Pred: amrgen.JoinDocs(amrgen.SplitAMRs(string(predText)), k)[:1],
			}
			gold, pred := writePair(t, doc)
			s := scoreAMR(t, p, gold, pred, metricc.Options{}).Metrics[0].Sums
			want := pair.Counts[0]
			assert.Equal(t, want[1], s.PredPred)
			assert.Equal(t, want[2], s.GoldGold)
			assert.GreaterOrEqual(t, s.PredGold, want[0])
			t.Logf("K=%d: metricc %v (search %+v), smatch -r 4 %v", k, s.PredGold, s.Search, want[0])
		})
	}
}
