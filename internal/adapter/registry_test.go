package adapter

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
)

// TestRegistryRefuses: a format that could not be named or read is refused
// when the registry is built, so reading never meets a format without a
// parser (Open has no "not available" case to report).
func TestRegistryRefuses(t *testing.T) {
	parse := func(string, io.Reader) (*document.Input, error) { return nil, nil }
	for _, c := range []struct {
		name    string
		formats []*document.Format
		err     string
	}{
		{"no name", []*document.Format{{Parse: parse}}, `adapter: a format may not be named ""`},
		{"auto", []*document.Format{{Name: Auto, Parse: parse}}, `adapter: a format may not be named "auto"`},
		{"twice", []*document.Format{{Name: "x", Parse: parse}, {Name: "x", Parse: parse}}, `adapter: two formats are named "x"`},
		{"no parser", []*document.Format{{Name: "x", Stream: func(string, io.Reader) document.Stream { return nil }}}, `adapter: the x format has no Parse`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := newRegistry(c.formats...)
			assert.EqualError(t, err, c.err)
		})
	}
	r, err := newRegistry(&document.Format{Name: "x", Parse: parse}, &document.Format{Name: "y", Parse: parse})
	require.NoError(t, err)
	assert.Equal(t, "y", r.byName["y"].Name)
}

// TestEveryFormatReads: every format the registry names has a parser, the
// invariant that replaced Open's check for formats not built yet.
func TestEveryFormatReads(t *testing.T) {
	names := Names()[1:]
	require.Len(t, names, 9)
	for _, name := range names {
		f := Lookup(name)
		require.NotNil(t, f, name)
		assert.NotNil(t, f.Parse, name)
	}
}
