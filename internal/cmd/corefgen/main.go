// Command gen writes a synthetic CoNLL-2012 coreference corpus, key.conll
// and response.conll, with the size of the CoNLL-2012 English test set
// (348 documents, 169,579 tokens, 19,764 mentions, 4,532 entities) and a
// response made from the key by realistic errors; see package corefgen.
//
//	go run ./internal/cmd/corefgen -docs 348 -seed 1 -out /tmp/conll
//	go run ./internal/cmd/corefgen -long -out /tmp/long   # 40 documents of 2,000+ mentions
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"github.com/metricc/metricc/internal/cmd/genout"
	"github.com/metricc/metricc/internal/corefgen"
)

func main() {
	docs := flag.Int("docs", 0, "documents (default 348, or 40 with -long); totals scale with docs/348")
	seed := flag.Uint64("seed", 1, "random seed")
	long := flag.Bool("long", false, "documents of 2,000 to 2,600 key mentions each")
	tabs := flag.Bool("tabs", false, "separate columns by tabs instead of aligning them with spaces")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	c := corefgen.Generate(corefgen.Config{Docs: *docs, Seed: *seed, Long: *long, Tabs: *tabs})
	genout.Write(*out, map[string][]byte{"key.conll": c.Key, "response.conll": c.Response})
	report("key", c.KeyStats)
	report("response", c.ResponseStats)
}

func report(side string, s corefgen.Stats) {
	fmt.Printf("%-8s docs %d, sentences %d, tokens %d, mentions %d, entities %d, largest %d\n",
		side, s.Docs, s.Sentences, s.Tokens, s.Mentions, s.Entities, s.MaxSize)
	sizes := make([]int, 0, len(s.Sizes))
	for k := range s.Sizes {
		sizes = append(sizes, k)
	}
	slices.Sort(sizes)
	fmt.Printf("%-8s entity sizes:", "")
	big := 0
	for _, k := range sizes {
		if k >= 6 {
			big += s.Sizes[k]
			continue
		}
		fmt.Printf(" %d: %d (%.1f%%)", k, s.Sizes[k], 100*float64(s.Sizes[k])/float64(s.Entities))
	}
	fmt.Printf(" 6+: %d (%.1f%%)\n", big, 100*float64(big)/float64(s.Entities))
}
