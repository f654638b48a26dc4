package eval

import (
	"fmt"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/stdlib"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// Plan is a checked program compiled into closures: everything that does
// not depend on the documents is resolved once, here. A Plan is read-only
// and shared by all workers.
type Plan struct {
	Prog    *typecheck.Program
	Metrics []*Metric

	decode  decodeFn
	empty   func(d *decoder) value.Ref
	idPath  string // pairing key; "" pairs by position
	tags    map[*types.Record]int
	nMemo   int // number of memo slots (matchers and call views)
	hasVars bool
	traced  bool // its matchings record their alignments (NewTracedPlan)
	bound   bool // a record of the input reads a gjson path
}

// Metric is one metric of the plan. A metric over documents is compiled
// into the trees that score a pair; a metric over metrics (Kind
// KindCorpusValue or KindCorpusTriple) is left to the corpus. A metric that
// uses N is compiled twice: with N=P for precision and N=R for recall.
type Metric struct {
	Def  *typecheck.Metric
	Kind Kind
	// Avg is how the corpus aggregates the metric; a row's is that of the
	// metric it belongs to.
	Avg ast.Average
	// Row is set for a metric that reports a row of another metric's
	// breakdown (m[key]); it is filled from that metric's results.
	Row *typecheck.CorpusRef

	by   *byPlan // breakdown; nil without
	top  *cnode
	topR *cnode // N=R tree; nil unless the metric uses N
}

// PerPair reports whether the metric is scored per document pair (it has
// sums), rather than computed from other metrics or rows.
func (pm *Metric) PerPair() bool { return pm.top != nil }

// Value is the metric's own normalizer applied to sums.
func (pm *Metric) Value(s Sums) float64 {
	m := pm.Def.Body.(*typecheck.Match)
	return Normalize(m.Norm, m.Beta, s.PredGold, s.PredPred, s.GoldGold)
}

// simFn computes φ(x, y).
type simFn func(c *ctx, x, y value.Ref) float64

// keyFn appends blocking keys of x: φ(x, y) > 0 implies that the keys of
// x and of y share a value. Matchings use them to find candidate pairs
// through an inverted index instead of trying all n×m pairs. It is a
// pointer so that matchings blocking on the same keys (MUC, CEAF-m and LEA
// all block on common mentions) can share their candidate pairs.
type keyFn = *keyer

type keyer struct {
	fn func(c *ctx, x value.Ref, out []uint64) []uint64
	// coarse, for combined keys, is the keys of their one-key factor
	// alone: fewer, and cheaper to index, where they pair few enough.
	coarse keyFn
}

func newKeys(fn func(c *ctx, x value.Ref, out []uint64) []uint64) keyFn { return &keyer{fn: fn} }

// cnode is a compiled similarity.
type cnode struct {
	eval   simFn
	keys   keyFn // nil: no blocking keys, every pair is a candidate
	never  bool  // never positive (a constant ≤ 0)
	nonneg bool  // never negative
	// delta is set for plain δ on a type without variables: matchings over
	// it count common IDs by hashing instead of solving.
	delta bool
	// oneKey: keys gives every value exactly one key (δ, its projections),
	// so a product can combine it with the other factor's keys.
	oneKey bool
	// match is set when the node is a matching (for top-level sums).
	match *matcher
	// self is φ(u, u), the same for every value u, when selfKnown: known
	// at compile time (δ's 1, a constant, a normalized matching of a
	// similarity whose self is 1). le1: 0 ≤ φ ≤ 1 everywhere. A matching
	// over a similarity with both counts its self-sums (selfCount).
	self      float64
	selfKnown bool
	le1       bool
	// factors are the two factors of a product (selfOf).
	factors [2]*cnode
}

// selfOf is φ(u, u) without evaluating the parts whose value on (u, u)
// is known at compile time: a product's factors known to be 1 (δ, a
// normalized matching) are skipped, the others evaluated in the same
// order, with the same stop at a 0, so the value is the same.
func (n *cnode) selfOf(c *ctx, u value.Ref) float64 {
	switch {
	case n.selfKnown:
		return n.self
	case n.factors[0] != nil:
		v := n.factors[0].selfOf(c, u)
		if v == 0 {
			return 0
		}
		return v * n.factors[1].selfOf(c, u)
	}
	return n.eval(c, u, u)
}

// unit reports whether φ(u, u) = 1 for every u and 0 ≤ φ ≤ 1: a one-to-one
// (or many-to-one) matching of a collection with itself then sums to its
// size.
func (n *cnode) unit() bool { return n.selfKnown && n.self == 1 && n.le1 && n.nonneg }

// knowSelf records that φ(u, u) = v for every u.
func (n *cnode) knowSelf(v float64) *cnode {
	n.self, n.selfKnown = v, true
	return n
}

// readsPaths reports whether a record within t reads a field at a gjson
// path of its own.
func readsPaths(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Record:
		for _, f := range t.Fields {
			if f.Bound || readsPaths(f.Type, seen) {
				return true
			}
		}
	case *types.Collection:
		return readsPaths(t.Elem, seen)
	case *types.Union:
		for _, a := range t.Alts {
			if readsPaths(a, seen) {
				return true
			}
		}
	}
	return false
}

// IDPath is the gjson path of the documents' pairing key; "" pairs by
// position.
func (p *Plan) IDPath() string { return p.idPath }

// NewPlan compiles a checked program.
func NewPlan(prog *typecheck.Program) (*Plan, error) { return newPlan(prog, false) }

// NewTracedPlan compiles a checked program whose scorers record, for each
// pair, the alignment every metric chose at every level (Scorer.Traces),
// computing the sums from what they record: the scoring is the one
// explained. It is slower than a plan of NewPlan, which has no trace code.
func NewTracedPlan(prog *typecheck.Program) (*Plan, error) { return newPlan(prog, true) }

func newPlan(prog *typecheck.Program, traced bool) (*Plan, error) {
	p := &Plan{Prog: prog, tags: map[*types.Record]int{}, traced: traced}
	for _, r := range prog.Records {
		p.tag(r)
	}
	if prog.Input != nil {
		ds := &decoders{tag: p.tag, cache: map[types.Type]decodeFn{}}
		p.decode = ds.get(prog.Input)
		p.empty = emptyValue(prog.Input, p.tag)
		if i := prog.Input.FieldIndex("id"); i >= 0 {
			p.idPath = prog.Input.Fields[i].Path
		}
		p.hasVars = types.ContainsVar(prog.Input)
		p.bound = readsPaths(prog.Input, map[types.Type]bool{})
	}
	comp := &compiler{plan: p, usesN: typecheck.NUses{}, viewSlots: map[viewKey]int{}, cache: map[compileKey]*cnode{}}
	for _, m := range prog.Metrics {
		pm := &Metric{Def: m, Kind: metricKind(m), Avg: m.Average}
		if m.Split != nil {
			// Compiled like a metric using N: the precision tree, then the
			// recall tree.
			var err error
			if pm.top, err = comp.compile(m.Split[0], ast.NormP); err != nil {
				return nil, err
			}
			if pm.topR, err = comp.compile(m.Split[1], ast.NormR); err != nil {
				return nil, err
			}
		} else if m.Row != nil {
			// A row aggregates as the metric it belongs to.
			pm.Row, pm.Avg = m.Row, m.Row.Metric.Average
		} else if !m.IsCorpus() {
			mode := ast.NormS
			if m.UsesN {
				mode = ast.NormP
			}
			top, err := comp.compile(m.Body, mode)
			if err != nil {
				return nil, err
			}
			pm.top = top
			if m.By != nil {
				pm.by = &byPlan{key: comp.view(m.By)}
				if o, ok := m.By.Out.(*types.Ontology); ok {
					pm.by.order = make(map[string]int, len(o.Concepts))
					for i, name := range o.Concepts {
						pm.by.order[name] = i
					}
				}
				if top.match != nil && top.match.latent != nil {
					pm.by.tie = newTie(top.match.latent, pm.by)
				}
			}
			if m.UsesN {
				if pm.topR, err = comp.compile(m.Body, ast.NormR); err != nil {
					return nil, err
				}
			}
		}
		p.Metrics = append(p.Metrics, pm)
	}
	p.nMemo = comp.memo
	return p, nil
}

// tag numbers record types for the identity of record nodes.
// Tags are assigned while planning, never while scoring: workers share the
// Plan and only read it.
func (p *Plan) tag(r *types.Record) int {
	t, ok := p.tags[r]
	if !ok {
		t = len(p.tags) + 1
		p.tags[r] = t
	}
	return t
}

// tagTypes tags every record type in t (the synthetic records a view
// builds, such as B³'s memberships).
func (p *Plan) tagTypes(t types.Type) {
	switch t := t.(type) {
	case *types.Record:
		if _, done := p.tags[t]; done {
			return
		}
		p.tag(t)
		for _, f := range t.Fields {
			p.tagTypes(f.Type)
		}
	case *types.Collection:
		p.tagTypes(t.Elem)
	case *types.Union:
		for _, a := range t.Alts {
			p.tagTypes(a)
		}
	}
}

// tagOf is the read-only lookup views use while scoring.
func (p *Plan) tagOf(r *types.Record) int {
	t, ok := p.tags[r]
	if !ok {
		panic(fmt.Sprintf("eval: record type %s was not tagged while planning", r))
	}
	return t
}

type compiler struct {
	plan *Plan
	memo int
	// varIdentity lets δ compare variables by identity: inside a latent
	// matcher's self-scores, where both values come from one document.
	varIdentity bool
	usesN       typecheck.NUses
	viewSlots   map[viewKey]int
	cache       map[compileKey]*cnode
}

func (k *compiler) newMemo() int {
	k.memo++
	return k.memo - 1
}

// compile turns s into a cnode. mode is what N means here: NormP, NormR,
// or NormS outside metrics that use N.
func (k *compiler) compile(s typecheck.Sim, mode ast.NormKind) (*cnode, error) {
	// Compile each distinct expression once: the language has no local
	// names, so the same text at the same type means the same similarity.
	// A part that does not read N's side is the same for precision and
	// recall. Shared nodes share their memo slots and blocking keys, so
	// two metrics (mentions and b3) or the two trees of an N metric also
	// share what those compute per document.
	if !k.dependsOnN(s) {
		mode = ast.NormS
	}
	// The text up to a bound: keying every node of a 20,000-term sum by
	// its whole text would cost the square of its length. A longer
	// expression is keyed by its node (its parts still share by text).
	text, whole := ast.ExprStringUpTo(s.Node().(ast.Expr), maxKeyText)
	key := compileKey{text: text, at: s.At(), mode: mode, varIdentity: k.varIdentity}
	if !whole {
		key.node = s
	}
	if n, ok := k.cache[key]; ok {
		return n, nil
	}
	n, err := k.compileNode(s, mode)
	if err == nil {
		k.cache[key] = n
	}
	return n, err
}

type viewKey struct {
	text string
	in   types.Type
}

// maxKeyText bounds the text of an expression in compileKey.
const maxKeyText = 1 << 10

type compileKey struct {
	text        string
	node        typecheck.Sim // when text is not the whole expression
	at          types.Type    // canonical: identity is equality
	mode        ast.NormKind
	varIdentity bool
}

func (k *compiler) compileNode(s typecheck.Sim, mode ast.NormKind) (*cnode, error) {
	switch s := s.(type) {
	case *typecheck.LetRef:
		return k.compile(s.Body, mode)
	case *typecheck.Const:
		v := s.Value
		n := &cnode{eval: func(*ctx, value.Ref, value.Ref) float64 { return v }, never: v <= 0, nonneg: v >= 0, le1: v >= 0 && v <= 1}
		return n.knowSelf(v), nil
	case *typecheck.Builtin:
		return k.builtin(s)
	case *typecheck.Project:
		view := k.view(s.View)
		inner, err := k.compile(s.X, mode)
		if err != nil {
			return nil, err
		}
		n := &cnode{
			eval: func(c *ctx, x, y value.Ref) float64 {
				return inner.eval(c, view(c, x), view(c, y))
			},
			never: inner.never, nonneg: inner.nonneg,
			self: inner.self, selfKnown: inner.selfKnown, le1: inner.le1,
		}
		if inner.keys != nil {
			n.keys = newKeys(func(c *ctx, x value.Ref, out []uint64) []uint64 { return inner.keys.fn(c, view(c, x), out) })
			n.oneKey = inner.oneKey
		}
		return n, nil
	case *typecheck.Match:
		return k.matching(s, mode)
	case *typecheck.Neg:
		x, err := k.compile(s.X, mode)
		if err != nil {
			return nil, err
		}
		n := &cnode{eval: func(c *ctx, a, b value.Ref) float64 { return -x.eval(c, a, b) }}
		if x.selfKnown {
			n.knowSelf(-x.self)
		}
		return n, nil
	case *typecheck.Arith:
		return k.arith(s, mode)
	case *typecheck.Iverson:
		return k.iverson(s, mode)
	case *typecheck.Call:
		return k.call(s, mode)
	case *typecheck.SelfScore:
		x, err := k.compile(s.X, mode)
		if err != nil {
			return nil, err
		}
		n := &cnode{nonneg: x.nonneg, never: x.never, self: x.self, selfKnown: x.selfKnown, le1: x.le1}
		switch mode {
		case ast.NormP:
			n.eval = func(c *ctx, a, _ value.Ref) float64 { return x.eval(c, a, a) }
		case ast.NormR:
			n.eval = func(c *ctx, _, b value.Ref) float64 { return x.eval(c, b, b) }
		default:
			// The checker makes every metric with self(...) one that uses
			// N, which is compiled with N=P and N=R only.
			return nil, fmt.Errorf("eval: self(...) compiled without N's side")
		}
		return n, nil
	}
	return nil, fmt.Errorf("eval: cannot compile %T", s)
}

// builtin plans a stdlib similarity from what its entry declares: its
// implementation, sign, blocking keys and whether it is equality.
func (k *compiler) builtin(s *typecheck.Builtin) (*cnode, error) {
	sim := s.Sim
	if types.ContainsVar(s.T) && !k.varIdentity {
		// The checker allows this only inside a latent matching, which
		// compiles it with latentElem.
		return nil, fmt.Errorf("eval: %s on %s outside a latent matching", sim.Name, s.T)
	}
	impl := sim.Impl(s.T, s.Args)
	n := &cnode{
		eval:   func(c *ctx, x, y value.Ref) float64 { return impl(c.a, x, y) },
		nonneg: sim.Sign == stdlib.NonNegative,
		delta:  sim.Identity,
	}
	if (sim.Identity || sim.Unit) && !types.ContainsVar(s.T) {
		n.knowSelf(1).le1 = true
	}
	if sim.Identity {
		// Equality is a comparison of hash-consed IDs, inlined here: it is
		// evaluated for every candidate pair.
		n.eval = func(c *ctx, x, y value.Ref) float64 {
			if c.a.ID(x) == c.a.ID(y) {
				return 1
			}
			return 0
		}
	}
	if keys := sim.KeysFor(s.T, s.Args); keys != nil {
		n.keys = newKeys(func(c *ctx, x value.Ref, out []uint64) []uint64 { return keys(c.a, x, out) })
		n.oneKey = sim.Identity // equality: the value's ID
	}
	return n, nil
}

// dependsOnN reports whether s reads the normalizer variable's side (N or
// self), memoized per node.
func (k *compiler) dependsOnN(s typecheck.Sim) bool {
	return k.usesN.Of(s)
}

func (k *compiler) arith(s *typecheck.Arith, mode ast.NormKind) (*cnode, error) {
	x, err := k.compile(s.X, mode)
	if err != nil {
		return nil, err
	}
	y, err := k.compile(s.Y, mode)
	if err != nil {
		return nil, err
	}
	n := &cnode{}
	if x.selfKnown && y.selfKnown {
		n.knowSelf(arithOp(s.Op)(x.self, y.self))
	}
	switch s.Op {
	case ast.OpAdd:
		n.eval = func(c *ctx, a, b value.Ref) float64 { return x.eval(c, a, b) + y.eval(c, a, b) }
		n.nonneg = x.nonneg && y.nonneg
		n.never = x.never && y.never
		if n.nonneg {
			n.keys = unionKeys(x, y)
		}
	case ast.OpSub:
		n.eval = func(c *ctx, a, b value.Ref) float64 { return x.eval(c, a, b) - y.eval(c, a, b) }
		if y.nonneg { // x - y > 0 implies x > 0
			n.keys, n.never = x.keys, x.never
		}
	case ast.OpMul:
		n.factors = [2]*cnode{x, y}
		// A product is 0 as soon as one factor is: skip the other.
		n.eval = func(c *ctx, a, b value.Ref) float64 {
			v := x.eval(c, a, b)
			if v == 0 {
				return 0
			}
			return v * y.eval(c, a, b)
		}
		n.nonneg = x.nonneg && y.nonneg
		if n.nonneg {
			n.never = x.never || y.never
			n.keys, n.oneKey = productKeys(x, y)
			n.le1 = x.le1 && y.le1
		}
	case ast.OpDiv:
		n.eval = func(c *ctx, a, b value.Ref) float64 { return Div(x.eval(c, a, b), y.eval(c, a, b)) }
		n.nonneg = x.nonneg && y.nonneg
		if n.nonneg {
			n.keys, n.never = x.keys, x.never
		}
	}
	return n, nil
}

// arithOp is the operation of an arithmetic node on numbers.
func arithOp(op ast.BinaryOp) func(a, b float64) float64 {
	switch op {
	case ast.OpAdd:
		return func(a, b float64) float64 { return a + b }
	case ast.OpSub:
		return func(a, b float64) float64 { return a - b }
	case ast.OpMul:
		return func(a, b float64) float64 { return a * b }
	}
	return Div
}

// productKeys blocks a product: positive only when both factors are, so a
// candidate pair shares a key of each. When one factor gives every value
// one key (δ on a label), the product blocks on the two combined: a label
// times the overlap of two spans blocks on (label, token), not on the label
// alone, which would pair every two entities of a label (NER partial
// matching: quadratic in a dense document). Otherwise one factor's keys
// do, δ's first.
func productKeys(x, y *cnode) (keyFn, bool) {
	switch {
	case x.keys == nil:
		return y.keys, y.oneKey
	case y.keys == nil:
		return x.keys, x.oneKey
	case x.oneKey && y.oneKey:
		return combinedKeys(x.keys, y.keys), true
	case x.oneKey:
		return combinedKeys(x.keys, y.keys), false
	case y.oneKey:
		return combinedKeys(y.keys, x.keys), false
	case y.delta && !x.delta:
		return y.keys, y.oneKey
	}
	return x.keys, x.oneKey
}

// combinedKeys are the keys of one, which gives every value exactly one
// key, combined with each of other's.
func combinedKeys(one, other keyFn) keyFn {
	keys := newKeys(func(c *ctx, v value.Ref, out []uint64) []uint64 {
		mark := len(out)
		out = one.fn(c, v, out)
		k := out[mark]
		out = other.fn(c, v, out[:mark])
		for i := mark; i < len(out); i++ {
			out[i] = mapKeyBit | (combineKeys(k, out[i]) &^ mapKeyBit)
		}
		return out
	})
	keys.coarse = one
	return keys
}

// combineKeys hashes two keys into one (a collision only adds candidates).
func combineKeys(a, b uint64) uint64 {
	h := a*0x9e3779b97f4a7c15 ^ b
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return h
}

// unionKeys blocks a sum or a maximum: positive when either side is.
func unionKeys(ns ...*cnode) keyFn {
	var live []keyFn
	for _, n := range ns {
		if n.never {
			continue
		}
		if n.keys == nil {
			return nil
		}
		live = append(live, n.keys)
	}
	switch len(live) {
	case 0:
		return nil
	case 1:
		return live[0]
	}
	return newKeys(func(c *ctx, x value.Ref, out []uint64) []uint64 {
		for _, f := range live {
			out = f.fn(c, x, out)
		}
		return out
	})
}

func (k *compiler) iverson(s *typecheck.Iverson, mode ast.NormKind) (*cnode, error) {
	x, err := k.compile(s.X, mode)
	if err != nil {
		return nil, err
	}
	y, err := k.compile(s.Y, mode)
	if err != nil {
		return nil, err
	}
	cmp := Comparison(s.Op)
	n := &cnode{
		eval: func(c *ctx, a, b value.Ref) float64 {
			if cmp(x.eval(c, a, b), y.eval(c, a, b)) {
				return 1
			}
			return 0
		},
		nonneg: true,
		le1:    true,
	}
	if x.selfKnown && y.selfKnown {
		n.knowSelf(0)
		if cmp(x.self, y.self) {
			n.self = 1
		}
	}
	// [[ x > c ]] with c ≥ 0, [[ x >= c ]] and [[ x == c ]] with c > 0 all
	// imply x > 0, so they block like x.
	if cst, ok := s.Y.(*typecheck.Const); ok {
		c := cst.Value
		if (s.Op == ast.OpGT && c >= 0) || ((s.Op == ast.OpGE || s.Op == ast.OpEQ) && c > 0) {
			n.keys, n.never, n.oneKey = x.keys, x.never, x.oneKey
		}
	}
	return n, nil
}

// comparison returns the test of an Iverson bracket.
func Comparison(op ast.CompareOp) func(a, b float64) bool {
	switch op {
	case ast.OpGT:
		return func(a, b float64) bool { return a > b }
	case ast.OpGE:
		return func(a, b float64) bool { return a >= b }
	case ast.OpLT:
		return func(a, b float64) bool { return a < b }
	case ast.OpLE:
		return func(a, b float64) bool { return a <= b }
	case ast.OpNE:
		return func(a, b float64) bool { return a != b }
	}
	return func(a, b float64) bool { return a == b }
}

func (k *compiler) call(s *typecheck.Call, mode ast.NormKind) (*cnode, error) {
	args := make([]*cnode, len(s.Args))
	for i, a := range s.Args {
		n, err := k.compile(a, mode)
		if err != nil {
			return nil, err
		}
		args[i] = n
	}
	impl := s.Fun.Eval
	n := &cnode{eval: func(c *ctx, x, y value.Ref) float64 {
		vals := c.floats(len(args))
		for i, a := range args {
			vals[i] = a.eval(c, x, y)
		}
		v := impl(vals)
		c.release(len(args))
		return v
	}}
	known := true
	selfs := make([]float64, len(args))
	for i, a := range args {
		known = known && a.selfKnown
		selfs[i] = a.self
	}
	if known && s.Fun.Eval != nil && !s.Fun.SideOfN {
		n.knowSelf(s.Fun.Eval(selfs))
	}
	switch s.Fun {
	case stdlib.Max: // at most 1 when every argument is
		n.le1 = true
		one := false
		for _, a := range args {
			n.le1 = n.le1 && a.le1 && a.nonneg
			one = one || (a.selfKnown && a.self == 1)
		}
		if n.le1 && one { // an argument is 1 on (u, u), none above it
			n.knowSelf(1)
		}
		if n.le1 && !k.plan.traced {
			// Every argument is in [0, 1]: the first that is 1 is the
			// maximum, and the others need not be evaluated (as a product
			// skips its second factor after a 0). A traced plan evaluates
			// them all, for the alignments they record.
			n.eval = func(c *ctx, x, y value.Ref) float64 {
				vals := c.floats(len(args))
				for i, a := range args {
					if vals[i] = a.eval(c, x, y); vals[i] == 1 {
						c.release(len(args))
						return 1
					}
				}
				v := impl(vals)
				c.release(len(args))
				return v
			}
		}
	case stdlib.Min: // at most 1 when one argument is
		for _, a := range args {
			n.le1 = n.le1 || (a.le1 && a.nonneg)
		}
	}
	switch s.Fun.Combine {
	case stdlib.PositiveIfAny:
		for _, a := range args {
			n.nonneg = n.nonneg || a.nonneg
		}
		n.never = true
		for _, a := range args {
			n.never = n.never && a.never
		}
		n.keys = unionKeys(args...)
	case stdlib.PositiveIfAll:
		n.nonneg = true
		for _, a := range args {
			n.nonneg = n.nonneg && a.nonneg
			n.never = n.never || a.never
		}
		if n.nonneg {
			for _, a := range args {
				if a.keys != nil {
					n.keys = a.keys
					break
				}
			}
		}
	}
	return n, nil
}

// viewFn maps a value to its view.
type viewFn func(c *ctx, r value.Ref) value.Ref

func (k *compiler) view(v *typecheck.View) viewFn {
	if v == nil {
		return func(_ *ctx, r value.Ref) value.Ref { return r }
	}
	if v.Number != nil {
		n := *v.Number
		return func(c *ctx, _ value.Ref) value.Ref { return c.a.Number(value.Float, n) }
	}
	if v.Inner != nil {
		inner := k.view(v.Inner)
		if v.Filter == nil {
			return inner // an order: the matcher reads it from the view's source
		}
		return k.filter(v, inner)
	}
	fields := v.Fields
	path := func(c *ctx, r value.Ref) value.Ref {
		for _, i := range fields {
			r = c.a.Field(r, i)
		}
		return r
	}
	if v.Call == nil {
		if len(fields) == 1 {
			i := fields[0]
			return func(c *ctx, r value.Ref) value.Ref { return c.a.Field(r, i) }
		}
		return path
	}
	args := make([]viewFn, len(v.Call.Args))
	for i, a := range v.Call.Args {
		args[i] = k.view(a)
	}
	k.plan.tagTypes(v.Call.Out)
	fun, out, tag := v.Call.Fun, v.Call.Out, k.plan.tagOf
	// One slot per distinct view (its text at its type), not per
	// occurrence: the precision and recall trees of an N metric, and metrics
	// using the same view (mentions and b3 both read
	// memberships(entities)), share what it builds.
	viewKey := viewKey{ast.ViewString(v.Src), v.In}
	slot, ok := k.viewSlots[viewKey]
	if !ok {
		slot = k.newMemo()
		k.viewSlots[viewKey] = slot
	}
	return func(c *ctx, r value.Ref) value.Ref {
		// A view call builds new nodes; build them once per input node.
		key := memoKey{slot: int32(slot), x: c.a.ID(r), y: -1}
		res, ok := c.viewMemo[key]
		if !ok {
			refs := make([]value.Ref, len(args))
			for i, a := range args {
				refs[i] = a(c, r)
			}
			res = fun.Eval(c.a, out, tag, refs)
			c.viewMemo[key] = res
		}
		return path(c, res)
	}
}
