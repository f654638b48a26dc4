package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

// Comparison is the paired comparison of two systems scored on the same
// documents: for every reported value, system B's value minus system A's,
// with a paired bootstrap interval and p-value, and the p-value of a paired
// approximate randomization test.
type Comparison struct {
	Documents int
	// Samples is the number of bootstrap resamples, and of random
	// permutations; Seed and Level as for intervals.
	Samples int
	Seed    uint64
	Level   float64
	A, B    *Result
	// NameA and NameB name the two systems in the JSON output (their
	// files, say); the caller sets them.
	NameA, NameB string
	Rows         []Difference
}

// Difference is the comparison of one value.
type Difference struct {
	Metric string
	// Key is the breakdown key of the row, when ByRow.
	Key   string
	ByRow bool
	Field typecheck.MetricField
	// A and B are the two systems' values on the whole corpus, Diff is
	// B − A; NaN when a system has no such breakdown row.
	A, B, Diff float64
	// CI is the percentile interval of B − A over the bootstrap resamples.
	CI Interval
	// PBootstrap is the two-sided p-value of the paired bootstrap test:
	// (1 + #{i : |δᵢ − δ| ≥ |δ|}) / (1 + n), with δᵢ the difference on
	// resample i and δ the observed one (the resampled differences,
	// shifted to mean the null hypothesis, as extreme as the observed).
	PBootstrap float64
	// PRandomization is the two-sided p-value of the paired approximate
	// randomization test: (1 + #{i : |δᵢ| ≥ |δ|}) / (1 + n), with δᵢ the
	// difference after swapping each document's two predictions with
	// probability 1/2.
	PRandomization float64
}

// tieTolerance: a resampled difference within it of the observed one
// counts as at least as extreme (float rounding must not decide a tie).
const tieTolerance = 1e-12

// Compare compares systems a and b, scored on the same documents (the
// same ids, in the same order), with opts.Bootstrap resamples (and as many
// permutations) drawn with opts.Seed.
func (p *Plan) Compare(a, b *Scored, opts Options) (*Comparison, error) {
	return p.compare(a, b, opts, func(rs *resampling) (drawFn, drawFn) { return rs.drawCounts, rs.drawSwaps })
}

// drawFn draws resample (or permutation) i into a worker's scratch space.
type drawFn = func(w *work, seed uint64, i int)

// compare is Compare with the draws chosen by draws (tests fix them).
func (p *Plan) compare(a, b *Scored, opts Options, draws func(rs *resampling) (counts, swaps drawFn)) (*Comparison, error) {
	if len(a.IDs) != len(b.IDs) {
		return nil, fmt.Errorf("eval: Compare: %d documents against %d", len(a.IDs), len(b.IDs))
	}
	for i := range a.IDs {
		if a.IDs[i] != b.IDs[i] {
			return nil, fmt.Errorf("eval: Compare: document %d is %q in one system and %q in the other", i+1, a.IDs[i], b.IDs[i])
		}
	}
	point := opts
	point.Bootstrap, point.PerDoc = 0, false
	ra, err := p.Aggregate(a, point)
	if err != nil {
		return nil, err
	}
	rb, err := p.Aggregate(b, point)
	if err != nil {
		return nil, err
	}
	wanted, _ := p.Pair.Select(opts.Metrics)
	rs := p.newResampling([]*Scored{a, b}, wanted, point)
	dc, ds := draws(rs)
	return p.compareWith(rs, ra, rb, opts, dc, ds), nil
}

// compareWith runs the tests with the given draws (tests pass fixed ones).
func (p *Plan) compareWith(rs *resampling, ra, rb *Result, opts Options, drawCounts, drawSwaps drawFn) *Comparison {
	n := opts.Bootstrap
	ser := seriesOf(p, [][]*MetricResult{ra.Metrics, rb.Metrics})
	cmp := &Comparison{Documents: rs.n, Samples: n, Seed: opts.Seed, Level: level(opts), A: ra, B: rb}
	full := make([]*MetricResult, len(p.Pair.Metrics))
	fullB := make([]*MetricResult, len(p.Pair.Metrics))
	for _, r := range ra.Metrics {
		full[slices.IndexFunc(p.Pair.Metrics, func(pm *eval.Metric) bool { return pm.Def.Name == r.Name })] = r
	}
	for _, r := range rb.Metrics {
		fullB[slices.IndexFunc(p.Pair.Metrics, func(pm *eval.Metric) bool { return pm.Def.Name == r.Name })] = r
	}
	// Rows 0..n-1 are bootstrap resamples, n..2n-1 permutations; each
	// value is B − A on it.
	cols := rs.run(2*n, opts.Workers, func(w *work, i int, out []float64) {
		var ga, gb []*MetricResult
		if i < n {
			drawCounts(w, opts.Seed, i)
			ga, gb = rs.corpus(w, 0, w.counts, nil), rs.corpus(w, 1, w.counts, nil)
		} else {
			drawSwaps(w, opts.Seed, i-n)
			for k := range w.counts {
				w.counts[k] = 1
			}
			ga, gb = rs.corpus(w, 0, w.counts, w.swap), rs.corpus(w, 1, w.counts, w.swap)
		}
		for k, s := range ser {
			out[k] = s.value(gb) - s.value(ga)
		}
	}, len(ser))
	for k, s := range ser {
		d := Difference{Metric: s.name, Key: s.key, ByRow: s.byRow, Field: s.field, A: s.value(full), B: s.value(fullB)}
		d.Diff = d.B - d.A
		boot, perm := cols[k][:n], cols[k][n:]
		d.CI = percentiles(boot, cmp.Level)
		d.PBootstrap = pValue(boot, d.Diff, d.Diff)
		d.PRandomization = pValue(perm, 0, d.Diff)
		cmp.Rows = append(cmp.Rows, d)
	}
	return cmp
}

// pValue is (1 + #{|v − center| ≥ |obs|}) / (1 + n) over the values that
// are numbers; NaN when obs is not a number or none is.
func pValue(vals []float64, center, obs float64) float64 {
	if math.IsNaN(obs) {
		return math.NaN()
	}
	limit := math.Abs(obs) - tieTolerance*max(1, math.Abs(obs))
	n, extreme := 0, 0
	for _, v := range vals {
		if math.IsNaN(v) {
			continue
		}
		n++
		if math.Abs(v-center) >= limit {
			extreme++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return float64(1+extreme) / float64(1+n)
}

// WriteJSON writes what `metricc compare --format json` prints: per metric
// (in declaration order) and per value, the two systems' values, B − A,
// its interval and the two p-values; breakdown rows under "by".
func (c *Comparison) WriteJSON(w io.Writer) error {
	var b bytes.Buffer
	q := func(s string) string { out, _ := json.Marshal(s); return string(out) }
	fmt.Fprintf(&b, "{\"documents\": %d, \"samples\": %d, \"seed\": %d, \"level\": %s, \"a\": %s, \"b\": %s,\n \"metrics\": {",
		c.Documents, c.Samples, c.Seed, JSONNumber(c.Level), q(c.NameA), q(c.NameB))
	diff := func(d *Difference) string {
		return fmt.Sprintf("{\"a\": %s, \"b\": %s, \"diff\": %s, \"ci\": [%s, %s], \"p_bootstrap\": %s, \"p_randomization\": %s}",
			JSONNumber(d.A), JSONNumber(d.B), JSONNumber(d.Diff), JSONNumber(d.CI[0]), JSONNumber(d.CI[1]), JSONNumber(d.PBootstrap), JSONNumber(d.PRandomization))
	}
	rows := c.Rows
	for i := 0; i < len(rows); {
		name := rows[i].Metric
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  %s: {", q(name))
		for k := 0; i < len(rows) && rows[i].Metric == name && !rows[i].ByRow; i, k = i+1, k+1 {
			if k > 0 {
				b.WriteString(",\n    ")
			}
			fmt.Fprintf(&b, "%s: %s", q(rows[i].Field.String()), diff(&rows[i]))
		}
		if i < len(rows) && rows[i].Metric == name && rows[i].ByRow {
			b.WriteString(",\n    \"by\": {")
			for k := 0; i < len(rows) && rows[i].Metric == name && rows[i].ByRow; k++ {
				key := rows[i].Key
				if k > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "\n      %s: {", q(key))
				for f := 0; i < len(rows) && rows[i].Metric == name && rows[i].ByRow && rows[i].Key == key; i, f = i+1, f+1 {
					if f > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "%s: %s", q(rows[i].Field.String()), diff(&rows[i]))
				}
				b.WriteString("}")
			}
			b.WriteString("}")
		}
		b.WriteString("}")
	}
	b.WriteString("}}\n")
	_, err := w.Write(b.Bytes())
	return err
}
