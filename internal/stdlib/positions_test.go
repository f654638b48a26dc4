package stdlib

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// positionalAgreement is the definition: split both on ASCII white space
// and count equal words at equal indices.
func positionalAgreement(x, y string) int {
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return r < 128 && isWordSpace(byte(r)) })
	}
	xs, ys := split(x), split(y)
	n := 0
	for i := range min(len(xs), len(ys)) {
		if xs[i] == ys[i] {
			n++
		}
	}
	return n
}

// TestCommonWords compares the counting paths (single spaces, any white
// space, equal strings) with the definition on random tag strings.
func TestCommonWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tags := []string{"O", "O", "O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-P", "É-X", "O\u00a0"}
	seps := []string{" ", " ", " ", " ", "  ", "\t", "\n", " \r\n"}
	gen := func(n int, simple bool) string {
		var b strings.Builder
		if !simple && rng.IntN(3) == 0 {
			b.WriteString(" ")
		}
		for i := range n {
			if i > 0 {
				if simple {
					b.WriteByte(' ')
				} else {
					b.WriteString(seps[rng.IntN(len(seps))])
				}
			}
			b.WriteString(tags[rng.IntN(len(tags))])
		}
		return b.String()
	}
	mutate := func(s string) string {
		w := strings.Split(s, " ")
		for i := range w {
			if rng.IntN(6) == 0 {
				w[i] = tags[rng.IntN(len(tags))]
			}
		}
		if rng.IntN(4) == 0 && len(w) > 1 {
			w = w[:len(w)-1]
		}
		return strings.Join(w, " ")
	}
	simples := 0
	for range 5000 {
		isSimple := rng.IntN(2) == 0
		x := gen(rng.IntN(40), isSimple)
		y := mutate(x)
		if rng.IntN(5) == 0 {
			y = gen(rng.IntN(40), isSimple)
		}
		if simple(x) && simple(y) {
			simples++
		}
		want := positionalAgreement(x, y)
		require.Equal(t, want, commonWords(x, y), "%q %q", x, y)
		require.Equal(t, want, commonWords(y, x), "%q %q", y, x)
		require.Equal(t, want, commonWordsGeneral(x, y), "%q %q", x, y)
		require.Equal(t, positionalAgreement(x, x), countWords(x), "%q", x)
		require.Equal(t, len(words(x)), countWords(x), "%q", x)
	}
	assert.Greater(t, simples, 1500)
	assert.Equal(t, 0, commonWords("", "O"))
	assert.Equal(t, 0, countWords(""))
	assert.Equal(t, 0, countWords(" \t\n"))
	assert.Equal(t, 10, commonPrefix("O O B-PER I-PER", "O O B-PER O"))
}

// TestPositionsView: built, the view is the set of (index, word) records;
// counted, the number of positions that agree, for strings and seqs.
func TestPositionsView(t *testing.T) {
	a := value.NewArena()
	strT, why := Positions.Type([]types.Type{types.StringType})
	require.Empty(t, why)
	rec := strT.(*types.Collection).Elem.(*types.Record)
	assert.Equal(t, "Position<string>", rec.Name)
	tag := func(*types.Record) int { return 7 }

	x, y := a.String("O B-PER  I-PER\tO"), a.String("O B-PER B-PER")
	built := Positions.Eval(a, strT, tag, []value.Ref{x})
	require.Equal(t, 4, a.Count(built))
	first := a.Kids(built)[1]
	assert.Equal(t, 1.0, a.Num(a.Field(first, 0)))
	assert.Equal(t, "B-PER", a.Str(a.Field(first, 1)))
	n, ok := Positions.Common(a, types.StringType, x, y)
	assert.True(t, ok)
	assert.Equal(t, 2.0, n)
	n, _ = Positions.Common(a, types.StringType, x, x)
	assert.Equal(t, 4.0, n)

	seqT := &types.Collection{Kind: types.Seq, Elem: types.StringType}
	seq := func(ws ...string) value.Ref {
		var kids []value.Ref
		for _, w := range ws {
			kids = append(kids, a.String(w))
		}
		return a.Composite(value.Seq, 0, kids)
	}
	sx, sy := seq("O", "B-PER", "I-PER"), seq("O", "I-PER", "I-PER", "O")
	n, _ = Positions.Common(a, seqT, sx, sy)
	assert.Equal(t, 2.0, n)
	n, _ = Positions.Common(a, seqT, sy, sy)
	assert.Equal(t, 4.0, n)
	_, why = Positions.Type([]types.Type{&types.Collection{Kind: types.Set, Elem: types.StringType}})
	assert.Contains(t, why, "a set has no order")
}

func TestMinus(t *testing.T) {
	a := value.NewArena()
	coll := func(kind value.Kind, ws ...string) value.Ref {
		var kids []value.Ref
		for _, w := range ws {
			kids = append(kids, a.String(w))
		}
		return a.Composite(kind, 0, kids)
	}
	strs := func(r value.Ref) []string {
		var out []string
		for _, k := range a.Kids(r) {
			out = append(out, a.Str(k))
		}
		return out
	}
	minus := func(x, y value.Ref) value.Ref { return Minus.Eval(a, nil, nil, []value.Ref{x, y}) }
	assert.Equal(t, []string{"a", "c"}, strs(minus(coll(value.Set, "a", "b", "c"), coll(value.Set, "b", "d"))))
	assert.Equal(t, []string{"a", "a", "b"}, strs(minus(coll(value.Bag, "a", "b", "a", "b"), coll(value.Bag, "b"))))
	assert.Equal(t, []string{"c", "a"}, strs(minus(coll(value.Seq, "a", "c", "a"), coll(value.Bag, "a"))))
	x := coll(value.Set, "a")
	assert.Equal(t, x, minus(x, coll(value.Set)), "nothing to drop: the collection itself")
	assert.Equal(t, x, minus(x, coll(value.Set, "z")))
	assert.Empty(t, strs(minus(x, x)))
	assert.Equal(t, value.Bag, a.Kind(minus(coll(value.Bag, "a", "b"), coll(value.Set, "a"))))
}
