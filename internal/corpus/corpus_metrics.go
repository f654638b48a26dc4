package corpus

import (
	"fmt"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

// cval is a corpus value: a number (all three fields equal) or a whole
// metric (precision, recall, f1), combined field by field.
type cval [3]float64

type corpusFn func(vals map[*typecheck.Metric]*MetricResult) cval

func scalar(v float64) cval { return cval{v, v, v} }

func compileCorpus(e typecheck.Corpus) corpusFn {
	switch e := e.(type) {
	case *typecheck.CorpusConst:
		v := scalar(e.Value)
		return func(map[*typecheck.Metric]*MetricResult) cval { return v }
	case *typecheck.CorpusRef:
		m, field := e.Metric, e.Field
		if e.Row {
			key := e.Key
			return func(vals map[*typecheck.Metric]*MetricResult) cval {
				r := vals[m].Row(key)
				if field == typecheck.Whole {
					return cval{r.Precision, r.Recall, r.F1}
				}
				return scalar(r.Field(field))
			}
		}
		if field == typecheck.Whole {
			return func(vals map[*typecheck.Metric]*MetricResult) cval {
				r := vals[m]
				return cval{r.Precision, r.Recall, r.F1}
			}
		}
		return func(vals map[*typecheck.Metric]*MetricResult) cval { return scalar(vals[m].Field(field)) }
	case *typecheck.CorpusNeg:
		x := compileCorpus(e.X)
		return func(vals map[*typecheck.Metric]*MetricResult) cval {
			return fieldwise1(x(vals), func(a float64) float64 { return -a })
		}
	case *typecheck.CorpusArith:
		x, y := compileCorpus(e.X), compileCorpus(e.Y)
		var op func(a, b float64) float64
		switch e.Op {
		case ast.OpAdd:
			op = func(a, b float64) float64 { return a + b }
		case ast.OpSub:
			op = func(a, b float64) float64 { return a - b }
		case ast.OpMul:
			op = func(a, b float64) float64 { return a * b }
		default:
			op = eval.Div
		}
		return func(v map[*typecheck.Metric]*MetricResult) cval {
			a, b := x(v), y(v)
			return cval{op(a[0], b[0]), op(a[1], b[1]), op(a[2], b[2])}
		}
	case *typecheck.CorpusIverson:
		x, y := compileCorpus(e.X), compileCorpus(e.Y)
		cmp := eval.Comparison(e.Op)
		return func(v map[*typecheck.Metric]*MetricResult) cval {
			if cmp(x(v)[0], y(v)[0]) {
				return scalar(1)
			}
			return scalar(0)
		}
	case *typecheck.CorpusMean:
		return compileMean(e)
	case *typecheck.CorpusCall:
		args := make([]corpusFn, len(e.Args))
		for i, a := range e.Args {
			args[i] = compileCorpus(a)
		}
		impl := e.Fun.Eval
		return func(v map[*typecheck.Metric]*MetricResult) cval {
			var out cval
			vals := make([]float64, len(args))
			for f := range out {
				for i, a := range args {
					vals[i] = a(v)[f]
				}
				out[f] = impl(vals)
			}
			return out
		}
	}
	panic(fmt.Sprintf("eval: unknown corpus expression %T", e))
}

// compileMean is mean(m): the rows of m's breakdown whose key occurs in
// the gold (and passes the filter), averaged field by field, in key
// order; no such row is 0.
func compileMean(e *typecheck.CorpusMean) corpusFn {
	m := e.Metric
	keep := func(string) bool { return true }
	if e.Filter != nil {
		keep = eval.KeyCond(e.Filter, e.Key)
	}
	return func(vals map[*typecheck.Metric]*MetricResult) cval {
		var sum cval
		n := 0
		for _, r := range vals[m].By {
			if r.Sums.GoldGold <= 0 || !keep(r.Name) {
				continue
			}
			sum[0] += r.Precision
			sum[1] += r.Recall
			sum[2] += r.F1
			n++
		}
		if n == 0 {
			return cval{}
		}
		return cval{sum[0] / float64(n), sum[1] / float64(n), sum[2] / float64(n)}
	}
}

func fieldwise1(a cval, f func(float64) float64) cval { return cval{f(a[0]), f(a[1]), f(a[2])} }
