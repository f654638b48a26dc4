package explain

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxItem is how many characters of an item the text shows (the JSON and
// HTML outputs show them whole).
const maxItem = 72

// ANSI colours, used only when the caller says the output is a terminal.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
)

type textWriter struct {
	w     *bufio.Writer
	color bool
}

func (t *textWriter) paint(code, s string) string {
	if !t.color || s == "" {
		return s
	}
	return code + s + ansiReset
}

// WriteText writes the explanation as an indented tree for reading on a
// terminal; color adds ANSI colours (similarity from red to green).
func (ex *Explanation) WriteText(w io.Writer, color bool) error {
	t := &textWriter{w: bufio.NewWriter(w), color: color}
	fmt.Fprintf(t.w, "document %s: gold %s, prediction %s, spec %s\n", strconv.Quote(ex.Document), ex.Gold, ex.Pred, ex.Spec)
	for _, m := range ex.Metrics {
		t.w.WriteString("\n")
		t.metric(m)
	}
	return t.w.Flush()
}

func (t *textWriter) metric(m *Metric) {
	fmt.Fprintf(t.w, "%s = %s  %s\n", t.paint(ansiBold, m.Name), m.Definition, t.paint(ansiDim, m.Position))
	for _, l := range metricLines(m) {
		t.w.WriteString("  " + l + "\n")
	}
	for _, tr := range m.Trees {
		indent := "  "
		switch tr.Side {
		case "P":
			fmt.Fprintf(t.w, "  precision side (N=P):\n")
			indent = "    "
		case "R":
			fmt.Fprintf(t.w, "  recall side (N=R):\n")
			indent = "    "
		}
		for _, al := range tr.Alignments {
			t.alignment(al, indent, indent)
		}
	}
}

// item shows item i: the words it covers, quoted, when the input has them,
// then its JSON, cut short.
func item(items []json.RawMessage, texts []string, i int) string {
	if i < len(texts) && texts[i] != "" {
		return strconv.Quote(texts[i]) + " " + short(items[i])
	}
	return short(items[i])
}

// alignment writes one level: its header after first, its children after
// rest (the tree's guide lines so far).
func (t *textWriter) alignment(al *Alignment, first, rest string) {
	head := fmt.Sprintf("%s  %s", t.paint(ansiCyan, al.Matching), t.paint(ansiDim, al.Position))
	t.w.WriteString(first + head + "\n")
	t.w.WriteString(rest + "  " + facts(al) + "\n")
	if len(al.Vars) > 0 {
		links := make([]string, len(al.Vars))
		for i, v := range al.Vars {
			links[i] = v.Pred + "→" + v.Gold
		}
		status := ""
		if s := al.Search; s != nil {
			if s.Proven {
				status = " (proven optimal)"
			} else {
				status = t.paint(ansiYellow, fmt.Sprintf(" (not proven optimal: gap %s)", sum(*s.Gap)))
			}
		}
		t.w.WriteString(rest + "  variables" + status + ": " + strings.Join(links, ", ") + "\n")
	}
	type line struct {
		text string
		subs []*Alignment
	}
	var lines []line
	maxSim := 1.0
	for _, p := range al.Pairs {
		maxSim = max(maxSim, p.Similarity)
	}
	for _, p := range al.Pairs {
		sim := t.paint(simColor(p.Similarity, maxSim), num6(p.Similarity))
		extra := ""
		if p.Align != nil {
			extra = " (align " + num6(*p.Align) + ")"
		}
		lines = append(lines, line{fmt.Sprintf("pred %d ↔ gold %d  %s%s  %s ↔ %s", p.Pred+1, p.Gold+1, sim, extra,
			item(al.Pred, al.PredText, p.Pred), item(al.Gold, al.GoldText, p.Gold)), p.Sub})
	}
	for _, i := range al.UnmatchedPred {
		lines = append(lines, line{t.paint(ansiRed, fmt.Sprintf("pred %d unmatched", i+1)) + "  " + item(al.Pred, al.PredText, i), nil})
	}
	for _, j := range al.UnmatchedGold {
		lines = append(lines, line{t.paint(ansiRed, fmt.Sprintf("gold %d unmatched", j+1)) + "  " + item(al.Gold, al.GoldText, j), nil})
	}
	for k, l := range lines {
		branch, guide := "├─ ", "│  "
		if k == len(lines)-1 {
			branch, guide = "└─ ", "   "
		}
		t.w.WriteString(rest + branch + l.text + "\n")
		for s, sub := range l.subs {
			subBranch, subGuide := "├─ ", "│  "
			if s == len(l.subs)-1 {
				subBranch, subGuide = "└─ ", "   "
			}
			t.alignment(sub, rest+guide+subBranch, rest+guide+subGuide)
		}
	}
}

// metricLines show how a metric's values on the document follow from its
// sums.
func metricLines(m *Metric) []string {
	var out []string
	if m.Kind == "corpus" {
		if m.Value != nil {
			return []string{fmt.Sprintf("value = %s on this document's values", ratio(*m.Value))}
		}
		return []string{fmt.Sprintf("P = %s  R = %s  F1 = %s on this document's values", ratio(*m.Precision), ratio(*m.Recall), ratio(*m.F1))}
	}
	s := m.Sums
	if s.PredPred == 0 && s.GoldGold == 0 {
		out = append(out, "Σ(X,X) = Σ(Y,Y) = 0: both sides empty; P = R = F1 = 1 for this document (it adds nothing to the corpus sums)")
	} else {
		recallNum, pSide, rSide := s.PredGold, "", ""
		if s.PredGoldRecall != nil {
			recallNum, pSide, rSide = *s.PredGoldRecall, "   (N=P)", "   (N=R)"
		}
		out = append(out,
			fmt.Sprintf("P  = Σ(X,Y) / Σ(X,X)  = %s / %s = %s%s", sum(s.PredGold), sum(s.PredPred), ratio(*m.Precision), pSide),
			fmt.Sprintf("R  = Σ(X,Y) / Σ(Y,Y)  = %s / %s = %s%s", sum(recallNum), sum(s.GoldGold), ratio(*m.Recall), rSide),
			fmt.Sprintf("F1 = 2·P·R / (P + R) = %s", ratio(*m.F1)))
	}
	if m.Value != nil {
		out = append(out, fmt.Sprintf("value (the metric's own normalizer on the sums) = %s", num6(*m.Value)))
	}
	for _, row := range m.By {
		out = append(out, fmt.Sprintf("[%s]  P = %s / %s = %s  R = %s / %s = %s  F1 = %s", row.Key,
			sum(row.Sums.PredGold), sum(row.Sums.PredPred), pct(row.Precision),
			sum(*row.Sums.PredGoldRecall), sum(row.Sums.GoldGold), pct(row.Recall), pct(row.F1)))
	}
	return out
}

// facts summarize a level: its size and how its value follows.
func facts(al *Alignment) string {
	var out []string
	if !al.Counted {
		out = append(out, fmt.Sprintf("%d predicted, %d gold, %s", len(al.Pred), len(al.Gold), plural(len(al.Pairs), "pair")))
	} else {
		out = append(out, "counted without listing the items")
	}
	if al.Value != nil {
		out = append(out, formula(al))
	} else {
		out = append(out, "Σ(X,Y) = "+sum(al.PredGold))
	}
	return strings.Join(out, "; ")
}

// formula shows how a normalized level's value follows from its sums.
func formula(al *Alignment) string {
	xy, v := sum(al.PredGold), num6(*al.Value)
	xx, yy := "0", "0"
	if al.PredPred != nil {
		xx = sum(*al.PredPred)
	}
	if al.GoldGold != nil {
		yy = sum(*al.GoldGold)
	}
	if !al.Counted {
		switch {
		case len(al.Pred) == 0 && len(al.Gold) == 0:
			return al.Norm + " = 1 (both empty)"
		case len(al.Pred) == 0 || len(al.Gold) == 0:
			if al.Norm != "S" {
				return al.Norm + " = 0 (one side empty)"
			}
		}
	}
	switch al.Norm {
	case "S":
		return "S = Σ(X,Y) = " + v
	case "P":
		return fmt.Sprintf("P = Σ(X,Y) / Σ(X,X) = %s / %s = %s", xy, xx, v)
	case "R":
		return fmt.Sprintf("R = Σ(X,Y) / Σ(Y,Y) = %s / %s = %s", xy, yy, v)
	case "F":
		return fmt.Sprintf("F = 2·Σ(X,Y) / (Σ(X,X) + Σ(Y,Y)) = 2·%s / (%s + %s) = %s", xy, xx, yy, v)
	case "J":
		return fmt.Sprintf("J = Σ(X,Y) / (Σ(X,X) + Σ(Y,Y) − Σ(X,Y)) = %s / (%s + %s − %s) = %s", xy, xx, yy, xy, v)
	}
	// F(β)
	beta := strings.TrimSuffix(strings.TrimPrefix(al.Norm, "F("), ")")
	return fmt.Sprintf("%s = (1+β²)·Σ(X,Y) / (β²·Σ(Y,Y) + Σ(X,X)), β = %s: Σ(X,Y) = %s, Σ(X,X) = %s, Σ(Y,Y) = %s; = %s", al.Norm, beta, xy, xx, yy, v)
}

func simColor(v, maxSim float64) string {
	switch {
	case v <= 0:
		return ansiRed
	case v >= maxSim:
		return ansiGreen
	}
	return ansiYellow
}

// short cuts an item to maxItem characters.
func short(item []byte) string {
	s := string(item)
	if utf8.RuneCountInString(s) <= maxItem {
		return s
	}
	r := []rune(s)
	return string(r[:maxItem-1]) + "…"
}

// sum prints a sum without float noise (15 significant digits).
func sum(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 15, 64)
}

func num6(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

func pct(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) + "%" }

// ratio is a value in [0, 1] with its percentage.
func ratio(v float64) string { return num6(v) + " (" + pct(v) + ")" }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
