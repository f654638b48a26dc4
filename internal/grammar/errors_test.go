package grammar_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/grammar"
)

// TestErrorPositions checks, independently of the golden files, that the
// first error is reported at the right line:col and that the rendered
// caret sits under the right rune, also after multi-byte δ ↔ × ⟦ on the
// same line. at is the text the caret must point at.
func TestErrorPositions(t *testing.T) {
	for _, tc := range []struct {
		name, src, pos, at, msg string
	}{
		{"missing paren", "metric m = F<->[x](delta\nmetric n = 1", "2:1", "metric", `unexpected token "metric" (expected ")")`},
		{"eof", "metric m = F<->[x](delta", "1:25", "", `unexpected end of file (expected ")")`},
		{"eof unicode", "metric m = F↔[x](δ", "1:19", "", "unexpected end of file"},
		{"eof after operator", "let a = δ ×", "1:12", "", "unexpected end of file (expected Unary)"},
		{"unknown normalizer", "let a = δ + Q↔[x](δ)", "1:13", "Q", `unknown normalizer "Q" before ↔`},
		{"lookalike sum", "let a = ∑↔[x](δ)", "1:9", "∑", "did you mean Σ (U+03A3) or S?"},
		{"lookalike after unicode", "let a = F↔[x](δ) ∑", "1:18", "∑", `unexpected token "∑"`},
		{"iverson mismatch", "let a = ⟦ δ > 1 ]]", "1:17", "]]", "Iverson bracket opened with ⟦ must close with ⟧"},
		{"iverson mismatch ascii", "let a = [[ δ > 1 ⟧", "1:18", "⟧", "Iverson bracket opened with [[ must close with ]]"},
		{"F(0)", "let a = F(0)↔[x](δ)", "1:11", "0", "β of F(β) must be positive"},
		{"G(1)", "let a = G(1)<->[x](delta)", "1:9", "G", `unknown normalizer "G"`},
		{"keyword let", "let let = δ", "1:5", "let", `"let" is a keyword`},
		{"keyword metric", "metric type = δ", "1:8", "type", `"type" is a keyword`},
		{"minus munch", "let a = [[ δ <-1 ]]", "1:14", "<-", `unexpected token "<-"`},
		{"lone not", "metric A=F->[x](delta,ignore=not)", "1:30", "not", "not needs a condition after it"},
		{"selector", "let a = F↔[x](δ).f1", "1:17", ".f1", `".f1" can only follow a metric name`},
		{"selector after space", "let a = F↔[x](δ) . f1", "1:18", ". f1", `".f1" can only follow a metric name`},
		{"tab", "type T {\n\ta: int\n\tb: int c\n}", "3:9", "c", `unexpected token "c"`},
		{"crlf", "let a = 1\r\nlet b = δ + ↔ δ\r\n", "2:13", "↔", `unexpected token "↔"`},
		{"cr only", "# note\rlet a = 1\rlet b = δ + ↔ δ\r", "3:13", "↔", `unexpected token "↔"`},
		{"cr only comment", "let a = 1 # note\rlet b = δ + ↔ δ", "2:13", "↔", `unexpected token "↔"`},
		{"unquoted key", "metric m = n[B-PER].f1", "1:15", "-", `a breakdown key that is not a name is quoted: ["B-PER"]`},
		{"unquoted deprel", "metric m = (n[nmod:poss] + 1)", "1:19", ":", `a breakdown key that is not a name is quoted: ["nmod:poss"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := grammar.Parse("t.metric", tc.src)
			require.NotEmpty(t, errs)
			e := errs[0]
			assert.Equal(t, "t.metric:"+tc.pos, e.Position().String())
			assert.Contains(t, e.Error(), tc.msg)

			var out strings.Builder
			e.Render(&out)
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			require.Len(t, lines, 3, out.String())
			src, caret := strings.TrimPrefix(lines[1], "    "), strings.TrimPrefix(lines[2], "    ")
			col := strings.IndexAny(caret, "^")
			require.GreaterOrEqual(t, col, 0)
			// The caret line has one byte per rune of the source line.
			runes := []rune(src)
			assert.Equal(t, tc.pos[strings.Index(tc.pos, ":")+1:], itoa(col+1), "caret column")
			width := utf8.RuneCountInString(strings.TrimRight(caret[col:], " "))
			if tc.at == "" {
				assert.Equal(t, len(runes), col, "an end-of-file caret sits just past the line")
				return
			}
			require.LessOrEqual(t, col+width, len(runes), "caret runs past the line")
			assert.Equal(t, tc.at, string(runes[col:col+width]), "text under the caret")
		})
	}
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// TestParseErrorsHaveSpans: every error of the error corpus lies inside
// the text, and only syntax errors stop at the first one.
func TestParseErrorsHaveSpans(t *testing.T) {
	for _, in := range errorInputs(t) {
		_, errs := grammar.Parse(in.name, in.text)
		require.NotEmpty(t, errs, in.name)
		for _, e := range errs {
			checkErrorSpan(t, in.text, e.Pos, e.End, e.Error())
		}
	}
}

// TestCROnlySpec: a spec with old-Mac line endings is read line by line,
// not as one comment.
func TestCROnlySpec(t *testing.T) {
	f, errs := grammar.Parse("t.metric", "# types\rtype Doc { tags: set<string> }\rinput Doc\rmetric m = F<->[tags](delta) # F1\rmetric n = P<->[tags](delta)\r")
	require.Nil(t, errs)
	assert.Len(t, f.Decls, 4)
}

// TestNestingLimit: nesting past MaxNesting levels (brackets and prefix
// operators) is one clear error at the first token too deep, found before
// anything recurses on it; at the bound, the spec parses.
func TestNestingLimit(t *testing.T) {
	const head = "type Doc { tags: set<string> }\ninput Doc\nmetric m = "
	body := func(prefix, inner, suffix string, n int) string {
		return head + strings.Repeat(prefix, n) + inner + strings.Repeat(suffix, n) + "\n"
	}
	for _, c := range []struct {
		name string
		text string
		ok   bool
	}{
		{"minus at the bound", body("-", "F<->[tags](delta)", "", grammar.MaxNesting), true},
		{"brackets at the bound", body("(", "F<->[tags](delta)", ")", grammar.MaxNesting-2), true},
		{"binary minus does not nest", head + strings.Repeat("F<->[tags](delta) - ", 5000) + "1\n", true},
		{"minus past the bound", body("-", "F<->[tags](delta)", "", 100_000), false},
		{"brackets past the bound", body("(", "F<->[tags](delta)", ")", 100_000), false},
		{"mixed", body("-(", "F<->[tags](delta)", ")", grammar.MaxNesting/2+1), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errs := grammar.Parse("deep.metric", c.text)
			if c.ok {
				require.Empty(t, errs)
				return
			}
			require.Len(t, errs, 1)
			assert.Contains(t, errs[0].Error(), "deep.metric:3:")
			assert.Contains(t, errs[0].Error(), "expressions nest more than 1000 levels deep here")
		})
	}
}
