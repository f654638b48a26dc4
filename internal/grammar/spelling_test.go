package grammar_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/grammar"
)

// twins pairs each ASCII spelling with its Unicode twin (the language
// reference, docs/language.md). delta/δ and S/Σ are context-dependent and
// handled in respell.
var twins = [][2]string{
	{"<->", "↔"}, {"->", "→"}, {"<-", "←"}, {"~", "∼"},
	{"*", "×"}, {">=", "≥"}, {"<=", "≤"},
}

var constraintOps = map[string]bool{"<->": true, "->": true, "<-": true, "~": true, "↔": true, "→": true, "←": true, "∼": true}

// respell rewrites text token by token into the other spelling: toUnicode
// replaces ASCII spellings with their twins, otherwise the reverse. It
// works on the grammar's own tokens, so the `-` of `->` and the `<-` of
// `<->` are never touched, and tracks brackets so that [[ ]] is rewritten
// only where it is an Iverson bracket (`[[ x > y[b]]]`: the first `]`
// closes the view). It counts the replacements of each kind.
func respell(t *testing.T, text string, toUnicode bool, count map[string]int) string {
	t.Helper()
	toks, err := grammar.LexForTest(text)
	require.NoError(t, err)
	from, to := 0, 1
	if !toUnicode {
		from, to = 1, 0
	}
	simple := map[string]string{}
	for _, tw := range twins {
		simple[tw[from]] = tw[to]
	}
	const (
		view = iota
		iverson
	)
	var (
		out    strings.Builder
		last   int // end of the text copied so far
		stack  []int
		braces int // inside type and ontology bodies: no expressions
	)
	replace := func(first, lastTok int, with, kind string) {
		out.WriteString(text[last:toks[first].Offset])
		out.WriteString(with)
		last = toks[lastTok].Offset + len(toks[lastTok].Value)
		count[kind]++
	}
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		var prev, next grammar.TestToken
		if i > 0 {
			prev = toks[i-1]
		}
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		switch {
		case tok.Value == "{":
			braces++
		case tok.Value == "}":
			braces--
		case braces > 0:
		case simple[tok.Value] != "":
			replace(i, i, simple[tok.Value], tok.Value)
		case tok.Value == "[":
			operandEnd := prev.Kind == "Ident" || prev.Kind == "Number" || prev.Value == ")" || prev.Value == "]" || prev.Value == "⟧" || constraintOps[prev.Value]
			if operandEnd {
				stack = append(stack, view)
				continue
			}
			require.Equal(t, "[", next.Value, "an expression starts with [ only as [[")
			stack = append(stack, iverson)
			if toUnicode {
				replace(i, i+1, "⟦", "[[")
			}
			i++
		case tok.Value == "⟦":
			stack = append(stack, iverson)
			if !toUnicode {
				replace(i, i, "[[", "⟦")
			}
		case tok.Value == "]" || tok.Value == "⟧":
			require.NotEmpty(t, stack, "unbalanced ] at offset %d", tok.Offset)
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top == view {
				continue
			}
			if tok.Value == "]" {
				require.Equal(t, "]", next.Value)
				if toUnicode {
					replace(i, i+1, "⟧", "]]")
				}
				i++
			} else if !toUnicode {
				replace(i, i, "]]", "⟧")
			}
		case tok.Kind == "Ident" && constraintOps[next.Value] && (tok.Value == "S" || tok.Value == "Σ"):
			if toUnicode && tok.Value == "S" {
				replace(i, i, "Σ", "S")
			} else if !toUnicode && tok.Value == "Σ" {
				replace(i, i, "S", "Σ")
			}
		case tok.Kind == "Ident" && (tok.Value == "delta" || tok.Value == "δ") && exprPosition(prev, next, stack, view):
			if toUnicode && tok.Value == "delta" {
				replace(i, i, "δ", "delta")
			} else if !toUnicode && tok.Value == "δ" {
				replace(i, i, "delta", "δ")
			}
		}
	}
	require.Empty(t, stack, "unbalanced brackets")
	out.WriteString(text[last:])
	return out.String()
}

// exprPosition reports whether a name stands for an expression (where δ
// means delta), not a declared name, a field or a view.
func exprPosition(prev, next grammar.TestToken, stack []int, view int) bool {
	if len(stack) > 0 && stack[len(stack)-1] == view {
		return false
	}
	switch prev.Value {
	case ".", "let", "metric", "type", "input", "ontology":
		return false
	}
	return next.Value != ":"
}

// TestSpellingEquivalence: rewriting every ASCII spelling into its
// Unicode twin (and back) never changes the tree.
func TestSpellingEquivalence(t *testing.T) {
	toU, toA := map[string]int{}, map[string]int{}
	for _, in := range validInputs(t) {
		t.Run(filepath.Base(in.name), func(t *testing.T) {
			want := fprint(t, in.name, in.text)
			for _, dir := range []struct {
				name      string
				toUnicode bool
				count     map[string]int
			}{{"unicode", true, toU}, {"ascii", false, toA}} {
				before := total(dir.count)
				text := respell(t, in.text, dir.toUnicode, dir.count)
				assert.Equal(t, before == total(dir.count), text == in.text, "text changes exactly when something was replaced")
				assert.Equal(t, want, fprint(t, in.name+"("+dir.name+")", text), "respelled:\n%s", text)
			}
		})
	}
	// The corpus exercises every spelling in both directions, so the test
	// cannot pass by replacing nothing.
	for _, tw := range twins {
		assert.Positive(t, toU[tw[0]], "no input has %s", tw[0])
		assert.Positive(t, toA[tw[1]], "no input has %s", tw[1])
	}
	for _, k := range []string{"delta", "S", "[["} {
		assert.Positive(t, toU[k], "no input has %s", k)
	}
	for _, k := range []string{"δ", "Σ", "⟦"} {
		assert.Positive(t, toA[k], "no input has %s", k)
	}
	assert.Equal(t, toU["[["], toU["]]"], "every [[ has its ]]")
	assert.Equal(t, toA["⟦"], toA["⟧"], "every ⟦ has its ⟧")
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func fprint(t *testing.T, name, text string) string {
	t.Helper()
	f, errs := grammar.Parse(name, text)
	require.Nil(t, errs, "%v\n%s", errs, text)
	var b strings.Builder
	ast.Fprint(&b, f)
	return b.String()
}

// TestRespellTricky pins the rewriting on the cases that a plain string
// replacement gets wrong.
func TestRespellTricky(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"let a = F<->[x](delta)", "let a = F↔[x](δ)"},
		{"let a = F<-[x](delta) - F->[x](delta)", "let a = F←[x](δ) - F→[x](δ)"},
		{"let a = [[ x > y[b]]]", "let a = ⟦ x > y[b]⟧"},
		{"let a = [[ [[ x > 1 ]] >= 1 ]]", "let a = ⟦ ⟦ x > 1 ⟧ ≥ 1 ⟧"},
		{"let a = delta[delta] + x.delta", "let a = δ[delta] + x.delta"},
		{"type T { delta: int } let delta = S + S~(delta)", "type T { delta: int } let delta = S + Σ∼(δ)"},
	} {
		got := respell(t, tc.in, true, map[string]int{})
		assert.Equal(t, tc.want, got)
		assert.Equal(t, tc.in, respell(t, got, false, map[string]int{}), "and back")
	}
}

// TestTwinsAreOneOp checks each pair of spellings lowers to the same
// operator, one spelling at a time (the table above could hide a pair
// that both sides misread the same way).
func TestTwinsAreOneOp(t *testing.T) {
	for _, tc := range []struct{ ascii, unicode, want string }{
		{"F<->[x](delta)", "F↔[x](δ)", "Matching F <->"},
		{"F->[x](delta)", "F→[x](δ)", "Matching F ->"},
		{"F<-[x](delta)", "F←[x](δ)", "Matching F <-"},
		{"F~[x](delta)", "F∼[x](δ)", "Matching F ~"},
		{"S<->[x](delta)", "Σ<->[x](delta)", "Matching S <->"},
		{"a * b", "a × b", "Binary *"},
		{"[[ a >= b ]]", "⟦ a ≥ b ⟧", "Iverson >="},
		{"[[ a <= b ]]", "⟦ a ≤ b ⟧", "Iverson <="},
		{"delta", "δ", "Ident delta"},
	} {
		for _, src := range []string{tc.ascii, tc.unicode} {
			f, errs := grammar.Parse("t", "let x = "+src)
			require.Nil(t, errs, "%v", errs)
			var b strings.Builder
			ast.Dump(&b, f)
			lines := strings.Split(b.String(), "\n")
			require.GreaterOrEqual(t, len(lines), 2)
			assert.True(t, strings.HasPrefix(strings.TrimSpace(lines[1]), tc.want+" "), "%s: %s", src, lines[1])
		}
	}
}
