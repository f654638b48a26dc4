// Package stdlib is the language's standard library: built-in similarities
// (delta, subset), functions on similarities (max, min) and views
// (memberships, lower, tokens). Each entry is declared once, with its
// signature for the checker and its implementation for the evaluator.
package stdlib

import (
	"fmt"
	"math"
	"strings"

	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// SimFunc computes φ(x, y) for two nodes of the same arena.
type SimFunc func(a *value.Arena, x, y value.Ref) float64

// KeyFunc appends blocking keys of x: φ(x, y) > 0 implies that the keys of
// x and the keys of y share a value. A key is a node ID, or a hash with the
// top bit (KeyHashBit) set.
type KeyFunc func(a *value.Arena, x value.Ref, out []uint64) []uint64

// KeyHashBit marks blocking keys that are hashes rather than node IDs.
const KeyHashBit = uint64(1) << 63

// LatentFunc compares x and y, values that may hold latent variables,
// modulo a bijection of the variables: the weight when every variable pair
// it appends to req holds. A weight of 0 leaves req as it was.
type LatentFunc func(a *value.Arena, x, y value.Ref, req []value.VarPair) (float64, []value.VarPair)

// Sign says which values a similarity or a function can take; the
// evaluator derives from it which candidate pairs it may skip.
type Sign uint8

const (
	// NonNegative: φ ≥ 0, as the language's similarities are
	// (docs/language.md, Similarity expressions).
	NonNegative Sign = iota
	// Signed: φ may be negative; nothing is skipped on its account.
	Signed
)

// Similarity is a built-in similarity name, usable at every type Check
// accepts. Besides its value it declares what the evaluator needs to plan
// it: its sign, its blocking keys, whether it is equality (so matchings
// may count common values instead of solving), and how it compares values
// with latent variables.
type Similarity struct {
	Name    string
	Spelled string // other spellings, for the docs
	Doc     string
	Example string
	// Check returns "" if the similarity applies at t, else why not.
	Check func(t types.Type) string
	// Eval computes φ(x, y); Bind, when set, instead gives the
	// implementation at the type it is used at (see At).
	Eval SimFunc
	Bind func(at types.Type) SimFunc
	Sign Sign
	// Keys are blocking keys (nil: every pair is a candidate); BindKeys,
	// when set, gives them at the type of a use instead (see KeysAt).
	Keys     KeyFunc
	BindKeys func(at types.Type) KeyFunc
	// Identity says φ(x, y) = ⟦x = y⟧ on values without latent variables.
	Identity bool
	// Unit says φ(x, x) = 1 and 0 ≤ φ(x, y) ≤ 1 on values without latent
	// variables (Identity implies it): the evaluator then counts a
	// matching's self-sum instead of solving it.
	Unit bool
	// Latent compares values with latent variables; nil: it cannot, and
	// the checker refuses it inside a latent matching. LatentKeys are its
	// blocking keys, blind to the variables' names.
	Latent     LatentFunc
	LatentKeys KeyFunc
	// Params are the arguments the similarity takes in a spec, as in
	// ancestor(O, 0.5); CheckArgs and BindArgs then replace Check and
	// Bind, and BindKeys gets the arguments too (BindArgKeys).
	Params      []ArgKind
	CheckArgs   func(t types.Type, args []Arg) string
	BindArgs    func(t types.Type, args []Arg) SimFunc
	BindArgKeys func(t types.Type, args []Arg) KeyFunc
}

// ArgKind is the kind of a similarity's argument.
type ArgKind uint8

const (
	// ArgOntology is the name of an ontology of the spec.
	ArgOntology ArgKind = iota
	// ArgNumber is a number (or a param).
	ArgNumber
)

func (k ArgKind) String() string {
	if k == ArgOntology {
		return "an ontology"
	}
	return "a number"
}

// Arg is a resolved argument.
type Arg struct {
	Ontology *types.Ontology
	Number   float64
}

// Impl returns the implementation of s at type t with arguments args.
func (s *Similarity) Impl(t types.Type, args []Arg) SimFunc {
	if s.BindArgs != nil {
		return s.BindArgs(t, args)
	}
	return s.At(t)
}

// KeysFor returns the blocking keys of s at type t with args, or nil.
func (s *Similarity) KeysFor(t types.Type, args []Arg) KeyFunc {
	if s.BindArgKeys != nil {
		return s.BindArgKeys(t, args)
	}
	return s.KeysAt(t)
}

// KeysAt returns the blocking keys of s at type t, or nil.
func (s *Similarity) KeysAt(t types.Type) KeyFunc {
	if s.BindKeys != nil {
		return s.BindKeys(t)
	}
	return s.Keys
}

// At returns the implementation of s at type t.
func (s *Similarity) At(t types.Type) SimFunc {
	if s.Bind != nil {
		return s.Bind(t)
	}
	return s.Eval
}

// Combine says how a function's sign and blocking keys follow from those
// of its arguments.
type Combine uint8

const (
	// Opaque: nothing is known; no blocking keys.
	Opaque Combine = iota
	// PositiveIfAny: positive when some argument is (max): blocked by the
	// union of the arguments' keys; non-negative when some argument is.
	PositiveIfAny
	// PositiveIfAll: positive only when every argument is (min): blocked
	// by any one argument's keys; non-negative when all arguments are.
	PositiveIfAll
)

// Function combines similarities pointwise: max(a, b) is a similarity at
// whatever type a and b are. A function with SideOfN is a form of the
// language rather than arithmetic (self), which the evaluator implements.
type Function struct {
	Name    string
	Doc     string
	Example string
	MinArgs int
	MaxArgs int // -1: no limit
	Eval    func(args []float64) float64
	Combine Combine
	SideOfN bool
	// Split: prf(a, b), a corpus form (see Prf).
	Split bool
	// Rows: mean(m), the rows of a breakdown averaged, a corpus form (see
	// Mean).
	Rows bool
}

// View maps one value to another inside brackets: e[memberships(entities)].
type View struct {
	Name    string
	Doc     string
	Example string
	// Type returns the result type for the argument types, or why not.
	Type func(args []types.Type) (types.Type, string)
	// Eval builds the result in the arena. tag numbers record types, for
	// the synthetic records a view makes.
	Eval func(a *value.Arena, result types.Type, tag func(*types.Record) int, args []value.Ref) value.Ref
	// Common, when set, counts |v(x) ∩ v(y)| from the arguments of the
	// two sides without building the views (a set of pairs can be
	// quadratic in its input). ok is false when it cannot, and the
	// evaluator then builds them. x and y may be the same value.
	Common func(a *value.Arena, arg types.Type, x, y value.Ref) (n float64, ok bool)
}

// Similarities, Functions and Views are the tables, in documentation order.
var (
	Similarities = []*Similarity{Delta, Subset, Ancestor, Level, Supertypes, Levenshtein, ANLS, TokenF1, ANLSStar, Hits, PrecisionAt, RecallAt, AP, NDCG}
	Functions    = []*Function{Max, Min, Self, Prf, Mean}
	Views        = []*View{Memberships, MinSize, Pairs, Links, Nonlinks, Neighbors, Lower, Tokens, Squad, Positions, Minus}
)

// LookupSimilarity, LookupFunction and LookupView find entries of the
// standard library by name.
func LookupSimilarity(name string) *Similarity { return std.Similarity(name) }
func LookupFunction(name string) *Function     { return std.Function(name) }
func LookupView(name string) *View             { return std.View(name) }

func (s *Similarity) name() string { return s.Name }
func (f *Function) name() string   { return f.Name }
func (v *View) name() string       { return v.Name }

func find[T any](list []T, name string, key func(T) string) T {
	for _, e := range list {
		if key(e) == name {
			return e
		}
	}
	var zero T
	return zero
}

// ViewNames returns every view name of the standard library.
func ViewNames() []string { return std.ViewNames() }

// Delta is δ: 1 when the two values are deep-equal, else 0.
var Delta = &Similarity{
	Name:    "delta",
	Spelled: "δ",
	Doc:     "1 if the two values are equal (deep and structural: sets as sets, bags as multisets, sequences in order), else 0. On `var`, 1 iff the latent bijection pairs the two variables.",
	Example: "`F<->[relations](delta)`",
	Check:   func(types.Type) string { return "" },
	Eval: func(a *value.Arena, x, y value.Ref) float64 {
		if a.ID(x) == a.ID(y) {
			return 1
		}
		return 0
	},
	Keys: func(a *value.Arena, x value.Ref, out []uint64) []uint64 {
		return append(out, uint64(a.ID(x)))
	},
	Identity: true,
	Latent: func(a *value.Arena, x, y value.Ref, req []value.VarPair) (float64, []value.VarPair) {
		mark := len(req)
		ok, req := equalModVars(a, x, y, req)
		if !ok {
			return 0, req[:mark]
		}
		return 1, req
	},
	LatentKeys: func(a *value.Arena, x value.Ref, out []uint64) []uint64 {
		return append(out, erasedHash(a, x))
	},
}

// Subset is φ⊆: 1 when the prediction's collection is contained in the
// reference's.
var Subset = &Similarity{
	Name:    "subset",
	Doc:     "⟦x ⊆ y⟧ on collections: 1 if every element of the prediction x occurs in the reference y (as many times, for bags), else 0; φ⊆ of CEAF-REE.",
	Example: "`S<->[entities](subset[mentions])`",
	Check: func(t types.Type) string {
		if _, ok := t.(*types.Collection); !ok {
			return fmt.Sprintf("subset needs a collection, not %s", t)
		}
		return ""
	},
	Eval: func(a *value.Arena, x, y value.Ref) float64 {
		if isSubset(a, a.Kids(x), a.Kids(y), a.Kind(x) == value.Set) {
			return 1
		}
		return 0
	},
	Unit: true,
}

func isSubset(a *value.Arena, xs, ys []value.Ref, set bool) bool {
	if len(xs) == 0 {
		return true
	}
	count := make(map[value.ID]int, len(ys))
	for _, y := range ys {
		count[a.ID(y)]++
	}
	for _, x := range xs {
		id := a.ID(x)
		if count[id] == 0 {
			return false
		}
		if !set {
			count[id]--
		}
	}
	return true
}

// Max is the pointwise maximum.
var Max = &Function{
	Name:    "max",
	Doc:     "pointwise maximum of two or more similarities or numbers",
	Example: "`max(0, phi3 - 1)` (MUC's common links)",
	MinArgs: 2, MaxArgs: -1,
	Eval: func(args []float64) float64 {
		m := args[0]
		for _, v := range args[1:] {
			m = math.Max(m, v)
		}
		return m
	},
	Combine: PositiveIfAny,
}

// Min is the pointwise minimum.
var Min = &Function{
	Name:    "min",
	Doc:     "pointwise minimum of two or more similarities or numbers",
	Example: "`min(1, S<->[args](delta))`",
	MinArgs: 2, MaxArgs: -1,
	Eval: func(args []float64) float64 {
		m := args[0]
		for _, v := range args[1:] {
			m = math.Min(m, v)
		}
		return m
	},
	Combine: PositiveIfAll,
}

// Self is self(e): e scored on one side against itself. Its evaluation
// depends on the normalizer variable, so the evaluator implements it; the
// entry declares it and documents it.
var Self = &Function{
	Name: "self",
	Doc: "self(e) is e(z, z) for the value z on the side the normalizer variable N selects: the prediction when computing precision, the gold when computing recall. " +
		"It weights a pair by the importance of the side being normalized (LEA: an entity's size); a metric using it is computed with N=P and N=R like one using N.",
	Example: "`N~[entities](self(S<->[mentions](delta)) * N<->[pairs(mentions)](delta))`",
	MinArgs: 1, MaxArgs: 1,
	SideOfN: true,
}

// Prf is prf(a, b): one metric row from two metrics.
var Prf = &Function{
	Name: "prf",
	Doc: "prf(a, b) is a metric whose precision side is similarity a and whose recall side is similarity b (lets, matchings, or metrics over documents): per document, a's Σ(X,Y) and Σ(X,X), b's Σ(X,Y) (the recall numerator) and Σ(Y,Y); F1 is their harmonic mean. " +
		"For scorers that count precision and recall on different matchings (IterX's CEAF-RME⊆).",
	Example: "`metric rme = prf(rme_p, rme_r)`",
	MinArgs: 2, MaxArgs: 2,
	Split: true,
}

// Mean is mean(m): the macro average of the rows of metric m's breakdown.
var Mean = &Function{
	Name: "mean",
	Doc: "mean(m) averages the rows of metric m's breakdown (a metric with `by`), field by field: its precision, recall and F1 are the means of the rows' precisions, recalls and F1s, over the keys that occur in the gold (a key only predicted is no class of the data). " +
		"`mean(m[_ where cond])` averages the rows whose key `_` satisfies cond. It is a corpus metric (the macro average over classes of SemEval-2010 Task 8's official score); the micro average is m itself.",
	Example: "`metric official = mean(rel[_ where _ != \"Other\"])`",
	MinArgs: 1, MaxArgs: 1,
	Rows: true,
}

// Memberships is the B³ view: one record {mention, entity} per mention of
// each entity.
var Memberships = &View{
	Name: "memberships",
	Doc: "the B³ view of a clustering: for a collection of entities, one record `{mention, entity}` per mention of each entity. " +
		"An entity is a record with exactly one collection field (its mentions), or itself a collection.",
	Example: "`N<->[memberships(entities)](delta[mention] * N<->[entity.mentions](delta))`",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 1 {
			return nil, "memberships takes one argument, a collection of entities"
		}
		coll, ok := args[0].(*types.Collection)
		if !ok {
			return nil, fmt.Sprintf("memberships needs a collection of entities, not %s", args[0])
		}
		if _, _, why := membersOf("memberships", coll.Elem); why != "" {
			return nil, why
		}
		rec := &types.Record{
			Name: "Membership<" + coll.Elem.String() + ">",
			Fields: []*types.Field{
				{Name: "mention", Type: elemOf(coll.Elem)},
				{Name: "entity", Type: coll.Elem},
			},
		}
		return &types.Collection{Kind: coll.Kind, Elem: rec}, ""
	},
	Eval: func(a *value.Arena, result types.Type, tag func(*types.Record) int, args []value.Ref) value.Ref {
		coll := result.(*types.Collection)
		rec := coll.Elem.(*types.Record)
		field, _, _ := membersOf("memberships", rec.Fields[1].Type)
		t := tag(rec)
		n := 0
		for _, e := range a.Kids(args[0]) {
			if field >= 0 {
				e = a.Field(e, field)
			}
			n += a.Count(e)
		}
		out := make([]value.Ref, 0, n)
		var kids [2]value.Ref
		for _, e := range a.Kids(args[0]) {
			members := e
			if field >= 0 {
				members = a.Field(e, field)
			}
			for _, m := range a.Kids(members) {
				kids[0], kids[1] = m, e
				// Matched by their fields (B³ blocks on the mention): a
				// record's ID is computed only if something asks for it.
				out = append(out, a.CompositeDistinct(value.Record, t, kids[:]))
			}
		}
		if coll.Kind == types.Set {
			// Distinct entities of distinct mentions: the pairs are distinct.
			return a.CompositeDistinct(value.Set, t, out)
		}
		return a.Composite(value.CollectionKind(coll.Kind), t, out)
	},
}

// MinSize keeps the entities with at least n members.
var MinSize = &View{
	Name: "minsize",
	Doc: "the entities of a collection (as for `memberships`) that have at least n members; `minsize(entities, 2)` drops singletons, " +
		"as coval's remove_singletons does. n is a number or a numeric field.",
	Example: "`F<->[minsize(entities, 2)](phi4)`",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 2 {
			return nil, "minsize takes a collection of entities and a number, as in minsize(entities, 2)"
		}
		coll, ok := args[0].(*types.Collection)
		if !ok {
			return nil, fmt.Sprintf("minsize needs a collection of entities, not %s", args[0])
		}
		if _, _, why := membersOf("minsize", coll.Elem); why != "" {
			return nil, why
		}
		if b, ok := args[1].(*types.Basic); !ok || (b.Kind != types.Int && b.Kind != types.Float) {
			return nil, fmt.Sprintf("the size of minsize must be a number, not %s", args[1])
		}
		return coll, ""
	},
	Eval: func(a *value.Arena, result types.Type, _ func(*types.Record) int, args []value.Ref) value.Ref {
		coll := result.(*types.Collection)
		field, _, _ := membersOf("minsize", coll.Elem)
		n := a.Num(args[1])
		var out []value.Ref
		for _, e := range a.Kids(args[0]) {
			members := e
			if field >= 0 {
				members = a.Field(e, field)
			}
			if float64(a.Count(members)) >= n {
				out = append(out, e)
			}
		}
		return a.Composite(a.Kind(args[0]), 0, out)
	},
}

// membersOf finds the mentions of an entity type: the index of its only
// collection field (-1 when the entity is itself a collection).
// view names the view asking, for messages.
func membersOf(view string, entity types.Type) (field int, coll *types.Collection, why string) {
	switch t := entity.(type) {
	case *types.Collection:
		return -1, t, ""
	case *types.Record:
		field = -1
		for i, f := range t.Fields {
			if c, ok := f.Type.(*types.Collection); ok {
				if field >= 0 {
					return 0, nil, fmt.Sprintf("%s: entity type %s has more than one collection field (%s, %s)", view, t, t.Fields[field].Name, f.Name)
				}
				field, coll = i, c
			}
		}
		if field < 0 {
			return 0, nil, fmt.Sprintf("%s: entity type %s has no collection field to take mentions from", view, t)
		}
		return field, coll, ""
	}
	return 0, nil, fmt.Sprintf("%s needs entities that are records or collections, not %s", view, entity)
}

func elemOf(entity types.Type) types.Type {
	_, coll, _ := membersOf("memberships", entity)
	return coll.Elem
}

// Lower lowercases a string.
var Lower = &View{
	Name:    "lower",
	Doc:     "the string in lower case (Unicode)",
	Example: "`delta[lower(label)]`",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 1 || !isString(args[0]) {
			return nil, "lower takes one string"
		}
		return types.StringType, ""
	},
	Eval: func(a *value.Arena, _ types.Type, _ func(*types.Record) int, args []value.Ref) value.Ref {
		return a.String(strings.ToLower(a.Str(args[0])))
	},
}

// Tokens splits a string at white space.
var Tokens = &View{
	Name:    "tokens",
	Doc:     "the bag of white-space separated tokens of a string",
	Example: "`F<->[tokens(text)](delta)`",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 1 || !isString(args[0]) {
			return nil, "tokens takes one string"
		}
		return &types.Collection{Kind: types.Bag, Elem: types.StringType}, ""
	},
	Eval: func(a *value.Arena, _ types.Type, _ func(*types.Record) int, args []value.Ref) value.Ref {
		words := strings.Fields(a.Str(args[0]))
		out := make([]value.Ref, len(words))
		for i, w := range words {
			out[i] = a.String(w)
		}
		return a.Composite(value.Bag, 0, out)
	},
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind == types.String
}

// Markdown renders the table of the standard library in docs/language.md.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| name | kind | meaning | example |\n|---|---|---|---|\n")
	for _, s := range Similarities {
		name := "`" + s.Name + "`"
		if len(s.Params) > 0 {
			name = "`" + s.Name + "(" + argSignature(s.Params) + ")`"
		}
		if s.Spelled != "" {
			name += " (`" + s.Spelled + "`)"
		}
		fmt.Fprintf(&b, "| %s | similarity | %s | %s |\n", name, s.Doc, s.Example)
	}
	for _, f := range Functions {
		sig := "(a, b, ...)"
		switch {
		case f.Rows:
			sig = "(m)"
		case f.MaxArgs == 1:
			sig = "(e)"
		case f.Split:
			sig = "(a, b)"
		}
		fmt.Fprintf(&b, "| `%s%s` | function | %s | %s |\n", f.Name, sig, f.Doc, f.Example)
	}
	for _, v := range Views {
		fmt.Fprintf(&b, "| `%s(...)` | view | %s | %s |\n", v.Name, v.Doc, v.Example)
	}
	return b.String()
}

func argSignature(ps []ArgKind) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = map[ArgKind]string{ArgOntology: "O", ArgNumber: "w"}[p]
	}
	return strings.Join(names, ", ")
}
