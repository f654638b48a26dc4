package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
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
	sets         listFlag
	format       string
	perDoc       bool
	macro        bool
	allowMissing bool
	workers      int
	inputFormat  string
	bootstrap    int
	seed         uint64
	level        float64
	statsOut     string
	counts       bool
	shard        shardFlag
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
	fs.Var(&f.sets, "set", "set a param of the spec, as NAME=VALUE (repeatable)")
	fs.StringVar(&f.format, "format", "table", "output format: table, json or csv")
	fs.BoolVar(&f.perDoc, "per-doc", false, "also report every document")
	fs.BoolVar(&f.macro, "macro", false, "average per-document scores instead of summing the corpus (micro)")
	fs.BoolVar(&f.allowMissing, "allow-missing", false, "score an unpaired document against an empty one instead of failing")
	fs.IntVar(&f.workers, "workers", 0, "documents scored in parallel (default: all cores)")
	fs.StringVar(&f.inputFormat, "input-format", "auto", metricc.InputFormatList())
	addWorkflowFlags(fs, &f)
	fs.IntVar(&f.searchNodes, "search-nodes", 0, "latent variables: stop each document pair's search after N branch-and-bound nodes (0: no limit)")
	fs.DurationVar(&f.searchTime, "search-time", 0, "latent variables: stop each document pair's search after this long, e.g. 10s (0: no limit; unlike --search-work, the result then depends on the machine's speed)")
	fs.Int64Var(&f.searchWork, "search-work", metricc.DefaultSearchWork, "latent variables: stop each document pair's search after N units of work, a deterministic measure of effort (the default is some 2 to 15 s of one core; 0: no limit)")
	fs.IntVar(&f.searchPairs, "search-pairs", metricc.DefaultSearchPairs, "latent variables: build at most N candidate pairs per document pair for the exact search (some 200 bytes each; past it only the linear-time bound and heuristics run; 0: no limit)")
	printUsage := func(w io.Writer) {
		fs.SetOutput(w)
		fmt.Fprint(w, "usage: metricc run SPEC GOLD PRED [flags]\n\nflags:\n")
		fs.PrintDefaults()
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
	for _, c := range []struct {
		name string
		bad  bool
	}{{"workers", f.workers < 0}, {"search-nodes", f.searchNodes < 0}, {"search-time", f.searchTime < 0}, {"search-work", f.searchWork < 0}, {"search-pairs", f.searchPairs < 0}, {"bootstrap", f.bootstrap < 0}} {
		if c.bad {
			return fmt.Errorf("--%s cannot be negative (0 means %s)", c.name, map[string]string{
				"workers": "all cores", "search-nodes": "no limit", "search-time": "no limit", "search-work": "no limit", "search-pairs": "no limit", "bootstrap": "none"}[c.name])
		}
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
	if err := checkWorkflowFlags(&f, pos[1:]); err != nil {
		return err
	}
	opts, err := paramOptions(f.sets)
	if err != nil {
		return err
	}
	spec, err := metricc.Load(pos[0], opts...)
	if err != nil {
		return err
	}
	interrupt, stop := notifyInterrupt()
	defer stop()
	ropts := metricc.Options{
		Workers: f.workers, Macro: f.macro, PerDoc: f.perDoc,
		AllowMissing: f.allowMissing, Metrics: f.metrics,
		SearchNodes: f.searchNodes, SearchTime: f.searchTime,
		SearchWork: unlimited(f.searchWork), SearchPairs: int(unlimited(int64(f.searchPairs))),
		Interrupt: interrupt,
		Warn:      func(w string) { fmt.Fprintf(stderr, "warning: %s\n", w) },
	}
	f.apply(&ropts)
	progress := startProgress(stderr, &ropts)
	st, err := spec.ScoreStats(input(pos[1], f.inputFormat), input(pos[2], f.inputFormat), ropts)
	progress()
	if err != nil {
		return err
	}
	if err := printResults(st, &f, ropts, stdout); err != nil {
		return err
	}
	if interrupted(interrupt) {
		// The results so far are printed, with their proof status; the
		// exit code still says the run did not finish.
		return errInterrupted
	}
	return nil
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
// (a second one ends the process as usual, and so does the end of the
// grace period after the first), and a function that stops
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
			return
		}
		// Only searches stop early; a run busy elsewhere (reading, a long
		// corpus of quick pairs) is given a grace period, then ended, so
		// that one SIGTERM (timeout, kill) always ends the process.
		select {
		case <-done:
		case <-time.After(interruptGrace):
			fmt.Fprintf(os.Stderr, "metricc: interrupted: the run did not finish within %v of the signal; exiting without results\n", interruptGrace)
			os.Exit(130)
		}
	}()
	return ch, func() {
		signal.Stop(sig)
		close(done)
	}
}

// interruptGrace is how long a run may go on printing its results after
// the first SIGINT or SIGTERM.
const interruptGrace = 10 * time.Second

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

// paramOptions turns --set NAME=VALUE flags into compile options.
func paramOptions(sets []string) ([]metricc.Option, error) {
	var opts []metricc.Option
	for _, s := range sets {
		name, val, ok := strings.Cut(s, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok || name == "" {
			return nil, fmt.Errorf("--set wants NAME=VALUE, as in --set cutoff=1.0; got %q", s)
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("--set %s: %q is not a number", name, val)
		}
		opts = append(opts, metricc.WithParam(name, v))
	}
	return opts, nil
}
