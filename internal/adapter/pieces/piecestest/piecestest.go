// Package piecestest checks a reader of files in pieces against itself
// reading in one piece: the test every adapter built on package pieces
// runs on its own texts.
package piecestest

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runs are the workers a file is read on, each with the cores it may use
// (fewer cores than workers too: helpers start only while a core is free).
var runs = []struct{ workers, cores int }{{2, 1}, {2, 2}, {3, 4}}

// Same checks that read(workers, size), the text name read in pieces of
// size bytes on that many workers, is want for every size and every run,
// and reports false at the first difference.
func Same[T any](t testing.TB, name string, sizes []int, want T, read func(workers, size int) T) bool {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, size := range sizes {
		for _, run := range runs {
			runtime.GOMAXPROCS(run.cores)
			if got := read(run.workers, size); !assert.Equal(t, want, got, "%s: pieces of %d bytes on %d workers, %d cores", name, size, run.workers, run.cores) {
				return false
			}
		}
	}
	return true
}
