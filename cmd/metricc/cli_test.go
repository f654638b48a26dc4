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

// TestCLIInterrupt: an interrupt (as Ctrl-C sends) before the search
// starts still prints the results, from the first matching found, with
// their proof status, and the exit code says the run did not finish.
func TestCLIInterrupt(t *testing.T) {
	old := notifyInterrupt
	defer func() { notifyInterrupt = old }()
	notifyInterrupt = func() (<-chan struct{}, func()) {
		ch := make(chan struct{})
		close(ch)
		return ch, func() {}
	}
	t.Chdir("testdata/cli/smatch-penman")
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "smatch", "gold.amr", "pred.amr", "--format", "json"}, &stdout, &stderr)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr.String(), "interrupted: the searches still running were stopped")
	assert.Contains(t, stdout.String(), `"search": {"pairs": 1, "proven_optimal": 0, "max_gap": `)
	assert.Contains(t, stdout.String(), `"interrupted": 1`)
}
