// Command nergen writes a synthetic CoNLL-2003 style corpus, gold.txt and
// pred.txt, of the size of the CoNLL-2003 English training set; see
// package nergen.
//
//	go run ./internal/cmd/nergen -out /tmp/ner
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/metricc/metricc/internal/cmd/genout"
	"github.com/metricc/metricc/internal/nergen"
)

func main() {
	docs := flag.Int("docs", 0, "documents (default 946)")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	c := nergen.Generate(nergen.Config{Docs: *docs, Seed: *seed})
	genout.Write(*out, map[string][]byte{"gold.txt": c.Gold, "pred.txt": c.Pred})
	fmt.Printf("%d tokens\n", c.Tokens)
}
