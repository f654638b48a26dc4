// Package metricc is the embedding API of metricc (DESIGN §8): compile a
// spec once, from its source or by the name of a shipped spec, then score
// any number of gold and predicted inputs (files, readers or Go values)
// with the options of the command line, and read the results that
// `metricc run --format json` prints.
//
//	spec, err := metricc.Load("coref")
//	res, err := spec.Score(metricc.File("key.conll"), metricc.File("response.conll"), metricc.Options{})
//	fmt.Println(res.Metric("conll").Value)
//
// A Spec is read-only once compiled and may score from several goroutines
// at once. A program can add similarities written in Go to the specs it
// compiles (WithSimilarity), as cel-go's function options do, without
// touching the standard library of other specs.
package metricc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/metricc/metricc/ast"
	"github.com/metricc/metricc/document"
	"github.com/metricc/metricc/eval"
	"github.com/metricc/metricc/grammar"
	"github.com/metricc/metricc/solver"
	"github.com/metricc/metricc/specs"
	"github.com/metricc/metricc/stdlib"
	"github.com/metricc/metricc/typecheck"
)

// The results of a run, as `metricc run --format json` prints them
// (Result.WriteJSON writes exactly that).
type (
	Result       = eval.Result
	MetricResult = eval.MetricResult
	DocResult    = eval.DocResult
	Sums         = eval.Sums
	SearchStats  = eval.SearchStats
	Kind         = eval.Kind
)

// The kinds of metric results.
const (
	KindSums         = eval.KindSums
	KindSumsValue    = eval.KindSumsValue
	KindSumsN        = eval.KindSumsN
	KindCorpusValue  = eval.KindCorpusValue
	KindCorpusTriple = eval.KindCorpusTriple
)

// The errors a caller may want to tell apart: mistakes in a spec (each
// with its position; Render prints them with the source line and a
// caret), and problems with input data (naming the file, the document and
// the JSON path).
type (
	SpecError  = ast.Error
	SpecErrors = ast.ErrorList
	DataError  = document.DataError
	DataErrors = document.DataErrors
)

// Spec is a compiled spec.
type Spec struct {
	name string
	prog *typecheck.Program
	plan *eval.Plan
}

// Option configures the compilation of a spec.
type Option func(*config) error

type config struct {
	sims []*stdlib.Similarity
}

// Compile parses, checks and plans the spec text src; name is the file
// name its errors give. A spec error is a SpecErrors listing every mistake.
func Compile(name, src string, opts ...Option) (*Spec, error) {
	var cfg config
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	env, err := stdlib.Default().With(cfg.sims...)
	if err != nil {
		return nil, err
	}
	f, errs := grammar.Parse(name, src)
	if errs != nil {
		return nil, errs
	}
	prog, errs := typecheck.CheckWith(f, env)
	if errs != nil {
		return nil, errs
	}
	plan, err := eval.NewPlan(prog)
	if err != nil {
		return nil, err
	}
	return &Spec{name: name, prog: prog, plan: plan}, nil
}

// Load compiles the spec file at path, or, when no such file exists, the
// shipped spec of that name ("coref", "smatch", ...; see Shipped). A file
// on disk wins over a shipped name.
func Load(path string, opts ...Option) (*Spec, error) {
	name, text, err := readSpec(path)
	if err != nil {
		return nil, err
	}
	return Compile(name, text, opts...)
}

// Shipped lists the names of the specs embedded in metricc.
func Shipped() []string { return specs.Names() }

// ShippedSource returns the text of a shipped spec.
func ShippedSource(name string) (string, bool) { return specs.Lookup(name) }

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

// Name is the spec's file name (a shipped spec's is NAME.metric).
func (s *Spec) Name() string { return s.name }

// Metrics lists the spec's metrics in declaration order.
func (s *Spec) Metrics() []string {
	names := make([]string, len(s.prog.Metrics))
	for i, m := range s.prog.Metrics {
		names[i] = m.Name
	}
	return names
}

// Options are the options of `metricc run`.
type Options struct {
	// Metrics reports only these (corpus metrics compute what they need).
	Metrics []string
	// Macro averages per-document values instead of summing the corpus.
	Macro bool
	// PerDoc also reports every document.
	PerDoc bool
	// AllowMissing scores an unpaired document against an empty one.
	AllowMissing bool
	// Workers scores documents in parallel (0: all cores); the results do
	// not depend on it.
	Workers int
	// SearchNodes, SearchTime, SearchWork and SearchPairs limit each
	// document pair's latent-variable search; the best matching found is
	// then reported with its gap. SearchNodes and SearchTime: 0 is no
	// limit. SearchWork (a deterministic measure of effort) and
	// SearchPairs (candidate pairs built, and so memory): 0 is the default
	// of solver.DefaultLimits, 4·10^9 units (some 2 to 15 s of one core)
	// and 4 million pairs (under 1 GB); negative is no limit.
	SearchNodes int
	SearchTime  time.Duration
	SearchWork  int64
	SearchPairs int
	// Interrupt, once closed, stops every search at once (Ctrl-C): the
	// pairs not yet proven are reported from the best matching found so
	// far, as interrupted.
	Interrupt <-chan struct{}
	// Warn receives the warnings of input adapters (repairs they made);
	// nil drops them.
	Warn func(string)
}

// The defaults of Options.SearchWork and Options.SearchPairs (those of
// solver.DefaultLimits).
var (
	DefaultSearchWork  = solver.DefaultLimits.MaxWork
	DefaultSearchPairs = solver.DefaultLimits.MaxPairs
)

// limits are the search limits of opts.
func (opts *Options) limits() *solver.Limits {
	lim := solver.DefaultLimits
	lim.MaxNodes, lim.Timeout = opts.SearchNodes, opts.SearchTime
	switch {
	case opts.SearchWork < 0:
		lim.MaxWork = 0
	case opts.SearchWork > 0:
		lim.MaxWork = opts.SearchWork
	}
	switch {
	case opts.SearchPairs < 0:
		lim.MaxPairs = 0
	case opts.SearchPairs > 0:
		lim.MaxPairs = opts.SearchPairs
	}
	return &lim
}

// Score reads gold and pred and scores them.
func (s *Spec) Score(gold, pred Source, opts Options) (*Result, error) {
	if gold.read == nil || pred.read == nil {
		return nil, errors.New("metricc: Score needs a gold and a predicted Source (File, Reader or Values)")
	}
	g, err := gold.read()
	if err != nil {
		return nil, err
	}
	p, err := pred.read()
	if err != nil {
		return nil, err
	}
	if opts.Warn != nil {
		for _, in := range []*document.Input{g, p} {
			for _, w := range in.Warnings {
				opts.Warn(w)
			}
		}
	}
	return s.plan.Score(g, p, eval.Options{
		Workers: opts.Workers, Macro: opts.Macro, PerDoc: opts.PerDoc,
		AllowMissing: opts.AllowMissing, Metrics: opts.Metrics,
		Search: opts.limits(), Interrupt: opts.Interrupt,
	})
}
