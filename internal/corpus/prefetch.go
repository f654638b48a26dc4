package corpus

import (
	"errors"
	"io"

	"github.com/metricc/metricc/internal/document"
)

// prefetch reads a stream ahead on a goroutine of its own, so that a file
// is parsed while the documents before it are scored (and the gold and
// the prediction are parsed at once). What the pairer sees is the same,
// step by step: each document with the error and the warnings its Next
// gave.
type prefetch struct {
	document.Stream
	steps chan []step
	batch []step
	warn  []string
	stop  chan struct{}
	// The stream's conventions: read before the reading starts, and the
	// pairing hint once it has ended (the stream is not read from two
	// goroutines).
	rule       document.Unpaired
	who        string
	hint       string
	positional bool
}

type step struct {
	doc  document.Doc
	err  error
	warn []string
}

// prefetchBatch is how many documents a reader hands over at once, and
// prefetchAhead how many batches it may read ahead: enough to keep the
// workers busy, few enough that memory still follows the largest
// documents.
const (
	prefetchBatch = 16
	prefetchAhead = 4
)

// newPrefetch starts reading s; stop, once closed, ends the reading early
// (the run failed).
func newPrefetch(s document.Stream, stop chan struct{}) *prefetch {
	p := &prefetch{Stream: s, steps: make(chan []step, prefetchAhead), stop: stop}
	if c, ok := s.(document.Conventional); ok {
		p.rule, p.who = c.Unpaired()
	}
	p.positional = s.Positional()
	go p.read()
	return p
}

func (p *prefetch) read() {
	defer close(p.steps)
	defer func() {
		if h, ok := p.Stream.(document.Hinted); ok {
			p.hint = h.PairHint()
		}
	}()
	var batch []step
	for {
		d, err := p.Stream.Next()
		if batch == nil { // of its full size at once, not grown in copies
			batch = make([]step, 0, prefetchBatch)
		}
		batch = append(batch, step{d, err, p.Stream.Warnings()})
		last := err != nil && !isDocError(err)
		if len(batch) == prefetchBatch || last {
			select {
			case p.steps <- batch:
			case <-p.stop:
				return
			}
			batch = nil
		}
		if last {
			return
		}
	}
}

// isDocError says whether err is one unreadable document, after which the
// stream goes on.
func isDocError(err error) bool {
	var de *document.DataError
	return errors.As(err, &de)
}

func (p *prefetch) Next() (document.Doc, error) {
	if len(p.batch) == 0 {
		b, ok := <-p.steps
		if !ok {
			p.warn = nil
			return document.Doc{}, io.EOF
		}
		p.batch = b
	}
	s := p.batch[0]
	p.batch[0] = step{} // the document is the caller's: the batch lets it go
	p.batch = p.batch[1:]
	p.warn = s.warn
	return s.doc, s.err
}

func (p *prefetch) Warnings() []string {
	w := p.warn
	p.warn = nil
	return w
}

// The conventions of the stream read (see document.Conventional and
// document.Hinted); the hint is known once the stream has been read.
func (p *prefetch) Unpaired() (document.Unpaired, string) { return p.rule, p.who }
func (p *prefetch) PairHint() string                      { return p.hint }
func (p *prefetch) Positional() bool                      { return p.positional }
