// Package pieces parses one file on several cores: the file is cut into
// pieces at places where a parser's state is known (a blank line between
// two AMRs, the end of a line of JSON, ...), the pieces are parsed at once,
// each by a parser of its own, and their results are merged in file order,
// so that what an adapter makes of a file (its documents, warnings and
// errors, in order) is what one parser reading it from start to end makes.
//
// The cores are those the run may use (GOMAXPROCS, which --workers N sets
// to N), shared by every file read at once: the goroutine that reads a
// file parses its pieces itself, and helpers parse pieces ahead of it only
// while the process has a core to spare. The gold and the predicted files
// of a run on two cores are then each read on one core, as they always
// were, until the smaller one is read; its core then helps with the
// other. With one core an adapter reads a file line after line. Pieces are
// of about a hundred kilobytes and only a few of them are held at once, so
// that memory follows the parsed results, not the file.
package pieces

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
)

// Size is the size pieces are cut to (a piece ends at the first safe
// place at or after it): large enough that starting a parser is nothing
// beside parsing it, small enough that a file of a megabyte keeps every
// core busy to its end, and that the pieces held take little memory.
const Size = 128 << 10

// Workers is how many goroutines may parse the pieces of a file: the cores
// the run may use.
func Workers() int { return runtime.GOMAXPROCS(0) }

// busy counts the goroutines of the process that are reading files in
// pieces (one per file) or helping to (Ordered): helpers start only while
// it is below GOMAXPROCS.
var busy atomic.Int64

// spare takes a core for a helper, if one is free.
func spare() bool {
	for {
		b := busy.Load()
		if b >= int64(runtime.GOMAXPROCS(0)) {
			return false
		}
		if busy.CompareAndSwap(b, b+1) {
			return true
		}
	}
}

// Piece is a part of a file: its bytes, its position among the pieces,
// and how many lines come before it.
type Piece struct {
	Data  []byte
	Index int
	Line  int
}

// Ordered parses pieces and merges their results in order on the calling
// goroutine. next gives the pieces, in order, until it returns false;
// they are parsed by the calling goroutine and, while the process has
// cores to spare, by up to workers-1 helpers ahead of it; at most
// workers+3 pieces are held (read, parsed or waiting to be merged) at
// once. merge returning false stops the reading: the pieces already given
// may be parsed but are not merged. With one worker, each piece is parsed
// and merged in turn.
func Ordered[P, R any](workers int, next func() (P, bool), parse func(P) R, merge func(P, R) bool) {
	OrderedAhead(workers, func(bool) (P, bool, bool) {
		p, ok := next()
		return p, true, ok
	}, parse, merge)
}

// OrderedAhead is Ordered for a reader that prepares a piece for being
// parsed ahead of the merge only when that can happen: next(ahead) is
// told whether a helper may parse the piece (a core is spare, or a
// helper runs), and says whether the piece may be; one that may not is
// parsed by the calling goroutine once every piece before it is merged,
// and parse may then read what merge made of them. (A reader that must
// count the lines of every piece to parse them ahead counts none while
// the cores are busy.)
func OrderedAhead[P, R any](workers int, next func(ahead bool) (p P, mayAhead, ok bool), parse func(P) R, merge func(P, R) bool) {
	if workers <= 1 {
		for {
			p, _, ok := next(false)
			if !ok || !merge(p, parse(p)) {
				return
			}
		}
	}
	busy.Add(1)
	defer busy.Add(-1)
	type job struct {
		p       P
		n       int
		inOrder bool // parsed by the merging goroutine, in turn
		out     outcome[R]
		done    chan struct{}
		merged  chan struct{} // of a piece parsed in turn
	}
	window := workers + 1
	todo := make(chan *job, window+1) // not yet taken by anyone
	order := make(chan *job, window)  // not yet merged
	stop := make(chan struct{})
	run := func(j *job) {
		j.out = parseOne(j.p, j.n, parse)
		close(j.done)
	}
	var helpers atomic.Int64
	var running sync.WaitGroup // the helpers, gone before Ordered returns
	helper := func() {
		defer running.Done()
		defer busy.Add(-1)
		defer helpers.Add(-1)
		// A helper waits for pieces until the last one is given, and gives
		// its core back early when more goroutines read files than there
		// are cores (files opened since it started).
		for j := range todo {
			run(j)
			if busy.Load() > int64(runtime.GOMAXPROCS(0)) {
				return
			}
		}
	}
	go func() {
		defer close(order)
		defer close(todo)
		for n := 0; ; n++ {
			// A piece may be parsed ahead while a core is spare, or
			// while a helper runs and no more goroutines read files
			// than there are cores (when more do, the helpers give
			// their cores back, and pieces read ahead would only hold
			// buffers: a file opened at once with another would read
			// a few ahead before the other starts).
			b, procs := busy.Load(), int64(runtime.GOMAXPROCS(0))
			ahead := b < procs || helpers.Load() > 0 && b <= procs
			p, mayAhead, ok := next(ahead)
			if !ok {
				return
			}
			j := &job{p: p, n: n, inOrder: !mayAhead, done: make(chan struct{}), merged: make(chan struct{})}
			select {
			case order <- j:
			case <-stop:
				return
			}
			if j.inOrder {
				// No piece is read ahead of one parsed in turn: the cores
				// are busy, and it would only hold memory.
				select {
				case <-j.merged:
				case <-stop:
					return
				}
				continue
			}
			todo <- j // room: the jobs in todo are among those in order, and the one merging
			if helpers.Load() < int64(workers-1) && spare() {
				helpers.Add(1)
				running.Add(1)
				go helper()
			}
		}
	}()
	merging := true
	var failure any
	for j := range order {
		if !merging {
			continue
		}
		if j.inOrder {
			run(j)
		}
		// Parse pieces until this one is parsed: itself, or, while a
		// helper parses it, the ones after it.
		for waiting, more := true, todo; waiting; {
			select {
			case <-j.done:
				waiting = false
			case k, ok := <-more:
				if !ok {
					more = nil // all taken: wait for the helpers
					continue
				}
				run(k)
			}
		}
		if j.out.panic != nil {
			failure = j.out.panic
		}
		if failure != nil || !merge(j.p, j.out.r) {
			merging = false
			close(stop)
		}
		close(j.merged)
	}
	running.Wait()
	if failure != nil {
		panic(failure) // on the caller's goroutine, where it is recovered
	}
}

// outcome is a piece parsed, or the panic that parsing it raised.
type outcome[R any] struct {
	r     R
	panic any
}

func parseOne[P, R any](p P, n int, parse func(P) R) (o outcome[R]) {
	defer func() {
		if x := recover(); x != nil {
			o.panic = fmt.Sprintf("%v (parsing piece %d)\n%s", x, n, debug.Stack())
		}
	}()
	o.r = parse(p)
	return o
}

// Cut cuts data into pieces of about size bytes, each ending where safe
// says: safe(data, at) is the first place at or after at where a piece may
// end (len(data) when there is none). Their Line is left for the caller
// to count (on several cores, in a first pass over the pieces).
func Cut(data []byte, size int, safe func(data []byte, at int) int) []Piece {
	var out []Piece
	for start := 0; start < len(data); {
		end := len(data)
		if start+size < len(data) {
			end = max(safe(data, start+size), start+1)
		}
		out = append(out, Piece{Data: data[start:end], Index: len(out)})
		start = end
	}
	return out
}

// Each gives the pieces of a list, in order, to Ordered.
func Each(list []Piece) func() (Piece, bool) {
	k := 0
	return func() (Piece, bool) {
		if k == len(list) {
			return Piece{}, false
		}
		k++
		return list[k-1], true
	}
}

// Lines reads r in pieces of about size bytes, each ending after a '\n'
// (a line longer than size makes its piece longer), the last one at the
// end of r. Each piece is a copy of its own; Line counts the '\n' before
// it. After the last piece, Err is the error that ended the reading, nil
// at the end of r.
type Lines struct {
	// Cut, when set, says where a piece may end in what was read: the
	// largest such place, or -1 for none (the piece then grows). By
	// default, after the last '\n'.
	Cut func(buf []byte) int
	// Count, when set, counts the lines a piece ends, for the Line of the
	// next; by default its '\n'.
	Count func(piece []byte) int

	r    io.Reader
	size int
	rest []byte // read, not yet in a piece: the start of the next one, after the last piece in its buffer
	eof  bool
	n    int
	line int
	free chan []byte // buffers of pieces merged, for the next ones
	Err  error
}

// NewLines reads r in pieces of about size bytes.
func NewLines(r io.Reader, size int) *Lines {
	return &Lines{r: r, size: max(size, 1), free: make(chan []byte, 8)}
}

// Recycle gives back the buffer of a piece that nothing refers to any
// more, for a piece to come: a file is then read into a few buffers, not
// into as many as it has pieces.
func (l *Lines) Recycle(p Piece) {
	select {
	case l.free <- p.Data[:0]:
	default:
	}
}

// Next returns the next piece, or false at the end of r or at an error.
func (l *Lines) Next() (Piece, bool) {
	// What was read after the last piece is still at the end of its
	// buffer: it starts the next piece's buffer, which is that one when
	// the piece has been given back already (it moves to the front).
	buf := append(l.buffer(), l.rest...)
	l.rest = nil
	// A piece ends at the last place Cut allows in what was read, once
	// size bytes are read; where there is none, at twice as many, and so
	// on (so that a long line is looked through a few times, not once
	// per read), or at the end of r.
	try := l.size
	for {
		if !l.eof && len(buf) >= try || l.eof && len(buf) > l.size {
			if k := l.cut(buf); k > 0 && (k < len(buf) || !l.eof) {
				l.rest = buf[k:]
				return l.piece(buf[:k]), true
			}
			try = 2 * len(buf)
		}
		if l.eof {
			if len(buf) == 0 {
				return Piece{}, false
			}
			return l.piece(buf), true
		}
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, cap(buf))
		}
		m, err := l.r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		switch {
		case err == io.EOF:
			l.eof = true
		case err != nil:
			l.Err, l.eof = err, true
			return Piece{}, false
		}
	}
}

// buffer is an empty buffer: one given back, or a new one.
func (l *Lines) buffer() []byte {
	select {
	case b := <-l.free:
		return b
	default:
		return make([]byte, 0, l.size+l.size/8)
	}
}

func (l *Lines) cut(buf []byte) int {
	if l.Cut != nil {
		return l.Cut(buf)
	}
	return bytes.LastIndexByte(buf, '\n') + 1
}

func (l *Lines) piece(data []byte) Piece {
	p := Piece{Data: data, Index: l.n, Line: l.line}
	l.n++
	if l.Count != nil {
		l.line += l.Count(data)
	} else {
		l.line += bytes.Count(data, []byte{'\n'})
	}
	return p
}

// Idle keeps the parsers of pieces already parsed for the pieces to come,
// so that a run grows the buffers of a few parsers, not of one a piece.
type Idle[T any] struct{ free chan T }

// NewIdle keeps at most n parsers.
func NewIdle[T any](n int) *Idle[T] { return &Idle[T]{free: make(chan T, n)} }

// Get returns a kept parser made ready by reset (nil: as it is), or a new
// one.
func (i *Idle[T]) Get(fresh func() T, reset func(T)) T {
	select {
	case x := <-i.free:
		if reset != nil {
			reset(x)
		}
		return x
	default:
		return fresh()
	}
}

// Put keeps x for a later Get, unless n are kept already.
func (i *Idle[T]) Put(x T) {
	select {
	case i.free <- x:
	default:
	}
}
