package typecheck_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/grammar"
	"github.com/metricc/metricc/internal/typecheck"
)

// seeds are the shipped specs, the grammar's inputs and the checker's.
func seeds(t testing.TB) []string {
	var out []string
	for _, g := range []string{"../specs/*.metric", "../grammar/testdata/*.metric", "../grammar/testdata/errors/*.metric", "testdata/*.metric"} {
		paths, err := filepath.Glob(g)
		require.NoError(t, err)
		require.NotEmpty(t, paths, g)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			out = append(out, string(data))
		}
	}
	return out
}

// FuzzCheck: checking never panics, every error has a position inside
// the text, and a clean check gives every metric a body to evaluate.
func FuzzCheck(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		file, errs := grammar.Parse("fuzz.metric", text)
		if errs != nil {
			return
		}
		prog, errs := typecheck.Check(file)
		if len(errs) > 0 {
			require.Nil(t, prog)
			for i, e := range errs {
				require.True(t, e.Pos.IsValid(), "no position: %v", e)
				require.LessOrEqual(t, e.Pos.Offset(), len(text), "past the end: %v", e)
				if e.End.IsValid() {
					require.LessOrEqual(t, e.Pos, e.End, "%v", e)
					require.LessOrEqual(t, e.End.Offset(), len(text), "%v", e)
				}
				if i > 0 {
					require.LessOrEqual(t, errs[i-1].Pos, e.Pos, "errors are sorted")
				}
			}
			var b strings.Builder
			errs.Render(&b)
			return
		}
		require.NotNil(t, prog)
		for _, m := range prog.Metrics {
			require.Equal(t, 1, kinds(m), "metric %q must have exactly one of Body, Corpus and Split", m.Name)
		}
	})
}

// TestCheckLineMixes checks random mixes of single-line declarations
// taken from all the seeds: byte-level fuzzing rarely produces text that
// parses, while these mixes reach odd combinations of valid declarations
// (a let before its type, corpus metrics without similarity ones, ...).
// Deterministic, so a failure reproduces.
func TestCheckLineMixes(t *testing.T) {
	var lines []string
	for _, s := range seeds(t) {
		for _, l := range strings.Split(s, "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			if f, errs := grammar.Parse("line", l); errs == nil && len(f.Decls) == 1 {
				lines = append(lines, l)
			}
		}
	}
	require.Greater(t, len(lines), 200)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 800 {
		n := 1 + rng.IntN(12)
		pick := make([]string, n)
		for i := range pick {
			pick[i] = lines[rng.IntN(len(lines))]
		}
		text := strings.Join(pick, "\n")
		file, errs := grammar.Parse("mix.metric", text)
		require.Nil(t, errs, "%v", errs)
		prog, errs := typecheck.Check(file)
		if errs != nil {
			for _, e := range errs {
				require.True(t, e.Pos.IsValid(), "no position: %v\n%s", e, text)
				require.LessOrEqual(t, e.Pos.Offset(), len(text))
			}
			continue
		}
		for _, m := range prog.Metrics {
			require.Equal(t, 1, kinds(m), "metric %q:\n%s", m.Name, text)
		}
	}
}

// kinds counts what a checked metric is: a similarity (Body), corpus
// arithmetic (Corpus) or prf(a, b) (Split); exactly one.
func kinds(m *typecheck.Metric) int {
	n := 0
	for _, is := range []bool{m.Body != nil, m.Corpus != nil, m.Split != nil} {
		if is {
			n++
		}
	}
	return n
}
