// Package amrgen writes synthetic AMR pairs in Penman notation: the
// pathological shapes that stress an exact Smatch search (graphs where
// every node has the same concept, long chains, wide stars), AMR-like
// graphs with repeated concepts and a near-isomorphic prediction, and
// documents joined from sentence pairs under a multi-sentence root
// (DocAMR style). It backs the generator command (internal/cmd/amrgen) and
// the latent-search benchmarks.
//
// Every function is deterministic in its arguments.
package amrgen

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Graph is a rooted graph with labelled nodes and edges; node 0 is the
// root. Attrs are constant attributes (":polarity -").
type Graph struct {
	Concepts []string
	Edges    []Edge
	Attrs    []Attr
}

// Edge is a relation from node From to node To.
type Edge struct {
	From int
	Rel  string
	To   int
}

// Attr is a constant attribute of a node.
type Attr struct {
	Node       int
	Rel, Value string
}

// Penman writes g as one AMR, variables named prefix+index. Edges are
// written from a depth-first walk from the root; an edge to a node already
// written is a re-entrancy (its variable alone). Nodes the walk does not
// reach are not written.
func (g Graph) Penman(prefix string) string {
	byNode := make([][]int, len(g.Concepts))
	for i := range g.Edges {
		byNode[g.Edges[i].From] = append(byNode[g.Edges[i].From], i)
	}
	attrs := make([][]int, len(g.Concepts))
	for i, a := range g.Attrs {
		attrs[a.Node] = append(attrs[a.Node], i)
	}
	var b strings.Builder
	seen := make([]bool, len(g.Concepts))
	// An explicit stack: chains of thousands of nodes nest that deep.
	type frame struct{ node, next int }
	open := func(n int) {
		seen[n] = true
		b.WriteString("(" + prefix + strconv.Itoa(n) + " / " + g.Concepts[n])
		for _, i := range attrs[n] {
			b.WriteString(" :" + g.Attrs[i].Rel + " " + g.Attrs[i].Value)
		}
	}
	if len(g.Concepts) == 0 {
		return ""
	}
	stack := []frame{{0, 0}}
	open(0)
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == len(byNode[f.node]) {
			b.WriteString(")")
			stack = stack[:len(stack)-1]
			continue
		}
		e := g.Edges[byNode[f.node][f.next]]
		f.next++
		b.WriteString(" :" + e.Rel + " ")
		if seen[e.To] {
			b.WriteString(prefix + strconv.Itoa(e.To))
			continue
		}
		open(e.To)
		stack = append(stack, frame{e.To, 0})
	}
	return b.String()
}

// Chain is a path of n nodes linked by :ARG1, with concepts from a
// vocabulary of vocab (c0, c1, ...) in turn.
func Chain(n, vocab int) Graph {
	g := Graph{Concepts: make([]string, n)}
	for i := range n {
		g.Concepts[i] = "c" + strconv.Itoa(i%max(vocab, 1))
		if i > 0 {
			g.Edges = append(g.Edges, Edge{i - 1, "ARG1", i})
		}
	}
	return g
}

// Star is a root with n leaves, all of one concept, each linked by :op.
func Star(n int) Graph {
	g := Graph{Concepts: make([]string, n+1)}
	g.Concepts[0] = "and"
	for i := 1; i <= n; i++ {
		g.Concepts[i] = "thing"
		g.Edges = append(g.Edges, Edge{0, "op", i})
	}
	return g
}

// OneConcept is a random tree of n nodes, every node of the concept
// "person", each hanging under a random earlier one by one of a few
// relations, plus n/10 re-entrant edges: a graph with no concept to tell
// its nodes apart, the hardest case for an exact search.
func OneConcept(n int, seed uint64) Graph {
	rng := rand.New(rand.NewPCG(seed, 0x5ca1ab1e))
	rels := []string{"ARG0", "ARG1", "mod"}
	g := Graph{Concepts: make([]string, n)}
	for i := range n {
		g.Concepts[i] = "person"
		if i > 0 {
			g.Edges = append(g.Edges, Edge{rng.IntN(i), rels[rng.IntN(len(rels))], i})
		}
	}
	for range n / 10 {
		if n > 1 {
			g.Edges = append(g.Edges, Edge{rng.IntN(n), rels[rng.IntN(len(rels))], rng.IntN(n)})
		}
	}
	return g
}

// Leaves is a coordination of a few hubs with many leaves: a root "and"
// with 2–4 hubs of concept person (:op), each leaf a person or a thing
// under a random hub by :ARG1 or :mod, and n/8 :ARG0 links between random
// nodes. Leaves of one concept under one hub by one role and no link are
// interchangeable (twins), as the members of a list are in AMRs of
// enumerations; with few concepts, only the structure tells the rest
// apart.
func Leaves(n int, seed uint64) Graph {
	rng := rand.New(rand.NewPCG(seed, 0x1eaf))
	hubs := min(n-1, 2+rng.IntN(3))
	g := Graph{Concepts: make([]string, max(n, 0))}
	leafOf := []string{"person", "thing"}
	rels := []string{"ARG1", "mod"}
	for i := range g.Concepts {
		switch {
		case i == 0:
			g.Concepts[i] = "and"
		case i <= hubs:
			g.Concepts[i] = "person"
			g.Edges = append(g.Edges, Edge{0, "op", i})
		default:
			g.Concepts[i] = leafOf[rng.IntN(len(leafOf))]
			g.Edges = append(g.Edges, Edge{1 + rng.IntN(hubs), rels[rng.IntN(len(rels))], i})
		}
	}
	for range n / 8 {
		g.Edges = append(g.Edges, Edge{1 + rng.IntN(n-1), "ARG0", 1 + rng.IntN(n-1)})
	}
	return g
}

// AMRLike is a random AMR-like tree of n nodes: predicates and entities
// drawn from a small vocabulary in which person, thing and a few others
// repeat (as they do in real AMRs), core and non-core roles, some
// attributes, and n/10 re-entrancies.
func AMRLike(n int, seed uint64) Graph {
	rng := rand.New(rand.NewPCG(seed, 0xa3a))
	common := []string{"person", "thing", "person", "thing", "i", "you", "he", "and", "have-org-role-91", "say-01"}
	rels := []string{"ARG0", "ARG1", "ARG2", "mod", "time", "location", "op1", "op2", "poss", "manner"}
	g := Graph{Concepts: make([]string, n)}
	for i := range n {
		if rng.IntN(2) == 0 {
			g.Concepts[i] = common[rng.IntN(len(common))]
		} else {
			g.Concepts[i] = "p" + strconv.Itoa(rng.IntN(4*n+10)) + "-01"
		}
		if i > 0 {
			g.Edges = append(g.Edges, Edge{rng.IntN(i), rels[rng.IntN(len(rels))], i})
		}
		switch rng.IntN(10) {
		case 0:
			g.Attrs = append(g.Attrs, Attr{i, "polarity", "-"})
		case 1:
			g.Attrs = append(g.Attrs, Attr{i, "quant", strconv.Itoa(1 + rng.IntN(3))})
		}
	}
	for range n / 10 {
		if n > 1 {
			g.Edges = append(g.Edges, Edge{rng.IntN(n), rels[rng.IntN(len(rels))], rng.IntN(n)})
		}
	}
	return g
}

// Perturb returns a near-isomorphic copy of g, as a parser's output
// differs from the gold: a fraction rate of the concepts and edge labels
// is replaced by others of g, as many attributes are dropped, and the
// nodes are renumbered (the root stays the root).
func Perturb(g Graph, rate float64, seed uint64) Graph {
	rng := rand.New(rand.NewPCG(seed, 0x9e7))
	n := len(g.Concepts)
	perm := rng.Perm(n)
	// Keep the root first so that it stays the root.
	for i, p := range perm {
		if p == 0 {
			perm[i], perm[0] = perm[0], perm[i]
			break
		}
	}
	inv := make([]int, n)
	for i, p := range perm {
		inv[p] = i
	}
	h := Graph{Concepts: make([]string, n)}
	for i, c := range g.Concepts {
		if rng.Float64() < rate {
			c = g.Concepts[rng.IntN(n)]
		}
		h.Concepts[inv[i]] = c
	}
	for _, e := range g.Edges {
		if rng.Float64() < rate {
			e.Rel = g.Edges[rng.IntN(len(g.Edges))].Rel
		}
		h.Edges = append(h.Edges, Edge{inv[e.From], e.Rel, inv[e.To]})
	}
	for _, a := range g.Attrs {
		if rng.Float64() < rate {
			continue
		}
		h.Attrs = append(h.Attrs, Attr{inv[a.Node], a.Rel, a.Value})
	}
	return h
}

// Join writes one document AMR from sentence AMRs (Penman text, one AMR
// each, comments allowed), DocAMR style: a multi-sentence root with
// :snt1 … :sntK, each sentence's variables renamed with the prefix
// "s<k>." so that the sentences share none.
func Join(sentences []string) string {
	var b strings.Builder
	b.WriteString("(d / multi-sentence")
	for k, s := range sentences {
		b.WriteString(" :snt" + strconv.Itoa(k+1) + " ")
		b.WriteString(renameVars(stripComments(s), "s"+strconv.Itoa(k+1)+"."))
	}
	b.WriteString(")")
	return b.String()
}

func stripComments(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			lines = append(lines, t)
		}
	}
	return strings.Join(lines, " ")
}

// renameVars prefixes every variable of one AMR: the symbols declared by
// "(v / concept" and every other occurrence of such a symbol outside
// quotes.
func renameVars(s, prefix string) string {
	toks := tokenize(s)
	vars := map[string]bool{}
	for i := 0; i+2 < len(toks); i++ {
		if toks[i] == "(" && toks[i+2] == "/" {
			vars[toks[i+1]] = true
		}
	}
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t != ")" && toks[i-1] != "(" {
			b.WriteByte(' ')
		}
		if vars[t] {
			b.WriteString(prefix)
		}
		b.WriteString(t)
	}
	return b.String()
}

// tokenize splits Penman text into parentheses, "/", quoted strings and
// other symbols.
func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(s))
			toks = append(toks, s[i:j])
			i = j
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n\r()\"", rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}

// SplitAMRs splits a Penman file into its AMRs (blank-line separated),
// keeping comments with the AMR they precede.
func SplitAMRs(text string) []string {
	var out []string
	for _, block := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if strings.TrimSpace(stripComments(block)) != "" {
			out = append(out, strings.TrimSpace(block))
		}
	}
	return out
}

// JoinDocs joins sentence AMRs into documents of k sentences each, in
// order (the last one may be shorter).
func JoinDocs(amrs []string, k int) []string {
	var docs []string
	for i := 0; i < len(amrs); i += k {
		docs = append(docs, Join(amrs[i:min(i+k, len(amrs))]))
	}
	return docs
}

// Pair is a list of gold AMRs and the predicted AMRs they are scored
// against, one to one.
type Pair struct{ Gold, Pred []string }

// Fixed returns the named pathological pairs (see internal/cmd/amrgen).
func Fixed() map[string]Pair {
	self := func(g Graph) Pair {
		return Pair{Gold: []string{g.Penman("a")}, Pred: []string{g.Penman("b")}}
	}
	m := map[string]Pair{
		"onecon60":  {Gold: []string{OneConcept(60, 1).Penman("a")}, Pred: []string{OneConcept(60, 2).Penman("b")}},
		"chain2000": self(Chain(2000, 7)),
		"chain5000": self(Chain(5000, 7)),
		"star1000":  self(Star(1000)),
	}
	var leaves Pair
	for s := range uint64(10) {
		leaves.Gold = append(leaves.Gold, Leaves(40, s).Penman("a"))
		leaves.Pred = append(leaves.Pred, Leaves(40, s+100).Penman("b"))
	}
	m["leaves40"] = leaves
	for _, n := range []int{60, 200} {
		var p Pair
		for s := range uint64(10) {
			g := AMRLike(n, s)
			p.Gold = append(p.Gold, g.Penman("a"))
			p.Pred = append(p.Pred, Perturb(g, 0.1, s).Penman("b"))
		}
		m["near"+strconv.Itoa(n)] = p
	}
	return m
}
