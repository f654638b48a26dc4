package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// latJoin joins sentence graphs into one document graph, DocAMR style: a
// new root (variable 0) of concept multi-sentence with :snt1 … :sntK to
// each sentence's root (the subject of its TOP triple), whose TOP triples
// give way to the document's.
func latJoin(gs []latGraph) latGraph {
	doc := latGraph{vars: 1}
	doc.triples = append(doc.triples,
		latTriple{rel: "instance", subj: 0, obj: -1, con: "multi-sentence"},
		latTriple{rel: "TOP", subj: 0, obj: -1, con: "top"})
	for k, g := range gs {
		off := doc.vars
		for _, tr := range g.triples {
			tr.subj += off
			if tr.obj >= 0 {
				tr.obj += off
			}
			if tr.rel == "TOP" {
				doc.triples = append(doc.triples, latTriple{rel: fmt.Sprint("snt", k+1), subj: 0, obj: tr.subj})
				continue
			}
			doc.triples = append(doc.triples, tr)
		}
		doc.vars += g.vars
	}
	return doc
}

// latDocs joins the Little Prince pairs k at a time into document pairs.
func latDocs(pairs []latPair, k int) (docs []latPair) {
	for i := 0; i+k <= len(pairs); i += k {
		var xs, ys []latGraph
		for _, p := range pairs[i : i+k] {
			xs, ys = append(xs, p.x), append(ys, p.y)
		}
		docs = append(docs, latPair{x: latJoin(xs), y: latJoin(ys)})
	}
	return docs
}

// latChain is a path of n nodes linked by ARG1, concepts c0…c6 in turn,
// with a TOP.
func latChain(n int) latGraph {
	g := latGraph{vars: n}
	for i := range n {
		g.triples = append(g.triples, latTriple{rel: "instance", subj: i, obj: -1, con: fmt.Sprint("c", i%7)})
		if i > 0 {
			g.triples = append(g.triples, latTriple{rel: "ARG1", subj: i - 1, obj: i})
		}
	}
	g.triples = append(g.triples, latTriple{rel: "TOP", subj: 0, obj: -1, con: "top"})
	return g
}

// latStar is a root with n leaves of one concept.
func latStar(n int) latGraph {
	g := latGraph{vars: n + 1}
	g.triples = append(g.triples, latTriple{rel: "instance", subj: 0, obj: -1, con: "and"})
	for i := 1; i <= n; i++ {
		g.triples = append(g.triples, latTriple{rel: "instance", subj: i, obj: -1, con: "thing"}, latTriple{rel: "op", subj: 0, obj: i})
	}
	return g
}

// latSolveAll solves every problem of its in each iteration and reports
// per pair.
func latSolveAll(b *testing.B, its []*LatentItems, lim Limits) {
	var s LatentSolver
	rs := make([]LatentResult, len(its))
	b.ReportAllocs()
	for b.Loop() {
		for i, it := range its {
			rs[i] = s.SolveItems(it, lim)
		}
	}
	latReport(b, rs)
}

func latReport(b *testing.B, rs []LatentResult) {
	nodes, proven, gap, work := 0, 0, 0.0, int64(0)
	for _, r := range rs {
		nodes += r.Nodes
		work += r.Work
		if r.Proven {
			proven++
		}
		gap += r.Bound - r.Total
	}
	n := float64(len(rs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/pair")
	b.ReportMetric(float64(nodes)/n, "nodes/pair")
	b.ReportMetric(float64(work)/n, "work/pair")
	b.ReportMetric(float64(proven)/n, "proven")
	b.ReportMetric(gap/n, "gap/pair")
}

// BenchmarkLatentItemsSelf: a graph against a renumbered copy of itself in
// class form, proven by the structural σ and the class bound without a
// candidate pair (a 5,000-node chain has 25 million).
func BenchmarkLatentItemsSelf(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, tt := range []struct {
		name string
		g    latGraph
	}{
		{"chain=2000", latChain(2000)},
		{"chain=5000", latChain(5000)},
		{"star=1000", latStar(1000)},
		{"onecon=60", latPlainGraph(rng, 60, 65)},
		{"tree=1000", latTree(rng, 1000, 20, 8, 100)},
	} {
		b.Run(tt.name, func(b *testing.B) {
			it := latItems(tt.g, latPerm(rng, tt.g))
			var s LatentSolver
			rs := make([]LatentResult, 1)
			b.ReportAllocs()
			for b.Loop() {
				rs[0] = s.SolveItems(it, Limits{})
			}
			latReport(b, rs)
		})
	}
}

// BenchmarkLatentItemsSymmetric: pairs of different random graphs whose
// nodes share one concept and whose edges one label (n nodes, 2n edges),
// solved to the end, and 60-node ones (as amrgen's onecon60) within a budget
// of 10^8 units of work.
func BenchmarkLatentItemsSymmetric(b *testing.B) {
	for _, tt := range []struct {
		n   int
		lim Limits
	}{{8, Unlimited}, {10, Unlimited}, {12, Unlimited}, {60, Limits{MaxWork: 1e8}}} {
		b.Run(fmt.Sprintf("n=%d", tt.n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(tt.n), 9))
			its := make([]*LatentItems, 5)
			for i := range its {
				its[i] = latItems(latPlainGraph(rng, tt.n, 2*tt.n), latPlainGraph(rng, tt.n, 2*tt.n))
			}
			latSolveAll(b, its, tt.lim)
		})
	}
}

// BenchmarkLatentDoc: the Little Prince sentence pairs joined K at a time
// into document pairs (multi-sentence roots); each iteration solves the
// first max(1, 40/K) of them (the first 40 sentences, or one document for
// K = 40), each under the default budget.
func BenchmarkLatentDoc(b *testing.B) {
	pairs := latReadTriples(b)
	for _, k := range []int{2, 5, 10, 20, 40} {
		b.Run(fmt.Sprintf("K=%d", k), func(b *testing.B) {
			docs := latDocs(pairs, k)
			docs = docs[:max(1, 40/k)]
			its := make([]*LatentItems, len(docs))
			for i, d := range docs {
				its[i] = latItems(d.x, d.y)
			}
			latSolveAll(b, its, Limits{})
		})
	}
}

// BenchmarkLatentItemsTwins: pairs of different graphs of one concept
// whose leaves hang from one or two hubs by one of two roles, with a
// third as many one-way links (latTwinGraph): many interchangeable
// leaves, where the symmetry breaking prunes. Each iteration solves 5
// pairs under the default budget.
func BenchmarkLatentItemsTwins(b *testing.B) {
	for _, n := range []int{20, 30, 40} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 13))
			its := make([]*LatentItems, 5)
			for i := range its {
				its[i] = latItems(latTwinGraph(rng, n, 0, n/3), latTwinGraph(rng, n, 0, n/3))
			}
			latSolveAll(b, its, Limits{})
		})
	}
}
