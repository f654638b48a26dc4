package stdlib

import (
	"hash/maphash"

	"github.com/metricc/metricc/internal/value"
)

// equalModVars compares x (prediction) and y (gold) structurally; where
// both hold a variable, it appends the pairing to req instead.
func equalModVars(a *value.Arena, x, y value.Ref, req []value.VarPair) (bool, []value.VarPair) {
	kx, ky := a.Kind(x), a.Kind(y)
	if kx == value.Var || ky == value.Var {
		if kx != ky {
			return false, req
		}
		return true, append(req, value.VarPair{X: x, Y: y})
	}
	if kx != ky {
		return false, req
	}
	if kx != value.Record {
		return a.ID(x) == a.ID(y), req // no variables below: identity is equality
	}
	if a.Num(x) != a.Num(y) { // record tags: different record types
		return false, req
	}
	xs, ys := a.Kids(x), a.Kids(y)
	for i := range xs {
		var ok bool
		if ok, req = equalModVars(a, xs[i], ys[i], req); !ok {
			return false, req
		}
	}
	return true, req
}

var erasedSeed = maphash.MakeSeed()

// erasedHash hashes a value with every variable replaced by one wildcard:
// values equal modulo a bijection have equal hashes.
func erasedHash(a *value.Arena, x value.Ref) uint64 {
	switch a.Kind(x) {
	case value.Var:
		return KeyHashBit | 0x5ca1ab1e
	case value.Record:
		var h maphash.Hash
		h.SetSeed(erasedSeed)
		var buf [8]byte
		put := func(v uint64) {
			for i := range buf {
				buf[i] = byte(v >> (8 * i))
			}
			h.Write(buf[:])
		}
		put(uint64(a.Num(x)))
		for _, kid := range a.Kids(x) {
			put(erasedHash(a, kid))
		}
		return h.Sum64() | KeyHashBit
	}
	return uint64(a.ID(x))
}
