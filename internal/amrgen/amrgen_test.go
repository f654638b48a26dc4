package amrgen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPenman(t *testing.T) {
	tests := []struct {
		name string
		g    Graph
		want string
	}{
		{"chain", Chain(3, 2), "(a0 / c0 :ARG1 (a1 / c1 :ARG1 (a2 / c0)))"},
		{"star", Star(2), "(a0 / and :op (a1 / thing) :op (a2 / thing))"},
		{"reentrancy", Graph{
			Concepts: []string{"want-01", "boy"},
			Edges:    []Edge{{0, "ARG0", 1}, {0, "ARG1", 1}},
			Attrs:    []Attr{{1, "polarity", "-"}},
		}, "(a0 / want-01 :ARG0 (a1 / boy :polarity -) :ARG1 a1)"},
		{"empty", Graph{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.g.Penman("a"))
		})
	}
}

func TestJoin(t *testing.T) {
	got := Join([]string{"# ::snt Hi .\n(x / hi :mod \"x y\")", "(x / go-02 :ARG0 (y / boy) :ARG1 y)"})
	assert.Equal(t, `(d / multi-sentence :snt1 (s1.x / hi :mod "x y") :snt2 (s2.x / go-02 :ARG0 (s2.y / boy) :ARG1 s2.y))`, got)
	docs := JoinDocs(SplitAMRs("(a / b)\n\n# c\n(c / d)\n\n\n(e / f)\n"), 2)
	require.Len(t, docs, 2)
	assert.Equal(t, "(d / multi-sentence :snt1 (s1.a / b) :snt2 (s2.c / d))", docs[0])
	assert.Equal(t, "(d / multi-sentence :snt1 (s1.e / f))", docs[1])
}

// The generated graphs are what their doc comments say: sizes, one
// concept, a walk from the root reaching every node, and a perturbed copy
// with the same number of nodes.
func TestShapes(t *testing.T) {
	g := OneConcept(60, 1)
	assert.Len(t, g.Concepts, 60)
	assert.Len(t, g.Edges, 59+6)
	assert.Equal(t, 60, strings.Count(g.Penman("a"), "/ person"))
	h := AMRLike(200, 3)
	p := Perturb(h, 0.1, 3)
	assert.Equal(t, 200, strings.Count(h.Penman("a"), " / "))
	assert.Equal(t, 200, strings.Count(p.Penman("b"), " / "))
	assert.Len(t, p.Edges, len(h.Edges))
	assert.NotEqual(t, h.Penman("a"), p.Penman("a"))
	assert.Equal(t, 5000, strings.Count(Chain(5000, 7).Penman("a"), " / "))
	l := Leaves(40, 1)
	assert.Len(t, l.Concepts, 40)
	assert.Equal(t, 40, strings.Count(l.Penman("a"), " / "), "every node is reached")
	f := Fixed()
	assert.Len(t, f["near60"].Gold, 10)
	assert.Len(t, f["leaves40"].Pred, 10)
	assert.Len(t, f["near60"].Pred, 10)
	assert.Equal(t, 1001, strings.Count(f["star1000"].Gold[0], " / "))
}
