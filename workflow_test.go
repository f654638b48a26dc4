package metricc_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// mixSpec uses every kind of result the aggregation knows: sums metrics
// with and without N, breakdown rows, declared macro and macro(gold), a
// param, a declared value (J), prf, and corpus metrics on values and on
// whole metrics.
const mixSpec = `
param cutoff = 0.5
type Mention { left: int, right: int, label: string }
type Entity { mentions: set<Mention> }
type Doc { id: string, entities: set<Entity>, spans: set<Mention> }
input Doc
let phi3 = S<->[mentions](delta)
metric muc = F~[entities](max(0, phi3 - 1))
metric b3 = N<->[memberships(entities)](delta[mention] * N<->[entity.mentions](delta))
metric ceafe = F<->[entities](F<->[mentions](delta))
metric ner = F<->[spans](delta) by label
metric nerm = F<->[spans](delta[left] * [[ 1 >= cutoff ]]) macro
metric nerg = F<->[spans](delta) macro(gold)
metric jac = J<->[spans](delta)
metric util = U(0.5)<->[spans](delta[label]) micro(clip)
metric split = prf(F<->[spans](delta), F<->[spans](delta[left]))
metric avg = (muc.f1 + b3.f1 + ceafe.f1) / 3
metric whole = (muc + b3) / 2
`

type mixMention struct {
	Left  int    `json:"left"`
	Right int    `json:"right"`
	Label string `json:"label"`
}
type mixEntity struct {
	Mentions []mixMention `json:"mentions"`
}
type mixDoc struct {
	ID       string       `json:"id"`
	Entities []mixEntity  `json:"entities"`
	Spans    []mixMention `json:"spans"`
}

func randomMixDoc(rng *rand.Rand, id string) mixDoc {
	d := mixDoc{ID: id, Entities: []mixEntity{}, Spans: []mixMention{}}
	if rng.IntN(6) == 0 {
		return d // empty: the per-document conventions of macro averages
	}
	labels := []string{"PER", "ORG", "LOC"}
	mention := func() mixMention {
		l := rng.IntN(15)
		return mixMention{l, l + rng.IntN(2), labels[rng.IntN(len(labels))]}
	}
	for range rng.IntN(4) {
		var e mixEntity
		for range 1 + rng.IntN(4) {
			e.Mentions = append(e.Mentions, mention())
		}
		d.Entities = append(d.Entities, e)
	}
	for range rng.IntN(6) {
		d.Spans = append(d.Spans, mention())
	}
	return d
}

func toAny(docs []mixDoc) []any {
	out := make([]any, len(docs))
	for i, d := range docs {
		out[i] = d
	}
	return out
}

// statsOf scores gold and pred and writes their stats file.
func statsOf(t *testing.T, spec *metricc.Spec, gold, pred []mixDoc, opts metricc.Options) []byte {
	t.Helper()
	st, err := spec.ScoreStats(metricc.Values("gold.json", toAny(gold)...), metricc.Values("pred.json", toAny(pred)...), opts)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = st.WriteTo(&b)
	require.NoError(t, err)
	return b.Bytes()
}

func jsonOf(t *testing.T, st *metricc.Stats, opts metricc.Options) string {
	t.Helper()
	res, err := st.Result(opts)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, res.WriteJSON(&b))
	return b.String()
}

// TestMergeIdenticalToOneRun: a corpus split into random shards (random
// sizes, documents assigned at random, each shard's files in a shuffled
// order), scored apart and merged in a shuffled order, prints exactly the
// bytes of one run over the whole corpus: micro, macro, breakdowns, prf,
// declared values, corpus metrics and bootstrap intervals alike. Split in
// contiguous shards merged in order, the per-document output is the same
// too.
func TestMergeIdenticalToOneRun(t *testing.T) {
	spec, err := metricc.Compile("mix.metric", mixSpec, metricc.WithParam("cutoff", 0.8))
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(11, 12))
	reports := []metricc.Options{{}, {Macro: true}, {Bootstrap: 200, Seed: 7}, {Metrics: []string{"avg", "ner"}}}
	for trial := range 12 {
		n := 1 + rng.IntN(40)
		var gold, pred []mixDoc
		for d := range n {
			id := fmt.Sprintf("doc%02d", d)
			gold = append(gold, randomMixDoc(rng, id))
			pred = append(pred, randomMixDoc(rng, id))
		}
		whole, err := metricc.ReadStats("whole.stats", bytes.NewReader(statsOf(t, spec, gold, pred, metricc.Options{})))
		require.NoError(t, err)

		k := 1 + rng.IntN(6)
		shardGold, shardPred := make([][]mixDoc, k), make([][]mixDoc, k)
		for d := range n {
			s := rng.IntN(k)
			shardGold[s] = append(shardGold[s], gold[d])
			shardPred[s] = append(shardPred[s], pred[d])
		}
		var files [][]byte
		for s := range k {
			if len(shardGold[s]) == 0 {
				continue
			}
			rng.Shuffle(len(shardGold[s]), func(i, j int) { shardGold[s][i], shardGold[s][j] = shardGold[s][j], shardGold[s][i] })
			rng.Shuffle(len(shardPred[s]), func(i, j int) { shardPred[s][i], shardPred[s][j] = shardPred[s][j], shardPred[s][i] })
			files = append(files, statsOf(t, spec, shardGold[s], shardPred[s], metricc.Options{}))
		}
		rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
		var m metricc.Merger
		for i, f := range files {
			require.NoError(t, m.Add(fmt.Sprintf("shard%d.stats", i), bytes.NewReader(f)))
		}
		merged, err := m.Stats()
		require.NoError(t, err)
		require.Equal(t, n, merged.Documents())
		for _, opts := range reports {
			assert.Equal(t, jsonOf(t, whole, opts), jsonOf(t, merged, opts), "trial %d, %d shards, %+v", trial, len(files), opts)
		}

		// Shards of the whole files (run --shard K/N), merged in any
		// order: the documents are put back in corpus order, so --per-doc
		// is the same too.
		var inOrder metricc.Merger
		parts := rng.Perm(k)
		for _, s := range parts {
			data := statsOf(t, spec, gold, pred, metricc.Options{Shard: s + 1, Shards: k})
			require.NoError(t, inOrder.Add(fmt.Sprintf("part%d.stats", s+1), bytes.NewReader(data)))
		}
		ordered, err := inOrder.Stats()
		require.NoError(t, err)
		perDoc := metricc.Options{PerDoc: true, Bootstrap: 50, Seed: 1}
		assert.Equal(t, jsonOf(t, whole, perDoc), jsonOf(t, ordered, perDoc), "trial %d", trial)
	}
}

// TestScoreEqualsStats: Score is ScoreStats then Result, and a stats file
// read back gives the same result.
func TestScoreEqualsStats(t *testing.T) {
	spec, err := metricc.Compile("mix.metric", mixSpec)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 1))
	var gold, pred []mixDoc
	for d := range 25 {
		gold = append(gold, randomMixDoc(rng, fmt.Sprint(d)))
		pred = append(pred, randomMixDoc(rng, fmt.Sprint(d)))
	}
	opts := metricc.Options{PerDoc: true, Bootstrap: 100}
	res, err := spec.Score(metricc.Values("gold.json", toAny(gold)...), metricc.Values("pred.json", toAny(pred)...), opts)
	require.NoError(t, err)
	var direct bytes.Buffer
	require.NoError(t, res.WriteJSON(&direct))
	st, err := metricc.ReadStats("x.stats", bytes.NewReader(statsOf(t, spec, gold, pred, metricc.Options{})))
	require.NoError(t, err)
	assert.Equal(t, direct.String(), jsonOf(t, st, opts))
}

// TestMergeRefuses: stats of different specs, params, metrics, versions
// or formats are not merged, nor overlapping shards or a truncated file;
// each error says why.
func TestMergeRefuses(t *testing.T) {
	spec, err := metricc.Compile("mix.metric", mixSpec)
	require.NoError(t, err)
	other, err := metricc.Compile("mix.metric", mixSpec, metricc.WithParam("cutoff", 0.9))
	require.NoError(t, err)
	coref, err := metricc.Load("coref")
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(2, 2))
	docs := func(from, to int) (gold, pred []mixDoc) {
		for d := from; d < to; d++ {
			gold = append(gold, randomMixDoc(rng, fmt.Sprint(d)))
			pred = append(pred, randomMixDoc(rng, fmt.Sprint(d)))
		}
		return gold, pred
	}
	g1, p1 := docs(0, 5)
	g2, p2 := docs(5, 9)
	a := statsOf(t, spec, g1, p1, metricc.Options{})
	b := statsOf(t, spec, g2, p2, metricc.Options{})
	merge := func(files ...[]byte) error {
		var m metricc.Merger
		for i, f := range files {
			if err := m.Add(fmt.Sprintf("s%d.stats", i+1), bytes.NewReader(f)); err != nil {
				return err
			}
		}
		_, err := m.Stats()
		return err
	}
	require.NoError(t, merge(a, b))
	corefStats, err := coref.ScoreStats(metricc.File("testdata/coref/example-gold.json"), metricc.File("testdata/coref/example-pred.jsonl"), metricc.Options{})
	require.NoError(t, err)
	var cs bytes.Buffer
	_, err = corefStats.WriteTo(&cs)
	require.NoError(t, err)
	newer := bytes.Replace(b, []byte(`"metricc":"`+metricc.Version+`"`), []byte(`"metricc":"9.9.9"`), 1)
	require.NotEqual(t, b, newer)
	format2 := bytes.Replace(b, []byte(`"metricc_stats":1`), []byte(`"metricc_stats":2`), 1)
	lines := bytes.SplitAfter(b, []byte("\n"))
	truncated := bytes.Join(lines[:len(lines)-2], nil)
	for _, c := range []struct {
		name  string
		files [][]byte
		want  string
	}{
		{"different specs", [][]byte{a, cs.Bytes()}, "cannot merge s1.stats (spec mix.metric, sha256 "},
		{"different params", [][]byte{a, statsOf(t, other, g2, p2, metricc.Options{})}, "the same spec with different params (cutoff=0.5 against cutoff=0.9)"},
		{"different metrics", [][]byte{a, statsOf(t, spec, g2, p2, metricc.Options{Metrics: []string{"jac"}})}, "score every shard with the same --metric flags"},
		{"different versions", [][]byte{a, newer}, "s1.stats was written by metricc " + metricc.Version + " and s2.stats by metricc 9.9.9"},
		{"another version first", [][]byte{newer}, "s1.stats was written by metricc 9.9.9; this is metricc " + metricc.Version},
		{"format version", [][]byte{a, format2}, "s2.stats:1: stats format version 2; this metricc reads version 1"},
		{"overlap", [][]byte{a, b, statsOf(t, spec, g2[:1], p2[:1], metricc.Options{})}, `document "5" is also in s2.stats: the shards overlap`},
		{"twice", [][]byte{a, a}, `document "0" is also in s1.stats`},
		{"truncated", [][]byte{truncated}, "s1.stats: 3 documents, but its header says 4: the file is truncated"},
		{"not stats", [][]byte{[]byte(`{"id": "d1"}` + "\n")}, "s1.stats:1: not a metricc stats file"},
		{"empty", [][]byte{nil}, "s1.stats: empty file"},
		{"edited spec", [][]byte{bytes.Replace(a, []byte("cutoff = 0.5"), []byte("cutoff = 0.6"), 1)}, "does not match its digest"},
	} {
		err := merge(c.files...)
		if assert.Error(t, err, c.name) {
			assert.Contains(t, err.Error(), c.want, c.name)
		}
	}
	assert.True(t, strings.Contains(string(a), `"pairing":"id"`))
}

// TestStatsEmbedSpecFiles: a stats file carries the files its spec read
// (an ontology), so merge needs neither the spec nor its files.
func TestStatsEmbedSpecFiles(t *testing.T) {
	dir := t.TempDir()
	spec := `ontology T from "types.txt"
type Ev { type: T }
type Doc { id: string, events: set<Ev> }
input Doc
metric m = F<->[events](ancestor(T, 0.5)[type])
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ev.metric"), []byte(spec), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "types.txt"), []byte("attack bombing\nattack arson\n"), 0o644))
	s, err := metricc.Load(filepath.Join(dir, "ev.metric"))
	require.NoError(t, err)
	type ev struct {
		Type string `json:"type"`
	}
	type doc struct {
		ID     string `json:"id"`
		Events []ev   `json:"events"`
	}
	gold := metricc.Values("gold", doc{"1", []ev{{"bombing"}, {"arson"}}})
	pred := metricc.Values("pred", doc{"1", []ev{{"attack"}, {"arson"}}})
	st, err := s.ScoreStats(gold, pred, metricc.Options{})
	require.NoError(t, err)
	res, err := st.Result(metricc.Options{})
	require.NoError(t, err)
	assert.InDelta(t, 0.75, res.Metrics[0].F1, 1e-12, "arson 1, attack for bombing 0.5")
	var b bytes.Buffer
	_, err = st.WriteTo(&b)
	require.NoError(t, err)
	require.NoError(t, os.RemoveAll(dir))
	back, err := metricc.ReadStats("ev.stats", &b)
	require.NoError(t, err)
	again, err := back.Result(metricc.Options{})
	require.NoError(t, err)
	assert.Equal(t, res, again)
}

// TestMergeShardsByPosition: documents that pair by position, scored in
// --shard runs and merged in any order, come back in the order of one run
// (ids are positions in the whole files); a place scored in two shards is
// refused.
func TestMergeShardsByPosition(t *testing.T) {
	spec, err := metricc.Compile("pos.metric", `
type Doc { xs: set<int> }
input Doc
metric f = F<->[xs](delta)
metric m = F<->[xs](delta) macro
`)
	require.NoError(t, err)
	type doc struct {
		Xs []int `json:"xs"`
	}
	rng := rand.New(rand.NewPCG(8, 8))
	var gold, pred []any
	for range 23 {
		g, p := doc{Xs: []int{}}, doc{Xs: []int{}}
		for range rng.IntN(5) {
			g.Xs = append(g.Xs, rng.IntN(6))
		}
		for range rng.IntN(5) {
			p.Xs = append(p.Xs, rng.IntN(6))
		}
		gold, pred = append(gold, g), append(pred, p)
	}
	stats := func(opts metricc.Options) []byte {
		st, err := spec.ScoreStats(metricc.Values("gold", gold...), metricc.Values("pred", pred...), opts)
		require.NoError(t, err)
		var b bytes.Buffer
		_, err = st.WriteTo(&b)
		require.NoError(t, err)
		return b.Bytes()
	}
	whole, err := metricc.ReadStats("whole", bytes.NewReader(stats(metricc.Options{})))
	require.NoError(t, err)
	opts := metricc.Options{PerDoc: true, Bootstrap: 100, Seed: 2}
	want := jsonOf(t, whole, opts)
	for _, n := range []int{2, 5} {
		var m metricc.Merger
		for _, k := range rng.Perm(n) {
			require.NoError(t, m.Add(fmt.Sprintf("s%d", k+1), bytes.NewReader(stats(metricc.Options{Shard: k + 1, Shards: n}))))
		}
		merged, err := m.Stats()
		require.NoError(t, err)
		assert.Equal(t, want, jsonOf(t, merged, opts), "%d shards", n)
	}
	var twice metricc.Merger
	require.NoError(t, twice.Add("a", bytes.NewReader(stats(metricc.Options{Shard: 1, Shards: 3}))))
	require.NoError(t, twice.Add("b", bytes.NewReader(stats(metricc.Options{Shard: 1, Shards: 3}))))
	_, err = twice.Stats()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `documents "1" and "1" are both at place 1 of the corpus: the shards overlap`)
}
