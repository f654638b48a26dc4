package pymarshal

import (
	"io"
	"os"
	"testing"
)

func BenchmarkNER(b *testing.B) {
	data, err := os.ReadFile("/tmp/pyfast-ner10k/pred.marshal")
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		if _, err := io.Copy(io.Discard, NewReader(data, "x")); err != nil {
			b.Fatal(err)
		}
	}
}
