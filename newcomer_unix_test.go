//go:build unix

package metricc_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// TestSpecFromPipe: a spec path that is not a regular file (a named pipe,
// /dev/stdin, a process substitution) is read like a file.
func TestSpecFromPipe(t *testing.T) {
	src, err := os.ReadFile("testdata/tutorial/ner.metric")
	require.NoError(t, err)
	fifo := filepath.Join(t.TempDir(), "spec.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			w.Write(src)
			w.Close()
		}
	}()
	spec, err := metricc.Load(fifo)
	require.NoError(t, err)
	assert.Len(t, spec.Metrics(), 5)
}
