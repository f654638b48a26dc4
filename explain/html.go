package explain

import (
	"embed"
	"encoding/json"
	"html/template"
	"io"
)

// The page is one file: its style and script are inlined, and it loads
// nothing from the network.
//
//go:embed page/page.html page/page.css page/page.js
var pageFiles embed.FS

var page = template.Must(template.New("page.html").Funcs(template.FuncMap{
	"inc":   func(i int) int { return i + 1 },
	"deref": func(v *float64) float64 { return *v },
	"num":   num6,
	"pct":   pct,
	"facts": facts,
	"lines": metricLines,
	"item":  func(b json.RawMessage) string { return string(b) },
	"links": func(al *Alignment) string {
		links := make([][3]float64, len(al.Pairs))
		for i, p := range al.Pairs {
			links[i] = [3]float64{float64(p.Pred), float64(p.Gold), p.Similarity}
		}
		b, _ := json.Marshal(links)
		return string(b)
	},
	"side": func(s string) string {
		switch s {
		case "P":
			return "precision side (N=P)"
		case "R":
			return "recall side (N=R)"
		}
		return ""
	},
	"matchedPred": func(al *Alignment) map[int]bool { return matched(al, true) },
	"matchedGold": func(al *Alignment) map[int]bool { return matched(al, false) },
}).ParseFS(pageFiles, "page/page.html"))

func matched(al *Alignment, pred bool) map[int]bool {
	m := map[int]bool{}
	for _, p := range al.Pairs {
		if pred {
			m[p.Pred] = true
		} else {
			m[p.Gold] = true
		}
	}
	return m
}

// WriteHTML writes the explanation as one self-contained page: for each
// metric, its values and sums, then each level of the alignment with the
// prediction and the gold side by side, matched items joined by links
// coloured by similarity (drawn by the page's script), and the levels
// beneath each pair collapsed under it.
func (ex *Explanation) WriteHTML(w io.Writer) error {
	css, err := pageFiles.ReadFile("page/page.css")
	if err != nil {
		return err
	}
	js, err := pageFiles.ReadFile("page/page.js")
	if err != nil {
		return err
	}
	return page.Execute(w, struct {
		*Explanation
		CSS template.CSS
		JS  template.JS
	}{ex, template.CSS(css), template.JS(js)})
}
