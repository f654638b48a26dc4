// Command amrgen writes the synthetic AMR pairs of package amrgen as
// Penman files, gold and prediction side by side, for metricc and smatch:
//
//	go run ./internal/cmd/amrgen -out /tmp/amr            # the fixed set below
//	go run ./internal/cmd/amrgen -join 10 -gold G -pred P -out /tmp/doc10
//
// The fixed set: onecon60 (two different 60-node graphs of one concept),
// chain2000 and chain5000 (a chain against itself), star1000 (a 1,000-leaf
// star against itself) and near60 / near200 (AMR-like graphs with repeated
// concepts against a 10% perturbed copy, 10 pairs each), and leaves40
// (10 pairs of different 40-node coordinations of many interchangeable
// leaves, where symmetry breaking counts). With -join K it
// instead joins the AMRs of G and P, K at a time, into document pairs
// (multi-sentence roots) written as DIR/gold.amr and DIR/pred.amr.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/metricc/metricc/internal/amrgen"
)

func main() {
	out := flag.String("out", "", "output directory (required)")
	join := flag.Int("join", 0, "join K sentence AMRs of -gold and -pred into each document")
	gold := flag.String("gold", "", "gold sentence AMRs (with -join)")
	pred := flag.String("pred", "", "predicted sentence AMRs (with -join)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	if *join > 0 {
		for _, f := range []struct{ in, name string }{{*gold, "gold.amr"}, {*pred, "pred.amr"}} {
			data, err := os.ReadFile(f.in)
			if err != nil {
				fail(err)
			}
			write(*out, f.name, amrgen.JoinDocs(amrgen.SplitAMRs(string(data)), *join))
		}
		return
	}
	for name, p := range amrgen.Fixed() {
		write(*out, name+".gold.amr", p.Gold)
		write(*out, name+".pred.amr", p.Pred)
	}
}

func write(dir, name string, amrs []string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(amrs, "\n\n")+"\n"), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "amrgen:", err)
	os.Exit(1)
}
