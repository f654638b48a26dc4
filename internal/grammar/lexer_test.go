package grammar

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// rulesLexer is the lexical grammar as the regular expressions that
// specLexer's comment gives, lexed by participle's own lexer: the
// reference that scan must agree with.
var rulesLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "comment", Pattern: `#[^\r\n]*`},
	{Name: "whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Number", Pattern: `(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`},
	{Name: "Ident", Pattern: `[\p{L}_][\p{L}\p{N}_]*`},
	{Name: "Operator", Pattern: `<->|->|<-|>=|<=|==|!=|[-+*/×()\[\]{}<>,.:;=|~↔→←∼⟦⟧≥≤]`},
	{Name: "Other", Pattern: `.`},
})

// lexAll returns every token of text (types, texts and positions) as def
// lexes it.
func lexAll(t *testing.T, def lexer.StringDefinition, text string) []lexer.Token {
	t.Helper()
	lx, err := def.LexString("f.metric", text)
	require.NoError(t, err)
	var out []lexer.Token
	for {
		tok, err := lx.Next()
		require.NoError(t, err)
		out = append(out, tok)
		if tok.EOF() {
			return out
		}
	}
}

// lexerSeeds are texts at the edges of every rule, and every spec and
// grammar test input of the repository.
func lexerSeeds(t testing.TB) []string {
	seeds := []string{
		"", " ", "#", "# c\r\nx", "a#b\n#", "\"\"", "\"a\\\"b\"", "\"a\\\n\"", "\"abc", "\"a\nb\"", "\"\\",
		"\"\\é\" x", "1", "1.", "1.5", ".5", ".", "..5", "1e5", "1e", "1e+", "1E-3x", "1.e5", "12.34.5", "1_0",
		"_", "δ", "Σx1", "x٣", "٣", "ab_9é", "<->", "<-", "<-1", "->", "<>=", "!=", "!", "==", "=", "⟦x⟧", "≥≤",
		"∑", "→←↔∼", "×", "\xff", "a\xffb", "\"\xff\"", "é\xc3", "'x'", "`", "@@", "x.y.z", "[[a<-1]]",
		"metric m = F<->[entities](delta) by label\n",
	}
	for _, dir := range []string{"../specs", "testdata", "testdata/errors"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.metric"))
		require.NoError(t, err)
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			seeds = append(seeds, string(b))
		}
	}
	return seeds
}

// TestLexerMatchesRules: scan gives the tokens (types, texts and
// positions) of the regular expressions it implements, on every seed.
func TestLexerMatchesRules(t *testing.T) {
	seeds := lexerSeeds(t)
	require.Greater(t, len(seeds), 70)
	for _, text := range seeds {
		require.Equal(t, lexAll(t, rulesLexer, text), lexAll(t, specLexer, text), "%q", text)
	}
	require.Equal(t, rulesLexer.Symbols(), specLexer.Symbols())
}

// FuzzLexer: scan and the regular expressions agree on any text.
func FuzzLexer(f *testing.F) {
	for _, s := range lexerSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		require.Equal(t, lexAll(t, rulesLexer, text), lexAll(t, specLexer, text), "%q", text)
	})
}
