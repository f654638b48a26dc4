// Command conll16gen writes a synthetic corpus of CoNLL-2016 discourse
// relations in the official formats, gold.json (token addresses) and
// pred.json (system output made from it by realistic errors); see package
// conll16gen.
//
//	go run ./internal/cmd/conll16gen -docs 1000 -seed 1 -out /tmp/c16
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/metricc/metricc/internal/cmd/genout"
	"github.com/metricc/metricc/internal/conll16gen"
)

func main() {
	docs := flag.Int("docs", 50, "documents")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	c := conll16gen.Generate(conll16gen.Config{Docs: *docs, Seed: *seed})
	genout.Write(*out, map[string][]byte{"gold.json": c.Gold, "pred.json": c.Pred})
	fmt.Printf("%d documents, %d tokens, %d gold relations, %d predicted\n", *docs, c.Tokens, c.GoldRelations, c.Relations)
}
