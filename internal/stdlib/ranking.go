package stdlib

import (
	"fmt"
	"math"
	"slices"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Ranking similarities compare a ranked list of predictions x_1..x_n (a
// seq, best first) with the gold judgments Y of the same query: the
// relevant items (a seq whose order does not matter), or, on the json
// type, an array of relevant items or an object of graded relevance
// {"item": grade, ...} (trec_eval's qrels). An item is relevant when its
// grade is above 0 (1 for a listed item); a predicted item counts at its
// first rank only. hits_k is the number of relevant items among x_1..x_k
// and R the number of relevant items.
//
// Except hits, each is its own normalized value: against itself a ranking
// scores 1, so a metric's precision, recall and F1 are all the value, and
// the corpus value, micro or macro, its mean over queries (MAP for ap).

// Hits is hits(k): the relevant items in the top k.
var Hits = &Similarity{
	Name: "hits",
	Doc: "hits(k) compares a ranking with the gold's relevant items: hits_k, the number of relevant items among the first k predicted. " +
		"Its self-sums are min(k, n) and min(k, R), so a metric's precision and recall are metametric's P@k and R@k: hits_k / min(k, n) and hits_k / min(k, R).",
	Example:   "`metric at10 = hits(10)[ranking]`",
	Params:    []ArgKind{ArgNumber},
	CheckArgs: rankingArgs("hits"),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		k := int(args[0].Number)
		return func(a *value.Arena, x, y value.Ref) float64 {
			if x == y { // a self-sum: min(k, n) of a ranking, min(k, R) of judgments
				return float64(min(k, readJudged(a, y).relevant))
			}
			return float64(readJudged(a, y).hits(readRanking(a, x), k))
		}
	},
}

// PrecisionAt is precision_at(k): trec_eval's P_k.
var PrecisionAt = &Similarity{
	Name:      "precision_at",
	Doc:       "precision_at(k) is trec_eval's P_k: hits_k / k, k even when fewer than k items are ranked.",
	Example:   "`metric p10 = precision_at(10)[ranking]`",
	Params:    []ArgKind{ArgNumber},
	CheckArgs: rankingArgs("precision_at"),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		k := int(args[0].Number)
		return selfIsOne(func(a *value.Arena, x, y value.Ref) float64 {
			return float64(readJudged(a, y).hits(readRanking(a, x), k)) / float64(k)
		})
	},
}

// RecallAt is recall_at(k): trec_eval's recall_k.
var RecallAt = &Similarity{
	Name:      "recall_at",
	Doc:       "recall_at(k) is trec_eval's recall_k: hits_k / R (0 for a query without relevant items, which trec_eval leaves out).",
	Example:   "`metric r100 = recall_at(100)[ranking]`",
	Params:    []ArgKind{ArgNumber},
	CheckArgs: rankingArgs("recall_at"),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		k := int(args[0].Number)
		return selfIsOne(func(a *value.Arena, x, y value.Ref) float64 {
			j := readJudged(a, y)
			if j.relevant == 0 {
				return 0
			}
			return float64(j.hits(readRanking(a, x), k)) / float64(j.relevant)
		})
	},
}

// AP is average precision, trec_eval's map for one query.
var AP = &Similarity{
	Name: "ap",
	Doc: "ap is average precision, trec_eval's map of one query: (1/R) Σ P_i over the ranks i of the relevant items retrieved (no cutoff), " +
		"0 for a query without relevant items. Its mean over queries is MAP.",
	Example: "`metric map = ap[ranking]`",
	Check:   rankingType("ap"),
	Eval: selfIsOne(func(a *value.Arena, x, y value.Ref) float64 {
		j := readJudged(a, y)
		if j.relevant == 0 {
			return 0
		}
		sum, hits := 0.0, 0
		for i, item := range readRanking(a, x) {
			if j.gain[item] > 0 {
				hits++
				sum += float64(hits) / float64(i+1)
			}
		}
		return sum / float64(j.relevant)
	}),
}

// NDCG is ndcg(k): normalized discounted cumulative gain at k.
var NDCG = &Similarity{
	Name: "ndcg",
	Doc: "ndcg(k) is trec_eval's ndcg_cut_k: DCG_k / IDCG_k, DCG_k = Σ_{i ≤ k} g(x_i) / log2(i + 1) with g the gold grade (1 for a listed item, 0 for others), " +
		"IDCG_k the DCG_k of the gold items sorted by grade; 0 when no item is relevant.",
	Example:   "`metric ndcg10 = ndcg(10)[ranking]`",
	Params:    []ArgKind{ArgNumber},
	CheckArgs: rankingArgs("ndcg"),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		k := int(args[0].Number)
		return selfIsOne(func(a *value.Arena, x, y value.Ref) float64 {
			j := readJudged(a, y)
			ideal := 0.0
			for i, g := range j.sorted {
				if i == k {
					break
				}
				ideal += g / math.Log2(float64(i+2))
			}
			if ideal == 0 {
				return 0
			}
			dcg := 0.0
			for i, item := range readRanking(a, x) {
				if i == k {
					break
				}
				if g := j.gain[item]; g > 0 {
					dcg += g / math.Log2(float64(i+2))
				}
			}
			return dcg / ideal
		})
	},
}

// selfIsOne makes a ranking against itself (the self-sums of a metric)
// score 1, the similarity's maximum.
func selfIsOne(f SimFunc) SimFunc {
	return func(a *value.Arena, x, y value.Ref) float64 {
		if x == y {
			return 1
		}
		return f(a, x, y)
	}
}

func rankingType(name string) func(types.Type) string {
	return func(t types.Type) string {
		if t == types.JSONType {
			return ""
		}
		if c, ok := t.(*types.Collection); ok && c.Kind == types.Seq {
			return ""
		}
		return fmt.Sprintf("%s compares a ranking, a seq (best first) or a json array, with the gold's judgments of the same type; not %s", name, t)
	}
}

func rankingArgs(name string) func(types.Type, []Arg) string {
	return func(t types.Type, args []Arg) string {
		if why := rankingType(name)(t); why != "" {
			return why
		}
		if k := args[0].Number; k < 1 || k != math.Trunc(k) {
			return fmt.Sprintf("the cutoff of %s is a rank, a whole number from 1, not %g", name, k)
		}
		return ""
	}
}

// readRanking lists the predicted items in rank order, each at its first
// rank only (later repeats never count).
func readRanking(a *value.Arena, x value.Ref) []value.ID {
	if a.Kind(x) != value.Seq {
		panic(DataError{"the ranking of a prediction is " + describeJSON(a, x) + "; it is an array of items, best first"})
	}
	kids := a.Kids(x)
	out := make([]value.ID, 0, len(kids))
	for _, k := range kids {
		id := a.ID(k)
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

type judged struct {
	gain     map[value.ID]float64
	relevant int       // items with a grade above 0
	sorted   []float64 // the grades above 0, highest first
}

// readJudged reads the gold's judgments: listed items (grade 1), or, on
// the json type, an object of grades.
func readJudged(a *value.Arena, y value.Ref) judged {
	j := judged{gain: map[value.ID]float64{}}
	add := func(item value.Ref, g float64) {
		id := a.ID(item)
		if _, seen := j.gain[id]; seen {
			return
		}
		j.gain[id] = g
		if g > 0 {
			j.relevant++
			j.sorted = append(j.sorted, g)
		}
	}
	switch a.Kind(y) {
	case value.Seq:
		for _, k := range a.Kids(y) {
			add(k, 1)
		}
	case value.Set: // a json object {"item": grade}
		for _, e := range a.Kids(y) {
			g := a.Field(e, 1)
			if k := a.Kind(g); k != value.Int && k != value.Float {
				panic(DataError{fmt.Sprintf("the grade of %q in the gold judgments is %s; it is a number", a.Str(a.Field(e, 0)), describeJSON(a, g))})
			}
			add(a.Field(e, 0), a.Num(g))
		}
	default:
		panic(DataError{"the gold judgments are " + describeJSON(a, y) + "; they are an array of relevant items or an object of grades"})
	}
	slices.SortFunc(j.sorted, func(p, q float64) int { return -cmpFloat(p, q) })
	return j
}

func cmpFloat(p, q float64) int {
	switch {
	case p < q:
		return -1
	case p > q:
		return 1
	}
	return 0
}

// hits counts the relevant items among the first k of ranking.
func (j judged) hits(ranking []value.ID, k int) int {
	n := 0
	for i, item := range ranking {
		if i == k {
			break
		}
		if j.gain[item] > 0 {
			n++
		}
	}
	return n
}
