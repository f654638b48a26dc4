package ast

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// Fprint writes f in canonical ASCII spelling, one declaration per line,
// without comments. Printing and re-parsing yields the same tree (modulo
// positions); the grammar's fuzz test holds it to that.
func Fprint(w io.Writer, f *File) {
	for _, d := range f.Decls {
		fmt.Fprintln(w, DeclString(d))
	}
}

// DeclString prints one declaration.
func DeclString(d Decl) string {
	var b strings.Builder
	switch d := d.(type) {
	case *TypeDecl:
		fmt.Fprintf(&b, "type %s {", d.Name.Name)
		for i, f := range d.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s: %s", f.Name.Name, TypeString(f.Type))
			if f.Path != nil {
				fmt.Fprintf(&b, " = %q", f.Path.Value)
			}
		}
		b.WriteString(" }")
	case *InputDecl:
		fmt.Fprintf(&b, "input %s", TypeString(d.Type))
	case *LetDecl:
		fmt.Fprintf(&b, "let %s = %s", d.Name.Name, ExprString(d.Value))
	case *MetricDecl:
		fmt.Fprintf(&b, "metric %s = %s", d.Name.Name, ExprString(d.Value))
		if d.By != nil {
			b.WriteString(" by " + ViewString(d.By))
		}
		if d.Average != AvgDefault {
			b.WriteString(" " + d.Average.String())
		}
		if d.Empty != nil {
			b.WriteString(" empty = " + d.Empty.Raw)
		}
	case *ParamDecl:
		fmt.Fprintf(&b, "param %s = %s", d.Name.Name, d.Value.Raw)
	case *ConstDecl:
		fmt.Fprintf(&b, "const %s = %s", d.Name.Name, OperandString(d.Value))
	case *OntologyDecl:
		if d.From != nil {
			fmt.Fprintf(&b, "ontology %s from %q", d.Name.Name, d.From.Value)
			if d.Sep != nil {
				fmt.Fprintf(&b, " by %q", d.Sep.Value)
			}
			break
		}
		fmt.Fprintf(&b, "ontology %s {", d.Name.Name)
		for i, r := range d.Rules {
			if i > 0 {
				b.WriteByte(';')
			}
			fmt.Fprintf(&b, " %s:", conceptString(r.Parent))
			for j, c := range r.Children {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, " %s", conceptString(c))
			}
		}
		b.WriteString(" }")
	default:
		panic(fmt.Sprintf("ast: unknown declaration %T", d))
	}
	return b.String()
}

// conceptString prints a concept name, quoted unless it is an identifier.
func conceptString(id *Ident) string {
	for i, r := range id.Name {
		if !(r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return strconv.Quote(id.Name)
		}
	}
	if id.Name == "" {
		return `""`
	}
	return id.Name
}

// TypeString prints a type expression.
func TypeString(t TypeExpr) string {
	switch t := t.(type) {
	case *NamedType:
		if t.Args == nil {
			return t.Name.Name
		}
		args := make([]string, len(t.Args))
		for i, a := range t.Args {
			args[i] = TypeString(a)
		}
		return t.Name.Name + "<" + strings.Join(args, ", ") + ">"
	case *UnionType:
		alts := make([]string, len(t.Alts))
		for i, a := range t.Alts {
			alts[i] = TypeString(a)
		}
		return strings.Join(alts, " | ")
	}
	panic(fmt.Sprintf("ast: unknown type expression %T", t))
}

// ExprString prints an expression in canonical ASCII spelling. Parentheses
// that were written are kept (Paren nodes); none are added.
func ExprString(e Expr) string {
	var b exprPrinter
	writeExpr(&b, e)
	return b.String()
}

// ExprStringUpTo prints e as ExprString does, stopping past about n bytes
// or 64 levels of nesting; whole reports whether the text is complete. Its
// cost is bounded by n, so a caller that keys a map by text can key large
// expressions otherwise.
func ExprStringUpTo(e Expr, n int) (text string, whole bool) {
	b := exprPrinter{limit: n}
	writeExpr(&b, e)
	return b.String(), !b.cut
}

// exprPrinter is where writeExpr writes: a builder that stops taking
// sub-expressions past limit bytes (0: no limit).
type exprPrinter struct {
	strings.Builder
	limit int
	depth int
	cut   bool
}

// maxPrintDepth bounds the nesting an exprPrinter with a limit descends:
// a left-deep sum would otherwise be walked to its first term before the
// byte limit could stop anything.
const maxPrintDepth = 64

func (b *exprPrinter) full() bool {
	if b.limit > 0 && (b.Len() >= b.limit || b.depth > maxPrintDepth) {
		b.cut = true
	}
	return b.cut
}

func writeExpr(b *exprPrinter, e Expr) {
	if b.full() {
		return
	}
	b.depth++
	defer func() { b.depth-- }()
	switch e := e.(type) {
	case *Ident:
		b.WriteString(e.Name)
	case *NumberLit:
		b.WriteString(e.Raw)
	case *StringLit:
		fmt.Fprintf(b, "%q", e.Value)
	case *Selector:
		writeExpr(b, e.X)
		b.WriteByte('.')
		b.WriteString(e.Sel.Name)
	case *Call:
		b.WriteString(e.Fun.Name)
		b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, a)
		}
		b.WriteByte(')')
	case *Project:
		writeExpr(b, e.X)
		b.WriteByte('[')
		b.WriteString(ViewString(e.View))
		b.WriteByte(']')
	case *Matching:
		b.WriteString(e.Norm.Kind.String())
		if e.Norm.Beta != nil {
			fmt.Fprintf(b, "(%s)", e.Norm.Beta.Raw)
		}
		if e.Norm.BetaName != nil {
			fmt.Fprintf(b, "(%s)", e.Norm.BetaName.Name)
		}
		b.WriteString(e.Constraint.String())
		if e.View != nil {
			b.WriteByte('[')
			b.WriteString(ViewString(e.View))
			b.WriteByte(']')
		}
		b.WriteByte('(')
		writeExpr(b, e.Sim)
		if e.Align != nil {
			b.WriteString(", align = ")
			writeExpr(b, e.Align)
		}
		if e.Ignore != nil {
			b.WriteString(", ignore = ")
			b.WriteString(CondString(e.Ignore))
		}
		b.WriteByte(')')
	case *Binary:
		writeExpr(b, e.X)
		fmt.Fprintf(b, " %s ", e.Op)
		writeExpr(b, e.Y)
	case *Unary:
		b.WriteByte('-')
		writeExpr(b, e.X)
	case *Paren:
		b.WriteByte('(')
		writeExpr(b, e.X)
		b.WriteByte(')')
	case *Iverson:
		b.WriteString("[[ ")
		writeExpr(b, e.X)
		fmt.Fprintf(b, " %s ", e.Op)
		writeExpr(b, e.Y)
		b.WriteString(" ]]")
	default:
		panic(fmt.Sprintf("ast: unknown expression %T", e))
	}
}

// ViewString prints a view.
func ViewString(v View) string {
	switch v := v.(type) {
	case *PathView:
		names := make([]string, len(v.Fields))
		for i, f := range v.Fields {
			names[i] = f.Name
		}
		s := strings.Join(names, ".")
		if v.Base != nil {
			s = ViewString(v.Base) + "." + s
		}
		return s
	case *CallView:
		args := make([]string, len(v.Args))
		for i, a := range v.Args {
			args[i] = ViewString(a)
		}
		return v.Fun.Name + "(" + strings.Join(args, ", ") + ")"
	case *NumberLit:
		return v.Raw
	case *StringLit:
		return strconv.Quote(v.Value)
	case *FilterView:
		return ViewString(v.X) + " where " + CondString(v.Cond)
	case *OrderView:
		return fmt.Sprintf("%s ordered by %s(%s, %s)", ViewString(v.X), ViewString(v.Rel), v.Src.Name, v.Tgt.Name)
	}
	panic(fmt.Sprintf("ast: unknown view %T", v))
}

// CondString prints a condition; parentheses are those written.
func CondString(c Cond) string {
	switch c := c.(type) {
	case *CondBinary:
		return CondString(c.X) + " " + c.Op.String() + " " + CondString(c.Y)
	case *CondNot:
		return "not " + CondString(c.X)
	case *CondParen:
		return "(" + CondString(c.X) + ")"
	case *Compare:
		return OperandString(c.X) + " " + c.Op.String() + " " + OperandString(c.Y)
	case *CondTruth:
		return OperandString(c.X)
	case *InSet:
		op := " in "
		if c.Not {
			op = " not in "
		}
		return OperandString(c.X) + op + OperandString(c.Set)
	}
	panic(fmt.Sprintf("ast: unknown condition %T", c))
}

// OperandString prints an operand of a condition.
func OperandString(o Operand) string {
	switch o := o.(type) {
	case *PathView:
		return ViewString(o)
	case *StringLit:
		return strconv.Quote(o.Value)
	case *NumberLit:
		return o.Raw
	case *SetLit:
		elems := make([]string, len(o.Elems))
		for i, e := range o.Elems {
			elems[i] = OperandString(e)
		}
		return "{" + strings.Join(elems, ", ") + "}"
	}
	panic(fmt.Sprintf("ast: unknown operand %T", o))
}

// Dump writes the tree of f, one node per line with its kind and span
// (line:col-line:col), for golden tests and debugging.
func Dump(w io.Writer, f *File) {
	d := dumper{w: w, src: f.Source}
	for _, decl := range f.Decls {
		d.node(decl, 0)
	}
}

type dumper struct {
	w   io.Writer
	src *Source
}

func (d dumper) span(n Node) string {
	p, e := d.src.Position(n.Pos()), d.src.Position(n.End())
	return fmt.Sprintf("%d:%d-%d:%d", p.Line, p.Column, e.Line, e.Column)
}

func (d dumper) line(n Node, depth int, format string, args ...any) {
	fmt.Fprintf(d.w, "%s%s %s\n", strings.Repeat("  ", depth), fmt.Sprintf(format, args...), d.span(n))
}

func (d dumper) node(n Node, depth int) {
	switch n := n.(type) {
	case *TypeDecl:
		d.line(n, depth, "TypeDecl %s", n.Name.Name)
		for _, f := range n.Fields {
			if f.Path != nil {
				d.line(f, depth+1, "Field %s = %q", f.Name.Name, f.Path.Value)
			} else {
				d.line(f, depth+1, "Field %s", f.Name.Name)
			}
			d.node(f.Type, depth+2)
		}
	case *InputDecl:
		d.line(n, depth, "InputDecl")
		d.node(n.Type, depth+1)
	case *LetDecl:
		d.line(n, depth, "LetDecl %s", n.Name.Name)
		d.node(n.Value, depth+1)
	case *MetricDecl:
		if n.Average != AvgDefault {
			d.line(n, depth, "MetricDecl %s %s", n.Name.Name, n.Average)
		} else {
			d.line(n, depth, "MetricDecl %s", n.Name.Name)
		}
		d.node(n.Value, depth+1)
		if n.By != nil {
			d.line(n.By, depth+1, "By")
			d.node(n.By, depth+2)
		}
		if n.Empty != nil {
			d.line(n.Empty, depth+1, "Empty")
			d.node(n.Empty, depth+2)
		}
	case *ParamDecl:
		d.line(n, depth, "ParamDecl %s = %s", n.Name.Name, n.Value.Raw)
	case *ConstDecl:
		d.line(n, depth, "ConstDecl %s", n.Name.Name)
		d.node(n.Value, depth+1)
	case *OntologyDecl:
		if n.From != nil {
			sep := ""
			if n.Sep != nil {
				sep = fmt.Sprintf(" by %q", n.Sep.Value)
			}
			d.line(n, depth, "OntologyDecl %s from %q%s", n.Name.Name, n.From.Value, sep)
			return
		}
		d.line(n, depth, "OntologyDecl %s", n.Name.Name)
		for _, r := range n.Rules {
			names := make([]string, len(r.Children))
			for i, c := range r.Children {
				names[i] = c.Name
			}
			d.line(r, depth+1, "Rule %s: %s", r.Parent.Name, strings.Join(names, ", "))
		}
	case *NamedType:
		d.line(n, depth, "NamedType %s", n.Name.Name)
		for _, a := range n.Args {
			d.node(a, depth+1)
		}
	case *UnionType:
		d.line(n, depth, "UnionType")
		for _, a := range n.Alts {
			d.node(a, depth+1)
		}
	case *Ident:
		d.line(n, depth, "Ident %s", n.Name)
	case *NumberLit:
		d.line(n, depth, "Number %s", n.Raw)
	case *StringLit:
		d.line(n, depth, "String %q", n.Value)
	case *Selector:
		d.line(n, depth, "Selector .%s", n.Sel.Name)
		d.node(n.X, depth+1)
	case *Call:
		d.line(n, depth, "Call %s", n.Fun.Name)
		for _, a := range n.Args {
			d.node(a, depth+1)
		}
	case *Project:
		d.line(n, depth, "Project")
		d.node(n.X, depth+1)
		d.node(n.View, depth+1)
	case *Matching:
		norm := n.Norm.Kind.String()
		if n.Norm.Beta != nil {
			norm += "(" + n.Norm.Beta.Raw + ")"
		}
		if n.Norm.BetaName != nil {
			norm += "(" + n.Norm.BetaName.Name + ")"
		}
		d.line(n, depth, "Matching %s %s", norm, n.Constraint)
		if n.View != nil {
			d.node(n.View, depth+1)
		}
		d.node(n.Sim, depth+1)
		if n.Align != nil {
			d.line(n.Align, depth+1, "Align")
			d.node(n.Align, depth+2)
		}
		if n.Ignore != nil {
			d.line(n.Ignore, depth+1, "Ignore")
			d.node(n.Ignore, depth+2)
		}
	case *Binary:
		d.line(n, depth, "Binary %s", n.Op)
		d.node(n.X, depth+1)
		d.node(n.Y, depth+1)
	case *Unary:
		d.line(n, depth, "Unary -")
		d.node(n.X, depth+1)
	case *Paren:
		d.line(n, depth, "Paren")
		d.node(n.X, depth+1)
	case *Iverson:
		d.line(n, depth, "Iverson %s", n.Op)
		d.node(n.X, depth+1)
		d.node(n.Y, depth+1)
	case *PathView:
		names := make([]string, len(n.Fields))
		for i, f := range n.Fields {
			names[i] = f.Name
		}
		d.line(n, depth, "PathView %s", strings.Join(names, "."))
		if n.Base != nil {
			d.node(n.Base, depth+1)
		}
	case *CallView:
		d.line(n, depth, "CallView %s", n.Fun.Name)
		for _, a := range n.Args {
			d.node(a, depth+1)
		}
	case *FilterView:
		d.line(n, depth, "FilterView")
		d.node(n.X, depth+1)
		d.node(n.Cond, depth+1)
	case *OrderView:
		d.line(n, depth, "OrderView %s(%s, %s)", ViewString(n.Rel), n.Src.Name, n.Tgt.Name)
		d.node(n.X, depth+1)
	case *SetLit:
		d.line(n, depth, "SetLit %s", OperandString(n))
	case *CondBinary:
		d.line(n, depth, "Cond %s", n.Op)
		d.node(n.X, depth+1)
		d.node(n.Y, depth+1)
	case *CondNot:
		d.line(n, depth, "Cond not")
		d.node(n.X, depth+1)
	case *CondParen:
		d.line(n, depth, "CondParen")
		d.node(n.X, depth+1)
	case *Compare:
		d.line(n, depth, "Compare %s", n.Op)
		d.node(n.X, depth+1)
		d.node(n.Y, depth+1)
	case *CondTruth:
		d.line(n, depth, "CondTruth")
		d.node(n.X, depth+1)
	case *InSet:
		if n.Not {
			d.line(n, depth, "InSet not")
		} else {
			d.line(n, depth, "InSet")
		}
		d.node(n.X, depth+1)
		d.node(n.Set, depth+1)
	default:
		panic(fmt.Sprintf("ast: unknown node %T", n))
	}
}
