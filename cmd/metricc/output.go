package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/metricc/metricc"
)

// tableOptions are the table's optional columns.
type tableOptions struct {
	counts bool // the sums behind P and R, as the Perl scorer prints them
}

// writeTable prints one row per metric with P, R and F1 as percentages
// (two decimals). A corpus metric shows its value in the F1 column; a
// metric with a value of its own normalizer (S, J, F(β)) adds it last.
// With bootstrap intervals each cell holds its interval; with counts, the
// sums P and R are computed from follow (numerator / denominator).
func writeTable(w io.Writer, res *metricc.Result, to tableOptions) error {
	bw := bufio.NewWriter(w)
	cell := func(v float64, ci *metricc.CI, f func(*metricc.CI) metricc.Interval) string {
		if ci == nil {
			return pct(v)
		}
		iv := f(ci)
		return pct(v) + " [" + pct(iv[0]) + ", " + pct(iv[1]) + "]"
	}
	ciP := func(c *metricc.CI) metricc.Interval { return c.Precision }
	ciR := func(c *metricc.CI) metricc.Interval { return c.Recall }
	ciF := func(c *metricc.CI) metricc.Interval { return c.F1 }
	ciV := func(c *metricc.CI) metricc.Interval { return c.Value }
	// Rows are name, P, R, F1, then the counts (when asked), then free text.
	type row struct{ cells []string }
	counts := func(s metricc.Sums) []string {
		if !to.counts {
			return nil
		}
		return []string{plainNumber(s.PredGold) + "/" + plainNumber(s.PredPred), plainNumber(s.PredGoldRecall) + "/" + plainNumber(s.GoldGold)}
	}
	blank := func() []string {
		if !to.counts {
			return nil
		}
		return []string{"", ""}
	}
	rowsOf := func(ms []*metricc.MetricResult) []row {
		head := []string{"metric", "P", "R", "F1"}
		if to.counts {
			head = append(head, "P counts", "R counts")
		}
		out := []row{{append(head, "")}}
		add := func(cells ...[]string) {
			var r []string
			for _, c := range cells {
				r = append(r, c...)
			}
			out = append(out, row{r})
		}
		// A breakdown row that a metric reports under its own name
		// (metric labels = all[labels]) is not printed twice.
		named := map[string]bool{}
		for _, m := range ms {
			named[m.RowOf] = m.RowOf != ""
		}
		for _, m := range ms {
			name := rowName(m)
			switch {
			case m.Kind == metricc.KindCorpusValue:
				add([]string{name, "", "", cell(m.Value, m.CI, ciV)}, blank(), []string{""})
			case m.Kind == metricc.KindCorpusTriple:
				add([]string{name, cell(m.Precision, m.CI, ciP), cell(m.Recall, m.CI, ciR), cell(m.F1, m.CI, ciF)}, blank(), []string{""})
			default:
				extra := ""
				if m.HasValue() {
					extra = "value " + num(m.Value)
					if m.CI != nil {
						extra += " [" + num(m.CI.Value[0]) + ", " + num(m.CI.Value[1]) + "]"
					}
				}
				add([]string{name, cell(m.Precision, m.CI, ciP), cell(m.Recall, m.CI, ciR), cell(m.F1, m.CI, ciF)}, counts(m.Sums), []string{extra})
			}
			for _, r := range m.By {
				if named[byName(m, r)] {
					continue
				}
				add([]string{byName(m, r), cell(r.Precision, r.CI, ciP), cell(r.Recall, r.CI, ciR), cell(r.F1, r.CI, ciF)}, counts(r.Sums), []string{""})
			}
		}
		return out
	}
	// One set of widths for the whole table, documents and corpus alike.
	var widths []int
	measure := func(rows []row) {
		for _, r := range rows {
			for k, c := range r.cells {
				if k >= len(widths) {
					widths = append(widths, 0)
				}
				if k == 0 || k < len(r.cells)-1 {
					widths[k] = max(widths[k], utf8.RuneCountInString(c))
				}
			}
		}
	}
	printRows := func(rows []row) {
		for _, r := range rows {
			var b strings.Builder
			for k, c := range r.cells {
				switch {
				case k == 0:
					b.WriteString(c + strings.Repeat(" ", widths[0]-utf8.RuneCountInString(c)))
				case k == len(r.cells)-1:
					if c != "" {
						b.WriteString("  " + c)
					}
				default:
					b.WriteString("  " + strings.Repeat(" ", widths[k]-utf8.RuneCountInString(c)) + c)
				}
			}
			fmt.Fprintln(bw, strings.TrimRight(b.String(), " "))
		}
	}
	docRows := make([][]row, len(res.PerDoc))
	for i, d := range res.PerDoc {
		docRows[i] = rowsOf(d.Metrics)
		measure(docRows[i])
	}
	corpus := rowsOf(res.Metrics)
	measure(corpus)
	widths[1], widths[2], widths[3] = max(widths[1], 7), max(widths[2], 7), max(widths[3], 7)
	for i, d := range res.PerDoc {
		fmt.Fprintf(bw, "document %s\n", d.ID)
		printRows(docRows[i])
		fmt.Fprintln(bw)
	}
	if res.PerDoc != nil {
		fmt.Fprintf(bw, "corpus (%d documents)\n", res.Documents)
	}
	printRows(corpus)
	if res.Macro {
		fmt.Fprintf(bw, "--macro: P, R and F1 are averages of the %d documents' values (metrics that declare their aggregation keep it)\n", res.Documents)
	}
	if b := res.Bootstrap; b != nil {
		fmt.Fprintf(bw, "[lo, hi]: %s%% percentile intervals from %d bootstrap resamples of the %d documents (seed %d)\n",
			plainNumber(100*b.Level), b.Samples, res.Documents, b.Seed)
	}
	for _, m := range res.Metrics {
		if st := m.Sums.Search; st.Pairs > 0 && m.RowOf == "" {
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

// rowName is a metric's name, with its aggregation when it declares one.
func rowName(m *metricc.MetricResult) string {
	if m.Average != "" {
		return m.Name + " (" + m.Average + ")"
	}
	return m.Name
}

// byName names a breakdown row: metric[KEY].
func byName(m, row *metricc.MetricResult) string { return m.Name + "[" + row.Name + "]" }

func pct(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) }

func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// writeCSV prints one row per metric (and per document and metric with
// --per-doc), raw fractions rather than percentages, to 15 significant
// digits (no float noise such as 0.7999999999999999). The scope column
// tells corpus rows from document rows (a document may be called
// "corpus"). With bootstrap intervals, the columns PRECISION_lo, _hi, ...
// follow.
func writeCSV(w io.Writer, res *metricc.Result) error {
	cw := csv.NewWriter(w)
	head := []string{"scope", "document", "metric", "precision", "recall", "f1", "value", "pred_gold", "pred_pred", "gold_gold", "pred_gold_recall"}
	boot := res.Bootstrap != nil
	if boot {
		head = append(head, "precision_lo", "precision_hi", "recall_lo", "recall_hi", "f1_lo", "f1_hi", "value_lo", "value_hi")
	}
	cw.Write(head)
	// intervals are the CI columns of the fields a row reports.
	intervals := func(ci *metricc.CI, p, r, f, v bool) []string {
		if !boot {
			return nil
		}
		out := make([]string, 8)
		if ci == nil {
			return out
		}
		for k, iv := range []struct {
			on bool
			iv metricc.Interval
		}{{p, ci.Precision}, {r, ci.Recall}, {f, ci.F1}, {v, ci.Value}} {
			if iv.on {
				out[2*k], out[2*k+1] = csvNumber(iv.iv[0]), csvNumber(iv.iv[1])
			}
		}
		return out
	}
	rows := func(scope, doc string, ms []*metricc.MetricResult) {
		write := func(fields ...string) { cw.Write(append([]string{scope, doc}, fields...)) }
		for _, m := range ms {
			switch m.Kind {
			case metricc.KindCorpusValue:
				write(append([]string{m.Name, "", "", "", csvNumber(m.Value), "", "", "", ""}, intervals(m.CI, false, false, false, true)...)...)
				continue
			case metricc.KindCorpusTriple:
				write(append([]string{m.Name, csvNumber(m.Precision), csvNumber(m.Recall), csvNumber(m.F1), "", "", "", "", ""}, intervals(m.CI, true, true, true, false)...)...)
				continue
			}
			value := ""
			if m.HasValue() {
				value = csvNumber(m.Value)
			}
			s := m.Sums
			write(append([]string{m.Name, csvNumber(m.Precision), csvNumber(m.Recall), csvNumber(m.F1), value,
				csvNumber(s.PredGold), csvNumber(s.PredPred), csvNumber(s.GoldGold), csvNumber(s.PredGoldRecall)}, intervals(m.CI, true, true, true, m.HasValue())...)...)
			for _, row := range m.By {
				s := row.Sums
				write(append([]string{byName(m, row), csvNumber(row.Precision), csvNumber(row.Recall), csvNumber(row.F1), "",
					csvNumber(s.PredGold), csvNumber(s.PredPred), csvNumber(s.GoldGold), csvNumber(s.PredGoldRecall)}, intervals(row.CI, true, true, true, false)...)...)
			}
		}
	}
	for _, d := range res.PerDoc {
		rows("document", d.ID, d.Metrics)
	}
	rows("corpus", "", res.Metrics)
	cw.Flush()
	return cw.Error()
}

// csvNumber formats a number for CSV: 15 significant digits, enough to
// tell any two decimals a person would write apart and too few to show
// the noise of binary fractions; NaN, inf or -inf if not finite.
func csvNumber(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 0):
		return strings.TrimPrefix(strings.ToLower(strconv.FormatFloat(v, 'g', -1, 64)), "+")
	}
	return plainNumber(v)
}

// plainNumber is v to 15 significant digits, without trailing zeros.
func plainNumber(v float64) string { return strconv.FormatFloat(v, 'g', 15, 64) }
