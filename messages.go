package metricc

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
)

// MessageKind is what a warning or an error says, without where: the
// place it names (a file and line, a document, a quoted value, a number)
// taken out, so that the same repair warned about in 300 documents is one
// kind. Front ends show the first few messages of a kind and count the
// rest (WarningLimiter, GroupMessages).
func MessageKind(msg string) string {
	msg = placePrefix().ReplaceAllString(msg, "")
	msg = quoted().ReplaceAllString(msg, "…")
	msg = number().ReplaceAllString(msg, "#")
	return msg
}

// The patterns are compiled at their first use, not at every start of a
// program.
var (
	// placePrefix is what a message starts with to say where: a file (a
	// word with a "." or a "/"), with its line and column, and the
	// document or graph it is about.
	placePrefix = lazyRegexp(`^(?:[^\s:]*[./][^\s:]*(?::\d+)*: )?(?:(?:document|amr|graph|relation) (?:"(?:[^"\\]|\\.)*"|\d+)(?: \(line \d+\))?: )?`)
	quoted      = lazyRegexp(`"(?:[^"\\]|\\.)*"`)
	number      = lazyRegexp(`\d+(?:\.\d+)?`)
)

// lazyRegexp compiles expr at the first call of what it returns.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// WarningLimiter passes on the first few warnings of each kind
// (MessageKind) and counts the others; Summary then says how many of each
// kind were not shown. It may be called from several goroutines.
type WarningLimiter struct {
	perKind int
	out     func(string)

	mu     sync.Mutex
	counts map[string]int
	next   map[string]string // the first warning of a kind not passed on
	order  []string          // kinds in the order first seen
}

// NewWarningLimiter passes the first perKind warnings of each kind to out.
func NewWarningLimiter(perKind int, out func(string)) *WarningLimiter {
	return &WarningLimiter{perKind: perKind, out: out, counts: map[string]int{}, next: map[string]string{}}
}

// Warn passes w on, unless perKind warnings of its kind were passed on
// already.
func (l *WarningLimiter) Warn(w string) {
	kind := MessageKind(w)
	l.mu.Lock()
	n := l.counts[kind]
	if n == 0 {
		l.order = append(l.order, kind)
	}
	l.counts[kind] = n + 1
	if n == l.perKind {
		l.next[kind] = w
	}
	l.mu.Unlock()
	if n < l.perKind {
		l.out(w)
	}
}

// Summary has one line per kind of which some warnings were not passed
// on, in the order the kinds first came: how many, and the first of them.
func (l *WarningLimiter) Summary() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, kind := range l.order {
		if more := l.counts[kind] - l.perKind; more > 0 {
			out = append(out, fmt.Sprintf("%d more %s of this kind, the next: %s", more, plural(more, "warning", "warnings"), l.next[kind]))
		}
	}
	return out
}

// GroupMessages lists messages for a reader: a message repeated word for
// word once, with the number of times; of each kind (MessageKind) the
// first perKind, then one line counting the others and quoting the first
// of them. The kinds keep the
// order in which they first come.
func GroupMessages(msgs []string, perKind int) []string {
	type group struct {
		msgs   []string
		counts map[string]int
		more   int
		next   string // the first message not listed
	}
	groups := map[string]*group{}
	var order []string
	for _, m := range msgs {
		kind := MessageKind(m)
		g := groups[kind]
		if g == nil {
			g = &group{counts: map[string]int{}}
			groups[kind] = g
			order = append(order, kind)
		}
		if g.counts[m] == 0 {
			if len(g.msgs) == perKind {
				if g.more == 0 {
					g.next = m
				}
				g.more++
				continue
			}
			g.msgs = append(g.msgs, m)
		}
		g.counts[m]++
	}
	var out []string
	for _, kind := range order {
		g := groups[kind]
		for _, m := range g.msgs {
			if n := g.counts[m]; n > 1 {
				m = fmt.Sprintf("%s (%d times)", m, n)
			}
			out = append(out, m)
		}
		if g.more > 0 {
			out = append(out, fmt.Sprintf("... and %d more %s of this kind, the next: %s", g.more, plural(g.more, "error", "errors"), g.next))
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// WriteError writes err as the command line prints it: spec errors with
// their source line and caret, data errors grouped (the same message once,
// with its count; of a kind, the first few) and cut after 50 lines, any
// other error prefixed "metricc: ". Front ends that show errors (the
// playground, the Python package) print the same text.
func WriteError(w io.Writer, err error) {
	var list SpecErrors
	var one *SpecError
	var data DataErrors
	var datum *DataError
	switch {
	case errors.As(err, &list):
		list.Render(w)
	case errors.As(err, &one):
		one.Render(w)
	case errors.As(err, &data):
		msgs := make([]string, len(data))
		for i, e := range data {
			msgs[i] = e.Error()
		}
		lines := GroupMessages(msgs, dataErrorsPerKind)
		for i, m := range lines {
			if i == maxDataErrorLines {
				fmt.Fprintf(w, "... and %d more lines of errors\n", len(lines)-maxDataErrorLines)
				break
			}
			fmt.Fprintln(w, m)
		}
	case errors.As(err, &datum):
		fmt.Fprintln(w, datum.Error())
	default:
		msg := err.Error()
		if !strings.HasPrefix(msg, "metricc: ") && !strings.HasPrefix(msg, "metricc ") {
			msg = "metricc: " + msg
		}
		fmt.Fprintln(w, msg)
	}
}

// How many data errors of a kind WriteError prints before it counts the
// others, and how many lines of them at most.
const (
	dataErrorsPerKind = 5
	maxDataErrorLines = 50
)
