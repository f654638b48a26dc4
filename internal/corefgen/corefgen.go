// Package corefgen writes synthetic coreference corpora in the CoNLL-2012
// format: a key with the size statistics of the CoNLL-2012 English test
// set and a response derived from it by the errors systems make. It backs
// the generator command (internal/cmd/corefgen) and the benchmarks that need
// a corpus of realistic size.
//
// The default corpus (348 documents) has exactly 169,579 tokens, 19,764
// key mentions and 4,532 key entities, the counts of the CoNLL-2012 test
// set, with entity sizes 2, 3, 4 and 5 for 52%, 18%, 9% and 5% of the
// entities and the remaining 16% larger (a log-normal tail); there are no
// singletons, as in the CoNLL-2012 gold. Documents vary in length
// (log-normal); mentions stay within a sentence, nest properly and never
// repeat, so that the bracket notation can express them.
//
// The response applies, per document and deterministically from the seed:
// entity splits, entity merges, dropped mentions, boundary shifts of one
// token, spurious mentions (joined to an entity or paired into new ones),
// and the removal of most response singletons.
package corefgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// The CoNLL-2012 English test set.
const (
	conllDocs     = 348
	conllTokens   = 169579
	conllMentions = 19764
	conllEntities = 4532
)

// Perturbation rates of the response.
const (
	pSplit    = 0.10 // an entity of 3+ mentions is split in two
	pMerge    = 0.05 // an entity is merged into another one
	pDrop     = 0.12 // a key mention is missed
	pShift    = 0.06 // a mention boundary moves by one token
	pSpurious = 0.10 // spurious mentions, per key mention
	pAttach   = 0.60 // a spurious mention joins an existing entity
	pKeepOne  = 0.30 // a response singleton is kept
)

// Config says what to generate.
type Config struct {
	Docs int    // documents; totals scale with Docs/348 (default 348)
	Seed uint64 // the same seed gives the same corpus
	// Long writes documents of 2,000 to 2,600 key mentions each (Docs
	// defaults to 40), for the scaling of per-document matching.
	Long bool
	// Tabs separates columns with one tab instead of aligning them with
	// spaces as the CoNLL-2012 distribution does.
	Tabs bool
	// Tokens is the mean length of a document in tokens (default: that of
	// the CoNLL-2012 test set, 487); mentions and entities keep the test
	// set's density. Not with Long.
	Tokens int
}

// Stats describe one side of a corpus.
type Stats struct {
	Docs, Sentences, Tokens, Mentions, Entities int
	Sizes                                       map[int]int // entities by number of mentions
	MaxSize                                     int
}

// Corpus is a generated key and response.
type Corpus struct {
	Key, Response           []byte
	KeyStats, ResponseStats Stats
}

type span struct{ l, r int } // token offsets in the document, inclusive

type doc struct {
	name      string
	part      int
	sentences []int // sentence start offsets, then the token count
	key       [][]span
	resp      [][]span
}

// Generate builds a corpus.
func Generate(c Config) *Corpus {
	if c.Docs <= 0 {
		c.Docs = conllDocs
		if c.Long {
			c.Docs = 40
		}
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x636f726566))
	var docs []*doc
	if c.Long {
		docs = longDocs(rng, c.Docs)
	} else {
		docs = conllDocsOf(rng, c.Docs, c.Tokens)
	}
	out := &Corpus{}
	for _, d := range docs {
		d.resp = perturb(rng, d)
	}
	out.Key, out.KeyStats = write(rng, docs, false, c.Tabs)
	out.Response, out.ResponseStats = write(rng, docs, true, c.Tabs)
	return out
}

// conllDocsOf lays out n documents with the CoNLL-2012 test statistics
// scaled by n/348 (by n/348 times meanTokens/487 when meanTokens > 0).
func conllDocsOf(rng *rand.Rand, n, meanTokens int) []*doc {
	scale := float64(n) / conllDocs
	if meanTokens > 0 {
		scale *= float64(meanTokens) / (conllTokens / conllDocs)
	}
	tokens := int(math.Round(conllTokens * scale))
	mentions := int(math.Round(conllMentions * scale))
	entities := int(math.Round(conllEntities * scale))
	sizes := entitySizes(rng, entities, mentions)
	// Document lengths: log-normal, at least 40 tokens, exact total.
	w := make([]float64, n)
	for i := range w {
		w[i] = math.Exp(rng.NormFloat64() * 0.8)
	}
	lengths := apportion(tokens, w, 40)
	docs := make([]*doc, n)
	for i := range docs {
		docs[i] = newDoc(rng, i, lengths[i])
	}
	// Deal entities, largest first, to the document furthest below its
	// share of mentions, so that long chains land in long documents.
	target := make([]float64, n)
	for i := range target {
		target[i] = float64(mentions) * float64(lengths[i]) / float64(tokens)
	}
	slices.SortFunc(sizes, func(a, b int) int { return b - a })
	assigned := make([][]int, n)
	load := make([]float64, n)
	for _, s := range sizes {
		best := 0
		for i := range docs {
			if target[i]-load[i] > target[best]-load[best] {
				best = i
			}
		}
		assigned[best] = append(assigned[best], s)
		load[best] += float64(s)
	}
	for i, d := range docs {
		place(rng, d, assigned[i])
	}
	return docs
}

// longDocs lays out n documents of 2,000 to 2,600 key mentions each.
func longDocs(rng *rand.Rand, n int) []*doc {
	docs := make([]*doc, n)
	for i := range docs {
		m := 2000 + rng.IntN(601)
		e := int(math.Round(float64(m) * conllEntities / conllMentions))
		tokens := int(math.Round(float64(m) * conllTokens / conllMentions))
		docs[i] = newDoc(rng, i, tokens)
		place(rng, docs[i], entitySizes(rng, e, m))
	}
	return docs
}

// entitySizes returns e entity sizes summing to m: 52% of size 2, 18% of
// 3, 9% of 4, 5% of 5 and the rest 6 or more, log-normally.
func entitySizes(rng *rand.Rand, e, m int) []int {
	var sizes []int
	small := 0
	for _, f := range []struct {
		size int
		frac float64
	}{{2, 0.52}, {3, 0.18}, {4, 0.09}, {5, 0.05}} {
		k := int(math.Round(f.frac * float64(e)))
		for range k {
			sizes = append(sizes, f.size)
		}
		small += k * f.size
	}
	rest := e - len(sizes)
	left := m - small
	if rest <= 0 || left < 6*rest {
		panic(fmt.Sprintf("corefgen: %d entities cannot hold %d mentions", e, m))
	}
	mean := float64(left)/float64(rest) - 6
	mu := math.Log(max(mean, 0.5)) - 0.5 // E[exp(N(mu,1))] = exp(mu+1/2)
	tail := make([]int, rest)
	sum := 0
	for i := range tail {
		tail[i] = 6 + int(math.Exp(mu+rng.NormFloat64()))
		tail[i] = min(tail[i], 6+int(20*mean))
		sum += tail[i]
	}
	// Adjust to the exact total, one mention at a time.
	for sum != left {
		i := rng.IntN(rest)
		if sum < left {
			tail[i]++
			sum++
		} else if tail[i] > 6 {
			tail[i]--
			sum--
		}
	}
	return append(sizes, tail...)
}

// apportion splits total into len(w) parts proportional to w, each at
// least floor, by largest remainders.
func apportion(total int, w []float64, floor int) []int {
	n := len(w)
	free := total - floor*n
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	out := make([]int, n)
	rem := make([]int, n)
	got := 0
	frac := make([]float64, n)
	for i, x := range w {
		q := float64(free) * x / sum
		out[i] = floor + int(q)
		frac[i] = q - math.Floor(q)
		got += out[i]
		rem[i] = i
	}
	slices.SortFunc(rem, func(a, b int) int {
		switch {
		case frac[a] > frac[b]:
			return -1
		case frac[a] < frac[b]:
			return 1
		}
		return a - b
	})
	for k := 0; got < total; k++ {
		out[rem[k%n]]++
		got++
	}
	return out
}

var genres = []struct{ genre, source string }{
	{"bc", "cnn"}, {"bc", "msnbc"}, {"bn", "abc"}, {"bn", "cnn"}, {"mz", "sinorama"},
	{"nw", "wsj"}, {"nw", "xinhua"}, {"pt", "nt"}, {"tc", "ch"}, {"wb", "eng"},
}

// newDoc names a document and cuts its tokens into sentences of 3 to 45
// tokens (mean about 18).
func newDoc(rng *rand.Rand, i, tokens int) *doc {
	g := genres[(i/3)%len(genres)]
	d := &doc{
		name: fmt.Sprintf("%s/%s/%02d/%s_%04d", g.genre, g.source, i/100, g.source, i/3),
		part: i % 3,
	}
	for t := 0; t < tokens; {
		d.sentences = append(d.sentences, t)
		n := 3 + int(math.Exp(2.6+0.5*rng.NormFloat64()))
		t += min(n, 45)
	}
	d.sentences = append(d.sentences, tokens)
	return d
}

// spanSet holds properly nested, distinct spans per sentence.
type spanSet struct {
	sent  []int // sentence starts, then the token count
	spans map[int][]span
}

func newSpanSet(sent []int) *spanSet { return &spanSet{sent: sent, spans: map[int][]span{}} }

func (s *spanSet) sentenceOf(t int) int {
	i, found := slices.BinarySearch(s.sent, t)
	if !found {
		i--
	}
	return i
}

// fits reports whether sp is new, within one sentence and nests with
// every span present.
func (s *spanSet) fits(sp span) bool {
	if sp.l > sp.r || sp.l < 0 || sp.r >= s.sent[len(s.sent)-1] {
		return false
	}
	k := s.sentenceOf(sp.l)
	if sp.r >= s.sent[k+1] {
		return false
	}
	for _, o := range s.spans[k] {
		if o == sp {
			return false
		}
		disjoint := o.r < sp.l || sp.r < o.l
		nested := (o.l <= sp.l && sp.r <= o.r) || (sp.l <= o.l && o.r <= sp.r)
		if !disjoint && !nested {
			return false
		}
	}
	return true
}

func (s *spanSet) add(sp span) {
	k := s.sentenceOf(sp.l)
	s.spans[k] = append(s.spans[k], sp)
}

func (s *spanSet) remove(sp span) {
	k := s.sentenceOf(sp.l)
	l := s.spans[k]
	if i := slices.Index(l, sp); i >= 0 {
		s.spans[k] = slices.Delete(l, i, i+1)
	}
}

// randomSpan draws a mention: mostly one to three tokens.
func randomSpan(rng *rand.Rand, sent []int) span {
	k := rng.IntN(len(sent) - 1)
	lo, hi := sent[k], sent[k+1]
	var n int
	switch x := rng.Float64(); {
	case x < 0.45:
		n = 1
	case x < 0.67:
		n = 2
	case x < 0.79:
		n = 3
	case x < 0.86:
		n = 4
	case x < 0.95:
		n = 5 + rng.IntN(4)
	default:
		n = 9 + rng.IntN(12)
	}
	n = min(n, hi-lo)
	l := lo + rng.IntN(hi-lo-n+1)
	return span{l, l + n - 1}
}

// place draws the key mentions of a document for the given entity sizes.
func place(rng *rand.Rand, d *doc, sizes []int) {
	set := newSpanSet(d.sentences)
	total := 0
	for _, s := range sizes {
		total += s
	}
	all := make([]span, 0, total)
	for len(all) < total {
		sp := randomSpan(rng, d.sentences)
		if set.fits(sp) {
			set.add(sp)
			all = append(all, sp)
		}
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	for _, s := range sizes {
		e := slices.Clone(all[:s])
		all = all[s:]
		slices.SortFunc(e, cmpSpan)
		d.key = append(d.key, e)
	}
	rng.Shuffle(len(d.key), func(i, j int) { d.key[i], d.key[j] = d.key[j], d.key[i] })
}

func cmpSpan(a, b span) int {
	if a.l != b.l {
		return a.l - b.l
	}
	return a.r - b.r
}

// perturb derives the response entities of a document from its key.
func perturb(rng *rand.Rand, d *doc) [][]span {
	var ents [][]span
	keyMentions := 0
	for _, e := range d.key {
		keyMentions += len(e)
		e = slices.Clone(e)
		if len(e) >= 3 && rng.Float64() < pSplit {
			cut := 1 + rng.IntN(len(e)-1)
			// Split by position or at random: systems do both.
			if rng.Float64() < 0.5 {
				rng.Shuffle(len(e), func(i, j int) { e[i], e[j] = e[j], e[i] })
			}
			ents = append(ents, e[:cut:cut], e[cut:])
			continue
		}
		ents = append(ents, e)
	}
	for i := range ents {
		if len(ents) > 1 && rng.Float64() < pMerge {
			j := rng.IntN(len(ents))
			if j != i && ents[j] != nil && ents[i] != nil {
				ents[j] = append(ents[j], ents[i]...)
				ents[i] = nil
			}
		}
	}
	set := newSpanSet(d.sentences)
	for i, e := range ents {
		kept := e[:0]
		for _, m := range e {
			if rng.Float64() >= pDrop {
				kept = append(kept, m)
				set.add(m)
			}
		}
		ents[i] = kept
	}
	for _, e := range ents {
		for k, m := range e {
			if rng.Float64() >= pShift {
				continue
			}
			n := m
			switch rng.IntN(4) {
			case 0:
				n.l--
			case 1:
				n.l++
			case 2:
				n.r--
			default:
				n.r++
			}
			set.remove(m)
			if set.fits(n) {
				e[k] = n
				set.add(n)
			} else {
				set.add(m)
			}
		}
	}
	spurious := int(math.Round(pSpurious * float64(keyMentions)))
	var pending []span
	for added := 0; added < spurious; {
		sp := randomSpan(rng, d.sentences)
		if !set.fits(sp) {
			continue
		}
		set.add(sp)
		added++
		if rng.Float64() < pAttach && len(ents) > 0 {
			j := rng.IntN(len(ents))
			ents[j] = append(ents[j], sp)
			continue
		}
		pending = append(pending, sp)
		if len(pending) == 2 {
			ents = append(ents, pending)
			pending = nil
		}
	}
	if len(pending) > 0 {
		ents = append(ents, pending)
	}
	var out [][]span
	for _, e := range ents {
		if len(e) == 0 || (len(e) == 1 && rng.Float64() >= pKeepOne) {
			continue
		}
		slices.SortFunc(e, cmpSpan)
		out = append(out, e)
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

var (
	words = strings.Fields("the a of to and in that is was he she it they said for on with as " +
		"his her at by from government people year new president company market China Taiwan " +
		"officials report today week city country police minister talks -LRB- -RRB- , . `` ''")
	tags = strings.Fields("DT IN NN NNS NNP VBD VBZ PRP PRP$ JJ RB CC , .")
)

// write renders the key or the response of every document.
func write(rng *rand.Rand, docs []*doc, response bool, tabs bool) ([]byte, Stats) {
	st := Stats{Docs: len(docs), Sizes: map[int]int{}}
	var b []byte
	for _, d := range docs {
		ents := d.key
		if response {
			ents = d.resp
		}
		n := d.sentences[len(d.sentences)-1]
		st.Tokens += n
		st.Sentences += len(d.sentences) - 1
		// Chain ids: distinct, in no particular order, as systems write them.
		ids := rng.Perm(len(ents) * 2)[:len(ents)]
		at := make([][]ann, n) // annotations by token
		for k, e := range ents {
			st.Entities++
			st.Mentions += len(e)
			st.Sizes[len(e)]++
			st.MaxSize = max(st.MaxSize, len(e))
			for _, m := range e {
				a := ann{ids[k], m.l, m.r}
				at[m.l] = append(at[m.l], a)
				if m.r != m.l {
					at[m.r] = append(at[m.r], a)
				}
			}
		}
		b = fmt.Appendf(b, "#begin document (%s); part %03d\n", d.name, d.part)
		sent := 0
		for t := 0; t < n; t++ {
			if t == d.sentences[sent+1] {
				b = append(b, '\n')
				sent++
			}
			// Outer openings first, then one-token mentions, then inner
			// closings first, as the CoNLL-2012 files write them.
			list := at[t]
			slices.SortFunc(list, func(x, y ann) int {
				kx, ky := kind(x, t), kind(y, t)
				if kx != ky {
					return kx - ky
				}
				switch kx {
				case 0:
					return y.r - x.r
				case 2:
					return y.l - x.l
				}
				return x.id - y.id
			})
			var col []byte
			for i, a := range list {
				if i > 0 {
					col = append(col, '|')
				}
				switch kind(a, t) {
				case 0:
					col = append(col, '(')
					col = strconv.AppendInt(col, int64(a.id), 10)
				case 1:
					col = append(col, '(')
					col = strconv.AppendInt(col, int64(a.id), 10)
					col = append(col, ')')
				default:
					col = strconv.AppendInt(col, int64(a.id), 10)
					col = append(col, ')')
				}
			}
			if len(col) == 0 {
				col = append(col, '-')
			}
			w := rng.IntN(len(words))
			fields := [...]string{
				d.name, strconv.Itoa(d.part), strconv.Itoa(t - d.sentences[sent]),
				words[w], tags[w%len(tags)], "*", "-", "-", "-", "Speaker#1", "*", string(col),
			}
			for i, f := range fields {
				if i > 0 {
					if tabs {
						b = append(b, '\t')
					} else {
						b = append(b, "   "...)
					}
				}
				b = append(b, f...)
			}
			b = append(b, '\n')
		}
		b = append(b, "\n#end document\n"...)
	}
	return b, st
}

// ann is a mention of chain id, written at its first and last token.
type ann struct{ id, l, r int }

// kind orders the annotations of a token: 0 opening, 1 one-token, 2 closing.
func kind(a ann, t int) int {
	switch {
	case a.l == a.r:
		return 1
	case a.l == t:
		return 0
	}
	return 2
}
