package stdlib

import (
	"fmt"
	"math"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// The similarities over an ontology (docs/language.md, Ontologies; Chen et
// al. 2023, Eq. 33, 38, 39). Their values are concepts of the ontology,
// which the decoder has checked. A concept's key is its index, marked as a
// hash key: values compared by an ontology similarity are positive only when
// they share a key.

// Ancestor is ancestor(O, w): 1 for the same concept, w when the
// prediction is a proper ancestor (more general) of the gold, else 0.
var Ancestor = &Similarity{
	Name: "ancestor",
	Doc: "ancestor(O, w) compares two concepts of ontology O: 1 if equal, w if the prediction is a proper ancestor (more general) of the gold, else 0 " +
		"(Eq. 33: MUC-4 gave half credit for `attack` in place of `bombing`).",
	Example:   "`delta[slot] * ancestor(IncidentType, 0.5)[type]`",
	Params:    []ArgKind{ArgOntology, ArgNumber},
	CheckArgs: conceptsOf("ancestor", false),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		o, w := args[0].Ontology, args[1].Number
		return func(a *value.Arena, x, y value.Ref) float64 {
			i, j := concept(a, o, x), concept(a, o, y)
			switch {
			case i < 0 || j < 0:
				return 0
			case i == j:
				return 1
			case o.IsProperAncestor(i, j):
				return w
			}
			return 0
		}
	},
	BindArgKeys: func(_ types.Type, args []Arg) KeyFunc {
		o := args[0].Ontology
		// The concept and its ancestors: a prediction meets every gold
		// concept below it.
		return func(a *value.Arena, x value.Ref, out []uint64) []uint64 {
			for c := concept(a, o, x); c >= 0; c = o.Parent(c) {
				out = append(out, KeyHashBit|uint64(c))
			}
			return out
		}
	},
}

// Level is level(O): 2^(d−D), d the depth of the deepest common ancestor
// of the two concepts (0: none, and the similarity is 0), D the depth of
// the ontology (Eq. 38).
var Level = &Similarity{
	Name: "level",
	Doc: "level(O) compares two concepts of ontology O: 2^(d−D) with d the depth of their deepest common ancestor (roots are at depth 1; a concept is its own ancestor) and D the depth of O, " +
		"0 when they share no ancestor (Eq. 38). A concept above the deepest level scores below 1 even against itself.",
	Example:   "`level(EventType)[type]`",
	Params:    []ArgKind{ArgOntology},
	CheckArgs: conceptsOf("level", false),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		o := args[0].Ontology
		return func(a *value.Arena, x, y value.Ref) float64 {
			i, j := concept(a, o, x), concept(a, o, y)
			if i < 0 || j < 0 {
				return 0
			}
			d := o.CommonDepth(i, j)
			if d == 0 {
				return 0
			}
			return math.Ldexp(1, d-o.Depth)
		}
	},
	BindArgKeys: func(_ types.Type, args []Arg) KeyFunc {
		o := args[0].Ontology
		return func(a *value.Arena, x value.Ref, out []uint64) []uint64 {
			if c := concept(a, o, x); c >= 0 {
				out = append(out, KeyHashBit|uint64(root(o, c)))
			}
			return out
		}
	},
}

// Supertypes is supertypes(O): F over the sets of supertypes (Eq. 39).
var Supertypes = &Similarity{
	Name: "supertypes",
	Doc: "supertypes(O) compares two concepts, or two collections of concepts, of ontology O: the F score of their sets of supertypes S(P) = {t | p <: t, p ∈ P}, " +
		"each concept counting as its own supertype (Eq. 39, as in fine-grained entity typing); two empty collections score 1.",
	Example:   "`supertypes(EntityType)[types]`",
	Params:    []ArgKind{ArgOntology},
	CheckArgs: conceptsOf("supertypes", true),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		o := args[0].Ontology
		return func(a *value.Arena, x, y value.Ref) float64 {
			sx, sy := supertypeSet(a, o, x), supertypeSet(a, o, y)
			if len(sx) == 0 && len(sy) == 0 {
				return 1
			}
			common := 0
			for c := range sx {
				if sy[c] {
					common++
				}
			}
			return 2 * float64(common) / float64(len(sx)+len(sy))
		}
	},
	BindArgKeys: func(_ types.Type, args []Arg) KeyFunc {
		o := args[0].Ontology
		return func(a *value.Arena, x value.Ref, out []uint64) []uint64 {
			for c := range supertypeSet(a, o, x) {
				if o.Parent(c) < 0 {
					out = append(out, KeyHashBit|uint64(c))
				}
			}
			return out
		}
	},
}

// conceptsOf checks the arguments (an ontology, then numbers) and that the
// compared values are concepts of it (or collections of them, when
// collections is set).
func conceptsOf(name string, collections bool) func(types.Type, []Arg) string {
	return func(t types.Type, args []Arg) string {
		o := args[0].Ontology
		if t == types.Type(o) {
			return ""
		}
		if c, ok := t.(*types.Collection); ok && collections && c.Elem == types.Type(o) {
			return ""
		}
		want := o.Name
		if collections {
			want += " or a collection of " + o.Name
		}
		if b, ok := t.(*types.Basic); ok && b.Kind == types.String {
			return fmt.Sprintf("%s(%s, ...) compares concepts of %s, not strings: declare the field as `%s` so that its values are checked against the ontology", name, o.Name, o.Name, o.Name)
		}
		return fmt.Sprintf("%s(%s, ...) compares %s, not %s", name, o.Name, want, t)
	}
}

// concept is the index of the concept a string node names (the decoder
// made sure it is one), or -1 for the empty document's placeholder.
func concept(a *value.Arena, o *types.Ontology, r value.Ref) int32 {
	i, ok := o.Index(a.Str(r))
	if !ok {
		return -1
	}
	return i
}

func root(o *types.Ontology, c int32) int32 {
	for o.Parent(c) >= 0 {
		c = o.Parent(c)
	}
	return c
}

// supertypeSet is S(P) for a concept or a collection of concepts.
func supertypeSet(a *value.Arena, o *types.Ontology, r value.Ref) map[int32]bool {
	out := map[int32]bool{}
	add := func(x value.Ref) {
		c := concept(a, o, x)
		for ; c >= 0; c = o.Parent(c) {
			out[c] = true
		}
	}
	if k := a.Kind(r); k == value.Set || k == value.Bag || k == value.Seq {
		for _, x := range a.Kids(r) {
			add(x)
		}
	} else {
		add(r)
	}
	return out
}
