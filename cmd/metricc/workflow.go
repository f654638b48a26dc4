package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/metricc/metricc"
)

// The flags of run and merge that the research workflow adds: stats
// files, counts and shards (intervals are options of the run).
func addWorkflowFlags(fs *flag.FlagSet, f *runFlags) {
	fs.StringVar(&f.statsOut, "stats-out", "", "also write the per-document sums to this file, for metricc merge")
	fs.BoolVar(&f.counts, "counts", false, "table: also print the sums behind P and R (numerator / denominator)")
	if fs.Name() == "run" {
		fs.Var(&f.shard, "shard", "score only every N-th document pair, from the K-th, as K/N (with --stats-out, for metricc merge)")
	}
}

// shardFlag is --shard K/N.
type shardFlag struct{ k, n int }

func (s *shardFlag) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

func (s *shardFlag) Set(v string) error {
	k, n, ok := strings.Cut(v, "/")
	var err1, err2 error
	s.k, err1 = strconv.Atoi(strings.TrimSpace(k))
	s.n, err2 = strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || s.n < 1 || s.k < 1 || s.k > s.n {
		return fmt.Errorf("want K/N with 1 <= K <= N, as in 3/8")
	}
	return nil
}

func checkWorkflowFlags(f *runFlags, inputs []string) error {
	if f.opts.Level <= 0 || f.opts.Level >= 1 {
		return fmt.Errorf("--level must be between 0 and 1 (e.g. 0.95), not %g", f.opts.Level)
	}
	if f.counts && f.format != "table" {
		return fmt.Errorf("--counts is for the table; --format %s has the sums already", f.format)
	}
	return checkStdin(inputs...)
}

// printStats writes the stats file, if asked, and prints the results.
func printStats(st *metricc.Stats, f *runFlags, opts metricc.Options, stdout io.Writer) error {
	if f.statsOut != "" {
		if err := writeStats(f.statsOut, st); err != nil {
			return err
		}
	}
	res, err := st.Result(opts)
	if err != nil {
		return err
	}
	return printResult(res, f, stdout)
}

// printResult prints the results in the format asked for.
func printResult(res *metricc.Result, f *runFlags, stdout io.Writer) error {
	switch f.format {
	case "json":
		return res.WriteJSON(stdout)
	case "csv":
		return writeCSV(stdout, res)
	}
	return writeTable(stdout, res, tableOptions{counts: f.counts})
}

// writeStats writes a stats file whole or not at all (Stats.WriteFile).
func writeStats(path string, st *metricc.Stats) error {
	if err := st.WriteFile(path); err != nil {
		return fmt.Errorf("%s %w", "--stats-out", err)
	}
	return nil
}

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// input is a file argument as a source: "-" is standard input.
func input(path, format string) metricc.Source {
	if path == "-" {
		return metricc.Reader(stdinName, os.Stdin, format)
	}
	return metricc.FileFormat(path, format)
}

// checkStdin refuses two inputs read from standard input.
func checkStdin(paths ...string) error {
	n := 0
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	if n > 1 {
		return errors.New("only one of the spec and the input files can be - (standard input)")
	}
	return nil
}
