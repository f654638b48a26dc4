package stdlib

import "fmt"

// Env is the set of builtins a spec is checked and planned against: the
// standard library, and the similarities a program adds for its own specs
// (the embedding API's options), without touching the global tables.
type Env struct {
	sims  []*Similarity
	funcs []*Function
	views []*View
}

var std = &Env{sims: Similarities, funcs: Functions, views: Views}

// Default returns the standard library.
func Default() *Env { return std }

// With returns an Env with the extra similarities. A name may not clash
// with a builtin or with another extra similarity.
func (e *Env) With(extra ...*Similarity) (*Env, error) {
	out := &Env{sims: append([]*Similarity(nil), e.sims...), funcs: e.funcs, views: e.views}
	for _, s := range extra {
		switch {
		case s == nil || s.Name == "":
			return nil, fmt.Errorf("a similarity needs a name")
		case s.Eval == nil && s.Bind == nil:
			return nil, fmt.Errorf("similarity %q has no implementation", s.Name)
		case out.Similarity(s.Name) != nil || out.Function(s.Name) != nil:
			return nil, fmt.Errorf("similarity %q: the name is taken by a builtin", s.Name)
		}
		if s.Check == nil {
			return nil, fmt.Errorf("similarity %q does not say at which types it applies (Check)", s.Name)
		}
		out.sims = append(out.sims, s)
	}
	return out, nil
}

// Similarity, Function and View find entries by name (nil if none).
func (e *Env) Similarity(name string) *Similarity { return find(e.sims, name, (*Similarity).name) }
func (e *Env) Function(name string) *Function     { return find(e.funcs, name, (*Function).name) }
func (e *Env) View(name string) *View             { return find(e.views, name, (*View).name) }

// SimilarityNames, FunctionNames and ViewNames list the names, for "did
// you mean" hints.
func (e *Env) SimilarityNames() []string { return names(e.sims, (*Similarity).name) }
func (e *Env) FunctionNames() []string   { return names(e.funcs, (*Function).name) }
func (e *Env) ViewNames() []string       { return names(e.views, (*View).name) }

func names[T any](list []T, key func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = key(x)
	}
	return out
}
