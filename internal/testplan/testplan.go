// Package testplan compiles spec text into a pair plan, for the engine
// packages' own tests, which need what the root package's API hides (the
// plans themselves, traces, test hooks; a corpus plan is corpus.New of a
// pair plan). Every other test compiles through metricc.Compile.
package testplan

import (
	"testing"

	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/grammar"
	"github.com/metricc/metricc/internal/typecheck"
)

// Program parses and checks src, failing the test on any error.
func Program(t testing.TB, src string) *typecheck.Program {
	t.Helper()
	f, errs := grammar.Parse("test.metric", src)
	if errs != nil {
		t.Fatalf("parse: %v", errs)
	}
	prog, errs := typecheck.Check(f)
	if errs != nil {
		t.Fatalf("check: %v", errs)
	}
	return prog
}

// Pair compiles src into a pair plan; traced records alignments.
func Pair(t testing.TB, src string, traced bool) *eval.Plan {
	t.Helper()
	compile := eval.NewPlan
	if traced {
		compile = eval.NewTracedPlan
	}
	p, err := compile(Program(t, src))
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return p
}
