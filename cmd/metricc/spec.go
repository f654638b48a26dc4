package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/metricc/metricc/eval"
	"github.com/metricc/metricc/grammar"
	"github.com/metricc/metricc/specs"
	"github.com/metricc/metricc/typecheck"
)

// loadSpec reads, parses, checks and plans a spec given as a path or as
// the name of a shipped spec. A file on disk wins over a shipped name.
func loadSpec(arg string) (*eval.Plan, error) {
	name, text, err := readSpec(arg)
	if err != nil {
		return nil, err
	}
	f, errs := grammar.Parse(name, text)
	if errs != nil {
		return nil, errs
	}
	prog, errs := typecheck.Check(f)
	if errs != nil {
		return nil, errs
	}
	return eval.NewPlan(prog)
}

func readSpec(arg string) (name, text string, err error) {
	// A regular file wins; anything else (nothing there, a directory of
	// the same name) may still be a shipped spec.
	if info, statErr := os.Stat(arg); statErr == nil && info.Mode().IsRegular() {
		data, err := os.ReadFile(arg)
		if err != nil {
			return "", "", err
		}
		return arg, string(data), nil
	} else if statErr != nil && !errors.Is(statErr, fs.ErrNotExist) {
		return "", "", statErr
	}
	base := strings.TrimSuffix(arg, ".metric")
	if t, ok := specs.Lookup(base); ok && !strings.ContainsRune(arg, os.PathSeparator) {
		return base + ".metric", t, nil
	}
	return "", "", fmt.Errorf("no spec file %q, and no shipped spec of that name (shipped: %s)", arg, strings.Join(specs.Names(), ", "))
}

func checkCmd(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		fmt.Fprint(stderr, "usage: metricc check SPEC\n")
		return errPrinted
	}
	plan, err := loadSpec(args[0])
	if err != nil {
		return err
	}
	var names []string
	for _, m := range plan.Prog.Metrics {
		names = append(names, m.Name)
	}
	fmt.Fprintf(stdout, "%s: ok (%d metrics: %s)\n", args[0], len(names), strings.Join(names, ", "))
	return nil
}

func specsCmd(stdout io.Writer) error {
	for _, name := range specs.Names() {
		fmt.Fprintln(stdout, name)
	}
	return nil
}
