package grammar_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/metricc/metricc/internal/ast"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// input is a spec text and the name it is parsed under.
type input struct {
	name string
	text string
}

// readInputs reads the files matching each glob, in order.
func readInputs(t testing.TB, globs ...string) []input {
	t.Helper()
	var out []input
	for _, g := range globs {
		paths, err := filepath.Glob(g)
		require.NoError(t, err)
		require.NotEmpty(t, paths, "no files match %s", g)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			out = append(out, input{name: filepath.ToSlash(p), text: string(data)})
		}
	}
	return out
}

// validInputs are the shipped specs and the grammar's valid test inputs.
func validInputs(t testing.TB) []input {
	return readInputs(t, "../specs/*.metric", "testdata/*.metric")
}

// errorInputs are the inputs with syntax errors.
func errorInputs(t testing.TB) []input {
	return readInputs(t, "testdata/errors/*.metric")
}

// golden compares got with the file at path, or rewrites it under -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./grammar -update")
	assert.Equal(t, string(want), got, "%s differs; run go test ./grammar -update and review the diff", path)
}

// trimExt drops the .metric extension.
func trimExt(p string) string { return p[:len(p)-len(filepath.Ext(p))] }

// checkErrorSpan asserts that an error's span lies inside text: a valid
// start at most one past the last byte (end of file), and an end that is
// either unset (one character) or between the start and the end of text.
func checkErrorSpan(t testing.TB, text string, pos, end ast.Pos, what string) {
	t.Helper()
	require.True(t, pos.IsValid(), "no position: %s", what)
	require.LessOrEqual(t, pos.Offset(), len(text), "past the end: %s", what)
	if end.IsValid() {
		require.LessOrEqual(t, pos, end, "end before start: %s", what)
		require.LessOrEqual(t, end.Offset(), len(text), "end past the end: %s", what)
	}
}
