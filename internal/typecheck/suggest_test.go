package typecheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"delta", "delta", 0},
		{"delt", "delta", 1}, {"detla", "delta", 2}, {"kitten", "sitting", 3},
		{"δ", "d", 1}, {"Σ↔", "S↔", 1}, // runes, not bytes
	} {
		assert.Equal(t, tc.want, editDistance(tc.a, tc.b), "%q %q", tc.a, tc.b)
		assert.Equal(t, tc.want, editDistance(tc.b, tc.a), "symmetric: %q %q", tc.b, tc.a)
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"mentions", "entities", "delta", "max", "min", "id"}
	for _, tc := range []struct{ name, want string }{
		{"mention", "did you mean mentions?"},
		{"entitys", "did you mean entities?"},
		{"delt", "did you mean delta?"},
		{"mex", "did you mean max?"},
		{"mix", "did you mean max?"}, // max and min are both 1 away: the first in sorted order wins
		{"xyzzy", ""},                // nothing close
		{"ab", ""},                   // "id" is 2 away, as long as the name itself
		{"delta", ""},                // itself is not a suggestion
		{"mentio", "did you mean mentions?"},
	} {
		assert.Equal(t, tc.want, suggest(tc.name, append([]string(nil), names...)), tc.name)
	}
	assert.Equal(t, "", suggest("x", nil))
}
