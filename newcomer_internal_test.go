package metricc

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter"
)

// TestFormatsFitTheirSpecs: every shipped spec that a format names as a
// reader of its documents reads only fields the format writes, so the
// check above never refuses the right spec.
func TestFormatsFitTheirSpecs(t *testing.T) {
	for _, f := range adapter.List() {
		for _, name := range f.Specs {
			spec, err := Load(name)
			require.NoError(t, err)
			for _, field := range spec.reader().Fields {
				assert.True(t, slices.Contains(f.Fields, field), "%s reads %q, which %s documents do not have", name, field, f.Name)
			}
		}
	}
}
