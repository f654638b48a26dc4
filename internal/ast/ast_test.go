package ast_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/metricc/metricc/internal/ast"
)

func TestOpStrings(t *testing.T) {
	assert.Equal(t, []string{"S", "P", "R", "F", "J", "N", "?"},
		[]string{ast.NormS.String(), ast.NormP.String(), ast.NormR.String(), ast.NormF.String(), ast.NormJ.String(), ast.NormVar.String(), ast.NormKind(99).String()})
	assert.Equal(t, []string{"<->", "->", "<-", "~", "?"},
		[]string{ast.OneToOne.String(), ast.ManyToOne.String(), ast.OneToMany.String(), ast.ManyToMany.String(), ast.Constraint(-1).String()})
	assert.Equal(t, []string{"+", "-", "*", "/", "?"},
		[]string{ast.OpAdd.String(), ast.OpSub.String(), ast.OpMul.String(), ast.OpDiv.String(), ast.BinaryOp(9).String()})
	assert.Equal(t, []string{">", ">=", "<", "<=", "==", "?"},
		[]string{ast.OpGT.String(), ast.OpGE.String(), ast.OpLT.String(), ast.OpLE.String(), ast.OpEQ.String(), ast.CompareOp(9).String()})
	assert.Equal(t, "?", ast.NormKind(-1).String())
	assert.Equal(t, "?", ast.BinaryOp(-2).String())
	assert.Equal(t, "?", ast.CompareOp(-3).String())
	assert.Greater(t, ast.OpMul.Precedence(), ast.OpAdd.Precedence())
	assert.Equal(t, ast.OpMul.Precedence(), ast.OpDiv.Precedence())
	assert.Equal(t, ast.OpAdd.Precedence(), ast.OpSub.Precedence())
}

// tree builds, by hand, `let x = F(0.5)<->[m(a).b](delta[c] * -2, align = max(1, y))`
// laid out at the offsets of that text, plus a type, an input and an ontology.
func tree() *ast.File {
	id := func(off int, name string) *ast.Ident { return &ast.Ident{NamePos: ast.PosOf(off), Name: name} }
	num := func(off int, raw string, v float64) *ast.NumberLit {
		return &ast.NumberLit{ValuePos: ast.PosOf(off), Raw: raw, Value: v}
	}
	//          0         1         2         3         4         5         6
	//          0123456789012345678901234567890123456789012345678901234567890123456
	// let x = F(0.5)<->[m(a).b](delta[c] * -2, align = max(1, y))
	let := &ast.LetDecl{LetPos: ast.PosOf(0), Name: id(4, "x"), Value: &ast.Matching{
		Norm:  &ast.Normalizer{NamePos: ast.PosOf(8), Kind: ast.NormF, Beta: num(10, "0.5", 0.5), EndPos: ast.PosOf(14)},
		OpPos: ast.PosOf(14), Constraint: ast.OneToOne,
		View: &ast.PathView{
			Base:   &ast.CallView{Fun: id(18, "m"), Lparen: ast.PosOf(19), Args: []ast.View{&ast.PathView{Fields: []*ast.Ident{id(20, "a")}}}, Rparen: ast.PosOf(21)},
			Fields: []*ast.Ident{id(23, "b")},
		},
		Lparen: ast.PosOf(25),
		Sim: &ast.Binary{
			X:     &ast.Project{X: id(26, "delta"), Lbrack: ast.PosOf(31), View: &ast.PathView{Fields: []*ast.Ident{id(32, "c")}}, Rbrack: ast.PosOf(33)},
			OpPos: ast.PosOf(35), Op: ast.OpMul,
			Y: &ast.Unary{OpPos: ast.PosOf(37), X: num(38, "2", 2)},
		},
		Align:  &ast.Call{Fun: id(49, "max"), Lparen: ast.PosOf(52), Args: []ast.Expr{num(53, "1", 1), id(56, "y")}, Rparen: ast.PosOf(57)},
		Rparen: ast.PosOf(58),
	}}
	const text = "let x = F(0.5)<->[m(a).b](delta[c] * -2, align = max(1, y))"
	return &ast.File{Source: ast.NewSource("t.metric", text), Decls: []ast.Decl{let}}
}

func TestExprString(t *testing.T) {
	f := tree()
	assert.Equal(t, "let x = F(0.5)<->[m(a).b](delta[c] * -2, align = max(1, y))", ast.DeclString(f.Decls[0]))
	var b strings.Builder
	ast.Fprint(&b, f)
	assert.Equal(t, "let x = F(0.5)<->[m(a).b](delta[c] * -2, align = max(1, y))\n", b.String())
}

func TestDeclStrings(t *testing.T) {
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: 1, Name: name} }
	named := func(name string, args ...ast.TypeExpr) *ast.NamedType {
		return &ast.NamedType{Name: id(name), Args: args}
	}
	for _, tc := range []struct {
		decl ast.Decl
		want string
	}{
		{&ast.TypeDecl{Name: id("Empty")}, "type Empty { }"},
		{&ast.TypeDecl{Name: id("T"), Fields: []*ast.Field{
			{Name: id("a"), Type: named("set", &ast.UnionType{Alts: []ast.TypeExpr{named("int"), named("M")}})},
			{Name: id("type"), Type: named("string"), Path: &ast.StringLit{Value: `x."y"`}},
		}}, `type T { a: set<int | M>, type: string = "x.\"y\"" }`},
		{&ast.InputDecl{Type: named("Doc")}, "input Doc"},
		{&ast.MetricDecl{Name: id("m"), Value: &ast.Paren{X: &ast.Selector{X: id("muc"), Sel: id("f1")}}}, "metric m = (muc.f1)"},
		{&ast.OntologyDecl{Name: id("O"), Rules: []*ast.OntologyRule{
			{Parent: id("a"), Children: []*ast.Ident{id("b"), id("c")}},
			{Parent: id("b")},
		}}, "ontology O { a: b, c; b: }"},
		{&ast.LetDecl{Name: id("i"), Value: &ast.Iverson{X: id("x"), Op: ast.OpGE, Y: &ast.NumberLit{Raw: ".5"}}}, "let i = [[ x >= .5 ]]"},
		{&ast.LetDecl{Name: id("m"), Value: &ast.Matching{Norm: &ast.Normalizer{Kind: ast.NormVar}, Constraint: ast.ManyToMany, Sim: id("delta")}}, "let m = N~(delta)"},
	} {
		assert.Equal(t, tc.want, ast.DeclString(tc.decl))
	}
}

func TestDump(t *testing.T) {
	var b strings.Builder
	ast.Dump(&b, tree())
	assert.Equal(t, `LetDecl x 1:1-1:60
  Matching F(0.5) <-> 1:9-1:60
    PathView b 1:19-1:25
      CallView m 1:19-1:23
        PathView a 1:21-1:22
    Binary * 1:27-1:40
      Project 1:27-1:35
        Ident delta 1:27-1:32
        PathView c 1:33-1:34
      Unary - 1:38-1:40
        Number 2 1:39-1:40
    Align 1:50-1:59
      Call max 1:50-1:59
        Number 1 1:54-1:55
        Ident y 1:57-1:58
`, b.String())
}

// TestInspect checks the visiting order (source order, parents first)
// and that returning false skips a subtree.
func TestInspect(t *testing.T) {
	f := tree()
	var all []string
	ast.Inspect(f, func(n ast.Node) bool {
		all = append(all, label(n))
		return true
	})
	assert.Equal(t, []string{
		"*ast.File", "*ast.LetDecl", "x", "*ast.Matching", "*ast.Normalizer", "0.5",
		"*ast.PathView", "*ast.CallView", "m", "*ast.PathView", "a", "b",
		"*ast.Binary", "*ast.Project", "delta", "*ast.PathView", "c", "*ast.Unary", "2",
		"*ast.Call", "max", "1", "y",
	}, all)

	var pruned []string
	ast.Inspect(f, func(n ast.Node) bool {
		pruned = append(pruned, label(n))
		_, isBinary := n.(*ast.Binary)
		_, isView := n.(ast.View)
		return !isBinary && !isView
	})
	assert.Equal(t, []string{
		"*ast.File", "*ast.LetDecl", "x", "*ast.Matching", "*ast.Normalizer", "0.5",
		"*ast.PathView", "*ast.Binary", "*ast.Call", "max", "1", "y",
	}, pruned)

	ast.Inspect(nil, func(ast.Node) bool { t.Fatal("called on nil"); return true })
}

func label(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Ident:
		return n.Name
	case *ast.NumberLit:
		return n.Raw
	}
	return fmt.Sprintf("%T", n)
}

func TestFileSpan(t *testing.T) {
	empty := &ast.File{Source: ast.NewSource("e", "")}
	assert.Equal(t, ast.NoPos, empty.Pos())
	assert.Equal(t, ast.NoPos, empty.End())
	f := tree()
	assert.Equal(t, ast.PosOf(0), f.Pos())
	assert.Equal(t, ast.PosOf(59), f.End(), "just past the last )")
}

func TestIdentEnd(t *testing.T) {
	written := &ast.Ident{NamePos: ast.PosOf(3), NameEnd: ast.PosOf(5), Name: "delta"} // δ is two bytes
	assert.Equal(t, ast.PosOf(5), written.End())
	plain := &ast.Ident{NamePos: ast.PosOf(3), Name: "delta"}
	assert.Equal(t, ast.PosOf(8), plain.End())
}
