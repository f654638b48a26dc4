// Package bridge serves the embedding API of metricc (the root package)
// to programs that cannot call Go directly, as requests and responses of
// JSON: the Python package, through a C shared library (cmd/libmetricc)
// or, in a process forked after loading it, a worker process speaking the
// same protocol on a pipe (Serve); the WebAssembly playground. Everything
// here is marshalling: the logic is the root package's.
//
// A request is a JSON object naming its operation, "op", with its
// arguments; a response is a JSON object with the operation's results, or
// {"error": {...}}. Compiled specs and accumulators live in the Bridge and
// are named by integer handles, freed with "free". Documents travel as
// blobs, byte strings beside the request that an input names by index,
// so that they are never escaped into JSON:
//
//	{"op": "version"}                   → {"version": "0.1.0", "long": "metricc 0.1.0 (…) go1.26"}
//	{"op": "specs"}                     → {"specs": [{"name": "coref", "summary": "…"}, …]}
//	{"op": "input_formats"}             → {"formats": ["auto", "json", …]}
//	{"op": "detect_format", "text": S}  → {"format": F}: what "auto" reads S as ("" if nothing)
//	{"op": "defaults"}                  → {"options": OPTS}: the search limits' defaults
//	{"op": "load", "path": P, "params": {NAME: VALUE}}
//	{"op": "compile", "source": S, "name": N, "params": {…}}
//	                                    → {"spec": H, "name": …, "metrics": […], "params": [{"name", "value"}], "source": …}
//	{"op": "free", "spec": H} or {"op": "free", "accumulator": H}
//	{"op": "score", "spec": H, "gold": IN, "pred": IN, "options": OPTS}
//	                                    → {"result": <what metricc run --format json prints>, "warnings": […]}
//	{"op": "accumulator", "spec": H, "options": OPTS}   → {"accumulator": A}
//	{"op": "update", "accumulator": A, "gold": IN, "pred": IN} → {"documents": N, "warnings": […]}
//	                                    (with "ids": true, also "ids": the batch's pairs, as Accumulator.AddIDs)
//	{"op": "merge", "accumulator": A, "other": B}        → {"documents": N}
//	{"op": "compute", "accumulator": A}                  → {"result": …}
//	{"op": "state", "accumulator": A}                    → {"state": <metricc.AccumulatorState>}
//	{"op": "from_state", "spec": H, "state": …, "options": {"workers": N}} → {"accumulator": A, "documents": N}
//	{"op": "explain", "spec": H, "gold": IN, "pred": IN, "doc": ID, "options": OPTS}
//	                                    → {"text": …, "json": <metricc explain --format json>, "html": <the page>}
//	{"op": "compare", "spec": H, "gold": IN, "pred_a": IN, "pred_b": IN, "names": [A, B], "options": OPTS}
//	                                    → {"comparison": <metricc compare --format json>, "warnings": […]}
//	{"op": "json", "gold": IN}          → {"json": <the text of blob IN, converted when marshalled>} (for callers' tests)
//	{"op": "panic"}                     → an error of type "internal" (for callers' tests)
//
// An input IN is {"path": P} (a file), {"data": I} (blob I) or {"text": S},
// each with an optional "format" (default "auto") and "name" (the file's
// name in messages). {"data": I, "marshal": 4} is a blob that Python's
// marshal.dumps(docs, 4) wrote: read as the JSON that json.dumps writes
// for docs (internal/pymarshal). A value there that only Python converts
// is an error of type "marshal" naming the blob, {"type": "marshal",
// "data": I}, and the caller sends that input as JSON instead. OPTS are the flags of `metricc run` in snake_case,
// with the same defaults and meanings: metrics, macro, per_doc,
// allow_missing, workers, bootstrap, seed, level, search_nodes,
// search_time (seconds), search_work, search_pairs (0: no limit, absent:
// the default), params (a spec compiled with them), stats_out and shard
// ("K/N").
//
// Errors: {"type": "spec", "errors": [{"file", "line", "column",
// "end_line", "end_column", "message", "hint", "rendered"}]},
// {"type": "data", "errors": [{"file", "document", "line", "path",
// "message", "text"}]}, {"type": "not_found"} (a missing file),
// {"type": "request"} (a malformed request: a bug of the caller),
// {"type": "marshal", "data": I} (above),
// {"type": "internal", "stack"} (a panic, recovered) and {"type":
// "error"} (anything else: an unknown metric, a bad option value); each
// has "message", what the command line would print.
package bridge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/pymarshal"
)

// Bridge holds the specs and accumulators of its callers. It is safe for
// concurrent use: requests on different handles run in parallel (a spec
// scores from several threads at once); an accumulator serves one request
// at a time.
type Bridge struct {
	// OnRun, when set, is called as each score request starts, with the
	// counter of the documents it scores, and what it returns as the
	// request ends: a host's progress display (the playground's worker).
	OnRun func(*metricc.Progress) (end func())

	mu    sync.Mutex
	next  int64
	specs map[int64]*specEntry
	accs  map[int64]*accEntry
}

// specEntry is a compiled spec and how it was made, so that a variant
// with other params can be compiled from the same text.
type specEntry struct {
	spec   *metricc.Spec
	load   string // the path or shipped name it was loaded from, or ""
	source string // the text it was compiled from, when not loaded
	name   string
	params map[string]float64

	mu       sync.Mutex
	variants map[string]*metricc.Spec // by canonical params
}

type accEntry struct {
	mu  sync.Mutex
	acc *metricc.Accumulator
	// warn collects the warnings of the update in progress.
	warn *warnings
}

// New returns an empty bridge.
func New() *Bridge {
	return &Bridge{specs: map[int64]*specEntry{}, accs: map[int64]*accEntry{}}
}

// request is every operation's arguments; each uses some.
type request struct {
	Op          string             `json:"op"`
	Path        string             `json:"path"`
	Source      *string            `json:"source"`
	Name        string             `json:"name"`
	Params      map[string]float64 `json:"params"`
	Spec        int64              `json:"spec"`
	Accumulator int64              `json:"accumulator"`
	Other       int64              `json:"other"`
	Gold        *input             `json:"gold"`
	Pred        *input             `json:"pred"`
	PredA       *input             `json:"pred_a"`
	PredB       *input             `json:"pred_b"`
	Names       []string           `json:"names"`
	Doc         *string            `json:"doc"`
	Text        *string            `json:"text"`
	Options     json.RawMessage    `json:"options"`
	State       json.RawMessage    `json:"state"`
	// IDs asks update for the ids of the batch's document pairs.
	IDs bool `json:"ids"`
}

type input struct {
	Path   *string `json:"path"`
	Data   *int    `json:"data"`
	Text   *string `json:"text"`
	Format string  `json:"format"`
	Name   string  `json:"name"`
	// Marshal is the marshal version that wrote the blob; 0: not marshal.
	Marshal int `json:"marshal"`
}

// options are the flags of `metricc run`; pointers tell absent from zero.
type options struct {
	Metrics      []string           `json:"metrics"`
	Macro        bool               `json:"macro"`
	PerDoc       bool               `json:"per_doc"`
	AllowMissing bool               `json:"allow_missing"`
	Workers      int                `json:"workers"`
	Bootstrap    int                `json:"bootstrap"`
	Seed         *uint64            `json:"seed"`
	Level        *float64           `json:"level"`
	SearchNodes  *int               `json:"search_nodes"`
	SearchTime   *float64           `json:"search_time"`
	SearchWork   *int64             `json:"search_work"`
	SearchPairs  *int               `json:"search_pairs"`
	Params       map[string]float64 `json:"params"`
	StatsOut     string             `json:"stats_out"`
	Shard        string             `json:"shard"`
}

// marshalError is a blob written by marshal that the core does not read
// (a value only Python converts, a version it does not know): the caller
// sends that input as JSON instead.
type marshalError struct {
	blob int
	err  error
}

func (e *marshalError) Error() string { return fmt.Sprintf("blob %d: %v", e.blob, e.err) }

// requestError is a malformed request.
type requestError struct{ msg string }

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{fmt.Sprintf(format, args...)}
}

// Call serves one request; blobs are the byte strings its inputs name by
// index (Call does not keep them). The response is a JSON object. Call
// never panics: a panic is reported as an error of type "internal".
func (b *Bridge) Call(req []byte, blobs [][]byte) (resp []byte) {
	defer func() {
		if r := recover(); r != nil {
			resp = errorResponse(&internalError{fmt.Sprint(r), string(debug.Stack())})
		}
	}()
	var r request
	dec := json.NewDecoder(bytes.NewReader(req))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return errorResponse(badRequest("bad request: %v", err))
	}
	out, err := b.serve(&r, blobs)
	if err != nil {
		return errorResponse(err)
	}
	data, err := json.Marshal(out)
	if err != nil {
		return errorResponse(err)
	}
	return data
}

// internalError is a recovered panic.
type internalError struct{ msg, stack string }

func (e *internalError) Error() string { return "internal error: " + e.msg }

// obj is a response.
type obj map[string]any

func (b *Bridge) serve(r *request, blobs [][]byte) (obj, error) {
	switch r.Op {
	case "version":
		return obj{"version": metricc.Version, "long": metricc.VersionString()}, nil
	case "specs":
		var list []obj
		for _, name := range metricc.Shipped() {
			list = append(list, obj{"name": name, "summary": metricc.ShippedSummary(name)})
		}
		return obj{"specs": list}, nil
	case "input_formats":
		return obj{"formats": metricc.InputFormats()}, nil
	case "detect_format":
		if r.Text == nil {
			return nil, badRequest("detect_format needs a text")
		}
		return obj{"format": adapter.DetectName([]byte(*r.Text))}, nil
	case "defaults":
		// In the options' own spelling: 0 is no limit.
		return obj{"options": obj{"search_work": metricc.DefaultSearchWork, "search_pairs": metricc.DefaultSearchPairs,
			"search_nodes": 0, "search_time": 0}}, nil
	case "load", "compile":
		return b.compile(r)
	case "free":
		b.mu.Lock()
		defer b.mu.Unlock()
		if r.Spec != 0 {
			delete(b.specs, r.Spec)
		}
		if r.Accumulator != 0 {
			delete(b.accs, r.Accumulator)
		}
		return obj{}, nil
	case "score":
		return b.score(r, blobs)
	case "accumulator":
		return b.newAccumulator(r)
	case "update":
		return b.update(r, blobs)
	case "merge":
		return b.merge(r)
	case "compute":
		return b.withAcc(r.Accumulator, func(a *metricc.Accumulator) (obj, error) {
			res, err := a.Result()
			if err != nil {
				return nil, err
			}
			return obj{"result": resultJSON(res)}, nil
		})
	case "state":
		return b.withAcc(r.Accumulator, func(a *metricc.Accumulator) (obj, error) {
			st, err := a.State()
			if err != nil {
				return nil, err
			}
			return obj{"state": st}, nil
		})
	case "from_state":
		return b.fromState(r)
	case "explain":
		return b.explain(r, blobs)
	case "compare":
		return b.compare(r, blobs)
	case "json":
		// For callers' tests: the text the core reads for an input of
		// documents, marshalled ones converted.
		in := r.Gold
		if in == nil || in.Data == nil || *in.Data < 0 || *in.Data >= len(blobs) {
			return nil, badRequest("json needs a blob as gold")
		}
		if in.Marshal == 0 {
			return obj{"json": string(blobs[*in.Data])}, nil
		}
		var ms marshalled
		if _, err := source(in, blobs, "gold", &ms); err != nil {
			return nil, err
		}
		text, _ := io.ReadAll(ms.readers[0])
		if err := ms.finish(); err != nil {
			return nil, err
		}
		return obj{"json": string(text)}, nil
	case "panic":
		// For tests of the callers: a panic comes back as an error of
		// type "internal", and the process goes on.
		panic("the panic op was called")
	}
	return nil, badRequest("unknown op %q", r.Op)
}

// putHandle files e in table under a new handle, unique across tables.
func putHandle[E any](b *Bridge, table map[int64]*E, e *E) int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.next++
	table[b.next] = e
	return b.next
}

// entryOf returns the entry of h in table; what names the table's kind in
// the error when there is none.
func entryOf[E any](b *Bridge, table map[int64]*E, h int64, what string) (*E, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := table[h]
	if e == nil {
		return nil, badRequest("no %s %d (freed?)", what, h)
	}
	return e, nil
}

func (b *Bridge) add(e *specEntry) int64 { return putHandle(b, b.specs, e) }

func (b *Bridge) spec(h int64) (*specEntry, error) { return entryOf(b, b.specs, h, "spec") }

func paramOptions(params map[string]float64) ([]metricc.Option, error) {
	var opts []metricc.Option
	for _, name := range slices.Sorted(maps.Keys(params)) {
		v := params[name]
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("param %s: %v is not a number", name, v)
		}
		opts = append(opts, metricc.WithParam(name, v))
	}
	return opts, nil
}

func (b *Bridge) compile(r *request) (obj, error) {
	e := &specEntry{params: r.Params}
	popts, err := paramOptions(r.Params)
	if err != nil {
		return nil, err
	}
	if r.Op == "load" {
		if r.Path == "" {
			return nil, badRequest("load needs a path")
		}
		e.load = r.Path
		e.spec, err = metricc.Load(r.Path, popts...)
	} else {
		if r.Source == nil {
			return nil, badRequest("compile needs a source")
		}
		e.source, e.name = *r.Source, r.Name
		if e.name == "" {
			e.name = "<source>"
		}
		e.spec, err = metricc.Compile(e.name, e.source, popts...)
	}
	if err != nil {
		return nil, err
	}
	return specInfo(b.add(e), e.spec), nil
}

func specInfo(h int64, s *metricc.Spec) obj {
	params := []obj{}
	for _, p := range s.Params() {
		params = append(params, obj{"name": p.Name, "value": p.Value})
	}
	return obj{"spec": h, "name": s.Name(), "metrics": s.Metrics(), "params": params, "source": s.Source()}
}

// withParams is the spec compiled with params over those it has (itself
// when they change nothing), compiled once per set of params.
func (e *specEntry) withParams(params map[string]float64) (*metricc.Spec, error) {
	if len(params) == 0 {
		return e.spec, nil
	}
	all := maps.Clone(e.params)
	if all == nil {
		all = map[string]float64{}
	}
	maps.Copy(all, params)
	var key strings.Builder
	for _, k := range slices.Sorted(maps.Keys(all)) {
		fmt.Fprintf(&key, "%s=%s;", k, strconv.FormatFloat(all[k], 'g', -1, 64))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if s := e.variants[key.String()]; s != nil {
		return s, nil
	}
	popts, err := paramOptions(all)
	if err != nil {
		return nil, err
	}
	var s *metricc.Spec
	if e.load != "" {
		s, err = metricc.Load(e.load, popts...)
	} else {
		s, err = metricc.Compile(e.name, e.source, popts...)
	}
	if err != nil {
		return nil, err
	}
	if e.variants == nil {
		e.variants = map[string]*metricc.Spec{}
	}
	e.variants[key.String()] = s
	return s, nil
}

// warnings collects the warnings of a run.
type warnings struct {
	mu   sync.Mutex
	list []string
}

func (w *warnings) add(s string) {
	w.mu.Lock()
	w.list = append(w.list, s)
	w.mu.Unlock()
}

func (w *warnings) get() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.list == nil {
		return []string{}
	}
	return slices.Clone(w.list)
}

// runOptions decodes OPTS into the spec to use (params) and the options.
// specOptions is the spec a request names and its options (runOptions).
func (b *Bridge) specOptions(r *request, warn *warnings) (*metricc.Spec, metricc.Options, *options, error) {
	e, err := b.spec(r.Spec)
	if err != nil {
		return nil, metricc.Options{}, nil, err
	}
	return b.runOptions(e, r.Options, warn)
}

func (b *Bridge) runOptions(e *specEntry, raw json.RawMessage, warn *warnings) (*metricc.Spec, metricc.Options, *options, error) {
	var o options
	if len(raw) > 0 {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			return nil, metricc.Options{}, nil, badRequest("bad options: %v", err)
		}
	}
	ro := metricc.Options{
		Metrics: o.Metrics, Macro: o.Macro, PerDoc: o.PerDoc, AllowMissing: o.AllowMissing,
		Workers: o.Workers, Bootstrap: o.Bootstrap, Seed: 1, Level: 0.95,
	}
	if warn != nil {
		ro.Warn = warn.add
	}
	for _, c := range []struct {
		name string
		bad  bool
		zero string
	}{
		{"workers", o.Workers < 0, "all cores"}, {"bootstrap", o.Bootstrap < 0, "none"},
		{"search_nodes", o.SearchNodes != nil && *o.SearchNodes < 0, "no limit"},
		{"search_time", o.SearchTime != nil && (*o.SearchTime < 0 || math.IsNaN(*o.SearchTime)), "no limit"},
		{"search_work", o.SearchWork != nil && *o.SearchWork < 0, "no limit"},
		{"search_pairs", o.SearchPairs != nil && *o.SearchPairs < 0, "no limit"},
	} {
		if c.bad {
			return nil, ro, nil, fmt.Errorf("%s cannot be negative (0 means %s)", c.name, c.zero)
		}
	}
	if o.Seed != nil {
		ro.Seed = *o.Seed
	}
	if o.Level != nil {
		if *o.Level <= 0 || *o.Level >= 1 || math.IsNaN(*o.Level) {
			return nil, ro, nil, fmt.Errorf("level must be between 0 and 1 (e.g. 0.95), not %g", *o.Level)
		}
		ro.Level = *o.Level
	}
	// As the command line: search_nodes and search_time are off unless
	// set; search_work and search_pairs have defaults, and 0 lifts them.
	if o.SearchNodes != nil {
		ro.Search.MaxNodes = int(unlimited(int64(*o.SearchNodes)))
	}
	if o.SearchTime != nil {
		ro.Search.Timeout = time.Duration(unlimited(int64(*o.SearchTime * float64(time.Second))))
	}
	if o.SearchWork != nil {
		ro.Search.MaxWork = unlimited(*o.SearchWork)
	}
	if o.SearchPairs != nil {
		ro.Search.MaxPairs = int(unlimited(int64(*o.SearchPairs)))
	}
	if o.Shard != "" {
		k, n, ok := strings.Cut(o.Shard, "/")
		var err1, err2 error
		ro.Shard, err1 = strconv.Atoi(strings.TrimSpace(k))
		ro.Shards, err2 = strconv.Atoi(strings.TrimSpace(n))
		if !ok || err1 != nil || err2 != nil || ro.Shards < 1 || ro.Shard < 1 || ro.Shard > ro.Shards {
			return nil, ro, nil, fmt.Errorf("shard %q: want K/N with 1 <= K <= N, as in 3/8", o.Shard)
		}
	}
	spec, err := e.withParams(o.Params)
	if err != nil {
		return nil, ro, nil, err
	}
	return spec, ro, &o, nil
}

// unlimited maps the command line's "0: no limit" onto Options.Search's
// NoLimit (where 0 is the default).
func unlimited(n int64) int64 {
	if n == 0 {
		return metricc.NoLimit
	}
	return n
}

// pairSources is the request's gold and prediction as sources.
func pairSources(r *request, blobs [][]byte, ms *marshalled) (gold, pred metricc.Source, err error) {
	if gold, err = source(r.Gold, blobs, "gold", ms); err != nil {
		return metricc.Source{}, metricc.Source{}, err
	}
	if pred, err = source(r.Pred, blobs, "pred", ms); err != nil {
		return metricc.Source{}, metricc.Source{}, err
	}
	return gold, pred, nil
}

// source opens an input; the readers of marshalled blobs join ms.
func source(in *input, blobs [][]byte, what string, ms *marshalled) (metricc.Source, error) {
	if in == nil {
		return metricc.Source{}, badRequest("no %s input", what)
	}
	format := in.Format
	if format == "" {
		format = "auto"
	}
	name := in.Name
	switch {
	case in.Path != nil:
		return metricc.FileFormat(*in.Path, format), nil
	case in.Data != nil:
		if *in.Data < 0 || *in.Data >= len(blobs) {
			return metricc.Source{}, badRequest("%s: no blob %d (%d given)", what, *in.Data, len(blobs))
		}
		if name == "" {
			name = "<" + what + ">"
		}
		if in.Marshal == 0 {
			return metricc.Reader(name, bytes.NewReader(blobs[*in.Data]), format), nil
		}
		if in.Marshal != pymarshal.Version {
			return metricc.Source{}, &marshalError{*in.Data, fmt.Errorf("marshal version %d (the core reads %d)", in.Marshal, pymarshal.Version)}
		}
		r := pymarshal.NewReader(blobs[*in.Data], name)
		ms.readers = append(ms.readers, r)
		ms.blobs = append(ms.blobs, *in.Data)
		return metricc.Reader(name, r, "json"), nil
	case in.Text != nil:
		if name == "" {
			name = "<" + what + ">"
		}
		return metricc.Reader(name, strings.NewReader(*in.Text), format), nil
	}
	return metricc.Source{}, badRequest("%s: an input needs a path, data or text", what)
}

// marshalled are the readers of a request's marshalled blobs. They
// convert as the run reads, a document at a time; an error there ends
// what the run reads, and the run fails on that, as on a file cut short,
// with an error of its own: the readers' errors are the ones to report.
type marshalled struct {
	readers []*pymarshal.Reader
	blobs   []int
}

// finish converts what the run did not read (explain reads one
// document), and returns the first reader's error: a data error, or a
// marshalError naming the blob for the caller to send as JSON.
func (ms *marshalled) finish() error {
	for i, r := range ms.readers {
		err := r.Finish()
		var bad *pymarshal.ValueError
		if errors.As(err, &bad) {
			return bad
		}
		if err != nil {
			return &marshalError{ms.blobs[i], err}
		}
	}
	return nil
}

func resultJSON(res *metricc.Result) json.RawMessage {
	var buf bytes.Buffer
	res.WriteJSON(&buf)
	return bytes.TrimSpace(buf.Bytes())
}

func (b *Bridge) score(r *request, blobs [][]byte) (obj, error) {
	var warn warnings
	spec, opts, o, err := b.specOptions(r, &warn)
	if err != nil {
		return nil, err
	}
	var ms marshalled
	gold, pred, err := pairSources(r, blobs, &ms)
	if err != nil {
		return nil, err
	}
	if b.OnRun != nil {
		opts.Progress = &metricc.Progress{}
		defer b.OnRun(opts.Progress)()
	}
	st, err := spec.ScoreStats(gold, pred, opts)
	if merr := ms.finish(); merr != nil {
		return nil, merr
	}
	if err != nil {
		return nil, err
	}
	if o.StatsOut != "" {
		if err := writeStats(o.StatsOut, st); err != nil {
			return nil, err
		}
	}
	res, err := st.Result(opts)
	if err != nil {
		return nil, err
	}
	return obj{"result": resultJSON(res), "warnings": warn.get()}, nil
}

// newAcc makes an accumulator whose warnings go to the update in progress.
func (b *Bridge) newAcc(create func(metricc.Options) (*metricc.Accumulator, error), opts metricc.Options) (int64, *metricc.Accumulator, error) {
	e := &accEntry{}
	opts.Warn = func(s string) {
		if e.warn != nil {
			e.warn.add(s)
		}
	}
	a, err := create(opts)
	if err != nil {
		return 0, nil, err
	}
	e.acc = a
	return putHandle(b, b.accs, e), a, nil
}

func (b *Bridge) accEntry(h int64) (*accEntry, error) {
	return entryOf(b, b.accs, h, "accumulator")
}

func (b *Bridge) withAcc(h int64, f func(*metricc.Accumulator) (obj, error)) (obj, error) {
	a, err := b.accEntry(h)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return f(a.acc)
}

func (b *Bridge) newAccumulator(r *request) (obj, error) {
	spec, opts, o, err := b.specOptions(r, nil)
	if err != nil {
		return nil, err
	}
	if o.StatsOut != "" {
		return nil, errors.New("stats_out is an option of score; an accumulator's state is its stats")
	}
	h, _, err := b.newAcc(spec.NewAccumulator, opts)
	if err != nil {
		return nil, err
	}
	return obj{"accumulator": h}, nil
}

func (b *Bridge) update(r *request, blobs [][]byte) (obj, error) {
	var ms marshalled
	gold, pred, err := pairSources(r, blobs, &ms)
	if err != nil {
		return nil, err
	}
	e, err := b.accEntry(r.Accumulator)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	warn := &warnings{}
	e.warn = warn
	defer func() { e.warn = nil }()
	// AddIDs adds nothing when it fails.
	ids, err := e.acc.AddIDs(gold, pred)
	if merr := ms.finish(); merr != nil {
		return nil, merr
	}
	if err != nil {
		return nil, err
	}
	out := obj{"documents": e.acc.Documents(), "warnings": warn.get()}
	if r.IDs {
		out["ids"] = ids
	}
	return out, nil
}

func (b *Bridge) merge(r *request) (obj, error) {
	if r.Accumulator == r.Other {
		return nil, errors.New("cannot merge an accumulator with itself")
	}
	other, err := b.accEntry(r.Other)
	if err != nil {
		return nil, err
	}
	// Lock in handle order, so that two merges in opposite directions
	// cannot wait for each other.
	first, second := r.Accumulator, r.Other
	if first > second {
		first, second = second, first
	}
	fe, err := b.accEntry(first)
	if err != nil {
		return nil, err
	}
	se, _ := b.accEntry(second)
	fe.mu.Lock()
	defer fe.mu.Unlock()
	se.mu.Lock()
	defer se.mu.Unlock()
	target := fe
	if first != r.Accumulator {
		target = se
	}
	if err := target.acc.Merge(other.acc); err != nil {
		return nil, err
	}
	return obj{"documents": target.acc.Documents()}, nil
}

func (b *Bridge) fromState(r *request) (obj, error) {
	e, err := b.spec(r.Spec)
	if err != nil {
		return nil, err
	}
	var st metricc.AccumulatorState
	if len(r.State) == 0 {
		return nil, badRequest("from_state needs a state")
	}
	dec := json.NewDecoder(bytes.NewReader(r.State))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("not an accumulator state: %v", err)
	}
	var o struct {
		Workers int `json:"workers"`
	}
	if len(r.Options) > 0 {
		if err := json.Unmarshal(r.Options, &o); err != nil {
			return nil, badRequest("bad options: %v", err)
		}
	}
	spec, err := e.withParams(st.Params)
	if err != nil {
		return nil, err
	}
	h, a, err := b.newAcc(func(opts metricc.Options) (*metricc.Accumulator, error) {
		return spec.AccumulatorFromState(&st, opts)
	}, metricc.Options{Workers: o.Workers})
	if err != nil {
		return nil, err
	}
	return obj{"accumulator": h, "documents": a.Documents()}, nil
}

func (b *Bridge) explain(r *request, blobs [][]byte) (obj, error) {
	var warn warnings
	spec, opts, _, err := b.specOptions(r, &warn)
	if err != nil {
		return nil, err
	}
	if r.Doc == nil || *r.Doc == "" {
		return nil, errors.New("explain needs doc: the document to explain (its id, as per_doc names it, or its position from 1)")
	}
	var ms marshalled
	gold, pred, err := pairSources(r, blobs, &ms)
	if err != nil {
		return nil, err
	}
	ex, err := spec.Explain(gold, pred, *r.Doc, opts)
	if merr := ms.finish(); merr != nil {
		return nil, merr
	}
	if err != nil {
		return nil, err
	}
	var text, js, html bytes.Buffer
	if err := ex.WriteText(&text, false); err != nil {
		return nil, err
	}
	if err := ex.WriteJSON(&js); err != nil {
		return nil, err
	}
	if err := ex.WriteHTML(&html); err != nil {
		return nil, err
	}
	return obj{"text": text.String(), "json": json.RawMessage(bytes.TrimSpace(js.Bytes())), "html": html.String(), "warnings": warn.get()}, nil
}

func (b *Bridge) compare(r *request, blobs [][]byte) (obj, error) {
	var warn warnings
	spec, opts, o, err := b.specOptions(r, &warn)
	if err != nil {
		return nil, err
	}
	if o.Bootstrap == 0 {
		opts.Bootstrap = metricc.DefaultCompareSamples
	}
	// The gold is read once per system: a source of a blob or a text
	// reads its reader once, so each run gets its own.
	var st [2]*metricc.Stats
	for i, pred := range []struct {
		in   *input
		what string
	}{{r.PredA, "pred_a"}, {r.PredB, "pred_b"}} {
		var ms marshalled
		gold, err := source(r.Gold, blobs, "gold", &ms)
		if err != nil {
			return nil, err
		}
		p, err := source(pred.in, blobs, pred.what, &ms)
		if err != nil {
			return nil, err
		}
		st[i], err = spec.ScoreStats(gold, p, opts)
		if merr := ms.finish(); merr != nil {
			return nil, merr
		}
		if err != nil {
			return nil, err
		}
	}
	cmp, err := metricc.CompareStats(st[0], st[1], opts)
	if err != nil {
		return nil, err
	}
	cmp.NameA, cmp.NameB = "A", "B"
	if len(r.Names) == 2 {
		cmp.NameA, cmp.NameB = r.Names[0], r.Names[1]
	}
	var buf bytes.Buffer
	if err := cmp.WriteJSON(&buf); err != nil {
		return nil, err
	}
	return obj{"comparison": json.RawMessage(bytes.TrimSpace(buf.Bytes())), "warnings": warn.get()}, nil
}

// errorResponse describes err for the caller.
func errorResponse(err error) []byte {
	e := obj{"type": "error", "message": err.Error()}
	var list metricc.SpecErrors
	var one *metricc.SpecError
	var data metricc.DataErrors
	var datum *metricc.DataError
	var internal *internalError
	var bad *requestError
	var unread *marshalError
	var value *pymarshal.ValueError
	switch {
	case errors.As(err, &internal):
		e["type"], e["stack"] = "internal", internal.stack
	case errors.As(err, &bad):
		e["type"] = "request"
	case errors.As(err, &unread):
		e["type"], e["data"] = "marshal", unread.blob
	case errors.As(err, &value):
		// As the Python package's json route reports it: no line.
		e["type"], e["errors"] = "data", []obj{{"file": value.File, "document": value.Document, "line": nil,
			"path": value.Path, "message": value.Msg, "text": value.Error()}}
	case errors.As(err, &list):
		e["type"], e["errors"], e["message"] = "spec", specErrors(list), asPrinted(err)
	case errors.As(err, &one):
		e["type"], e["errors"], e["message"] = "spec", specErrors(metricc.SpecErrors{one}), asPrinted(err)
	case errors.As(err, &data):
		e["type"], e["errors"], e["message"] = "data", dataErrors(data), asPrinted(err)
	case errors.As(err, &datum):
		e["type"], e["errors"] = "data", dataErrors(metricc.DataErrors{datum})
	case errors.Is(err, fs.ErrNotExist):
		e["type"] = "not_found"
	}
	out, merr := json.Marshal(obj{"error": e})
	if merr != nil {
		out, _ = json.Marshal(obj{"error": obj{"type": "internal", "message": "cannot marshal an error: " + merr.Error()}})
	}
	return out
}

func rendered(render func(w io.Writer)) string {
	var b bytes.Buffer
	render(&b)
	return strings.TrimRight(b.String(), "\n")
}

// asPrinted is err as the command line prints it.
func asPrinted(err error) string {
	var b bytes.Buffer
	metricc.WriteError(&b, err)
	return strings.TrimRight(b.String(), "\n")
}

func specErrors(list metricc.SpecErrors) []obj {
	out := make([]obj, len(list))
	for i, e := range list {
		pos := e.Position()
		o := obj{"file": pos.Filename, "line": pos.Line, "column": pos.Column, "message": e.Msg, "hint": e.Hint,
			"rendered": rendered(e.Render)}
		if e.Source != nil && e.End.IsValid() && e.End > e.Pos {
			end := e.Source.Position(e.End)
			o["end_line"], o["end_column"] = end.Line, end.Column
		}
		out[i] = o
	}
	return out
}

// The descriptions of documents in data errors: `document "d1" (line 3)`,
// `document 4 (line 12)` (a document without an id, by position), `line 7`.
var (
	docByID  = regexp.MustCompile(`^document ("(?:[^"\\]|\\.)*") \(line (\d+)\)$`)
	docByPos = regexp.MustCompile(`^document (\d+) \(line (\d+)\)$`)
	lineOnly = regexp.MustCompile(`^line (\d+)$`)
)

// describedDoc splits a document's description into the document (its id
// or position, or the description when it is neither) and its line (0:
// not known).
func describedDoc(desc string) (doc string, line int) {
	if m := docByID.FindStringSubmatch(desc); m != nil {
		id, err := strconv.Unquote(m[1])
		if err == nil {
			line, _ = strconv.Atoi(m[2])
			return id, line
		}
	}
	if m := docByPos.FindStringSubmatch(desc); m != nil {
		line, _ = strconv.Atoi(m[2])
		return m[1], line
	}
	if m := lineOnly.FindStringSubmatch(desc); m != nil {
		line, _ = strconv.Atoi(m[1])
		return "", line
	}
	return desc, 0
}

func dataErrors(list metricc.DataErrors) []obj {
	out := make([]obj, len(list))
	for i, e := range list {
		doc, line := describedDoc(e.Doc)
		o := obj{"file": e.File, "document": doc, "path": e.Path, "message": e.Msg, "text": e.Error()}
		if line > 0 {
			o["line"] = line
		} else {
			o["line"] = nil
		}
		out[i] = o
	}
	return out
}

// writeStats writes a stats file whole or not at all (Stats.WriteFile).
func writeStats(path string, st *metricc.Stats) error {
	if err := st.WriteFile(path); err != nil {
		return fmt.Errorf("%s %w", "stats_out", err)
	}
	return nil
}
