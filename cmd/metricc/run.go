package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/metricc/metricc/adapter/conll2012"
	"github.com/metricc/metricc/document"
	"github.com/metricc/metricc/eval"
	"github.com/metricc/metricc/solver"
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
	fs.StringVar(&f.inputFormat, "input-format", "auto", "auto, json, jsonl, conll2012, penman, conllu or mrp")
	fs.IntVar(&f.bootstrap, "bootstrap", 0, "percentile intervals from N resampled corpora (not available yet)")
	fs.Int64Var(&f.seed, "seed", 1, "random seed for --bootstrap")
	fs.IntVar(&f.searchNodes, "search-nodes", 0, "latent variables: stop each document pair's search after N branch-and-bound nodes (0: no limit)")
	fs.DurationVar(&f.searchTime, "search-time", 0, "latent variables: stop each document pair's search after this long, e.g. 10s (0: no limit)")
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
	plan, err := loadSpec(pos[0])
	if err != nil {
		return err
	}
	gold, err := readInput(pos[1], f.inputFormat)
	if err != nil {
		return err
	}
	pred, err := readInput(pos[2], f.inputFormat)
	if err != nil {
		return err
	}
	for _, in := range []*document.Input{gold, pred} {
		for _, w := range in.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
	}
	res, err := plan.Score(gold, pred, eval.Options{
		Workers: f.workers, Macro: f.macro, PerDoc: f.perDoc,
		AllowMissing: f.allowMissing, Metrics: f.metrics,
		Search: solver.Limits{MaxNodes: f.searchNodes, Timeout: f.searchTime},
	})
	if err != nil {
		return err
	}
	switch f.format {
	case "json":
		return res.WriteJSON(stdout)
	case "csv":
		return writeCSV(stdout, res)
	}
	return writeTable(stdout, res)
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

// readInput reads a gold or prediction file in the given input format;
// "auto" decides by the file's first 64 KB. CoNLL files are streamed: the
// adapter keeps the annotations, never the whole text.
func readInput(path, format string) (*document.Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	head, err := br.Peek(br.Size())
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if format == "auto" {
		format = detectFormat(head)
	}
	if format == "conll2012" {
		return conll2012.ParseReader(path, br)
	}
	data, err := io.ReadAll(br)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	switch format {
	case "json", "jsonl", "auto":
		return document.ParseJSON(path, data, format)
	}
	if a := adapters[format]; a != nil {
		return a(path, data)
	}
	switch format {
	case "conllu", "mrp":
		return nil, fmt.Errorf("%s: the %s input format is not available yet", path, format)
	}
	return nil, fmt.Errorf("unknown --input-format %q (want auto, json, jsonl, conll2012, penman, conllu or mrp)", format)
}

// adapters turn other file formats into JSON documents (DESIGN §5).
var adapters = map[string]func(path string, data []byte) (*document.Input, error){}

// detectors guess an adapter from the content; JSON is the fallback.
var detectors []struct {
	format string
	detect func([]byte) bool
}

func detectFormat(data []byte) string {
	for _, d := range detectors {
		if d.detect(data) {
			return d.format
		}
	}
	return "auto"
}
