package specs_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type sxArg struct {
	Role   string `json:"role"`
	Entity struct {
		Mentions [][]int `json:"mentions"`
	} `json:"entity"`
}

type sxRelation struct {
	Args []sxArg `json:"args"`
}

type sxDoc struct {
	Relations []sxRelation `json:"relations"`
}

// Expected values for testdata/scirex, by hand (README: per document
// table): 5 of 11 distinct predicted and 10 gold relations are correct.
var scirexWant = map[string]prf{
	"scirex_micro": counts(5, 11, 10),
}

// TestScirexSpec scores testdata/scirex with scirex.metric.
func TestScirexSpec(t *testing.T) {
	res := scoreTask(t, "scirex", metricc.Options{})
	assert.Equal(t, 11, res.Documents)
	whole := corpusPRF(res)
	assertPRF(t, "corpus", map[string]prf{"scirex_micro": whole["scirex_micro"]}, scirexWant)

	perDoc := map[string]prf{
		"exact":         counts(1, 1, 1),
		"wrong-task":    counts(0, 1, 1), // the notes' example: 4-ary score 0
		"cluster-share": counts(1, 2, 2), // 2 of 3 mentions is > 0.5, 1 of 2 is not
		"span-iou":      counts(0, 1, 1), // span IoU 1/2 is not > 0.5
		"small-cluster": counts(1, 1, 1), // 1 of 1 predicted mentions; 2 predicted spans on 1 gold span
		"swapped-roles": counts(0, 1, 1), // Material and Metric clusters swapped
		"empty":         {1, 1, 1},
		"no-pred":       counts(0, 0, 1),
		"dup-pred":      counts(1, 1, 1), // the same relation twice: a set
		"map-collide":   counts(1, 2, 1), // SciREX: 1 of 1 (it deduplicates after mapping)
		"no-gold":       counts(0, 1, 0),
	}
	for id, want := range perDoc {
		assertPRF(t, id, docPRF(t, res, id), map[string]prf{"scirex": want, "scirex_micro": want})
	}

	// scirex averages per document over the nine documents with gold
	// relations, as SciREX does (macro(gold)).
	withGold := []string{"exact", "wrong-task", "cluster-share", "span-iou", "small-cluster", "swapped-roles", "no-pred", "dup-pred", "map-collide"}
	assertPRF(t, "macro(gold)", map[string]prf{"scirex": whole["scirex"]}, map[string]prf{"scirex": meanPRF(perDoc, withGold)})
	assert.Equal(t, "macro(gold)", res.Metrics[0].Average)

	// A metric that declares its aggregation keeps it under --macro.
	macro := scoreTask(t, "scirex", metricc.Options{Macro: true})
	assertPRF(t, "macro", corpusPRF(macro), map[string]prf{"scirex": meanPRF(perDoc, withGold), "scirex_micro": counts(5, 11, 10)})

	// SciREX's scorer (scirex_relation_evaluate.py, README) on the
	// documents with gold relations where it does not deduplicate
	// differently, n=4: P = R = 0.437499959375, F1 0.437499934375; it
	// adds 1e-7 to each denominator, hence 1e-6.
	sub := []string{"exact", "wrong-task", "cluster-share", "span-iou", "small-cluster", "swapped-roles", "no-pred", "dup-pred"}
	got := meanPRF(perDoc, sub)
	assert.InDelta(t, 0.437499959375, got.P, 1e-6)
	assert.InDelta(t, 0.437499959375, got.R, 1e-6)
	assert.InDelta(t, 0.437499934375, got.F, 1e-6)
	for _, id := range sub {
		assert.InDelta(t, perDoc[id].F, docPRF(t, res, id)["scirex"].F, 1e-9, id)
	}
}

// meanPRF averages per-document values (of the ids, or of all documents
// when ids is nil), as a macro average does.
func meanPRF(perDoc map[string]prf, ids []string) prf {
	if ids == nil {
		for id := range perDoc {
			ids = append(ids, id)
		}
		sort.Strings(ids)
	}
	var m prf
	n := float64(len(ids))
	for _, id := range ids {
		v := perDoc[id]
		m.P += v.P / n
		m.R += v.R / n
		m.F += v.F / n
	}
	return m
}

// TestScirexBruteForce recomputes the micro score of testdata/scirex from
// the definitions, with spans instead of token sets: a predicted mention
// [s, e) matches a gold one when (min(e) - max(s)) / (max(e) - min(s)) >
// 0.5 (SciREX's span_match); a predicted cluster matches a gold cluster
// when more than half of its mentions match one of the gold cluster's; a
// relation is correct when each role's cluster matches; relations are
// matched one to one by trying every matching.
func TestScirexBruteForce(t *testing.T) {
	gold, ids := readDocs[sxDoc](t, "scirex", "gold.json")
	pred, _ := readDocs[sxDoc](t, "scirex", "pred.json")
	assertPRF(t, "brute force", map[string]prf{"scirex_micro": scirexBrute(t, gold, pred, ids)}, scirexWant)
}

// scirexBoth is the brute force of both metrics: micro over the corpus, and
// the mean of the per-document values over the documents with gold
// relations.
func scirexBoth(t *testing.T, gold, pred map[string]sxDoc, ids []string) map[string]prf {
	var macro prf
	n := 0.0
	for _, id := range ids {
		if len(gold[id].Relations) > 0 {
			n++
		}
	}
	for _, id := range ids {
		if len(gold[id].Relations) == 0 {
			continue
		}
		d := scirexBrute(t, gold, pred, []string{id})
		macro.P += d.P / n
		macro.R += d.R / n
		macro.F += d.F / n
	}
	return map[string]prf{"scirex": macro, "scirex_micro": scirexBrute(t, gold, pred, ids)}
}

// scirexBrute is the brute-force recomputation of TestScirexBruteForce.
// Mentions must be contiguous spans without repeats within a cluster.
func scirexBrute(t *testing.T, gold, pred map[string]sxDoc, ids []string) prf {
	span := func(tokens []int) [2]int {
		s, e := tokens[0], tokens[0]
		for _, x := range tokens {
			s, e = min(s, x), max(e, x)
		}
		require.Equal(t, e-s+1, len(tokens), "contiguous span %v", tokens)
		return [2]int{s, e + 1}
	}
	iou := func(a, b [2]int) float64 {
		return float64(min(a[1], b[1])-max(a[0], b[0])) / float64(max(a[1], b[1])-min(a[0], b[0]))
	}
	clusterMatch := func(p, g [][]int) bool {
		hits := 0
		for _, x := range p {
			for _, y := range g {
				if iou(span(x), span(y)) > 0.5 {
					hits++
					break
				}
			}
		}
		return float64(hits)/float64(len(p)) > 0.5
	}
	relMatch := func(x, y sxRelation) int {
		if len(x.Args) != len(y.Args) {
			return 0
		}
		for _, a := range x.Args {
			ok := false
			for _, b := range y.Args {
				if a.Role == b.Role && clusterMatch(a.Entity.Mentions, b.Entity.Mentions) {
					ok = true
				}
			}
			if !ok {
				return 0
			}
		}
		return 1
	}
	var num, np, ng int
	for _, id := range ids {
		xs, ys := distinct(pred[id].Relations), distinct(gold[id].Relations)
		num += bestMatching(len(xs), len(ys), func(i, j int) int { return relMatch(xs[i], ys[j]) })
		np += len(xs)
		ng += len(ys)
	}
	return counts(float64(num), float64(np), float64(ng))
}

// TestScirexRandom compares scirex.metric with the brute force on random
// corpora: predictions are perturbed copies of the gold relations (spans
// stretched or shrunk by a token, mentions dropped or added, clusters
// swapped), so that span IoU and cluster shares fall on both sides of 0.5.
// Relations list their roles in a fixed order and clusters their spans
// sorted and without repeats: the brute force compares relations as
// written.
func TestScirexRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 31))
	roles := []string{"Method", "Material", "Metric", "Task"}
	mention := func() []int {
		s := 3 * r.IntN(5)
		return []int{s, s + 1}[:1+r.IntN(2)]
	}
	norm := func(c [][]int) [][]int {
		seen := map[string]bool{}
		var out [][]int
		for _, m := range c {
			if k := fmt.Sprint(m); len(m) > 0 && !seen[k] {
				seen[k] = true
				out = append(out, m)
			}
		}
		sort.Slice(out, func(i, j int) bool { return fmt.Sprint(out[i]) < fmt.Sprint(out[j]) })
		return out
	}
	cluster := func() [][]int {
		var c [][]int
		for range 1 + r.IntN(3) {
			c = append(c, mention())
		}
		return norm(c)
	}
	relation := func() sxRelation {
		var rel sxRelation
		for _, role := range roles[:2+r.IntN(2)] {
			var a sxArg
			a.Role = role
			a.Entity.Mentions = cluster()
			rel.Args = append(rel.Args, a)
		}
		return rel
	}
	perturb := func(c [][]int) [][]int {
		var out [][]int
		for _, m := range c {
			m = append([]int(nil), m...)
			switch r.IntN(6) {
			case 0: // stretch
				m = append(m, m[len(m)-1]+1)
			case 1: // shrink or shift
				if len(m) > 1 {
					m = m[1:]
				} else {
					m[0]++
				}
			case 2: // drop
				continue
			}
			out = append(out, m)
		}
		if r.IntN(3) == 0 {
			out = append(out, mention())
		}
		if out = norm(out); len(out) == 0 {
			out = cluster()
		}
		return out
	}
	doc := func() (g, p sxDoc) {
		g.Relations, p.Relations = []sxRelation{}, []sxRelation{}
		for range r.IntN(5) {
			rel := relation()
			g.Relations = append(g.Relations, rel)
			if r.IntN(5) == 0 {
				continue
			}
			var q sxRelation
			for _, a := range rel.Args {
				a.Entity.Mentions = append([][]int(nil), a.Entity.Mentions...)
				if r.IntN(3) == 0 {
					a.Entity.Mentions = perturb(a.Entity.Mentions)
				}
				q.Args = append(q.Args, a)
			}
			if r.IntN(6) == 0 && len(q.Args) > 2 { // swap two clusters
				q.Args[0].Entity, q.Args[1].Entity = q.Args[1].Entity, q.Args[0].Entity
			}
			p.Relations = append(p.Relations, q)
		}
		if r.IntN(3) == 0 {
			p.Relations = append(p.Relations, relation())
		}
		return g, p
	}
	brute := func(gold, pred map[string]sxDoc, ids []string) map[string]prf {
		return scirexBoth(t, gold, pred, ids)
	}
	// Not a degenerate test: some relations match, many do not.
	randomRounds(t, "scirex", doc, brute, 0.2, 0.9)
}
