package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/metricc/metricc"
)

// optionFlag is a flag that sets a field of metricc.Options. Every command
// binds its flags from this one table, straight onto the Options it runs
// with; a command may word a flag's help for itself.
type optionFlag struct {
	name  string
	usage string
	// zero says what 0 means, for the message that refuses a negative
	// value; "" when the flag cannot be negative.
	zero     string
	bind     func(fs *flag.FlagSet, o *metricc.Options, name, usage string)
	negative func(o *metricc.Options) bool
}

var optionFlags = []optionFlag{
	{name: "metric", usage: "report only this metric (repeatable)",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.Var((*listFlag)(&o.Metrics), n, u) }},
	{name: "per-doc", usage: "also report every document",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.BoolVar(&o.PerDoc, n, false, u) }},
	{name: "macro", usage: "average per-document scores instead of summing the corpus (micro)",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.BoolVar(&o.Macro, n, false, u) }},
	{name: "allow-missing", usage: "score an unpaired document against an empty one instead of failing",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.BoolVar(&o.AllowMissing, n, false, u) }},
	{name: "workers", usage: "documents scored in parallel (default: all cores)", zero: "all cores",
		bind:     func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.IntVar(&o.Workers, n, 0, u) },
		negative: func(o *metricc.Options) bool { return o.Workers < 0 }},
	{name: "bootstrap", usage: "percentile intervals of every value from N corpora resampled by document (0: none)", zero: "none",
		bind:     func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.IntVar(&o.Bootstrap, n, 0, u) },
		negative: func(o *metricc.Options) bool { return o.Bootstrap < 0 }},
	{name: "seed", usage: "random seed for --bootstrap: the same seed gives the same intervals",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.Uint64Var(&o.Seed, n, 1, u) }},
	{name: "level", usage: "coverage of the --bootstrap intervals",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) { fs.Float64Var(&o.Level, n, 0.95, u) }},
	{name: "search-nodes", zero: "no limit", usage: "latent variables: stop each document pair's search after N branch-and-bound nodes (0: no limit)",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) {
			fs.Var(&limitFlag[int]{p: &o.Search.MaxNodes}, n, u)
		}},
	{name: "search-time", zero: "no limit", usage: "latent variables: stop each document pair's search after this long, e.g. 10s (0: no limit; unlike --search-work, the result then depends on the machine's speed)",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) {
			fs.Var(&timeLimitFlag{p: &o.Search.Timeout}, n, u)
		}},
	{name: "search-work", zero: "no limit", usage: "latent variables: stop each document pair's search after N units of work, a deterministic measure of effort (the default is some 2 to 15 s of one core; 0: no limit)",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) {
			fs.Var(&limitFlag[int64]{p: &o.Search.MaxWork, def: metricc.DefaultSearchWork}, n, u)
		}},
	{name: "search-pairs", zero: "no limit", usage: "latent variables: build at most N candidate pairs per document pair for the exact search (some 200 bytes each; past it only the linear-time bound and heuristics run; 0: no limit)",
		bind: func(fs *flag.FlagSet, o *metricc.Options, n, u string) {
			fs.Var(&limitFlag[int]{p: &o.Search.MaxPairs, def: metricc.DefaultSearchPairs}, n, u)
		}},
}

// bindOptions binds the named option flags onto o, in the table's order
// (help lists flags sorted anyway). usage rewords a flag for the command.
func bindOptions(fs *flag.FlagSet, o *metricc.Options, usage map[string]string, names ...string) {
	for _, f := range optionFlags {
		for _, n := range names {
			if n == f.name {
				u := f.usage
				if w, ok := usage[n]; ok {
					u = w
				}
				f.bind(fs, o, f.name, u)
			}
		}
	}
}

// useCores makes --workers N the number of cores a run uses: the files are
// read ahead on goroutines of their own besides the N scoring ones, which,
// unbounded, would make --workers 1 take more than one core of a machine
// it shares.
func useCores(workers int) {
	if workers > 0 {
		runtime.GOMAXPROCS(workers)
	}
}

// checkOptions refuses negative values of the option flags fs has.
func checkOptions(fs *flag.FlagSet, o *metricc.Options) error {
	for _, f := range optionFlags {
		fl := fs.Lookup(f.name)
		if fl == nil {
			continue
		}
		neg, ok := fl.Value.(interface{ negative() bool })
		if (ok && neg.negative()) || (f.negative != nil && f.negative(o)) {
			return fmt.Errorf("--%s cannot be negative (0 means %s)", f.name, f.zero)
		}
	}
	return nil
}

// limitFlag sets a search limit of the command line's spelling, where 0
// is no limit, onto the field it is bound to, where 0 is the default and
// NoLimit no limit. def is the default shown in the help.
type limitFlag[T int | int64] struct {
	p   *T
	def T
	neg bool // a negative value was given, which checkOptions refuses
}

func (l *limitFlag[T]) String() string {
	if l == nil || l.p == nil {
		return "0"
	}
	switch v := *l.p; {
	case v == 0:
		return strconv.FormatInt(int64(l.def), 10)
	case v < 0:
		return "0"
	default:
		return strconv.FormatInt(int64(v), 10)
	}
}

func (l *limitFlag[T]) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return errParse
	}
	switch {
	case v < 0:
		l.neg = true
	case v == 0:
		*l.p = metricc.NoLimit
	default:
		*l.p = T(v)
	}
	return nil
}

func (l *limitFlag[T]) typeName() string { return "int" }
func (l *limitFlag[T]) negative() bool   { return l.neg }

// timeLimitFlag is --search-time: a duration, where 0 (no limit) is also
// the default.
type timeLimitFlag struct {
	p   *time.Duration
	neg bool
}

func (t *timeLimitFlag) String() string {
	if t == nil || t.p == nil || *t.p < 0 {
		return "0s"
	}
	return t.p.String()
}

func (t *timeLimitFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return errParse
	case d < 0:
		t.neg = true
	default:
		*t.p = d
	}
	return nil
}

func (t *timeLimitFlag) typeName() string { return "duration" }
func (t *timeLimitFlag) negative() bool   { return t.neg }

// errParse is the error of a flag value that does not parse; the flag
// package words the rest.
var errParse = fmt.Errorf("parse error")

// printDefaults prints the flags of fs as flag.PrintDefaults does, naming
// the type of the flags bound by this package's own values as the flag
// package names its own.
func printDefaults(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		var b bytes.Buffer
		fmt.Fprintf(&b, "  -%s", f.Name)
		name, usage := flag.UnquoteUsage(f)
		if t, ok := f.Value.(interface{ typeName() string }); ok {
			name = t.typeName()
		}
		if name != "" {
			b.WriteString(" " + name)
		}
		if b.Len() <= 4 {
			b.WriteString("\t")
		} else {
			b.WriteString("\n    \t")
		}
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if !isZeroValue(f) {
			if _, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok && isString(f) {
				fmt.Fprintf(&b, " (default %q)", f.DefValue)
			} else {
				fmt.Fprintf(&b, " (default %v)", f.DefValue)
			}
		}
		fmt.Fprint(w, b.String(), "\n")
	})
}

// isZeroValue reports whether a flag's default is its type's zero value,
// which the help leaves unsaid.
func isZeroValue(f *flag.Flag) bool {
	switch f.Value.(type) {
	case *limitFlag[int], *limitFlag[int64]:
		return f.DefValue == "0"
	case *timeLimitFlag:
		return f.DefValue == "0s"
	}
	switch f.DefValue {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// isString reports whether a flag holds a string, whose default the help
// quotes.
func isString(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, s := g.Get().(string)
	return s
}
