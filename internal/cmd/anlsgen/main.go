// Command anlsgen writes a synthetic ANLS* corpus, gold.jsonl and
// pred.jsonl, in the input shape of the shipped spec anls; see package
// anlsgen.
//
//	go run ./internal/cmd/anlsgen -docs 1000 -seed 1 -out /tmp/anls
package main

import (
	"flag"
	"os"

	"github.com/metricc/metricc/internal/anlsgen"
	"github.com/metricc/metricc/internal/cmd/genout"
)

func main() {
	docs := flag.Int("docs", 1000, "document pairs")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	c := anlsgen.Generate(anlsgen.Config{Docs: *docs, Seed: *seed})
	genout.Write(*out, map[string][]byte{"gold.jsonl": c.Gold, "pred.jsonl": c.Pred})
}
