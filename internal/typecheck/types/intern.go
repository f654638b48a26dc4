package types

import (
	"fmt"
	"strings"
)

// Interner makes structurally equal types one pointer, so that the checker
// and the evaluator compare types by identity: two uses of set<Mention>,
// or two uses of memberships(entities), have the same type value. Declared
// records are unique already (a name is declared once); the records a view
// builds (Decl == nil) are equal when their names, field names and field
// types are.
type Interner struct {
	colls   map[collKey]*Collection
	unions  map[string]*Union
	records map[string]*Record
}

type collKey struct {
	kind CollKind
	elem Type
}

// NewInterner returns an empty interner.
func NewInterner() *Interner {
	return &Interner{colls: map[collKey]*Collection{}, unions: map[string]*Union{}, records: map[string]*Record{}}
}

// Collection returns the one kind<elem> of this interner.
func (in *Interner) Collection(kind CollKind, elem Type) *Collection {
	elem = in.Canon(elem)
	k := collKey{kind, elem}
	if c := in.colls[k]; c != nil {
		return c
	}
	c := &Collection{Kind: kind, Elem: elem}
	in.colls[k] = c
	return c
}

// Canon returns the interned type equal to t. Declared records are their
// own canonical form (their field types are canonicalized in place).
func (in *Interner) Canon(t Type) Type {
	switch t := t.(type) {
	case *Collection:
		return in.Collection(t.Kind, t.Elem)
	case *Union:
		alts := make([]Type, len(t.Alts))
		var key strings.Builder
		for i, a := range t.Alts {
			alts[i] = in.Canon(a)
			key.WriteString(identity(alts[i]))
			key.WriteByte('|')
		}
		if u := in.unions[key.String()]; u != nil {
			return u
		}
		u := &Union{Alts: alts}
		in.unions[key.String()] = u
		return u
	case *Record:
		if t.Decl != nil {
			return t
		}
		var key strings.Builder
		key.WriteString(t.Name)
		for _, f := range t.Fields {
			f.Type = in.Canon(f.Type)
			key.WriteString("\x00" + f.Name + "\x00" + identity(f.Type))
		}
		if r := in.records[key.String()]; r != nil {
			return r
		}
		in.records[key.String()] = t
		return t
	}
	return t
}

// identity is a key that tells canonical types apart: their address.
func identity(t Type) string { return fmt.Sprintf("%p", t) }
