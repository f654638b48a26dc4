package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/metricc/metricc"
)

// checkArgs says which positional argument of cmd is missing, or which one
// is too many, with the command's usage; names are the arguments' names
// (SPEC GOLD PRED).
func checkArgs(cmd string, names, pos []string) error {
	use := fmt.Sprintf("usage: metricc %s %s [flags]; metricc help %s lists the flags", cmd, strings.Join(names, " "), cmd)
	switch {
	case len(pos) < len(names):
		return fmt.Errorf("metricc %s: missing %s (%s)", cmd, strings.Join(names[len(pos):], " "), use)
	case len(pos) > len(names):
		return fmt.Errorf("metricc %s: unexpected argument %q after %s (%s)", cmd, pos[len(names)], names[len(names)-1], use)
	}
	return nil
}

// loadSpec loads the spec of cmd's arguments pos (SPEC first), saying
// when the file given as the spec is data that the arguments are SPEC
// GOLD ..., in that order, with the command they likely meant.
func loadSpec(cmd string, names, pos []string, opts ...metricc.Option) (*metricc.Spec, error) {
	spec, err := metricc.Load(pos[0], opts...)
	var nas *metricc.NotASpecError
	if err == nil || !errors.As(err, &nas) {
		return spec, err
	}
	hint := fmt.Sprintf("the arguments are %s, in that order", strings.Join(names, " "))
	// A spec given last: metricc run gold.conll pred.conll coref.
	if last := pos[len(pos)-1]; len(pos) > 1 && isSpec(last) {
		reordered := append([]string{last}, pos[:len(pos)-1]...)
		hint += fmt.Sprintf(" (did you mean metricc %s %s?)", cmd, strings.Join(reordered, " "))
	}
	return nil, fmt.Errorf("%w; %s", err, hint)
}

// isSpec reports whether arg names a spec: a shipped one, or a file that
// compiles.
func isSpec(arg string) bool {
	if _, ok := metricc.ShippedSource(strings.TrimSuffix(arg, ".metric")); ok {
		return true
	}
	if info, err := os.Stat(arg); err != nil || info.IsDir() {
		return false
	}
	_, err := metricc.Load(arg)
	return err == nil
}

// warnFlags are --quiet and --warnings: how many warnings reach stderr.
type warnFlags struct {
	quiet bool
	mode  string
}

// warningsPerKind is how many warnings of a kind are printed before they
// are only counted (--warnings summary).
const warningsPerKind = 3

func (w *warnFlags) bind(fs *flag.FlagSet) {
	fs.BoolVar(&w.quiet, "quiet", false, "print no warnings (errors are still printed)")
	fs.StringVar(&w.mode, "warnings", "summary", fmt.Sprintf("summary: print the first %d warnings of each kind, then how many more there were; all: print every warning", warningsPerKind))
}

func (w *warnFlags) check() error {
	switch w.mode {
	case "summary", "all":
		return nil
	}
	return fmt.Errorf("--warnings must be summary or all, not %q", w.mode)
}

// sink returns the function warnings go to, and the function that prints,
// at the end, how many warnings of each kind were not shown.
func (w *warnFlags) sink(stderr io.Writer) (warn func(string), summary func()) {
	print := func(s string) { fmt.Fprintf(stderr, "warning: %s\n", s) }
	switch {
	case w.quiet:
		return func(string) {}, func() {}
	case w.mode == "all":
		return print, func() {}
	}
	l := metricc.NewWarningLimiter(warningsPerKind, print)
	return l.Warn, func() {
		for _, s := range l.Summary() {
			fmt.Fprintf(stderr, "warning: %s (--warnings all prints them)\n", s)
		}
	}
}
