package value

// Values of the language's json type (any JSON value) use the ordinary
// node kinds, so that δ, hashing and memoization work on them unchanged:
//
//	null            a Null node (no children)
//	true, false     a Bool node
//	numbers         an Int node for a literal without fraction or exponent,
//	                else a Float node (JSON's 1 and 1.0 are different values)
//	strings         a String node
//	arrays          a Seq node, elements in order
//	objects         a Set node of entries, in the order the keys were
//	                written; an entry is a Record node tagged JSONEntryTag
//	                with two children, the key (a String) and the value
//
// An object is a set, so two objects are equal whatever the order of their
// keys, while its children keep the written order (which ANLS* follows).

// JSONEntryTag tags the entry records of json objects. Declared record
// types get positive tags, collections 0: a negative tag meets neither.
const JSONEntryTag = -1

// Null adds a null node.
func (a *Arena) Null() Ref { return a.composite(Null, 0, nil) }

// JSONObject adds an object from its entries (records made by JSONEntry,
// with distinct keys).
func (a *Arena) JSONObject(entries []Ref) Ref { return a.composite(Set, 0, entries) }

// JSONEntry adds the entry key: val of an object.
func (a *Arena) JSONEntry(key, val Ref) Ref {
	kids := [2]Ref{key, val}
	return a.composite(Record, JSONEntryTag, kids[:])
}

// JSONArray adds an array.
func (a *Arena) JSONArray(elems []Ref) Ref { return a.composite(Seq, 0, elems) }
