package types

import (
	"fmt"
	"strings"

	"github.com/metricc/metricc/internal/ast"
)

// Ontology is a type hierarchy (docs/language.md, Ontologies): a forest of
// concepts, each with at most one parent. It is also a type: the values it
// classifies are JSON strings naming its concepts, and any other string is a
// data error.
type Ontology struct {
	Name     string
	Concepts []string // in the order they were declared
	Decl     *ast.OntologyDecl
	index    map[string]int32
	parent   []int32 // -1 for a root
	depth    []int32 // 1 for a root
	// Depth is the number of levels: the depth of the deepest concept.
	Depth int
}

// NewOntology returns an empty ontology.
func NewOntology(name string, decl *ast.OntologyDecl) *Ontology {
	return &Ontology{Name: name, Decl: decl, index: map[string]int32{}}
}

func (o *Ontology) String() string { return o.Name }
func (*Ontology) typ()             {}

// Add declares concept c (with no parent yet) and returns its index.
func (o *Ontology) Add(c string) int32 {
	if i, ok := o.index[c]; ok {
		return i
	}
	i := int32(len(o.Concepts))
	o.index[c] = i
	o.Concepts = append(o.Concepts, c)
	o.parent = append(o.parent, -1)
	return i
}

// Link makes parent the parent of child, declaring both. It fails when
// child already has another parent.
func (o *Ontology) Link(parent, child string) error {
	p, c := o.Add(parent), o.Add(child)
	switch old := o.parent[c]; {
	case old == p:
		return nil
	case old >= 0:
		return fmt.Errorf("concept %q has two parents, %q and %q", child, o.Concepts[old], parent)
	case p == c:
		return fmt.Errorf("concept %q is its own parent", child)
	}
	o.parent[c] = p
	return nil
}

// Finish checks that the parent links form a forest and computes depths.
// A cycle is reported with the concepts on it.
func (o *Ontology) Finish() error {
	o.depth = make([]int32, len(o.Concepts))
	for i := range o.Concepts {
		if err := o.computeDepth(int32(i)); err != nil {
			return err
		}
	}
	for _, d := range o.depth {
		o.Depth = max(o.Depth, int(d))
	}
	return nil
}

func (o *Ontology) computeDepth(i int32) error {
	// Walk up to a concept of known depth, then fill the path back down.
	var path []int32
	onPath := map[int32]bool{}
	for c := i; c >= 0 && o.depth[c] == 0; c = o.parent[c] {
		if onPath[c] {
			// path runs from i up the parent links; the cycle is its tail from c.
			k := 0
			for path[k] != c {
				k++
			}
			var names []string
			for _, p := range path[k:] {
				names = append(names, o.Concepts[p])
			}
			return fmt.Errorf("the parents of %q form a cycle: %s", o.Concepts[c], strings.Join(append(names, o.Concepts[c]), " -> "))
		}
		onPath[c] = true
		path = append(path, c)
	}
	for k := len(path) - 1; k >= 0; k-- {
		c := path[k]
		if p := o.parent[c]; p >= 0 {
			o.depth[c] = o.depth[p] + 1
		} else {
			o.depth[c] = 1
		}
	}
	return nil
}

// Index returns the index of concept c, or false.
func (o *Ontology) Index(c string) (int32, bool) {
	i, ok := o.index[c]
	return i, ok
}

// Parent is the parent of concept i, or -1.
func (o *Ontology) Parent(i int32) int32 { return o.parent[i] }

// ConceptDepth is the level of concept i: 1 for a root.
func (o *Ontology) ConceptDepth(i int32) int { return int(o.depth[i]) }

// IsProperAncestor reports whether a is an ancestor of b other than b.
func (o *Ontology) IsProperAncestor(a, b int32) bool {
	for c := o.parent[b]; c >= 0; c = o.parent[c] {
		if c == a {
			return true
		}
	}
	return false
}

// CommonDepth is the depth of the deepest common ancestor of a and b (a
// concept is its own ancestor), or 0 when they share none.
func (o *Ontology) CommonDepth(a, b int32) int {
	for o.depth[a] > o.depth[b] {
		a = o.parent[a]
	}
	for o.depth[b] > o.depth[a] {
		b = o.parent[b]
	}
	for a != b {
		a, b = o.parent[a], o.parent[b]
		if a < 0 || b < 0 {
			return 0
		}
	}
	return int(o.depth[a])
}
