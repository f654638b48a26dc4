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

// runFlags are the flags of run (and merge) that are not options of the
// run itself; those are bound straight onto opts.
type runFlags struct {
	opts        metricc.Options
	warn        warnFlags
	sets        listFlag
	format      string
	inputFormat string
	statsOut    string
	counts      bool
	shard       shardFlag
}

// runArgs are the positional arguments of run.
var runArgs = []string{"SPEC", "GOLD", "PRED"}

func runCmd(args []string, stdout, stderr io.Writer) error {
	var f runFlags
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bindOptions(fs, &f.opts, nil, "metric", "per-doc", "macro", "allow-missing", "workers",
		"bootstrap", "seed", "level", "search-nodes", "search-time", "search-work", "search-pairs")
	fs.Var(&f.sets, "set", "set a param of the spec, as NAME=VALUE (repeatable)")
	fs.StringVar(&f.format, "format", "table", "output format: table, json or csv")
	fs.StringVar(&f.inputFormat, "input-format", "auto", metricc.InputFormatList())
	f.warn.bind(fs)
	addWorkflowFlags(fs, &f)
	printUsage := func(w io.Writer) {
		fs.SetOutput(w)
		fmt.Fprint(w, "usage: metricc run SPEC GOLD PRED [flags]\n\nflags:\n")
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
	if err := checkOptions(fs, &f.opts); err != nil {
		return err
	}
	useCores(f.opts.Workers)
	if err := checkArgs("run", runArgs, pos); err != nil {
		return err
	}
	if err := f.warn.check(); err != nil {
		return err
	}
	switch f.format {
	case "table", "json", "csv":
	default:
		return fmt.Errorf("--format must be table, json or csv, not %q", f.format)
	}
	if err := checkWorkflowFlags(&f, pos); err != nil {
		return err
	}
	opts, err := paramOptions(f.sets)
	if err != nil {
		return err
	}
	spec, err := loadSpec("run", runArgs, pos, opts...)
	if err != nil {
		return err
	}
	interrupt, stop := notifyInterrupt()
	defer stop()
	warn, summary := f.warn.sink(stderr)
	defer summary()
	ropts := f.opts
	ropts.Search.Stop = interrupt
	ropts.Warn = warn
	ropts.Shard, ropts.Shards = f.shard.k, f.shard.n
	progress := startProgress(stderr, &ropts)
	gold, pred := input(pos[1], f.inputFormat), input(pos[2], f.inputFormat)
	var (
		st  *metricc.Stats
		res *metricc.Result
	)
	if f.statsOut != "" {
		// The stats file holds every document's sums; otherwise they are
		// added up as the documents are scored.
		st, err = spec.ScoreStats(gold, pred, ropts)
	} else {
		res, err = spec.Score(gold, pred, ropts)
	}
	progress()
	if err != nil {
		return err
	}
	if st != nil {
		err = printStats(st, &f, ropts, stdout)
	} else {
		err = printResult(res, &f, stdout)
	}
	if err != nil {
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
