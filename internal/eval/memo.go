package eval

// memoTable memoizes similarities by (slot, ID, ID): an open-addressing
// hash table whose entries carry a generation, so emptying it for the next
// document pair costs nothing. It is several times cheaper than a Go map
// with a struct key, which matters: nested normalized matchings look it
// up once per candidate pair.
type memoTable struct {
	slots []memoSlot // power-of-two length
	n     int
	gen   uint32
}

type memoSlot struct {
	key memoKey
	gen uint32
	val float64
}

func (t *memoTable) reset() {
	t.n = 0
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

func (k memoKey) hash() uint64 {
	h := uint64(uint32(k.slot))*0x9E3779B97F4A7C15 ^ uint64(uint32(k.x))*0xC2B2AE3D27D4EB4F ^ uint64(uint32(k.y))*0x165667B19E3779F9
	return h ^ h>>31
}

func (t *memoTable) get(k memoKey) (float64, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := k.hash() & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return 0, false
		}
		if s.key == k {
			return s.val, true
		}
	}
}

func (t *memoTable) put(k memoKey, v float64) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := k.hash() & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = memoSlot{key: k, gen: t.gen, val: v}
			t.n++
			return
		}
		if s.key == k {
			s.val = v
			return
		}
	}
}

func (t *memoTable) grow() {
	old, gen := t.slots, t.gen
	t.slots = make([]memoSlot, max(256, 2*len(old)))
	t.gen, t.n = 1, 0
	for _, s := range old {
		if s.gen == gen {
			t.put(s.key, s.val)
		}
	}
}
