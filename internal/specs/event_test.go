package specs_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
)

type evSpan struct {
	Left  int `json:"left"`
	Right int `json:"right"`
}

type evTrigger struct {
	Mention evSpan `json:"mention"`
	Type    string `json:"type"`
}

type evArg struct {
	Mention evSpan `json:"mention"`
	Role    string `json:"role"`
}

type evEvent struct {
	Trigger evTrigger `json:"trigger"`
	Args    []evArg   `json:"args"`
}

type evDoc struct {
	Events []evEvent `json:"events"`
}

// Expected corpus values for testdata/event, counted by hand (distinct
// events and arguments; the README has the table per document):
//
//	document      events p/g  trig id/cls  args p/g  arg id/cls  flat id/cls
//	li2013          2 / 2       2 / 2       5 / 7      4 / 3       4 / 3
//	empty           0 / 0       0 / 0       0 / 0      0 / 0       0 / 0
//	no-pred         0 / 1       0 / 0       0 / 2      0 / 0       0 / 0
//	trigger-span    1 / 1       0 / 0       2 / 2      0 / 0       2 / 2
//	trigger-type    1 / 1       1 / 0       2 / 2      0 / 0       0 / 0
//	dups            2 / 2       2 / 2       3 / 1      1 / 1       1 / 1
//	total           6 / 7       5 / 4      12 / 14     5 / 4       7 / 6
var eventWant = map[string]prf{
	"trig_id":      counts(5, 6, 7),
	"trig_cls":     counts(4, 6, 7),
	"arg_id":       counts(5, 12, 14),
	"arg_cls":      counts(4, 12, 14),
	"arg_id_flat":  counts(7, 12, 14),
	"arg_cls_flat": counts(6, 12, 14),
}

// TestEventSpec scores testdata/event with event.metric.
func TestEventSpec(t *testing.T) {
	res := scoreTask(t, "event", metricc.Options{})
	assert.Equal(t, 6, res.Documents)
	assertPRF(t, "corpus", corpusPRF(res), eventWant)

	// Li, Ji and Huang (2013)'s example, as in metametric's
	// test_event_extraction.py: triggers 1.0; argument identification
	// P = 4/5, R = 4/7; classification P = 3/5, R = 3/7.
	li := map[string]prf{
		"trig_id":      {1, 1, 1},
		"trig_cls":     {1, 1, 1},
		"arg_id":       counts(4, 5, 7),
		"arg_cls":      counts(3, 5, 7),
		"arg_id_flat":  counts(4, 5, 7),
		"arg_cls_flat": counts(3, 5, 7),
	}
	assertPRF(t, "li2013", docPRF(t, res, "li2013"), li)

	// metametric (the paper's library) run on the same files, see
	// testdata/event/README.md: on the documents where it does not meet
	// an empty collection, its summed sums are trig_id 3/4/4, trig_cls
	// 2/4/4, arg_id 4/9/11 and arg_cls 3/9/11 (Σ(X,Y)/Σ(X,X)/Σ(Y,Y)).
	mm := subsetPRF(t, res, []string{"li2013", "trigger-span", "trigger-type"})
	for _, flat := range []string{"arg_id_flat", "arg_cls_flat"} {
		delete(mm, flat) // not in metametric
	}
	assertPRF(t, "metametric", mm, map[string]prf{
		"trig_id":  counts(3, 4, 4),
		"trig_cls": counts(2, 4, 4),
		"arg_id":   counts(4, 9, 11),
		"arg_cls":  counts(3, 9, 11),
	})
}

// TestEventBruteForce recomputes testdata/event from the definitions:
// triggers by multiset intersection; event-aligned arguments by trying
// every one-to-one matching of events; flattened (ACE) arguments by
// multiset intersection of (event type, argument) keys.
func TestEventBruteForce(t *testing.T) {
	gold, ids := readDocs[evDoc](t, "event", "gold.json")
	pred, _ := readDocs[evDoc](t, "event", "pred.json")
	assertPRF(t, "brute force", eventBrute(gold, pred, ids), eventWant)
}

// eventBrute is the brute-force recomputation of TestEventBruteForce.
func eventBrute(gold, pred map[string]evDoc, ids []string) map[string]prf {
	type sums struct{ num, np, ng int }
	total := map[string]*sums{}
	add := func(name string, num, np, ng int) {
		s := total[name]
		if s == nil {
			s = &sums{}
			total[name] = s
		}
		s.num, s.np, s.ng = s.num+num, s.np+np, s.ng+ng
	}
	clean := func(events []evEvent) []evEvent {
		events = distinct(events)
		out := make([]evEvent, len(events))
		for i, e := range events {
			out[i] = evEvent{e.Trigger, distinct(e.Args)}
		}
		return out
	}
	for _, id := range ids {
		xs, ys := clean(pred[id].Events), clean(gold[id].Events)
		trig := func(key func(evTrigger) string) int {
			var kx, ky []string
			for _, e := range xs {
				kx = append(kx, key(e.Trigger))
			}
			for _, e := range ys {
				ky = append(ky, key(e.Trigger))
			}
			return multisetOverlap(kx, ky)
		}
		add("trig_id", trig(func(tr evTrigger) string { return fmt.Sprint(tr.Mention) }), len(xs), len(ys))
		add("trig_cls", trig(func(tr evTrigger) string { return fmt.Sprint(tr) }), len(xs), len(ys))

		argKeys := func(args []evArg, key func(evArg) string) []string {
			var out []string
			for _, a := range args {
				out = append(out, key(a))
			}
			return out
		}
		np, ng := 0, 0
		for _, e := range xs {
			np += len(e.Args)
		}
		for _, e := range ys {
			ng += len(e.Args)
		}
		for name, key := range map[string]func(evArg) string{
			"arg_id":  func(a evArg) string { return fmt.Sprint(a.Mention) },
			"arg_cls": func(a evArg) string { return fmt.Sprint(a) },
		} {
			pair := func(x, y evEvent) int {
				if x.Trigger != y.Trigger {
					return 0
				}
				return multisetOverlap(argKeys(x.Args, key), argKeys(y.Args, key))
			}
			add(name, bestMatching(len(xs), len(ys), func(i, j int) int { return pair(xs[i], ys[j]) }), np, ng)
		}
		for name, key := range map[string]func(evEvent, evArg) string{
			"arg_id_flat":  func(e evEvent, a evArg) string { return fmt.Sprint(e.Trigger.Type, a.Mention) },
			"arg_cls_flat": func(e evEvent, a evArg) string { return fmt.Sprint(e.Trigger.Type, a) },
		} {
			var kx, ky []string
			for _, e := range xs {
				for _, a := range e.Args {
					kx = append(kx, key(e, a))
				}
			}
			for _, e := range ys {
				for _, a := range e.Args {
					ky = append(ky, key(e, a))
				}
			}
			add(name, multisetOverlap(kx, ky), np, ng)
		}
	}
	got := map[string]prf{}
	for name, s := range total {
		got[name] = counts(float64(s.num), float64(s.np), float64(s.ng))
	}
	return got
}

// TestEventRandom compares event.metric with the brute force on random
// corpora: predictions are perturbed copies of the gold events (trigger
// spans shifted, types and roles changed, arguments dropped, shifted or
// added, events added), with few spans, types and roles so that triggers
// and arguments collide. Arguments are listed in a fixed order and
// without repeats: the brute force compares events as written.
func TestEventRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	types := []string{"Attack", "Die"}
	roles := []string{"Place", "Victim"}
	span := func() evSpan {
		s := r.IntN(4)
		return evSpan{s, s + r.IntN(2)}
	}
	canon := func(args []evArg) []evArg {
		seen := map[evArg]bool{}
		out := []evArg{}
		for _, a := range args {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
		sort.Slice(out, func(i, j int) bool { return fmt.Sprint(out[i]) < fmt.Sprint(out[j]) })
		return out
	}
	event := func() evEvent {
		e := evEvent{Trigger: evTrigger{span(), types[r.IntN(2)]}}
		for range r.IntN(4) {
			e.Args = append(e.Args, evArg{span(), roles[r.IntN(2)]})
		}
		e.Args = canon(e.Args)
		return e
	}
	perturb := func(e evEvent) evEvent {
		switch r.IntN(6) {
		case 0:
			e.Trigger.Mention.Right++
		case 1:
			e.Trigger.Type = types[r.IntN(2)]
		}
		var args []evArg
		for _, a := range e.Args {
			switch r.IntN(6) {
			case 0:
				continue
			case 1:
				a.Role = roles[r.IntN(2)]
			case 2:
				a.Mention.Left--
			case 3:
				args = append(args, evArg{span(), roles[r.IntN(2)]})
			}
			args = append(args, a)
		}
		e.Args = canon(args)
		return e
	}
	doc := func() (g, p evDoc) {
		g.Events, p.Events = []evEvent{}, []evEvent{}
		for range r.IntN(6) {
			e := event()
			g.Events = append(g.Events, e)
			if r.IntN(5) != 0 {
				p.Events = append(p.Events, perturb(e))
			}
		}
		if r.IntN(3) == 0 {
			p.Events = append(p.Events, event())
		}
		return g, p
	}
	randomRounds(t, "event", doc, eventBrute, 0.2, 0.95)
}

// bestMatching is the largest Σ w(i, j) over one-to-one matchings of n rows
// and m columns, by dynamic programming over the rows and the set of
// columns already used (exhaustive: every matching is considered).
func bestMatching(n, m int, w func(i, j int) int) int {
	if m > n { // keep the column set the smaller side
		return bestMatching(m, n, func(i, j int) int { return w(j, i) })
	}
	memo := map[[2]int]int{}
	var best func(i, used int) int
	best = func(i, used int) int {
		if i == n {
			return 0
		}
		key := [2]int{i, used}
		if v, ok := memo[key]; ok {
			return v
		}
		b := best(i+1, used) // row i unmatched
		for j := 0; j < m; j++ {
			if used&(1<<j) == 0 {
				b = max(b, w(i, j)+best(i+1, used|1<<j))
			}
		}
		memo[key] = b
		return b
	}
	return best(0, 0)
}
