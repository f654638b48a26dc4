package grammar

import (
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The lexical grammar: at each point the first rule that matches is taken,
// so longer operators come before their prefixes (maximal munch): `<->`
// before `<-` before `<`. A consequence users meet: `[[ x <-1 ]]` lexes the
// 1:N constraint `<-`; write `< -1`.
//
//	comment    = #[^\r\n]*
//	whitespace = [ \t\r\n]+
//	String     = "(\\.|[^"\\\n])*"
//	Number     = (\d+\.?\d*|\.\d+)([eE][-+]?\d+)?
//	Ident      = [\p{L}_][\p{L}\p{N}_]*
//	Operator   = <->|->|<-|>=|<=|==|!=|[-+*/×()\[\]{}<>,.:;=|~↔→←∼⟦⟧≥≤]
//	Other      = .
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
//
// The rules are matched by hand (scan): participle's regular-expression
// lexer compiled them at every start and tried them one after the other
// at every token, a third of the time a spec took to parse.
// TestLexerMatchesRules checks scan against the expressions above.
var specLexer = specLexerDef{}

// The token types, as participle's lexer numbers the rules above: EOF is
// -1, then each rule in order.
const (
	tokComment lexer.TokenType = lexer.EOF - 1 - iota
	tokWhitespace
	tokString
	tokNumber
	tokIdent
	tokOperator
	tokOther
)

var specSymbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "comment": tokComment, "whitespace": tokWhitespace, "String": tokString,
	"Number": tokNumber, "Ident": tokIdent, "Operator": tokOperator, "Other": tokOther,
}

// specLexerDef is the lexer of the rules above, a participle lexer
// definition.
type specLexerDef struct{}

func (specLexerDef) Symbols() map[string]lexer.TokenType { return specSymbols }

func (d specLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	var b strings.Builder
	if _, err := io.Copy(&b, r); err != nil {
		return nil, err
	}
	return d.LexString(filename, b.String())
}

func (specLexerDef) LexString(filename, text string) (lexer.Lexer, error) {
	return &specTokens{rest: text, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// specTokens lexes a text, dropping comments and white space.
type specTokens struct {
	rest string
	pos  lexer.Position
}

func (l *specTokens) Next() (lexer.Token, error) {
	for len(l.rest) > 0 {
		n, typ := scan(l.rest)
		span := l.rest[:n]
		l.rest = l.rest[n:]
		pos := l.pos
		l.pos.Advance(span)
		if typ != tokComment && typ != tokWhitespace {
			return lexer.Token{Type: typ, Value: span, Pos: pos}, nil
		}
	}
	return lexer.EOFToken(l.pos), nil
}

// scan returns the length and the type of the token s starts with (s is
// not empty): the first rule above that matches.
func scan(s string) (int, lexer.TokenType) {
	switch c := s[0]; {
	case c == '#':
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			return i, tokComment
		}
		return len(s), tokComment
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		i := 1
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		return i, tokWhitespace
	case c == '"':
		if n := scanString(s); n > 0 {
			return n, tokString
		}
	case isDigit(c) || c == '.' && len(s) > 1 && isDigit(s[1]):
		return scanNumber(s), tokNumber
	}
	r, size := utf8.DecodeRuneInString(s)
	if r == '_' || unicode.IsLetter(r) {
		i := size
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != '_' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
				break
			}
			i += size
		}
		return i, tokIdent
	}
	for _, op := range longOperators {
		if strings.HasPrefix(s, op) {
			return len(op), tokOperator
		}
	}
	if strings.ContainsRune(shortOperators, r) {
		return size, tokOperator
	}
	return size, tokOther
}

// The operators of more than one character, in the order they are tried,
// and those of one.
var longOperators = [...]string{"<->", "->", "<-", ">=", "<=", "==", "!="}

const shortOperators = "-+*/×()[]{}<>,.:;=|~↔→←∼⟦⟧≥≤"

// scanString returns the length of the quoted string s starts with, or 0
// when it has no closing quote on its line. A backslash escapes any
// character but a line end; the characters of a multi-byte rune are never
// a quote, a backslash or a line end, so bytes can be read one at a time.
func scanString(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1
		case '\n':
			return 0
		case '\\':
			if i+1 >= len(s) || s[i+1] == '\n' {
				return 0
			}
			i++
		}
	}
	return 0
}

// scanNumber returns the length of the number s starts with: digits, an
// optional point and digits (or a point and digits), then an optional
// exponent, taken only when it has digits.
func scanNumber(s string) int {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
	}
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// keywords cannot be let or metric names; they can be field names.
var keywords = map[string]bool{"type": true, "input": true, "let": true, "metric": true, "ontology": true, "param": true, "const": true}

var keywordType = lexer.TokenType(-100) // not produced by the lexer itself

// parser is built at its first use: participle reads the grammar from the
// struct tags, which took 1.5 ms of every start, also of programs that
// parse no spec (metricc --version, specs, show).
var parser = sync.OnceValue(func() *participle.Parser[file] {
	return participle.MustBuild[file](
		participle.Lexer(keywordLexer{specLexer}),
		participle.Map(markKeyword, "Ident"),
	)
})

// markKeyword retypes reserved words so that @Ident does not take them.
func markKeyword(t lexer.Token) (lexer.Token, error) {
	if keywords[t.Value] {
		t.Type = keywordType
	}
	return t, nil
}

// keywordLexer adds the Keyword symbol to the lexer's symbol table so the
// grammar can name it; the tokens themselves come from markKeyword.
type keywordLexer struct{ specLexerDef }

func (k keywordLexer) Symbols() map[string]lexer.TokenType {
	syms := map[string]lexer.TokenType{"Keyword": keywordType}
	for name, t := range k.specLexerDef.Symbols() {
		syms[name] = t
	}
	return syms
}

// EBNF returns the grammar in EBNF, as participle derives it from the
// structs; a golden test keeps every grammar change visible in review.
func EBNF() string { return parser().String() }
