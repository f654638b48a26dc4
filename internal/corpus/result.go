package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

// MetricResult is the value of one metric over a corpus or one document.
type MetricResult struct {
	Name string
	Kind eval.Kind
	Sums eval.Sums // metrics over documents
	// Average is how the corpus value was aggregated when the metric (or
	// the run) says so: "macro", "macro(gold)" or "micro(gold)"; "" is
	// micro.
	Average string
	// By has one row per key of a breakdown (Name is the key), from the
	// sums of the corpus (or the document).
	By []*MetricResult
	// RowOf names the breakdown row a metric reports (`all[labels]` for
	// metric labels = all[labels]); its search is that metric's.
	RowOf string

	Precision, Recall, F1 float64
	// Value is the declared normalizer applied to the sums when it is not
	// P, R or F (S gives Σ(X,Y), J the Jaccard index, F(β) the F-β score,
	// U(β) the utility TP − β·FP), and the value of a corpus metric. A
	// metric aggregated micro(clip) has, over a corpus, the sum of its
	// documents' values each clipped at 0 (eval.Sums.Clipped).
	Value float64
	// CI holds bootstrap intervals of the values, when asked for.
	CI *CI
}

// Row returns the row of the breakdown with the given key: a row of
// zeros when no document has the key.
func (r *MetricResult) Row(key string) *MetricResult {
	for _, row := range r.By {
		if row.Name == key {
			return row
		}
	}
	return &MetricResult{Name: key, Kind: eval.KindSumsN}
}

// IsCorpus reports whether the metric is arithmetic on other metrics.
func (r *MetricResult) IsCorpus() bool {
	return r.Kind == eval.KindCorpusValue || r.Kind == eval.KindCorpusTriple
}

// HasValue reports whether Value is one of the metric's results.
func (r *MetricResult) HasValue() bool {
	return r.Kind == eval.KindSumsValue || r.Kind == eval.KindCorpusValue
}

// Field returns a corpus value: precision, recall, f1, value, or one of
// the sums. The value of a metric without a declared value is its F1.
func (r *MetricResult) Field(f typecheck.MetricField) float64 {
	switch f {
	case typecheck.Precision:
		return r.Precision
	case typecheck.Recall:
		return r.Recall
	case typecheck.F1:
		return r.F1
	case typecheck.PredGold:
		return r.Sums.PredGold
	case typecheck.PredPred:
		return r.Sums.PredPred
	case typecheck.GoldGold:
		return r.Sums.GoldGold
	case typecheck.PredGoldRecall:
		return r.Sums.PredGoldRecall
	}
	if r.HasValue() {
		return r.Value
	}
	return r.F1
}

// DocResult holds the metrics of one document pair.
type DocResult struct {
	ID      string // the pairing key, or the position from 1
	Metrics []*MetricResult
}

// Result is the outcome of a run.
type Result struct {
	Documents int
	Macro     bool // corpus values average per-document ones
	// Params are the values of the spec's params used, in declaration
	// order.
	Params  []Param
	Metrics []*MetricResult
	PerDoc  []DocResult
	// Bootstrap says how the intervals (MetricResult.CI) were computed;
	// nil without them.
	Bootstrap *BootstrapInfo
}

// Param is a param's name and the value a run used.
type Param struct {
	Name  string
	Value float64
}

// Metric returns the named metric's result, or nil.
func (r *Result) Metric(name string) *MetricResult {
	for _, m := range r.Metrics {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// MarshalJSON writes the object of docs/cli.md (Output), metrics in
// declaration order, laid out for reading (encoding/json compacts it;
// WriteJSON keeps it).
func (r *Result) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	r.WriteJSON(&b)
	return b.Bytes(), nil
}

// WriteJSON writes what `metricc run --format json` prints.
func (r *Result) WriteJSON(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\"documents\": %d", r.Documents)
	if bs := r.Bootstrap; bs != nil {
		fmt.Fprintf(&b, ", \"bootstrap\": {\"samples\": %d, \"seed\": %d}", bs.Samples, bs.Seed)
	}
	if r.Macro {
		b.WriteString(", \"average\": \"macro\"")
	}
	if len(r.Params) > 0 {
		b.WriteString(",\n \"params\": {")
		for i, p := range r.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s: %s", strconv.Quote(p.Name), JSONNumber(p.Value))
		}
		b.WriteString("}")
	}
	b.WriteString(",\n \"metrics\": ")
	writeMetricsJSON(&b, r.Metrics, " ")
	if r.PerDoc != nil {
		b.WriteString(",\n \"per_doc\": [")
		for i, d := range r.PerDoc {
			if i > 0 {
				b.WriteString(",")
			}
			id, _ := json.Marshal(d.ID)
			fmt.Fprintf(&b, "\n  {\"id\": %s, \"metrics\": ", id)
			writeMetricsJSON(&b, d.Metrics, "   ")
			b.WriteString("}")
		}
		b.WriteString("]")
	}
	b.WriteString("}\n")
	_, err := w.Write(b.Bytes())
	return err
}

func writeMetricsJSON(b *bytes.Buffer, ms []*MetricResult, indent string) {
	b.WriteString("{")
	for i, m := range ms {
		if i > 0 {
			b.WriteString(",\n" + indent + " ")
		}
		name, _ := json.Marshal(m.Name)
		b.Write(name)
		b.WriteString(": ")
		field := func(f typecheck.MetricField, v float64) string {
			return strconv.Quote(f.String()) + ": " + JSONNumber(v)
		}
		prf := field(typecheck.Precision, m.Precision) + ", " + field(typecheck.Recall, m.Recall) + ", " + field(typecheck.F1, m.F1)
		P, R, F, V := typecheck.Precision, typecheck.Recall, typecheck.F1, typecheck.Value
		switch m.Kind {
		case eval.KindCorpusValue:
			b.WriteString("{" + field(typecheck.Value, m.Value))
			writeCI(b, ", ", m.CI, V)
			b.WriteString("}")
			continue
		case eval.KindCorpusTriple:
			b.WriteString("{" + prf)
			writeCI(b, ", ", m.CI, P, R, F)
			b.WriteString("}")
			continue
		}
		b.WriteString("{" + prf)
		if m.HasValue() {
			b.WriteString(", " + field(typecheck.Value, m.Value))
		}
		if m.Average != "" {
			fmt.Fprintf(b, ", \"average\": %q", m.Average)
		}
		if m.HasValue() {
			writeCI(b, ",\n"+indent+"   ", m.CI, P, R, F, V)
		} else {
			writeCI(b, ",\n"+indent+"   ", m.CI, P, R, F)
		}
		s := m.Sums
		fmt.Fprintf(b, ",\n%s   \"sums\": {%s, %s, %s", indent,
			field(typecheck.PredGold, s.PredGold), field(typecheck.PredPred, s.PredPred), field(typecheck.GoldGold, s.GoldGold))
		if m.Kind == eval.KindSumsN {
			b.WriteString(", " + field(typecheck.PredGoldRecall, s.PredGoldRecall))
		}
		b.WriteString("}")
		if len(m.By) > 0 {
			fmt.Fprintf(b, ",\n%s   \"by\": {", indent)
			for k, row := range m.By {
				if k > 0 {
					fmt.Fprintf(b, ",\n%s     ", indent)
				}
				fmt.Fprintf(b, "%s: {%s, %s, %s, \"sums\": {%s, %s, %s, %s}", document.JSONString(row.Name),
					field(typecheck.Precision, row.Precision), field(typecheck.Recall, row.Recall), field(typecheck.F1, row.F1),
					field(typecheck.PredGold, row.Sums.PredGold), field(typecheck.PredPred, row.Sums.PredPred),
					field(typecheck.GoldGold, row.Sums.GoldGold), field(typecheck.PredGoldRecall, row.Sums.PredGoldRecall))
				writeCI(b, ", ", row.CI, P, R, F)
				b.WriteString("}")
			}
			b.WriteString("}")
		}
		if st := s.Search; st.Pairs > 0 {
			fmt.Fprintf(b, ",\n%s   \"search\": {\"pairs\": %d, \"proven_optimal\": %d", indent, st.Pairs, st.Proven)
			if st.Proven < st.Pairs {
				fmt.Fprintf(b, ", \"max_gap\": %s", JSONNumber(st.MaxGap))
			}
			if st.Interrupted > 0 {
				fmt.Fprintf(b, ", \"interrupted\": %d", st.Interrupted)
			}
			fmt.Fprintf(b, ", \"nodes\": %d}", st.Nodes)
		}
		b.WriteString("}")
	}
	b.WriteString("}")
}

// JSONNumber formats a float as JSON: shortest exact form, null if not
// finite.
func JSONNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "null"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
