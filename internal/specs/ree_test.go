package specs_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
)

type reeFiller struct {
	Role   string `json:"role"`
	Entity struct {
		Mentions []string `json:"mentions"`
	} `json:"entity"`
}

type reeTemplate struct {
	Type    string      `json:"type"`
	Fillers []reeFiller `json:"fillers"`
}

type reeDoc struct {
	Templates []reeTemplate `json:"templates"`
}

// Expected corpus values for testdata/ree (see its README for the commands
// and the full output of the original scorers):
//
//   - ceaf_ree: GRIT's eval.py (xinyadu/grit_doc_event_entity) on all
//     documents: p_num = r_num = 25, p_den = 34, r_den = 33.
//   - ceaf_rme_phi3: IterX's phi-3 scorer (wanmok/iterx ceaf_rme.py) on all
//     documents: 28 common mentions, 39 predicted, 48 gold.
//   - ceaf_rme_subset: IterX's phi-subset scorer gives p_num 29 / 34 and
//     r_num 25 / 33, and the spec the same on every document.
//   - ceaf_rme_subset_1to1 matches entities one to one for precision too,
//     so the four predicted entities that hit an already hit gold entity
//     (grit-case1: "telephone company offices"; grit-case4: "m3";
//     two-templates: "guerrillas"; dups: the second "house") earn nothing:
//     25 / 34 and 25 / 33, by hand and by the brute force below.
var reeWant = map[string]prf{
	"ceaf_ree":             counts(25, 34, 33),
	"ceaf_rme_subset":      ratios(29, 34, 25, 33),
	"ceaf_rme_subset_1to1": counts(25, 34, 33),
	"ceaf_rme_phi3":        counts(28, 39, 48),
}

// iterxSubset are IterX's phi-subset counts per document (README:
// p_num, p_den, r_num, r_den), which ceaf_rme_subset reproduces.
var iterxSubset = map[string][4]float64{
	"grit-case1": {4, 4, 3, 3}, "grit-case2": {3, 3, 3, 3}, "grit-case3": {2, 2, 2, 3},
	"grit-case4": {5, 5, 4, 4}, "grit-case5": {4, 4, 4, 4}, "grit-case6": {3, 3, 3, 4},
	"two-templates": {4, 5, 3, 4}, "empty": {0, 0, 0, 0}, "no-pred": {0, 0, 0, 2},
	"dups": {3, 3, 2, 2}, "wrong-type": {0, 2, 0, 1}, "wrong-role": {0, 1, 0, 1},
	"split-template": {1, 2, 1, 2},
}

// TestReeSpec scores testdata/ree with ree.metric.
func TestReeSpec(t *testing.T) {
	res := scoreTask(t, "ree", metricc.Options{})
	assert.Equal(t, 13, res.Documents)
	assertPRF(t, "corpus", corpusPRF(res), reeWant)

	// GRIT's appendix cases (test_cases_eval.py), CEAF-REE with φ_strict:
	// case 1 P 3/4 R 3/3; 2: 1, 1; 3: 1, 2/3; 4: 4/5, 1; 5: 1, 1; 6: 2/3, 2/4.
	for id, want := range map[string]prf{
		"grit-case1": counts(3, 4, 3),
		"grit-case2": counts(3, 3, 3),
		"grit-case3": counts(2, 2, 3),
		"grit-case4": counts(4, 5, 4),
		"grit-case5": counts(4, 4, 4),
		"grit-case6": counts(2, 3, 4),
	} {
		got := docPRF(t, res, id)
		assertPRF(t, id, map[string]prf{"ceaf_ree": got["ceaf_ree"]}, map[string]prf{"ceaf_ree": want})
	}
	// GRIT's case 7 micro-averages cases 4, 5, 6 (twice): 20/24 = 0.833.
	case7 := subsetPRF(t, res, []string{"grit-case4", "grit-case5", "grit-case6"})
	assertPRF(t, "grit-case7", map[string]prf{"ceaf_ree": case7["ceaf_ree"]}, map[string]prf{"ceaf_ree": counts(20, 24, 24)})

	// The CEAF-RME example of the notes on the paper (two templates): φ3
	// P = 3/5, R = 3/6; IterX's phi-subset gives P 4/5, R 3/4, the spec
	// P 3/5 ("rebels" and "guerrillas" split one gold entity), R 3/4.
	// CEAF-REE pools both templates: 3 of 5 predicted, 3 of 4 gold.
	assertPRF(t, "two-templates", docPRF(t, res, "two-templates"), map[string]prf{
		"ceaf_ree":             counts(3, 5, 4),
		"ceaf_rme_subset":      ratios(4, 5, 3, 4),
		"ceaf_rme_subset_1to1": counts(3, 5, 4),
		"ceaf_rme_phi3":        counts(3, 5, 6),
	})
	for id, c := range iterxSubset {
		got := docPRF(t, res, id)["ceaf_rme_subset"]
		want := ratios(c[0], c[1], c[2], c[3])
		if c[1] == 0 && c[3] == 0 {
			want = prf{1, 1, 1} // a document with nothing on either side scores 1
		}
		assertPRF(t, "iterx "+id, map[string]prf{"ceaf_rme_subset": got}, map[string]prf{"ceaf_rme_subset": want})
	}

	// IterX run on the documents where no gold entity is split over several
	// predicted ones (README): phi-subset p_num 13 / 17, r_num 13 / 20;
	// phi-3 16 / 21 / 29. Here the spec must agree with it exactly.
	noSplit := subsetPRF(t, res, []string{"grit-case2", "grit-case3", "grit-case5", "grit-case6", "empty", "no-pred", "wrong-type", "wrong-role", "split-template"})
	delete(noSplit, "ceaf_ree")
	assertPRF(t, "iterx", noSplit, map[string]prf{
		"ceaf_rme_subset":      ratios(13, 17, 13, 20),
		"ceaf_rme_subset_1to1": ratios(13, 17, 13, 20),
		"ceaf_rme_phi3":        counts(16, 21, 29),
	})
}

// TestReeBruteForce recomputes testdata/ree from the definitions, trying
// every one-to-one matching: CEAF-REE over the pooled fillers with
// [role equal]·[pred mentions ⊆ gold mentions]; CEAF-RME over templates
// with [type equal] times the best one-to-one matching of their fillers,
// scored [role equal]·[a shared mention] (⊆) or [role equal]·|x ∩ y| (φ3).
func TestReeBruteForce(t *testing.T) {
	gold, ids := readDocs[reeDoc](t, "ree", "gold.json")
	pred, _ := readDocs[reeDoc](t, "ree", "pred.json")
	assertPRF(t, "brute force", reeBrute(gold, pred, ids), reeWant)
}

// reeBrute is the brute-force CEAF-REE / CEAF-RME of TestReeBruteForce.
func reeBrute(gold, pred map[string]reeDoc, ids []string) map[string]prf {
	set := func(f reeFiller) map[string]bool {
		s := map[string]bool{}
		for _, m := range f.Entity.Mentions {
			s[m] = true
		}
		return s
	}
	common := func(x, y reeFiller) int {
		if x.Role != y.Role {
			return 0
		}
		ys, n := set(y), 0
		for m := range set(x) {
			if ys[m] {
				n++
			}
		}
		return n
	}
	subsetOf := func(x, y reeFiller) int {
		if x.Role == y.Role && common(x, y) == len(set(x)) {
			return 1
		}
		return 0
	}
	hit := func(x, y reeFiller) int { return min(1, common(x, y)) }
	pool := func(d reeDoc) []reeFiller {
		var out []reeFiller
		for _, t := range d.Templates {
			out = append(out, t.Fillers...)
		}
		return out
	}
	fillerSum := func(xs, ys []reeFiller, w func(x, y reeFiller) int) int {
		return bestMatching(len(xs), len(ys), func(i, j int) int { return w(xs[i], ys[j]) })
	}
	templateSum := func(xs, ys []reeTemplate, w func(x, y reeFiller) int) int {
		return bestMatching(len(xs), len(ys), func(i, j int) int {
			if xs[i].Type != ys[j].Type {
				return 0
			}
			return fillerSum(xs[i].Fillers, ys[j].Fillers, w)
		})
	}
	self := func(fs []reeFiller, w func(x, y reeFiller) int) int {
		n := 0
		for _, f := range fs {
			n += w(f, f)
		}
		return n
	}
	hitsP := func(xs, ys []reeFiller) int { // predicted entities hitting one of ys
		n := 0
		for _, x := range xs {
			for _, y := range ys {
				if hit(x, y) > 0 {
					n++
					break
				}
			}
		}
		return n
	}
	// IterX: templates aligned by the precision count; among ties, the
	// largest one-to-one entity count (< 1000 per pair here).
	iterx := func(xs, ys []reeTemplate) (int, int) {
		total := bestMatching(len(xs), len(ys), func(i, j int) int {
			if xs[i].Type != ys[j].Type {
				return 0
			}
			return 1000*hitsP(xs[i].Fillers, ys[j].Fillers) + fillerSum(xs[i].Fillers, ys[j].Fillers, hit)
		})
		return total / 1000, total % 1000
	}
	var ree, sub, phi3 [3]int // numerator, predicted, gold
	var subIterX [4]int       // precision and recall numerators, predicted, gold
	for _, id := range ids {
		x, y := pred[id], gold[id]
		px, py := pool(x), pool(y)
		ree[0] += fillerSum(px, py, subsetOf)
		ree[1] += self(px, subsetOf)
		ree[2] += self(py, subsetOf)
		sub[0] += templateSum(x.Templates, y.Templates, hit)
		sub[1] += self(px, hit)
		sub[2] += self(py, hit)
		p, r := iterx(x.Templates, y.Templates)
		subIterX[0] += p
		subIterX[1] += r
		subIterX[2] += self(px, hit)
		subIterX[3] += self(py, hit)
		phi3[0] += templateSum(x.Templates, y.Templates, common)
		phi3[1] += self(px, common)
		phi3[2] += self(py, common)
	}
	got := map[string]prf{}
	for name, c := range map[string][3]int{"ceaf_ree": ree, "ceaf_rme_subset_1to1": sub, "ceaf_rme_phi3": phi3} {
		got[name] = counts(float64(c[0]), float64(c[1]), float64(c[2]))
	}
	got["ceaf_rme_subset"] = ratios(float64(subIterX[0]), float64(subIterX[2]), float64(subIterX[1]), float64(subIterX[3]))
	return got
}

// TestReeRandom compares ree.metric with the brute force on random
// corpora: predictions are perturbed copies of the gold templates (types
// and roles changed, mentions dropped or added, entities split or
// repeated, fillers dropped, templates added), so that overlaps, splits,
// merges and templates of one type are common, and documents are large
// enough to go through the matcher's candidate blocking.
func TestReeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 25))
	types := []string{"attack", "bombing"}
	roles := []string{"PerpInd", "Target", "Victim"}
	filler := func() reeFiller {
		var f reeFiller
		f.Role = roles[r.IntN(len(roles))]
		for range 1 + r.IntN(3) {
			f.Entity.Mentions = append(f.Entity.Mentions, fmt.Sprint("m", r.IntN(8)))
		}
		return f
	}
	template := func() reeTemplate {
		tp := reeTemplate{Type: types[r.IntN(2)], Fillers: []reeFiller{}}
		for range r.IntN(4) {
			tp.Fillers = append(tp.Fillers, filler())
		}
		return tp
	}
	perturb := func(tp reeTemplate) reeTemplate {
		q := reeTemplate{Type: tp.Type, Fillers: []reeFiller{}}
		if r.IntN(6) == 0 {
			q.Type = types[r.IntN(2)]
		}
		for _, f := range tp.Fillers {
			f.Entity.Mentions = append([]string(nil), f.Entity.Mentions...)
			switch r.IntN(8) {
			case 0: // dropped
				continue
			case 1:
				f.Role = roles[r.IntN(len(roles))]
			case 2: // a spurious mention
				f.Entity.Mentions = append(f.Entity.Mentions, fmt.Sprint("m", r.IntN(8)))
			case 3: // a lost mention
				if len(f.Entity.Mentions) > 1 {
					f.Entity.Mentions = f.Entity.Mentions[1:]
				}
			case 4: // split in two
				if n := len(f.Entity.Mentions); n > 1 {
					g := f
					g.Entity.Mentions = f.Entity.Mentions[n/2:]
					f.Entity.Mentions = f.Entity.Mentions[:n/2]
					q.Fillers = append(q.Fillers, g)
				}
			case 5: // repeated
				q.Fillers = append(q.Fillers, f)
			}
			q.Fillers = append(q.Fillers, f)
		}
		return q
	}
	doc := func() (g, p reeDoc) {
		g.Templates, p.Templates = []reeTemplate{}, []reeTemplate{}
		for range r.IntN(4) {
			tp := template()
			g.Templates = append(g.Templates, tp)
			if r.IntN(5) != 0 {
				p.Templates = append(p.Templates, perturb(tp))
			}
		}
		if r.IntN(3) == 0 {
			p.Templates = append(p.Templates, template())
		}
		return g, p
	}
	randomRounds(t, "ree", doc, reeBrute, 0.2, 0.95)
}
