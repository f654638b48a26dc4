package explain

import (
	"embed"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// The page is one file: its style and script are inlined, and it loads
// nothing from the network.
//
//go:embed page/page.html page/page.css page/page.js
var pageFiles embed.FS

// page is parsed at its first use, not at every start of a program that
// links this package.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page.html").Funcs(template.FuncMap{
		"deref": func(v *float64) float64 { return *v },
		"num":   num6,
		"pct":   pct,
		"lines": metricLines,
		"side": func(s string) string {
			switch s {
			case "P":
				return "precision side (N=P)"
			case "R":
				return "recall side (N=R)"
			}
			return ""
		},
		"alignment": func(al *Alignment) template.HTML {
			var b strings.Builder
			writeAlignment(&b, al)
			return template.HTML(b.String())
		},
	}).ParseFS(pageFiles, "page/page.html"))
})

// writeAlignment writes one level of an alignment and, under a collapsed
// <details> per pair, the levels beneath it. It is written by hand rather
// than by a recursive template: the largest documents have tens of
// thousands of items, and reflection made the page several times slower.
func writeAlignment(b *strings.Builder, al *Alignment) {
	esc := html.EscapeString
	links := make([][3]float64, len(al.Pairs))
	for i, p := range al.Pairs {
		links[i] = [3]float64{float64(p.Pred), float64(p.Gold), p.Similarity}
	}
	data, _ := json.Marshal(links)
	fmt.Fprintf(b, "\n<section class=\"al\" data-links=\"%s\">\n", esc(string(data)))
	fmt.Fprintf(b, "<div class=\"al-head\"><code>%s</code> <span class=\"pos\">%s</span><br><span class=\"facts\">%s</span></div>",
		esc(al.Matching), esc(al.Position), esc(facts(al)))
	if len(al.Vars) > 0 {
		b.WriteString("\n<div class=\"vars\">variables")
		if s := al.Search; s != nil {
			if s.Proven {
				b.WriteString(" (proven optimal)")
			} else {
				b.WriteString(" (not proven optimal)")
			}
		}
		b.WriteString(":")
		for _, v := range al.Vars {
			fmt.Fprintf(b, " <span class=\"var\">%s → %s</span>", esc(v.Pred), esc(v.Gold))
		}
		b.WriteString("</div>")
	}
	if !al.Counted {
		side := func(class, title string, items []json.RawMessage, texts []string, used map[int]bool) {
			fmt.Fprintf(b, "\n<div class=\"side %s\"><div class=\"side-h\">%s (%d)</div>", class, title, len(items))
			for i, it := range items {
				un := ""
				if !used[i] {
					un = " un"
				}
				words := ""
				if i < len(texts) && texts[i] != "" {
					words = "<span class=\"w\">" + esc(texts[i]) + "</span> "
				}
				fmt.Fprintf(b, "<div class=\"it%s\" data-i=\"%d\"><span class=\"n\">%d</span>%s<code>%s</code></div>", un, i, i+1, words, esc(htmlItem(it)))
			}
			b.WriteString("\n</div>")
		}
		b.WriteString("\n<div class=\"cols\">")
		side("pred", "prediction", al.Pred, al.PredText, matched(al, true))
		b.WriteString("\n<svg class=\"links\" aria-hidden=\"true\"></svg>")
		side("gold", "gold", al.Gold, al.GoldText, matched(al, false))
		b.WriteString("\n</div>")
	}
	for _, p := range al.Pairs {
		if len(p.Sub) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n<details class=\"pair\"><summary>pred %d ↔ gold %d: similarity %s</summary>", p.Pred+1, p.Gold+1, esc(num6(p.Similarity)))
		for _, sub := range p.Sub {
			writeAlignment(b, sub)
		}
		b.WriteString("\n</details>")
	}
	b.WriteString("\n</section>")
}

// maxHTMLItem is how many characters of an item the page shows: the items
// of some views repeat a whole entity for each of its mentions (B³'s
// memberships), which would make the page quadratic in the entity's size.
// The JSON output has every item whole.
const maxHTMLItem = 240

func htmlItem(b json.RawMessage) string {
	if utf8.RuneCount(b) <= maxHTMLItem {
		return string(b)
	}
	r := []rune(string(b))
	return string(r[:maxHTMLItem-1]) + "…"
}

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
	return page().Execute(w, struct {
		*Explanation
		CSS template.CSS
		JS  template.JS
	}{ex, template.CSS(css), template.JS(js)})
}
