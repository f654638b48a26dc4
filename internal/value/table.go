package value

// IDTable maps node IDs to int32 values. Every entry reads 0 after Reset,
// which costs O(1): entries carry the generation they were written in.
// IDs are dense (0 ≤ id < Arena.NumIDs), so the table is two flat arrays.
type IDTable struct {
	val []int32
	gen []uint32
	cur uint32
}

// Reset empties the table and makes room for IDs below n.
func (t *IDTable) Reset(n int) {
	if n > len(t.val) {
		n += n / 2
		t.val = append(t.val, make([]int32, n-len(t.val))...)
		t.gen = append(t.gen, make([]uint32, n-len(t.gen))...)
	}
	t.cur++
	if t.cur == 0 { // wrapped: forget every stamp
		clear(t.gen)
		t.cur = 1
	}
}

// Get returns the value of id, 0 if unset.
func (t *IDTable) Get(id ID) int32 {
	if int(id) < len(t.gen) && t.gen[id] == t.cur {
		return t.val[id]
	}
	return 0
}

// Set sets the value of id. An ID beyond the last Reset's n (a lazy ID
// computed since) grows the table.
func (t *IDTable) Set(id ID, v int32) {
	if int(id) >= len(t.val) {
		n := int(id) + 1 + int(id)/2
		t.val = append(t.val, make([]int32, n-len(t.val))...)
		t.gen = append(t.gen, make([]uint32, n-len(t.gen))...)
	}
	t.val[id], t.gen[id] = v, t.cur
}

// Add adds d to the value of id and returns the new value.
func (t *IDTable) Add(id ID, d int32) int32 {
	v := t.Get(id) + d
	t.Set(id, v)
	return v
}

// Tables lends the arena's scratch tables, each reset for the arena's IDs.
// They serve leaf computations (a stdlib view counting without building);
// a caller must not hold them across calls that may use them too.
func (a *Arena) Tables() (*IDTable, *IDTable, *IDTable) {
	n := a.NumIDs()
	for i := range a.tables {
		a.tables[i].Reset(n)
	}
	return &a.tables[0], &a.tables[1], &a.tables[2]
}
