package typecheck

import (
	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/stdlib"
)

// sign is what the checker knows of the values a similarity takes: whether
// it can be positive, whether it can be negative. The zero sign is the
// constant 0.
type sign struct{ pos, neg bool }

var (
	nonNegative = sign{pos: true}
	anySign     = sign{pos: true, neg: true}
)

// nonPositive: at most 0 everywhere and not the constant 0, so negative
// somewhere (or a metric that can only score 0).
func (s sign) nonPositive() bool { return s.neg && !s.pos }

// signs decides signs bottom-up, once per node (let bodies are shared), and
// reports every matching or metric body that is never positive: similarities
// are non-negative (docs/language.md, Similarity expressions), so such a
// body is a spec error, found here rather than as a negative score at run
// time. What it cannot decide (delta - 0.5) is checked on the data by the
// evaluator.
type signs struct {
	c    *checker
	memo map[Sim]sign
}

func (c *checker) checkSign(s Sim, what string) {
	if c.signs == nil {
		c.signs = &signs{c: c, memo: map[Sim]sign{}}
	}
	if c.signs.of(s).nonPositive() {
		c.errorf(s.Node(), "%s %s is never positive, but similarities are non-negative (a metric scores from 0 up)", what, exprText(s.Node()))
	}
}

func (g *signs) of(s Sim) sign {
	if v, ok := g.memo[s]; ok {
		return v
	}
	v := g.compute(s)
	g.memo[s] = v
	return v
}

func (g *signs) compute(s Sim) sign {
	switch s := s.(type) {
	case *Const:
		return sign{pos: s.Value > 0, neg: s.Value < 0}
	case *Builtin:
		if s.Sim.Sign == stdlib.NonNegative {
			return nonNegative
		}
		return anySign
	case *Project:
		return g.of(s.X)
	case *LetRef:
		return g.of(s.Body)
	case *SelfScore:
		return g.of(s.X)
	case *Iverson:
		return nonNegative
	case *Neg:
		x := g.of(s.X)
		return sign{pos: x.neg, neg: x.pos}
	case *Match:
		elem := g.of(s.Elem)
		if s.Align != nil && g.of(s.Align).nonPositive() {
			g.c.errorf(s.Align.Node(), "the alignment %s is never positive, so no pair is ever aligned", exprText(s.Align.Node()))
		}
		if elem.nonPositive() {
			g.c.errorf(s.Elem.Node(), "the similarity %s is never positive, but similarities are non-negative (a matching scores from 0 up)", exprText(s.Elem.Node()))
			return nonNegative // said once, here
		}
		return elem
	case *Arith:
		x, y := g.of(s.X), g.of(s.Y)
		switch s.Op {
		case ast.OpAdd:
			return sign{pos: x.pos || y.pos, neg: x.neg || y.neg}
		case ast.OpSub:
			return sign{pos: x.pos || y.neg, neg: x.neg || y.pos}
		default: // × and ÷ (a/0 = 0)
			return sign{pos: x.pos && y.pos || x.neg && y.neg, neg: x.pos && y.neg || x.neg && y.pos}
		}
	case *Call:
		args := make([]sign, len(s.Args))
		for i, a := range s.Args {
			args[i] = g.of(a)
		}
		switch s.Fun.Combine {
		case stdlib.PositiveIfAny: // max
			v := sign{neg: true}
			for _, a := range args {
				v.pos = v.pos || a.pos
				v.neg = v.neg && a.neg
			}
			return v
		case stdlib.PositiveIfAll: // min
			v := sign{pos: true}
			for _, a := range args {
				v.pos = v.pos && a.pos
				v.neg = v.neg || a.neg
			}
			return v
		}
		return anySign
	}
	return anySign
}

// exprText is the source form of an expression node, for messages.
func exprText(n ast.Node) string {
	if e, ok := n.(ast.Expr); ok {
		text, _ := ast.ExprStringUpTo(e, 4*80)
		if s := []rune(text); len(s) > 80 {
			return string(s[:77]) + "…"
		}
		return text
	}
	return "this expression"
}
