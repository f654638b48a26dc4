package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/metricc/metricc"
)

// isTerminal reports whether w is a terminal (a character device), where
// colours and progress lines belong; never when NO_COLOR is set for
// colours or TERM is dumb.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progressDelay is how long a run goes before it shows progress, and
// progressEvery how often the line is redrawn.
const (
	progressDelay = time.Second
	progressEvery = 200 * time.Millisecond
)

// startProgress shows, on a terminal stderr, a progress line for a run
// that lasts over a second: documents scored (they are read as a stream,
// so their number is known only at the end), the rate, and the
// latent-variable searches not proven optimal so far. It returns the
// function that stops it and erases the line. Elsewhere it does nothing.
func startProgress(stderr io.Writer, opts *metricc.Options) func() {
	if !isTerminal(stderr) {
		return func() {}
	}
	p := &metricc.Progress{}
	opts.Progress = p
	return showProgress(stderr, p, progressDelay, progressEvery)
}

// showProgress redraws the line every `every` after `delay`, until stopped.
func showProgress(w io.Writer, p *metricc.Progress, delay, every time.Duration) func() {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	start := time.Now()
	go func() {
		defer wg.Done()
		select {
		case <-done:
			return
		case <-time.After(delay):
		}
		tick := time.NewTicker(every)
		defer tick.Stop()
		width := 0
		for {
			line := progressLine(p, time.Since(start))
			fmt.Fprintf(w, "\r%-*s", width, line)
			width = max(width, len(line))
			select {
			case <-done:
				fmt.Fprintf(w, "\r%s\r", strings.Repeat(" ", width))
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

func progressLine(p *metricc.Progress, elapsed time.Duration) string {
	done, unproven := p.Counts()
	if done == 0 {
		return "metricc: reading the inputs..."
	}
	rate := float64(done) / elapsed.Seconds()
	line := fmt.Sprintf("metricc: %d documents scored, %.0f/s", done, rate)
	if unproven > 0 {
		line += fmt.Sprintf(", %d pairs not proven optimal yet", unproven)
	}
	return line
}
