package eval

import (
	"github.com/metricc/metricc/internal/solver"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/value"
)

// orderPlan reads the partial order `ordered by rel(src, tgt)` declares:
// the relation's records, read from the same value as the collection,
// link elements by their id fields.
type orderPlan struct {
	rel      viewFn
	src, tgt int
	id       int
}

func (k *compiler) orderPlan(o *typecheck.Order) *orderPlan {
	return &orderPlan{rel: k.view(o.Rel), src: o.Src, tgt: o.Tgt, id: o.ID}
}

// bitReach is the reflexive-transitive closure of the relation over the
// elements of one collection, as bit rows.
type bitReach struct {
	words int
	bits  []uint64
}

func (r *bitReach) Leq(a, b int) bool { return r.bits[a*r.words+b/64]&(1<<(b%64)) != 0 }

// reach computes the order among the elements of X (taken from x): an
// element precedes another when a path of relation records leads from its
// id to the other's. Records naming ids that are no element are ignored.
func (o *orderPlan) reach(c *ctx, x, X value.Ref) solver.Reach {
	elems := c.a.Kids(X)
	n := len(elems)
	index := make(map[value.ID]int, n)
	for i, e := range elems {
		index[c.a.ID(c.a.Field(e, o.id))] = i
	}
	adj := make([][]int, n)
	for _, r := range c.a.Kids(o.rel(c, x)) {
		s, ok1 := index[c.a.ID(c.a.Field(r, o.src))]
		t, ok2 := index[c.a.ID(c.a.Field(r, o.tgt))]
		if ok1 && ok2 {
			adj[s] = append(adj[s], t)
		}
	}
	words := (n + 63) / 64
	r := &bitReach{words: words, bits: make([]uint64, n*words)}
	stack := make([]int, 0, n)
	for a := range n {
		row := r.bits[a*words : (a+1)*words]
		row[a/64] |= 1 << (a % 64)
		stack = append(stack[:0], a)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, v := range adj[u] {
				if row[v/64]&(1<<(v%64)) == 0 {
					row[v/64] |= 1 << (v % 64)
					stack = append(stack, v)
				}
			}
		}
	}
	return r
}

// dagStats are the search statistics of one DAG matching.
func dagStats(r solver.DAGResult) SearchStats {
	st := SearchStats{Pairs: 1, Proven: 1, Nodes: r.Nodes}
	if !r.Proven {
		st.Proven = 0
		st.MaxGap = r.Bound - r.Total
	}
	return st
}
