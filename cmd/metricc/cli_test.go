package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestCLI runs every case under testdata/cli/: each directory holds an
// `args` file (one argument per line, run from inside the directory), the
// inputs it names, and the expected stdout.golden, stderr.golden and exit.
func TestCLI(t *testing.T) {
	dirs, err := filepath.Glob("testdata/cli/*")
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			argsText, err := os.ReadFile(filepath.Join(dir, "args"))
			require.NoError(t, err)
			var args []string
			for _, line := range strings.Split(strings.TrimSpace(string(argsText)), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					args = append(args, line)
				}
			}
			t.Chdir(dir)
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			golden(t, "stdout.golden", stdout.String())
			golden(t, "stderr.golden", stderr.String())
			golden(t, "exit", strconv.Itoa(code)+"\n")
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(name, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(name)
	require.NoError(t, err, "missing golden file; run go test -update")
	assert.Equal(t, string(want), got, name)
}
