// Package metricc is the embedding API of metricc (docs/go-api.md): compile
// a spec once, from its source or by the name of a shipped spec, then score
// any number of gold and predicted inputs (files, readers or Go values) with
// the options of the command line, and read the results that
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
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/grammar"
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/specs"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck"
)

// The results of a run, as `metricc run --format json` prints them
// (Result.WriteJSON writes exactly that).
type (
	Result       = corpus.Result
	MetricResult = corpus.MetricResult
	DocResult    = corpus.DocResult
	Param        = corpus.Param // a param's value in a run (Result.Params)
	Sums         = eval.Sums
	KeySums      = eval.KeySums // a breakdown key's sums (Sums.By)
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
	plan *corpus.Plan
	// src and files (those the spec read, by the name it gave) are what a
	// stats file embeds, so that merge can compile the spec again.
	src   string
	files map[string][]byte

	traceOnce sync.Once
	traced    *corpus.Plan // see tracedPlan
	traceErr  error
}

// Option configures the compilation of a spec.
type Option func(*config) error

type config struct {
	sims     []*stdlib.Similarity
	params   map[string]float64
	readFile func(name string) ([]byte, error)
}

// WithParam sets the value of a param of the spec (`metricc run --set
// name=value`); a name the spec does not declare is an error.
func WithParam(name string, value float64) Option {
	return func(c *config) error {
		if c.params == nil {
			c.params = map[string]float64{}
		}
		c.params[name] = value
		return nil
	}
}

// WithFiles reads the files a spec names (ontologies) with read, given
// their names as written (relative to the spec). Load sets it to the
// spec's directory, or to the shipped specs for a shipped one; Compile
// without it refuses such specs.
func WithFiles(read func(name string) ([]byte, error)) Option {
	return func(c *config) error {
		c.readFile = read
		return nil
	}
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
	files := map[string][]byte{}
	if read := cfg.readFile; read != nil {
		cfg.readFile = func(name string) ([]byte, error) {
			data, err := read(name)
			if err == nil {
				files[name] = data
			}
			return data, err
		}
	}
	f, shipped := specs.Parsed(name, src)
	if !shipped {
		var errs ast.ErrorList
		if f, errs = grammar.Parse(name, src); errs != nil {
			return nil, errs
		}
	}
	prog, errs := typecheck.Config{Env: env, Params: cfg.params, ReadFile: cfg.readFile}.Check(f)
	if errs != nil {
		return nil, errs
	}
	pair, err := eval.NewPlan(prog)
	if err != nil {
		return nil, err
	}
	return &Spec{name: name, prog: prog, plan: corpus.New(pair), src: src, files: files}, nil
}

// Load compiles the spec file at path, or, when no such file exists, the
// shipped spec of that name ("coref", "smatch", ...; see Shipped). A file
// on disk wins over a shipped name.
//
// path "-" reads the spec from standard input (its ontology files are
// relative to the working directory); so do /dev/stdin and any other
// readable file that is not a directory (a pipe, a process substitution).
func Load(path string, opts ...Option) (*Spec, error) {
	name, text, read, err := readSpec(path)
	if err != nil {
		return nil, err
	}
	spec, err := Compile(name, text, append([]Option{WithFiles(read)}, opts...)...)
	var syntax SpecErrors
	if err != nil && errors.As(err, &syntax) {
		// A data file where the spec belongs (arguments in the wrong
		// order) fails to parse at its first line; say what it is.
		if e := notASpec(name, text); e != nil {
			return nil, e
		}
	}
	return spec, err
}

// Shipped lists the names of the specs embedded in metricc.
func Shipped() []string { return specs.Names() }

// ShippedSource returns the text of a shipped spec.
func ShippedSource(name string) (string, bool) { return specs.Lookup(name) }

// readSpec finds a spec and how to read the files it names.
func readSpec(arg string) (name, text string, read func(string) ([]byte, error), err error) {
	if arg == "-" {
		data, err := io.ReadAll(os.Stdin)
		if err != nil {
			return "", "", nil, fmt.Errorf("reading the spec from standard input: %w", err)
		}
		return "<stdin>", string(data), os.ReadFile, nil
	}
	// A file wins (a regular file, or a pipe such as /dev/stdin); anything
	// else (nothing there, a directory of the same name) may still be a
	// shipped spec.
	info, statErr := os.Stat(arg)
	if statErr == nil && !info.IsDir() {
		data, err := os.ReadFile(arg)
		if err != nil {
			return "", "", nil, err
		}
		dir := filepath.Dir(arg)
		return arg, string(data), func(name string) ([]byte, error) {
			if !filepath.IsAbs(name) {
				name = filepath.Join(dir, name)
			}
			return os.ReadFile(name)
		}, nil
	} else if statErr != nil && !errors.Is(statErr, fs.ErrNotExist) {
		return "", "", nil, statErr
	}
	base := strings.TrimSuffix(arg, ".metric")
	if t, ok := specs.Lookup(base); ok && !strings.ContainsRune(arg, os.PathSeparator) {
		return base + ".metric", t, specs.ReadFile, nil
	}
	if statErr == nil && info.IsDir() {
		if f := adapter.DetectDir(arg); f != nil {
			return "", "", nil, &NotASpecError{Path: arg, Format: f}
		}
		return "", "", nil, fmt.Errorf("%s is a directory, not a spec (a .metric file or the name of a shipped spec: %s)", arg, strings.Join(specs.Names(), ", "))
	}
	if near := nearestShipped(base); near != "" {
		return "", "", nil, fmt.Errorf("no spec file %q, and no shipped spec of that name (did you mean %s?)", arg, near)
	}
	return "", "", nil, fmt.Errorf("no spec file %q, and no shipped spec of that name (shipped: %s)", arg, strings.Join(specs.Names(), ", "))
}

// nearestShipped is the shipped spec whose name is closest to name, within
// an edit distance of 2 (and less than the name's length), or "".
func nearestShipped(name string) string {
	best, bestDist := "", 3
	for _, c := range specs.Names() {
		if d := editDistance(strings.ToLower(name), c); d < bestDist && d < len([]rune(name)) {
			best, bestDist = c, d
		}
	}
	return best
}

// NotASpecError says that the file given as the spec is a data file (a
// CoNLL-2012 file, JSON documents): the arguments are probably in the
// wrong order.
type NotASpecError struct {
	Path string
	// Format is the data format the file is in; nil for JSON.
	Format *document.Format
}

func (e *NotASpecError) Error() string {
	if e.Format == nil {
		return fmt.Sprintf("%s is a file of JSON documents, not a spec (a .metric file or the name of a shipped spec)", e.Path)
	}
	noun := "file"
	if info, err := os.Stat(e.Path); err == nil && info.IsDir() {
		noun = "directory"
	}
	msg := fmt.Sprintf("%s is %s %s %s, not a spec", e.Path, adapter.Article(e.Format), e.Format.Title, noun)
	switch n := len(e.Format.Specs); {
	case n == 1:
		msg += fmt.Sprintf(" (the shipped spec that reads %s %ss is %s)", e.Format.Title, noun, e.Format.Specs[0])
	case n > 1:
		msg += fmt.Sprintf(" (the shipped specs that read %s %ss: %s)", e.Format.Title, noun, strings.Join(e.Format.Specs, ", "))
	}
	return msg
}

// notASpec recognizes a data file among specs that do not parse: a format
// an adapter detects, or JSON documents (which no spec starts with).
func notASpec(name, text string) error {
	head := []byte(text[:min(len(text), 64<<10)])
	if f := adapter.Detect(head); f != nil && f.Title != "" {
		return &NotASpecError{Path: name, Format: f}
	}
	trimmed := strings.TrimLeft(strings.TrimPrefix(text, "\ufeff"), " \t\r\n")
	if strings.HasPrefix(trimmed, "{") || strings.HasPrefix(trimmed, "[") {
		return &NotASpecError{Path: name}
	}
	return nil
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

// Options are the options of a run: `metricc run`'s flags, the Python
// package's keyword arguments and the playground's settings all marshal
// onto this one type, which the engine uses as it is. Zero values are the
// defaults throughout.
type Options = corpus.Options

// SearchLimits bound each document pair's latent-variable search
// (Options.Search). A zero field takes its default, NoLimit lifts a limit.
type SearchLimits = solver.Limits

// NoLimit, as a field of SearchLimits, lifts that limit.
const NoLimit = solver.NoLimit

// The defaults of SearchLimits.MaxWork (some 2 to 15 s of one core) and
// SearchLimits.MaxPairs (under 1 GB).
const (
	DefaultSearchWork  = solver.DefaultMaxWork
	DefaultSearchPairs = solver.DefaultMaxPairs
)

// Score reads gold and pred and scores them.
func (s *Spec) Score(gold, pred Source, opts Options) (*Result, error) {
	st, t, err := s.scoreStats(gold, pred, opts, false, true)
	switch {
	case err != nil:
		return nil, err
	case t != nil:
		return s.plan.AggregateTotals(t, opts)
	}
	return st.Result(opts)
}

// ScoreStats reads gold and pred as streams and scores each document: the
// per-document sums that Stats.Result aggregates, and that a stats file
// holds.
func (s *Spec) ScoreStats(gold, pred Source, opts Options) (*Stats, error) {
	st, _, err := s.scoreStats(gold, pred, opts, false, false)
	return st, err
}

// scoreStats is ScoreStats; join reads each file as one document where
// the format's official scorer ignores documents (document.Joinable), for
// a comparison with a prediction read so. With totals, a run that reports
// corpus values only adds the documents' sums up as it goes (memory then
// follows the largest document): it returns the totals instead.
func (s *Spec) scoreStats(gold, pred Source, opts Options, join, totals bool) (*Stats, *corpus.Totals, error) {
	if opts.Shards > 1 && (opts.Shard < 1 || opts.Shard > opts.Shards) {
		return nil, nil, fmt.Errorf("shard %d/%d: the shard must be between 1 and %d", opts.Shard, opts.Shards, opts.Shards)
	}
	g, p, closeAll, err := s.open(gold, pred, opts.Workers)
	if err != nil {
		return nil, nil, err
	}
	defer closeAll()
	checkInputs(g, p, opts.Warn)
	gj, ok := g.(document.Joinable)
	pj, ok2 := p.(document.Joinable)
	join = join && ok && ok2
	if join {
		gj.Join()
		pj.Join()
		if opts.Warn != nil {
			opts.Warn(fmt.Sprintf("%s: scored as one document with %s, as the other prediction is, whose documents do not correspond to the gold's", p.Path(), g.Path()))
		}
	}
	if totals && opts.Shards <= 1 {
		if wanted, err := s.plan.Pair.Select(opts.Metrics); err == nil && !s.plan.NeedsDocs(wanted, opts) {
			t, err := s.plan.ScoreTotals(g, p, opts)
			return nil, t, err
		}
	}
	sc, err := s.plan.ScoreDocStreams(g, p, opts)
	if err != nil {
		return nil, nil, err
	}
	sc.Joined = sc.Joined || join
	return s.newStats(sc, opts, g.Positional() || p.Positional()), nil, nil
}

// open opens both sources as streams; closeAll closes them. With more
// than one worker the two are opened at once: a format read whole when
// opened (CoNLL-2012, Penman) is then parsed on two cores.
func (s *Spec) open(gold, pred Source, workers int) (g, p document.Stream, closeAll func(), err error) {
	if gold.open == nil || pred.open == nil {
		return nil, nil, nil, errors.New("metricc: Score needs a gold and a predicted Source (File, Reader or Values)")
	}
	rd := s.reader()
	type opened struct {
		s   document.Stream
		c   io.Closer
		err error
	}
	var po opened
	done := make(chan struct{})
	if workers != 1 {
		go func() {
			defer close(done)
			po.s, po.c, po.err = pred.open(rd)
		}()
	}
	g, gc, gerr := gold.open(rd)
	switch {
	case workers != 1:
		<-done
	case gerr == nil:
		po.s, po.c, po.err = pred.open(rd)
	default:
		var fe *adapter.FormatError
		if errors.As(gerr, &fe) {
			// Both files in a format the spec cannot read is one message.
			po.s, po.c, po.err = pred.open(rd)
			break
		}
		return nil, nil, nil, gerr
	}
	if gerr != nil {
		if po.err == nil {
			po.c.Close()
		}
		var fe *adapter.FormatError
		if errors.As(gerr, &fe) {
			if both := fe.Join(po.err); both != nil {
				return nil, nil, nil, both
			}
		}
		return nil, nil, nil, gerr
	}
	if po.err != nil {
		gc.Close()
		return nil, nil, nil, po.err
	}
	return g, po.s, func() { gc.Close(); po.c.Close() }, nil
}

// reader says which top-level document fields the spec's input type
// reads: formats write costly fields only when read, and refuse a spec
// that needs a field they never write.
func (s *Spec) reader() *document.Reader {
	rd := &document.Reader{Spec: s.name}
	in := s.plan.Pair.Prog.Input
	if in == nil {
		return rd
	}
	for _, f := range in.Fields {
		if f.Bound {
			return rd // a gjson path may reach any field
		}
		rd.Fields = append(rd.Fields, f.Name)
	}
	return rd
}

// checkInputs lets a format compare the two files (a predicted sense the
// gold never uses), when its adapter reads them whole for that. Its
// warnings follow each file's own.
func checkInputs(g, p document.Stream, warn func(string)) {
	gi, pi := document.InputOf(g), document.InputOf(p)
	if gi == nil || pi == nil || warn == nil {
		return
	}
	f := gi.Format
	if f == nil || f != pi.Format || f.Check == nil {
		return
	}
	for _, in := range []*document.Input{gi, pi} {
		for _, w := range in.Warnings {
			warn(w)
		}
		in.Warnings = nil
	}
	for _, w := range f.Check(gi, pi) {
		warn(w)
	}
}

// Params lists the spec's params in declaration order, with the values
// it was compiled with (its defaults, or those WithParam set).
func (s *Spec) Params() []Param {
	out := make([]Param, len(s.prog.Params))
	for i, p := range s.prog.Params {
		out[i] = Param{Name: p.Name, Value: p.Value}
	}
	return out
}

// Source is the spec's text.
func (s *Spec) Source() string { return s.src }
