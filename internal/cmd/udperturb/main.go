// Command udperturb writes a predicted CoNLL-U file made from a gold one
// by realistic errors (see package udperturb):
//
//	go run ./internal/cmd/udperturb -seed 1 -rate 0.1 gold.conllu > pred.conllu
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/metricc/metricc/internal/udperturb"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	rate := flag.Float64("rate", 0.1, "probability of each kind of word-level error per word")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: udperturb [-seed N] [-rate R] gold.conllu > pred.conllu")
		os.Exit(2)
	}
	gold, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout.Write(udperturb.Perturb(gold, udperturb.Config{Seed: *seed, Rate: *rate}))
}
