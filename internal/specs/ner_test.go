package specs_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// nerReference is testdata/ner/reference.json: what conlleval (2004-01-26)
// and seqeval (cd01b52) print on CoNLL-2003 test files
// (testdata/ner/record_conll.py).
type nerReference struct {
	Cases      []nerCase `json:"cases"`
	Departures []nerCase `json:"departures"`
}

type nerCase struct {
	Gold, Pred, Scheme, What string
	Conlleval                *conllevalOut
	Seqeval                  struct {
		Default, Strict seqevalReport
		Accuracy        float64
	}
}

// conllevalOut is conlleval's printout: counts, and percentages as printed.
type conllevalOut struct {
	Tokens, Phrases, Found, Correct         int
	Accuracy, Precision, Recall, F1, Output string
	By                                      map[string]struct {
		Precision, Recall, F1 string
		Found                 int
	}
	GoldByType map[string]int `json:"gold_by_type"`
}

type seqevalReport struct {
	By     map[string]seqevalRow
	Micro  seqevalRow
	Scheme string
	Error  string
}

type seqevalRow struct {
	Precision, Recall, F1 float64
	Support               int
}

func loadNERReference(t *testing.T) nerReference {
	data, err := os.ReadFile("../../testdata/ner/reference.json")
	require.NoError(t, err)
	var ref nerReference
	require.NoError(t, json.Unmarshal(data, &ref))
	return ref
}

// scoreNER scores a gold and a prediction file of testdata/ner, read
// through the bio adapter, with the shipped ner spec.
func scoreNER(t *testing.T, gold, pred string) map[string]*metricc.MetricResult {
	t.Helper()
	res, err := load(t, "ner").Score(metricc.FileFormat(filepath.Join("../../testdata/ner", gold), "bio"),
		metricc.FileFormat(filepath.Join("../../testdata/ner", pred), "bio"), metricc.Options{Workers: 2})
	require.NoError(t, err)
	return byName(res.Metrics)
}

// pct prints a fraction as conlleval does ("%6.2f" of the percentage,
// without the padding).
func pct(num, den float64) string {
	if den == 0 {
		return "0.00"
	}
	return fmt.Sprintf("%.2f", 100*num/den)
}

// checkConlleval compares the ner and accuracy metrics with conlleval's
// printout: every count to the unit, every percentage as printed.
func checkConlleval(t *testing.T, name string, got map[string]*metricc.MetricResult, want *conllevalOut) {
	t.Helper()
	ner, acc := got["ner"], got["accuracy"]
	assert.Equal(t, float64(want.Correct), ner.Sums.PredGold, "%s: correct", name)
	assert.Equal(t, float64(want.Found), ner.Sums.PredPred, "%s: found", name)
	assert.Equal(t, float64(want.Phrases), ner.Sums.GoldGold, "%s: phrases", name)
	assert.Equal(t, float64(want.Tokens), acc.Sums.GoldGold, "%s: tokens", name)
	assert.Equal(t, float64(want.Tokens), acc.Sums.PredPred, "%s: tokens", name)
	assert.Equal(t, want.Accuracy, pct(acc.Sums.PredGold, acc.Sums.GoldGold), "%s: accuracy", name)
	assert.Equal(t, want.Precision, fmt.Sprintf("%.2f", 100*ner.Precision), "%s: precision", name)
	assert.Equal(t, want.Recall, fmt.Sprintf("%.2f", 100*ner.Recall), "%s: recall", name)
	assert.Equal(t, want.F1, fmt.Sprintf("%.2f", 100*ner.F1), "%s: F1", name)
	rows := map[string]*metricc.MetricResult{}
	for _, r := range ner.By {
		rows[r.Name] = r
	}
	assert.Len(t, rows, len(want.By), "%s: types", name)
	for typ, w := range want.By {
		r := rows[typ]
		if !assert.NotNil(t, r, "%s: type %s", name, typ) {
			continue
		}
		assert.Equal(t, float64(w.Found), r.Sums.PredPred, "%s %s: found", name, typ)
		assert.Equal(t, float64(want.GoldByType[typ]), r.Sums.GoldGold, "%s %s: gold", name, typ)
		assert.Equal(t, w.Precision, fmt.Sprintf("%.2f", 100*r.Precision), "%s %s: precision", name, typ)
		assert.Equal(t, w.Recall, fmt.Sprintf("%.2f", 100*r.Recall), "%s %s: recall", name, typ)
		assert.Equal(t, w.F1, fmt.Sprintf("%.2f", 100*r.F1), "%s %s: F1", name, typ)
	}
}

// checkSeqeval compares a metric with one of seqeval's reports: every
// number to 1e-12, the support as the gold count.
func checkSeqeval(t *testing.T, name string, got *metricc.MetricResult, want seqevalReport) {
	t.Helper()
	require.Empty(t, want.Error, name)
	assert.InDelta(t, want.Micro.Precision, got.Precision, 1e-12, "%s: precision", name)
	assert.InDelta(t, want.Micro.Recall, got.Recall, 1e-12, "%s: recall", name)
	assert.InDelta(t, want.Micro.F1, got.F1, 1e-12, "%s: F1", name)
	assert.Equal(t, float64(want.Micro.Support), got.Sums.GoldGold, "%s: support", name)
	assert.Len(t, got.By, len(want.By), "%s: types", name)
	for _, r := range got.By {
		w, ok := want.By[r.Name]
		if !assert.True(t, ok, "%s: type %s", name, r.Name) {
			continue
		}
		assert.InDelta(t, w.Precision, r.Precision, 1e-12, "%s %s: precision", name, r.Name)
		assert.InDelta(t, w.Recall, r.Recall, 1e-12, "%s %s: recall", name, r.Name)
		assert.InDelta(t, w.F1, r.F1, 1e-12, "%s %s: F1", name, r.Name)
		assert.Equal(t, float64(w.Support), r.Sums.GoldGold, "%s %s: support", name, r.Name)
	}
}

// TestNERAgainstOfficialScorers scores CoNLL-2003 test files (12
// documents of eng.testb, gold in IOB1, IOB2, IOE2 and IOBES, two perturbed
// predictions each, and mixed cases) through the bio adapter and requires
// conlleval's counts and printed percentages (ner, its per-type rows,
// accuracy) and seqeval's default and strict reports (ner, ner_strict) and
// accuracy_score.
func TestNERAgainstOfficialScorers(t *testing.T) {
	ref := loadNERReference(t)
	require.Len(t, ref.Cases, 10)
	for _, c := range ref.Cases {
		name := c.Gold + " vs " + c.Pred
		t.Run(name, func(t *testing.T) {
			got := scoreNER(t, c.Gold, c.Pred)
			if c.Conlleval != nil {
				checkConlleval(t, name, got, c.Conlleval)
			}
			checkSeqeval(t, name+" (default)", got["ner"], c.Seqeval.Default)
			checkSeqeval(t, name+" (strict)", got["ner_strict"], c.Seqeval.Strict)
			assert.InDelta(t, c.Seqeval.Accuracy, got["accuracy"].Recall, 1e-12, "%s: accuracy", name)
			assert.Equal(t, got["accuracy"].Precision, got["accuracy"].Recall, name)
		})
	}
	// Not a degenerate test: the predictions are neither perfect nor
	// hopeless, and conlleval scored the IOB files.
	withConlleval := 0
	for _, c := range ref.Cases {
		if c.Conlleval != nil {
			withConlleval++
			if c.Gold != c.Pred {
				f1 := c.Seqeval.Default.Micro.F1
				assert.True(t, f1 > 0.5 && f1 < 0.8, "%s: F1 %v", c.Pred, f1)
			}
		}
	}
	assert.Equal(t, 8, withConlleval)
}

// TestNERDepartures pins the two documented differences: conlleval's
// reading of IOBES (it joins S-PER S-PER and E-PER B-PER into one chunk),
// and seqeval's strict mode reading the prediction in the gold's scheme.
func TestNERDepartures(t *testing.T) {
	ref := loadNERReference(t)
	require.Len(t, ref.Departures, 2)

	iobes := ref.Departures[0]
	got := scoreNER(t, iobes.Gold, iobes.Pred)
	ner := got["ner"]
	// conlleval: 4 gold chunks, 4 found, 3 correct; metricc and seqeval:
	// 6, 5 and 5.
	assert.Equal(t, [3]int{4, 4, 3}, [3]int{iobes.Conlleval.Phrases, iobes.Conlleval.Found, iobes.Conlleval.Correct})
	assert.Equal(t, [3]float64{6, 5, 5}, [3]float64{ner.Sums.GoldGold, ner.Sums.PredPred, ner.Sums.PredGold})
	checkSeqeval(t, "iobes (default)", ner, iobes.Seqeval.Default)
	checkSeqeval(t, "iobes (strict)", got["ner_strict"], iobes.Seqeval.Strict)
	assert.Equal(t, iobes.Conlleval.Accuracy, pct(got["accuracy"].Sums.PredGold, got["accuracy"].Sums.GoldGold))

	scheme := ref.Departures[1]
	got = scoreNER(t, scheme.Gold, scheme.Pred)
	// seqeval's strict mode reads the prediction's B- I- and B- as broken
	// IOBES: no entity, P = R = 0. metricc reads that file as IOB2: both
	// entities found.
	assert.Equal(t, 0.0, scheme.Seqeval.Strict.Micro.Recall)
	assert.Equal(t, [3]float64{1, 1, 1}, [3]float64{got["ner_strict"].Precision, got["ner_strict"].Recall, got["ner_strict"].F1})
	// Everything else agrees with both scorers.
	checkConlleval(t, "scheme", got, scheme.Conlleval)
	checkSeqeval(t, "scheme (default)", got["ner"], scheme.Seqeval.Default)
}

// TestNERRandomAgainstConlleval scores 150 pairs of random documents
// (testdata/ner/random.json: B-, I-, E- and O tags of two types, well
// formed or not) and requires conlleval's counts: tokens, gold and found
// chunks, correct chunks, and its accuracy as printed. Documents where an
// E- is followed by a B- of its type are left out: conlleval joins the
// two chunks there (see TestNERDepartures).
func TestNERRandomAgainstConlleval(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ner/random.json")
	require.NoError(t, err)
	var ref struct {
		Conlleval []struct {
			Gold, Pred                      [][]string
			Tokens, Phrases, Found, Correct int
			Accuracy                        string
		}
	}
	require.NoError(t, json.Unmarshal(data, &ref))
	require.Len(t, ref.Conlleval, 150)
	text := func(sents [][]string) string {
		var b strings.Builder
		for _, s := range sents {
			for _, tag := range s {
				b.WriteString("w " + tag + "\n")
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	joins := func(sents [][]string) bool {
		for _, s := range sents {
			for i := 1; i < len(s); i++ {
				if s[i-1][0] == 'E' && s[i][0] == 'B' && s[i-1][1:] == s[i][1:] {
					return true
				}
			}
		}
		return false
	}
	p := load(t, "ner")
	compared := 0
	for i, c := range ref.Conlleval {
		if joins(c.Gold) || joins(c.Pred) {
			continue
		}
		res, err := p.Score(metricc.Reader("gold", strings.NewReader(text(c.Gold)), "bio"),
			metricc.Reader("pred", strings.NewReader(text(c.Pred)), "bio"), metricc.Options{Workers: 1})
		require.NoError(t, err)
		got := byName(res.Metrics)
		ner, acc := got["ner"].Sums, got["accuracy"].Sums
		assert.Equal(t, [5]float64{float64(c.Tokens), float64(c.Phrases), float64(c.Found), float64(c.Correct), float64(c.Tokens)},
			[5]float64{acc.GoldGold, ner.GoldGold, ner.PredPred, ner.PredGold, acc.PredPred}, "document pair %d", i)
		assert.Equal(t, c.Accuracy, pct(acc.PredGold, acc.GoldGold), "document pair %d", i)
		compared++
	}
	assert.Greater(t, compared, 90)
}

// TestNERTagsOnly scores predictions written as their tags alone, one a
// line, as some taggers write them: without the "-DOCSTART-" words, such a
// file is one document against the gold's twelve. conlleval, which knows
// no documents, reads the gold and those tags pasted side by side; metricc
// reads each file as one document (with one warning) and gives
// conlleval's every count and percentage.
func TestNERTagsOnly(t *testing.T) {
	ref := loadNERReference(t)
	p := load(t, "ner")
	n := 0
	for _, c := range ref.Cases {
		if c.Conlleval == nil || c.Gold == c.Pred {
			continue
		}
		n++
		data, err := os.ReadFile(filepath.Join("../../testdata/ner", c.Pred))
		require.NoError(t, err)
		var tags strings.Builder
		for line := range strings.SplitSeq(string(data), "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				tags.WriteString(f[len(f)-1])
			}
			tags.WriteString("\n")
		}
		var warnings []string
		res, err := p.Score(metricc.FileFormat(filepath.Join("../../testdata/ner", c.Gold), "bio"), metricc.Reader("tags.txt", strings.NewReader(tags.String()), "bio"),
			metricc.Options{Workers: 2, Warn: func(w string) {
				if strings.Contains(w, "documents do not correspond") {
					warnings = append(warnings, w)
				}
			}})
		require.NoError(t, err, c.Pred)
		assert.Equal(t, 1, res.Documents, c.Pred)
		assert.Equal(t, []string{fmt.Sprintf(`tags.txt has 1 document and %s 12 (a "-DOCSTART-" line starts one): the documents do not correspond, so each file is scored as one document, as conlleval does, which ignores documents`, filepath.Join("../../testdata/ner", c.Gold))}, warnings)
		checkConlleval(t, c.Pred+" (tags only)", byName(res.Metrics), c.Conlleval)
	}
	assert.Equal(t, 7, n)
}

// conllevalLine is a per-type line of conlleval's printout.
var conllevalLine = regexp.MustCompile(`^\s*(\S+): precision:\s+([\d.]+)%; recall:\s+([\d.]+)%; FB1:\s+([\d.]+)\s+(\d+)$`)

// readConlleval reads conlleval's printout of a run (testdata/ner/NAME),
// with the gold count of each type from its run of the gold against
// itself (GOLDNAME).
func readConlleval(t *testing.T, name, goldName string) *conllevalOut {
	t.Helper()
	read := func(name string) *conllevalOut {
		data, err := os.ReadFile(filepath.Join("../../testdata/ner", name))
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		require.GreaterOrEqual(t, len(lines), 2, name)
		out := &conllevalOut{By: map[string]struct {
			Precision, Recall, F1 string
			Found                 int
		}{}}
		_, err = fmt.Sscanf(lines[0], "processed %d tokens with %d phrases; found: %d phrases; correct: %d.", &out.Tokens, &out.Phrases, &out.Found, &out.Correct)
		require.NoError(t, err, name)
		_, err = fmt.Sscanf(strings.ReplaceAll(lines[1], "%", ""), "accuracy: %s precision: %s recall: %s FB1: %s", &out.Accuracy, &out.Precision, &out.Recall, &out.F1)
		require.NoError(t, err, name)
		out.Accuracy, out.Precision, out.Recall = strings.TrimSuffix(out.Accuracy, ";"), strings.TrimSuffix(out.Precision, ";"), strings.TrimSuffix(out.Recall, ";")
		for _, l := range lines[2:] {
			m := conllevalLine.FindStringSubmatch(l)
			require.NotNil(t, m, "%s: %q", name, l)
			found, _ := strconv.Atoi(m[5])
			out.By[m[1]] = struct {
				Precision, Recall, F1 string
				Found                 int
			}{m[2], m[3], m[4], found}
		}
		return out
	}
	out := read(name)
	out.GoldByType = map[string]int{}
	for typ, row := range read(goldName).By {
		out.GoldByType[typ] = row.Found
	}
	return out
}

// TestNERRawTags: raw tags (no B-/I- prefix, as a Stanford-style tagger
// writes them) are read as conlleval -r reads them, every tagged token an
// entity of its own; the same tags prefixed with I- (IO) are read as
// conlleval reads IOB1, neighbours of one type joined. Both against
// conlleval's printouts of the CoNLL-2003 excerpt with its prefixes taken
// off (testdata/ner/raw/record.sh).
func TestNERRawTags(t *testing.T) {
	for _, c := range []struct{ gold, pred, out, goldOut string }{
		{"raw/gold.txt", "raw/pred.txt", "raw/conlleval-r.txt", "raw/conlleval-r-gold.txt"},
		{"raw/io-gold.txt", "raw/io-pred.txt", "raw/conlleval-io.txt", "raw/conlleval-io-gold.txt"},
	} {
		want := readConlleval(t, c.out, c.goldOut)
		got := scoreNER(t, c.gold, c.pred)
		checkConlleval(t, c.gold, got, want)
	}
	// Spot checks, so that a misread printout cannot pass unnoticed: 571
	// correct of 710 found and 705 gold (raw), 328 of 455 and 460 (IO).
	raw := scoreNER(t, "raw/gold.txt", "raw/pred.txt")["ner"].Sums
	assert.Equal(t, []float64{571, 710, 705}, []float64{raw.PredGold, raw.PredPred, raw.GoldGold})
	io := scoreNER(t, "raw/io-gold.txt", "raw/io-pred.txt")["ner"].Sums
	assert.Equal(t, []float64{328, 455, 460}, []float64{io.PredGold, io.PredPred, io.GoldGold})
}
