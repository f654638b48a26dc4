package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun: the line holds the program's CPU (user + system), its peak
// memory and its wall time; its output and exit code are its own.
func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "stat")
	var stdout, stderr bytes.Buffer
	// A shell that counts to 20,000 (a few milliseconds of CPU or
	// more, however loaded the machine), prints, and exits 3.
	script := `i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done; exit 3`
	code := run([]string{"-o", out, "/bin/sh", "-c", script}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 3, code)
	assert.Equal(t, "done\n", stdout.String())
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	var cpu, user, sys, rss, wall int64
	n, err := fmt.Sscan(string(data), &cpu, &user, &sys, &rss, &wall)
	require.NoError(t, err, "%q", data)
	require.Equal(t, 5, n)
	assert.Equal(t, user+sys, cpu)
	assert.GreaterOrEqual(t, cpu, int64(1000), "CPU of 20,000 steps of a shell loop, in microseconds")
	assert.Greater(t, wall, int64(0))
	assert.Greater(t, rss, int64(0))
}

// TestRunErrors: a missing program, a bad command line.
func TestRunErrors(t *testing.T) {
	var stderr bytes.Buffer
	out := filepath.Join(t.TempDir(), "stat")
	assert.Equal(t, 127, run([]string{"-o", out, "/no/such/program"}, nil, nil, &stderr))
	assert.Contains(t, stderr.String(), "runstat: fork/exec /no/such/program")
	assert.NoFileExists(t, out)
	stderr.Reset()
	assert.Equal(t, 2, run([]string{"/bin/true"}, nil, nil, &stderr))
	assert.Contains(t, stderr.String(), "usage: runstat -o FILE PROGRAM")
}
