package eael_test

import (
	"path/filepath"
	"testing"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/eaelgen"
	"github.com/stretchr/testify/require"
)

// BenchmarkStores reads a synthetic assessment store and system output
// (100 documents, 200 assessed responses each; see internal/eaelgen) and
// scores them with the eael spec. go run ./internal/cmd/eaelgen writes a
// corpus of the 2015 evaluation's size for timing whole runs.
func BenchmarkStores(b *testing.B) {
	dir := b.TempDir()
	require.NoError(b, eaelgen.Write(dir, eaelgen.Config{Docs: 100, Seed: 1}))
	spec, err := metricc.Load("eael")
	require.NoError(b, err)
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			for _, d := range []string{"key", "system"} {
				if _, err := adapter.Read(filepath.Join(dir, d), adapter.Auto); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("score", func(b *testing.B) {
		for b.Loop() {
			if _, err := spec.Score(metricc.File(filepath.Join(dir, "key")), metricc.File(filepath.Join(dir, "system")), metricc.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
