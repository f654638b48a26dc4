// Package conll16gen writes synthetic corpora of CoNLL-2016 discourse
// relations in the official file formats: a gold file (token addresses,
// connective RawText, relation IDs) and a system output made from it by
// the errors parsers make. It backs the generator command
// (internal/cmd/conll16gen), the benchmarks and the check of the conll16
// spec against the official scorers on a corpus larger than the tutorial.
//
// A document has 20 to 45 sentences of 8 to 30 tokens. Relations link
// consecutive sentences, about one per sentence pair (in the PDTB's
// proportions: 46% explicit, 38% implicit, 13% EntRel, 3% AltLex), Arg1 in
// the first sentence, the connective of an explicit relation opening the
// second and Arg2 the rest of it. Senses are the task's fifteen English
// senses; 3% of the gold relations have a second sense and 3% a partial
// one ("Comparison"), which the task does not score.
//
// The system output keeps 85% of the gold relations: half with both
// arguments exact, a third with each boundary moved by at most one token
// (each argument's F1 stays at or above 0.8), the rest with one argument
// cut to a third (the relation's score falls below 0.7); the sense is right
// 60% of the time; the connective is exact, its head alone, or wrong. It
// adds spurious relations on sentence pairs without gold relations.
//
// The corpus avoids what sets the official scorers apart from the task's
// definition: no two gold relations of a document share an argument, no
// argument is a single token, every token list is in ascending order, no two
// predictions share their arguments, every sense is some gold relation's
// first sense, and an aligned pair either has both arguments at or above 0.7
// or scores below 0.7. So the official printouts and the spec agree to the
// last digit on it.
package conll16gen

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
)

// Config says what to generate.
type Config struct {
	Docs int    // documents (default 50)
	Seed uint64 // the same seed gives the same corpus
}

// Corpus is a gold file and a system output, JSON Lines.
type Corpus struct {
	Gold, Pred               []byte
	GoldRelations, Relations int // relations in each file
	Tokens                   int
}

// senses are the English senses of the task; partial ones are PDTB labels
// it does not score.
var (
	senses = []string{
		"Comparison.Concession", "Comparison.Contrast", "Contingency.Cause.Reason",
		"Contingency.Cause.Result", "Contingency.Condition", "EntRel", "Expansion.Alternative",
		"Expansion.Alternative.Chosen alternative", "Expansion.Conjunction", "Expansion.Exception",
		"Expansion.Instantiation", "Expansion.Restatement", "Temporal.Asynchronous.Precedence",
		"Temporal.Asynchronous.Succession", "Temporal.Synchrony",
	}
	partialSenses = []string{"Comparison", "Expansion", "Contingency.Cause", "Temporal.Asynchronous"}
	// connectives with the position of their head among their words.
	connectives = []struct {
		raw  string
		head []int
	}{
		{"but", []int{0}}, {"and", []int{0}}, {"because", []int{0}}, {"however", []int{0}},
		{"also", []int{0}}, {"while", []int{0}}, {"when", []int{0}}, {"if", []int{0}},
		{"as a result", []int{0, 1, 2}}, {"in addition", []int{0, 1}}, {"for example", []int{0, 1}},
		{"just because", []int{1}}, {"shortly after", []int{1}}, {"two weeks after", []int{2}},
		{"even though", []int{1}}, {"in fact", []int{0, 1}},
	}
)

type span []int // document token indices, ascending

type relation struct {
	typ    string
	senses []string
	arg1   span
	arg2   span
	conn   span
	raw    string // connective text
	head   []int  // head positions within conn
}

// Generate builds a corpus.
func Generate(c Config) *Corpus {
	if c.Docs <= 0 {
		c.Docs = 50
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x16))
	var gold, pred bytes.Buffer
	out := &Corpus{}
	id := 0
	for d := range c.Docs {
		docID := "gen_" + strconv.Itoa(d)
		// Sentences: [start, end) token ranges; 5 characters per token.
		nSent := 20 + rng.IntN(26)
		var sents [][2]int
		tok := 0
		for range nSent {
			n := 8 + rng.IntN(23)
			sents = append(sents, [2]int{tok, tok + n})
			tok += n
		}
		out.Tokens += tok
		sentOf := func(t int) (int, int) {
			for s, r := range sents {
				if t < r[1] {
					return s, t - r[0]
				}
			}
			panic("token out of the document")
		}
		addr := func(t int) [5]int {
			s, k := sentOf(t)
			return [5]int{5 * t, 5*t + 4, t, s, k}
		}
		var golds []relation
		used := make([]bool, nSent)
		for s := 0; s+1 < nSent; s++ {
			if rng.Float64() < 0.15 {
				continue
			}
			used[s] = true
			golds = append(golds, goldRelation(rng, sents[s], sents[s+1]))
		}
		// Every sense is some gold relation's first sense in the first
		// document, so that no predicted sense is foreign to the gold.
		if d == 0 {
			for i := range golds {
				if golds[i].typ != "EntRel" && i < len(senses) && senses[i] != "EntRel" {
					golds[i].senses = []string{senses[i]}
				}
			}
		}
		for _, g := range golds {
			writeGold(&gold, docID, id, g, addr)
			id++
			out.GoldRelations++
		}
		var preds []relation
		for _, g := range golds {
			if rng.Float64() < 0.15 {
				continue
			}
			preds = append(preds, predRelation(rng, g, tok))
		}
		for s := 0; s+1 < nSent; s++ {
			if !used[s] && rng.Float64() < 0.5 {
				p := goldRelation(rng, sents[s], sents[s+1])
				if p.senses = p.senses[:1]; !isSense(p.senses[0]) {
					p.senses[0] = pickSense(rng)
				}
				preds = append(preds, p)
			}
		}
		seen := map[string]bool{}
		for _, p := range preds {
			key := keyOf(p.arg1) + "|" + keyOf(p.arg2)
			if seen[key] {
				continue
			}
			seen[key] = true
			writePred(&pred, docID, p)
			out.Relations++
		}
	}
	out.Gold, out.Pred = gold.Bytes(), pred.Bytes()
	return out
}

func keyOf(s span) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func rangeSpan(a, b int) span {
	s := make(span, 0, b-a)
	for t := a; t < b; t++ {
		s = append(s, t)
	}
	return s
}

// goldRelation links two consecutive sentences.
func goldRelation(rng *rand.Rand, s1, s2 [2]int) relation {
	r := relation{}
	switch x := rng.Float64(); {
	case x < 0.46:
		r.typ = "Explicit"
	case x < 0.84:
		r.typ = "Implicit"
	case x < 0.97:
		r.typ = "EntRel"
	default:
		r.typ = "AltLex"
	}
	// Arg1: the first sentence less its last token (punctuation).
	r.arg1 = rangeSpan(s1[0], s1[1]-1)
	start := s2[0]
	if r.typ == "Explicit" {
		c := connectives[rng.IntN(len(connectives))]
		n := len(bytes.Fields([]byte(c.raw)))
		r.conn, r.raw, r.head = rangeSpan(start, start+n), c.raw, c.head
		start += n
	}
	r.arg2 = rangeSpan(start, s2[1]-1)
	if len(r.arg2) < 2 { // never a one-token argument
		r.arg2 = rangeSpan(start, s2[1])
	}
	switch x := rng.Float64(); {
	case r.typ == "EntRel":
		r.senses = []string{"EntRel"}
	case x < 0.03:
		r.senses = []string{partialSenses[rng.IntN(len(partialSenses))]}
	case x < 0.06:
		r.senses = []string{pickSense(rng), pickSense(rng)}
	default:
		r.senses = []string{pickSense(rng)}
	}
	return r
}

func pickSense(rng *rand.Rand) string {
	for {
		if s := senses[rng.IntN(len(senses))]; s != "EntRel" {
			return s
		}
	}
}

// predRelation is a system's version of a gold relation.
func predRelation(rng *rand.Rand, g relation, tokens int) relation {
	p := relation{typ: g.typ}
	switch x := rng.Float64(); {
	case x < 0.5:
		p.arg1, p.arg2 = g.arg1, g.arg2
	case x < 0.83:
		p.arg1, p.arg2 = nudge(rng, g.arg1, tokens), nudge(rng, g.arg2, tokens)
	case x < 0.91:
		p.arg1, p.arg2 = cut(g.arg1), g.arg2
	default:
		p.arg1, p.arg2 = g.arg1, cut(g.arg2)
	}
	switch x := rng.Float64(); {
	case x < 0.6 && len(g.senses) > 1 && rng.IntN(2) == 0:
		p.senses = g.senses[1:2]
	case x < 0.6 && g.typ == "EntRel":
		p.senses = []string{"EntRel"}
	case x < 0.6:
		p.senses = g.senses[:1]
		if !isSense(p.senses[0]) {
			p.senses = []string{pickSense(rng)}
		}
	case g.typ == "EntRel":
		p.senses = []string{pickSense(rng)}
		p.typ = "Implicit"
	default:
		p.senses = []string{pickSense(rng)}
	}
	if g.typ == "Explicit" {
		switch x := rng.Float64(); {
		case x < 0.7:
			p.conn = g.conn
		case x < 0.85:
			for _, h := range g.head {
				p.conn = append(p.conn, g.conn[h])
			}
		default:
			p.conn = span{g.arg1[len(g.arg1)-1]}
		}
	}
	return p
}

func isSense(s string) bool {
	for _, x := range senses {
		if x == s {
			return true
		}
	}
	return false
}

// nudge moves each boundary of s by at most one token, keeping the F1 of
// the result against s at 0.8 or more (and at least two tokens).
func nudge(rng *rand.Rand, s span, tokens int) span {
	a, b := max(0, s[0]+rng.IntN(3)-1), min(tokens, s[len(s)-1]+1+rng.IntN(3)-1)
	if b-a < 2 || f1(s, rangeSpan(a, b)) < 0.8 {
		return s
	}
	return rangeSpan(a, b)
}

// cut keeps the first fifth of s (at least two tokens), whose F1 against s
// is below 0.4, so that a relation with one argument cut scores below 0.7;
// an argument too short for that is kept whole.
func cut(s span) span {
	n := max(2, len(s)/5)
	if f1(s, s[:n]) >= 0.4 {
		return s
	}
	return s[:n:n]
}

func f1(g, p span) float64 {
	in := map[int]bool{}
	for _, t := range g {
		in[t] = true
	}
	c := 0
	for _, t := range p {
		if in[t] {
			c++
		}
	}
	if c == 0 {
		return 0
	}
	return 2 * float64(c) / float64(len(g)+len(p))
}

func writeGold(b *bytes.Buffer, docID string, id int, r relation, addr func(int) [5]int) {
	type tokens struct {
		CharacterSpanList [][2]int `json:"CharacterSpanList"`
		RawText           string   `json:"RawText"`
		TokenList         [][5]int `json:"TokenList"`
	}
	list := func(s span, raw string) tokens {
		t := tokens{CharacterSpanList: [][2]int{}, RawText: raw, TokenList: [][5]int{}}
		if len(s) > 0 {
			t.CharacterSpanList = [][2]int{{5 * s[0], 5*s[len(s)-1] + 4}}
		}
		for _, x := range s {
			t.TokenList = append(t.TokenList, addr(x))
		}
		return t
	}
	data, _ := json.Marshal(struct {
		Arg1       tokens   `json:"Arg1"`
		Arg2       tokens   `json:"Arg2"`
		Connective tokens   `json:"Connective"`
		DocID      string   `json:"DocID"`
		ID         int      `json:"ID"`
		Sense      []string `json:"Sense"`
		Type       string   `json:"Type"`
	}{list(r.arg1, ""), list(r.arg2, ""), list(r.conn, r.raw), docID, id, r.senses, r.typ})
	b.Write(data)
	b.WriteByte('\n')
}

func writePred(b *bytes.Buffer, docID string, r relation) {
	type tokens struct {
		TokenList []int `json:"TokenList"`
	}
	list := func(s span) tokens { return tokens{TokenList: append([]int{}, s...)} }
	data, _ := json.Marshal(struct {
		Arg1       tokens   `json:"Arg1"`
		Arg2       tokens   `json:"Arg2"`
		Connective tokens   `json:"Connective"`
		DocID      string   `json:"DocID"`
		Sense      []string `json:"Sense"`
		Type       string   `json:"Type"`
	}{list(r.arg1), list(r.arg2), list(r.conn), docID, r.senses, r.typ})
	b.Write(data)
	b.WriteByte('\n')
}
