// Package grammar parses .metric specs. It is the only package that knows
// participle: the structs below are a concrete syntax tree shaped by the
// parser's needs (one struct per production, precedence as levels), and
// lower.go turns them into package ast. The tree stays inside the package:
// its API is Parse, MaxNesting and EBNF.
//
// Each struct's comment is its production as EBNF prints it (participle
// capitalizes the type's name); the fields are exported because participle
// fills them by reflection, the types are not.
//
// Every production is decided by its first token (participle's default
// lookahead of 1), so error messages name the production that failed.
package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Token-valued fields: each keeps the token's text and position.
type (
	// nameTok is an identifier token.
	nameTok = lexer.Token
	// fieldNameTok is an identifier or a keyword used as a field name.
	fieldNameTok = lexer.Token
	// punctTok is an operator or punctuation token.
	punctTok = lexer.Token
	// numberTok is a numeric literal token.
	numberTok = lexer.Token
	// stringTok is a quoted string token, still quoted.
	stringTok = lexer.Token
)

// File = Decl* .
type file struct {
	Decls []*decl `parser:"@@*"`
}

// Decl = TypeDecl | InputDecl | LetDecl | MetricDecl | OntologyDecl
//
//	| ParamDecl | ConstDecl .
type decl struct {
	Type     *typeDecl     `parser:"  @@"`
	Input    *inputDecl    `parser:"| @@"`
	Let      *letDecl      `parser:"| @@"`
	Metric   *metricDecl   `parser:"| @@"`
	Ontology *ontologyDecl `parser:"| @@"`
	Param    *paramDecl    `parser:"| @@"`
	Const    *constDecl    `parser:"| @@"`
}

// TypeDecl = "type" Ident "{" (Field ","?)* "}" .
type typeDecl struct {
	Pos    lexer.Position
	Name   nameTok  `parser:"'type' @Ident '{'"`
	Fields []*field `parser:"(@@ ','?)*"`
	Rbrace punctTok `parser:"@'}'"`
}

// Field = FieldName ":" TypeExpr ("=" String)? .
// A field name may be a keyword: the paper's records have a field `type`.
type field struct {
	Name fieldNameTok `parser:"@(Ident | Keyword) ':'"`
	Type *typeExpr    `parser:"@@"`
	Path *stringTok   `parser:"('=' @String)?"`
}

// InputDecl = "input" TypeExpr .
type inputDecl struct {
	Pos  lexer.Position
	Type *typeExpr `parser:"'input' @@"`
}

// LetDecl = "let" Ident "=" Expr .
type letDecl struct {
	Pos   lexer.Position
	Name  nameTok `parser:"'let' @Ident '='"`
	Value *expr   `parser:"@@"`
}

// MetricDecl = "metric" Ident "=" Expr ("by" View)? Average? Empty? .
type metricDecl struct {
	Pos   lexer.Position
	Name  nameTok  `parser:"'metric' @Ident '='"`
	Value *expr    `parser:"@@"`
	By    *view    `parser:"('by' @@)?"`
	Avg   *average `parser:"@@?"`
	Empty *empty   `parser:"@@?"`
}

// Empty = "empty" "=" Number .
type empty struct {
	Kw    nameTok   `parser:"@'empty' '='"`
	Value numberTok `parser:"@Number"`
}

// Average = ("micro" | "macro") ("(" ("gold" | "clip") ")")? .
type average struct {
	Kind  nameTok   `parser:"@('micro' | 'macro')"`
	Gold  *nameTok  `parser:"('(' @('gold' | 'clip')"`
	Close *punctTok `parser:" @')')?"`
}

// ParamDecl = "param" Ident "=" "-"? Number .
type paramDecl struct {
	Pos   lexer.Position
	Name  nameTok `parser:"'param' @Ident '='"`
	Value *scalar `parser:"@@"`
}

// ConstDecl = "const" Ident "=" (SetLiteral | Scalar) .
type constDecl struct {
	Pos    lexer.Position
	Name   nameTok     `parser:"'const' @Ident '='"`
	Set    *setLiteral `parser:"(  @@"`
	Scalar *scalar     `parser:" | @@)"`
}

// SetLiteral = "{" (Scalar ("," Scalar)*)? "}" .
type setLiteral struct {
	Lbrace punctTok  `parser:"@'{'"`
	Elems  []*scalar `parser:"(@@ (',' @@)*)?"`
	Rbrace punctTok  `parser:"@'}'"`
}

// Scalar = String | "-"? Number .
type scalar struct {
	String *stringTok `parser:"  @String"`
	Minus  *punctTok  `parser:"| (@'-'?"`
	Number *numberTok `parser:"   @Number)"`
}

// OntologyDecl = "ontology" Ident ("from" String ("by" String)? | "{" OntologyEntry* "}") .
// Entries are flat: a name followed by ":" opens a parent, the names after
// it (comma separated) are its children, until the next parent.
type ontologyDecl struct {
	Pos     lexer.Position
	Name    nameTok          `parser:"'ontology' @Ident"`
	From    *stringTok       `parser:"(  'from' @String"`
	Sep     *stringTok       `parser:"   ('by' @String)?"`
	Lbrace  *punctTok        `parser:" | @'{'"`
	Entries []*ontologyEntry `parser:"   @@*"`
	Rbrace  *punctTok        `parser:"   @'}')"`
}

// OntologyEntry = (Ident | Keyword | String) ":"? (","|";")? .
type ontologyEntry struct {
	Name   nameTok `parser:"@(Ident | Keyword | String)"`
	Parent bool    `parser:"@':'? (',' | ';')?"`
}

// TypeExpr = TypeAtom ("|" TypeAtom)* .
type typeExpr struct {
	Alts []*typeAtom `parser:"@@ ('|' @@)*"`
}

// TypeAtom = Ident ("<" TypeExpr ("," TypeExpr)* ">")? .
type typeAtom struct {
	Name nameTok     `parser:"@Ident"`
	Args []*typeExpr `parser:"('<' @@ (',' @@)*"`
	Gt   *punctTok   `parser:" @'>')?"`
}

// Expr = Term (("+" | "-") Term)* .
type expr struct {
	Head *term     `parser:"@@"`
	Tail []*opTerm `parser:"@@*"`
}

// OpTerm is one `+ Term` or `- Term` of an Expr.
type opTerm struct {
	Op   punctTok `parser:"@('+' | '-')"`
	Term *term    `parser:"@@"`
}

// Term = Unary (("*" | "×" | "/") Unary)* .
type term struct {
	Head *unary     `parser:"@@"`
	Tail []*opUnary `parser:"@@*"`
}

// OpUnary is one `* Unary` or `/ Unary` of a Term.
type opUnary struct {
	Op    punctTok `parser:"@('*' | '×' | '/')"`
	Unary *unary   `parser:"@@"`
}

// Unary = "-" Unary | Postfix .
type unary struct {
	Minus   *punctTok `parser:"  @'-'"`
	Neg     *unary    `parser:"  @@"`
	Postfix *postfix  `parser:"| @@"`
}

// Postfix = Primary ("[" View "]")* ("." FieldName)* .
// The selectors after brackets pick a value of a metric's breakdown row
// (all[labels].f1); a name's own selectors (muc.f1) are NameTerm's.
type postfix struct {
	Primary *primary       `parser:"@@"`
	Views   []*viewBrack   `parser:"@@*"`
	Sel     []fieldNameTok `parser:"@(('.' (Ident | Keyword))*)"`
}

// ViewBrack = "[" (String | View Where? Order?) "]" .
//
// A quoted string in brackets is a key of a breakdown row that is not a
// name (ner["B-PER"], deprel["nmod:poss"]); typecheck allows it there
// only.
type viewBrack struct {
	Lbrack punctTok   `parser:"@'['"`
	Key    *stringTok `parser:"(  @String"`
	View   *view      `parser:" | @@"`
	Where  *where     `parser:"   @@?"`
	Order  *order     `parser:"   @@? )"`
	Rbrack punctTok   `parser:"@']'"`
}

// Where = "where" Cond .
type where struct {
	Kw   nameTok `parser:"@'where'"`
	Cond *cond   `parser:"@@"`
}

// Order = "ordered" "by" FieldName ("." FieldName)* "(" FieldName "," FieldName ")" .
type order struct {
	Kw     nameTok        `parser:"@'ordered' 'by'"`
	Head   fieldNameTok   `parser:"@(Ident | Keyword)"`
	Rest   []fieldNameTok `parser:"@(('.' (Ident | Keyword))*)"`
	Lparen punctTok       `parser:"@'('"`
	Src    fieldNameTok   `parser:"@(Ident | Keyword) ','"`
	Tgt    fieldNameTok   `parser:"@(Ident | Keyword)"`
	Rparen punctTok       `parser:"@')'"`
}

// Cond = CondAnd ("or" CondAnd)* .
type cond struct {
	Head *condAnd  `parser:"@@"`
	Tail []*condOr `parser:"@@*"`
}

// CondOr is one `or CondAnd` of a Cond.
type condOr struct {
	Op nameTok  `parser:"@'or'"`
	X  *condAnd `parser:"@@"`
}

// CondAnd = CondNot ("and" CondNot)* .
type condAnd struct {
	Head *condNot      `parser:"@@"`
	Tail []*condAndArg `parser:"@@*"`
}

// CondAndArg is one `and CondNot` of a CondAnd.
type condAndArg struct {
	Op nameTok  `parser:"@'and'"`
	X  *condNot `parser:"@@"`
}

// CondNot = "not" CondNot | CondAtom .
type condNot struct {
	Not  *nameTok  `parser:"  @'not'"`
	X    *condNot  `parser:"  @@"`
	Atom *condAtom `parser:"| @@"`
}

// CondAtom = "(" Cond ")" | Operand (CompareOp Operand | "not"? "in" Operand)? .
// An operand alone is a boolean field.
type condAtom struct {
	Lparen *punctTok `parser:"  @'('"`
	Paren  *cond     `parser:"  @@"`
	Rparen *punctTok `parser:"  @')'"`
	X      *operand  `parser:"| @@"`
	Op     *punctTok `parser:"  (  @('==' | '!=' | '>=' | '≥' | '<=' | '≤' | '>' | '<')"`
	Y      *operand  `parser:"     @@"`
	NotIn  *nameTok  `parser:"   | @'not'?"`
	In     *nameTok  `parser:"     @'in'"`
	Set    *operand  `parser:"     @@ )?"`
}

// Operand = SetLiteral | Scalar | View .
type operand struct {
	Set    *setLiteral `parser:"  @@"`
	Scalar *scalar     `parser:"| @@"`
	View   *view       `parser:"| @@"`
}

// Primary = Number | Iverson | Paren | NameTerm .
type primary struct {
	Number  *numberTok `parser:"  @Number"`
	Iverson *iverson   `parser:"| @@"`
	Paren   *paren     `parser:"| @@"`
	Name    *nameTerm  `parser:"| @@"`
}

// Iverson = ("[" "[" | "⟦") Expr CompareOp Expr ("]" "]" | "⟧") .
type iverson struct {
	Open  []punctTok `parser:"@('⟦' | '[' '[')"`
	X     *expr      `parser:"@@"`
	Op    punctTok   `parser:"@('>=' | '≥' | '<=' | '≤' | '==' | '>' | '<')"`
	Y     *expr      `parser:"@@"`
	Close []punctTok `parser:"@('⟧' | ']' ']')"`
}

// Paren = "(" Expr ")" .
type paren struct {
	Lparen punctTok `parser:"@'('"`
	X      *expr    `parser:"@@"`
	Rparen punctTok `parser:"@')'"`
}

// NameTerm = Ident Args? MatchTail? ("." FieldName)* .
//
// One production covers a name (`delta`, `phi3`), a call (`max(0, x)`), a
// matching (`F<->[v](e)`, `F(0.5)<->(e)`) and a corpus reference
// (`muc.f1`): they share a first token, and factoring them keeps the
// grammar at lookahead 1. The lowering tells them apart.
type nameTerm struct {
	Name  nameTok        `parser:"@Ident"`
	Args  *args          `parser:"@@?"`
	Match *matchTail     `parser:"@@?"`
	Sel   []fieldNameTok `parser:"@(('.' (Ident | Keyword))*)"` // dots included: see View
}

// Args = "(" (Expr ("," Expr)*)? ")" .
type args struct {
	Lparen punctTok `parser:"@'('"`
	List   []*expr  `parser:"(@@ (',' @@)*)?"`
	Rparen punctTok `parser:"@')'"`
}

// MatchTail = Constraint ViewBrack? "(" Expr ("," MatchOpt)* ")" .
type matchTail struct {
	Op     punctTok    `parser:"@('<->' | '↔' | '->' | '→' | '<-' | '←' | '~' | '∼')"`
	View   *viewBrack  `parser:"@@?"`
	Lparen punctTok    `parser:"@'('"`
	Sim    *expr       `parser:"@@"`
	Opts   []*matchOpt `parser:"(',' @@)*"`
	Rparen punctTok    `parser:"@')'"`
}

// MatchOpt = "align" "=" Expr | "ignore" "=" Cond .
type matchOpt struct {
	Align  *nameTok `parser:"(  @'align' '='"`
	AlignX *expr    `parser:"   @@"`
	Ignore *nameTok `parser:" | @'ignore' '='"`
	Cond   *cond    `parser:"   @@)"`
}

// View = ViewAtom ("." FieldName)* .
//
// Fields (and NameTerm.Sel) capture the whole repetition at once, '.'
// tokens included, which the lowering skips: participle overwrites a
// []lexer.Token field at every capture, so `('.' @Ident)*` would keep only
// the last name of a.b.c.
type view struct {
	Atom   *viewAtom      `parser:"@@"`
	Fields []fieldNameTok `parser:"@(('.' (Ident | Keyword))*)"`
}

// ViewAtom = FieldName ("(" ViewArg ("," ViewArg)* ")")? .
type viewAtom struct {
	Name   fieldNameTok `parser:"@(Ident | Keyword)"`
	Lparen *punctTok    `parser:"(@'('"`
	Args   []*viewArg   `parser:" @@ (',' @@)*"`
	Rparen *punctTok    `parser:" @')')?"`
}

// ViewArg = Number | View .
type viewArg struct {
	Number *numberTok `parser:"  @Number"`
	View   *view      `parser:"| @@"`
}
