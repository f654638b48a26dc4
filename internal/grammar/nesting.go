package grammar

import (
	"fmt"

	"github.com/metricc/metricc/internal/ast"
)

// MaxNesting bounds how deeply a spec's expressions nest: brackets and
// prefix operators (unary minus, not) count one level each. The parser and
// every pass after it recurse on the nesting, so 100,000 nested minus signs
// would otherwise exhaust them; no real metric comes near the bound.
const MaxNesting = 1000

// checkNesting reports the first place where text nests deeper than
// MaxNesting, from its tokens, before anything recurses on it.
func checkNesting(src *ast.Source, name, text string) *ast.Error {
	lex, err := specLexer.LexString(name, text)
	if err != nil {
		return nil // the parser reports it
	}
	symbols := specLexer.Symbols()
	op, ident := symbols["Operator"], symbols["Ident"]
	// base is the nesting outside the innermost bracket (its prefix
	// operators included), pending the prefix operators since the last
	// operand; stack saves base at each open bracket.
	var stack []int
	base, pending := 0, 0
	operandEnded := false // the previous token ends an operand: a '-' is binary
	for {
		t, err := lex.Next()
		if err != nil || t.EOF() {
			return nil
		}
		if t.Type != op && t.Type != ident && t.Type != symbols["Number"] && t.Type != symbols["String"] && t.Type != symbols["Other"] {
			continue // white space and comments
		}
		switch {
		case t.Type == op && (t.Value == "(" || t.Value == "[" || t.Value == "{" || t.Value == "⟦"):
			stack = append(stack, base)
			base += pending + 1
			pending, operandEnded = 0, false
		case t.Type == op && (t.Value == ")" || t.Value == "]" || t.Value == "}" || t.Value == "⟧"):
			if n := len(stack); n > 0 {
				base, stack = stack[n-1], stack[:n-1]
			}
			pending, operandEnded = 0, true
		case t.Type == op && t.Value == "-" && !operandEnded, t.Type == ident && t.Value == "not":
			pending++
		case t.Type == op:
			operandEnded = false
		default:
			pending, operandEnded = 0, true
		}
		if depth := base + pending; depth > MaxNesting {
			at := ast.PosOf(t.Pos.Offset)
			return &ast.Error{Source: src, Pos: at, End: ast.PosOf(t.Pos.Offset + len(t.Value)),
				Msg: fmt.Sprintf("expressions nest more than %d levels deep here (brackets and prefix operators count one each); write the metric with less nesting", MaxNesting)}
		}
	}
}
