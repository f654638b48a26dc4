package pieces

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOrdered: results are merged in the order of the pieces whatever
// order they are parsed in, and no more than workers+3 pieces are held
// (read, parsed or waiting).
func TestOrdered(t *testing.T) {
	const n = 200
	var given, merged, most atomic.Int64
	next := func() func() (Piece, bool) {
		k := 0
		return func() (Piece, bool) {
			if k == n {
				return Piece{}, false
			}
			k++
			held := given.Add(1) - merged.Load()
			for {
				m := most.Load()
				if held <= m || most.CompareAndSwap(m, held) {
					break
				}
			}
			return Piece{Index: k - 1, Line: 10 * (k - 1)}, true
		}
	}
	var order []int
	Ordered(3, next(), func(p Piece) string {
		if p.Index%7 == 0 {
			time.Sleep(time.Millisecond) // later pieces finish first
		}
		return fmt.Sprint(p.Line)
	}, func(p Piece, r string) bool {
		merged.Add(1)
		assert.Equal(t, fmt.Sprint(10*p.Index), r)
		order = append(order, p.Index)
		return true
	})
	require.Len(t, order, n)
	for i, k := range order {
		require.Equal(t, i, k)
	}
	assert.LessOrEqual(t, most.Load(), int64(3+3))
}

// TestOrderedHelps: with a core to spare, a piece is parsed while
// another is; with none (the cores busy reading other files), the pieces
// are parsed by the reading goroutine alone.
func TestOrderedHelps(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	list := make([]Piece, 8)
	for i := range list {
		list[i].Index = i
	}
	var parsing, most atomic.Int64
	began := time.Now()
	parse := func(waits bool) func(Piece) int {
		return func(p Piece) int {
			wait := waits
			n := parsing.Add(1)
			defer parsing.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			// The first piece waits (10 s at most) for another to be
			// parsed with it.
			for wait && p.Index == 0 && most.Load() < 2 && parsing.Load() < 2 {
				time.Sleep(time.Millisecond)
				if wait = time.Since(began) < 10*time.Second; !wait {
					break
				}
			}
			return p.Index
		}
	}
	merged := 0
	Ordered(2, Each(list), parse(true), func(p Piece, r int) bool { merged++; return p.Index == r })
	assert.Equal(t, 8, merged)
	assert.Equal(t, int64(2), most.Load(), "a helper parses pieces ahead")
	assert.Equal(t, int64(0), busy.Load())

	busy.Add(2) // two files being read on the two cores
	most.Store(0)
	Ordered(2, Each(list), parse(false), func(Piece, int) bool { return true })
	busy.Add(-2)
	assert.Equal(t, int64(1), most.Load(), "no helper while the cores are busy")
}

// TestOrderedAhead: a piece that may not be read ahead is parsed once the
// pieces before it are merged, and none is read ahead of it; the others
// may be parsed before.
func TestOrderedAhead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	merged, read := 0, 0
	var asked []bool
	OrderedAhead(3, func(ahead bool) (Piece, bool, bool) {
		asked = append(asked, ahead)
		read++
		// pieces 0-9 may be read ahead, 10-19 not
		return Piece{Index: read - 1}, read <= 10, read <= 20
	}, func(p Piece) int {
		if p.Index >= 10 {
			assert.Equal(t, p.Index, merged, "piece %d parsed in turn", p.Index)
			assert.Equal(t, p.Index+1, read, "nothing read ahead of piece %d", p.Index)
		}
		return p.Index
	}, func(p Piece, r int) bool {
		assert.Equal(t, merged, r)
		merged++
		return true
	})
	assert.Equal(t, 20, merged)
	assert.True(t, asked[0], "a core is spare")
}

// TestOrderedStop: once merge says stop, no more pieces are read.
func TestOrderedStop(t *testing.T) {
	read := 0
	Ordered(2, func() (Piece, bool) {
		read++
		return Piece{Index: read - 1}, read <= 1000
	}, func(p Piece) int { return p.Index }, func(p Piece, r int) bool { return r < 5 })
	assert.Less(t, read, 20)
}

// TestOrderedPanic: a panic while parsing a piece is raised on the
// merging goroutine, naming the piece.
func TestOrderedPanic(t *testing.T) {
	defer func() {
		r := recover()
		require.NotNil(t, r)
		assert.Contains(t, fmt.Sprint(r), "boom (parsing piece 3)")
	}()
	Ordered(2, Each([]Piece{{Index: 0}, {Index: 1, Line: 10}, {Index: 2, Line: 20}, {Index: 3, Line: 30}, {Index: 4, Line: 40}}),
		func(p Piece) int {
			if p.Index == 3 {
				panic("boom")
			}
			return p.Index
		}, func(Piece, int) bool { return true })
	t.Fatal("no panic")
}

// TestCut: pieces cover the data, each ends where safe says.
func TestCut(t *testing.T) {
	data := []byte("aa|bbbb|c|ddddddd|e")
	bar := func(data []byte, at int) int {
		if k := bytes.IndexByte(data[at:], '|'); k >= 0 {
			return at + k + 1
		}
		return len(data)
	}
	var got []string
	for _, p := range Cut(data, 3, bar) {
		got = append(got, fmt.Sprintf("%d:%s", p.Index, p.Data))
	}
	assert.Equal(t, []string{"0:aa|bbbb|", "1:c|ddddddd|", "2:e"}, got)
	assert.Empty(t, Cut(nil, 3, bar))
	assert.Len(t, Cut(data, len(data), bar), 1)
}

// TestLines: pieces end after a '\n' (a longer line makes a longer piece),
// count the lines before them, and join into what was read.
func TestLines(t *testing.T) {
	long := strings.Repeat("x", 50)
	for _, text := range []string{"", "\n", "a\nb\nc", "a\nb\nc\n", long + "\n" + long + "\nshort\n" + long, "\r\n\r\n" + long + "\r\n"} {
		for _, size := range []int{1, 3, 8, 1000} {
			l := NewLines(iotest.OneByteReader(strings.NewReader(text)), size)
			var joined strings.Builder
			lines := 0
			for p, ok := l.Next(); ok; p, ok = l.Next() {
				require.NotEmpty(t, p.Data)
				assert.Equal(t, lines, p.Line, "%q", text)
				lines += strings.Count(string(p.Data), "\n")
				if !bytes.HasSuffix(p.Data, []byte("\n")) {
					_, more := l.Next()
					assert.False(t, more, "only the last piece may end inside a line")
					joined.Write(p.Data)
					break
				}
				joined.Write(p.Data)
			}
			assert.NoError(t, l.Err)
			assert.Equal(t, text, joined.String(), "size %d", size)
		}
	}
}

// TestLinesCut: pieces end where Cut says, Line counts what Count says,
// and recycled buffers hold the pieces that follow.
func TestLinesCut(t *testing.T) {
	text := "a\n|b\nc\n|" + strings.Repeat("d", 40) + "\n|e\r\n|f"
	l := NewLines(iotest.HalfReader(strings.NewReader(text)), 4)
	l.Cut = func(buf []byte) int { return bytes.LastIndexByte(buf, '|') + 1 }
	l.Count = func(p []byte) int { return bytes.Count(p, []byte{'|'}) * 10 }
	var got []string
	for p, ok := l.Next(); ok; p, ok = l.Next() {
		got = append(got, fmt.Sprintf("%d:%s", p.Line, p.Data))
		l.Recycle(p)
	}
	require.NoError(t, l.Err)
	// After the long line, the piece grows to the end of what was read.
	assert.Equal(t, []string{"0:a\n|", "10:b\nc\n|", "20:" + strings.Repeat("d", 40) + "\n|e\r\n|", "40:f"}, got)
}

// TestLinesError: a read error ends the pieces and is kept.
func TestLinesError(t *testing.T) {
	boom := errors.New("boom")
	l := NewLines(io.MultiReader(strings.NewReader("a\nb\n"), iotest.ErrReader(boom)), 2)
	var got []string
	for p, ok := l.Next(); ok; p, ok = l.Next() {
		got = append(got, string(p.Data))
	}
	assert.Equal(t, []string{"a\n", "b\n"}, got)
	assert.ErrorIs(t, l.Err, boom)
}

// TestLinesOneBuffer: a reader that gives each piece back before asking
// for the next reads the whole text into one buffer (what was read past a
// piece moves to the front of it), and the pieces still join into the
// text.
func TestLinesOneBuffer(t *testing.T) {
	text := strings.Repeat("ab\ncdefg\nh\n", 20) + "end"
	l := NewLines(iotest.HalfReader(strings.NewReader(text)), 8)
	var joined strings.Builder
	first := (*byte)(nil)
	for p, ok := l.Next(); ok; p, ok = l.Next() {
		joined.Write(p.Data)
		if first == nil {
			first = &p.Data[0]
		}
		assert.Same(t, first, &p.Data[0], "piece %d", p.Index)
		l.Recycle(p)
	}
	require.NoError(t, l.Err)
	assert.Equal(t, text, joined.String())
}

// TestAheadStopsWhenOversubscribed: once more goroutines read files than
// there are cores (here two other files start while a helper parses this
// one's first pieces), the pieces that follow are not read ahead, though
// the helper has not given its core back yet: they would only hold
// buffers.
func TestAheadStopsWhenOversubscribed(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	release := make(chan struct{})
	var aheads []bool
	OrderedAhead(2, func(ahead bool) (int, bool, bool) {
		n := len(aheads)
		aheads = append(aheads, ahead)
		switch n {
		case 1: // a helper parses piece 0 or 1, and waits
			busy.Add(2)
		case 2:
			close(release)
		case 3:
			return 0, false, false
		}
		return n, ahead, true
	}, func(p int) int {
		<-release
		return p
	}, func(int, int) bool { return true })
	busy.Add(-2)
	assert.Equal(t, []bool{true, true, false, false}, aheads)
}

// TestIdle: a parser put back is the next one got, made ready by reset;
// beyond n, parsers put back are dropped and new ones made.
func TestIdle(t *testing.T) {
	made, resets := 0, 0
	fresh := func() *int { made++; v := made; return &v }
	reset := func(*int) { resets++ }
	idle := NewIdle[*int](1)
	a := idle.Get(fresh, reset)
	b := idle.Get(fresh, reset)
	idle.Put(a)
	idle.Put(b) // dropped: one is kept
	if c := idle.Get(fresh, reset); c != a {
		t.Errorf("got parser %d, want the one put back first (%d)", *c, *a)
	}
	if d := idle.Get(fresh, nil); d == a || d == b || *d != 3 {
		t.Errorf("got parser %d, want a new one (3)", *d)
	}
	if made != 3 || resets != 1 {
		t.Errorf("made %d parsers and reset %d, want 3 and 1", made, resets)
	}
}
