package udperturb_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter/conllu"
	"github.com/metricc/metricc/internal/udperturb"
)

// TestPerturb: at every rate the prediction is valid CoNLL-U (the adapter
// checks trees, IDs and columns as the scorer does), has the gold's text
// in every document, differs from the gold, and is the same for the same
// seed.
func TestPerturb(t *testing.T) {
	gold, err := os.ReadFile("../../testdata/ud/en_ewt-ud-test-head.conllu")
	require.NoError(t, err)
	g, err := conllu.ParseReader("gold", bytes.NewReader(gold))
	require.NoError(t, err)
	for _, rate := range []float64{0.05, 0.3, 0.9} {
		for seed := uint64(1); seed <= 3; seed++ {
			pred := udperturb.Perturb(gold, udperturb.Config{Seed: seed, Rate: rate})
			assert.Equal(t, pred, udperturb.Perturb(gold, udperturb.Config{Seed: seed, Rate: rate}))
			assert.NotEqual(t, gold, pred)
			p, err := conllu.ParseReader("pred", bytes.NewReader(pred))
			require.NoError(t, err, "seed %d rate %g", seed, rate)
			require.Len(t, p.Docs, len(g.Docs))
			for i := range g.Docs {
				assert.Equal(t, g.Docs[i].Partner.(*conllu.Text).Text, p.Docs[i].Partner.(*conllu.Text).Text)
			}
		}
	}
}
