// Package explain presents the optimal alignment of one document pair
// (`metricc explain`): for each metric, the document's values, the sums
// they follow from, and the tree of matchings beneath them: which
// predicted item went with which gold item, with what similarity, the
// alignment under each pair, the items left unmatched on each side, and
// the latent variable map. It is built from eval's trace and written as
// text, as JSON (a stable, versioned schema; see the README) or as one
// self-contained HTML page.
package explain

import (
	"encoding/json"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
)

// SchemaVersion is the version of the JSON schema, written as
// "metricc_explain"; it changes when a field changes meaning or goes away.
const SchemaVersion = 1

// Explanation is the alignment of one document pair under each metric.
type Explanation struct {
	Schema   int       `json:"metricc_explain"`
	Spec     string    `json:"spec"`
	Document string    `json:"document"`
	Gold     string    `json:"gold"`
	Pred     string    `json:"pred"`
	Metrics  []*Metric `json:"metrics"`
}

// Metric is one metric on the document.
type Metric struct {
	Name       string `json:"name"`
	Definition string `json:"definition"`
	Position   string `json:"position"`
	// Kind is "sums" (precision, recall and F1 from the three sums),
	// "sums_n" (a metric using N or prf(a, b): precision from the N=P
	// computation, recall from the N=R one) or "corpus" (arithmetic on
	// the document's values of other metrics).
	Kind string `json:"kind"`
	// The document's values, as `metricc run --per-doc` reports them.
	Precision *float64 `json:"precision,omitempty"`
	Recall    *float64 `json:"recall,omitempty"`
	F1        *float64 `json:"f1,omitempty"`
	Value     *float64 `json:"value,omitempty"`
	Sums      *Sums    `json:"sums,omitempty"`
	By        []*Row   `json:"by,omitempty"`
	// Trees are the computations: one, or two for kind "sums_n" (side
	// "P" then "R").
	Trees []*Tree `json:"trees,omitempty"`
}

// Sums are a metric's three sums on the document (and, for kind "sums_n",
// the recall side's Σ(X,Y)).
type Sums struct {
	PredGold       float64  `json:"pred_gold"`
	PredPred       float64  `json:"pred_pred"`
	GoldGold       float64  `json:"gold_gold"`
	PredGoldRecall *float64 `json:"pred_gold_recall,omitempty"`
}

// Row is one breakdown row of the document.
type Row struct {
	Key       string  `json:"key"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Sums      Sums    `json:"sums"`
}

// Tree is one computation of a metric: the sums it gave and the matchings
// that gave them.
type Tree struct {
	// Side is "" for a metric computed once, "P" for the precision side
	// (N=P, or prf's first similarity) and "R" for the recall side.
	Side string `json:"side"`
	// PredGold is Σ(X,Y); PredPred, GoldGold the self-sums this side
	// computes (null when it computes none).
	PredGold   float64      `json:"pred_gold"`
	PredPred   *float64     `json:"pred_pred"`
	GoldGold   *float64     `json:"gold_gold"`
	Alignments []*Alignment `json:"alignments"`
}

// Alignment is the matching chosen at one level.
type Alignment struct {
	// Matching is the matching as written in the spec; Position where.
	Matching string `json:"matching"`
	Position string `json:"position"`
	// Norm is the normalizer letter at this level (S P R F J, or F(β)).
	Norm string `json:"norm"`
	// Pred and Gold are the compared items, as JSON, in the order the
	// matching sees them; pairs index into them.
	Pred []json.RawMessage `json:"pred"`
	Gold []json.RawMessage `json:"gold"`
	// PredText and GoldText are, when the input has them, the words each
	// item covers (a mention's tokens, an AMR triple's concepts), "" for an
	// item that covers none; absent when no item has any.
	PredText []string `json:"pred_text,omitempty"`
	GoldText []string `json:"gold_text,omitempty"`
	// PredGold is Σ(X,Y) over the chosen pairs; PredPred, GoldGold the
	// self-sums and Value the normalized score, when this level is
	// normalized (nested levels: a metric's own top matching is normalized
	// over the corpus, from the metric's sums).
	PredGold float64  `json:"pred_gold"`
	PredPred *float64 `json:"pred_pred,omitempty"`
	GoldGold *float64 `json:"gold_gold,omitempty"`
	Value    *float64 `json:"value,omitempty"`
	// Counted: the sums were counted from the view's arguments without
	// building its items (pairs, links); no items or pairs are listed.
	Counted       bool    `json:"counted,omitempty"`
	Pairs         []*Pair `json:"pairs"`
	UnmatchedPred []int   `json:"unmatched_pred"`
	UnmatchedGold []int   `json:"unmatched_gold"`
	// Vars is the latent variable map (prediction → gold), and Search
	// whether it was proven optimal.
	Vars   []VarLink `json:"vars,omitempty"`
	Search *Search   `json:"search,omitempty"`
}

// Pair is one chosen pair: indexes into the alignment's Pred and Gold.
type Pair struct {
	Pred       int     `json:"pred"`
	Gold       int     `json:"gold"`
	Similarity float64 `json:"similarity"`
	// Align is the align similarity that chose the pair (`align =`).
	Align *float64     `json:"align,omitempty"`
	Sub   []*Alignment `json:"sub,omitempty"`
}

// VarLink maps a predicted variable to a gold one.
type VarLink struct {
	Pred string `json:"pred"`
	Gold string `json:"gold"`
}

// Search says how the latent-variable search ended.
type Search struct {
	Proven bool     `json:"proven_optimal"`
	Nodes  int      `json:"nodes"`
	Gap    *float64 `json:"gap,omitempty"`
}

// Input is what Build needs from a run: the spec's plan, the document's
// results (as --per-doc computes them) and its traces.
type Input struct {
	Plan     *eval.Plan
	Spec     string
	Document string
	Gold     string
	Pred     string
	Results  []*corpus.MetricResult
	Traces   []*eval.MetricTrace
	// GlossPred and GlossGold, when set, say in words what the items of
	// the prediction's and the gold's document cover.
	GlossPred, GlossGold document.Gloss
}

// Build assembles the explanation.
func Build(in Input) *Explanation {
	ex := &Explanation{Schema: SchemaVersion, Spec: in.Spec, Document: in.Document, Gold: in.Gold, Pred: in.Pred}
	for _, r := range in.Results {
		m := &Metric{Name: r.Name, Definition: in.Plan.Definition(r.Name), Position: in.Plan.Position(r.Name)}
		switch r.Kind {
		case eval.KindCorpusValue:
			m.Kind = "corpus"
			m.Value = num(r.Value)
		case eval.KindCorpusTriple:
			m.Kind = "corpus"
			m.Precision, m.Recall, m.F1 = num(r.Precision), num(r.Recall), num(r.F1)
		default:
			m.Kind = "sums"
			m.Precision, m.Recall, m.F1 = num(r.Precision), num(r.Recall), num(r.F1)
			if r.HasValue() {
				m.Value = num(r.Value)
			}
			m.Sums = &Sums{PredGold: r.Sums.PredGold, PredPred: r.Sums.PredPred, GoldGold: r.Sums.GoldGold}
			if r.Kind == eval.KindSumsN {
				m.Kind = "sums_n"
				m.Sums.PredGoldRecall = num(r.Sums.PredGoldRecall)
			}
			for _, row := range r.By {
				m.By = append(m.By, &Row{Key: row.Name, Precision: row.Precision, Recall: row.Recall, F1: row.F1,
					Sums: Sums{PredGold: row.Sums.PredGold, PredPred: row.Sums.PredPred, GoldGold: row.Sums.GoldGold, PredGoldRecall: num(row.Sums.PredGoldRecall)}})
			}
		}
		for _, tr := range in.Traces {
			if tr.Metric != r.Name {
				continue
			}
			t := &Tree{PredGold: tr.Sums.PredGold}
			switch {
			case r.Kind != eval.KindSumsN:
				t.PredPred, t.GoldGold = num(tr.Sums.PredPred), num(tr.Sums.GoldGold)
			case tr.Recall:
				t.Side, t.GoldGold = "R", num(tr.Sums.GoldGold)
			default:
				t.Side, t.PredPred = "P", num(tr.Sums.PredPred)
			}
			for _, al := range tr.Alignments {
				t.Alignments = append(t.Alignments, alignment(al, in.GlossPred, in.GlossGold))
			}
			m.Trees = append(m.Trees, t)
		}
		ex.Metrics = append(ex.Metrics, m)
	}
	return ex
}

func alignment(al *eval.Alignment, glossPred, glossGold document.Gloss) *Alignment {
	a := &Alignment{Matching: al.Matching, Position: al.Position, Norm: al.Norm, PredGold: al.PredGold, Counted: al.Counted,
		Pred: items(al.Pred), Gold: items(al.Gold), Pairs: []*Pair{}, UnmatchedPred: []int{}, UnmatchedGold: []int{},
		PredText: texts(al.Pred, glossPred), GoldText: texts(al.Gold, glossGold)}
	if al.Normalized {
		a.Value = num(al.Value)
		if al.PredPred != 0 || al.Norm != "R" && al.Norm != "S" {
			a.PredPred = num(al.PredPred)
		}
		if al.GoldGold != 0 || al.Norm != "P" && al.Norm != "S" {
			a.GoldGold = num(al.GoldGold)
		}
	}
	predUsed, goldUsed := make([]bool, len(al.Pred)), make([]bool, len(al.Gold))
	for _, p := range al.Pairs {
		pair := &Pair{Pred: p.Pred, Gold: p.Gold, Similarity: p.Similarity, Align: p.Align}
		for _, sub := range p.Sub {
			pair.Sub = append(pair.Sub, alignment(sub, glossPred, glossGold))
		}
		a.Pairs = append(a.Pairs, pair)
		predUsed[p.Pred], goldUsed[p.Gold] = true, true
	}
	for i, used := range predUsed {
		if !used {
			a.UnmatchedPred = append(a.UnmatchedPred, i)
		}
	}
	for j, used := range goldUsed {
		if !used {
			a.UnmatchedGold = append(a.UnmatchedGold, j)
		}
	}
	for _, v := range al.Vars {
		a.Vars = append(a.Vars, VarLink{Pred: v.Pred, Gold: v.Gold})
	}
	if st := al.Search; st != nil && st.Pairs > 0 {
		a.Search = &Search{Proven: st.Proven == st.Pairs, Nodes: st.Nodes}
		if !a.Search.Proven {
			a.Search.Gap = num(st.MaxGap)
		}
	}
	return a
}

// items turns rendered values into JSON. The trace renders them as JSON
// already; should one not be, it is kept as a JSON string, so that the
// explanation stays valid JSON whatever the renderer writes.
func items(rendered []string) []json.RawMessage {
	out := make([]json.RawMessage, len(rendered))
	for i, s := range rendered {
		if json.Valid([]byte(s)) {
			out[i] = json.RawMessage(s)
		} else {
			out[i] = document.AppendJSONString(nil, s)
		}
	}
	return out
}

func num(v float64) *float64 { return &v }

// texts glosses items; nil when there is no gloss or no item covers a
// word.
func texts(rendered []string, gloss document.Gloss) []string {
	if gloss == nil {
		return nil
	}
	out := make([]string, len(rendered))
	some := false
	for i, s := range rendered {
		out[i] = gloss([]byte(s))
		some = some || out[i] != ""
	}
	if !some {
		return nil
	}
	return out
}
