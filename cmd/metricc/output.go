package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/metricc/metricc"
)

// writeTable prints one row per metric with P, R and F1 as percentages
// (two decimals). A corpus metric shows its value in the F1 column; a
// metric with a value of its own normalizer (S, J, F(β)) adds it last.
func writeTable(w io.Writer, res *metricc.Result) error {
	bw := bufio.NewWriter(w)
	width := len("metric")
	for _, m := range res.Metrics {
		width = max(width, len(m.Name))
	}
	writeRows := func(ms []*metricc.MetricResult) {
		fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s\n", width, "metric", "P", "R", "F1")
		for _, m := range ms {
			switch {
			case m.Kind == metricc.KindCorpusValue:
				fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s\n", width, m.Name, "", "", pct(m.Value))
			case m.HasValue():
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
				gap := "unknown"
				if !math.IsInf(st.MaxGap, 1) {
					gap = num(st.MaxGap)
				}
				if st.Interrupted > 0 {
					fmt.Fprintf(bw, " (largest gap %s; %d interrupted)", gap, st.Interrupted)
				} else {
					fmt.Fprintf(bw, " (largest gap %s; raise --search-work or --search-pairs)", gap)
				}
			}
			fmt.Fprintln(bw)
		}
	}
	return bw.Flush()
}

func pct(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) }

func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// writeCSV prints one row per metric (and per document and metric with
// --per-doc), raw fractions rather than percentages.
func writeCSV(w io.Writer, res *metricc.Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"document", "metric", "precision", "recall", "f1", "value", "pred_gold", "pred_pred", "gold_gold", "pred_gold_recall"})
	rows := func(doc string, ms []*metricc.MetricResult) {
		for _, m := range ms {
			switch m.Kind {
			case metricc.KindCorpusValue:
				cw.Write([]string{doc, m.Name, "", "", "", jsonNumber(m.Value), "", "", "", ""})
				continue
			case metricc.KindCorpusTriple:
				cw.Write([]string{doc, m.Name, jsonNumber(m.Precision), jsonNumber(m.Recall), jsonNumber(m.F1), "", "", "", "", ""})
				continue
			}
			value := ""
			if m.HasValue() {
				value = jsonNumber(m.Value)
			}
			s := m.Sums
			cw.Write([]string{doc, m.Name, jsonNumber(m.Precision), jsonNumber(m.Recall), jsonNumber(m.F1), value,
				jsonNumber(s.PredGold), jsonNumber(s.PredPred), jsonNumber(s.GoldGold), jsonNumber(s.PredGoldRecall)})
		}
	}
	for _, d := range res.PerDoc {
		rows(d.ID, d.Metrics)
	}
	rows("corpus", res.Metrics)
	cw.Flush()
	return cw.Error()
}

// jsonNumber formats a fraction as JSON and CSV do: shortest exact form,
// null if not finite.
func jsonNumber(v float64) string { return metricc.JSONNumber(v) }
