package specs_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter/conllu"
	"github.com/metricc/metricc/internal/udperturb"
)

// udBenchFiles are the committed UD English EWT excerpt (20 documents,
// 4,694 words) and a prediction perturbed at rate 0.1.
func udBenchFiles(b *testing.B) (gold, pred []byte) {
	gold, err := os.ReadFile("../../testdata/ud/en_ewt-ud-test-head.conllu")
	require.NoError(b, err)
	return gold, udperturb.Perturb(gold, udperturb.Config{Seed: 1, Rate: 0.1})
}

// BenchmarkUD reads a gold and a predicted CoNLL-U file through the conllu
// adapter and scores every metric of ud.metric on one worker: the work of
// one `metricc run ud gold pred`.
func BenchmarkUD(b *testing.B) {
	gold, pred := udBenchFiles(b)
	p := load(b, "ud")
	b.ReportAllocs()
	b.SetBytes(int64(len(gold) + len(pred)))
	for b.Loop() {
		g := metricc.Reader("gold", bytes.NewReader(gold), "conllu")
		d := metricc.Reader("pred", bytes.NewReader(pred), "conllu")
		if _, err := p.Score(g, d, metricc.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUDAdapter is the reading alone (both files).
func BenchmarkUDAdapter(b *testing.B) {
	gold, pred := udBenchFiles(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(gold) + len(pred)))
	for b.Loop() {
		for _, f := range [][]byte{gold, pred} {
			if _, err := conllu.ParseReader("f", bytes.NewReader(f)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
