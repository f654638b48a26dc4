// Package pymarshal reads the documents the Python package hands to the
// core as Python's marshal module writes them (marshal.dumps(docs, 4)) and
// writes them as the JSON array Python's json module writes for them
// (json.dumps(docs, ensure_ascii=False, allow_nan=False, separators=(",",
// ":")), with the package's conversions of sets and non-str keys): the
// same bytes, so that the core reads what it would read from the json
// route, while Python spends a fifth of the time writing them.
//
// Values with no JSON form are refused as the package documents, naming
// the document and the path (*ValueError), as the json route does. Values
// that only Python can convert are reported as *NeedsPython, and the caller
// writes those documents with the json module instead:
//
//   - bytes: marshal writes every object with a buffer (NumPy arrays and
//     scalars, memoryview, array.array) as bytes, so a reader cannot tell
//     bytes to decode from an array whose elements to list;
//   - complex numbers, code objects, Ellipsis (json's error names them);
//   - tuples and frozensets as dict keys, and sets of anything but strings
//     and numbers (json's errors and sort order are Python's own);
//   - strings with lone surrogates as keys, NaN in sets;
//   - ints of more than 600 bits (Python limits int-to-text conversion),
//     values nested more than 200 deep (json's recursion limit), and
//     documents whose shared values would expand past a bound.
//
// Data that is not what marshal.dumps(x, 4) writes is a *FormatError. No
// input makes the reader panic, allocate more than a bound proportional to
// its length, or run longer than a pass over its output.
//
// The format, as CPython's Python/marshal.c writes it (version 4, the
// same from Python 3.4 on): a value is a type byte, with bit 0x80 set
// (FLAG_REF) when the value is entered in a table of references, then its
// body. Integers are little-endian; n is a 4-byte signed count.
//
//	N F T           None, False, True (never entered in the table)
//	i int32         an int that fits in 32 bits
//	l n digits      an int: |n| 15-bit digits (2 bytes each), least
//	                significant first, the sign of n its sign
//	g float64       a float
//	z Z len8 bytes  an ASCII str (Z: interned); a A n bytes: a longer one
//	u t n bytes     a str in UTF-8, lone surrogates encoded as if valid
//	) len8 values   a tuple; ( n values: a longer one
//	[ n values      a list
//	{ k v ... 0     a dict: keys and values, then a 0 byte
//	< > n values    a set, a frozenset
//	r int32         the value entered at this index of the table
//	s n bytes       bytes (or any object with a buffer)
//	y x c . S       complex (binary, text), code, Ellipsis, StopIteration
//
// Values are entered in the table in the order they start (a container
// before its elements), so a reference to a container still being read
// is a value that contains itself. The reader keeps where each entry's
// value is in the data, and converts it again where it recurs (json
// writes a shared value in full each time), so that it holds one
// document's JSON at a time.
package pymarshal

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/metricc/metricc/internal/pytext"
)

// Version is the marshal format version the reader reads (the version
// argument of marshal.dumps).
const Version = 4

const (
	// maxDepth is the deepest nesting the reader converts (the document
	// is at depth 1); deeper values are left to the json module, whose
	// recursion limit decides.
	maxDepth = 200
	// maxLongDigits is the longest int converted, in 15-bit digits (600
	// bits, 181 decimal digits): Python refuses to write ints of more
	// than sys.get_int_max_str_digits() digits (at least 640) as text.
	maxLongDigits = 40
	// flagRef marks a value entered in the table of references.
	flagRef = 0x80
	// batch is how much JSON a Read converts at least, in documents.
	batch = 64 << 10
)

// A ValueError is a value with no JSON form, named as the package's json
// route names it.
type ValueError struct {
	File     string // the input's name in messages: "<gold>"
	Document string // the document's id, or its position from 1
	ByID     bool   // Document is its id
	Path     string // the value's path in the document: "entities.3.label"
	Msg      string
}

func (e *ValueError) Error() string {
	desc := "document " + e.Document
	if e.ByID {
		desc = `document "` + e.Document + `"`
	}
	if e.Path == "" {
		return e.File + ": " + desc + ": " + e.Msg
	}
	return e.File + ": " + desc + ": " + e.Path + ": " + e.Msg
}

// NeedsPython is a value only Python converts: the caller writes the
// documents with the json module instead.
type NeedsPython struct {
	Document int // from 1
	Path     string
	Reason   string
}

func (e *NeedsPython) Error() string {
	where := fmt.Sprintf("document %d", e.Document)
	if e.Path != "" {
		where += ": " + e.Path
	}
	return where + ": " + e.Reason + " (written with the json module instead)"
}

// A FormatError is data that marshal.dumps(x, 4) does not write.
type FormatError struct {
	Offset int
	Msg    string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("not a list in marshal format %d: byte %d: %s", Version, e.Offset, e.Msg)
}

// kind is what a value is in JSON terms.
type kind uint8

const (
	kNone kind = iota
	kFalse
	kTrue
	kInt
	kFloat
	kStr
	kList // lists and tuples
	kDict
	kSet // written as a sorted list
	// kBad: a value with no JSON form (a non-finite float, a string with
	// a lone surrogate, a value that contains itself), written as null
	// after the error is recorded.
	kBad
)

// context is where a value stands: keys and set elements take scalars only.
type context uint8

const (
	inValue context = iota
	inKey
	inSet
)

// ref is an entry of the table of references.
type ref struct {
	pos int // where its value starts in the data (its type byte)
	// size is the length of its JSON, when read the first time; a
	// scalar's JSON is kept in text[size:end], unless uncached
	size, end int
	height    int32 // nesting below it (0: a scalar)
	kind      kind
	open      bool // a container still being read
	uncached  bool // a scalar whose JSON was not kept: read it again
}

// step is one step of the path to the value being read: a list index, or
// the JSON text of a dict key in out.
type step struct {
	index      int // -1: a key
	key0, key1 int
}

// Reader converts marshalled documents as its caller reads their JSON.
type Reader struct {
	c    converter
	n    int // the documents in the list
	off  int // c.out[off:] is not read yet
	done bool
	err  error
}

// NewReader returns a reader of the JSON array json.dumps writes for the
// documents in data, as marshal.dumps(docs, 4) wrote them; file names the
// input in errors. A Read returns whole documents; when one cannot be
// converted, Read returns the error (a *ValueError, *NeedsPython or
// *FormatError) and Err keeps it.
func NewReader(data []byte, file string) *Reader {
	limit := 64<<20 + 32*len(data)
	return &Reader{c: converter{data: data, file: file, limit: limit, topRef: -1}, n: -1}
}

// ToJSON converts data whole; see NewReader.
func ToJSON(data []byte, file string) ([]byte, error) {
	r := NewReader(data, file)
	out, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (r *Reader) Read(p []byte) (int, error) {
	for r.off >= len(r.c.out) {
		if r.err != nil {
			return 0, r.err
		}
		if r.done {
			return 0, io.EOF
		}
		r.c.out, r.off = r.c.out[:0], 0
		r.convert()
	}
	n := copy(p, r.c.out[r.off:])
	r.off += n
	return n, nil
}

// Err is the error that ended the conversion, or nil.
func (r *Reader) Err() error { return r.err }

// Finish converts what was not read (its JSON dropped), for the errors
// there, and returns Err.
func (r *Reader) Finish() error {
	for !r.done && r.err == nil {
		r.c.out, r.off = r.c.out[:0], 0
		r.convert()
	}
	r.c.out, r.off = nil, 0
	return r.err
}

// convert appends the next documents' JSON to c.out (the list's start
// before the first, its end after the last), a batch's worth at least;
// a document that cannot be converted is dropped, and r.err set.
func (r *Reader) convert() {
	c := &r.c
	if r.n < 0 {
		n, err := c.start()
		if err != nil {
			r.err = err
			return
		}
		r.n = n
	}
	for c.doc < r.n && len(c.out) < batch {
		keep := len(c.out)
		if err := c.document(); err != nil {
			c.out, r.err = c.out[:keep], err
			return
		}
	}
	if c.doc == r.n {
		c.out = append(c.out, ']')
		if c.pos != len(c.data) {
			r.err = c.format(fmt.Sprintf("%d bytes after the list of documents", len(c.data)-c.pos))
			return
		}
		r.done = true
	}
}

type converter struct {
	data  []byte
	file  string
	pos   int
	out   []byte
	limit int // the most JSON that references may add
	added int // the JSON references added so far
	refs  []ref
	text  []byte // the JSON of the scalars in refs
	path  []step
	// replaying: converting a value again where a reference names it
	// (its entries are in the table already).
	replaying int

	doc    int // the document being read, from 0
	topRef int // the entry of the list of documents, or -1
	// err is the document's first value with no JSON form; the rest of
	// the document is read for its id.
	err *ValueError
	// the document's "id", when its top level has a str there (its
	// UTF-8 in data, or -1)
	id0, id1 int
	idBad    bool // its "id" is a str with a lone surrogate
	// the UTF-8 of the last str read, for ids and set order
	lastRaw0, lastRaw1 int
	// lastBad: the last value was a str with a lone surrogate (not a
	// float or a cycle), for keys and ids
	lastBadStr bool
}

// start reads the list's header and writes its "[".
func (c *converter) start() (int, error) {
	if len(c.data) == 0 {
		return 0, c.format("no data")
	}
	code := c.data[0]
	if code&^flagRef != '[' {
		return 0, c.format(fmt.Sprintf("expected a list of documents, found type %q", rune(code&^flagRef)))
	}
	c.pos = 1
	n, err := c.size()
	if err != nil {
		return 0, err
	}
	if code&flagRef != 0 {
		c.topRef = len(c.refs)
		c.refs = append(c.refs, ref{kind: kList, open: true})
	}
	c.out = append(c.out, '[')
	return n, nil
}

// document converts the next document.
func (c *converter) document() error {
	if c.doc > 0 {
		c.out = append(c.out, ',')
	}
	c.id0, c.idBad, c.path = -1, false, c.path[:0]
	if _, _, err := c.value(1, inValue); err != nil {
		return err
	}
	if c.err != nil {
		return c.nameDocument()
	}
	c.doc++
	return nil
}

// nameDocument completes the error of the document just read.
func (c *converter) nameDocument() error {
	c.err.File = c.file
	switch {
	case c.idBad:
		return c.needsPython("the document's id has a lone surrogate")
	case c.id0 >= 0:
		c.err.Document, c.err.ByID = string(c.data[c.id0:c.id1]), true
	default:
		c.err.Document = strconv.Itoa(c.doc + 1)
	}
	return c.err
}

func (c *converter) format(msg string) error { return &FormatError{Offset: c.pos, Msg: msg} }

func (c *converter) needsPython(reason string) error {
	return &NeedsPython{Document: c.doc + 1, Path: c.pathString(), Reason: reason}
}

// fail records the document's first value with no JSON form.
func (c *converter) fail(msg string) {
	if c.err == nil {
		c.err = &ValueError{Path: c.pathString(), Msg: msg}
	}
}

// pathString is the path as the json route writes it: keys as Python
// has them (a str key itself, any other as json.dumps writes it).
func (c *converter) pathString() string {
	var b strings.Builder
	for i, s := range c.path {
		if i > 0 {
			b.WriteByte('.')
		}
		if s.index >= 0 {
			b.WriteString(strconv.Itoa(s.index))
			continue
		}
		var key string
		if err := json.Unmarshal(c.out[s.key0:s.key1], &key); err != nil {
			key = string(c.out[s.key0:s.key1])
		}
		b.WriteString(key)
	}
	return b.String()
}

func (c *converter) short(n int) error {
	return c.format(fmt.Sprintf("%d bytes announced, %d left", n, len(c.data)-c.pos))
}

func (c *converter) int32() (int32, error) {
	if len(c.data)-c.pos < 4 {
		return 0, c.short(4)
	}
	v := int32(binary.LittleEndian.Uint32(c.data[c.pos:]))
	c.pos += 4
	return v, nil
}

// size reads a count of elements or bytes, which the data left must be
// able to hold (every element takes a byte at least).
func (c *converter) size() (int, error) {
	n, err := c.int32()
	if err != nil {
		return 0, err
	}
	if n < 0 || int(n) > len(c.data)-c.pos {
		return 0, c.format(fmt.Sprintf("a size of %d with %d bytes left", n, len(c.data)-c.pos))
	}
	return int(n), nil
}

// count reads the length of a string or a tuple: one byte in the short
// forms of marshal's codes, else a size.
func (c *converter) count(short bool) (int, error) {
	if !short {
		return c.size()
	}
	if c.pos >= len(c.data) {
		return 0, c.short(1)
	}
	c.pos++
	return int(c.data[c.pos-1]), nil
}

// enter enters the value that starts at pos in the table, when it is
// flagged and read the first time.
func (c *converter) enter(code byte, pos int, k kind) int {
	if code&flagRef == 0 || c.replaying > 0 {
		return -1
	}
	c.refs = append(c.refs, ref{pos: pos, kind: k, open: k == kList || k == kDict || k == kSet, size: len(c.out)})
	return len(c.refs) - 1
}

// close completes the table's entry r, when there is one. A scalar
// keeps its JSON, to be copied where it recurs.
func (c *converter) close(r int, k kind, height int) {
	if r < 0 {
		return
	}
	e := &c.refs[r]
	e.kind, e.open, e.height = k, false, int32(height)
	start := e.size
	e.size = len(c.out) - start
	if k <= kStr {
		if len(c.text)+e.size > c.limit {
			e.uncached = true
			return
		}
		e.size = len(c.text)
		c.text = append(c.text, c.out[start:]...)
		e.end = len(c.text)
	}
}

// value converts the value at c.pos, at nesting depth (a document is 1),
// and returns its kind and height. Errors are *FormatError and
// *NeedsPython; a value with no JSON form is recorded in c.err.
func (c *converter) value(depth int, ctx context) (kind, int, error) {
	if depth > maxDepth {
		return 0, 0, c.needsPython(fmt.Sprintf("nested more than %d deep", maxDepth))
	}
	if c.pos >= len(c.data) {
		return 0, 0, c.format("the data ends where a value is expected")
	}
	at := c.pos
	code := c.data[at]
	c.pos++
	switch t := code &^ flagRef; t {
	case 'N':
		c.out = append(c.out, "null"...)
		return kNone, 0, nil
	case 'F':
		c.out = append(c.out, "false"...)
		return kFalse, 0, nil
	case 'T':
		c.out = append(c.out, "true"...)
		return kTrue, 0, nil
	case 'i':
		if len(c.data)-c.pos < 4 {
			return 0, 0, c.short(4)
		}
		r := c.enter(code, at, kInt)
		c.out = strconv.AppendInt(c.out, int64(int32(binary.LittleEndian.Uint32(c.data[c.pos:]))), 10)
		c.pos += 4
		c.close(r, kInt, 0)
		return kInt, 0, nil
	case 'r':
		// Most references are to a key or a small int: copy its JSON.
		if len(c.data)-c.pos >= 4 {
			if i := binary.LittleEndian.Uint32(c.data[c.pos:]); uint64(i) < uint64(len(c.refs)) {
				if r := &c.refs[i]; r.kind <= kStr && !r.open && !r.uncached && c.added+r.end-r.size <= c.limit {
					c.pos += 4
					c.added += r.end - r.size
					c.out = append(c.out, c.text[r.size:r.end]...)
					if r.kind == kStr {
						c.lastRaw0, c.lastRaw1 = c.strRaw(r.pos)
					}
					return r.kind, 0, nil
				}
			}
		}
		return c.reference(depth, ctx)
	case 'z', 'Z', 'a', 'A', 'u', 't':
		r := c.enter(code, at, kStr)
		n, err := c.count(t == 'z' || t == 'Z')
		if err != nil {
			return 0, 0, err
		}
		if len(c.data)-c.pos < n {
			return 0, 0, c.short(n)
		}
		k, err := c.str(n, t != 'u' && t != 't')
		if err != nil {
			return 0, 0, err
		}
		c.close(r, k, 0)
		return c.checkBad(k, ctx)
	case 'l':
		r := c.enter(code, at, kInt)
		if err := c.long(); err != nil {
			return 0, 0, err
		}
		c.close(r, kInt, 0)
		return kInt, 0, nil
	case 'g':
		if len(c.data)-c.pos < 8 {
			return 0, 0, c.short(8)
		}
		r := c.enter(code, at, kFloat)
		f := math.Float64frombits(binary.LittleEndian.Uint64(c.data[c.pos:]))
		c.pos += 8
		if math.IsNaN(f) || math.IsInf(f, 0) {
			c.out = append(c.out, "null"...)
			c.close(r, kBad, 0)
			c.lastBadStr = false
			switch ctx {
			case inSet:
				return 0, 0, c.needsPython("a set with NaN or an infinity")
			case inKey:
				c.fail("the key " + pytext.FloatRepr(f) + " is not a number JSON can hold")
			default:
				c.fail(pytext.FloatRepr(f) + " is not a number JSON can hold (NaN and infinities have no JSON form)")
			}
			return kBad, 0, nil
		}
		c.out = pytext.AppendFloatRepr(c.out, f)
		c.close(r, kFloat, 0)
		return kFloat, 0, nil
	case ')', '(', '[':
		if ctx != inValue {
			return 0, 0, c.needsPython("a tuple as a dict key or in a set")
		}
		n, err := c.count(t == ')')
		if err != nil {
			return 0, 0, err
		}
		r := c.enter(code, at, kList)
		h, err := c.list(n, depth)
		if err != nil {
			return 0, 0, err
		}
		c.close(r, kList, h)
		return kList, h, nil
	case '{':
		if ctx != inValue {
			return 0, 0, c.format("a dict as a dict key or in a set")
		}
		r := c.enter(code, at, kDict)
		h, err := c.dict(depth)
		if err != nil {
			return 0, 0, err
		}
		c.close(r, kDict, h)
		return kDict, h, nil
	case '<', '>':
		if ctx != inValue {
			return 0, 0, c.needsPython("a frozenset as a dict key or in a set")
		}
		n, err := c.size()
		if err != nil {
			return 0, 0, err
		}
		r := c.enter(code, at, kSet)
		if err := c.set(n, depth); err != nil {
			return 0, 0, err
		}
		c.close(r, kSet, 1)
		return kSet, 1, nil
	case 's':
		return 0, 0, c.needsPython("bytes, or an object with a buffer (a NumPy value, a memoryview)")
	case 'y', 'x':
		return 0, 0, c.needsPython("a complex number")
	case 'c':
		return 0, 0, c.needsPython("a code object")
	case '.', 'S':
		return 0, 0, c.needsPython("Ellipsis or StopIteration")
	case '0':
		return 0, 0, c.format("a null object where a value is expected")
	default:
		c.pos--
		return 0, 0, c.format(fmt.Sprintf("unknown type code %q", rune(t)))
	}
}

// strRaw is where the UTF-8 of the str value at pos is in the data,
// which has been read.
func (c *converter) strRaw(pos int) (int, int) {
	switch c.data[pos] &^ flagRef {
	case 'z', 'Z':
		return pos + 2, pos + 2 + int(c.data[pos+1])
	}
	n := int(binary.LittleEndian.Uint32(c.data[pos+1:]))
	return pos + 5, pos + 5 + n
}

// checkBad handles a str with a lone surrogate where it stands.
func (c *converter) checkBad(k kind, ctx context) (kind, int, error) {
	if k != kBad {
		return k, 0, nil
	}
	c.lastBadStr = true
	if ctx != inValue {
		return 0, 0, c.needsPython("a str with a lone surrogate as a dict key or in a set")
	}
	return kBad, 0, nil
}

// long writes an int of marshal's 15-bit digits.
func (c *converter) long() error {
	n, err := c.int32()
	if err != nil {
		return err
	}
	neg := n < 0
	digits := int(n)
	if neg {
		digits = -digits
	}
	if digits < 0 || 2*digits > len(c.data)-c.pos {
		return c.format(fmt.Sprintf("an int of %d digits with %d bytes left", digits, len(c.data)-c.pos))
	}
	if digits > maxLongDigits {
		return c.needsPython(fmt.Sprintf("an int of more than %d bits", 15*maxLongDigits))
	}
	if digits == 0 {
		c.out = append(c.out, '0')
		return nil
	}
	ds := c.data[c.pos : c.pos+2*digits]
	c.pos += 2 * digits
	for i := 0; i < digits; i++ {
		if binary.LittleEndian.Uint16(ds[2*i:]) >= 1<<15 {
			return c.format("an int digit out of range")
		}
	}
	if binary.LittleEndian.Uint16(ds[2*digits-2:]) == 0 {
		return c.format("an int with a leading zero digit")
	}
	if digits <= 4 { // 60 bits
		var v uint64
		for i := digits - 1; i >= 0; i-- {
			v = v<<15 | uint64(binary.LittleEndian.Uint16(ds[2*i:]))
		}
		if neg {
			c.out = append(c.out, '-')
		}
		c.out = strconv.AppendUint(c.out, v, 10)
		return nil
	}
	var v, d big.Int
	for i := digits - 1; i >= 0; i-- {
		v.Lsh(&v, 15)
		v.Or(&v, d.SetUint64(uint64(binary.LittleEndian.Uint16(ds[2*i:]))))
	}
	if neg {
		v.Neg(&v)
	}
	c.out = v.Append(c.out, 10)
	return nil
}

// str writes the str of n bytes at c.pos as a JSON string, escaped as
// json writes it with ensure_ascii=False. A lone surrogate makes it
// kBad, and the document's error.
func (c *converter) str(n int, ascii bool) (kind, error) {
	raw := c.data[c.pos : c.pos+n]
	c.lastRaw0, c.lastRaw1 = c.pos, c.pos+n
	c.pos += n
	if ascii {
		var all byte
		for _, b := range raw {
			all |= b
		}
		if all >= 0x80 {
			return 0, c.format("an ASCII str with a byte above 127")
		}
	} else if !utf8.Valid(raw) {
		msg, err := c.surrogate(raw, c.lastRaw0)
		if err != nil {
			return 0, err
		}
		c.fail(msg)
		c.out = append(c.out, "null"...)
		return kBad, nil
	}
	c.out = appendJSONString(c.out, raw)
	return kStr, nil
}

// surrogate describes the first lone surrogate of raw (UTF-8 but for
// surrogates, encoded as marshal encodes them) as the json route does.
func (c *converter) surrogate(raw []byte, start int) (string, error) {
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r != utf8.RuneError || size > 1 {
			i += size
			continue
		}
		if i+2 < len(raw) && raw[i] == 0xED && raw[i+1] >= 0xA0 && raw[i+1] <= 0xBF && raw[i+2]&0xC0 == 0x80 {
			cp := 0xD000 | rune(raw[i+1]&0x3F)<<6 | rune(raw[i+2]&0x3F)
			return fmt.Sprintf("character '\\u%04x' at offset %d of the string cannot be written as UTF-8 (a lone surrogate)",
				cp, utf8.RuneCount(raw[:i])), nil
		}
		return "", &FormatError{Offset: start + i, Msg: "a str that is not UTF-8"}
	}
	return "", &FormatError{Offset: start, Msg: "a str that is not UTF-8"}
}

// list writes n values as a JSON array and returns its height.
func (c *converter) list(n, depth int) (int, error) {
	c.out = append(c.out, '[')
	c.path = append(c.path, step{})
	top := len(c.path) - 1
	height := 0
	for i := 0; i < n; i++ {
		if i > 0 {
			c.out = append(c.out, ',')
		}
		c.path[top].index = i
		_, h, err := c.value(depth+1, inValue)
		if err != nil {
			return 0, err
		}
		height = max(height, h)
	}
	c.path = c.path[:top]
	c.out = append(c.out, ']')
	return height + 1, nil
}

// dict writes a dict as a JSON object, its keys as json writes them: a
// str as it is, an int, float, bool or None as the text of its JSON in
// quotes.
func (c *converter) dict(depth int) (int, error) {
	c.out = append(c.out, '{')
	height := 0
	for first := true; ; first = false {
		if c.pos >= len(c.data) {
			return 0, c.format("a dict not ended")
		}
		if c.data[c.pos] == '0' {
			c.pos++
			break
		}
		if !first {
			c.out = append(c.out, ',')
		}
		key0 := len(c.out)
		k, _, err := c.value(depth+1, inKey)
		if err != nil {
			return 0, err
		}
		isID := false
		switch k {
		case kStr:
			isID = depth == 1 && c.lastRaw1-c.lastRaw0 == 2 && c.data[c.lastRaw0] == 'i' && c.data[c.lastRaw0+1] == 'd'
		case kNone, kFalse, kTrue, kInt, kFloat:
			c.out = append(c.out, 0)
			copy(c.out[key0+1:], c.out[key0:len(c.out)-1])
			c.out[key0] = '"'
			c.out = append(c.out, '"')
		}
		c.path = append(c.path, step{index: -1, key0: key0, key1: len(c.out)})
		c.out = append(c.out, ':')
		vk, h, err := c.value(depth+1, inValue)
		if err != nil {
			return 0, err
		}
		c.path = c.path[:len(c.path)-1]
		height = max(height, h)
		if isID {
			switch {
			case vk == kStr:
				c.id0, c.id1 = c.lastRaw0, c.lastRaw1
			case vk == kBad && c.lastBadStr:
				c.idBad = true
			}
		}
	}
	c.out = append(c.out, '}')
	return height + 1, nil
}

// element is a set's element as written, for sorting.
type element struct {
	start, end int // its JSON in out
	kind       kind
	raw        []byte     // a str's UTF-8
	num        *big.Float // a number's value
}

// set writes n elements as the sorted list json writes for a set (the
// package writes sorted(s)): numbers by value, strs by code point; a set
// of two elements or more that mixes them, or holds None, cannot be
// sorted.
func (c *converter) set(n, depth int) error {
	c.out = append(c.out, '[')
	base := len(c.out)
	elems := make([]element, 0, min(n, 64))
	for i := 0; i < n; i++ {
		if i > 0 {
			c.out = append(c.out, ',')
		}
		start := len(c.out)
		k, _, err := c.value(depth+1, inSet)
		if err != nil {
			return err
		}
		e := element{start: start, end: len(c.out), kind: k}
		if k == kStr {
			e.raw = c.data[c.lastRaw0:c.lastRaw1]
		}
		elems = append(elems, e)
	}
	if len(elems) >= 2 {
		strs := 0
		for _, e := range elems {
			switch e.kind {
			case kStr:
				strs++
			case kNone:
				strs = -len(elems) - 1
			}
		}
		switch {
		case strs != 0 && strs != len(elems):
			c.fail("a set whose elements cannot be sorted has no order to write; give a list")
		case strs == len(elems):
			slices.SortFunc(elems, func(a, b element) int { return strings.Compare(string(a.raw), string(b.raw)) })
		default:
			for i := range elems {
				elems[i].num = c.number(elems[i])
			}
			slices.SortFunc(elems, func(a, b element) int { return a.num.Cmp(b.num) })
		}
		written := slices.Clone(c.out[base:])
		c.out = c.out[:base]
		for i, e := range elems {
			if i > 0 {
				c.out = append(c.out, ',')
			}
			c.out = append(c.out, written[e.start-base:e.end-base]...)
		}
	}
	c.out = append(c.out, ']')
	return nil
}

// number is the value of a number a set holds, exactly, from its JSON.
func (c *converter) number(e element) *big.Float {
	text := string(c.out[e.start:e.end])
	switch e.kind {
	case kFalse:
		return new(big.Float)
	case kTrue:
		return big.NewFloat(1)
	case kInt:
		var i big.Int
		i.SetString(text, 10)
		return new(big.Float).SetInt(&i)
	}
	f, _ := strconv.ParseFloat(text, 64)
	return big.NewFloat(f)
}

// reference converts again the value of the table's entry that comes
// next.
func (c *converter) reference(depth int, ctx context) (kind, int, error) {
	i, err := c.int32()
	if err != nil {
		return 0, 0, err
	}
	if i < 0 || int(i) >= len(c.refs) {
		return 0, 0, c.format(fmt.Sprintf("a reference to entry %d of %d", i, len(c.refs)))
	}
	r := &c.refs[i]
	if r.kind <= kStr && !r.open && !r.uncached {
		c.added += r.end - r.size
		if c.added > c.limit {
			return 0, 0, c.needsPython(fmt.Sprintf("shared values that expand past %d bytes of JSON", c.limit))
		}
		c.out = append(c.out, c.text[r.size:r.end]...)
		if r.kind == kStr {
			c.lastRaw0, c.lastRaw1 = c.strRaw(r.pos)
		}
		return r.kind, 0, nil
	}
	if r.open {
		switch {
		case int(i) == c.topRef:
			return 0, 0, c.needsPython("a document that holds the list of documents")
		case r.kind == kSet || ctx != inValue:
			return 0, 0, c.format("a reference to a set being read")
		}
		c.fail("the value contains itself")
		c.out = append(c.out, "null"...)
		c.lastBadStr = false
		return kBad, 0, nil
	}
	container := r.kind == kList || r.kind == kDict || r.kind == kSet
	if container {
		switch {
		case ctx != inValue:
			return 0, 0, c.needsPython("a tuple or frozenset as a dict key or in a set")
		case depth-1+int(r.height) > maxDepth:
			return 0, 0, c.needsPython(fmt.Sprintf("nested more than %d deep", maxDepth))
		case c.err != nil:
			// After the document's error only its id is wanted, which
			// no container holds (and one may hold itself).
			c.out = append(c.out, "null"...)
			return r.kind, int(r.height), nil
		}
	}
	c.added += r.size
	if c.added > c.limit {
		return 0, 0, c.needsPython(fmt.Sprintf("shared values that expand past %d bytes of JSON", c.limit))
	}
	back := c.pos
	c.pos = r.pos
	c.replaying++
	k, h, err := c.value(depth, ctx)
	c.replaying--
	c.pos = back
	return k, h, err
}
