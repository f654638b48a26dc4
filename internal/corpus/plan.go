package corpus

import (
	"github.com/metricc/metricc/internal/eval"
)

// Plan scores and aggregates corpora: the plan that scores each document
// pair, and the metrics over metrics (`conll = (muc.f1 + b3.f1 + ceafe.f1)
// / 3`) compiled here, where the values they read are computed.
type Plan struct {
	Pair   *eval.Plan
	corpus []corpusFn // by metric; nil for metrics over documents
}

// New prepares a pair plan for corpora.
func New(pair *eval.Plan) *Plan {
	p := &Plan{Pair: pair, corpus: make([]corpusFn, len(pair.Metrics))}
	for i, pm := range pair.Metrics {
		if pm.Def.IsCorpus() {
			p.corpus[i] = compileCorpus(pm.Def.Corpus)
		}
	}
	return p
}
