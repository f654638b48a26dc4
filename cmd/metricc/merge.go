package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/metricc/metricc"
)

// mergeCmd combines the stats files of shards into the output of one run.
func mergeCmd(args []string, stdout, stderr io.Writer) error {
	var f runFlags
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bindOptions(fs, &f.opts, map[string]string{
		"metric":  "report only this metric (repeatable; default: those the shards were scored for)",
		"per-doc": "also report every document (in the order of the files)",
		"workers": "bootstrap resamples drawn in parallel (default: all cores)",
	}, "metric", "per-doc", "macro", "workers", "bootstrap", "seed", "level")
	fs.StringVar(&f.format, "format", "table", "output format: table, json or csv")
	addWorkflowFlags(fs, &f)
	printUsage := func(w io.Writer) {
		fs.SetOutput(w)
		fmt.Fprint(w, "usage: metricc merge STATS... [flags]\n\n"+
			"Combines the stats files that metricc run --stats-out wrote for shards of a\n"+
			"corpus, and prints what one run over the whole corpus prints with the same\n"+
			"flags (byte for byte). --stats-out writes the merged stats.\n\nflags:\n")
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
	if len(pos) == 0 {
		return fmt.Errorf("metricc merge: missing STATS, the stats files of the shards (usage: metricc merge STATS... [flags]; metricc help merge lists the flags)")
	}
	if f.opts.Workers < 0 || f.opts.Bootstrap < 0 {
		return fmt.Errorf("--workers and --bootstrap cannot be negative")
	}
	switch f.format {
	case "table", "json", "csv":
	default:
		return fmt.Errorf("--format must be table, json or csv, not %q", f.format)
	}
	if err := checkWorkflowFlags(&f, pos); err != nil {
		return err
	}
	var m metricc.Merger
	for _, path := range pos {
		if err := addStats(&m, path); err != nil {
			return err
		}
	}
	st, err := m.Stats()
	if err != nil {
		return err
	}
	return printStats(st, &f, f.opts, stdout)
}

func addStats(m *metricc.Merger, path string) error {
	if path == "-" {
		return m.Add(stdinName, os.Stdin)
	}
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	return m.Add(path, file)
}
