package conll16

import (
	"encoding/json"
	"fmt"
	"strings"

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
		relationSenses(d.JSON, func(_ int, senses []string) {
			for _, s := range senses {
				used[s] = true
			}
		})
	}
	type first struct{ line, n int }
	seen := map[string]*first{}
	var order []string
	for _, d := range pred.Docs {
		relationSenses(d.JSON, func(line int, senses []string) {
			f := senses[0]
			if used[f] || !knownSense(f) { // the adapter warned about the latter
				return
			}
			if s := seen[f]; s != nil {
				s.n++
				return
			}
			seen[f] = &first{line: line, n: 1}
			order = append(order, f)
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

// relationSenses calls fn with the line and the senses of each relation
// of a document's JSON, as finish writes it: {"line":N,...,"senses":[...],
// ...} for each relation, where `{"line":` and `,"senses":[` cannot occur
// inside a string (its quotes would be escaped). Reading only these is
// many times faster than reading the JSON, whose token lists are most of
// it.
func relationSenses(js string, fn func(line int, senses []string)) {
	const lineKey, sensesKey = `{"line":`, `,"senses":[`
	var senses []string
	for {
		i := strings.Index(js, lineKey)
		if i < 0 {
			return
		}
		js = js[i+len(lineKey):]
		line := 0
		for len(js) > 0 && js[0] >= '0' && js[0] <= '9' {
			line = 10*line + int(js[0]-'0')
			js = js[1:]
		}
		j := strings.Index(js, sensesKey)
		if j < 0 {
			return
		}
		js = js[j+len(sensesKey):]
		senses = senses[:0]
		for len(js) > 0 && js[0] == '"' {
			var s string
			s, js = jsonString(js)
			senses = append(senses, s)
			js = strings.TrimPrefix(js, ",")
		}
		if len(senses) > 0 {
			fn(line, senses)
		}
	}
}

// jsonString decodes the JSON string at the start of js, and returns what
// follows it.
func jsonString(js string) (s, rest string) {
	escaped := false
	for i := 1; i < len(js); i++ {
		switch js[i] {
		case '\\':
			escaped = true
			i++
		case '"':
			if !escaped {
				return js[1:i], js[i+1:]
			}
			if json.Unmarshal([]byte(js[:i+1]), &s) != nil {
				s = js[1:i] // not written by finish (which writes with json.Marshal)
			}
			return s, js[i+1:]
		}
	}
	return js[1:], ""
}
