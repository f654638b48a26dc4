// Package ast declares the syntax tree of a metricc spec (.metric file).
//
// The tree holds what was written and where, nothing more: no types, no
// resolved names, no evaluation. Every ASCII/Unicode spelling pair (δ/delta,
// ↔/<->, ×/*, ⟦⟧/[[ ]]...) is already collapsed into one node shape, so later
// phases never see spellings. Names are resolved by package typecheck.
package ast

// Node is any syntax node. End is the position just past the node.
type Node interface {
	Pos() Pos
	End() Pos
}

// Decl is a top-level declaration.
type Decl interface {
	Node
	declNode()
}

// TypeExpr is a type as written in a field or an input declaration.
type TypeExpr interface {
	Node
	typeNode()
}

// Expr is a similarity expression or a corpus expression.
type Expr interface {
	Node
	exprNode()
}

// View maps a compared value to another value: a field path or a stdlib
// view call. It appears inside brackets: e[v], N<->[v](e).
type View interface {
	Node
	viewNode()
}

// File is a parsed spec.
type File struct {
	Source *Source
	Decls  []Decl
}

// Ident is a name. In expression position, Unicode builtin spellings are
// canonicalized (δ is "delta"); elsewhere (fields, views) it is verbatim.
type Ident struct {
	NamePos Pos
	NameEnd Pos // NoPos: NamePos + len(Name), the name as written
	Name    string
}

func (x *Ident) Pos() Pos { return x.NamePos }
func (x *Ident) End() Pos {
	if x.NameEnd.IsValid() {
		return x.NameEnd
	}
	return x.NamePos + Pos(len(x.Name))
}

// ---- declarations ----

// TypeDecl is `type Name { field: T, ... }`.
type TypeDecl struct {
	TypePos Pos
	Name    *Ident
	Fields  []*Field
	Rbrace  Pos
}

// Field is `name: T` or `name: T = "gjson.path"`.
type Field struct {
	Name *Ident
	Type TypeExpr
	Path *StringLit // nil: the JSON key is the field name
}

// InputDecl is `input T`: the type of one document.
type InputDecl struct {
	InputPos Pos
	Type     TypeExpr
}

// LetDecl is `let name = e`: a named expression, checked at each use type.
type LetDecl struct {
	LetPos Pos
	Name   *Ident
	Value  Expr
}

// MetricDecl is `metric name = e [by key] [micro | micro(gold) | micro(clip)
// | macro | macro(gold)] [empty = n]`: a reported metric, optionally broken
// down by a field of the matched elements, with its own corpus aggregation
// and its value for an empty side.
type MetricDecl struct {
	MetricPos Pos
	Name      *Ident
	Value     Expr
	By        View // nil: no breakdown
	Average   Average
	AvgPos    Pos // NoPos unless Average is written
	AvgEnd    Pos
	// Empty is `empty = n`: the precision of a prediction whose self-sum
	// is 0 and the recall against such a gold (nil: 0).
	Empty    *NumberLit
	EmptyPos Pos
}

// Average is how a metric aggregates the corpus.
type Average int

// Aggregations: the default (micro, unless the command line says macro),
// micro, macro over all documents, macro over the documents whose gold
// scores more than 0 against itself (SciREX), micro over those documents
// (the MRP 2019 scorer, which counts nothing for a gold graph without
// nodes), and micro with each document's value clipped at 0 before it is
// summed (TAC KBP 2015 EAEL).
const (
	AvgDefault Average = iota
	AvgMicro
	AvgMacro
	AvgMacroGold
	AvgMicroClip
	AvgMicroGold
)

var averageNames = [...]string{AvgDefault: "", AvgMicro: "micro", AvgMacro: "macro", AvgMacroGold: "macro(gold)", AvgMicroClip: "micro(clip)", AvgMicroGold: "micro(gold)"}

func (a Average) String() string { return averageNames[a] }

// ParamDecl is `param name = number`: a named number, overridable from the
// command line (--set name=value).
type ParamDecl struct {
	ParamPos Pos
	Name     *Ident
	Value    *NumberLit // a leading '-' is part of Raw and Value
}

// ConstDecl is `const name = literal`: a string, a number or a set of them,
// for filters.
type ConstDecl struct {
	ConstPos Pos
	Name     *Ident
	Value    Operand // *StringLit, *NumberLit or *SetLit
}

// OntologyDecl is `ontology Name { parent: child, child, ... }`, or
// `ontology Name from "file"` (one "parent child" pair per line), or
// `ontology Name from "file" by "."` (concepts in the first column, a
// concept's parent its name up to the last separator): a type hierarchy,
// which is also the type of the values it classifies.
type OntologyDecl struct {
	OntologyPos Pos
	Name        *Ident
	Rules       []*OntologyRule // inline form
	Rbrace      Pos             // inline form
	From        *StringLit      // file form
	Sep         *StringLit      // file form with a separator; nil otherwise
}

// OntologyRule lists the direct children of one parent concept.
type OntologyRule struct {
	Parent   *Ident
	Children []*Ident
}

func (d *TypeDecl) Pos() Pos   { return d.TypePos }
func (d *TypeDecl) End() Pos   { return d.Rbrace + 1 }
func (d *InputDecl) Pos() Pos  { return d.InputPos }
func (d *InputDecl) End() Pos  { return d.Type.End() }
func (d *LetDecl) Pos() Pos    { return d.LetPos }
func (d *LetDecl) End() Pos    { return d.Value.End() }
func (d *MetricDecl) Pos() Pos { return d.MetricPos }
func (d *MetricDecl) End() Pos {
	switch {
	case d.Empty != nil:
		return d.Empty.End()
	case d.AvgEnd.IsValid():
		return d.AvgEnd
	case d.By != nil:
		return d.By.End()
	}
	return d.Value.End()
}
func (d *OntologyDecl) Pos() Pos { return d.OntologyPos }
func (d *OntologyDecl) End() Pos {
	switch {
	case d.Sep != nil:
		return d.Sep.End()
	case d.From != nil:
		return d.From.End()
	}
	return d.Rbrace + 1
}
func (d *ParamDecl) Pos() Pos { return d.ParamPos }
func (d *ParamDecl) End() Pos { return d.Value.End() }
func (d *ConstDecl) Pos() Pos { return d.ConstPos }
func (d *ConstDecl) End() Pos { return d.Value.End() }

func (f *Field) Pos() Pos { return f.Name.Pos() }
func (f *Field) End() Pos {
	if f.Path != nil {
		return f.Path.End()
	}
	return f.Type.End()
}

func (r *OntologyRule) Pos() Pos { return r.Parent.Pos() }
func (r *OntologyRule) End() Pos {
	if n := len(r.Children); n > 0 {
		return r.Children[n-1].End()
	}
	return r.Parent.End()
}

func (*TypeDecl) declNode()     {}
func (*InputDecl) declNode()    {}
func (*LetDecl) declNode()      {}
func (*MetricDecl) declNode()   {}
func (*OntologyDecl) declNode() {}
func (*ParamDecl) declNode()    {}
func (*ConstDecl) declNode()    {}

// ---- types ----

// NamedType is a type name: int, float, string, bool, var or a record
// name, optionally with type arguments: set<T>, bag<T>, seq<T>.
type NamedType struct {
	Name *Ident
	Args []TypeExpr // nil when written without <...>
	Gt   Pos        // position of the closing '>' when Args != nil
}

// UnionType is `T | U | ...`.
type UnionType struct {
	Alts []TypeExpr
}

func (t *NamedType) Pos() Pos { return t.Name.Pos() }
func (t *NamedType) End() Pos {
	if t.Args != nil {
		return t.Gt + 1
	}
	return t.Name.End()
}
func (t *UnionType) Pos() Pos { return t.Alts[0].Pos() }
func (t *UnionType) End() Pos { return t.Alts[len(t.Alts)-1].End() }

func (*NamedType) typeNode() {}
func (*UnionType) typeNode() {}

// ---- expressions ----

// NumberLit is a numeric constant.
type NumberLit struct {
	ValuePos Pos
	Raw      string
	Value    float64
}

// StringLit is a quoted string; Value is unquoted.
type StringLit struct {
	ValuePos Pos
	Raw      string
	Value    string
}

// Selector is `x.name`; in a corpus metric, `muc.f1`.
type Selector struct {
	X   Expr
	Sel *Ident
}

// Call is `f(a, b)`: a stdlib function such as max, min or ancestor.
type Call struct {
	Fun    *Ident
	Lparen Pos
	Args   []Expr
	Rparen Pos
}

// Project is `e[v]`: e applied to the views v of both compared values.
type Project struct {
	X      Expr
	Lbrack Pos
	View   View
	Rbrack Pos
}

// Normalizer is the letter in front of a matching. Beta is set for F(β)
// and U(β) with a number, BetaName for F(name) and U(name) with a param.
type Normalizer struct {
	NamePos  Pos
	Kind     NormKind
	Beta     *NumberLit
	BetaName *Ident
	EndPos   Pos // just past the letter or the closing ')' of F(β), U(β)
}

// Matching is `N◇[v](e)`, `N◇[v](e, align = a)` or
// `N◇[v](e, align = a, ignore = cond)`.
type Matching struct {
	Norm       *Normalizer
	OpPos      Pos
	Constraint Constraint
	View       View // nil when [v] is omitted
	Lparen     Pos
	Sim        Expr
	Align      Expr // nil unless `align = a` is given
	// Ignore, when given (`ignore = cond`), leaves the gold elements that
	// satisfy it, and the predicted elements matched to them, out of the
	// sums.
	Ignore    Cond
	IgnorePos Pos
	Rparen    Pos
}

// Binary is `x op y` for op in + - * /.
type Binary struct {
	X     Expr
	OpPos Pos
	Op    BinaryOp
	Y     Expr
}

// Unary is `-x`.
type Unary struct {
	OpPos Pos
	X     Expr
}

// Paren is `(x)`. Kept so that printing and positions follow the source.
type Paren struct {
	Lparen Pos
	X      Expr
	Rparen Pos
}

// Iverson is `[[ x op y ]]`: 1 when the comparison holds, else 0.
type Iverson struct {
	Lbrack Pos
	X      Expr
	OpPos  Pos
	Op     CompareOp
	Y      Expr
	EndPos Pos // just past the closing ]] or ⟧
}

func (x *NumberLit) Pos() Pos  { return x.ValuePos }
func (x *NumberLit) End() Pos  { return x.ValuePos + Pos(len(x.Raw)) }
func (x *StringLit) Pos() Pos  { return x.ValuePos }
func (x *StringLit) End() Pos  { return x.ValuePos + Pos(len(x.Raw)) }
func (x *Selector) Pos() Pos   { return x.X.Pos() }
func (x *Selector) End() Pos   { return x.Sel.End() }
func (x *Call) Pos() Pos       { return x.Fun.Pos() }
func (x *Call) End() Pos       { return x.Rparen + 1 }
func (x *Project) Pos() Pos    { return x.X.Pos() }
func (x *Project) End() Pos    { return x.Rbrack + 1 }
func (x *Normalizer) Pos() Pos { return x.NamePos }
func (x *Normalizer) End() Pos { return x.EndPos }
func (x *Matching) Pos() Pos   { return x.Norm.Pos() }
func (x *Matching) End() Pos   { return x.Rparen + 1 }
func (x *Binary) Pos() Pos     { return x.X.Pos() }
func (x *Binary) End() Pos     { return x.Y.End() }
func (x *Unary) Pos() Pos      { return x.OpPos }
func (x *Unary) End() Pos      { return x.X.End() }
func (x *Paren) Pos() Pos      { return x.Lparen }
func (x *Paren) End() Pos      { return x.Rparen + 1 }
func (x *Iverson) Pos() Pos    { return x.Lbrack }
func (x *Iverson) End() Pos    { return x.EndPos }

func (*Ident) exprNode()     {}
func (*NumberLit) exprNode() {}
func (*StringLit) exprNode() {}
func (*Selector) exprNode()  {}
func (*Call) exprNode()      {}
func (*Project) exprNode()   {}
func (*Matching) exprNode()  {}
func (*Binary) exprNode()    {}
func (*Unary) exprNode()     {}
func (*Paren) exprNode()     {}
func (*Iverson) exprNode()   {}

// ---- views ----

// PathView is a field path `a.b.c`, applied to Base (nil: the compared
// value itself).
type PathView struct {
	Base   View
	Fields []*Ident
}

// CallView is a stdlib view `f(v, ...)`, e.g. memberships(entities).
type CallView struct {
	Fun    *Ident
	Lparen Pos
	Args   []View
	Rparen Pos
}

func (v *PathView) Pos() Pos {
	if v.Base != nil {
		return v.Base.Pos()
	}
	return v.Fields[0].Pos()
}
func (v *PathView) End() Pos { return v.Fields[len(v.Fields)-1].End() }
func (v *CallView) Pos() Pos { return v.Fun.Pos() }
func (v *CallView) End() Pos { return v.Rparen + 1 }

func (*PathView) viewNode() {}
func (*CallView) viewNode() {}

// A number can be the argument of a view call: minsize(entities, 2).
func (*NumberLit) viewNode() {}

// A quoted breakdown key, m["B-PER"], is a StringLit in view position.
func (*StringLit) viewNode() {}

// FilterView is `v where cond`: the elements of the collection v that
// satisfy cond.
type FilterView struct {
	X        View
	WherePos Pos
	Cond     Cond
}

// OrderView is `v ordered by edges(src, tgt)`: the collection v with the
// partial order the relation edges (a collection of records beside it)
// declares between its elements, by their id fields: u precedes w when a
// path of edges leads from u.id to w.id.
type OrderView struct {
	X          View
	OrderedPos Pos
	Rel        *PathView
	Src, Tgt   *Ident
	Rparen     Pos
}

func (v *FilterView) Pos() Pos { return v.X.Pos() }
func (v *FilterView) End() Pos { return v.Cond.End() }
func (v *OrderView) Pos() Pos  { return v.X.Pos() }
func (v *OrderView) End() Pos  { return v.Rparen + 1 }

func (*FilterView) viewNode() {}
func (*OrderView) viewNode()  {}

// ---- conditions (filters) ----

// Cond is a condition on an element of a collection, in a filter.
type Cond interface {
	Node
	condNode()
}

// Operand is a value in a condition: a field path of the element (`_` is
// the element itself), a string, a number, a set literal, or the name of a
// const or a param (written as a one-field path; the checker decides).
type Operand interface {
	Node
	operandNode()
}

// SetLit is `{a, b, ...}`: a set of string or number literals.
type SetLit struct {
	Lbrace Pos
	Elems  []Operand // *StringLit or *NumberLit
	Rbrace Pos
}

// CondOp is `and` or `or`.
type CondOp int

// Connectives of conditions.
const (
	CondAnd CondOp = iota
	CondOr
)

func (o CondOp) String() string {
	if o == CondOr {
		return "or"
	}
	return "and"
}

// CondBinary is `x and y` or `x or y`.
type CondBinary struct {
	X     Cond
	OpPos Pos
	Op    CondOp
	Y     Cond
}

// CondNot is `not x`.
type CondNot struct {
	NotPos Pos
	X      Cond
}

// CondParen is `(x)`.
type CondParen struct {
	Lparen Pos
	X      Cond
	Rparen Pos
}

// Compare is `x op y` with op in == != < <= > >=.
type Compare struct {
	X     Operand
	OpPos Pos
	Op    CompareOp
	Y     Operand
}

// CondTruth is an operand alone: a boolean field that must be true.
type CondTruth struct {
	X Operand
}

func (c *CondTruth) Pos() Pos { return c.X.Pos() }
func (c *CondTruth) End() Pos { return c.X.End() }
func (*CondTruth) condNode()  {}

// InSet is `x in s` or `x not in s`.
type InSet struct {
	X     Operand
	Not   bool
	InPos Pos
	Set   Operand
}

func (x *SetLit) Pos() Pos     { return x.Lbrace }
func (x *SetLit) End() Pos     { return x.Rbrace + 1 }
func (c *CondBinary) Pos() Pos { return c.X.Pos() }
func (c *CondBinary) End() Pos { return c.Y.End() }
func (c *CondNot) Pos() Pos    { return c.NotPos }
func (c *CondNot) End() Pos    { return c.X.End() }
func (c *CondParen) Pos() Pos  { return c.Lparen }
func (c *CondParen) End() Pos  { return c.Rparen + 1 }
func (c *Compare) Pos() Pos    { return c.X.Pos() }
func (c *Compare) End() Pos    { return c.Y.End() }
func (c *InSet) Pos() Pos      { return c.X.Pos() }
func (c *InSet) End() Pos      { return c.Set.End() }

func (*CondBinary) condNode() {}
func (*CondNot) condNode()    {}
func (*CondParen) condNode()  {}
func (*Compare) condNode()    {}
func (*InSet) condNode()      {}

func (*PathView) operandNode()  {}
func (*StringLit) operandNode() {}
func (*NumberLit) operandNode() {}
func (*SetLit) operandNode()    {}
