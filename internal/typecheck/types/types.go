// Package types declares the types of the metric language. It is a leaf
// package so that typecheck, stdlib and eval can all share it.
package types

import (
	"strings"

	"github.com/metricc/metricc/internal/ast"
)

// Type is a closed set: *Basic, *Record, *Collection, *Union, *Invalid.
type Type interface {
	String() string
	typ()
}

// BasicKind enumerates the scalar types.
type BasicKind int

// The scalar types. Var is a latent variable: only its identity within
// one document matters. JSON is any JSON value (null, a boolean, a number,
// a string, an array or an object of JSON values): the one recursive type,
// built in so that a document can hold what a language model wrote without
// declaring its shape.
const (
	Int BasicKind = iota
	Float
	String
	Bool
	Var
	JSON
)

// Basic is a scalar type.
type Basic struct{ Kind BasicKind }

// The basic types, shared.
var (
	IntType    = &Basic{Int}
	FloatType  = &Basic{Float}
	StringType = &Basic{String}
	BoolType   = &Basic{Bool}
	VarType    = &Basic{Var}
	JSONType   = &Basic{JSON}
)

var basicNames = [...]string{Int: "int", Float: "float", String: "string", Bool: "bool", Var: "var", JSON: "json"}

func (b *Basic) String() string { return basicNames[b.Kind] }

// Record is a named record type, or a synthetic one made by a view (such as
// the memberships of B³), which has no Decl.
type Record struct {
	Name   string
	Fields []*Field
	Decl   *ast.TypeDecl
}

// Field is one field of a record.
type Field struct {
	Name string
	Type Type
	// Path is the gjson path the field reads, relative to the record's
	// JSON object: the field name, or the `= "path"` binding.
	Path string
	// Bound is true when Path came from an explicit binding.
	Bound bool
	Decl  *ast.Field
}

// FieldIndex returns the index of the named field, or -1.
func (r *Record) FieldIndex(name string) int {
	for i, f := range r.Fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

func (r *Record) String() string { return r.Name }

// CollKind says how a collection treats order and duplicates.
type CollKind int

// Collection kinds: a set removes duplicates, a bag keeps them, a seq keeps
// them and their order.
const (
	Set CollKind = iota
	Bag
	Seq
)

var collNames = [...]string{Set: "set", Bag: "bag", Seq: "seq"}

func (k CollKind) String() string { return collNames[k] }

// Collection is set<T>, bag<T> or seq<T>.
type Collection struct {
	Kind CollKind
	Elem Type
}

func (c *Collection) String() string { return c.Kind.String() + "<" + c.Elem.String() + ">" }

// Union is T | U | ...; its JSON alternatives are told apart by JSON kind.
type Union struct{ Alts []Type }

func (u *Union) String() string {
	s := make([]string, len(u.Alts))
	for i, a := range u.Alts {
		s[i] = a.String()
	}
	return strings.Join(s, " | ")
}

// Invalid is the type of an erroneous expression; operations on it report
// nothing more, so one mistake gives one error.
type Invalid struct{}

func (*Invalid) String() string { return "invalid type" }

// InvalidType is the shared Invalid.
var InvalidType = &Invalid{}

func (*Basic) typ()      {}
func (*Record) typ()     {}
func (*Collection) typ() {}
func (*Union) typ()      {}
func (*Invalid) typ()    {}

// IsInvalid reports whether t is (or contains) the invalid type.
func IsInvalid(t Type) bool {
	switch t := t.(type) {
	case *Invalid:
		return true
	case *Collection:
		return IsInvalid(t.Elem)
	}
	return false
}

// ContainsVar reports whether values of t may contain latent variables.
func ContainsVar(t Type) bool {
	return containsVar(t, map[*Record]bool{})
}

func containsVar(t Type, seen map[*Record]bool) bool {
	switch t := t.(type) {
	case *Basic:
		return t.Kind == Var
	case *Collection:
		return containsVar(t.Elem, seen)
	case *Union:
		for _, a := range t.Alts {
			if containsVar(a, seen) {
				return true
			}
		}
	case *Record:
		if seen[t] {
			return false
		}
		seen[t] = true
		for _, f := range t.Fields {
			if containsVar(f.Type, seen) {
				return true
			}
		}
	}
	return false
}
