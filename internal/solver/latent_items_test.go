package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// latItems is latSmatch in class form: a triple's class is its relation
// and constant (or "a variable object"), its variables its subject and
// variable object.
func latItems(x, y latGraph) *LatentItems {
	it := &LatentItems{VarsX: x.vars, VarsY: y.vars}
	class := map[string]int32{}
	add := func(l *ItemList, tr latTriple) {
		key := tr.rel + "\x00" + tr.con
		if tr.obj >= 0 {
			key = tr.rel + "\x01"
		}
		c, ok := class[key]
		if !ok {
			c = int32(len(it.Weight))
			class[key] = c
			it.Weight = append(it.Weight, 1)
		}
		if tr.obj >= 0 {
			l.Add(c, int32(tr.subj), int32(tr.obj))
		} else {
			l.Add(c, int32(tr.subj))
		}
	}
	for _, tr := range x.triples {
		add(&it.X, tr)
	}
	for _, tr := range y.triples {
		add(&it.Y, tr)
	}
	return it
}

// latItemsCheck fails unless r is a consistent answer for it: σ injective
// and in range, every edge joins two items of one class whose variables σ
// maps position by position, no item twice, and the weights add up to
// Total.
func latItemsCheck(t testing.TB, it *LatentItems, r LatentResult) {
	t.Helper()
	require.Len(t, r.VarTo, max(it.VarsX, 0))
	used := map[int32]bool{}
	for _, b := range r.VarTo {
		if b >= 0 {
			require.Less(t, int(b), it.VarsY)
			require.False(t, used[b], "σ not injective: %v", r.VarTo)
			used[b] = true
		}
	}
	rows, cols := map[int32]bool{}, map[int32]bool{}
	sum := 0.0
	for _, e := range r.Edges {
		require.False(t, rows[e.Row] || cols[e.Col], "item matched twice: %v", e)
		rows[e.Row], cols[e.Col] = true, true
		c := it.X.Class[e.Row]
		require.Equal(t, c, it.Y.Class[e.Col])
		xv := it.X.Vars[it.X.Start[e.Row]:it.X.Start[e.Row+1]]
		yv := it.Y.Vars[it.Y.Start[e.Col]:it.Y.Start[e.Col+1]]
		require.Equal(t, len(xv), len(yv))
		for j := range xv {
			require.Equal(t, yv[j], r.VarTo[xv[j]], "edge %v: variable %d not mapped", e, j)
		}
		require.Equal(t, it.Weight[c], e.W)
		sum += e.W
	}
	require.Equal(t, sum, r.Total)
	require.GreaterOrEqual(t, r.Bound, r.Total)
	if r.Proven {
		require.Equal(t, r.Total, r.Bound)
	}
}

// latPerm renumbers g's variables and shuffles its triples: an isomorphic
// copy.
func latPerm(rng *rand.Rand, g latGraph) latGraph {
	perm := rng.Perm(g.vars)
	h := latGraph{vars: g.vars}
	for _, tr := range g.triples {
		tr.subj = perm[tr.subj]
		if tr.obj >= 0 {
			tr.obj = perm[tr.obj]
		}
		h.triples = append(h.triples, tr)
	}
	rng.Shuffle(len(h.triples), func(i, j int) { h.triples[i], h.triples[j] = h.triples[j], h.triples[i] })
	return h
}

// latMutate changes a few triples of g: relabels, drops and new edges.
func latMutate(rng *rand.Rand, g latGraph, k int) latGraph {
	h := latGraph{vars: g.vars, triples: append([]latTriple(nil), g.triples...)}
	for range k {
		if len(h.triples) == 0 || h.vars == 0 {
			break
		}
		i := rng.IntN(len(h.triples))
		switch rng.IntN(3) {
		case 0:
			h.triples[i].rel += "'"
		case 1:
			h.triples = append(h.triples[:i], h.triples[i+1:]...)
		default:
			h.triples = append(h.triples, latTriple{rel: "r", subj: rng.IntN(h.vars), obj: rng.IntN(h.vars)})
		}
	}
	return h
}

// latTree is a random tree with concepts from a vocabulary of vocab and
// relation labels from rels, plus extra random edges.
func latTree(rng *rand.Rand, n, vocab, rels, extra int) latGraph {
	g := latGraph{vars: n}
	for i := range n {
		g.triples = append(g.triples, latTriple{rel: "instance", subj: i, obj: -1, con: fmt.Sprint("c", rng.IntN(vocab))})
		if i > 0 {
			g.triples = append(g.triples, latTriple{rel: fmt.Sprint("r", rng.IntN(rels)), subj: rng.IntN(i), obj: i})
		}
	}
	if n > 0 {
		g.triples = append(g.triples, latTriple{rel: "TOP", subj: 0, obj: -1, con: "top"})
	}
	for range extra {
		if n > 0 {
			g.triples = append(g.triples, latTriple{rel: fmt.Sprint("r", rng.IntN(rels)), subj: rng.IntN(n), obj: rng.IntN(n)})
		}
	}
	return g
}

// TestLatentItemsAgainstBruteForce solves small random pairs in class form,
// of the shapes SolveItems is built for (symmetric graphs of one concept
// and one label, self-matches, isomorphic and nearly isomorphic copies,
// trees), and checks the optimum against brute force on the expanded
// problem; with a pair budget too small to expand, the answer must stay
// consistent and its bound must cover the optimum.
func TestLatentItemsAgainstBruteForce(t *testing.T) {
	for _, pm := range []int{64, 2} {
		t.Run(fmt.Sprintf("partMax=%d", pm), func(t *testing.T) {
			defer func(old int) { partMax = old }(partMax)
			partMax = pm
			latItemsBrute(t)
		})
	}
}

// latItemsBrute is TestLatentItemsAgainstBruteForce at one partMax: with 2,
// the row graphs are split into parts (bounds and incumbents part by
// part) even though they are small.
func latItemsBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var s LatentSolver
	kinds := []string{"symmetric", "self", "isomorphic", "near", "trees", "stars"}
	proven, met := 0, 0
	symKills := int64(0)
	for round := range 360 {
		kind := kinds[round%len(kinds)]
		n := 1 + rng.IntN(5)
		var x, y latGraph
		switch kind {
		case "symmetric":
			x, y = latPlainGraph(rng, n, 2*n), latPlainGraph(rng, 1+rng.IntN(5), 2*n)
		case "self":
			x = latTree(rng, n, 2, 2, rng.IntN(3))
			y = x
		case "isomorphic":
			x = latTree(rng, n, 1+rng.IntN(2), 1+rng.IntN(2), rng.IntN(3))
			y = latPerm(rng, x)
		case "near":
			x = latTree(rng, n, 2, 2, rng.IntN(3))
			y = latPerm(rng, latMutate(rng, x, 1+rng.IntN(2)))
		case "stars":
			// Interchangeable leaves under one or two hubs, against
			// a graph that is not isomorphic.
			x = latStarGraph(rng, n)
			y = latStarGraph(rng, 1+rng.IntN(5))
			for range rng.IntN(3) {
				y.triples = append(y.triples, latTriple{rel: fmt.Sprint("r", rng.IntN(2)), subj: rng.IntN(y.vars), obj: rng.IntN(y.vars)})
			}
			if rng.IntN(2) == 0 {
				x, y = y, x
			}
		default:
			x, y = latTree(rng, n, 3, 3, rng.IntN(2)), latTree(rng, 1+rng.IntN(5), 3, 3, rng.IntN(2))
		}
		it := latItems(x, y)
		var p LatentProblem
		it.Expand(&p)
		want := latBrute(&p)
		if round%10 == 0 {
			assert.Equal(t, want, latBrute(latSmatch(x, y)), "Expand differs from the pairs")
		}
		r := s.SolveItems(it, Unlimited)
		symKills += s.symKills
		latItemsCheck(t, it, r)
		require.Truef(t, r.Proven, "round %d (%s) not proven", round, kind)
		latAssertTotal(t, want, r.Total, fmt.Sprintf("round %d (%s)", round, kind))
		if kind == "self" || kind == "isomorphic" {
			// The structural σ and the class bound alone prove these.
			require.Zerof(t, r.Nodes, "round %d (%s): %d nodes", round, kind, r.Nodes)
		}
		if r.Nodes == 0 {
			met++
		}
		proven++
		r = s.SolveItems(it, Limits{MaxPairs: 1})
		latItemsCheck(t, it, r)
		assert.LessOrEqual(t, r.Total, want)
		assert.GreaterOrEqual(t, r.Bound, want)
	}
	assert.Equal(t, 360, proven)
	t.Logf("%d of 360 proven without a node; symmetry breaking killed %d variable pairs", met, symKills)
}

// latStarGraph is one or two hubs with leaves of one concept hanging by
// one of two roles: many interchangeable leaves.
func latStarGraph(rng *rand.Rand, n int) latGraph {
	g := latGraph{vars: n}
	hubs := 1 + rng.IntN(2)
	for i := range n {
		g.triples = append(g.triples, latTriple{rel: "instance", subj: i, obj: -1, con: "x"})
		if i >= hubs {
			g.triples = append(g.triples, latTriple{rel: fmt.Sprint("r", rng.IntN(2)), subj: rng.IntN(min(hubs, i)), obj: i})
		}
	}
	return g
}

// TestLatentItemsLinear: a chain of 5,000 nodes against itself (25 million
// candidate pairs in its one relation class) and a 1,000-leaf star are
// proven by the structural σ and the class bound, without expanding a
// pair: the work is a small multiple of the items.
func TestLatentItemsLinear(t *testing.T) {
	chain := latGraph{vars: 5000}
	for i := range 5000 {
		chain.triples = append(chain.triples, latTriple{rel: "instance", subj: i, obj: -1, con: fmt.Sprint("c", i%7)})
		if i > 0 {
			chain.triples = append(chain.triples, latTriple{rel: "ARG1", subj: i - 1, obj: i})
		}
	}
	star := latGraph{vars: 1001}
	star.triples = append(star.triples, latTriple{rel: "instance", subj: 0, obj: -1, con: "and"})
	for i := 1; i <= 1000; i++ {
		star.triples = append(star.triples,
			latTriple{rel: "instance", subj: i, obj: -1, con: "thing"},
			latTriple{rel: "op", subj: 0, obj: i})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		name string
		x, y latGraph
	}{
		{"chain", chain, chain},
		{"chain renumbered", chain, latPerm(rng, chain)},
		{"star", star, latPerm(rng, star)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s LatentSolver
			it := latItems(tt.x, tt.y)
			r := s.SolveItems(it, Limits{})
			latItemsCheck(t, it, r)
			assert.True(t, r.Proven)
			assert.Equal(t, float64(len(tt.x.triples)), r.Total)
			assert.Zero(t, r.Nodes)
			assert.Less(t, r.Work, int64(100*len(tt.x.triples)), "work %d", r.Work)
		})
	}
}

// TestLatentItemsBudget: past MaxPairs, or with no work left, SolveItems
// returns its structural σ with the class bound; an interrupt (Stop
// closed) is reported as such.
func TestLatentItemsBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x, y := latPlainGraph(rng, 30, 60), latPlainGraph(rng, 30, 60)
	it := latItems(x, y)
	var s LatentSolver
	stop := make(chan struct{})
	close(stop)
	for _, tt := range []struct {
		name        string
		lim         Limits
		interrupted bool
	}{
		{"pairs", Limits{MaxPairs: 100}, false},
		{"work", Limits{MaxWork: 1}, false},
		{"stop", Limits{Stop: stop}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := s.SolveItems(it, tt.lim)
			latItemsCheck(t, it, r)
			assert.False(t, r.Proven)
			assert.Equal(t, tt.interrupted, r.Interrupted)
			// The class bound: 30 instance triples and the edges of
			// the smaller side (self-loops were not drawn).
			assert.Equal(t, float64(min(len(x.triples), len(y.triples))), r.Bound)
			assert.Zero(t, r.Nodes)
		})
	}
}

func latItemsDecode(data []byte) *LatentItems {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	it := &LatentItems{VarsX: next() % 6, VarsY: next() % 6}
	for range next() % 4 {
		it.Weight = append(it.Weight, float64(next()%4)-0.5) // -0.5 is unusable
	}
	for side := 0; len(data) > 0; side ^= 1 {
		l, nv := &it.X, it.VarsX
		if side == 1 {
			l, nv = &it.Y, it.VarsY
		}
		if l.Len() >= 9 {
			if it.X.Len() >= 9 && it.Y.Len() >= 9 {
				break
			}
			continue
		}
		c := int32(next()%(len(it.Weight)+1)) - 1 // -1: out of range
		var vars []int32
		for range 1 + next()%2 {
			vars = append(vars, int32(next()%(nv+1))) // nv: out of range
		}
		l.Add(c, vars...)
	}
	return it
}

// FuzzLatentItems checks SolveItems against brute force on the expanded
// problem, for any classes, weights and variable lists (out of range ones
// included), and so the branch and bound alone with symmetry breaking
// (whatever the number of twins) and without incumbent heuristics.
func FuzzLatentItems(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 3, 2, 2, 2, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 2, 1, 1, 2, 2, 1, 0, 1, 1, 0, 2, 1, 2, 0})
	f.Add([]byte{4, 4, 1, 2, 1, 0, 0, 1, 1, 1, 1, 2, 1, 2, 3, 1, 0, 3, 1, 3, 0, 1, 1, 2, 1, 1, 0, 2})
	f.Add([]byte{5, 5, 3, 1, 2, 3, 1, 1, 0, 1, 1, 0, 1, 2, 1, 1, 2, 1, 3, 3, 1, 3, 4, 2, 1, 4, 3, 1, 4})
	var s LatentSolver
	bare := LatentSolver{bare: true}
	f.Fuzz(func(t *testing.T, data []byte) {
		it := latItemsDecode(data)
		var p LatentProblem
		it.Expand(&p)
		want := latBrute(&p)
		// The last byte chooses whether small graphs are split into
		// parts.
		if len(data) > 0 && data[len(data)-1]%2 == 1 {
			defer func(old int) { partMax = old }(partMax)
			partMax = 1
		}
		r := s.SolveItems(it, Unlimited)
		latItemsCheck(t, it, r)
		require.True(t, r.Proven)
		latAssertTotal(t, want, r.Total, "fuzz")
		var p2 LatentProblem
		r = latSolveTwins(&bare, it, &p2)
		latCheck(t, &p2, r)
		require.True(t, r.Proven)
		latAssertTotal(t, want, r.Total, "fuzz, symmetry breaking")
		r = s.SolveItems(it, Limits{MaxPairs: 1})
		latItemsCheck(t, it, r)
		require.GreaterOrEqual(t, r.Bound+1e-9, want)
	})
}
