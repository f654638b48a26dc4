package grammar_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/grammar"
)

// TestPrecedence writes the expected grouping by hand, fully
// parenthesized: the goldens show the same trees, but a golden can be
// regenerated wrong.
func TestPrecedence(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a + b * c - d / e", "((a + (b * c)) - (d / e))"},
		{"a * b + c / d - e", "(((a * b) + (c / d)) - e)"},
		{"a - b - c", "((a - b) - c)"},
		{"a / b / c", "((a / b) / c)"},
		{"a × b * c", "((a * b) * c)"},
		{"-a + -b * -c", "((-a) + ((-b) * (-c)))"},
		{"- -a", "(-(-a))"},
		{"-a * b", "((-a) * b)"},
		{"-a[b]", "(-a[b])"},
		{"(a + b) * c", "(((a + b)) * c)"},
		{"a - (b - c)", "(a - ((b - c)))"},
		{"max(0, a - 1) * 2", "(max(0, (a - 1)) * 2)"},
		{"[[ a + 1 > b * 2 ]] * c", "([[ (a + 1) > (b * 2) ]] * c)"},
		{"[[ x < - 1 ]]", "[[ x < (-1) ]]"},
		{"(muc.f1 + b3.f1)/3", "(((muc.f1 + b3.f1)) / 3)"},
		{"F<->[x](a * b) + S<->(c) / 2", "(F<->[x]((a * b)) + (S<->(c) / 2))"},
		{"F<->[x](a, align = b - c)", "F<->[x](a, align = (b - c))"},
		{"delta[a][b.c]", "delta[a][b.c]"},
	} {
		f, errs := grammar.Parse("t", "let x = "+tc.src)
		require.Nil(t, errs, "%s: %v", tc.src, errs)
		assert.Equal(t, tc.want, group(f.Decls[0].(*ast.LetDecl).Value), tc.src)
	}
}

// group prints e with every operator application in parentheses.
func group(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Binary:
		return "(" + group(e.X) + " " + e.Op.String() + " " + group(e.Y) + ")"
	case *ast.Unary:
		return "(-" + group(e.X) + ")"
	case *ast.Paren:
		return "(" + group(e.X) + ")"
	case *ast.Iverson:
		return "[[ " + group(e.X) + " " + e.Op.String() + " " + group(e.Y) + " ]]"
	case *ast.Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = group(a)
		}
		return e.Fun.Name + "(" + strings.Join(args, ", ") + ")"
	case *ast.Project:
		return group(e.X) + "[" + ast.ViewString(e.View) + "]"
	case *ast.Matching:
		s := e.Norm.Kind.String() + e.Constraint.String()
		if e.View != nil {
			s += "[" + ast.ViewString(e.View) + "]"
		}
		s += "(" + group(e.Sim)
		if e.Align != nil {
			s += ", align = " + group(e.Align)
		}
		return s + ")"
	}
	return ast.ExprString(e)
}
