package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/metricc/metricc/eval"
)

// writeTable prints one row per metric with P, R and F1 as percentages
// (two decimals). A corpus metric shows its value in the F1 column; a
// metric with a value of its own normalizer (S, J, F(β)) adds it last.
func writeTable(w io.Writer, res *eval.Result) error {
	bw := bufio.NewWriter(w)
	width := len("metric")
	for _, m := range res.Metrics {
		width = max(width, len(m.Name))
	}
	writeRows := func(ms []*eval.MetricResult) {
		fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s\n", width, "metric", "P", "R", "F1")
		for _, m := range ms {
			switch {
			case m.Corpus && !m.Triple:
				fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s\n", width, m.Name, "", "", pct(m.Value))
			case m.HasValue:
				fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s  value %s\n", width, m.Name, pct(m.Precision), pct(m.Recall), pct(m.F1), num(m.Value))
			default:
				fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s\n", width, m.Name, pct(m.Precision), pct(m.Recall), pct(m.F1))
			}
		}
	}
	for _, d := range res.PerDoc {
		fmt.Fprintf(bw, "document %s\n", d.ID)
		writeRows(d.Metrics)
		fmt.Fprintln(bw)
	}
	if res.PerDoc != nil {
		fmt.Fprintf(bw, "corpus (%d documents)\n", res.Documents)
	}
	writeRows(res.Metrics)
	for _, m := range res.Metrics {
		if st := m.Sums.Search; st.Pairs > 0 {
			fmt.Fprintf(bw, "%s: latent variables: %d of %d document pairs proven optimal", m.Name, st.Proven, st.Pairs)
			if st.Proven < st.Pairs {
				fmt.Fprintf(bw, " (largest gap %s; raise --search-nodes or --search-time)", num(st.MaxGap))
			}
			fmt.Fprintln(bw)
		}
	}
	return bw.Flush()
}

func pct(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) }

func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// writeJSON prints the object of DESIGN §4, metrics in declaration order.
func writeJSON(w io.Writer, res *eval.Result, macro bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "{\"documents\": %d", res.Documents)
	if macro {
		bw.WriteString(", \"average\": \"macro\"")
	}
	bw.WriteString(",\n \"metrics\": ")
	writeMetricsJSON(bw, res.Metrics, " ")
	if res.PerDoc != nil {
		bw.WriteString(",\n \"per_doc\": [")
		for i, d := range res.PerDoc {
			if i > 0 {
				bw.WriteString(",")
			}
			id, _ := json.Marshal(d.ID)
			fmt.Fprintf(bw, "\n  {\"id\": %s, \"metrics\": ", id)
			writeMetricsJSON(bw, d.Metrics, "   ")
			bw.WriteString("}")
		}
		bw.WriteString("]")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

func writeMetricsJSON(bw *bufio.Writer, ms []*eval.MetricResult, indent string) {
	bw.WriteString("{")
	for i, m := range ms {
		if i > 0 {
			bw.WriteString(",\n" + indent + " ")
		}
		name, _ := json.Marshal(m.Name)
		bw.Write(name)
		bw.WriteString(": ")
		if m.Corpus && !m.Triple {
			fmt.Fprintf(bw, "{\"value\": %s}", jnum(m.Value))
			continue
		}
		if m.Corpus {
			fmt.Fprintf(bw, "{\"precision\": %s, \"recall\": %s, \"f1\": %s}", jnum(m.Precision), jnum(m.Recall), jnum(m.F1))
			continue
		}
		fmt.Fprintf(bw, "{\"precision\": %s, \"recall\": %s, \"f1\": %s", jnum(m.Precision), jnum(m.Recall), jnum(m.F1))
		if m.HasValue {
			fmt.Fprintf(bw, ", \"value\": %s", jnum(m.Value))
		}
		s := m.Sums
		fmt.Fprintf(bw, ",\n%s   \"sums\": {\"pred_gold\": %s, \"pred_pred\": %s, \"gold_gold\": %s", indent, jnum(s.PredGold), jnum(s.PredPred), jnum(s.GoldGold))
		if m.UsesN {
			fmt.Fprintf(bw, ", \"pred_gold_recall\": %s", jnum(s.PredGoldRecall))
		}
		bw.WriteString("}")
		if st := s.Search; st.Pairs > 0 {
			fmt.Fprintf(bw, ",\n%s   \"search\": {\"pairs\": %d, \"proven_optimal\": %d", indent, st.Pairs, st.Proven)
			if st.Proven < st.Pairs {
				fmt.Fprintf(bw, ", \"max_gap\": %s", jnum(st.MaxGap))
			}
			fmt.Fprintf(bw, ", \"nodes\": %d}", st.Nodes)
		}
		bw.WriteString("}")
	}
	bw.WriteString("}")
}

// jnum formats a float as JSON: shortest exact form, null if not finite.
func jnum(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "null"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// writeCSV prints one row per metric (and per document and metric with
// --per-doc), raw fractions rather than percentages.
func writeCSV(w io.Writer, res *eval.Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"document", "metric", "precision", "recall", "f1", "value", "pred_gold", "pred_pred", "gold_gold", "pred_gold_recall"})
	rows := func(doc string, ms []*eval.MetricResult) {
		for _, m := range ms {
			if m.Corpus && !m.Triple {
				cw.Write([]string{doc, m.Name, "", "", "", jnum(m.Value), "", "", "", ""})
				continue
			}
			if m.Corpus {
				cw.Write([]string{doc, m.Name, jnum(m.Precision), jnum(m.Recall), jnum(m.F1), "", "", "", "", ""})
				continue
			}
			value := ""
			if m.HasValue {
				value = jnum(m.Value)
			}
			s := m.Sums
			cw.Write([]string{doc, m.Name, jnum(m.Precision), jnum(m.Recall), jnum(m.F1), value,
				jnum(s.PredGold), jnum(s.PredPred), jnum(s.GoldGold), jnum(s.PredGoldRecall)})
		}
	}
	for _, d := range res.PerDoc {
		rows(d.ID, d.Metrics)
	}
	rows("corpus", res.Metrics)
	cw.Flush()
	return cw.Error()
}
