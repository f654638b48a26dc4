package conllu

import (
	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/document"
)

// Gloss glosses the items of a CoNLL-U document from its own text (no file
// is read again): a token or a sentence is the characters it spans (the
// text has no spaces, as the CoNLL 2018 scorer builds it), a word its form
// (lower case, as its key holds it).
func Gloss(_ string, d *document.Doc) (document.Gloss, error) {
	var text []rune
	if t, ok := d.Partner.(*Text); ok {
		text = []rune(t.Text)
	}
	var gloss func(v gjson.Result) string
	gloss = func(v gjson.Result) string {
		switch {
		case v.IsObject():
			if form := v.Get("key.form"); form.Type == gjson.String {
				return form.Str
			}
			a, b := v.Get("start"), v.Get("end")
			if a.Type == gjson.Number && b.Type == gjson.Number {
				i, j := int(a.Int()), int(b.Int())
				if i < 0 || j < i || j > len(text) {
					return ""
				}
				return string(text[i:j])
			}
			return ""
		case v.IsArray():
			return document.GlossEach(v, gloss)
		}
		return ""
	}
	return func(item []byte) string { return document.Clip(gloss(gjson.ParseBytes(item))) }, nil
}
