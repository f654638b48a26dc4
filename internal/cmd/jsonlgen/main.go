// Command jsonlgen writes a large coreference corpus as JSON Lines, in the
// shape specs/coref.metric reads, for measuring how reading scales: each
// document has -entities entities of 1 to 6 mentions; -noise perturbs the
// mentions (for a prediction file).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	docs := flag.Int("docs", 1000, "documents")
	entities := flag.Int("entities", 100, "entities per document")
	noise := flag.Float64("noise", 0, "probability that a mention moves by one token")
	reverse := flag.Bool("reverse", false, "write the documents in reverse order")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	for k := range *docs {
		i := k
		if *reverse {
			i = *docs - 1 - k
		}
		// The same document whatever the noise: one stream per document.
		rng := rand.New(rand.NewPCG(*seed, uint64(i)))
		moves := rand.New(rand.NewPCG(*seed+1, uint64(i)))
		b := []byte(`{"id": "doc` + strconv.Itoa(i) + `", "entities": [`)
		tok := 0
		for e := range *entities {
			if e > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"mentions": [`...)
			for m := range 1 + rng.IntN(6) {
				if m > 0 {
					b = append(b, ',')
				}
				tok += 1 + rng.IntN(20)
				left, right := tok, tok+rng.IntN(4)
				if moves.Float64() < *noise {
					left++
					right++
				}
				b = fmt.Appendf(b, `{"left": %d, "right": %d}`, left, right)
			}
			b = append(b, "]}"...)
		}
		b = append(b, "]}\n"...)
		w.Write(b)
	}
}
