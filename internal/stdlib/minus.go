package stdlib

import (
	"fmt"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Minus is the difference of two collections of one element type: the
// elements of the first that the second does not hold. A document can
// then list all its items once and, beside them, the few that a stricter
// reading drops (the entities that break their tagging scheme, which
// seqeval's strict mode does not count), instead of listing most items
// twice.
var Minus = &View{
	Name: "minus",
	Doc: "the elements of collection a that are not in collection b (of the same element type); a bag keeps as many copies as a has more than b, " +
		"a sequence its order.",
	Example: "`F<->[minus(entities, loose)](delta)` (seqeval's strict mode: the entities that obey the tagging scheme)",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 2 {
			return nil, "minus takes two collections, as in minus(entities, loose)"
		}
		a, ok := args[0].(*types.Collection)
		if !ok {
			return nil, fmt.Sprintf("minus needs two collections, not %s", args[0])
		}
		b, ok := args[1].(*types.Collection)
		if !ok {
			return nil, fmt.Sprintf("minus needs two collections, not %s", args[1])
		}
		if a.Elem != b.Elem && a.Elem.String() != b.Elem.String() {
			return nil, fmt.Sprintf("minus needs two collections of the same elements, not %s and %s", a, b)
		}
		return a, ""
	},
	Eval: func(a *value.Arena, _ types.Type, _ func(*types.Record) int, args []value.Ref) value.Ref {
		xs, ys := a.Kids(args[0]), a.Kids(args[1])
		if len(ys) == 0 {
			return args[0]
		}
		for _, r := range xs {
			a.ID(r) // computed now: the table is sized by the IDs that exist
		}
		for _, r := range ys {
			a.ID(r)
		}
		// Counts of b's values; a set's elements are distinct, so one
		// count per value also removes it from a set.
		drop, _, _ := a.Tables()
		for _, y := range ys {
			drop.Add(a.ID(y), 1)
		}
		out := make([]value.Ref, 0, len(xs))
		for _, x := range xs {
			if id := a.ID(x); drop.Get(id) > 0 {
				drop.Add(id, -1)
				continue
			}
			out = append(out, x)
		}
		if len(out) == len(xs) {
			return args[0]
		}
		return a.Composite(a.Kind(args[0]), 0, out)
	},
}
