package mrp

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// anchorBitmap is the plain reading of anchorText with an input string:
// mark every non-space position that a span covers, then write the runs.
func anchorBitmap(input []rune, spans []span) string {
	covered := make([]bool, len(input))
	for _, s := range spans {
		if !s.ok {
			continue
		}
		for i := max(s.from, 0); i < min(s.to, len(input)); i++ {
			if !isSpace(input[i]) {
				covered[i] = true
			}
		}
	}
	var runs []string
	for i := 0; i < len(covered); {
		if !covered[i] {
			i++
			continue
		}
		j := i
		for j < len(covered) && covered[j] {
			j++
		}
		runs = append(runs, strconv.Itoa(i)+":"+strconv.Itoa(j))
		i = j
	}
	return strings.Join(runs, ",")
}

// TestAnchorTextAgainstBitmap: the merged spans walked word by word give
// the runs of the bitmap, on random inputs and spans (overlapping,
// touching, out of range, empty, not ok).
func TestAnchorTextAgainstBitmap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 3000 {
		n := 1 + rng.IntN(20)
		input := make([]rune, n)
		for i := range input {
			input[i] = []rune("ab  c\té")[rng.IntN(7)]
		}
		g := &graph{input: input}
		var spans []span
		for range rng.IntN(5) {
			from := rng.IntN(n+4) - 2
			spans = append(spans, span{from: from, to: from + rng.IntN(8) - 1, ok: rng.IntN(8) > 0})
		}
		require.Equal(t, anchorBitmap(input, spans), g.anchorText(spans), "round %d: %q %v", round, string(input), spans)
	}
}

// BenchmarkAnchorsLongGraph: 20,000 nodes anchored to one word each of a
// 200,000-character input: 4.4 ms. A bitmap of the input per node took
// time and memory in their product: 2.9 s.
func BenchmarkAnchorsLongGraph(b *testing.B) {
	input := []rune(strings.Repeat("word ", 40000))
	for b.Loop() {
		g := &graph{input: input}
		for k := range 20000 {
			g.anchorText([]span{{from: 5 * k, to: 5*k + 4, ok: true}})
		}
	}
}
