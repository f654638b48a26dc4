package typecheck

import (
	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// Program is a checked spec: every name resolved, every expression
// instantiated at the type it compares. The AST is left untouched; the
// nodes below point back into it for positions.
type Program struct {
	File       *ast.File
	Env        *stdlib.Env // the builtins it was checked against
	Input      *types.Record
	Records    []*types.Record   // declared record types, in order
	Metrics    []*Metric         // in declaration order
	Params     []*Param          // in declaration order, with their values
	Ontologies []*types.Ontology // in declaration order
}

// Metric returns the named metric, or nil.
func (p *Program) Metric(name string) *Metric {
	for _, m := range p.Metrics {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// MetricIndex is the position of m in Metrics, or -1.
func (p *Program) MetricIndex(m *Metric) int {
	for i, x := range p.Metrics {
		if x == m {
			return i
		}
	}
	return -1
}

// Metric is a checked metric declaration: a similarity over documents
// (Body) or arithmetic on other metrics' corpus values (Corpus).
type Metric struct {
	Name string
	Decl *ast.MetricDecl
	// Body is the similarity at the input type; nil for a corpus metric.
	Body Sim
	// UsesN is true when the normalizer variable N occurs in Body: precision
	// is then computed with N=P everywhere and recall with N=R.
	UsesN bool
	// Corpus is the expression of a corpus metric; nil otherwise.
	Corpus Corpus
	// CorpusTriple is set when Corpus combines whole metrics: the result
	// is a precision, a recall and an F1, computed field by field.
	CorpusTriple bool
	// Row is set when the whole body is one row of another metric's
	// breakdown (`metric labels = all[labels]`): the metric reports that
	// row, sums and search included, under its own name. Corpus is the
	// same reference.
	Row *CorpusRef
	// Deps are the metrics a corpus metric (or a split one) refers to.
	Deps []*Metric
	// By is the breakdown key: a view of the elements of Body, a matching;
	// nil without `by`.
	By *View
	// Average is the metric's own corpus aggregation.
	Average ast.Average
	// Empty is the precision when the prediction's self-sum is 0 and the
	// recall when the gold's is: 0, or 1 with `empty = 1`.
	Empty float64
	// Split is set for `prf(a, b)`: a metric over documents whose precision
	// side is similarity a (its Σ(X,Y) and Σ(X,X)) and whose recall side is
	// b (its Σ(X,Y) and Σ(Y,Y)). Body is then nil.
	Split *[2]Sim
}

// IsCorpus reports whether m is arithmetic on other metrics.
func (m *Metric) IsCorpus() bool { return m.Corpus != nil }

// Sim is a similarity expression instantiated at one type: φ : T × T → ℝ.
type Sim interface {
	Node() ast.Node
	At() types.Type
	simNode()
}

// Const is a number used as a similarity: a literal, or a param's value.
type Const struct {
	Src   ast.Node
	T     types.Type
	Value float64
	Param *Param // the param it reads, if any
}

// Builtin is a stdlib similarity such as delta or subset, with its
// arguments when it takes some (ancestor(O, 0.5)).
type Builtin struct {
	Src  ast.Node
	T    types.Type
	Sim  *stdlib.Similarity
	Args []stdlib.Arg
}

// Project is e[v]: X compares the views of both values.
type Project struct {
	Src  *ast.Project
	T    types.Type
	View *View
	X    Sim
}

// Match is N◇[v](e): a matching of the collections View(x) and View(y)
// with element similarity Elem, optionally aligned by Align.
type Match struct {
	Src        *ast.Matching
	T          types.Type
	View       *View // nil: the compared values are the collections
	Coll       *types.Collection
	Norm       ast.NormKind
	Beta       float64 // for F(β); 1 for F
	Constraint ast.Constraint
	Elem       Sim
	Align      Sim // nil: choose the matching by Elem itself
	// Ignore, when set, is a condition on gold elements: those that
	// satisfy it, and the predicted elements matched to them, are left out
	// of the sums after the matching is chosen (Align is then set).
	Ignore Cond
	// Latent is set when the elements hold latent variables: the matching
	// is solved jointly with the variable bijection (it is then the whole
	// body of its metric).
	Latent bool
}

// Arith is X op Y.
type Arith struct {
	Src  *ast.Binary
	T    types.Type
	Op   ast.BinaryOp
	X, Y Sim
}

// Neg is -X.
type Neg struct {
	Src *ast.Unary
	T   types.Type
	X   Sim
}

// Iverson is [[ X op Y ]].
type Iverson struct {
	Src  *ast.Iverson
	T    types.Type
	Op   ast.CompareOp
	X, Y Sim
}

// Call is a stdlib function of similarities, such as max.
type Call struct {
	Src  *ast.Call
	T    types.Type
	Fun  *stdlib.Function
	Args []Sim
}

// LetRef is a use of a let at type T. Body is shared by every use of the
// same let at the same type, so the evaluator can compile it once.
type LetRef struct {
	Src  *ast.Ident
	T    types.Type
	Let  *ast.LetDecl
	Body Sim
}

// SelfScore is self(X): X of the value on the side the normalizer
// variable N selects against itself — the prediction's when computing
// precision, the gold's when computing recall.
type SelfScore struct {
	Src *ast.Call
	T   types.Type
	X   Sim
}

func (s *SelfScore) Node() ast.Node { return s.Src }
func (s *SelfScore) At() types.Type { return s.T }
func (*SelfScore) simNode()         {}

func (s *Const) Node() ast.Node   { return s.Src }
func (s *Builtin) Node() ast.Node { return s.Src }
func (s *Project) Node() ast.Node { return s.Src }
func (s *Match) Node() ast.Node   { return s.Src }
func (s *Arith) Node() ast.Node   { return s.Src }
func (s *Neg) Node() ast.Node     { return s.Src }
func (s *Iverson) Node() ast.Node { return s.Src }
func (s *Call) Node() ast.Node    { return s.Src }
func (s *LetRef) Node() ast.Node  { return s.Src }

func (s *Const) At() types.Type   { return s.T }
func (s *Builtin) At() types.Type { return s.T }
func (s *Project) At() types.Type { return s.T }
func (s *Match) At() types.Type   { return s.T }
func (s *Arith) At() types.Type   { return s.T }
func (s *Neg) At() types.Type     { return s.T }
func (s *Iverson) At() types.Type { return s.T }
func (s *Call) At() types.Type    { return s.T }
func (s *LetRef) At() types.Type  { return s.T }

func (*Const) simNode()   {}
func (*Builtin) simNode() {}
func (*Project) simNode() {}
func (*Match) simNode()   {}
func (*Arith) simNode()   {}
func (*Neg) simNode()     {}
func (*Iverson) simNode() {}
func (*Call) simNode()    {}
func (*LetRef) simNode()  {}

// View is a resolved view: an optional stdlib call applied to the compared
// value, then a path of record fields; or a filter or an order applied to
// an inner view's collection.
type View struct {
	Src    ast.View
	In     types.Type
	Call   *ViewCall // nil: start from the value itself
	Fields []int     // field indexes, applied in order
	Out    types.Type
	// Number, when set, makes the view a constant: a number argument of a
	// view call, as in minsize(entities, 2).
	Number *float64
	// Inner, when set, is the view whose collection Filter or Order
	// applies to (Call and Fields are then unused).
	Inner  *View
	Filter Cond
	Order  *Order
}

// Order is the partial order `ordered by rel(src, tgt)` declares between
// the elements of a collection: u precedes w when a path of rel records
// leads from u's id to w's id.
type Order struct {
	Rel      *View // the relation, a collection of records beside the elements
	Src, Tgt int   // fields of the relation's records
	ID       int   // the elements' id field
}

// Cond is a condition on an element, in a filter.
type Cond interface{ condNode() }

// CondAnd, CondOr and CondNot combine conditions.
type (
	CondAnd struct{ X, Y Cond }
	CondOr  struct{ X, Y Cond }
	CondNot struct{ X Cond }
)

// CondCompare is `x op y`.
type CondCompare struct {
	Op   ast.CompareOp
	X, Y *Operand
}

// CondTruth is a boolean field that must be true.
type CondTruth struct{ X *Operand }

func (*CondTruth) condNode() {}

// CondIn is `x in set` or `x not in set`.
type CondIn struct {
	X   *Operand
	Set []ConstValue
	Not bool
}

// Operand is a field path of the element (Path, possibly empty: the
// element itself) or a constant (Const).
type Operand struct {
	Path  []int
	Type  types.Type // of the field; nil for a constant
	Const *ConstValue
}

func (*CondAnd) condNode()     {}
func (*CondOr) condNode()      {}
func (*CondNot) condNode()     {}
func (*CondCompare) condNode() {}
func (*CondIn) condNode()      {}

// ViewCall is a stdlib view applied to argument views of the same value.
type ViewCall struct {
	Fun  *stdlib.View
	Args []*View
	Out  types.Type
}

// Corpus is an expression over corpus values of metrics.
type Corpus interface {
	Node() ast.Node
	corpusNode()
}

// CorpusConst is a number: a literal, or a param's value.
type CorpusConst struct {
	Src   ast.Node
	Value float64
}

// CorpusRef is `metric.field` (precision, recall, f1, value or a sum), or
// a bare metric name: its whole (precision, recall, f1), Field Whole. With
// Row, it is the row Key of the metric's breakdown (`m[key]`, `m[key].f1`).
type CorpusRef struct {
	Src    ast.Expr
	Metric *Metric
	Field  MetricField
	Row    bool
	Key    string
}

// CorpusIverson is [[ X op Y ]] on corpus values: 1 or 0.
type CorpusIverson struct {
	Src  *ast.Iverson
	Op   ast.CompareOp
	X, Y Corpus
}

func (c *CorpusIverson) Node() ast.Node { return c.Src }
func (*CorpusIverson) corpusNode()      {}

// CorpusArith is X op Y on corpus values.
type CorpusArith struct {
	Src  *ast.Binary
	Op   ast.BinaryOp
	X, Y Corpus
}

// CorpusNeg is -X.
type CorpusNeg struct {
	Src *ast.Unary
	X   Corpus
}

// CorpusCall is max/min of corpus values.
type CorpusCall struct {
	Src  *ast.Call
	Fun  *stdlib.Function
	Args []Corpus
}

// CorpusMean is mean(m) or mean(m[_ where cond]): the rows of metric m's
// breakdown averaged field by field (precision, recall and F1 each the
// mean of the rows'), over the keys that occur in the gold (the row's
// Σ(Y,Y) > 0) and satisfy Filter (nil: every such key). Filter's operand
// `_` is the key, of type Key.
type CorpusMean struct {
	Src    *ast.Call
	Metric *Metric
	Filter Cond
	Key    types.Type
}

func (c *CorpusMean) Node() ast.Node { return c.Src }
func (*CorpusMean) corpusNode()      {}

func (c *CorpusConst) Node() ast.Node { return c.Src }
func (c *CorpusRef) Node() ast.Node   { return c.Src }
func (c *CorpusArith) Node() ast.Node { return c.Src }
func (c *CorpusNeg) Node() ast.Node   { return c.Src }
func (c *CorpusCall) Node() ast.Node  { return c.Src }

func (*CorpusConst) corpusNode() {}
func (*CorpusRef) corpusNode()   {}
func (*CorpusArith) corpusNode() {}
func (*CorpusNeg) corpusNode()   {}
func (*CorpusCall) corpusNode()  {}
