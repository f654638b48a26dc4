package grammar

import (
	"os"
	"testing"
)

// BenchmarkParseNER parses the shipped NER spec, which every NER run
// compiles at its start.
func BenchmarkParseNER(b *testing.B) {
	src, err := os.ReadFile("../specs/ner.metric")
	if err != nil {
		b.Fatal(err)
	}
	parser() // built once, as a program does
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := Parse("ner.metric", string(src)); errs != nil {
			b.Fatal(errs)
		}
	}
}
