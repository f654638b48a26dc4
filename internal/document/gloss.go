package document

import (
	"strings"

	"github.com/tidwall/gjson"
)

// A Gloss says in words what an item of a document's JSON covers, for
// explanations: a mention's tokens, an AMR triple's concepts; "" for an
// item that covers no words. Format.Gloss builds one per document.
type Gloss func(item []byte) string

// maxGloss bounds a gloss, in bytes: it sits beside the item on one line.
const maxGloss = 80

// SpanGloss glosses the items of a document whose spans are inclusive
// offsets into words, as fields lo and hi of an object (left and right,
// start and end): a span is its words joined by spaces; an object without
// one, or an array, is the glosses of what it holds, joined by " | " (an
// entity: its mentions). Offsets outside words gloss nothing.
func SpanGloss(words []string, lo, hi string) Gloss {
	var gloss func(v gjson.Result) string
	gloss = func(v gjson.Result) string {
		switch {
		case v.IsObject():
			a, b := v.Get(lo), v.Get(hi)
			if a.Type == gjson.Number && b.Type == gjson.Number {
				i, j := int(a.Int()), int(b.Int())
				if i < 0 || j < i || j >= len(words) {
					return ""
				}
				return strings.Join(words[i:j+1], " ")
			}
			fallthrough
		case v.IsArray():
			return GlossEach(v, gloss)
		}
		return ""
	}
	return func(item []byte) string { return Clip(gloss(gjson.ParseBytes(item))) }
}

// GlossEach is the gloss of a collection: its elements' glosses (those
// not empty), joined by " | ".
func GlossEach(v gjson.Result, gloss func(gjson.Result) string) string {
	var parts []string
	v.ForEach(func(_, x gjson.Result) bool {
		if g := gloss(x); g != "" {
			parts = append(parts, g)
		}
		return true
	})
	return strings.Join(parts, " | ")
}

// Clip bounds a gloss to maxGloss bytes, cut at a character.
func Clip(s string) string {
	if len(s) <= maxGloss {
		return s
	}
	cut := maxGloss
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
