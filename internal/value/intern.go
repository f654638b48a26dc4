package value

import (
	"math/bits"
	"slices"
)

// compTable interns composite nodes by (kind, tag, child IDs): an open
// addressing hash table whose keys live in one pool, so interning a node
// allocates nothing once the table has grown to the document size.
//
// A slot is 8 bytes: what a lookup compares first (24 bits of the hash,
// the generation) and the number of its entry. Entries and keys are kept
// in the order they were interned, so the random accesses of a lookup
// stay in the small slot array: a document's values are interned in the
// order of its text, and the second document of a pair, which mostly
// repeats the first's, finds them in the same order.
type compTable struct {
	slots   []compSlot  // power-of-two length
	entries []compEntry // in the order interned
	// pool holds each interned key: its length, its kind and tag
	// (keyHead), then its child IDs.
	pool []ID
	gen  uint8 // a slot of another generation is empty: reset is O(1)
}

type compSlot struct {
	// stamp is the hash's bits 40-63 above the generation (low byte);
	// generation 0 is never current, so a zeroed slot is empty.
	stamp uint32
	entry int32
}

type compEntry struct {
	off int32 // the key: pool[off] its length, pool[off+1] keyHead, then the IDs
	id  ID
	// refs are the node each document of the pair shares for this value
	// (Arena.SharedComposite), +1: 0 is none yet.
	refs [2]Ref
}

// keyHead packs a key's kind and tag into one pool entry. Tags are record
// type numbers (and -1, JSONEntryTag): far inside 28 bits.
func keyHead(kind Kind, tag int) ID {
	if tag >= 1<<27 || tag < -(1<<27) {
		panic("value: record tag out of range")
	}
	return ID(int32(tag)<<4 | int32(kind))
}

func (t *compTable) reset() {
	t.pool = t.pool[:0]
	t.entries = t.entries[:0]
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

// stampOf is the stamp of a slot holding a key of hash h in generation gen.
func stampOf(h uint64, gen uint8) uint32 { return uint32(h>>32)&^0xff | uint32(gen) }

// intern returns the ID of the key, calling fresh for a new one.
func (t *compTable) intern(kind Kind, tag int, ids []ID, fresh func() ID) ID {
	return t.slot(kind, tag, ids, fresh).id
}

// slot returns the entry of the key, made now when the key is new; the
// pointer is valid until the next call.
func (t *compTable) slot(kind Kind, tag int, ids []ID, fresh func() ID) *compEntry {
	if 4*(len(t.entries)+1) > 3*len(t.slots) {
		t.grow()
	}
	h := hashKey(kind, tag, ids)
	head := keyHead(kind, tag)
	stamp := stampOf(h, t.gen)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if uint8(s.stamp) != t.gen {
			off := int32(len(t.pool))
			if len(t.pool)+2+len(ids) > cap(t.pool) { // double, not by a quarter
				t.pool = slices.Grow(t.pool, max(1024, len(t.pool), 2+len(ids)))
			}
			t.pool = append(t.pool, ID(len(ids)), head)
			t.pool = append(t.pool, ids...)
			*s = compSlot{stamp: stamp, entry: int32(len(t.entries))}
			t.entries = append(t.entries, compEntry{off: off, id: fresh()})
			return &t.entries[len(t.entries)-1]
		}
		if s.stamp == stamp {
			if e := &t.entries[s.entry]; t.equal(e.off, head, ids) {
				return e
			}
		}
	}
}

func (t *compTable) equal(off int32, head ID, ids []ID) bool {
	if t.pool[off] != ID(len(ids)) || t.pool[off+1] != head {
		return false
	}
	key := t.pool[off+2 : off+2+int32(len(ids))]
	for i, id := range ids {
		if key[i] != id {
			return false
		}
	}
	return true
}

// reserve makes room for n keys, and for ids more child IDs in the pool,
// without growing; it reports whether the table grew.
func (t *compTable) reserve(n, ids int) bool {
	grew := false
	if 4*n > 3*len(t.slots) {
		t.resize(max(64, 1<<bits.Len(uint(4*n/3))))
		grew = true
	}
	if cap(t.pool)-len(t.pool) < ids {
		t.pool = slices.Grow(t.pool, ids)
		grew = true
	}
	return grew
}

func (t *compTable) grow() { t.resize(max(64, 2*len(t.slots))) }

// resize moves the keys to a table of size slots, a power of two. The
// slots keep only 24 bits of their hashes: each key's is computed again
// from the pool.
func (t *compTable) resize(size int) {
	t.slots = make([]compSlot, size) // all of generation 0: empty
	// As many entries as the table takes before it grows again.
	t.entries = slices.Grow(t.entries, max(0, 3*size/4-len(t.entries)))
	if t.gen == 0 {
		t.gen = 1
	}
	mask := uint64(size - 1)
	for k, e := range t.entries {
		n := int32(t.pool[e.off])
		head := t.pool[e.off+1]
		h := hashKey(Kind(head&0xf), int(head>>4), t.pool[e.off+2:e.off+2+n])
		for i := h & mask; ; i = (i + 1) & mask {
			if uint8(t.slots[i].stamp) != t.gen {
				t.slots[i] = compSlot{stamp: stampOf(h, t.gen), entry: int32(k)}
				break
			}
		}
	}
}
