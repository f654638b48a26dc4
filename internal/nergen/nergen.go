// Package nergen generates a synthetic named-entity corpus in the
// CoNLL-2003 column format, a gold file and a prediction made from it by
// realistic errors, for the benchmarks of the bio adapter and ner.metric.
// The default size is that of the CoNLL-2003 English training set: 946
// documents, about 14,000 sentences, 204,000 tokens and 23,500 entities
// (entities of one to three tokens, 1.5 on average, of four types), in IOB2.
package nergen

import (
	"bytes"
	"math/rand/v2"
	"strconv"
)

// Config says what to generate.
type Config struct {
	Docs int    // documents; 0 means 946
	Seed uint64 // random seed
	// Sentences per document; 0 means 5 to 24, as in CoNLL-2003's
	// documents (1 makes a corpus of many small documents).
	Sentences int
}

// Corpus is a gold file, four columns (word, POS, chunk, tag), and a
// prediction, two columns (word, tag), with their token count.
type Corpus struct {
	Gold, Pred []byte
	Tokens     int
}

var types = []string{"PER", "ORG", "LOC", "MISC"}

// Generate writes the corpus.
func Generate(c Config) *Corpus {
	if c.Docs == 0 {
		c.Docs = 946
	}
	rng := rand.New(rand.NewPCG(c.Seed, 2003))
	var gold, pred bytes.Buffer
	out := &Corpus{}
	for range c.Docs {
		gold.WriteString("-DOCSTART- -X- -X- O\n\n")
		pred.WriteString("-DOCSTART- O\n\n")
		out.Tokens++
		sentences := c.Sentences
		if sentences <= 0 {
			sentences = 5 + rng.IntN(20)
		}
		for range sentences {
			n := 3 + rng.IntN(25)
			g := sentence(rng, n)
			p := perturb(rng, g)
			for i := range g {
				w := "w" + strconv.Itoa(rng.IntN(5000))
				gold.WriteString(w + " NN I-NP " + g[i] + "\n")
				pred.WriteString(w + " " + p[i] + "\n")
			}
			gold.WriteByte('\n')
			pred.WriteByte('\n')
			out.Tokens += n
		}
	}
	out.Gold, out.Pred = gold.Bytes(), pred.Bytes()
	return out
}

// sentence tags n tokens in IOB2.
func sentence(rng *rand.Rand, n int) []string {
	tags := make([]string, 0, n)
	for len(tags) < n {
		if rng.IntN(1000) >= 122 {
			tags = append(tags, "O")
			continue
		}
		t := types[rng.IntN(len(types))]
		length := []int{1, 1, 1, 1, 1, 1, 2, 2, 2, 3}[rng.IntN(10)]
		for k := range min(length, n-len(tags)) {
			if k == 0 {
				tags = append(tags, "B-"+t)
			} else {
				tags = append(tags, "I-"+t)
			}
		}
	}
	return tags
}

// perturb makes a prediction: some tags replaced by O, by another type,
// or by a random B- or I- tag (which breaks IOB2 at times).
func perturb(rng *rand.Rand, g []string) []string {
	p := make([]string, len(g))
	for i, t := range g {
		switch r := rng.IntN(100); {
		case r < 4:
			p[i] = "O"
		case r < 8:
			p[i] = []string{"B-", "I-"}[rng.IntN(2)] + types[rng.IntN(len(types))]
		case r < 10 && t != "O":
			p[i] = t[:2] + types[rng.IntN(len(types))]
		default:
			p[i] = t
		}
	}
	return p
}
