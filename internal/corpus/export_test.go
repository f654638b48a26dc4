package corpus

// Hooks for tests: the bootstrap and the comparison with fixed draws,
// given per document in the order of the Scored (the draws of the real
// thing are per document in the canonical order).

// fixedCounts draws resample i from counts[i][d], d indexing the Scored.
func fixedCounts(counts [][]int) func(rs *resampling) drawFn {
	return func(rs *resampling) drawFn {
		return func(w *work, _ uint64, i int) {
			for k, d := range rs.order {
				w.counts[k] = int32(counts[i][d])
			}
		}
	}
}

// AggregateDraws is Aggregate with its bootstrap drawn from counts.
func (p *Plan) AggregateDraws(sc *Scored, opts Options, counts [][]int) (*Result, error) {
	boot := opts.Bootstrap
	opts.Bootstrap = 0
	res, err := p.Aggregate(sc, opts)
	if err != nil {
		return nil, err
	}
	opts.Bootstrap = boot
	wanted, _ := p.Pair.Select(opts.Metrics)
	p.bootstrapDraws(res, sc, wanted, opts, fixedCounts(counts))
	return res, nil
}

// CompareDraws is Compare with fixed resamples (counts) and swap masks.
func (p *Plan) CompareDraws(a, b *Scored, opts Options, counts [][]int, swaps [][]bool) (*Comparison, error) {
	return p.compare(a, b, opts, func(rs *resampling) (drawFn, drawFn) {
		return fixedCounts(counts)(rs), func(w *work, _ uint64, i int) {
			for k, d := range rs.order {
				w.swap[k] = swaps[i][d]
			}
		}
	})
}
