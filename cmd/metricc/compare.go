package main

import (
	"bufio"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/metricc/metricc"
)

// compareArgs are the positional arguments of compare.
var compareArgs = []string{"SPEC", "GOLD", "PRED_A", "PRED_B"}

// compareCmd compares two systems' predictions on the same gold.
func compareCmd(args []string, stdout, stderr io.Writer) error {
	var (
		format, inputFormat string
		sets                listFlag
		opts                metricc.Options
		wf                  warnFlags
	)
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bindOptions(fs, &opts, map[string]string{
		"metric":  "compare only this metric (repeatable)",
		"seed":    "random seed: the same seed gives the same intervals and p-values",
		"level":   "coverage of the intervals of B − A",
		"macro":   "average per-document values instead of summing the corpus (micro)",
		"workers": "documents scored, and resamples drawn, in parallel (default: all cores)",
	}, "metric", "seed", "level", "macro", "allow-missing", "workers")
	fs.IntVar(&opts.Bootstrap, "bootstrap", metricc.DefaultCompareSamples, "paired bootstrap resamples, and random permutations")
	fs.StringVar(&format, "format", "table", "output format: table, json or csv")
	fs.StringVar(&inputFormat, "input-format", "auto", metricc.InputFormatList())
	fs.Var(&sets, "set", "set a param of the spec, as NAME=VALUE (repeatable)")
	wf.bind(fs)
	printUsage := func(w io.Writer) {
		fs.SetOutput(w)
		fmt.Fprint(w, "usage: metricc compare SPEC GOLD PRED_A PRED_B [flags]\n\n"+
			"For every metric, B's value minus A's, with a paired bootstrap interval and\n"+
			"p-value and the p-value of a paired approximate randomization test, both\n"+
			"from per-document sums resampled the same way for A and B.\n\nflags:\n")
		printDefaults(w, fs)
		fs.SetOutput(stderr)
	}
	fs.Usage = func() { printUsage(stderr) }
	if wantsHelp(args) {
		printUsage(stdout)
		return errHelp
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return errPrinted
	}
	if err := checkArgs("compare", compareArgs, pos); err != nil {
		return err
	}
	if err := wf.check(); err != nil {
		return err
	}
	switch {
	case format != "table" && format != "json" && format != "csv":
		return fmt.Errorf("--format must be table, json or csv, not %q", format)
	case opts.Bootstrap < 1:
		return fmt.Errorf("--bootstrap must be at least 1")
	case opts.Level <= 0 || opts.Level >= 1:
		return fmt.Errorf("--level must be between 0 and 1 (e.g. 0.95), not %g", opts.Level)
	case opts.Workers < 0:
		return fmt.Errorf("--workers cannot be negative (0 means all cores)")
	}
	useCores(opts.Workers)
	if err := checkStdin(pos...); err != nil {
		return err
	}
	params, err := paramOptions(sets)
	if err != nil {
		return err
	}
	spec, err := loadSpec("compare", compareArgs, pos, params...)
	if err != nil {
		return err
	}
	warn, summary := wf.sink(stderr)
	defer summary()
	opts.Warn = warn
	// The gold file is read twice: standard input can be read once only.
	if pos[1] == "-" {
		return fmt.Errorf("compare reads GOLD twice; it cannot be - (standard input)")
	}
	cmp, err := spec.Compare(input(pos[1], inputFormat), input(pos[2], inputFormat), input(pos[3], inputFormat), opts)
	if err != nil {
		return err
	}
	cmp.NameA, cmp.NameB = pos[2], pos[3]
	switch format {
	case "json":
		return cmp.WriteJSON(stdout)
	case "csv":
		return writeCompareCSV(stdout, cmp)
	}
	return writeCompareTable(stdout, cmp)
}

// writeCompareTable prints one row per metric (and breakdown row): its
// headline value (F1, or the value of a metric over metrics) for A and B
// in percent, B − A in points, its interval and the two p-values.
func writeCompareTable(w io.Writer, c *metricc.Comparison) error {
	bw := bufio.NewWriter(w)
	var rows []*metricc.Difference
	for i := range c.Rows {
		d := &c.Rows[i]
		if d.Field == metricc.FieldF1 || (d.Field == metricc.FieldValue && !hasF1(c, d)) {
			rows = append(rows, d)
		}
	}
	width := len("metric")
	name := func(d *metricc.Difference) string {
		n := d.Metric
		if d.ByRow {
			n += "[" + d.Key + "]"
		}
		return n + " (" + fieldLabel(d.Field) + ")"
	}
	for _, d := range rows {
		width = max(width, len(name(d)))
	}
	ci := fmt.Sprintf("%s%% interval", plainNumber(100*c.Level))
	fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s  %-18s  %9s  %9s\n", width, "metric", "A", "B", "B − A", ci, "p (boot)", "p (rand)")
	for _, d := range rows {
		fmt.Fprintf(bw, "%-*s  %7s  %7s  %7s  %-18s  %9s  %9s\n", width, name(d), pct(d.A), pct(d.B), signedPct(d.Diff),
			"["+signedPct(d.CI[0])+", "+signedPct(d.CI[1])+"]", pValue(d.PBootstrap), pValue(d.PRandomization))
	}
	fmt.Fprintf(bw, "A = %s, B = %s; %d documents, %d paired bootstrap resamples and %d random permutations (seed %d); p-values are two-sided\n",
		c.NameA, c.NameB, c.Documents, c.Samples, c.Samples, c.Seed)
	return bw.Flush()
}

func hasF1(c *metricc.Comparison, d *metricc.Difference) bool {
	for i := range c.Rows {
		if c.Rows[i].Metric == d.Metric && c.Rows[i].Key == d.Key && c.Rows[i].ByRow == d.ByRow && c.Rows[i].Field == metricc.FieldF1 {
			return true
		}
	}
	return false
}

func fieldLabel(f metricc.MetricField) string {
	if f == metricc.FieldF1 {
		return "F1"
	}
	return f.String()
}

func signedPct(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	s := strconv.FormatFloat(100*v, 'f', 2, 64)
	if v >= 0 && s[0] != '-' {
		s = "+" + s
	}
	return s
}

// pValue prints a p-value with 4 decimals (the resolution of 10000
// resamples).
func pValue(p float64) string {
	if math.IsNaN(p) {
		return "n/a"
	}
	return strconv.FormatFloat(p, 'f', 4, 64)
}

// writeCompareCSV prints one row per metric, breakdown row and value.
func writeCompareCSV(w io.Writer, c *metricc.Comparison) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"metric", "key", "field", "a", "b", "diff", "ci_lo", "ci_hi", "p_bootstrap", "p_randomization"})
	for _, d := range c.Rows {
		cw.Write([]string{d.Metric, d.Key, d.Field.String(), csvNumber(d.A), csvNumber(d.B), csvNumber(d.Diff),
			csvNumber(d.CI[0]), csvNumber(d.CI[1]), csvNumber(d.PBootstrap), csvNumber(d.PRandomization)})
	}
	cw.Flush()
	return cw.Error()
}
