// Package grammar parses .metric specs. It is the only package that knows
// participle: the structs below are a concrete syntax tree shaped by the
// parser's needs (one struct per production, precedence as levels), and
// lower.go turns them into package ast.
//
// Every production is decided by its first token (participle's default
// lookahead of 1), so error messages name the production that failed.
package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Token-valued fields: each keeps the token's text and position.
type (
	// Name is an identifier token.
	Name = lexer.Token
	// FieldName is an identifier or a keyword used as a field name.
	FieldName = lexer.Token
	// Punct is an operator or punctuation token.
	Punct = lexer.Token
	// Number is a numeric literal token.
	Number = lexer.Token
	// String is a quoted string token, still quoted.
	String = lexer.Token
)

// File = Decl* .
type File struct {
	Decls []*Decl `parser:"@@*"`
}

// Decl = TypeDecl | InputDecl | LetDecl | MetricDecl | OntologyDecl
//
//	| ParamDecl | ConstDecl .
type Decl struct {
	Type     *TypeDecl     `parser:"  @@"`
	Input    *InputDecl    `parser:"| @@"`
	Let      *LetDecl      `parser:"| @@"`
	Metric   *MetricDecl   `parser:"| @@"`
	Ontology *OntologyDecl `parser:"| @@"`
	Param    *ParamDecl    `parser:"| @@"`
	Const    *ConstDecl    `parser:"| @@"`
}

// TypeDecl = "type" Ident "{" (Field ","?)* "}" .
type TypeDecl struct {
	Pos    lexer.Position
	Name   Name     `parser:"'type' @Ident '{'"`
	Fields []*Field `parser:"(@@ ','?)*"`
	Rbrace Punct    `parser:"@'}'"`
}

// Field = FieldName ":" TypeExpr ("=" String)? .
// A field name may be a keyword: the paper's records have a field `type`.
type Field struct {
	Name FieldName `parser:"@(Ident | Keyword) ':'"`
	Type *TypeExpr `parser:"@@"`
	Path *String   `parser:"('=' @String)?"`
}

// InputDecl = "input" TypeExpr .
type InputDecl struct {
	Pos  lexer.Position
	Type *TypeExpr `parser:"'input' @@"`
}

// LetDecl = "let" Ident "=" Expr .
type LetDecl struct {
	Pos   lexer.Position
	Name  Name  `parser:"'let' @Ident '='"`
	Value *Expr `parser:"@@"`
}

// MetricDecl = "metric" Ident "=" Expr ("by" View)? Average? Empty? .
type MetricDecl struct {
	Pos   lexer.Position
	Name  Name     `parser:"'metric' @Ident '='"`
	Value *Expr    `parser:"@@"`
	By    *View    `parser:"('by' @@)?"`
	Avg   *Average `parser:"@@?"`
	Empty *Empty   `parser:"@@?"`
}

// Empty = "empty" "=" Number .
type Empty struct {
	Kw    Name   `parser:"@'empty' '='"`
	Value Number `parser:"@Number"`
}

// Average = ("micro" | "macro") ("(" ("gold" | "clip") ")")? .
type Average struct {
	Kind  Name   `parser:"@('micro' | 'macro')"`
	Gold  *Name  `parser:"('(' @('gold' | 'clip')"`
	Close *Punct `parser:" @')')?"`
}

// ParamDecl = "param" Ident "=" "-"? Number .
type ParamDecl struct {
	Pos   lexer.Position
	Name  Name    `parser:"'param' @Ident '='"`
	Value *Scalar `parser:"@@"`
}

// ConstDecl = "const" Ident "=" (SetLiteral | Scalar) .
type ConstDecl struct {
	Pos    lexer.Position
	Name   Name        `parser:"'const' @Ident '='"`
	Set    *SetLiteral `parser:"(  @@"`
	Scalar *Scalar     `parser:" | @@)"`
}

// SetLiteral = "{" (Scalar ("," Scalar)*)? "}" .
type SetLiteral struct {
	Lbrace Punct     `parser:"@'{'"`
	Elems  []*Scalar `parser:"(@@ (',' @@)*)?"`
	Rbrace Punct     `parser:"@'}'"`
}

// Scalar = String | "-"? Number .
type Scalar struct {
	String *String `parser:"  @String"`
	Minus  *Punct  `parser:"| (@'-'?"`
	Number *Number `parser:"   @Number)"`
}

// OntologyDecl = "ontology" Ident ("from" String ("by" String)? | "{" OntologyEntry* "}") .
// Entries are flat: a name followed by ":" opens a parent, the names after
// it (comma separated) are its children, until the next parent.
type OntologyDecl struct {
	Pos     lexer.Position
	Name    Name             `parser:"'ontology' @Ident"`
	From    *String          `parser:"(  'from' @String"`
	Sep     *String          `parser:"   ('by' @String)?"`
	Lbrace  *Punct           `parser:" | @'{'"`
	Entries []*OntologyEntry `parser:"   @@*"`
	Rbrace  *Punct           `parser:"   @'}')"`
}

// OntologyEntry = (Ident | Keyword | String) ":"? (","|";")? .
type OntologyEntry struct {
	Name   Name `parser:"@(Ident | Keyword | String)"`
	Parent bool `parser:"@':'? (',' | ';')?"`
}

// TypeExpr = TypeAtom ("|" TypeAtom)* .
type TypeExpr struct {
	Alts []*TypeAtom `parser:"@@ ('|' @@)*"`
}

// TypeAtom = Ident ("<" TypeExpr ("," TypeExpr)* ">")? .
type TypeAtom struct {
	Name Name        `parser:"@Ident"`
	Args []*TypeExpr `parser:"('<' @@ (',' @@)*"`
	Gt   *Punct      `parser:" @'>')?"`
}

// Expr = Term (("+" | "-") Term)* .
type Expr struct {
	Head *Term     `parser:"@@"`
	Tail []*OpTerm `parser:"@@*"`
}

// OpTerm is one `+ Term` or `- Term` of an Expr.
type OpTerm struct {
	Op   Punct `parser:"@('+' | '-')"`
	Term *Term `parser:"@@"`
}

// Term = Unary (("*" | "×" | "/") Unary)* .
type Term struct {
	Head *Unary     `parser:"@@"`
	Tail []*OpUnary `parser:"@@*"`
}

// OpUnary is one `* Unary` or `/ Unary` of a Term.
type OpUnary struct {
	Op    Punct  `parser:"@('*' | '×' | '/')"`
	Unary *Unary `parser:"@@"`
}

// Unary = "-" Unary | Postfix .
type Unary struct {
	Minus   *Punct   `parser:"  @'-'"`
	Neg     *Unary   `parser:"  @@"`
	Postfix *Postfix `parser:"| @@"`
}

// Postfix = Primary ("[" View "]")* ("." FieldName)* .
// The selectors after brackets pick a value of a metric's breakdown row
// (all[labels].f1); a name's own selectors (muc.f1) are NameTerm's.
type Postfix struct {
	Primary *Primary     `parser:"@@"`
	Views   []*ViewBrack `parser:"@@*"`
	Sel     []FieldName  `parser:"@(('.' (Ident | Keyword))*)"`
}

// ViewBrack = "[" (String | View Where? Order?) "]" .
//
// A quoted string in brackets is a key of a breakdown row that is not a
// name (ner["B-PER"], deprel["nmod:poss"]); typecheck allows it there
// only.
type ViewBrack struct {
	Lbrack Punct   `parser:"@'['"`
	Key    *String `parser:"(  @String"`
	View   *View   `parser:" | @@"`
	Where  *Where  `parser:"   @@?"`
	Order  *Order  `parser:"   @@? )"`
	Rbrack Punct   `parser:"@']'"`
}

// Where = "where" Cond .
type Where struct {
	Kw   Name  `parser:"@'where'"`
	Cond *Cond `parser:"@@"`
}

// Order = "ordered" "by" FieldName ("." FieldName)* "(" FieldName "," FieldName ")" .
type Order struct {
	Kw     Name        `parser:"@'ordered' 'by'"`
	Head   FieldName   `parser:"@(Ident | Keyword)"`
	Rest   []FieldName `parser:"@(('.' (Ident | Keyword))*)"`
	Lparen Punct       `parser:"@'('"`
	Src    FieldName   `parser:"@(Ident | Keyword) ','"`
	Tgt    FieldName   `parser:"@(Ident | Keyword)"`
	Rparen Punct       `parser:"@')'"`
}

// Cond = CondAnd ("or" CondAnd)* .
type Cond struct {
	Head *CondAnd  `parser:"@@"`
	Tail []*CondOr `parser:"@@*"`
}

// CondOr is one `or CondAnd` of a Cond.
type CondOr struct {
	Op Name     `parser:"@'or'"`
	X  *CondAnd `parser:"@@"`
}

// CondAnd = CondNot ("and" CondNot)* .
type CondAnd struct {
	Head *CondNot      `parser:"@@"`
	Tail []*CondAndArg `parser:"@@*"`
}

// CondAndArg is one `and CondNot` of a CondAnd.
type CondAndArg struct {
	Op Name     `parser:"@'and'"`
	X  *CondNot `parser:"@@"`
}

// CondNot = "not" CondNot | CondAtom .
type CondNot struct {
	Not  *Name     `parser:"  @'not'"`
	X    *CondNot  `parser:"  @@"`
	Atom *CondAtom `parser:"| @@"`
}

// CondAtom = "(" Cond ")" | Operand (CompareOp Operand | "not"? "in" Operand)? .
// An operand alone is a boolean field.
type CondAtom struct {
	Lparen *Punct   `parser:"  @'('"`
	Paren  *Cond    `parser:"  @@"`
	Rparen *Punct   `parser:"  @')'"`
	X      *Operand `parser:"| @@"`
	Op     *Punct   `parser:"  (  @('==' | '!=' | '>=' | '≥' | '<=' | '≤' | '>' | '<')"`
	Y      *Operand `parser:"     @@"`
	NotIn  *Name    `parser:"   | @'not'?"`
	In     *Name    `parser:"     @'in'"`
	Set    *Operand `parser:"     @@ )?"`
}

// Operand = SetLiteral | Scalar | View .
type Operand struct {
	Set    *SetLiteral `parser:"  @@"`
	Scalar *Scalar     `parser:"| @@"`
	View   *View       `parser:"| @@"`
}

// Primary = Number | Iverson | Paren | NameTerm .
type Primary struct {
	Number  *Number   `parser:"  @Number"`
	Iverson *Iverson  `parser:"| @@"`
	Paren   *Paren    `parser:"| @@"`
	Name    *NameTerm `parser:"| @@"`
}

// Iverson = ("[" "[" | "⟦") Expr CompareOp Expr ("]" "]" | "⟧") .
type Iverson struct {
	Open  []Punct `parser:"@('⟦' | '[' '[')"`
	X     *Expr   `parser:"@@"`
	Op    Punct   `parser:"@('>=' | '≥' | '<=' | '≤' | '==' | '>' | '<')"`
	Y     *Expr   `parser:"@@"`
	Close []Punct `parser:"@('⟧' | ']' ']')"`
}

// Paren = "(" Expr ")" .
type Paren struct {
	Lparen Punct `parser:"@'('"`
	X      *Expr `parser:"@@"`
	Rparen Punct `parser:"@')'"`
}

// NameTerm = Ident Args? MatchTail? ("." FieldName)* .
//
// One production covers a name (`delta`, `phi3`), a call (`max(0, x)`), a
// matching (`F<->[v](e)`, `F(0.5)<->(e)`) and a corpus reference
// (`muc.f1`): they share a first token, and factoring them keeps the
// grammar at lookahead 1. The lowering tells them apart.
type NameTerm struct {
	Name  Name        `parser:"@Ident"`
	Args  *Args       `parser:"@@?"`
	Match *MatchTail  `parser:"@@?"`
	Sel   []FieldName `parser:"@(('.' (Ident | Keyword))*)"` // dots included: see View
}

// Args = "(" (Expr ("," Expr)*)? ")" .
type Args struct {
	Lparen Punct   `parser:"@'('"`
	List   []*Expr `parser:"(@@ (',' @@)*)?"`
	Rparen Punct   `parser:"@')'"`
}

// MatchTail = Constraint ViewBrack? "(" Expr ("," MatchOpt)* ")" .
type MatchTail struct {
	Op     Punct       `parser:"@('<->' | '↔' | '->' | '→' | '<-' | '←' | '~' | '∼')"`
	View   *ViewBrack  `parser:"@@?"`
	Lparen Punct       `parser:"@'('"`
	Sim    *Expr       `parser:"@@"`
	Opts   []*MatchOpt `parser:"(',' @@)*"`
	Rparen Punct       `parser:"@')'"`
}

// MatchOpt = "align" "=" Expr | "ignore" "=" Cond .
type MatchOpt struct {
	Align  *Name `parser:"(  @'align' '='"`
	AlignX *Expr `parser:"   @@"`
	Ignore *Name `parser:" | @'ignore' '='"`
	Cond   *Cond `parser:"   @@)"`
}

// View = ViewAtom ("." FieldName)* .
//
// Fields (and NameTerm.Sel) capture the whole repetition at once, '.'
// tokens included, which the lowering skips: participle overwrites a
// []lexer.Token field at every capture, so `('.' @Ident)*` would keep only
// the last name of a.b.c.
type View struct {
	Atom   *ViewAtom   `parser:"@@"`
	Fields []FieldName `parser:"@(('.' (Ident | Keyword))*)"`
}

// ViewAtom = FieldName ("(" ViewArg ("," ViewArg)* ")")? .
type ViewAtom struct {
	Name   FieldName  `parser:"@(Ident | Keyword)"`
	Lparen *Punct     `parser:"(@'('"`
	Args   []*ViewArg `parser:" @@ (',' @@)*"`
	Rparen *Punct     `parser:" @')')?"`
}

// ViewArg = Number | View .
type ViewArg struct {
	Number *Number `parser:"  @Number"`
	View   *View   `parser:"| @@"`
}
