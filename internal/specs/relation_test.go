package specs_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/document"
)

// ---- helpers shared by the task spec tests (relation, dependency, event,
// ree, scirex) ----

// prf is an expected precision, recall and F1.
type prf struct{ P, R, F float64 }

// counts builds a prf from a numerator and the two denominators, with the
// conventions of the scorers: x/0 = 0 and F1 the harmonic mean of P and R.
func counts(num, predDen, goldDen float64) prf {
	return ratios(num, predDen, num, goldDen)
}

// ratios is counts with separate precision and recall numerators.
func ratios(pNum, pDen, rNum, rDen float64) prf {
	var v prf
	if pDen != 0 {
		v.P = pNum / pDen
	}
	if rDen != 0 {
		v.R = rNum / rDen
	}
	if v.P+v.R != 0 {
		v.F = 2 * v.P * v.R / (v.P + v.R)
	}
	return v
}

func (v prf) String() string { return fmt.Sprintf("P=%.6f R=%.6f F=%.6f", v.P, v.R, v.F) }

// scoreTask scores testdata/<task>/gold.json against pred.json with the
// shipped spec <task>, keeping per-document results.
func scoreTask(t *testing.T, task string, opts metricc.Options) *metricc.Result {
	t.Helper()
	p := load(t, task)
	opts.PerDoc = true
	if opts.Workers == 0 {
		opts.Workers = 2
	}
	res, err := p.Score(metricc.FileFormat(filepath.Join("..", "..", "testdata", task, "gold.json"), "json"),
		metricc.FileFormat(filepath.Join("..", "..", "testdata", task, "pred.json"), "json"), opts)
	require.NoError(t, err)
	return res
}

// corpusPRF returns the corpus P, R and F1 of every metric.
func corpusPRF(res *metricc.Result) map[string]prf {
	out := map[string]prf{}
	for _, m := range res.Metrics {
		out[m.Name] = prf{m.Precision, m.Recall, m.F1}
	}
	return out
}

// docPRF returns the P, R and F1 of every metric on one document.
func docPRF(t *testing.T, res *metricc.Result, id string) map[string]prf {
	t.Helper()
	for _, d := range res.PerDoc {
		if d.ID == id {
			out := map[string]prf{}
			for _, m := range d.Metrics {
				out[m.Name] = prf{m.Precision, m.Recall, m.F1}
			}
			return out
		}
	}
	t.Fatalf("no document %q", id)
	return nil
}

// subsetPRF is the micro P, R and F1 of each metric over some documents,
// from their per-document sums.
func subsetPRF(t *testing.T, res *metricc.Result, ids []string) map[string]prf {
	t.Helper()
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	sums := map[string]*metricc.Sums{}
	found := 0
	for _, d := range res.PerDoc {
		if !want[d.ID] {
			continue
		}
		found++
		for _, m := range d.Metrics {
			s := sums[m.Name]
			if s == nil {
				s = &metricc.Sums{}
				sums[m.Name] = s
			}
			s.PredGold += m.Sums.PredGold
			s.PredPred += m.Sums.PredPred
			s.GoldGold += m.Sums.GoldGold
			s.PredGoldRecall += m.Sums.PredGoldRecall
		}
	}
	require.Equal(t, len(ids), found, "documents %v", ids)
	out := map[string]prf{}
	for name, s := range sums {
		out[name] = ratios(s.PredGold, s.PredPred, s.PredGoldRecall, s.GoldGold)
	}
	return out
}

// assertPRF checks every expected metric to 1e-9, and that no metric of
// got goes unchecked.
func assertPRF(t *testing.T, what string, got, want map[string]prf) {
	t.Helper()
	for name, w := range want {
		g, ok := got[name]
		if !assert.True(t, ok, "%s: no metric %q", what, name) {
			continue
		}
		assert.InDelta(t, w.P, g.P, 1e-9, "%s %s precision: got %v want %v", what, name, g, w)
		assert.InDelta(t, w.R, g.R, 1e-9, "%s %s recall: got %v want %v", what, name, g, w)
		assert.InDelta(t, w.F, g.F, 1e-9, "%s %s f1: got %v want %v", what, name, g, w)
	}
	for name := range got {
		assert.Contains(t, want, name, "%s: metric %q has no expected value", what, name)
	}
}

// readDocs decodes testdata/<task>/<file> into Go values keyed by "id", for
// the brute-force recomputations (which use no metricc code past reading
// the file into documents).
func readDocs[T any](t *testing.T, task, file string) (map[string]T, []string) {
	t.Helper()
	in, err := document.ReadJSONFile(filepath.Join("..", "..", "testdata", task, file), "auto")
	require.NoError(t, err)
	docs := map[string]T{}
	var ids []string
	for _, d := range in.Docs {
		var head struct {
			ID string `json:"id"`
		}
		require.NoError(t, json.Unmarshal([]byte(d.JSON), &head))
		var v T
		require.NoError(t, json.Unmarshal([]byte(d.JSON), &v))
		docs[head.ID] = v
		ids = append(ids, head.ID)
	}
	return docs, ids
}

// multisetOverlap is Σ_k min(#k in xs, #k in ys): the size of a maximum
// one-to-one matching between xs and ys when two items match iff their keys
// are equal.
func multisetOverlap(xs, ys []string) int {
	count := map[string]int{}
	for _, y := range ys {
		count[y]++
	}
	n := 0
	for _, x := range xs {
		if count[x] > 0 {
			count[x]--
			n++
		}
	}
	return n
}

// distinct removes repeated keys, keeping the first occurrence (set<T>).
func distinct[T any](xs []T) []T {
	seen := map[string]bool{}
	var out []T
	for _, x := range xs {
		k, _ := json.Marshal(x)
		if !seen[string(k)] {
			seen[string(k)] = true
			out = append(out, x)
		}
	}
	return out
}

// ---- relation extraction ----

type reEntity struct {
	Left, Right int
	Type        string
}

type reRelation struct {
	Type string
	Subj reEntity
	Obj  reEntity
}

type reDoc struct {
	Relations []reRelation
}

// Expected corpus values for testdata/relation, computed by hand:
//
//	document  pred gold  strict  boundaries
//	toy        3    2      1        2   (Work_For's object is LOC, not ORG: a boundaries match only)
//	empty      0    0      0        0
//	no-pred    0    2      0        0
//	no-gold    1    0      0        0
//	dups       2    1      1        1   (3 listed, 2 distinct; the GPE variant only boundary-matches,
//	                                    and the gold relation is used once)
//	partial    6    3      0        1   (off-by-one subject span, off-by-one object span, swapped
//	                                    arguments, two wrong relation types: no match; wrong
//	                                    object type: boundaries only)
//	total     12    8      2        4
var relationWant = map[string]prf{
	"relf1":            counts(2, 12, 8),
	"relf1_boundaries": counts(4, 12, 8),
}

// TestRelationSpec scores testdata/relation with relation.metric.
func TestRelationSpec(t *testing.T) {
	res := scoreTask(t, "relation", metricc.Options{})
	assert.Equal(t, 6, res.Documents)
	assertPRF(t, "corpus", corpusPRF(res), relationWant)

	// The worked example of the notes on the paper: strict F = 0.4,
	// boundaries F = 0.8.
	assertPRF(t, "toy", docPRF(t, res, "toy"), map[string]prf{
		"relf1":            {1.0 / 3, 1.0 / 2, 0.4},
		"relf1_boundaries": {2.0 / 3, 1, 0.8},
	})
	// Both sides empty: 1 per document, by the convention for 0/0 of two
	// empty collections; it adds nothing to the corpus sums.
	assertPRF(t, "empty", docPRF(t, res, "empty"), map[string]prf{
		"relf1":            {1, 1, 1},
		"relf1_boundaries": {1, 1, 1},
	})
}

// TestRelationBruteForce recomputes testdata/relation from the textbook
// definition (a relation is correct when its tuple equals a gold tuple;
// sets of distinct relations, multiset intersection of the compared keys)
// and checks it against the hand computation above.
func TestRelationBruteForce(t *testing.T) {
	gold, ids := readDocs[reDoc](t, "relation", "gold.json")
	pred, _ := readDocs[reDoc](t, "relation", "pred.json")
	strict := func(r reRelation) string { return fmt.Sprint(r) }
	boundaries := func(r reRelation) string {
		return fmt.Sprint(r.Type, r.Subj.Left, r.Subj.Right, r.Obj.Left, r.Obj.Right)
	}
	got := map[string]prf{}
	for name, key := range map[string]func(reRelation) string{"relf1": strict, "relf1_boundaries": boundaries} {
		var num, np, ng int
		for _, id := range ids {
			xs, ys := distinct(pred[id].Relations), distinct(gold[id].Relations)
			var kx, ky []string
			for _, r := range xs {
				kx = append(kx, key(r))
			}
			for _, r := range ys {
				ky = append(ky, key(r))
			}
			num += multisetOverlap(kx, ky)
			np += len(xs)
			ng += len(ys)
		}
		got[name] = counts(float64(num), float64(np), float64(ng))
	}
	assertPRF(t, "brute force", got, relationWant)
}

// TestTaskSpecExamples scores the example document in the header comment
// of each task spec against itself: the documented input shape must read,
// and every metric must be 1.
func TestTaskSpecExamples(t *testing.T) {
	for _, name := range []string{"anls", "relation", "dependency", "event", "ree", "scirex", "templates", "mrp", "edm", "eael", "conll16", "ud", "ner", "amr-fine", "docsmatch"} {
		t.Run(name, func(t *testing.T) {
			text, ok := metricc.ShippedSource(name)
			require.True(t, ok)
			var example strings.Builder
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(line, "#   ") {
					example.WriteString(strings.TrimPrefix(line, "#"))
				} else if example.Len() > 0 {
					break
				}
			}
			require.True(t, json.Valid([]byte(example.String())), "example of %s: %s", name, example.String())
			res, err := load(t, name).Score(metricc.Reader("example", strings.NewReader(example.String()), "json"),
				metricc.Reader("example", strings.NewReader(example.String()), "json"), metricc.Options{Workers: 1})
			require.NoError(t, err)
			require.NotEmpty(t, res.Metrics)
			for _, m := range res.Metrics {
				if m.Kind == metricc.KindCorpusValue {
					assert.Equal(t, 1.0, m.Value, m.Name)
					continue
				}
				assert.Equal(t, [3]float64{1, 1, 1}, [3]float64{m.Precision, m.Recall, m.F1}, m.Name)
			}
		})
	}
}

// scoreValues scores gold against pred documents given as Go values (each
// marshals to one JSON document) with the shipped spec name.
func scoreValues(t *testing.T, name string, gold, pred []any) map[string]prf {
	t.Helper()
	res, err := load(t, name).Score(metricc.Values("gold", gold...), metricc.Values("pred", pred...), metricc.Options{Workers: 2})
	require.NoError(t, err)
	return corpusPRF(res)
}

// randomRounds scores 20 rounds of 8 random document pairs from doc with
// the shipped spec and compares every metric with brute, the metric
// recomputed directly from its definition. The mean F1 of every metric must
// stay between lo and hi: a test where everything or nothing matches
// proves little.
func randomRounds[D any](t *testing.T, spec string, doc func() (g, p D),
	brute func(gold, pred map[string]D, ids []string) map[string]prf, lo, hi float64) {
	t.Helper()
	withID := func(id string, d D) any {
		data, err := json.Marshal(d)
		require.NoError(t, err)
		var fields map[string]any
		require.NoError(t, json.Unmarshal(data, &fields))
		fields["id"] = id
		return fields
	}
	mean := map[string]float64{}
	for round := range 20 {
		gold, pred := map[string]D{}, map[string]D{}
		var ids []string
		var gj, pj []any
		for i := range 8 {
			id := fmt.Sprint(round, "-", i)
			ids = append(ids, id)
			gold[id], pred[id] = doc()
			gj = append(gj, withID(id, gold[id]))
			pj = append(pj, withID(id, pred[id]))
		}
		want := brute(gold, pred, ids)
		assertPRF(t, fmt.Sprint("round ", round), scoreValues(t, spec, gj, pj), want)
		for name, v := range want {
			mean[name] += v.F / 20
		}
	}
	for name, f1 := range mean {
		assert.Greater(t, f1, lo, name)
		assert.Less(t, f1, hi, name)
	}
}
