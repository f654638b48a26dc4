package value

import "math/bits"

// compTable interns composite nodes by (kind, tag, child IDs): an open
// addressing hash table whose keys live in one pool, so interning a node
// allocates nothing once the table has grown to the document size.
type compTable struct {
	slots []compSlot // power-of-two length
	pool  []ID       // the child IDs of every interned key, back to back
	n     int
	gen   uint32 // a slot of another generation is empty: reset is O(1)
}

type compSlot struct {
	hash uint64
	id   ID
	gen  uint32
	kind Kind
	tag  int32
	off  int32 // key children: pool[off : off+len]
	len  int32
	// refs are the node each document of the pair shares for this value
	// (Arena.SharedComposite), +1: 0 is none yet.
	refs [2]Ref
}

func (t *compTable) reset() {
	t.pool = t.pool[:0]
	t.n = 0
	t.gen++
	if t.gen == 0 { // wrapped: forget every stamp
		clear(t.slots)
		t.gen = 1
	}
}

func hashKey(kind Kind, tag int, ids []ID) uint64 {
	h := uint64(14695981039346656037) ^ uint64(kind)<<32 ^ uint64(uint32(tag))
	for _, id := range ids {
		h ^= uint64(uint32(id))
		h *= 1099511628211
		h ^= h >> 29
	}
	return h * 0x9E3779B97F4A7C15
}

// intern returns the ID of the key, calling fresh for a new one.
func (t *compTable) intern(kind Kind, tag int, ids []ID, fresh func() ID) ID {
	return t.slot(kind, tag, ids, fresh).id
}

// slot returns the slot of the key, filled now when the key is new; the
// pointer is valid until the next call.
func (t *compTable) slot(kind Kind, tag int, ids []ID, fresh func() ID) *compSlot {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	h := hashKey(kind, tag, ids)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = compSlot{hash: h, id: fresh(), gen: t.gen, kind: kind, tag: int32(tag), off: int32(len(t.pool)), len: int32(len(ids))}
			t.pool = append(t.pool, ids...)
			t.n++
			return s
		}
		if s.hash == h && s.kind == kind && s.tag == int32(tag) && t.equal(s, ids) {
			return s
		}
	}
}

func (t *compTable) equal(s *compSlot, ids []ID) bool {
	if int(s.len) != len(ids) {
		return false
	}
	key := t.pool[s.off : s.off+s.len]
	for i, id := range ids {
		if key[i] != id {
			return false
		}
	}
	return true
}

// reserve makes room for n keys without growing.
func (t *compTable) reserve(n int) {
	if 2*n > len(t.slots) {
		t.resize(max(64, 1<<bits.Len(uint(2*n-1))))
	}
}

func (t *compTable) grow() { t.resize(max(64, 2*len(t.slots))) }

// resize moves the keys to a table of size slots, a power of two.
func (t *compTable) resize(size int) {
	old, gen := t.slots, t.gen
	t.slots = make([]compSlot, size) // all of generation 0: empty
	if t.gen == 0 {
		t.gen = 1
	}
	mask := uint64(size - 1)
	for _, s := range old {
		if s.gen != gen || gen == 0 {
			continue
		}
		s.gen = t.gen
		for i := s.hash & mask; ; i = (i + 1) & mask {
			if t.slots[i].gen != t.gen {
				t.slots[i] = s
				break
			}
		}
	}
}
