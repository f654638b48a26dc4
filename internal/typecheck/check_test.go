package typecheck_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/grammar"
	"github.com/metricc/metricc/internal/typecheck"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// errorComment is a trailing `# ERROR "regexp"` (several quoted regexps
// may follow one ERROR, for several errors on one line). Inside the
// quotes, \" is a quote; other backslashes are the regexp's own.
var errorComment = regexp.MustCompile(`#\s*ERROR((?:\s+"(?:[^"\\]|\\.)*")+)\s*$`)

var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// expectation is one expected error: a regexp on a line.
type expectation struct {
	line  int
	rx    *regexp.Regexp
	found bool
}

// expectations collects the `# ERROR` comments of text.
func expectations(t *testing.T, text string) []*expectation {
	t.Helper()
	var out []*expectation
	for i, line := range strings.Split(text, "\n") {
		m := errorComment.FindStringSubmatch(line)
		if m == nil {
			require.NotContains(t, line, "ERROR", "line %d: malformed ERROR comment", i+1)
			continue
		}
		for _, q := range quoted.FindAllString(m[1], -1) {
			// Only \" is an escape: every other backslash belongs to the regexp.
			rx := strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
			out = append(out, &expectation{line: i + 1, rx: regexp.MustCompile(rx)})
		}
	}
	return out
}

// message is an error without its position: the text the regexps match.
func message(e *ast.Error) string {
	return strings.TrimPrefix(e.Error(), e.Position().String()+": ")
}

// check parses and checks a file that must be free of syntax errors.
func check(t *testing.T, name, text string) (*typecheck.Program, ast.ErrorList) {
	t.Helper()
	f, errs := grammar.Parse(name, text)
	require.Nil(t, errs, "syntax errors:\n%v", errs)
	return typecheck.Check(f)
}

// TestErrors is the go/types-style harness: each testdata/*.metric is
// checked, and its reported errors must be exactly the `# ERROR` comments,
// each on its line. A file without ERROR comments must check clean.
func TestErrors(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.metric")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			text := string(data)
			want := expectations(t, text)
			prog, errs := check(t, filepath.Base(path), text)
			if len(want) == 0 {
				require.Nil(t, errs, "unexpected errors:\n%s", render(errs))
				require.NotNil(t, prog)
				return
			}
			require.Nil(t, prog, "no program is returned with errors")
			require.NotEmpty(t, errs)
			for i, e := range errs {
				pos := e.Position()
				require.True(t, pos.IsValid(), "error without a position: %v", e)
				if i > 0 {
					assert.LessOrEqual(t, errs[i-1].Pos, e.Pos, "errors are sorted")
				}
				matched := false
				for _, w := range want {
					if !w.found && w.line == pos.Line && w.rx.MatchString(message(e)) {
						w.found, matched = true, true
						break
					}
				}
				assert.True(t, matched, "unexpected error %s", e)
			}
			for _, w := range want {
				assert.True(t, w.found, "%s:%d: no error matching %q", path, w.line, w.rx)
			}
		})
	}
}

func render(errs ast.ErrorList) string {
	var b strings.Builder
	errs.Render(&b)
	return b.String()
}

// renderGoldens are the harness files whose full rendered error text is
// also kept, to pin positions, carets and the order of the list.
var renderGoldens = []string{"undefined", "lets", "corpus", "cascade"}

func TestRenderGolden(t *testing.T) {
	for _, name := range renderGoldens {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name+".metric")
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			_, errs := check(t, path, string(data))
			require.NotEmpty(t, errs)
			golden(t, filepath.Join("testdata", name+".err.golden"), render(errs))
		})
	}
}

// golden compares got with the file at path, or rewrites it under -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./typecheck -update")
	assert.Equal(t, string(want), got, "%s differs; run go test ./typecheck -update and review the diff", path)
}

// TestHarnessCatches makes sure the harness itself can fail: a wrong
// line, a wrong message and a missing comment are all noticed.
func TestHarnessCatches(t *testing.T) {
	const text = "type Doc { xs: set<int> }\ninput Doc\nmetric m = F<->[xs](delt)\n"
	_, errs := check(t, "h.metric", text)
	require.Len(t, errs, 1)
	assert.Equal(t, 3, errs[0].Position().Line)
	assert.Equal(t, "undefined: delt (did you mean delta?)", message(errs[0]))
	w := expectations(t, "x # ERROR \"a\" \"b\\\"c\"\ny\nz # ERROR \"d\"")
	require.Len(t, w, 3)
	assert.Equal(t, []int{1, 1, 3}, []int{w[0].line, w[1].line, w[2].line})
	assert.Equal(t, `b"c`, w[1].rx.String())
}
