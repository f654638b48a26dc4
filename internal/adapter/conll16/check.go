package conll16

import (
	"fmt"

	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/document"
)

// Check warns, once per sense, about the senses of predicted relations
// that no gold relation has: such a prediction cannot be right, and the
// official exact scorer, whose sense labels are the gold's first senses,
// counts one that matches no gold relation as a correct negative (parser
// scores above 1; metricc counts it as a false positive).
func Check(gold, pred *document.Input) []string {
	used := map[string]bool{}
	for _, d := range gold.Docs {
		gjson.Get(d.JSON, "relations.#.senses").ForEach(func(_, ss gjson.Result) bool {
			ss.ForEach(func(_, s gjson.Result) bool {
				used[s.Str] = true
				return true
			})
			return true
		})
	}
	type first struct{ line, n int }
	seen := map[string]*first{}
	var order []string
	for _, d := range pred.Docs {
		gjson.Get(d.JSON, "relations").ForEach(func(_, r gjson.Result) bool {
			f := r.Get("sense")
			if used[f.Str] || !knownSense(f.Str) { // the adapter warned about the latter
				return true
			}
			if s := seen[f.Str]; s != nil {
				s.n++
				return true
			}
			seen[f.Str] = &first{line: int(r.Get("line").Int()), n: 1}
			order = append(order, f.Str)
			return true
		})
	}
	var out []string
	for _, s := range order {
		f := seen[s]
		out = append(out, fmt.Sprintf("%s:%d: sense %q (%d predicted relation(s), the first here) is the sense of no relation in %s: those predictions count as wrong",
			pred.Path, f.line, s, f.n, gold.Path))
	}
	return out
}
