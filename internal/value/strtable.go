package value

import (
	"hash/maphash"
	"math/bits"
)

// strTable interns the arena's strings: open addressing over 12-byte
// slots, the text itself in Arena.strs. A Go map would hold a 16-byte
// string header per entry besides, and rehash them as it grows.
type strTable struct {
	slots []strSlot // power-of-two length
	n     int
	gen   uint8 // as compTable's: a slot of another generation is empty
	seed  maphash.Seed
}

type strSlot struct {
	stamp uint32 // the hash's bits 40-63 above the generation (low byte)
	idx   int32  // the text: Arena.strs[idx]
	ref   Ref
}

func (t *strTable) reset() {
	t.n = 0
	t.gen++
	if t.gen == 0 { // wrapped: forget every stamp
		clear(t.slots)
		t.gen = 1
	}
}

// find returns the node of s in strs, or 0, false and the slot to fill.
func (t *strTable) find(strs []string, s string) (Ref, bool, *strSlot, uint64) {
	if 2*(t.n+1) > len(t.slots) {
		t.resize(strs, max(64, 2*len(t.slots)))
	}
	h := maphash.String(t.seed, s)
	stamp := stampOf(h, t.gen)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if uint8(sl.stamp) != t.gen {
			return 0, false, sl, h
		}
		if sl.stamp == stamp && strs[sl.idx] == s {
			return sl.ref, true, nil, h
		}
	}
}

// reserve makes room for n strings without growing; it reports whether
// the table grew.
func (t *strTable) reserve(strs []string, n int) bool {
	if 2*n <= len(t.slots) {
		return false
	}
	t.resize(strs, max(64, 1<<bits.Len(uint(2*n-1))))
	return true
}

// resize moves the strings to a table of size slots, a power of two.
func (t *strTable) resize(strs []string, size int) {
	if t.slots == nil {
		t.seed = maphash.MakeSeed()
	}
	old, gen := t.slots, t.gen
	t.slots = make([]strSlot, size)
	if t.gen == 0 {
		t.gen = 1
	}
	mask := uint64(size - 1)
	for _, sl := range old {
		if uint8(sl.stamp) != gen || gen == 0 {
			continue
		}
		h := maphash.String(t.seed, strs[sl.idx])
		sl.stamp = stampOf(h, t.gen)
		for i := h & mask; ; i = (i + 1) & mask {
			if uint8(t.slots[i].stamp) != t.gen {
				t.slots[i] = sl
				break
			}
		}
	}
}
