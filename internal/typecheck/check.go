// Package typecheck resolves every name of a spec and checks every
// expression against the types it compares. It is the only place that
// resolves names and types; its result, a Program, is what eval plans.
//
// The checker runs in named phases (collect declarations, resolve types,
// resolve names, check metrics) and collects every error. An erroneous
// expression gets no Sim and an erroneous type is types.Invalid, which
// silences follow-on errors, so one mistake gives one message.
package typecheck

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// Config is what a check depends on besides the spec.
type Config struct {
	// Env is the builtins (nil: the standard library).
	Env *stdlib.Env
	// Params are values for the spec's params (--set NAME=VALUE).
	Params map[string]float64
	// ReadFile reads a file named in the spec (an ontology), relative to
	// the spec; nil: the spec cannot name files.
	ReadFile func(name string) ([]byte, error)
}

// Check checks f against the standard library and returns the program, or
// every error found.
func Check(f *ast.File) (*Program, ast.ErrorList) { return Config{}.Check(f) }

// CheckWith checks f against the builtins of env.
func CheckWith(f *ast.File, env *stdlib.Env) (*Program, ast.ErrorList) {
	return Config{Env: env}.Check(f)
}

// Check checks f with the configuration.
func (cfg Config) Check(f *ast.File) (*Program, ast.ErrorList) {
	if cfg.Env == nil {
		cfg.Env = stdlib.Default()
	}
	c := &checker{
		src:        f.Source,
		cfg:        cfg,
		env:        cfg.Env,
		types:      types.NewInterner(),
		typeDecls:  map[string]*typeEntry{},
		ontologies: map[string]*ontologyEntry{},
		names:      map[string]*nameEntry{},
		instances:  map[instKey]*instance{},
		prog:       &Program{File: f, Env: cfg.Env},
	}
	c.collect(f)
	c.applyParams()
	c.classifyMetrics()
	c.buildOntologies()
	c.resolveTypes()
	c.resolveNames()
	c.checkMetrics()
	if len(c.errs) > 0 {
		c.errs.Sort()
		return nil, c.errs
	}
	return c.prog, nil
}

type checker struct {
	// latentSeen: the nodes checkLatent has visited in the current metric.
	latentSeen map[latentVisit]bool
	src        *ast.Source
	errs       ast.ErrorList
	prog       *Program
	cfg        Config
	env        *stdlib.Env
	types      *types.Interner

	ontologies    map[string]*ontologyEntry
	ontologyOrder []*ontologyEntry

	typeDecls map[string]*typeEntry
	typeOrder []*typeEntry
	names     map[string]*nameEntry // lets and metrics share one namespace
	nameOrder []*nameEntry
	inputDecl *ast.InputDecl

	instances map[instKey]*instance
	// letStack is the chain of lets being instantiated, for cycle errors
	// and for the "in let ... at type ..." context of messages.
	letStack []*letUse
	signs    *signs // see sign.go
	// rows are the breakdown rows corpus metrics name (m[key]), checked
	// against their metric's key once every metric is.
	rows []*CorpusRef
}

type typeEntry struct {
	decl      *ast.TypeDecl
	rec       *types.Record
	resolving bool
	done      bool
}

type nameKind int

const (
	letName nameKind = iota
	metricName
	paramName
	constName
)

type nameEntry struct {
	kind   nameKind
	ident  *ast.Ident
	let    *ast.LetDecl
	param  *Param
	konst  *Constant
	metric *ast.MetricDecl
	m      *Metric // metrics only
	corpus bool    // metrics only: refers to other metrics
	state  int     // corpus metrics: 0 unchecked, 1 checking, 2 done
}

type instKey struct {
	let *ast.LetDecl
	at  types.Type // canonical: identity is equality
}

type instance struct {
	body Sim
	busy bool
}

type letUse struct {
	let *ast.LetDecl
	at  types.Type
	use *ast.Ident
}

func (c *checker) errorf(n ast.Node, format string, args ...any) *ast.Error {
	e := c.errs.Add(c.src, n.Pos(), n.End(), fmt.Sprintf(format, args...))
	if k := len(c.letStack); k > 0 {
		u := c.letStack[k-1]
		e.Msg += fmt.Sprintf(" (in let %q at type %s, used at %s)", u.let.Name.Name, u.at, c.src.Position(u.use.Pos()))
	}
	return e
}

// ---- phase 1: collect declarations ----

func (c *checker) collect(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.TypeDecl:
			name := d.Name.Name
			if basicTypes[name] != nil || collectionKinds[name] != nil {
				c.errorf(d.Name, "type %q redeclares a built-in type", name)
				continue
			}
			if prev := c.typeDecls[name]; prev != nil {
				c.errorf(d.Name, "type %q redeclared (first declared at %s)", name, c.src.Position(prev.decl.Name.Pos()))
				continue
			}
			e := &typeEntry{decl: d, rec: &types.Record{Name: name, Decl: d}}
			c.typeDecls[name] = e
			c.typeOrder = append(c.typeOrder, e)
		case *ast.InputDecl:
			if c.inputDecl != nil {
				c.errorf(d, "more than one input declaration (first at %s)", c.src.Position(c.inputDecl.Pos()))
				continue
			}
			c.inputDecl = d
		case *ast.LetDecl:
			c.declareName(&nameEntry{kind: letName, ident: d.Name, let: d})
		case *ast.MetricDecl:
			c.declareName(&nameEntry{kind: metricName, ident: d.Name, metric: d})
		case *ast.OntologyDecl:
			c.collectOntology(d)
		case *ast.ParamDecl:
			c.collectParam(d)
		case *ast.ConstDecl:
			c.collectConst(d)
		}
	}
}

// classifyMetrics tells corpus metrics from similarity metrics, once every
// name is known (a corpus metric may name a metric declared after it).
func (c *checker) classifyMetrics() {
	kind := func(name string) (nameKind, bool) {
		e := c.names[name]
		if e == nil {
			return 0, false
		}
		return e.kind, true
	}
	for _, e := range c.nameOrder {
		if e.kind == metricName {
			e.corpus = !c.isSplit(e.metric.Value) && isCorpusExpr(e.metric.Value, kind, func(name string) bool { return c.env.Function(name) != nil })
		}
	}
}

// declareName adds a let, metric, param or const to the one namespace they
// share, and reports whether it could.
func (c *checker) declareName(e *nameEntry) bool {
	name := e.ident.Name
	// A metric may take the name of a similarity that takes arguments
	// (metric anls = anls_star(0.5)[answer] beside anls(τ)): the
	// similarity is always written as a call, the metric never is.
	sim := c.env.Similarity(name)
	if sim != nil && e.kind == metricName && len(sim.Params) > 0 {
		sim = nil
	}
	if sim != nil || c.env.Function(name) != nil {
		c.errorf(e.ident, "%q redeclares a built-in name", name)
		return false
	}
	if _, isNorm := normalizerLetters[name]; isNorm {
		c.errorf(e.ident, "%q is a normalizer letter and cannot be declared", name)
		return false
	}
	if prev := c.names[name]; prev != nil {
		c.errorf(e.ident, "%q redeclared (first declared at %s)", name, c.src.Position(prev.ident.Pos()))
		return false
	}
	c.names[name] = e
	c.nameOrder = append(c.nameOrder, e)
	return true
}

var normalizerLetters = map[string]bool{"S": true, "P": true, "R": true, "F": true, "J": true, "N": true, "U": true, "Σ": true}

// isCorpusExpr reports whether e is arithmetic on corpus values of other
// metrics rather than a similarity: it names a metric value (`muc.f1`), or
// it combines whole metrics (`(blanc_c + blanc_n) / 2`) and nothing that
// compares values.
func isCorpusExpr(e ast.Expr, kindOf func(string) (nameKind, bool), isFunction func(string) bool) bool {
	selector, metric, similarity := false, false, false
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Selector:
			selector = true
			return false
		case *ast.Ident:
			switch k, ok := kindOf(n.Name); {
			case ok && k == metricName:
				metric = true
			case ok && (k == paramName || k == constName):
				// A number in either kind of metric.
			default:
				similarity = true
			}
		case *ast.Call:
			// The function's name is neither a metric nor a similarity;
			// a similarity called with arguments (ancestor(O, w)) is one.
			if !isFunction(n.Fun.Name) {
				similarity = true
				return false
			}
			for _, a := range n.Args {
				ast.Inspect(a, visit)
			}
			return false
		case *ast.Project:
			// m[key]: a row of metric m's breakdown.
			if id, ok := n.X.(*ast.Ident); ok {
				if k, ok := kindOf(id.Name); ok && k == metricName {
					metric = true
					return false
				}
			}
			similarity = true
		case *ast.Matching:
			similarity = true
		}
		return true
	}
	ast.Inspect(e, visit)
	return selector || (metric && !similarity)
}

// ---- phase 2: types ----

var basicTypes = map[string]*types.Basic{
	"int": types.IntType, "float": types.FloatType, "string": types.StringType,
	"bool": types.BoolType, "var": types.VarType, "json": types.JSONType,
}

var collectionKinds = map[string]*types.CollKind{
	"set": ptr(types.Set), "bag": ptr(types.Bag), "seq": ptr(types.Seq),
}

func ptr[T any](v T) *T { return &v }

func (c *checker) resolveTypes() {
	for _, e := range c.typeOrder {
		c.resolveRecord(e)
	}
	for _, e := range c.typeOrder {
		c.prog.Records = append(c.prog.Records, e.rec)
	}
	if c.inputDecl == nil {
		if m := c.firstSimilarityMetric(); m != nil {
			// Reported at the first metric that needs it, so the error has a line.
			c.errorf(m, "missing input declaration (e.g. `input Doc`): the type of one document, which metric %q compares", m.Name)
		} else {
			c.errs.Add(c.src, c.specStart(), ast.NoPos, "missing input declaration (e.g. `input Doc`): a spec declares the type of one document and the metrics that compare two of them")
		}
		return
	}
	t := c.typeExpr(c.inputDecl.Type)
	switch t := t.(type) {
	case *types.Record:
		c.prog.Input = t
		c.checkIDField(t)
	case *types.Invalid:
	default:
		c.errorf(c.inputDecl.Type, "input type must be a record, not %s", t)
	}
}

// checkIDField: documents pair by their id field when the input type has
// one, so it must be a string or an int (a key the two files can share).
func (c *checker) checkIDField(doc *types.Record) {
	i := doc.FieldIndex("id")
	if i < 0 {
		return
	}
	f := doc.Fields[i]
	if b, ok := f.Type.(*types.Basic); ok && (b.Kind == types.String || b.Kind == types.Int) {
		return
	}
	if types.IsInvalid(f.Type) || f.Decl == nil {
		return
	}
	c.errorf(f.Decl.Type, "the id field of input type %s pairs gold and predicted documents, so it must be a string or an int, not %s", doc.Name, f.Type)
}

// specStart is where errors about the spec as a whole point: its first
// declaration, or the start of the file.
func (c *checker) specStart() ast.Pos {
	if decls := c.prog.File.Decls; len(decls) > 0 {
		return decls[0].Pos()
	}
	return ast.PosOf(0)
}

func (c *checker) firstSimilarityMetric() *ast.Ident {
	for _, e := range c.nameOrder {
		if e.kind == metricName && !e.corpus {
			return e.ident
		}
	}
	return nil
}

// resolveRecord fills the fields of a record, reporting records that
// contain themselves: a document is a finite tree of JSON.
func (c *checker) resolveRecord(e *typeEntry) {
	if e.done || e.resolving {
		return
	}
	e.resolving = true
	seen := map[string]*ast.Field{}
	for _, f := range e.decl.Fields {
		name := f.Name.Name
		if prev := seen[name]; prev != nil {
			c.errorf(f.Name, "field %q redeclared in type %s (first at %s)", name, e.rec.Name, c.src.Position(prev.Pos()))
			continue
		}
		seen[name] = f
		field := &types.Field{Name: name, Type: c.typeExpr(f.Type), Path: name, Decl: f}
		if f.Path != nil {
			field.Path, field.Bound = f.Path.Value, true
			if f.Path.Value == "" {
				c.errorf(f.Path, "empty JSON path for field %q", name)
			} else if why := gjsonPathProblem(f.Path.Value); why != "" {
				c.errorf(f.Path, "the JSON path of field %q is not a valid gjson path: %s", name, why)
			}
		}
		e.rec.Fields = append(e.rec.Fields, field)
	}
	e.resolving = false
	e.done = true
}

func (c *checker) typeExpr(t ast.TypeExpr) types.Type {
	switch t := t.(type) {
	case *ast.UnionType:
		u := &types.Union{}
		for _, a := range t.Alts {
			at := c.typeExpr(a)
			if types.IsInvalid(at) {
				return types.InvalidType
			}
			if inner, ok := at.(*types.Union); ok {
				u.Alts = append(u.Alts, inner.Alts...)
			} else {
				u.Alts = append(u.Alts, at)
			}
		}
		if why := unionProblem(u); why != "" {
			c.errorf(t, "%s", why)
			return types.InvalidType
		}
		return c.types.Canon(u)
	case *ast.NamedType:
		name := t.Name.Name
		if kind := collectionKinds[name]; kind != nil {
			if len(t.Args) != 1 {
				c.errorf(t, "%s takes one element type, as in %s<Mention>", name, name)
				return types.InvalidType
			}
			elem := c.typeExpr(t.Args[0])
			if types.IsInvalid(elem) {
				return types.InvalidType
			}
			return c.types.Collection(*kind, elem)
		}
		if t.Args != nil && (basicTypes[name] != nil || c.typeDecls[name] != nil) {
			// Only for a known type: `Sett<int>` is a misspelt set, not a record.
			c.errorf(t, "type %q takes no type arguments", name)
			return types.InvalidType
		}
		if b := basicTypes[name]; b != nil {
			return b
		}
		if e := c.ontologies[name]; e != nil {
			if t.Args != nil {
				c.errorf(t, "ontology %q takes no type arguments", name)
			}
			if e.ont == nil {
				return types.InvalidType // its own error is reported
			}
			return e.ont
		}
		if e := c.typeDecls[name]; e != nil {
			if e.resolving {
				c.errorf(t.Name, "recursive type: %s contains itself", name)
				return types.InvalidType
			}
			c.resolveRecord(e)
			return e.rec
		}
		e := c.errorf(t.Name, "undefined type %q", name)
		e.Hint = suggest(name, c.typeNames())
		return types.InvalidType
	}
	panic(fmt.Sprintf("typecheck: unknown type expression %T", t))
}

func (c *checker) typeNames() []string {
	names := []string{"int", "float", "string", "bool", "var", "json", "set", "bag", "seq"}
	for name := range c.typeDecls {
		names = append(names, name)
	}
	for name := range c.ontologies {
		names = append(names, name)
	}
	return names
}

// unionProblem says why a union cannot be read from JSON unambiguously:
// each alternative must be told apart by the JSON kind of the value
// (number, string, bool, object, array; a var is {"var": "x"}).
func unionProblem(u *types.Union) string {
	byKind := map[string]string{}
	for _, a := range u.Alts {
		if b, ok := a.(*types.Basic); ok && b.Kind == types.JSON {
			return "json already reads every JSON value: a union with it cannot tell its alternatives apart"
		}
		kind := ""
		switch a := a.(type) {
		case *types.Basic:
			kind = map[types.BasicKind]string{types.Int: "number", types.Float: "number", types.String: "string", types.Bool: "bool", types.Var: "var"}[a.Kind]
		case *types.Ontology:
			kind = "string"
		case *types.Record:
			kind = "object"
		case *types.Collection:
			kind = "array"
		}
		if prev, dup := byKind[kind]; dup {
			return fmt.Sprintf("union alternatives %s and %s are both read from a JSON %s; the union cannot tell them apart", prev, a, kind)
		}
		byKind[kind] = a.String()
	}
	if _, hasVar := byKind["var"]; hasVar {
		if rec, hasObj := byKind["object"]; hasObj {
			return fmt.Sprintf("union of var and record %s: both are JSON objects", rec)
		}
	}
	return ""
}

// ---- phase 3: names ----

// resolveNames reports undefined names and let cycles in every let and
// metric body, used or not, once; the typed pass then stays quiet about
// names.
func (c *checker) resolveNames() {
	for _, e := range c.nameOrder {
		switch e.kind {
		case letName:
			c.resolveExprNames(e.let.Value, false)
		case metricName:
			c.resolveExprNames(e.metric.Value, e.corpus)
		}
	}
	c.findLetCycles()
}

func (c *checker) resolveExprNames(e ast.Expr, corpus bool) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Selector:
			if !corpus {
				// Only a let can get here: a metric with a selector is a corpus metric.
				c.errorf(n, "%s is a corpus value of a metric; only a corpus metric can use it, as in metric avg = (muc.f1 + b3.f1) / 2", ast.ExprString(n))
			}
			return false // checked with the corpus metric
		case *ast.Matching:
			// The view and the body are names too; the normalizer is not.
			if n.View != nil {
				c.resolveViewNames(n.View)
			}
			c.resolveExprNames(n.Sim, corpus)
			if n.Align != nil {
				c.resolveExprNames(n.Align, corpus)
			}
			return false
		case *ast.Project:
			c.resolveExprNames(n.X, corpus)
			c.resolveViewNames(n.View)
			return false
		case *ast.Call:
			if sim := c.env.Similarity(n.Fun.Name); sim != nil && len(sim.Params) > 0 {
				return false // its arguments are ontologies and numbers, checked with it
			}
			if fun := c.env.Function(n.Fun.Name); fun == nil {
				e := c.errorf(n.Fun, "undefined function %q", n.Fun.Name)
				e.Hint = suggest(n.Fun.Name, append(c.env.FunctionNames(), c.parameterizedNames()...))
			} else if fun.Rows {
				return false // mean(m): a metric and its rows, resolved with it
			} else if fun.Split {
				// Its arguments are similarities, or names of metrics.
				for _, a := range n.Args {
					if id, ok := unparen(a).(*ast.Ident); ok {
						if e := c.names[id.Name]; e != nil && e.kind == metricName {
							continue
						}
					}
					c.resolveExprNames(a, false)
				}
				return false
			}
			for _, a := range n.Args {
				c.resolveExprNames(a, corpus)
			}
			return false
		case *ast.Ident:
			if corpus {
				return false
			}
			if c.env.Similarity(n.Name) != nil {
				return false
			}
			if e := c.names[n.Name]; e != nil {
				if e.kind == metricName {
					c.errorf(n, "metric %q cannot be used inside a similarity; a corpus metric can use its value, as in %s.f1", n.Name, n.Name)
				}
				return false
			}
			if normalizerLetters[n.Name] {
				c.errorf(n, "normalizer %s must be followed by a matching, as in %s<->[items](delta)", n.Name, n.Name)
				return false
			}
			e := c.errorf(n, "undefined: %s", n.Name)
			e.Hint = suggest(n.Name, c.simNames())
		}
		return true
	})
}

// parameterizedNames lists the similarities that take arguments.
func (c *checker) parameterizedNames() []string {
	var names []string
	for _, name := range c.env.SimilarityNames() {
		if len(c.env.Similarity(name).Params) > 0 {
			names = append(names, name)
		}
	}
	return names
}

func (c *checker) resolveViewNames(v ast.View) {
	ast.Inspect(v, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallView); ok {
			if c.env.View(call.Fun.Name) == nil {
				e := c.errorf(call.Fun, "undefined view %q", call.Fun.Name)
				e.Hint = suggest(call.Fun.Name, c.env.ViewNames())
			}
		}
		return true
	})
}

func (c *checker) simNames() []string {
	names := c.env.SimilarityNames()
	for name, e := range c.names {
		if e.kind == letName {
			names = append(names, name)
		}
	}
	return names
}

// findLetCycles reports lets that refer to themselves, directly or not.
func (c *checker) findLetCycles() {
	state := map[*ast.LetDecl]int{}
	var visit func(l *ast.LetDecl, path []*ast.LetDecl)
	visit = func(l *ast.LetDecl, path []*ast.LetDecl) {
		if state[l] >= 2 {
			return // done, or on a cycle already reported: visiting it again would repeat the report (and blow up)
		}
		if state[l] == 1 {
			i := 0
			for path[i] != l {
				i++
			}
			names := []string{}
			for _, p := range path[i:] {
				names = append(names, p.Name.Name)
			}
			names = append(names, l.Name.Name)
			c.errorf(l.Name, "let %q refers to itself: %s", l.Name.Name, strings.Join(names, " -> "))
			state[l] = 3 // reported: treated as undefined from now on
			return
		}
		state[l] = 1
		ast.Inspect(l.Value, func(n ast.Node) bool {
			switch n := n.(type) {
			case ast.View:
				return false // field names, not lets
			case *ast.Ident:
				if e := c.names[n.Name]; e != nil && e.kind == letName {
					visit(e.let, append(path, l))
				}
			}
			return true
		})
		if state[l] == 1 {
			state[l] = 2
		}
	}
	for _, e := range c.nameOrder {
		if e.kind == letName {
			visit(e.let, nil)
		}
	}
	for l, s := range state {
		if s == 3 {
			c.names[l.Name.Name].let = nil // cycles make the let unusable
		}
	}
}

// ---- phase 4: metrics ----

func (c *checker) checkMetrics() {
	for _, e := range c.nameOrder {
		if e.kind == metricName {
			e.m = &Metric{Name: e.ident.Name, Decl: e.metric}
			c.prog.Metrics = append(c.prog.Metrics, e.m)
		}
	}
	for _, e := range c.nameOrder {
		if e.kind != metricName {
			continue
		}
		if e.corpus {
			c.checkCorpusMetric(e)
			continue
		}
		if c.prog.Input == nil {
			continue
		}
		if c.isSplit(e.metric.Value) {
			e.m.Average = e.metric.Average
			c.splitMetric(e)
			if e.metric.By != nil {
				c.errorf(e.metric.By, "by breaks down one matching; prf(a, b) has two")
			}
			if e.m.Split != nil && (usesUtility(e.m.Split[0]) || usesUtility(e.m.Split[1])) {
				c.errorf(e.metric.Value, "prf(a, b) takes similarities; U(β) is a utility of the whole corpus (TP − β·FP), the whole body of a metric of its own")
			}
			continue
		}
		e.m.Body = c.sim(e.metric.Value, c.prog.Input)
		if e.m.Body == nil {
			continue
		}
		e.m.UsesN = UsesN(e.m.Body)
		e.m.Average = e.metric.Average
		if n := unfoldedSize(e.m.Body, map[Sim]int{}); n > MaxUnfolded {
			c.errorf(e.metric.Value, "metric %q unfolds to more than %d terms: every use of a let is computed again, and its lets use one another so often that the terms multiply; write the repetition as a product (let l1 = 2 * l0, not l0 + l0)", e.ident.Name, MaxUnfolded)
			continue
		}
		c.checkSign(e.m.Body, "the metric")
		c.checkLatent(e.m)
		c.checkBy(e)
		c.checkUtility(e)
	}
	c.checkRows()
	for _, e := range c.nameOrder {
		if e.kind == metricName {
			c.checkEmpty(e)
		}
		if e.kind == metricName && e.corpus && e.metric.Average != ast.AvgDefault {
			c.errors().Add(c.src, e.metric.AvgPos, e.metric.AvgEnd, fmt.Sprintf("metric %q combines corpus values of other metrics; %s applies to the metrics it combines", e.ident.Name, e.metric.Average))
		}
		if e.kind == metricName && e.corpus && e.metric.By != nil {
			c.errorf(e.metric.By, "by breaks down a matching; metric %q combines corpus values of other metrics", e.ident.Name)
		}
	}
	if len(c.prog.Metrics) == 0 && c.prog.Input != nil {
		c.errs.Add(c.src, c.specStart(), ast.NoPos, "the spec declares no metric (e.g. `metric f1 = F<->[items](delta)`)")
	}
}

// checkUtility checks the two constructs whose value is a corpus total
// rather than a similarity: U(β) (TP − β·FP, which can be negative) is the
// normalizer of a metric's whole body, never a similarity inside one; and
// micro(clip), which sums each document's value clipped at 0, needs a
// value that adds up over documents: a metric written with U(β) or S.
func (c *checker) checkUtility(e *nameEntry) {
	top, _ := e.m.Body.(*Match)
	walkSim(e.m.Body, func(s Sim) {
		if m, ok := s.(*Match); ok && m.Norm == ast.NormU && m != top {
			c.errorf(m.Src.Norm, "U(β) is a utility of the whole corpus (TP − β·FP), not a similarity: write it as the whole body of a metric, as in metric arg = U(0.25)<->[args](delta)")
		}
	})
	if e.m.Average == ast.AvgMicroClip && (top == nil || (top.Norm != ast.NormU && top.Norm != ast.NormS)) {
		c.errors().Add(c.src, e.metric.AvgPos, e.metric.AvgEnd, fmt.Sprintf("micro(clip) sums each document's value clipped at 0; metric %q needs a value that adds up over documents: a body written with U(β) or S", e.ident.Name))
	}
}

func usesUtility(s Sim) bool {
	found := false
	walkSim(s, func(s Sim) {
		if m, ok := s.(*Match); ok && m.Norm == ast.NormU {
			found = true
		}
	})
	return found
}

// checkEmpty checks `empty = n`: 0 or 1, on a metric over documents.
func (c *checker) checkEmpty(e *nameEntry) {
	n := e.metric.Empty
	switch {
	case n == nil:
	case e.corpus:
		c.errorf(n, "metric %q combines corpus values of other metrics; empty applies to the metrics it combines", e.ident.Name)
	case n.Value != 0 && n.Value != 1:
		c.errorf(n, "empty is the precision of an empty prediction and the recall against an empty gold: 0 (the default) or 1, not %s", n.Raw)
	default:
		e.m.Empty = n.Value
	}
}

// UsesN reports whether s depends on the side N selects: the normalizer
// variable N, or self(...). Such a similarity differs between the precision
// and the recall computation; any other is the same for both.
func UsesN(s Sim) bool { return NUses{}.Of(s) }

// NUses memoizes UsesN over the nodes of a program, so that asking it of
// every node costs time linear in the program (lets shared, not unfolded).
type NUses map[Sim]bool

// Of reports whether s depends on the side N selects (UsesN).
func (u NUses) Of(s Sim) bool {
	if v, ok := u[s]; ok {
		return v
	}
	found := false
	switch s := s.(type) {
	case *Match:
		found = s.Norm == ast.NormVar
	case *SelfScore:
		found = true
	}
	eachChild(s, func(k Sim) { found = u.Of(k) || found })
	u[s] = found
	return found
}

// MaxUnfolded bounds the size of a metric's body with every let
// expanded: the evaluator computes each use of a let anew, so a chain of
// lets each using the previous twice would take time exponential in its
// length.
const MaxUnfolded = 1_000_000

// unfoldedSize is the number of nodes of s with its lets expanded, at most
// MaxUnfolded+1; memo holds it per shared node.
func unfoldedSize(s Sim, memo map[Sim]int) int {
	if n, ok := memo[s]; ok {
		return n
	}
	n := 1
	eachChild(s, func(k Sim) { n = min(n+unfoldedSize(k, memo), MaxUnfolded+1) })
	memo[s] = n
	return n
}

// walkSim calls f once on s and on every Sim below it: a let's body used
// in several places is visited once.
func walkSim(s Sim, f func(Sim)) {
	seen := map[Sim]bool{}
	var walk func(Sim)
	walk = func(s Sim) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		f(s)
		eachChild(s, walk)
	}
	walk(s)
}

// eachChild calls f on the operands of s.
func eachChild(s Sim, f func(Sim)) {
	switch s := s.(type) {
	case *Project:
		f(s.X)
	case *Match:
		f(s.Elem)
		if s.Align != nil {
			f(s.Align)
		}
	case *Arith:
		f(s.X)
		f(s.Y)
	case *Neg:
		f(s.X)
	case *Iverson:
		f(s.X)
		f(s.Y)
	case *Call:
		for _, a := range s.Args {
			f(a)
		}
	case *LetRef:
		f(s.Body)
	case *SelfScore:
		f(s.X)
	}
}

func (c *checker) checkCorpusMetric(e *nameEntry) {
	if e.state != 0 {
		return
	}
	e.state = 1
	deps := map[*Metric]bool{}
	e.m.Corpus = c.corpus(e.metric.Value, e, deps)
	e.m.CorpusTriple = e.m.Corpus != nil && IsTriple(e.m.Corpus)
	if r, ok := e.m.Corpus.(*CorpusRef); ok && r.Row && r.Field == Whole {
		e.m.Row = r
	}
	for _, m := range c.prog.Metrics {
		if deps[m] {
			e.m.Deps = append(e.m.Deps, m)
		}
	}
	e.state = 2
}

func (c *checker) corpus(x ast.Expr, self *nameEntry, deps map[*Metric]bool) Corpus {
	switch x := x.(type) {
	case *ast.NumberLit:
		return &CorpusConst{Src: x, Value: x.Value}
	case *ast.Paren:
		return c.corpus(x.X, self, deps)
	case *ast.Unary:
		inner := c.corpus(x.X, self, deps)
		if inner == nil {
			return nil
		}
		return &CorpusNeg{Src: x, X: inner}
	case *ast.Binary:
		l, r := c.corpus(x.X, self, deps), c.corpus(x.Y, self, deps)
		if l == nil || r == nil {
			return nil
		}
		return &CorpusArith{Src: x, Op: x.Op, X: l, Y: r}
	case *ast.Iverson:
		l, r := c.corpus(x.X, self, deps), c.corpus(x.Y, self, deps)
		if l == nil || r == nil {
			return nil
		}
		for _, side := range []Corpus{l, r} {
			if IsTriple(side) {
				c.errorf(side.Node(), "[[ ]] compares numbers; %s is a whole metric (precision, recall, f1): pick one, as in %s.f1", ast.ExprString(side.Node().(ast.Expr)), ast.ExprString(side.Node().(ast.Expr)))
				return nil
			}
		}
		return &CorpusIverson{Src: x, Op: x.Op, X: l, Y: r}
	case *ast.Call:
		fun := c.env.Function(x.Fun.Name)
		if fun == nil {
			return nil // reported by resolveNames
		}
		if fun.SideOfN {
			c.errorf(x, "self(...) is a similarity; a corpus metric combines metric values")
			return nil
		}
		if fun.Split {
			c.errorf(x, "prf(a, b) builds a metric row from two similarities; it is the whole body of a metric, as in metric m = prf(a, b)")
			return nil
		}
		if !c.arityOK(x, fun) {
			return nil
		}
		if fun.Rows {
			return c.mean(x, self, deps)
		}
		call := &CorpusCall{Src: x, Fun: fun}
		for _, a := range x.Args {
			arg := c.corpus(a, self, deps)
			if arg == nil {
				return nil
			}
			call.Args = append(call.Args, arg)
		}
		return call
	case *ast.Selector:
		if p, isRow := x.X.(*ast.Project); isRow {
			row := c.row(p, self, deps)
			if row == nil {
				return nil
			}
			field, ok := LookupField(x.Sel.Name)
			if !ok || field == Value || field == Whole {
				c.errorf(x.Sel, "a breakdown row has no value %q (it has precision, recall, f1, pred_gold, pred_pred, gold_gold or pred_gold_recall)", x.Sel.Name)
				return nil
			}
			row.Src, row.Field = x, field
			return row
		}
		base, ok := x.X.(*ast.Ident)
		if !ok {
			c.errorf(x, "expected metric.field, as in muc.f1")
			return nil
		}
		e := c.metricRef(base, self)
		if e == nil {
			return nil
		}
		field, ok := LookupField(x.Sel.Name)
		want := "precision, recall, f1, value, pred_gold, pred_pred, gold_gold or pred_gold_recall"
		switch {
		case e.corpus && e.m.CorpusTriple:
			want = "precision, recall or f1"
			ok = ok && (field == Precision || field == Recall || field == F1)
		case e.corpus:
			want = "value"
			ok = ok && field == Value
		}
		if !ok {
			c.errorf(x.Sel, "metric %q has no value %q (it has %s)", base.Name, x.Sel.Name, want)
			return nil
		}
		deps[e.m] = true
		return &CorpusRef{Src: x, Metric: e.m, Field: field}
	case *ast.Ident:
		if v, ok := c.number(x); ok {
			return &CorpusConst{Src: x, Value: v}
		}
		e := c.names[x.Name]
		if e == nil || e.kind != metricName {
			c.errorf(x, "a corpus metric combines values like muc.f1 with numbers; %q is not a metric", x.Name)
			return nil
		}
		if e = c.metricRef(x, self); e == nil {
			return nil
		}
		deps[e.m] = true
		if e.corpus && !e.m.CorpusTriple {
			return &CorpusRef{Src: x, Metric: e.m, Field: Value}
		}
		return &CorpusRef{Src: x, Metric: e.m, Field: Whole}
	case *ast.Project:
		if id, ok := x.X.(*ast.Ident); ok {
			if e := c.names[id.Name]; e != nil && e.kind == metricName {
				if r := c.row(x, self, deps); r != nil {
					return r
				}
				return nil // reported (and no typed nil in the interface)
			}
		}
	}
	c.errorf(x, "a corpus metric combines values like muc.f1 with numbers and arithmetic; it cannot contain a similarity")
	return nil
}

// mean resolves mean(m) and mean(m[_ where cond]): m is a metric with a
// breakdown, and cond a condition on its key, _.
func (c *checker) mean(x *ast.Call, self *nameEntry, deps map[*Metric]bool) Corpus {
	arg := unparen(x.Args[0])
	var base *ast.Ident
	var cond ast.Cond
	switch a := arg.(type) {
	case *ast.Ident:
		base = a
	case *ast.Project:
		id, isName := a.X.(*ast.Ident)
		f, isFilter := a.View.(*ast.FilterView)
		if isName && isFilter {
			if p, ok := f.X.(*ast.PathView); ok && p.Base == nil && len(p.Fields) == 1 && p.Fields[0].Name == "_" {
				base, cond = id, f.Cond
			}
		}
	}
	if base == nil {
		c.errorf(arg, "mean averages the rows of a metric's breakdown: mean(m), or mean(m[_ where cond]) for the rows whose key _ satisfies cond")
		return nil
	}
	e := c.metricRef(base, self)
	if e == nil {
		return nil
	}
	if e.corpus || e.metric.By == nil {
		c.errorf(base, "mean(%s) averages the rows of a breakdown, but metric %q has no by (as in metric %s = F<->[items](delta) by label)", base.Name, base.Name, base.Name)
		return nil
	}
	if e.m.By == nil {
		return nil // its by did not check, which is reported there
	}
	deps[e.m] = true
	m := &CorpusMean{Src: x, Metric: e.m, Key: e.m.By.Out}
	if cond != nil {
		if m.Filter = c.cond(cond, e.m.By.Out); m.Filter == nil {
			return nil
		}
	}
	return m
}

// row resolves m[key], a row of metric m's breakdown: m has `by`, and the
// key is a name (or a dotted name, for concepts such as Conflict.Attack).
// A key no document has is a row of zeros; a key of a concept-valued
// breakdown must be a concept (checked in checkRows).
func (c *checker) row(p *ast.Project, self *nameEntry, deps map[*Metric]bool) *CorpusRef {
	base, ok := p.X.(*ast.Ident)
	if !ok {
		// A similarity with brackets after it (F<->[xs](delta)[k].f1).
		c.errorf(p, "%s: only a metric's name takes a breakdown row in brackets, as in ner[PER].f1", exprText(p))
		return nil
	}
	e := c.metricRef(base, self)
	if e == nil {
		return nil
	}
	if e.corpus || e.metric.By == nil {
		c.errorf(p, "%s names a row of a breakdown, but metric %q has no by (as in metric %s = F<->[items](delta) by label)", ast.ExprString(p), base.Name, base.Name)
		return nil
	}
	var key string
	switch v := p.View.(type) {
	case *ast.StringLit:
		key = v.Value // a key that is not a name: ner["B-PER"]
	case *ast.PathView:
		if v.Base != nil {
			c.errorf(p.View, "the row of a breakdown is named by its key, as in %s[PER] or %s[\"B-PER\"]", base.Name, base.Name)
			return nil
		}
		names := make([]string, len(v.Fields))
		for i, f := range v.Fields {
			names[i] = f.Name
		}
		key = strings.Join(names, ".")
	default:
		c.errorf(p.View, "the row of a breakdown is named by its key, as in %s[PER] or %s[\"B-PER\"]", base.Name, base.Name)
		return nil
	}
	deps[e.m] = true
	r := &CorpusRef{Src: p, Metric: e.m, Field: Whole, Row: true, Key: key}
	c.rows = append(c.rows, r)
	return r
}

// checkRows checks the keys of breakdown rows against their metric's key
// type: a concept of the ontology when the key is a concept.
func (c *checker) checkRows() {
	for _, r := range c.rows {
		if r.Metric.By == nil {
			continue
		}
		o, ok := r.Metric.By.Out.(*types.Ontology)
		if !ok {
			continue
		}
		if _, ok := o.Index(r.Key); !ok {
			p := r.Src
			for {
				if s, isSel := p.(*ast.Selector); isSel {
					p = s.X
					continue
				}
				break
			}
			view := p.(*ast.Project).View
			err := c.errorf(view, "%q is not a concept of ontology %s, the key of metric %q's breakdown", r.Key, o.Name, r.Metric.Name)
			err.Hint = suggest(r.Key, slices.Clone(o.Concepts))
		}
	}
}

// metricRef resolves a metric named in a corpus metric, checking it first
// when it is itself a corpus metric.
func (c *checker) metricRef(base *ast.Ident, self *nameEntry) *nameEntry {
	e := c.names[base.Name]
	if e == nil || e.kind != metricName {
		err := c.errorf(base, "undefined metric %q", base.Name)
		err.Hint = suggest(base.Name, c.metricNames())
		return nil
	}
	if e == self {
		c.errorf(base, "metric %q refers to itself", base.Name)
		return nil
	}
	if e.corpus {
		if e.state == 1 {
			c.errorf(base, "corpus metrics %q and %q refer to each other", self.ident.Name, base.Name)
			return nil
		}
		c.checkCorpusMetric(e)
		if e.m.Corpus == nil {
			return nil // its own errors were reported
		}
	}
	return e
}

// IsTriple reports whether a corpus expression is a whole metric
// (precision, recall, f1), computed field by field, rather than a number.
func IsTriple(x Corpus) bool {
	switch x := x.(type) {
	case *CorpusRef:
		return x.Field == Whole
	case *CorpusNeg:
		return IsTriple(x.X)
	case *CorpusArith:
		return IsTriple(x.X) || IsTriple(x.Y)
	case *CorpusCall:
		for _, a := range x.Args {
			if IsTriple(a) {
				return true
			}
		}
	case *CorpusMean:
		return true
	}
	return false
}

func (c *checker) metricNames() []string {
	var names []string
	for name, e := range c.names {
		if e.kind == metricName {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

func (c *checker) arityOK(x *ast.Call, fun *stdlib.Function) bool {
	n := len(x.Args)
	if n < fun.MinArgs || (fun.MaxArgs >= 0 && n > fun.MaxArgs) {
		c.errorf(x, "%s takes %s, got %d", fun.Name, arity(fun), n)
		return false
	}
	return true
}

func arity(f *stdlib.Function) string {
	switch {
	case f.MaxArgs < 0:
		return fmt.Sprintf("at least %d arguments", f.MinArgs)
	case f.MinArgs == f.MaxArgs:
		return fmt.Sprintf("%d arguments", f.MinArgs)
	}
	return fmt.Sprintf("%d to %d arguments", f.MinArgs, f.MaxArgs)
}

func (c *checker) errors() *ast.ErrorList { return &c.errs }

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

// isSplit reports whether a metric's body is prf(a, b).
func (c *checker) isSplit(e ast.Expr) bool {
	call, ok := unparen(e).(*ast.Call)
	if !ok {
		return false
	}
	fun := c.env.Function(call.Fun.Name)
	return fun != nil && fun.Split
}

// splitMetric checks `metric m = prf(a, b)`: a and b are similarities over
// documents (lets, matchings, or the names of metrics over documents); m's
// precision side is a's and its recall side b's.
func (c *checker) splitMetric(e *nameEntry) {
	call := unparen(e.metric.Value).(*ast.Call)
	if len(call.Args) != 2 {
		c.errorf(call, "prf takes two similarities: prf(precision_side, recall_side)")
		return
	}
	var split [2]Sim
	for i, a := range call.Args {
		expr := a
		if id, ok := unparen(a).(*ast.Ident); ok {
			if ref := c.names[id.Name]; ref != nil && ref.kind == metricName {
				if ref.corpus || c.isSplit(ref.metric.Value) {
					c.errorf(id, "prf takes similarities over documents; metric %q is not one", id.Name)
					return
				}
				expr = ref.metric.Value // the metric's body, checked here again
			}
		}
		if split[i] = c.sim(expr, c.prog.Input); split[i] == nil {
			return
		}
	}
	e.m.Split = &split
	c.checkSign(split[0], "the precision side")
	c.checkSign(split[1], "the recall side")
	e.m.UsesN = UsesN(split[0]) || UsesN(split[1])
}

// checkBy checks `metric m = N◇[v](e) by key`: the body is a matching and
// key a field path of its elements with scalar values.
func (c *checker) checkBy(e *nameEntry) {
	by := e.metric.By
	if by == nil {
		return
	}
	m, ok := unwrapLets(e.m.Body).(*Match)
	if !ok {
		c.errorf(by, "by breaks down a matching by a field of its elements; the body of metric %q is not a matching", e.ident.Name)
		return
	}
	if m.Ignore != nil {
		c.errorf(by, "by cannot break down a matching with ignore")
		return
	}
	if _, isPath := by.(*ast.PathView); !isPath {
		c.errorf(by, "the key of by is a field path of the matched elements, as in by label")
		return
	}
	v := c.view(by, m.Coll.Elem)
	if v == nil {
		return
	}
	switch t := v.Out.(type) {
	case *types.Ontology:
	case *types.Basic:
		if t.Kind == types.Var {
			c.errorf(by, "a breakdown key cannot be a latent variable")
			return
		}
	default:
		c.errorf(by, "a breakdown key is a string, a number, a boolean or a concept; %s is %s", ast.ViewString(by), v.Out)
		return
	}
	e.m.By = v
}
