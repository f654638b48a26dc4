package metricc_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// semevalSection is one evaluation of the SemEval-2010 Task 8 scorer's
// printout: per relation its correct, proposed and gold counts and printed
// P, R and F1; the micro counts; the printed macro P, R and F1.
type semevalSection struct {
	rows                    map[string][3]int
	printed                 map[string][3]string
	micro                   [3]int
	macroP, macroR, macroF1 string
	microP, microR, microF1 string
}

var (
	semevalRow   = regexp.MustCompile(`^\s*(\S+) :\s+P =\s*(\d+)/(?:\(\s*(\d+) \+\s*(\d+)\)|\s*(\d+)) =\s*([\d.]+)%\s+R =\s*(\d+)/\s*(\d+) =\s*([\d.]+)%\s+F1 =\s*([\d.]+)%$`)
	semevalMicro = regexp.MustCompile(`^P =\s*(\d+)/\s*(\d+) =\s*([\d.]+)%\s+R =\s*(\d+)/\s*(\d+) =\s*([\d.]+)%\s+F1 =\s*([\d.]+)%$`)
	semevalMacro = regexp.MustCompile(`^P =\s*([\d.]+)%\s+R =\s*([\d.]+)%\s+F1 =\s*([\d.]+)%$`)
)

// readSemEval reads the three evaluations of a printout of
// semeval2010_task8_scorer-v1.2.pl (testdata/semeval2010/convert.py ran
// it), in its order: (2*9+1)-way, (9+1)-way ignoring directionality, and
// the official (9+1)-way with directionality.
func readSemEval(t *testing.T, path string) []*semevalSection {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []*semevalSection
	var cur *semevalSection
	sc := bufio.NewScanner(f)
	next := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "<<<") && strings.Contains(line, "EVALUATION"):
			cur = &semevalSection{rows: map[string][3]int{}, printed: map[string][3]string{}}
			out = append(out, cur)
		case strings.HasPrefix(line, "Micro-averaged"):
			next = "micro"
		case strings.HasPrefix(line, "MACRO-averaged"):
			next = "macro"
		case next == "micro":
			m := semevalMicro.FindStringSubmatch(line)
			require.NotNil(t, m, line)
			cur.micro = [3]int{atoi(t, m[1]), atoi(t, m[2]), atoi(t, m[5])}
			cur.microP, cur.microR, cur.microF1 = m[3], m[6], m[7]
			next = ""
		case next == "macro":
			m := semevalMacro.FindStringSubmatch(line)
			require.NotNil(t, m, line)
			cur.macroP, cur.macroR, cur.macroF1 = m[1], m[2], m[3]
			next = ""
		default:
			if m := semevalRow.FindStringSubmatch(line); m != nil && cur != nil {
				proposed := 0
				if m[3] != "" {
					proposed = atoi(t, m[3]) + atoi(t, m[4]) // P = c/(proposed + wrong direction)
				} else {
					proposed = atoi(t, m[5])
				}
				name := strings.TrimPrefix(m[1], "_") // the scorer's _Other
				cur.rows[name] = [3]int{atoi(t, m[2]), proposed, atoi(t, m[8])}
				cur.printed[name] = [3]string{m[6], m[9], m[10]}
			}
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, out, 3, path)
	return out
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// TestSemEval2010AgainstOfficialScorer: SemEval-2010 Task 8's official
// score, the macro-averaged F1 of the nine relations (Other left out), is
// mean() over a breakdown, and so are the scorer's two other evaluations;
// every per-relation count and every printed percentage of the official
// scorer's printouts, on the task's own example answers and on 2,000
// sentences of its training key with its example proposal
// (testdata/semeval2010/convert.py).
func TestSemEval2010AgainstOfficialScorer(t *testing.T) {
	spec, err := metricc.Load("testdata/semeval2010/semeval2010.metric")
	require.NoError(t, err)
	sections := []struct{ rows, macro, micro string }{
		{"labels", "labels_macro", ""},
		{"undirected", "undirected_macro", ""},
		{"directed", "official", "micro"},
	}
	official := map[string]string{"1": "64.09", "2": "6.49"}
	for _, n := range []string{"1", "2"} {
		want := readSemEval(t, "testdata/semeval2010/scores"+n+".txt")
		res, err := spec.Score(metricc.File("testdata/semeval2010/answer_key"+n+".json"),
			metricc.File("testdata/semeval2010/proposed_answer"+n+".json"), metricc.Options{})
		require.NoError(t, err)
		pct := func(v float64) string { return fmt.Sprintf("%.2f", 100*v) }
		for i, s := range sections {
			w := want[i]
			rows := res.Metric(s.rows)
			require.NotNil(t, rows)
			// Every relation of the gold is a row with the scorer's counts.
			var p, r, f float64
			k := 0
			for name, counts := range w.rows {
				row := rows.Row(name)
				require.NotNil(t, row, "%s: %s", s.rows, name)
				assert.Equal(t, [3]float64{float64(counts[0]), float64(counts[1]), float64(counts[2])},
					[3]float64{row.Sums.PredGold, row.Sums.PredPred, row.Sums.GoldGold}, "set %s, %s, %s", n, s.rows, name)
				assert.Equal(t, w.printed[name], [3]string{pct(row.Precision), pct(row.Recall), pct(row.F1)}, "set %s, %s, %s", n, s.rows, name)
				if name != "Other" {
					// The scorer's macro average, from its own counts.
					rp, rr := 0.0, 0.0
					if counts[1] > 0 {
						rp = float64(counts[0]) / float64(counts[1])
					}
					if counts[2] > 0 {
						rr = float64(counts[0]) / float64(counts[2])
					}
					p, r = p+rp, r+rr
					if rp+rr > 0 {
						f += 2 * rp * rr / (rp + rr)
					}
					k++
				}
			}
			require.GreaterOrEqual(t, len(w.rows), 10, "set %s, %s: the relations and Other", n, s.rows)
			if i > 0 {
				assert.Equal(t, 9, k, "set %s, %s: the nine relations", n, s.rows)
			}
			macro := res.Metric(s.macro)
			require.NotNil(t, macro)
			assert.Equal(t, [3]string{w.macroP, w.macroR, w.macroF1}, [3]string{pct(macro.Precision), pct(macro.Recall), pct(macro.F1)}, "set %s, %s", n, s.macro)
			assert.InDelta(t, p/float64(k), macro.Precision, 1e-12)
			assert.InDelta(t, r/float64(k), macro.Recall, 1e-12)
			assert.InDelta(t, f/float64(k), macro.F1, 1e-12)
			if s.micro != "" {
				micro := res.Metric(s.micro)
				assert.Equal(t, [3]float64{float64(w.micro[0]), float64(w.micro[1]), float64(w.micro[2])},
					[3]float64{micro.Sums.PredGold, micro.Sums.PredPred, micro.Sums.GoldGold}, "set %s, micro", n)
				assert.Equal(t, [3]string{w.microP, w.microR, w.microF1}, [3]string{pct(micro.Precision), pct(micro.Recall), pct(micro.F1)}, "set %s, micro", n)
				assert.Equal(t, official[n], pct(macro.F1), "set %s: the official score", n)
			}
		}
	}
}
