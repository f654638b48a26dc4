package specs_test

import (
	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

func corpusPlan(prog *typecheck.Program) (*corpus.Plan, error) {
	p, err := eval.NewPlan(prog)
	if err != nil {
		return nil, err
	}
	return corpus.New(p), nil
}
