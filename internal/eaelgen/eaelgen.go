// Package eaelgen writes synthetic TAC KBP 2015 EAEL stores: an assessment
// store (annotation/, linkingStore/) and a system output store
// (arguments/, linking/), for the benchmarks and timed runs of the eael
// adapter and spec. The default size is that of the 2015 evaluation
// corpus (500 documents), with a pool of about 200 assessed responses a
// document from which the system outputs about 60%: responses grouped
// into entities (coreference clusters of several strings), event types
// with their roles, several justifications of the same argument,
// assessments right, inexact, wrong in realis or wrong in type or role,
// frames of one event each, confidences with ties.
package eaelgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/metricc/metricc/internal/adapter/eael"
)

// Config sizes a corpus.
type Config struct {
	Docs      int    // documents (default 500)
	Responses int    // assessed responses a document (default 200)
	Seed      uint64 // random seed
}

var eventRoles = map[string][]string{
	"Conflict.Attack":            {"Attacker", "Target", "Instrument", "Place", "Time"},
	"Life.Die":                   {"Agent", "Victim", "Instrument", "Place", "Time"},
	"Life.Injure":                {"Agent", "Victim", "Place", "Time"},
	"Movement.Transport":         {"Agent", "Artifact", "Origin", "Destination", "Time"},
	"Justice.Sentence":           {"Adjudicator", "Defendant", "Sentence", "Crime", "Place", "Time"},
	"Contact.Meet":               {"Entity", "Place", "Time"},
	"Transaction.Transfer-Money": {"Giver", "Recipient", "Money", "Place", "Time"},
}

var eventTypes = []string{"Conflict.Attack", "Life.Die", "Life.Injure", "Movement.Transport", "Justice.Sentence", "Contact.Meet", "Transaction.Transfer-Money"}

// Write writes key/ and system/ under dir.
func Write(dir string, cfg Config) error {
	if cfg.Docs == 0 {
		cfg.Docs = 500
	}
	if cfg.Responses == 0 {
		cfg.Responses = 200
	}
	for _, d := range []string{"key/annotation", "key/linkingStore", "system/arguments", "system/linking"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 2015))
	for d := range cfg.Docs {
		doc := fmt.Sprintf("SYN_ENG_2015%04d", d)
		files, err := document(rng, doc, cfg.Responses)
		if err != nil {
			return err
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name, doc), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

type mention struct {
	text   string
	start  int
	entity int
}

func document(rng *rand.Rand, doc string, n int) (map[string]string, error) {
	// Entities: each a few strings at a few places.
	var mentions []mention
	pos := 100
	for e := 1; e <= n/6; e++ {
		for range 1 + rng.IntN(3) {
			text := fmt.Sprintf("entity %d form %d", e, rng.IntN(4))
			mentions = append(mentions, mention{text, pos, e})
			pos += len(text) + 5 + rng.IntN(40)
		}
	}
	times := []string{"2015-03-04", "2015-03-XX", "2015-XX-XX", "2014-11-20"}
	// Events: a type and a sentence; arguments drawn from the entities.
	type event struct {
		typ   string
		start int
	}
	var events []event
	for range n / 8 {
		events = append(events, event{eventTypes[rng.IntN(len(eventTypes))], rng.IntN(pos)})
	}
	var key, sys, ref, sysLinks []string
	seen := map[string]bool{}
	frames := map[int][]string{}    // event → correct, non-Generic response ids
	sysFrames := map[int][]string{} // event → system ids
	for i := range n {
		ev := rng.IntN(len(events))
		e := events[ev]
		roles := eventRoles[e.typ]
		role := roles[rng.IntN(len(roles))]
		var m mention
		entity := 0
		if role == "Time" {
			t := times[rng.IntN(len(times))]
			m = mention{t, pos + 10*rng.IntN(20), 0}
			entity = 1000 + int(t[3]) + 10*int(t[6])
		} else {
			m = mentions[rng.IntN(len(mentions))]
			entity = m.entity
		}
		realis := []string{"Actual", "Actual", "Actual", "Other", "Generic"}[rng.IntN(5)]
		pjStart := max(0, e.start-rng.IntN(3))
		cols := []string{doc, e.typ, role, m.text, fmt.Sprintf("%d-%d", m.start, m.start+len(m.text)-1),
			fmt.Sprintf("%d-%d", pjStart, pjStart+200), fmt.Sprintf("%d-%d", m.start, m.start+len(m.text)-1), "NIL", realis}
		id, err := eael.ResponseID(cols)
		if err != nil {
			return nil, err
		}
		if seen[id] {
			continue // drawn twice: one assessment a response
		}
		seen[id] = true
		var assessment string
		correct := false
		switch p := rng.Float64(); {
		case p < 0.50:
			assessment, correct = fmt.Sprintf("C\tC\tC\tC\t%d\t%s\tNAME", entity, realis), true
		case p < 0.60:
			assessment, correct = fmt.Sprintf("C\tI\tC\tI\t%d\t%s\tNOMINAL", entity, realis), true
		case p < 0.70:
			other := map[string]string{"Actual": "Other", "Other": "Generic", "Generic": "Actual"}[realis]
			assessment = fmt.Sprintf("C\tC\tC\tC\t%d\t%s\tNAME", entity, other)
		case p < 0.85:
			assessment = fmt.Sprintf("C\tW\tNIL\tNIL\t%d\tNIL\tNIL", entity)
		default:
			assessment = fmt.Sprintf("W\tNIL\tNIL\tNIL\t%d\tNIL\tNIL", entity)
		}
		key = append(key, id+"\t"+strings.Join(cols, "\t")+"\t1.0\t"+assessment)
		if correct && realis != "Generic" {
			frames[ev] = append(frames[ev], id)
		}
		if rng.Float64() < 0.6 {
			conf := fmt.Sprintf("%.2f", rng.Float64())
			if rng.IntN(4) == 0 {
				conf = "1.0"
			}
			sid := fmt.Sprintf("r%d", i)
			sys = append(sys, sid+"\t"+strings.Join(cols, "\t")+"\t"+conf)
			if realis != "Generic" {
				// Systems merge events of one type now and then.
				target := ev
				if rng.IntN(5) == 0 {
					target = rng.IntN(len(events))
				}
				sysFrames[target] = append(sysFrames[target], sid)
			}
		}
	}
	for ev := range events {
		if f := frames[ev]; len(f) > 0 {
			ref = append(ref, strings.Join(f, "\t"))
		}
		if f := sysFrames[ev]; len(f) > 0 {
			sysLinks = append(sysLinks, strings.Join(f, "\t"))
		}
	}
	lines := func(ls []string) string { return strings.Join(ls, "\n") + "\n" }
	return map[string]string{
		"key/annotation":   lines(key),
		"key/linkingStore": lines(append(ref, "INCOMPLETE")),
		"system/arguments": lines(sys),
		"system/linking":   lines(append(sysLinks, "INCOMPLETE")),
	}, nil
}
