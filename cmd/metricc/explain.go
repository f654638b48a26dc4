package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/metricc/metricc"
)

// explainCmd prints the optimal alignment of one document pair.
func explainCmd(args []string, stdout, stderr io.Writer) error {
	var (
		doc, format, inputFormat string
		sets                     listFlag
		opts                     metricc.Options
		wf                       warnFlags
	)
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&doc, "doc", "", "the document to explain: its id, as --per-doc names it, or its position from 1 (required)")
	bindOptions(fs, &opts, map[string]string{
		"metric": "explain only this metric (repeatable; what it needs is shown too)",
	}, "metric", "allow-missing")
	fs.StringVar(&format, "format", "text", "output format: text (a tree; coloured on a terminal), json or html (one self-contained page)")
	fs.StringVar(&inputFormat, "input-format", "auto", metricc.InputFormatList())
	fs.Var(&sets, "set", "set a param of the spec, as NAME=VALUE (repeatable)")
	wf.bind(fs)
	printUsage := func(w io.Writer) {
		fs.SetOutput(w)
		fmt.Fprint(w, "usage: metricc explain SPEC GOLD PRED --doc ID [flags]\n\n"+
			"Prints, for each metric, the document's values, the sums they follow from, and\n"+
			"the optimal alignment beneath them at every level: which predicted item went\n"+
			"with which gold item, with its similarity, and what was left unmatched.\n\nflags:\n")
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
	if err := checkArgs("explain", runArgs, pos); err != nil {
		return err
	}
	if err := wf.check(); err != nil {
		return err
	}
	if doc == "" {
		return fmt.Errorf("explain needs --doc ID: the document to explain (metricc run --per-doc lists them)")
	}
	switch format {
	case "text", "json", "html":
	default:
		return fmt.Errorf("--format must be text, json or html, not %q", format)
	}
	if err := checkStdin(pos...); err != nil {
		return err
	}
	params, err := paramOptions(sets)
	if err != nil {
		return err
	}
	spec, err := loadSpec("explain", runArgs, pos, params...)
	if err != nil {
		return err
	}
	warn, summary := wf.sink(stderr)
	defer summary()
	opts.Warn = warn
	ex, err := spec.Explain(input(pos[1], inputFormat), input(pos[2], inputFormat), doc, opts)
	if err != nil {
		return err
	}
	switch format {
	case "json":
		return ex.WriteJSON(stdout)
	case "html":
		return ex.WriteHTML(stdout)
	}
	return ex.WriteText(stdout, isTerminal(stdout) && os.Getenv("NO_COLOR") == "")
}
