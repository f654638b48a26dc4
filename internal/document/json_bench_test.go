package document

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// BenchmarkJSONLStream reads 20,000 coreference-shaped documents of JSON
// Lines one at a time, as a run does: the reader holds one document, so
// its allocations per document stay flat whatever the file's size.
func BenchmarkJSONLStream(b *testing.B) {
	var buf bytes.Buffer
	for d := range 20_000 {
		fmt.Fprintf(&buf, `{"id": "doc%d", "entities": [`, d)
		for e := range 20 {
			if e > 0 {
				buf.WriteString(", ")
			}
			fmt.Fprintf(&buf, `{"mentions": [{"left": %d, "right": %d}, {"left": %d, "right": %d}]}`, 4*e, 4*e+1, 4*e+2, 4*e+3)
		}
		buf.WriteString("]}\n")
	}
	data := buf.Bytes()
	for _, mode := range []string{"jsonl", "auto", "json"} {
		b.Run(mode, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				s := NewJSONStream("big.jsonl", bytes.NewReader(data), mode)
				n := 0
				for {
					_, err := s.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n++
				}
				if n != 20_000 {
					b.Fatalf("%d documents", n)
				}
			}
		})
	}
}
