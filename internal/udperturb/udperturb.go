// Package udperturb makes a predicted CoNLL-U file from a gold one by the
// errors parsers and tokenizers make: wrong tags, lemmas, features, heads
// and relations; tokens split and merged; multiword tokens collapsed,
// created and given other word forms; sentences split and merged. The
// text is kept (the CoNLL 2018 scorer needs the same characters), and so
// are the "# newdoc" lines; every sentence stays a tree with one root.
// The same gold and Config give the same output.
package udperturb

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Config says how much to perturb.
type Config struct {
	Seed uint64
	// Rate is the probability of each kind of word-level error per word
	// (tags, lemma, features, head, relation, tokenization); 0 gives 0.1.
	Rate float64
}

type word struct {
	cols [10]string // ID and HEAD are rewritten on output
	head *word      // nil: the root
}

type token struct {
	form  string // the surface form (the MWT line's FORM for multiword tokens)
	mw    bool
	words []*word
	extra []string // columns 3-10 of an MWT line
}

type sentence struct {
	comments []string
	tokens   []*token
}

// Perturb returns a prediction made from gold, a CoNLL-U file whose
// sentences are trees (as the scorer requires).
func Perturb(gold []byte, c Config) []byte {
	if c.Rate == 0 {
		c.Rate = 0.1
	}
	p := &perturber{rng: rand.New(rand.NewPCG(c.Seed, 0x5eed)), rate: c.Rate}
	sents := parse(gold)
	p.pools(sents)
	var out []*sentence
	for i := 0; i < len(sents); i++ {
		s := sents[i]
		// Merge with the next sentence of the same document.
		if i+1 < len(sents) && !newdoc(sents[i+1]) && p.chance(p.rate/2) {
			s = merge(s, sents[i+1])
			i++
		}
		p.words(s)
		p.tokenization(s)
		if len(s.tokens) > 3 && p.chance(p.rate/2) {
			a, b := split(s, 1+p.rng.IntN(len(s.tokens)-1))
			out = append(out, repair(a), repair(b))
			continue
		}
		out = append(out, repair(s))
	}
	return write(out)
}

type perturber struct {
	rng                                *rand.Rand
	rate                               float64
	upos, xpos, deprels, feats, lemmas []string
}

func (p *perturber) chance(q float64) bool { return p.rng.Float64() < q }

func (p *perturber) pick(pool []string) string { return pool[p.rng.IntN(len(pool))] }

// pools collects the values seen in the gold, to draw wrong ones from.
func (p *perturber) pools(sents []*sentence) {
	seen := map[string]bool{}
	add := func(pool *[]string, kind, v string) {
		if !seen[kind+v] {
			seen[kind+v] = true
			*pool = append(*pool, v)
		}
	}
	for _, s := range sents {
		for _, t := range s.tokens {
			for _, w := range t.words {
				add(&p.upos, "u", w.cols[3])
				add(&p.xpos, "x", w.cols[4])
				add(&p.feats, "f", w.cols[5])
				add(&p.deprels, "d", w.cols[7])
				add(&p.lemmas, "l", w.cols[2])
			}
		}
	}
	p.deprels = append(p.deprels, "nmod:poss", "obl:tmod", "acl:relcl", "aux:pass", "compound:prt")
	p.lemmas = append(p.lemmas, "_")
	p.feats = append(p.feats, "_", "Foo=Bar", "Number=Sing|Typo=Yes")
}

// words perturbs tags, lemmas, features, relations and heads.
func (p *perturber) words(s *sentence) {
	all := allWords(s)
	for _, w := range all {
		if p.chance(p.rate) {
			w.cols[3] = p.pick(p.upos)
		}
		if p.chance(p.rate) {
			w.cols[4] = p.pick(p.xpos)
		}
		if p.chance(p.rate) {
			w.cols[5] = p.pick(p.feats)
		}
		if p.chance(p.rate) {
			w.cols[2] = p.pick(p.lemmas)
		}
		if p.chance(p.rate) {
			w.cols[7] = p.pick(p.deprels)
		}
		if w.head != nil && p.chance(p.rate) {
			// A new head outside the word's subtree keeps the tree.
			var cands []*word
			for _, h := range all {
				if h != w && h != w.head && !dominates(w, h) {
					cands = append(cands, h)
				}
			}
			if len(cands) > 0 {
				w.head = cands[p.rng.IntN(len(cands))]
			}
		}
	}
}

// dominates reports whether a is an ancestor of b.
func dominates(a, b *word) bool {
	for h := b.head; h != nil; h = h.head {
		if h == a {
			return true
		}
	}
	return false
}

// tokenization splits and merges tokens and changes multiword tokens.
func (p *perturber) tokenization(s *sentence) {
	var out []*token
	for i := 0; i < len(s.tokens); i++ {
		t := s.tokens[i]
		n := utf8.RuneCountInString(t.form)
		if strings.ContainsAny(t.form, " \u00a0\u202f\u3000") {
			n = 0 // a part could be spaces only, an empty FORM to the scorer
		}
		switch {
		case t.mw && p.chance(0.3): // a multiword token read as one word
			out = append(out, collapse(s, t))
		case t.mw && p.chance(0.3): // other word forms
			w := t.words[p.rng.IntN(len(t.words))]
			if p.chance(0.5) {
				w.cols[1] = strings.ToUpper(w.cols[1])
			} else {
				w.cols[1] += "x"
			}
			out = append(out, t)
		case !t.mw && n >= 2 && p.chance(p.rate/2): // split in two tokens
			a, b := splitForm(t.form, 1+p.rng.IntN(n-1))
			w := t.words[0]
			w2 := &word{cols: w.cols, head: w}
			w.cols[1], w2.cols[1] = a, b
			w2.cols[7] = "dep"
			out = append(out, &token{form: a, words: []*word{w}}, &token{form: b, words: []*word{w2}})
		case !t.mw && n >= 2 && p.chance(p.rate/3): // a multiword token
			a, b := splitForm(t.form, 1+p.rng.IntN(n-1))
			w := t.words[0]
			w2 := &word{cols: w.cols, head: w}
			w.cols[1], w2.cols[1] = a, strings.ToLower(b)
			w2.cols[7] = "case"
			out = append(out, &token{form: t.form, mw: true, words: []*word{w, w2}, extra: underscores()})
		case !t.mw && i+1 < len(s.tokens) && !s.tokens[i+1].mw && p.chance(p.rate/2): // merge two
			next := s.tokens[i+1]
			out = append(out, mergeWords(s, t, next))
			i++
		default:
			out = append(out, t)
		}
	}
	s.tokens = out
}

func underscores() []string {
	return []string{"_", "_", "_", "_", "_", "_", "_", "_"}
}

func splitForm(form string, k int) (string, string) {
	i := 0
	for range k {
		_, n := utf8.DecodeRuneInString(form[i:])
		i += n
	}
	return form[:i], form[i:]
}

// collapse makes a multiword token one word: the word of the token that
// its other words depend on (else the first) takes the token's form.
func collapse(s *sentence, t *token) *token {
	keep := t.words[0]
	for _, w := range t.words {
		if w.head == nil || !inToken(w.head, t) {
			keep = w
			break
		}
	}
	for _, w := range t.words {
		if w != keep {
			redirect(s, w, keep)
		}
	}
	keep.cols[1] = t.form
	return &token{form: t.form, words: []*word{keep}}
}

func inToken(w *word, t *token) bool {
	for _, x := range t.words {
		if x == w {
			return true
		}
	}
	return false
}

// mergeWords makes two one-word tokens one.
func mergeWords(s *sentence, a, b *token) *token {
	wa, wb := a.words[0], b.words[0]
	if wa.head == wb {
		wa.head = wb.head
	}
	redirect(s, wb, wa)
	wa.cols[1] = a.form + b.form
	return &token{form: a.form + b.form, words: []*word{wa}}
}

// redirect makes the dependents of from depend on to, which takes from's
// head if from was the root.
func redirect(s *sentence, from, to *word) {
	for _, w := range allWords(s) {
		if w.head == from {
			w.head = to
		}
	}
	if from.head == nil {
		to.head = nil
	}
	if to.head == to {
		to.head = from.head
	}
}

func merge(a, b *sentence) *sentence {
	root := rootOf(a)
	for _, w := range allWords(b) {
		if w.head == nil {
			w.head = root
		}
	}
	return &sentence{comments: a.comments, tokens: append(append([]*token{}, a.tokens...), b.tokens...)}
}

// split cuts a sentence before token k: in each part, the words whose
// heads fall in the other part depend on the part's root (the first such
// word becomes it if the part has none).
func split(s *sentence, k int) (*sentence, *sentence) {
	a := &sentence{comments: s.comments, tokens: s.tokens[:k]}
	b := &sentence{tokens: s.tokens[k:]}
	for _, part := range []*sentence{a, b} {
		in := map[*word]bool{}
		for _, w := range allWords(part) {
			in[w] = true
		}
		var root *word
		for _, w := range allWords(part) {
			if w.head == nil {
				root = w
			}
		}
		for _, w := range allWords(part) {
			if w.head != nil && !in[w.head] {
				if root == nil {
					root, w.head = w, nil
				} else {
					w.head = root
				}
			}
		}
	}
	return a, b
}

// repair leaves one root and no cycle: words on a cycle, and extra roots,
// depend on the first root.
func repair(s *sentence) *sentence {
	all := allWords(s)
	var root *word
	for _, w := range all {
		if w.head == w {
			w.head = nil
		}
		if w.head == nil {
			if root == nil {
				root = w
			} else {
				w.head = root
			}
		}
	}
	if root == nil {
		root = all[0]
		root.head = nil
	}
	for _, w := range all {
		seen := map[*word]bool{}
		for h := w; h != nil; h = h.head {
			if seen[h] {
				h.head = root
				if dominates(h, root) || h == root {
					h.head = nil
				}
				break
			}
			seen[h] = true
		}
	}
	return s
}

func rootOf(s *sentence) *word {
	for _, w := range allWords(s) {
		if w.head == nil {
			return w
		}
	}
	return nil
}

func allWords(s *sentence) []*word {
	var out []*word
	for _, t := range s.tokens {
		out = append(out, t.words...)
	}
	return out
}

func newdoc(s *sentence) bool {
	for _, c := range s.comments {
		if strings.HasPrefix(c, "# newdoc") {
			return true
		}
	}
	return false
}

// parse reads the gold file; empty nodes are dropped.
func parse(data []byte) []*sentence {
	var out []*sentence
	cur := &sentence{}
	var words []*word
	var heads []int
	var open *token
	flush := func() {
		for i, w := range words {
			if heads[i] > 0 {
				w.head = words[heads[i]-1]
			}
		}
		out = append(out, cur)
		cur, words, heads, open = &sentence{}, nil, nil, nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		switch {
		case line == "":
			if len(words) > 0 {
				flush()
			}
		case line[0] == '#':
			cur.comments = append(cur.comments, line)
		default:
			cols := strings.Split(line, "\t")
			if len(cols) != 10 || strings.Contains(cols[0], ".") {
				continue
			}
			if a, b, ok := strings.Cut(cols[0], "-"); ok {
				lo, _ := strconv.Atoi(a)
				hi, _ := strconv.Atoi(b)
				open = &token{form: cols[1], mw: true, extra: cols[2:]}
				open.words = make([]*word, 0, hi-lo+1)
				cur.tokens = append(cur.tokens, open)
				continue
			}
			w := &word{}
			copy(w.cols[:], cols)
			h, _ := strconv.Atoi(cols[6])
			words, heads = append(words, w), append(heads, h)
			if open != nil && len(open.words) < cap(open.words) {
				open.words = append(open.words, w)
				continue
			}
			open = nil
			cur.tokens = append(cur.tokens, &token{form: cols[1], words: []*word{w}})
		}
	}
	if len(words) > 0 {
		flush()
	}
	return out
}

func write(sents []*sentence) []byte {
	var b bytes.Buffer
	for _, s := range sents {
		for _, c := range s.comments {
			b.WriteString(c)
			b.WriteByte('\n')
		}
		index := map[*word]int{}
		n := 0
		for _, t := range s.tokens {
			for _, w := range t.words {
				n++
				index[w] = n
			}
		}
		n = 0
		for _, t := range s.tokens {
			if t.mw {
				b.WriteString(strconv.Itoa(n+1) + "-" + strconv.Itoa(n+len(t.words)) + "\t" + t.form + "\t" + strings.Join(t.extra, "\t") + "\n")
			}
			for _, w := range t.words {
				n++
				cols := w.cols
				cols[0] = strconv.Itoa(n)
				cols[6] = "0"
				if w.head != nil {
					cols[6] = strconv.Itoa(index[w.head])
				}
				b.WriteString(strings.Join(cols[:], "\t"))
				b.WriteByte('\n')
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}
