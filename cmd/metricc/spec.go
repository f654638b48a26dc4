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
	if err := checkArgs("check", []string{"SPEC"}, args); err != nil {
		return err
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
	name := args[0]
	if name == "-" {
		name = spec.Name() // <stdin>
	}
	fmt.Fprintf(stdout, "%s: ok (%d %s: %s)\n", name, len(names), noun, strings.Join(names, ", "))
	return nil
}

// specsCmd lists the shipped specs, each with what it scores.
func specsCmd(stdout io.Writer) error {
	names := metricc.Shipped()
	width := 0
	for _, name := range names {
		width = max(width, len(name))
	}
	for _, name := range names {
		fmt.Fprintf(stdout, "%-*s  %s\n", width, name, metricc.ShippedSummary(name))
	}
	return nil
}
