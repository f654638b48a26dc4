// Command eaelgen writes a synthetic TAC KBP 2015 EAEL corpus: DIR/key (an
// assessment store) and DIR/system (a system output store), by default of
// the size of the 2015 evaluation (500 documents); see package eaelgen.
//
//	go run ./internal/cmd/eaelgen -out /tmp/eael
//	metricc run eael /tmp/eael/key /tmp/eael/system
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/metricc/metricc/internal/eaelgen"
)

func main() {
	docs := flag.Int("docs", 500, "documents")
	responses := flag.Int("responses", 200, "assessed responses a document (the system outputs about 60%)")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := eaelgen.Write(*out, eaelgen.Config{Docs: *docs, Responses: *responses, Seed: *seed}); err != nil {
		fmt.Fprintln(os.Stderr, "eaelgen:", err)
		os.Exit(1)
	}
}
