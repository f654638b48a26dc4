package grammar

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// TestToken is a token of the spec lexer, for tests that rewrite a spec
// token by token (the spelling-equivalence test).
type TestToken struct {
	Kind   string // the lexer rule: Ident, Number, String, Operator, Other
	Value  string
	Offset int // byte offset in the text
}

// LexForTest splits text into the tokens the parser sees (comments and
// white space dropped).
func LexForTest(text string) ([]TestToken, error) {
	lx, err := specLexer.Lex("", strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	names := map[lexer.TokenType]string{}
	for name, typ := range specLexer.Symbols() {
		names[typ] = name
	}
	var out []TestToken
	for {
		tok, err := lx.Next()
		if err != nil {
			return nil, err
		}
		if tok.EOF() {
			return out, nil
		}
		out = append(out, TestToken{Kind: names[tok.Type], Value: tok.Value, Offset: tok.Pos.Offset})
	}
}
