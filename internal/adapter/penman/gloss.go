package penman

import (
	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/document"
)

// Gloss glosses the triples of an AMR document with the concepts of their
// variables, read from the document's own instance triples (no file is
// read again): instance(w, want-01) is "want-01", arg0(w, b) is
// "want-01 :arg0 boy", and a constant stays itself.
func Gloss(_ string, d *document.Doc) (document.Gloss, error) {
	concept := map[string]string{}
	gjson.Get(d.JSON, "props").ForEach(func(_, p gjson.Result) bool {
		if p.Get("rel").Str == "instance" {
			concept[p.Get("subj").Str] = p.Get("obj").Str
		}
		return true
	})
	name := func(v gjson.Result) string {
		if v.IsObject() {
			v = v.Get("var")
			if c, ok := concept[v.Str]; ok {
				return c
			}
		}
		return v.Str
	}
	var gloss func(v gjson.Result) string
	gloss = func(v gjson.Result) string {
		switch {
		case v.IsObject():
			rel, subj, obj := v.Get("rel"), v.Get("subj"), v.Get("obj")
			if rel.Type != gjson.String || !subj.Exists() {
				return ""
			}
			s := subj.Str
			if c, ok := concept[s]; ok {
				s = c
			}
			switch rel.Str {
			case "instance":
				return obj.Str
			case "TOP":
				return "top " + s
			}
			return s + " :" + rel.Str + " " + name(obj)
		case v.IsArray():
			return document.GlossEach(v, gloss)
		}
		return ""
	}
	return func(item []byte) string { return document.Clip(gloss(gjson.ParseBytes(item))) }, nil
}
