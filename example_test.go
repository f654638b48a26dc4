package metricc_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/metricc/metricc"
)

type entity struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Label string `json:"label"`
}

type doc struct {
	ID       string   `json:"id"`
	Entities []entity `json:"entities"`
}

// Compile a spec once, score Go values, read a metric.
func Example() {
	spec, err := metricc.Compile("ner.metric", `
type Entity { start: int, end: int, label: string }
type Doc    { id: string, entities: set<Entity> }
input Doc
metric exact = F<->[entities](delta)
metric spans = F<->[entities](delta[start] * delta[end])
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	gold := metricc.Values("gold", doc{"d1", []entity{{0, 2, "PER"}, {5, 6, "ORG"}, {8, 9, "LOC"}}})
	pred := metricc.Values("pred", doc{"d1", []entity{{0, 2, "PER"}, {5, 6, "LOC"}}})
	res, err := spec.Score(gold, pred, metricc.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range spec.Metrics() {
		m := res.Metric(name)
		fmt.Printf("%s: P %.2f R %.2f F1 %.2f\n", name, m.Precision, m.Recall, m.F1)
	}
	// Output:
	// exact: P 0.50 R 0.33 F1 0.40
	// spans: P 1.00 R 0.67 F1 0.80
}

// Score files with a shipped spec, and print what `metricc run --format
// json` prints.
func ExampleLoad() {
	spec, err := metricc.Load("coref")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := spec.Score(metricc.File("testdata/coref/example-gold.json"), metricc.File("testdata/coref/example-pred.jsonl"),
		metricc.Options{Metrics: []string{"ceafe"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res.WriteJSON(os.Stdout)
	// Output:
	// {"documents": 2,
	//  "metrics": {"ceafe": {"precision": 0.43333333333333335, "recall": 0.65, "f1": 0.5199999999999999,
	//     "sums": {"pred_gold": 1.3, "pred_pred": 3, "gold_gold": 2}}}}
}

// A similarity written in Go, for the specs of this program only: partial
// credit for overlapping spans.
func ExampleWithSimilarity() {
	overlap := metricc.Similarity{
		Name:    "overlap",
		Accepts: func(typ string) bool { return typ == "Entity" },
		Eval: func(x, y metricc.Value) float64 {
			xs, _ := x.Field("start")
			xe, _ := x.Field("end")
			ys, _ := y.Field("start")
			ye, _ := y.Field("end")
			common := min(xe.Int(), ye.Int()) - max(xs.Int(), ys.Int())
			if common <= 0 {
				return 0
			}
			return float64(common) / float64(max(xe.Int(), ye.Int())-min(xs.Int(), ys.Int()))
		},
	}
	spec, err := metricc.Compile("partial.metric", `
type Entity { start: int, end: int, label: string }
type Doc    { id: string, entities: set<Entity> }
input Doc
metric partial = F<->[entities](delta[label] * overlap)
`, metricc.WithSimilarity(overlap))
	if err != nil {
		fmt.Println(err)
		return
	}
	gold := metricc.Values("gold", doc{"d1", []entity{{0, 4, "PER"}}})
	pred := metricc.Values("pred", doc{"d1", []entity{{1, 4, "PER"}}})
	res, _ := spec.Score(gold, pred, metricc.Options{})
	fmt.Printf("F1 %.2f\n", res.Metric("partial").F1)
	// Output: F1 0.75
}

// A mistake in a spec is reported with every error, positioned.
func ExampleCompile_errors() {
	_, err := metricc.Compile("bad.metric", `type Doc { xs: set<int> }
input Doc
metric a = F<->[xz](delta)
metric b = F<->[xs](deltta)
`)
	if errs, ok := err.(metricc.SpecErrors); ok {
		var b strings.Builder
		errs.Render(&b)
		fmt.Print(b.String())
	}
	// Output:
	// bad.metric:3:17: type Doc has no field "xz" (did you mean xs?)
	//     metric a = F<->[xz](delta)
	//                     ^~
	// bad.metric:4:21: undefined: deltta (did you mean delta?)
	//     metric b = F<->[xs](deltta)
	//                         ^~~~~~
}
