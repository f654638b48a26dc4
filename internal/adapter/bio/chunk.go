package bio

// A tok is one token's tag as the chunkers see it: its prefix letter
// (B, I, E, S or O; L and U are read as E and S) and its type, a number
// that is 0 for O and equal for equal type names.
type tok struct {
	l byte
	t int32
}

// outside is the O tag, which sentence boundaries also act as.
var outside = tok{'O', 0}

// span is one chunk: the offsets of its first and last token in the
// document, and its type.
type span struct {
	start, end int32
	t          int32
}

// Chunking by conlleval's rules (endOfChunk and startOfChunk of
// conlleval.pl, 2004-01-26) extended to S- and to E- followed by B- as
// seqeval's default mode (get_entities) reads them. On tags without S-
// and without E- followed by B- of the same type, which covers IOB1,
// IOB2, IOE1 and IOE2, the two scorers find the same chunks; conlleval,
// which predates IOBES, joins S-PER S-PER into one chunk, and E-PER B-PER
// too. A chunk ends between prev and cur when endOfChunk holds and a new
// one starts at cur when startOfChunk does; a sentence boundary is an O.

func endOfChunk(prev, cur tok) bool {
	switch prev.l {
	case 'E', 'S':
		return true
	case 'B', 'I':
		if cur.l == 'B' || cur.l == 'S' || cur.l == 'O' {
			return true
		}
	}
	return prev.l != 'O' && prev.t != cur.t
}

func startOfChunk(prev, cur tok) bool {
	switch cur.l {
	case 'B', 'S':
		return true
	case 'E', 'I':
		if prev.l == 'E' || prev.l == 'S' || prev.l == 'O' {
			return true
		}
	}
	return cur.l != 'O' && prev.t != cur.t
}

// chunker finds chunks token by token; a sentence boundary is an O.
type chunker struct {
	prev  tok
	begin int32
}

// step reads the token at offset i and appends the chunk that ends
// before it, if any.
func (c *chunker) step(i int32, cur tok, out []span) []span {
	if endOfChunk(c.prev, cur) {
		out = append(out, span{c.begin, i - 1, c.prev.t})
	}
	if startOfChunk(c.prev, cur) {
		c.begin = i
	}
	c.prev = cur
	return out
}

// chunks appends the chunks of one sentence to out; off is the offset of
// its first token in the document.
func chunks(sent []tok, off int32, out []span) []span {
	var c chunker
	c.prev = outside
	for i, t := range sent {
		out = c.step(off+int32(i), t, out)
	}
	return c.step(off+int32(len(sent)), outside, out)
}

// Scheme is a tagging scheme of seqeval's strict mode (seqeval.scheme):
// which tags may start, continue and end an entity. A chunk that breaks
// its scheme's rules (I- after O in IOB2, B- without E- in IOBES) is no
// entity at all in strict mode.
type Scheme int

// The schemes of seqeval's strict mode that its auto_detect chooses from.
// BILOU is IOBES with other letters (L for E, U for S), and is read as
// IOBES.
const (
	IOB2 Scheme = iota
	IOE2
	IOBES
	// Raw is a file of raw tags (PER, no prefix), as conlleval -r reads
	// them: every tagged token is an entity of its own, read as S- tags
	// are, so strict mode finds the same entities (seqeval has no such
	// scheme).
	Raw
)

var schemeNames = [...]string{IOB2: "IOB2", IOE2: "IOE2", IOBES: "IOBES", Raw: "raw"}

func (s Scheme) String() string { return schemeNames[s] }

// detect chooses the scheme of a file from the prefixes its tags use, as
// seqeval's auto_detect does on the gold sequences: IOBES when S- (or U-)
// occurs, or E- (or L-) together with B-; IOE2 when E- occurs without
// B-; IOB2 otherwise. auto_detect refuses some sets that this accepts
// (only O, only I and O, B and S without E); on those, no reading finds
// more than what this one does or seqeval refuses to score.
func detect(seen prefixSet) Scheme {
	switch {
	case seen.has('R'):
		return Raw
	case seen.has('S') || seen.has('E') && seen.has('B'):
		return IOBES
	case seen.has('E'):
		return IOE2
	}
	return IOB2
}

// prefixSet is a set of prefix letters.
type prefixSet uint8

func bit(l byte) prefixSet {
	switch l {
	case 'B':
		return 1
	case 'I':
		return 2
	case 'E':
		return 4
	case 'S':
		return 8
	case 'R': // a raw tag, without prefix
		return 32
	}
	return 16 // O
}

func (s prefixSet) has(l byte) bool { return s&bit(l) != 0 }

// The patterns of seqeval.scheme, as predicates on the previous and the
// current token: start (cur starts an entity), inside (cur continues
// the entity that prev is in) and end (the entity that prev is in ends
// validly before cur).

func (s Scheme) start(prev, cur tok) bool {
	switch s {
	case IOB2:
		return cur.l == 'B'
	case IOE2:
		switch prev.l {
		case 'O', 'E':
			return cur.l == 'I' || cur.l == 'E'
		case 'I':
			return (cur.l == 'I' || cur.l == 'E') && prev.t != cur.t
		}
		return false
	}
	return cur.l == 'B' || cur.l == 'S'
}

func (s Scheme) inside(prev, cur tok) bool {
	if prev.t != cur.t {
		return false
	}
	switch s {
	case IOB2:
		return (prev.l == 'B' || prev.l == 'I') && cur.l == 'I'
	case IOE2:
		return prev.l == 'I' && (cur.l == 'I' || cur.l == 'E')
	}
	return (prev.l == 'B' || prev.l == 'I') && (cur.l == 'I' || cur.l == 'E')
}

func (s Scheme) end(prev, cur tok) bool {
	switch s {
	case IOB2:
		switch prev.l {
		case 'I':
			return cur.l == 'O' || cur.l == 'B' || cur.l == 'I' && prev.t != cur.t
		case 'B':
			return cur.l == 'O' || cur.l == 'B' || cur.l == 'I' && prev.t != cur.t
		}
		return false
	case IOE2:
		return prev.l == 'E'
	}
	return prev.l == 'S' || prev.l == 'E'
}

// strictState finds the entities of seqeval's strict mode token by
// token, as Tokens.entities does: from a token that starts an entity, the
// tokens inside it are taken; the entity counts if it ends validly before
// the token that stops it, from which the scan goes on either way. A
// sentence ends with an O (seqeval appends one).
type strictState struct {
	prev, first, last tok
	start             int32
	in                bool
}

func (st *strictState) step(s Scheme, i int32, cur tok, out []span) []span {
	if st.in {
		if s.inside(st.last, cur) {
			st.last = cur
			return out
		}
		if s.end(st.last, cur) {
			out = append(out, span{st.start, i - 1, st.first.t})
		}
		st.in = false
		st.prev = st.last
	}
	if s.start(st.prev, cur) {
		st.in, st.start, st.first, st.last = true, i, cur, cur
	}
	st.prev = cur
	return out
}

// strict appends the entities of one sentence under scheme s to out.
func (s Scheme) strict(sent []tok, off int32, out []span) []span {
	st := strictState{prev: outside}
	for i, t := range sent {
		out = st.step(s, off+int32(i), t, out)
	}
	return st.step(s, off+int32(len(sent)), outside, out)
}
