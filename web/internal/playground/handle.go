package playground

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/specs"
	"github.com/metricc/metricc/web/internal/examples"
)

// Request is what the page's worker asks: Op is "check" (compile Spec),
// "run" (score Gold against Pred, as `metricc run --format json
// --per-doc`), "explain" (the alignment of document Doc, as `metricc
// explain --format html`), "detect" (the format of Text) or "info".
type Request struct {
	Op      string  `json:"op"`
	Spec    SpecSrc `json:"spec"`
	Gold    Input   `json:"gold"`
	Pred    Input   `json:"pred"`
	Options RunOpts `json:"options"`
	Doc     string  `json:"doc,omitempty"`
	Metric  string  `json:"metric,omitempty"`
	Text    string  `json:"text,omitempty"`
}

// SpecSrc is the editor's text; Name is the file name its messages give.
type SpecSrc struct {
	Name   string `json:"name"`
	Source string `json:"source"`
}

// Input is a pane: its text, the file name messages give, and its format
// ("auto" or "": detected).
type Input struct {
	Name   string `json:"name"`
	Text   string `json:"text"`
	Format string `json:"format,omitempty"`
}

// RunOpts are the flags of `metricc run` the page offers. Search limits
// read as the flags do: a missing one is the default, 0 is no limit.
type RunOpts struct {
	Metrics      []string `json:"metrics,omitempty"`
	Macro        bool     `json:"macro,omitempty"`
	AllowMissing bool     `json:"allow_missing,omitempty"`
	Set          []string `json:"set,omitempty"` // NAME=VALUE, as --set takes them
	SearchNodes  *int64   `json:"search_nodes,omitempty"`
	SearchTime   *float64 `json:"search_time,omitempty"` // seconds
	SearchWork   *int64   `json:"search_work,omitempty"`
	SearchPairs  *int64   `json:"search_pairs,omitempty"`
}

// Response answers a Request. On failure Error holds the message the
// command line prints, and SpecErrors the spec's mistakes with their
// places, for the editor.
type Response struct {
	Error      string      `json:"error,omitempty"`
	SpecErrors []SpecError `json:"spec_errors,omitempty"`

	// check
	Metrics []string `json:"metrics,omitempty"`
	// run: JSON is the output of `metricc run --format json --per-doc`.
	JSON     string   `json:"json,omitempty"`
	Table    *Table   `json:"table,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	Formats  []string `json:"formats,omitempty"` // gold's and pred's, as detected
	Millis   float64  `json:"millis,omitempty"`
	// explain
	HTML string `json:"html,omitempty"`
	// detect
	Format string `json:"format,omitempty"`
	// info
	Info *Info `json:"info,omitempty"`
}

// Info is what the page shows before anything runs: the version, the
// input formats for the panes' menus, and the default search limits.
type Info struct {
	Version     string   `json:"version"`
	Formats     []string `json:"formats"`
	SearchWork  int64    `json:"search_work"`
	SearchPairs int      `json:"search_pairs"`
}

// SpecError is one mistake of a spec: where (line and column from 1,
// columns in characters; End* is the end of its span when it has one), the
// checker's message and hint, and Text as `metricc check` prints it, with
// the source line and a caret.
type SpecError struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line,omitempty"`
	EndColumn int    `json:"end_column,omitempty"`
	Message   string `json:"message"`
	Hint      string `json:"hint,omitempty"`
	Text      string `json:"text"`
}

// Handle answers one request. A panic is answered as an internal error.
// progress, when not nil, is given the document pairs scored so far while
// a run goes on.
func Handle(req *Request, progress *metricc.Progress) (resp *Response) {
	defer func() {
		if r := recover(); r != nil {
			resp = &Response{Error: fmt.Sprintf("metricc: internal error: %v\nThis is a bug in metricc; please report it with the spec and its input. Stack:\n%s", r, debug.Stack())}
		}
	}()
	switch req.Op {
	case "check":
		spec, err := compile(req)
		if err != nil {
			return failure(err)
		}
		return &Response{Metrics: spec.Metrics()}
	case "run":
		return run(req, progress)
	case "explain":
		return explain(req)
	case "detect":
		return &Response{Format: examples.DetectFormat([]byte(req.Text))}
	case "info":
		return &Response{Info: &Info{Version: metricc.VersionString(), Formats: metricc.InputFormats(),
			SearchWork: metricc.DefaultSearchWork, SearchPairs: metricc.DefaultSearchPairs}}
	}
	return &Response{Error: fmt.Sprintf("metricc: unknown request %q (want info, check, run, explain or detect)", req.Op)}
}

// compile compiles the editor's spec with the params of --set. The files
// a spec names (ontologies) are those shipped beside the shipped specs.
func compile(req *Request) (*metricc.Spec, error) {
	name := req.Spec.Name
	if name == "" {
		name = "spec.metric"
	}
	opts := []metricc.Option{metricc.WithFiles(specs.ReadFile)}
	for _, set := range req.Options.Set {
		k, v, ok := strings.Cut(set, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("--set wants NAME=VALUE, as in --set cutoff=1.0; got %q", set)
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("--set %s: %q is not a number", k, v)
		}
		opts = append(opts, metricc.WithParam(k, f))
	}
	return metricc.Compile(name, req.Spec.Source, opts...)
}

// options are the run options of req, with the command line's defaults.
func options(req *Request, warn func(string), progress *metricc.Progress) (metricc.Options, error) {
	o := req.Options
	opts := metricc.Options{
		Metrics: o.Metrics, Macro: o.Macro, AllowMissing: o.AllowMissing,
		PerDoc: true, Workers: 1, Warn: warn, Progress: progress,
	}
	// The flags' 0 is no limit; the Options' is the default.
	limit := func(flag string, v *int64) (int64, error) {
		switch {
		case v == nil:
			return 0, nil
		case *v < 0:
			return 0, fmt.Errorf("--%s cannot be negative (0 means no limit)", flag)
		case *v == 0:
			return metricc.NoLimit, nil
		}
		return *v, nil
	}
	nodes, err := limit("search-nodes", o.SearchNodes)
	if err != nil {
		return opts, err
	}
	work, err := limit("search-work", o.SearchWork)
	if err != nil {
		return opts, err
	}
	pairs, err := limit("search-pairs", o.SearchPairs)
	if err != nil {
		return opts, err
	}
	opts.Search.MaxNodes, opts.Search.MaxWork, opts.Search.MaxPairs = int(nodes), work, int(pairs)
	if s := o.SearchTime; s != nil {
		switch {
		case *s < 0 || math.IsNaN(*s):
			return opts, fmt.Errorf("--search-time cannot be negative (0 means no limit)")
		case *s == 0:
			opts.Search.Timeout = metricc.NoLimit
		default:
			opts.Search.Timeout = time.Duration(*s * float64(time.Second))
		}
	}
	return opts, nil
}

func sources(req *Request) (gold, pred metricc.Source, err error) {
	for _, in := range []*Input{&req.Gold, &req.Pred} {
		if in.Format == "" {
			in.Format = "auto"
		}
	}
	gname, pname := req.Gold.Name, req.Pred.Name
	if gname == "" {
		gname = "gold"
	}
	if pname == "" {
		pname = "pred"
	}
	if gname == pname {
		gname, pname = "gold/"+gname, "pred/"+pname
	}
	return metricc.Reader(gname, strings.NewReader(req.Gold.Text), req.Gold.Format),
		metricc.Reader(pname, strings.NewReader(req.Pred.Text), req.Pred.Format), nil
}

func run(req *Request, progress *metricc.Progress) *Response {
	start := time.Now()
	spec, err := compile(req)
	if err != nil {
		return failure(err)
	}
	var warnings []string
	opts, err := options(req, func(w string) { warnings = append(warnings, "warning: "+w) }, progress)
	if err != nil {
		return failure(err)
	}
	gold, pred, err := sources(req)
	if err != nil {
		return failure(err)
	}
	res, err := spec.Score(gold, pred, opts)
	if err != nil {
		r := failure(err)
		r.Warnings = warnings
		return r
	}
	var out bytes.Buffer
	if err := res.WriteJSON(&out); err != nil {
		return failure(err)
	}
	tab, err := TableOf(out.Bytes())
	if err != nil {
		return failure(err)
	}
	return &Response{JSON: out.String(), Table: tab, Warnings: warnings,
		Formats: []string{formatOf(req.Gold), formatOf(req.Pred)},
		Millis:  float64(time.Since(start).Microseconds()) / 1000}
}

func formatOf(in Input) string {
	if in.Format != "" && in.Format != "auto" {
		return in.Format
	}
	return examples.DetectFormat([]byte(in.Text))
}

func explain(req *Request) *Response {
	spec, err := compile(req)
	if err != nil {
		return failure(err)
	}
	var warnings []string
	opts, err := options(req, func(w string) { warnings = append(warnings, "warning: "+w) }, nil)
	if err != nil {
		return failure(err)
	}
	if req.Metric != "" {
		opts.Metrics = []string{req.Metric}
	}
	gold, pred, err := sources(req)
	if err != nil {
		return failure(err)
	}
	ex, err := spec.Explain(gold, pred, req.Doc, opts)
	if err != nil {
		return failure(err)
	}
	var b strings.Builder
	if err := ex.WriteHTML(&b); err != nil {
		return failure(err)
	}
	return &Response{HTML: b.String(), Warnings: warnings}
}

// failure is the response for err: its message as the command line
// prints it, and a spec's mistakes with their places.
func failure(err error) *Response {
	r := &Response{Error: Message(err)}
	var list metricc.SpecErrors
	var one *metricc.SpecError
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = metricc.SpecErrors{one}
	}
	for _, e := range list {
		se := SpecError{Message: e.Msg, Hint: e.Hint}
		if e.Source != nil && e.Pos.IsValid() {
			p := e.Position()
			se.Line, se.Column = p.Line, p.Column
			if e.End.IsValid() && e.End > e.Pos {
				q := e.Source.Position(e.End)
				se.EndLine, se.EndColumn = q.Line, q.Column
			}
		}
		var b strings.Builder
		e.Render(&b)
		se.Text = strings.TrimRight(b.String(), "\n")
		r.SpecErrors = append(r.SpecErrors, se)
	}
	return r
}

// maxDataErrors is how many data errors a message lists, as the command
// line does.
const maxDataErrors = 50

// Message is err as `metricc` prints it on the command line: spec errors
// with the source line and a caret, data errors one per line.
func Message(err error) string {
	var b strings.Builder
	var list metricc.SpecErrors
	var one *metricc.SpecError
	var data metricc.DataErrors
	var datum *metricc.DataError
	switch {
	case errors.As(err, &list):
		list.Render(&b)
	case errors.As(err, &one):
		one.Render(&b)
	case errors.As(err, &data):
		for i, e := range data {
			if i == maxDataErrors {
				fmt.Fprintf(&b, "... and %d more errors\n", len(data)-maxDataErrors)
				break
			}
			fmt.Fprintln(&b, e.Error())
		}
	case errors.As(err, &datum):
		fmt.Fprintln(&b, datum.Error())
	default:
		msg := err.Error()
		if !strings.HasPrefix(msg, "metricc: ") {
			msg = "metricc: " + msg
		}
		fmt.Fprintln(&b, msg)
	}
	return strings.TrimRight(b.String(), "\n")
}

// HandleJSON is Handle on the JSON of a request, answering JSON.
func HandleJSON(req []byte, progress *metricc.Progress) []byte {
	var r Request
	var resp *Response
	if err := json.Unmarshal(req, &r); err != nil {
		resp = &Response{Error: "metricc: bad request: " + err.Error()}
	} else {
		resp = Handle(&r, progress)
	}
	out, err := json.Marshal(resp)
	if err != nil {
		out, _ = json.Marshal(&Response{Error: "metricc: internal error: " + err.Error()})
	}
	return out
}
