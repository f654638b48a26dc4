package grammar

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The lexer rules are tried in order and the first match wins, so longer
// operators come before their prefixes (maximal munch): `<->` before `<-`
// before `<`. A consequence users meet: `[[ x <-1 ]]` lexes the 1:N
// constraint `<-`; write `< -1`.
//
// Whitespace and comments are lowercase rules, which the lexer drops
// outright: every captured token is then a real one, and spans are computed
// from tokens, never from participle's EndPos (which would run on over
// trailing blanks).
//
// δ and Σ are Unicode letters and lex as identifiers; the lowering maps
// them to delta and S. The last rule takes any other single character so
// that a stray `∑` (n-ary summation, not Σ) reaches the parser as a token
// and gets a "did you mean" message instead of a bare lexer error.
var specLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "comment", Pattern: `#[^\r\n]*`},
	{Name: "whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Number", Pattern: `(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`},
	{Name: "Ident", Pattern: `[\p{L}_][\p{L}\p{N}_]*`},
	{Name: "Operator", Pattern: `<->|->|<-|>=|<=|==|!=|[-+*/×()\[\]{}<>,.:;=|~↔→←∼⟦⟧≥≤]`},
	{Name: "Other", Pattern: `.`},
})

// keywords cannot be let or metric names; they can be field names.
var keywords = map[string]bool{"type": true, "input": true, "let": true, "metric": true, "ontology": true, "param": true, "const": true}

var keywordType = lexer.TokenType(-100) // not produced by the lexer itself

var parser = participle.MustBuild[file](
	participle.Lexer(keywordLexer{specLexer}),
	participle.Map(markKeyword, "Ident"),
)

// markKeyword retypes reserved words so that @Ident does not take them.
func markKeyword(t lexer.Token) (lexer.Token, error) {
	if keywords[t.Value] {
		t.Type = keywordType
	}
	return t, nil
}

// keywordLexer adds the Keyword symbol to the lexer's symbol table so the
// grammar can name it; the tokens themselves come from markKeyword.
type keywordLexer struct{ lexer.Definition }

func (k keywordLexer) Symbols() map[string]lexer.TokenType {
	syms := map[string]lexer.TokenType{"Keyword": keywordType}
	for name, t := range k.Definition.Symbols() {
		syms[name] = t
	}
	return syms
}

// EBNF returns the grammar in EBNF, as participle derives it from the
// structs; a golden test keeps every grammar change visible in review.
func EBNF() string { return parser.String() }
