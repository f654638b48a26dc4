package grammar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/metricc/metricc/ast"
)

// Parse parses the spec text named name (a path or a shipped spec name).
// Syntax errors stop the parse at the first one; errors found while
// lowering (a bad normalizer, mismatched brackets) are all collected.
func Parse(name, text string) (*ast.File, ast.ErrorList) {
	src := ast.NewSource(name, text)
	cst, err := parser.ParseString(name, text)
	if err != nil {
		var errs ast.ErrorList
		errs = append(errs, syntaxError(src, err))
		return nil, errs
	}
	l := &lowerer{src: src}
	f := &ast.File{Source: src}
	for _, d := range cst.Decls {
		if decl := l.decl(d); decl != nil {
			f.Decls = append(f.Decls, decl)
		}
	}
	if len(l.errs) > 0 {
		l.errs.Sort()
		return nil, l.errs
	}
	return f, nil
}

// syntaxError turns a participle error into a diagnostic spanning the
// offending token, with "end of file" for <EOF> and a hint for look-alike
// characters.
func syntaxError(src *ast.Source, err error) *ast.Error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &ast.Error{Source: src, Msg: err.Error()}
	}
	pos := ast.PosOf(perr.Position().Offset)
	e := &ast.Error{Source: src, Pos: pos, Msg: perr.Message()}
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		tok := unexpected.Unexpected
		if tok.EOF() {
			e.Msg = strings.Replace(e.Msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
			// Point just past the last text, not at the empty line after a
			// final newline (or after trailing comments and blanks).
			e.Pos = ast.PosOf(len(strings.TrimRight(stripComments(src.Text), " \t\r\n")))
		} else {
			e.End = pos + ast.Pos(len(tok.Value))
			e.Hint = lookalikeHint(tok.Value)
			if keywords[tok.Value] && strings.Contains(e.Msg, "(expected <ident>") {
				// "expected <ident>" alone is puzzling when the word looks like a name.
				e.Hint = fmt.Sprintf("%q is a keyword and cannot be used as a name here", tok.Value)
			}
		}
	}
	e.Msg = strings.TrimPrefix(e.Msg, "lexer: ")
	return e
}

// lookalikes are characters users paste from papers in place of ours.
var lookalikes = map[string]string{
	"∑": "Σ (U+03A3) or S",
	"⇔": "↔ or <->",
	"⟷": "↔ or <->",
	"⇒": "→ or ->",
	"⇐": "← or <-",
	"·": "× or *",
	"∗": "× or *",
	"≈": "∼ or ~",
	"〚": "⟦",
	"〛": "⟧",
}

// stripComments blanks out # comments, keeping offsets.
func stripComments(text string) string {
	b := []byte(text)
	inString := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '"' && (i == 0 || b[i-1] != '\\'):
			inString = !inString
		case b[i] == '#' && !inString:
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

func lookalikeHint(tok string) string {
	if s := lookalikes[tok]; s != "" {
		return "did you mean " + s + "?"
	}
	return ""
}

type lowerer struct {
	src  *ast.Source
	errs ast.ErrorList
}

func (l *lowerer) errorf(pos, end ast.Pos, format string, args ...any) {
	l.errs.Add(l.src, pos, end, fmt.Sprintf(format, args...))
}

func pos(p lexer.Position) ast.Pos { return ast.PosOf(p.Offset) }

func tokEnd(t lexer.Token) ast.Pos { return ast.PosOf(t.Pos.Offset + len(t.Value)) }

// ident is a name as written (fields, views, declarations).
func ident(t lexer.Token) *ast.Ident {
	return &ast.Ident{NamePos: pos(t.Pos), NameEnd: tokEnd(t), Name: t.Value}
}

// exprNames maps the Unicode spellings of builtin names in expression
// position to their ASCII twins.
var exprNames = map[string]string{"δ": "delta"}

func exprIdent(t lexer.Token) *ast.Ident {
	id := ident(t)
	if canon, ok := exprNames[id.Name]; ok {
		id.Name = canon
	}
	return id
}

func (l *lowerer) decl(d *Decl) ast.Decl {
	switch {
	case d.Type != nil:
		td := &ast.TypeDecl{TypePos: pos(d.Type.Pos), Name: ident(d.Type.Name), Rbrace: pos(d.Type.Rbrace.Pos)}
		for _, f := range d.Type.Fields {
			field := &ast.Field{Name: ident(f.Name), Type: l.typeExpr(f.Type)}
			if f.Path != nil {
				field.Path = l.stringLit(*f.Path)
			}
			td.Fields = append(td.Fields, field)
		}
		return td
	case d.Input != nil:
		return &ast.InputDecl{InputPos: pos(d.Input.Pos), Type: l.typeExpr(d.Input.Type)}
	case d.Let != nil:
		return &ast.LetDecl{LetPos: pos(d.Let.Pos), Name: ident(d.Let.Name), Value: l.expr(d.Let.Value)}
	case d.Metric != nil:
		return &ast.MetricDecl{MetricPos: pos(d.Metric.Pos), Name: ident(d.Metric.Name), Value: l.expr(d.Metric.Value)}
	case d.Ontology != nil:
		return l.ontology(d.Ontology)
	}
	panic("grammar: empty declaration")
}

func (l *lowerer) ontology(o *OntologyDecl) ast.Decl {
	od := &ast.OntologyDecl{OntologyPos: pos(o.Pos), Name: ident(o.Name), Rbrace: pos(o.Rbrace.Pos)}
	var cur *ast.OntologyRule
	for _, e := range o.Entries {
		name := ident(e.Name)
		if e.Parent {
			cur = &ast.OntologyRule{Parent: name}
			od.Rules = append(od.Rules, cur)
			continue
		}
		if cur == nil {
			l.errorf(name.Pos(), name.End(), "expected a parent concept and ':' before %q", name.Name)
			continue
		}
		cur.Children = append(cur.Children, name)
	}
	return od
}

func (l *lowerer) stringLit(t lexer.Token) *ast.StringLit {
	lit := &ast.StringLit{ValuePos: pos(t.Pos), Raw: t.Value}
	v, err := strconv.Unquote(t.Value)
	if err != nil {
		l.errorf(lit.Pos(), lit.End(), "invalid string literal %s", t.Value)
	}
	lit.Value = v
	return lit
}

func (l *lowerer) typeExpr(t *TypeExpr) ast.TypeExpr {
	if len(t.Alts) == 1 {
		return l.typeAtom(t.Alts[0])
	}
	u := &ast.UnionType{}
	for _, a := range t.Alts {
		u.Alts = append(u.Alts, l.typeAtom(a))
	}
	return u
}

func (l *lowerer) typeAtom(a *TypeAtom) ast.TypeExpr {
	nt := &ast.NamedType{Name: ident(a.Name)}
	if a.Gt != nil {
		nt.Gt = pos(a.Gt.Pos)
		nt.Args = make([]ast.TypeExpr, 0, len(a.Args))
		for _, arg := range a.Args {
			nt.Args = append(nt.Args, l.typeExpr(arg))
		}
	}
	return nt
}

func (l *lowerer) expr(e *Expr) ast.Expr {
	x := l.term(e.Head)
	for _, t := range e.Tail {
		op := ast.OpAdd
		if t.Op.Value == "-" {
			op = ast.OpSub
		}
		x = &ast.Binary{X: x, OpPos: pos(t.Op.Pos), Op: op, Y: l.term(t.Term)}
	}
	return x
}

func (l *lowerer) term(t *Term) ast.Expr {
	x := l.unary(t.Head)
	for _, u := range t.Tail {
		op := ast.OpMul
		if u.Op.Value == "/" {
			op = ast.OpDiv
		}
		x = &ast.Binary{X: x, OpPos: pos(u.Op.Pos), Op: op, Y: l.unary(u.Unary)}
	}
	return x
}

func (l *lowerer) unary(u *Unary) ast.Expr {
	if u.Minus != nil {
		return &ast.Unary{OpPos: pos(u.Minus.Pos), X: l.unary(u.Neg)}
	}
	x := l.primary(u.Postfix.Primary)
	for _, vb := range u.Postfix.Views {
		x = &ast.Project{X: x, Lbrack: pos(vb.Lbrack.Pos), View: l.view(vb.View), Rbrack: pos(vb.Rbrack.Pos)}
	}
	return x
}

func (l *lowerer) number(t lexer.Token) *ast.NumberLit {
	lit := &ast.NumberLit{ValuePos: pos(t.Pos), Raw: t.Value}
	v, err := strconv.ParseFloat(t.Value, 64)
	if err != nil {
		l.errorf(lit.Pos(), lit.End(), "invalid number %s", t.Value)
	}
	lit.Value = v
	return lit
}

var compareOps = map[string]ast.CompareOp{
	">": ast.OpGT, ">=": ast.OpGE, "≥": ast.OpGE,
	"<": ast.OpLT, "<=": ast.OpLE, "≤": ast.OpLE, "==": ast.OpEQ,
}

func (l *lowerer) primary(p *Primary) ast.Expr {
	switch {
	case p.Number != nil:
		return l.number(*p.Number)
	case p.Paren != nil:
		return &ast.Paren{Lparen: pos(p.Paren.Lparen.Pos), X: l.expr(p.Paren.X), Rparen: pos(p.Paren.Rparen.Pos)}
	case p.Iverson != nil:
		iv := p.Iverson
		last := iv.Close[len(iv.Close)-1]
		x := &ast.Iverson{
			Lbrack: pos(iv.Open[0].Pos), X: l.expr(iv.X),
			OpPos: pos(iv.Op.Pos), Op: compareOps[iv.Op.Value],
			Y: l.expr(iv.Y), EndPos: tokEnd(last),
		}
		if (len(iv.Open) == 1) != (len(iv.Close) == 1) {
			open := "[["
			if len(iv.Open) == 1 {
				open = "⟦"
			}
			l.errorf(pos(iv.Close[0].Pos), tokEnd(last), "Iverson bracket opened with %s must close with %s", open, map[string]string{"[[": "]]", "⟦": "⟧"}[open])
		}
		return x
	case p.Name != nil:
		return l.nameTerm(p.Name)
	}
	panic("grammar: empty primary")
}

// normalizers maps each spelling of a normalizer letter to its kind.
var normalizers = map[string]ast.NormKind{
	"S": ast.NormS, "Σ": ast.NormS, "P": ast.NormP, "R": ast.NormR,
	"F": ast.NormF, "J": ast.NormJ, "N": ast.NormVar,
}

var constraints = map[string]ast.Constraint{
	"<->": ast.OneToOne, "↔": ast.OneToOne,
	"->": ast.ManyToOne, "→": ast.ManyToOne,
	"<-": ast.OneToMany, "←": ast.OneToMany,
	"~": ast.ManyToMany, "∼": ast.ManyToMany,
}

func (l *lowerer) nameTerm(n *NameTerm) ast.Expr {
	var x ast.Expr
	switch {
	case n.Match != nil:
		x = l.matching(n)
	case n.Args != nil:
		call := &ast.Call{Fun: exprIdent(n.Name), Lparen: pos(n.Args.Lparen.Pos), Rparen: pos(n.Args.Rparen.Pos)}
		for _, a := range n.Args.List {
			call.Args = append(call.Args, l.expr(a))
		}
		x = call
	default:
		x = exprIdent(n.Name)
	}
	var dot ast.Pos
	for _, s := range n.Sel {
		if s.Value == "." {
			dot = pos(s.Pos)
			continue
		}
		sel := ident(s)
		if _, isName := x.(*ast.Ident); !isName {
			if _, isSel := x.(*ast.Selector); !isSel {
				l.errorf(dot, sel.End(), "%q can only follow a metric name, as in muc.f1", "."+sel.Name)
			}
		}
		x = &ast.Selector{X: x, Sel: sel}
	}
	return x
}

func (l *lowerer) matching(n *NameTerm) ast.Expr {
	name := n.Name
	norm := &ast.Normalizer{NamePos: pos(name.Pos), EndPos: tokEnd(name)}
	kind, ok := normalizers[name.Value]
	if !ok {
		l.errorf(norm.NamePos, norm.EndPos, "unknown normalizer %q before %s (expected S, P, R, F, J, N or F(β))", name.Value, n.Match.Op.Value)
	}
	norm.Kind = kind
	if n.Args != nil {
		norm.EndPos = pos(n.Args.Rparen.Pos) + 1
		var beta *ast.NumberLit
		if len(n.Args.List) == 1 {
			beta = numberOnly(l.expr(n.Args.List[0]))
		}
		switch {
		case !ok:
			// Already reported: an unknown letter is the one mistake here.
		case kind != ast.NormF:
			l.errorf(norm.NamePos, norm.EndPos, "only F takes a parameter, as in F(0.5)")
		case beta == nil:
			l.errorf(pos(n.Args.Lparen.Pos), norm.EndPos, "F(β) takes one number, as in F(0.5)")
		case beta.Value <= 0:
			l.errorf(beta.Pos(), beta.End(), "β of F(β) must be positive")
		}
		norm.Beta = beta
	}
	m := n.Match
	mt := &ast.Matching{
		Norm: norm, OpPos: pos(m.Op.Pos), Constraint: constraints[m.Op.Value],
		Lparen: pos(m.Lparen.Pos), Sim: l.expr(m.Sim), Rparen: pos(m.Rparen.Pos),
	}
	if m.View != nil {
		mt.View = l.view(m.View.View)
	}
	if m.Align != nil {
		mt.Align = l.expr(m.Align)
	}
	return mt
}

// numberOnly returns e when it is a number literal.
func numberOnly(e ast.Expr) *ast.NumberLit {
	n, _ := e.(*ast.NumberLit)
	return n
}

func (l *lowerer) view(v *View) ast.View {
	a := v.Atom
	var base ast.View
	var fields []*ast.Ident
	if a.Lparen != nil {
		call := &ast.CallView{Fun: ident(a.Name), Lparen: pos(a.Lparen.Pos), Rparen: pos(a.Rparen.Pos)}
		for _, arg := range a.Args {
			if arg.Number != nil {
				call.Args = append(call.Args, l.number(*arg.Number))
			} else {
				call.Args = append(call.Args, l.view(arg.View))
			}
		}
		base = call
	} else {
		fields = append(fields, ident(a.Name))
	}
	for _, f := range v.Fields {
		if f.Value != "." {
			fields = append(fields, ident(f))
		}
	}
	if len(fields) == 0 {
		return base
	}
	return &ast.PathView{Base: base, Fields: fields}
}
