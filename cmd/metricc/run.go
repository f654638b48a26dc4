package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/metricc/metricc"
)

// listFlag collects a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

type runFlags struct {
	metrics      listFlag
	format       string
	perDoc       bool
	macro        bool
	allowMissing bool
	workers      int
	inputFormat  string
	bootstrap    int
	seed         int64
	searchNodes  int
	searchTime   time.Duration
	searchWork   int64
	searchPairs  int
}

func runCmd(args []string, stdout, stderr io.Writer) error {
	var f runFlags
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&f.metrics, "metric", "report only this metric (repeatable)")
	fs.StringVar(&f.format, "format", "table", "output format: table, json or csv")
	fs.BoolVar(&f.perDoc, "per-doc", false, "also report every document")
	fs.BoolVar(&f.macro, "macro", false, "average per-document scores instead of summing the corpus (micro)")
	fs.BoolVar(&f.allowMissing, "allow-missing", false, "score an unpaired document against an empty one instead of failing")
	fs.IntVar(&f.workers, "workers", 0, "documents scored in parallel (default: all cores)")
	fs.StringVar(&f.inputFormat, "input-format", "auto", metricc.InputFormatList())
	fs.IntVar(&f.bootstrap, "bootstrap", 0, "percentile intervals from N resampled corpora (not available yet)")
	fs.Int64Var(&f.seed, "seed", 1, "random seed for --bootstrap")
	fs.IntVar(&f.searchNodes, "search-nodes", 0, "latent variables: stop each document pair's search after N branch-and-bound nodes (0: no limit)")
	fs.DurationVar(&f.searchTime, "search-time", 0, "latent variables: stop each document pair's search after this long, e.g. 10s (0: no limit; unlike --search-work, the result then depends on the machine's speed)")
	fs.Int64Var(&f.searchWork, "search-work", metricc.DefaultSearchWork, "latent variables: stop each document pair's search after N units of work, a deterministic measure of effort (the default is some 2 to 15 s of one core; 0: no limit)")
	fs.IntVar(&f.searchPairs, "search-pairs", metricc.DefaultSearchPairs, "latent variables: build at most N candidate pairs per document pair for the exact search (some 200 bytes each; past it only the linear-time bound and heuristics run; 0: no limit)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: metricc run SPEC GOLD PRED [flags]\n\nflags:\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return errPrinted
	}
	if len(pos) != 3 {
		fs.Usage()
		return errPrinted
	}
	switch f.format {
	case "table", "json", "csv":
	default:
		return fmt.Errorf("--format must be table, json or csv, not %q", f.format)
	}
	if f.bootstrap != 0 {
		return fmt.Errorf("--bootstrap is not available yet")
	}
	spec, err := metricc.Load(pos[0])
	if err != nil {
		return err
	}
	interrupt, stop := notifyInterrupt()
	defer stop()
	res, err := spec.Score(metricc.FileFormat(pos[1], f.inputFormat), metricc.FileFormat(pos[2], f.inputFormat), metricc.Options{
		Workers: f.workers, Macro: f.macro, PerDoc: f.perDoc,
		AllowMissing: f.allowMissing, Metrics: f.metrics,
		SearchNodes: f.searchNodes, SearchTime: f.searchTime,
		SearchWork: unlimited(f.searchWork), SearchPairs: int(unlimited(int64(f.searchPairs))),
		Interrupt: interrupt,
		Warn:      func(w string) { fmt.Fprintf(stderr, "warning: %s\n", w) },
	})
	if err != nil {
		return err
	}
	switch f.format {
	case "json":
		err = res.WriteJSON(stdout)
	case "csv":
		err = writeCSV(stdout, res)
	default:
		err = writeTable(stdout, res)
	}
	if err == nil && interrupted(interrupt) {
		// The results so far are printed, with their proof status; the
		// exit code still says the run did not finish.
		return errInterrupted
	}
	return err
}

var errInterrupted = errors.New("interrupted: the searches still running were stopped; their pairs are scored from the best matching found so far and reported as not proven")

// unlimited maps the flags' "0: no limit" onto the Options' "negative: no
// limit" (where 0 is the default).
func unlimited(n int64) int64 {
	if n == 0 {
		return -1
	}
	return n
}

func interrupted(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// notifyInterrupt returns a channel closed at the first SIGINT or SIGTERM
// (a second one ends the process as usual), and a function that stops
// listening. A variable so that tests can interrupt a run.
var notifyInterrupt = func() (<-chan struct{}, func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	ch, done := make(chan struct{}), make(chan struct{})
	go func() {
		select {
		case <-sig:
			signal.Stop(sig)
			close(ch)
		case <-done:
		}
	}()
	return ch, func() {
		signal.Stop(sig)
		close(done)
	}
}

// parseInterspersed lets flags come before, between or after the
// positional arguments, as users type them.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
