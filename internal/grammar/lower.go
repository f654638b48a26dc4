package grammar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/metricc/metricc/internal/ast"
)

// Parse parses the spec text named name (a path or a shipped spec name).
// Syntax errors stop the parse at the first one; errors found while
// lowering (a bad normalizer, mismatched brackets) are all collected.
func Parse(name, text string) (*ast.File, ast.ErrorList) {
	src := ast.NewSource(name, text)
	if e := checkNesting(src, name, text); e != nil {
		return nil, ast.ErrorList{e}
	}
	cst, err := parser().ParseString(name, text)
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
			if key, ok := unquotedKey(src.Text, perr.Position().Offset); ok && strings.Contains(e.Msg, `(expected "]")`) {
				// m[B-PER]: a breakdown key with a "-" or ":" must be quoted.
				e.Hint = fmt.Sprintf("a breakdown key that is not a name is quoted: [%q]", key)
			}
			if keywords[tok.Value] && strings.Contains(e.Msg, "(expected <ident>") {
				// "expected <ident>" alone is puzzling when the word looks like a name.
				e.Hint = fmt.Sprintf("%q is a keyword and cannot be used as a name here", tok.Value)
			}
		}
	}
	e.Msg = strings.TrimPrefix(e.Msg, "lexer: ")
	return e
}

// unquotedKey returns the text between the "[" before offset and the "]"
// after it, on one line, when it looks like a breakdown key written
// without quotes (B-PER, nmod:poss, Cause-Effect(e1,e2)).
func unquotedKey(text string, offset int) (string, bool) {
	if offset > len(text) {
		return "", false
	}
	open := strings.LastIndexAny(text[:offset], "[\n")
	if open < 0 || text[open] != '[' {
		return "", false
	}
	rest := text[open+1:]
	closeAt := strings.IndexAny(rest, "]\n")
	if closeAt <= 0 || rest[closeAt] != ']' {
		return "", false
	}
	key := strings.TrimSpace(rest[:closeAt])
	if key == "" || strings.ContainsAny(key, "\"[ ") {
		return "", false
	}
	return key, true
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
			for ; i < len(b) && b[i] != '\n' && b[i] != '\r'; i++ {
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

func (l *lowerer) decl(d *decl) ast.Decl {
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
		return l.metric(d.Metric)
	case d.Ontology != nil:
		return l.ontology(d.Ontology)
	case d.Param != nil:
		pd := &ast.ParamDecl{ParamPos: pos(d.Param.Pos), Name: ident(d.Param.Name)}
		if v, ok := l.scalar(d.Param.Value).(*ast.NumberLit); ok {
			pd.Value = v
		} else {
			str := l.scalar(d.Param.Value)
			l.errorf(str.Pos(), str.End(), "a param is a number, as in param cutoff = 0.7; use const for a string")
			pd.Value = &ast.NumberLit{ValuePos: str.Pos(), Raw: "0"}
		}
		return pd
	case d.Const != nil:
		cd := &ast.ConstDecl{ConstPos: pos(d.Const.Pos), Name: ident(d.Const.Name)}
		if d.Const.Set != nil {
			cd.Value = l.setLit(d.Const.Set)
		} else {
			cd.Value = l.scalar(d.Const.Scalar)
		}
		return cd
	}
	panic("grammar: empty declaration")
}

func (l *lowerer) metric(m *metricDecl) ast.Decl {
	md := &ast.MetricDecl{MetricPos: pos(m.Pos), Name: ident(m.Name), Value: l.expr(m.Value)}
	if m.By != nil {
		md.By = l.view(m.By)
	}
	if a := m.Avg; a != nil {
		md.AvgPos, md.AvgEnd = pos(a.Kind.Pos), tokEnd(a.Kind)
		md.Average = ast.AvgMicro
		if a.Kind.Value == "macro" {
			md.Average = ast.AvgMacro
		}
		if a.Gold != nil {
			md.AvgEnd = tokEnd(*a.Close)
			switch {
			case a.Gold.Value == "clip" && md.Average == ast.AvgMacro:
				l.errorf(md.AvgPos, md.AvgEnd, "macro averages per-document values; only micro takes (clip), which sums each document's value clipped at 0")
			case a.Gold.Value == "clip":
				md.Average = ast.AvgMicroClip
			case md.Average == ast.AvgMicro:
				md.Average = ast.AvgMicroGold
			default:
				md.Average = ast.AvgMacroGold
			}
		}
	}
	if e := m.Empty; e != nil {
		md.EmptyPos, md.Empty = pos(e.Kw.Pos), l.number(e.Value)
	}
	return md
}

// scalar lowers a string or a (possibly negative) number.
func (l *lowerer) scalar(sc *scalar) ast.Operand {
	if sc.String != nil {
		return l.stringLit(*sc.String)
	}
	n := l.number(*sc.Number)
	if sc.Minus != nil {
		n.ValuePos = pos(sc.Minus.Pos)
		n.Raw = "-" + n.Raw
		n.Value = -n.Value
		if sc.Minus.Pos.Offset+1 != sc.Number.Pos.Offset {
			// Keep Raw the text between the positions it spans.
			n.Raw = "-" + sc.Number.Value
		}
	}
	return n
}

func (l *lowerer) setLit(sl *setLiteral) *ast.SetLit {
	set := &ast.SetLit{Lbrace: pos(sl.Lbrace.Pos), Rbrace: pos(sl.Rbrace.Pos)}
	for _, e := range sl.Elems {
		set.Elems = append(set.Elems, l.scalar(e))
	}
	return set
}

// concept is an ontology concept name: an identifier or a quoted string.
func (l *lowerer) concept(t lexer.Token) *ast.Ident {
	id := ident(t)
	if strings.HasPrefix(t.Value, `"`) {
		id.Name = l.stringLit(t).Value
	}
	return id
}

func (l *lowerer) ontology(o *ontologyDecl) ast.Decl {
	od := &ast.OntologyDecl{OntologyPos: pos(o.Pos), Name: ident(o.Name)}
	if o.From != nil {
		od.From = l.stringLit(*o.From)
		if o.Sep != nil {
			od.Sep = l.stringLit(*o.Sep)
		}
		return od
	}
	od.Rbrace = pos(o.Rbrace.Pos)
	var cur *ast.OntologyRule
	for _, e := range o.Entries {
		name := l.concept(e.Name)
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

func (l *lowerer) typeExpr(t *typeExpr) ast.TypeExpr {
	if len(t.Alts) == 1 {
		return l.typeAtom(t.Alts[0])
	}
	u := &ast.UnionType{}
	for _, a := range t.Alts {
		u.Alts = append(u.Alts, l.typeAtom(a))
	}
	return u
}

func (l *lowerer) typeAtom(a *typeAtom) ast.TypeExpr {
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

func (l *lowerer) expr(e *expr) ast.Expr {
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

func (l *lowerer) term(t *term) ast.Expr {
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

func (l *lowerer) unary(u *unary) ast.Expr {
	if u.Minus != nil {
		return &ast.Unary{OpPos: pos(u.Minus.Pos), X: l.unary(u.Neg)}
	}
	x := l.primary(u.Postfix.Primary)
	for _, vb := range u.Postfix.Views {
		x = &ast.Project{X: x, Lbrack: pos(vb.Lbrack.Pos), View: l.viewBrack(vb), Rbrack: pos(vb.Rbrack.Pos)}
	}
	// m[key].f1: a value of a breakdown row (checked by typecheck, which
	// knows which names are metrics).
	for _, s := range u.Postfix.Sel {
		if s.Value != "." {
			x = &ast.Selector{X: x, Sel: ident(s)}
		}
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

func (l *lowerer) primary(p *primary) ast.Expr {
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
	"F": ast.NormF, "J": ast.NormJ, "N": ast.NormVar, "U": ast.NormU,
}

var constraints = map[string]ast.Constraint{
	"<->": ast.OneToOne, "↔": ast.OneToOne,
	"->": ast.ManyToOne, "→": ast.ManyToOne,
	"<-": ast.OneToMany, "←": ast.OneToMany,
	"~": ast.ManyToMany, "∼": ast.ManyToMany,
}

func (l *lowerer) nameTerm(n *nameTerm) ast.Expr {
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

func (l *lowerer) matching(n *nameTerm) ast.Expr {
	name := n.Name
	norm := &ast.Normalizer{NamePos: pos(name.Pos), EndPos: tokEnd(name)}
	kind, ok := normalizers[name.Value]
	if !ok {
		l.errorf(norm.NamePos, norm.EndPos, "unknown normalizer %q before %s (expected S, P, R, F, J, N, F(β) or U(β))", name.Value, n.Match.Op.Value)
	}
	norm.Kind = kind
	if n.Args != nil {
		norm.EndPos = pos(n.Args.Rparen.Pos) + 1
		var beta *ast.NumberLit
		var betaName *ast.Ident
		if len(n.Args.List) == 1 {
			arg := l.expr(n.Args.List[0])
			beta = numberOnly(arg)
			betaName, _ = arg.(*ast.Ident)
		}
		switch {
		case !ok:
			// Already reported: an unknown letter is the one mistake here.
		case kind != ast.NormF && kind != ast.NormU:
			l.errorf(norm.NamePos, norm.EndPos, "only F and U take a parameter, as in F(0.5) or U(0.25)")
		case beta == nil && betaName == nil:
			l.errorf(pos(n.Args.Lparen.Pos), norm.EndPos, "%s(β) takes one number or param, as in %s", kind, map[ast.NormKind]string{ast.NormF: "F(0.5)", ast.NormU: "U(0.25)"}[kind])
		case beta != nil && kind == ast.NormF && beta.Value <= 0:
			l.errorf(beta.Pos(), beta.End(), "β of F(β) must be positive")
		case beta != nil && kind == ast.NormU && beta.Value < 0:
			l.errorf(beta.Pos(), beta.End(), "β of U(β) must not be negative")
		}
		norm.Beta, norm.BetaName = beta, betaName
	} else if ok && kind == ast.NormU {
		l.errorf(norm.NamePos, norm.EndPos, "U is the utility U(β) = TP − β·FP; give its β, as in U(0.25)")
	}
	m := n.Match
	mt := &ast.Matching{
		Norm: norm, OpPos: pos(m.Op.Pos), Constraint: constraints[m.Op.Value],
		Lparen: pos(m.Lparen.Pos), Sim: l.expr(m.Sim), Rparen: pos(m.Rparen.Pos),
	}
	if m.View != nil {
		mt.View = l.viewBrack(m.View)
	}
	for _, o := range m.Opts {
		switch {
		case o.Align != nil && mt.Align != nil:
			l.errorf(pos(o.Align.Pos), tokEnd(*o.Align), "align is given twice")
		case o.Align != nil:
			mt.Align = l.expr(o.AlignX)
		case mt.Ignore != nil:
			l.errorf(pos(o.Ignore.Pos), tokEnd(*o.Ignore), "ignore is given twice; combine the conditions with or")
		default:
			mt.IgnorePos, mt.Ignore = pos(o.Ignore.Pos), l.cond(o.Cond)
		}
	}
	return mt
}

// numberOnly returns e when it is a number literal.
func numberOnly(e ast.Expr) *ast.NumberLit {
	n, _ := e.(*ast.NumberLit)
	return n
}

// viewBrack lowers the inside of [...]: a view, with a filter and an
// order if given.
func (l *lowerer) viewBrack(vb *viewBrack) ast.View {
	if vb.Key != nil {
		return l.stringLit(*vb.Key)
	}
	v := l.view(vb.View)
	if w := vb.Where; w != nil {
		v = &ast.FilterView{X: v, WherePos: pos(w.Kw.Pos), Cond: l.cond(w.Cond)}
	}
	if o := vb.Order; o != nil {
		rel := &ast.PathView{Fields: []*ast.Ident{ident(o.Head)}}
		for _, f := range o.Rest {
			if f.Value != "." {
				rel.Fields = append(rel.Fields, ident(f))
			}
		}
		v = &ast.OrderView{X: v, OrderedPos: pos(o.Kw.Pos), Rel: rel, Src: ident(o.Src), Tgt: ident(o.Tgt), Rparen: pos(o.Rparen.Pos)}
	}
	return v
}

func (l *lowerer) cond(c *cond) ast.Cond {
	x := l.condAnd(c.Head)
	for _, t := range c.Tail {
		x = &ast.CondBinary{X: x, OpPos: pos(t.Op.Pos), Op: ast.CondOr, Y: l.condAnd(t.X)}
	}
	return x
}

func (l *lowerer) condAnd(c *condAnd) ast.Cond {
	x := l.condNot(c.Head)
	for _, t := range c.Tail {
		x = &ast.CondBinary{X: x, OpPos: pos(t.Op.Pos), Op: ast.CondAnd, Y: l.condNot(t.X)}
	}
	return x
}

func (l *lowerer) condNot(c *condNot) ast.Cond {
	if c.Not != nil {
		if c.X == nil {
			// The parser takes a lone `not` when nothing that follows
			// is a condition (`ignore = not)`).
			l.errorf(pos(c.Not.Pos), tokEnd(*c.Not), "not needs a condition after it, as in not valid or not (label == \"O\")")
			return &ast.CondTruth{X: &ast.PathView{Fields: []*ast.Ident{{NamePos: pos(c.Not.Pos), Name: "not"}}}}
		}
		return &ast.CondNot{NotPos: pos(c.Not.Pos), X: l.condNot(c.X)}
	}
	a := c.Atom
	if a.Lparen != nil {
		return &ast.CondParen{Lparen: pos(a.Lparen.Pos), X: l.cond(a.Paren), Rparen: pos(a.Rparen.Pos)}
	}
	x := l.operand(a.X)
	if a.Op != nil {
		op, ok := compareOps[a.Op.Value]
		if a.Op.Value == "!=" {
			op, ok = ast.OpNE, true
		}
		if !ok {
			l.errorf(pos(a.Op.Pos), tokEnd(*a.Op), "unknown comparison %s", a.Op.Value)
		}
		return &ast.Compare{X: x, OpPos: pos(a.Op.Pos), Op: op, Y: l.operand(a.Y)}
	}
	if a.In == nil {
		return &ast.CondTruth{X: x}
	}
	return &ast.InSet{X: x, Not: a.NotIn != nil, InPos: pos(a.In.Pos), Set: l.operand(a.Set)}
}

func (l *lowerer) operand(o *operand) ast.Operand {
	switch {
	case o.Set != nil:
		return l.setLit(o.Set)
	case o.Scalar != nil:
		return l.scalar(o.Scalar)
	}
	v := l.view(o.View)
	path, ok := v.(*ast.PathView)
	if !ok {
		l.errorf(v.Pos(), v.End(), "a condition compares fields of the element, strings, numbers and sets; %s is a view call", ast.ViewString(v))
		return &ast.PathView{Fields: []*ast.Ident{{NamePos: v.Pos(), NameEnd: v.End(), Name: "_"}}}
	}
	return path
}

func (l *lowerer) view(v *view) ast.View {
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
