package ast

import "fmt"

// Inspect walks the tree rooted at n depth-first, calling f on each node
// before its children; f returning false skips the children.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *File:
		for _, d := range n.Decls {
			Inspect(d, f)
		}
	case *TypeDecl:
		Inspect(n.Name, f)
		for _, fl := range n.Fields {
			Inspect(fl, f)
		}
	case *Field:
		Inspect(n.Name, f)
		Inspect(n.Type, f)
		if n.Path != nil {
			Inspect(n.Path, f)
		}
	case *InputDecl:
		Inspect(n.Type, f)
	case *LetDecl:
		Inspect(n.Name, f)
		Inspect(n.Value, f)
	case *MetricDecl:
		Inspect(n.Name, f)
		Inspect(n.Value, f)
		if n.By != nil {
			Inspect(n.By, f)
		}
		if n.Empty != nil {
			Inspect(n.Empty, f)
		}
	case *ParamDecl:
		Inspect(n.Name, f)
		Inspect(n.Value, f)
	case *ConstDecl:
		Inspect(n.Name, f)
		Inspect(n.Value, f)
	case *OntologyDecl:
		Inspect(n.Name, f)
		for _, r := range n.Rules {
			Inspect(r, f)
		}
		if n.From != nil {
			Inspect(n.From, f)
		}
		if n.Sep != nil {
			Inspect(n.Sep, f)
		}
	case *OntologyRule:
		Inspect(n.Parent, f)
		for _, c := range n.Children {
			Inspect(c, f)
		}
	case *NamedType:
		Inspect(n.Name, f)
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *UnionType:
		for _, a := range n.Alts {
			Inspect(a, f)
		}
	case *Ident, *NumberLit, *StringLit:
	case *Normalizer:
		if n.Beta != nil {
			Inspect(n.Beta, f)
		}
		if n.BetaName != nil {
			Inspect(n.BetaName, f)
		}
	case *Selector:
		Inspect(n.X, f)
		Inspect(n.Sel, f)
	case *Call:
		Inspect(n.Fun, f)
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *Project:
		Inspect(n.X, f)
		Inspect(n.View, f)
	case *Matching:
		Inspect(n.Norm, f)
		if n.View != nil {
			Inspect(n.View, f)
		}
		Inspect(n.Sim, f)
		if n.Align != nil {
			Inspect(n.Align, f)
		}
		if n.Ignore != nil {
			Inspect(n.Ignore, f)
		}
	case *Binary:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *Unary:
		Inspect(n.X, f)
	case *Paren:
		Inspect(n.X, f)
	case *Iverson:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *PathView:
		if n.Base != nil {
			Inspect(n.Base, f)
		}
		for _, fl := range n.Fields {
			Inspect(fl, f)
		}
	case *CallView:
		Inspect(n.Fun, f)
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *FilterView:
		Inspect(n.X, f)
		Inspect(n.Cond, f)
	case *OrderView:
		Inspect(n.X, f)
		Inspect(n.Rel, f)
		Inspect(n.Src, f)
		Inspect(n.Tgt, f)
	case *SetLit:
		for _, e := range n.Elems {
			Inspect(e, f)
		}
	case *CondBinary:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *CondNot:
		Inspect(n.X, f)
	case *CondParen:
		Inspect(n.X, f)
	case *Compare:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *InSet:
		Inspect(n.X, f)
		Inspect(n.Set, f)
	case *CondTruth:
		Inspect(n.X, f)
	default:
		panic(fmt.Sprintf("ast: unknown node %T", n))
	}
}

// Pos and End make a File a Node spanning its declarations.
func (f *File) Pos() Pos {
	if len(f.Decls) == 0 {
		return NoPos
	}
	return f.Decls[0].Pos()
}

func (f *File) End() Pos {
	if len(f.Decls) == 0 {
		return NoPos
	}
	return f.Decls[len(f.Decls)-1].End()
}
