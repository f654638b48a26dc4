package document

import (
	"math/bits"
	"sync"
	"unsafe"
)

// Text is the buffer behind a document's JSON when its reader lends it
// from a pool (NewText): the scorer gives it back (ReleaseText) once the
// document is decoded, and the next document is written into it, so that
// a run does not take fresh memory for every document's text.
type Text struct {
	b []byte
}

// textPools holds free buffers by size class: class k holds capacities
// of 1<<k bytes.
var textPools [maxTextClass + 1]sync.Pool

// Texts of 1 KiB to 1 MiB are pooled. A smaller one is a plain string:
// Go's allocator serves it as cheaply, from memory its collections reuse
// (300,000 documents of about 180 bytes took 5-8% more CPU pooled). A
// larger one too: rounded up to a size class it could take almost twice
// its size, and a file of such documents has few of them to reuse.
const (
	minPooled    = 1 << 10
	maxTextClass = 20
)

// NewText returns data's copy and the JSON string over it: in a pooled
// buffer (the Text, nil for a text too small or too large to pool). The
// string must not be used after the document is released.
func NewText(data []byte) (string, *Text) {
	k := bits.Len(uint(len(data) - 1))
	if len(data) < minPooled || k > maxTextClass {
		return string(data), nil
	}
	var t *Text
	if v := textPools[k].Get(); v != nil {
		t = v.(*Text)
	} else {
		t = &Text{b: make([]byte, 0, 1<<k)}
	}
	t.b = append(t.b[:0], data...)
	return unsafe.String(unsafe.SliceData(t.b), len(t.b)), t
}

// ReleaseText clears d.JSON and gives a pooled text back: d's text must
// be read no more, by d or any copy of it.
func ReleaseText(d *Doc) {
	t := d.Text
	d.Text, d.JSON = nil, ""
	if t != nil {
		textPools[bits.Len(uint(cap(t.b)-1))].Put(t)
	}
}
