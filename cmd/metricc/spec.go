package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/metricc/metricc"
)

func checkCmd(args []string, stdout, stderr io.Writer) error {
	if wantsHelp(args) {
		fmt.Fprint(stdout, "usage: metricc check SPEC\n\nParses and type-checks SPEC (a .metric file or a shipped spec's name),\nprinting every error with its position; exit 0 when it is clean.\n")
		return errHelp
	}
	if len(args) != 1 {
		fmt.Fprint(stderr, "usage: metricc check SPEC\n")
		return errPrinted
	}
	spec, err := metricc.Load(args[0])
	if err != nil {
		return err
	}
	names := spec.Metrics()
	noun := "metrics"
	if len(names) == 1 {
		noun = "metric"
	}
	fmt.Fprintf(stdout, "%s: ok (%d %s: %s)\n", args[0], len(names), noun, strings.Join(names, ", "))
	return nil
}

func specsCmd(stdout io.Writer) error {
	for _, name := range metricc.Shipped() {
		fmt.Fprintln(stdout, name)
	}
	return nil
}
