package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twinsOf loads x (against itself) and returns its X twin classes.
func twinsOf(x latGraph) []int32 {
	var s LatentSolver
	g := &s.it
	g.load(latItems(x, x))
	g.colors(&s)
	return g.twinClasses(true, nil)
}

func TestTwinClasses(t *testing.T) {
	for _, tt := range []struct {
		name  string
		graph string
		want  []int32 // by variable, in order of first instance
	}{
		{"leaves under one role", "r instance and; a instance x; b instance x; c instance x; r op a; r op b; r op c",
			[]int32{-1, 1, 1, 1}},
		{"roles tell leaves apart", "r instance and; a instance x; b instance x; r op1 a; r op2 b",
			[]int32{-1, -1, -1}},
		{"concepts tell leaves apart", "r instance and; a instance x; b instance y; r op a; r op b",
			[]int32{-1, -1, -1}},
		{"an attribute tells leaves apart", "r instance and; a instance x; b instance x; r op a; r op b; a polarity -",
			[]int32{-1, -1, -1}},
		{"linked both ways", "r instance and; a instance x; b instance x; r op a; r op b; a rel b; b rel a",
			[]int32{-1, 1, 1}},
		{"linked one way", "r instance and; a instance x; b instance x; r op a; r op b; a rel b",
			[]int32{-1, -1, -1}},
		// Swapping p and q is a symmetry only with a and b swapped too:
		// none of them is a twin.
		{"different parents", "r instance and; p instance y; q instance y; a instance x; b instance x; r op p; r op q; p op a; q op b",
			[]int32{-1, -1, -1, -1, -1}},
		{"two classes", "r instance and; a instance x; b instance x; c instance y; d instance y; r op a; r op b; r op c; r op d",
			[]int32{-1, 1, 1, 3, 3}},
		{"a chain", "a instance x; b instance x; c instance x; a next b; b next c", []int32{-1, -1, -1}},
		{"a cycle of three", "a instance x; b instance x; c instance x; a next b; b next c; c next a", []int32{-1, -1, -1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, twinsOf(latParseGraph(tt.graph)))
		})
	}
}

// latSolveTwins runs the branch and bound alone on it (no structural σ,
// no class bound, no parts), with the twin classes, as SolveItems does
// once those have not proven it.
func latSolveTwins(s *LatentSolver, it *LatentItems, p *LatentProblem) LatentResult {
	s.begin(Unlimited)
	g := &s.it
	g.load(it)
	g.colors(s)
	g.expand(p, nil)
	g.twinX = g.twinClasses(true, g.twinX)
	g.twinY = g.twinClasses(false, g.twinY)
	s.twinX, s.twinY = g.twinX, g.twinY
	defer func() { s.twinX, s.twinY = nil, nil }()
	return s.solve(p, nil)
}

// latTwinGraph is latStarGraph (leaves of one concept under one or two
// hubs by one of two roles) with links: pairs of leaves linked both ways,
// which keeps them twins, and links one way, which does not.
func latTwinGraph(rng *rand.Rand, n, both, one int) latGraph {
	g := latStarGraph(rng, n)
	for range both {
		a, b := rng.IntN(n), rng.IntN(n)
		g.triples = append(g.triples, latTriple{rel: "link", subj: a, obj: b}, latTriple{rel: "link", subj: b, obj: a})
	}
	for range one {
		g.triples = append(g.triples, latTriple{rel: "link", subj: rng.IntN(n), obj: rng.IntN(n)})
	}
	if rng.IntN(3) == 0 {
		g.triples = append(g.triples, latTriple{rel: "mod", subj: rng.IntN(n), obj: -1, con: "c"})
	}
	return g
}

// TestLatentTwinsAgainstBruteForce: graphs with many twins on both sides,
// not isomorphic, solved by the branch and bound with symmetry breaking
// and without the incumbent heuristics (so that these small problems
// branch), against brute force.
func TestLatentTwinsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	s := LatentSolver{bare: true}
	kills := int64(0)
	for round := range 600 {
		x := latTwinGraph(rng, 3+rng.IntN(3), rng.IntN(3), rng.IntN(2))
		y := latTwinGraph(rng, 3+rng.IntN(3), rng.IntN(3), rng.IntN(2))
		it := latItems(x, y)
		var p LatentProblem
		r := latSolveTwins(&s, it, &p)
		kills += s.symKills
		latCheck(t, &p, r)
		require.Truef(t, r.Proven, "round %d", round)
		latAssertTotal(t, latBrute(&p), r.Total, fmt.Sprintf("round %d: %s", round, latDump(&p)))
	}
	t.Logf("symmetry breaking killed %d variable pairs", kills)
	assert.Greater(t, kills, int64(100))
}

// TestLatentTwinsAgainstSolve: larger such graphs (10 to 30 nodes, where
// brute force is out of reach) against the search without symmetry
// breaking, which TestLatentAgainstBruteForce checks. The breaking must
// save nodes where it matters: on the 30-node pairs, by a factor of more
// than 10.
func TestLatentTwinsAgainstSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{10, 15, 20, 30} {
		var s, plain LatentSolver
		kills, nodes, plainNodes := int64(0), 0, 0
		for round := range 10 {
			x, y := latTwinGraph(rng, n, 0, n/3), latTwinGraph(rng, n, 0, n/3)
			it := latItems(x, y)
			var p LatentProblem
			r := latSolveTwins(&s, it, &p)
			kills += s.symKills
			nodes += r.Nodes
			latCheck(t, &p, r)
			r2 := plain.Solve(&p, Unlimited)
			plainNodes += r2.Nodes
			require.True(t, r.Proven && r2.Proven)
			latAssertTotal(t, r2.Total, r.Total, fmt.Sprintf("n=%d round %d", n, round))
		}
		t.Logf("n=%d: symmetry breaking killed %d variable pairs; %d nodes, %d without it", n, kills, nodes, plainNodes)
		if n == 30 {
			assert.Less(t, 10*nodes, plainNodes)
		}
	}
}

func TestTwinOrderings(t *testing.T) {
	assert.Zero(t, twinOrderings([]int32{-1, -1}))
	assert.InDelta(t, math.Log(6), twinOrderings([]int32{-1, 1, 1, 1}), 1e-12)
	assert.InDelta(t, math.Log(2*24), twinOrderings([]int32{0, 0, 2, 2, 2, 2, -1}), 1e-12)
}
