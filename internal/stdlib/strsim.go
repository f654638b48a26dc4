package stdlib

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/metricc/metricc/internal/pytext"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// String similarities for free text (answers, descriptions, names): edit
// distance and token overlap, as question answering and document
// understanding score them. Each is a similarity at type string, usable
// wherever φ is: `delta[label] * anls(0.5)[text]`.

func stringsOnly(name string) func(types.Type) string {
	return func(t types.Type) string {
		if !isString(t) {
			return fmt.Sprintf("%s compares strings, not %s; apply it to a string field, as in %s[text]", name, t, name)
		}
		return ""
	}
}

// Levenshtein is the normalized Levenshtein similarity.
var Levenshtein = &Similarity{
	Name: "levenshtein",
	Doc: "the normalized Levenshtein similarity of two strings: 1 − d(x, y) / max(|x|, |y|), d the edit distance (insertions, deletions, substitutions) " +
		"and |x| the length, both in Unicode code points; 1 for two empty strings. No normalization: compose with a view (`levenshtein[lower(text)]`).",
	Example: "`F<->[names](levenshtein)`",
	Check:   stringsOnly("levenshtein"),
	Eval: func(a *value.Arena, x, y value.Ref) float64 {
		if x == y {
			return 1
		}
		return nls([]rune(a.Str(x)), []rune(a.Str(y)))
	},
}

// nls is 1 − d/max(|x|,|y|), as ANLS scorers compute it: the distance
// over the longer length, subtracted from 1.
func nls(x, y []rune) float64 {
	n := max(len(x), len(y))
	if n == 0 {
		return 1
	}
	return 1 - float64(levenshtein(x, y))/float64(n)
}

// ANLS is anls(τ): the thresholded normalized Levenshtein similarity of
// ST-VQA and DocVQA.
var ANLS = &Similarity{
	Name: "anls",
	Doc: "anls(τ) is ANLS's score of one answer against one gold answer (Biten et al., 2019): both lowercased and their white space collapsed, " +
		"NL = d(x, y) / max(|x|, |y|) their normalized edit distance, the score is 1 − NL when NL < τ, else 0 (τ = 0.5 in ST-VQA and DocVQA).",
	Example:   "`delta[label] * anls(0.5)[text]`",
	Params:    []ArgKind{ArgNumber},
	CheckArgs: threshold("anls"),
	BindArgs: func(_ types.Type, args []Arg) SimFunc {
		tau := args[0].Number
		return func(a *value.Arena, x, y value.Ref) float64 {
			xs, ys := []rune(collapseSpace(a.Str(x))), []rune(collapseSpace(a.Str(y)))
			n := max(len(xs), len(ys))
			if n == 0 {
				return 1
			}
			nl := float64(levenshtein(xs, ys)) / float64(n)
			if nl < tau {
				return 1 - nl
			}
			return 0
		}
	},
}

func threshold(name string) func(types.Type, []Arg) string {
	return func(t types.Type, args []Arg) string {
		if why := stringsOnly(name)(t); why != "" {
			return why
		}
		if tau := args[0].Number; tau > 1 {
			return fmt.Sprintf("the threshold of %s is a normalized distance, between 0 and 1, not %g", name, tau)
		}
		return ""
	}
}

// TokenF1 is the F1 of the two strings' bags of tokens.
var TokenF1 = &Similarity{
	Name: "token_f1",
	Doc: "the F1 of two strings' bags of white-space separated tokens, as SQuAD scores an answer: c common tokens (counted with multiplicity), " +
		"precision c/|x|, recall c/|y|, F1 their harmonic mean; 1 for two empty strings, 0 when one is empty (SQuAD 2.0). " +
		"It equals `F<->[tokens(t)](delta)` on a string field t; `token_f1[squad(t)]` is SQuAD's F1, with its normalization.",
	Example: "`token_f1[squad(answer)]`",
	Check:   stringsOnly("token_f1"),
	Eval: func(a *value.Arena, x, y value.Ref) float64 {
		return tokenF1(pytext.Fields(a.Str(x)), pytext.Fields(a.Str(y)))
	},
}

// tokenF1 computes F1 the way SQuAD's evaluation script does, precision
// and recall first, so that the float result is the script's.
func tokenF1(pred, gold []string) float64 {
	if len(pred) == 0 || len(gold) == 0 {
		if len(pred) == len(gold) {
			return 1
		}
		return 0
	}
	count := make(map[string]int, len(gold))
	for _, t := range gold {
		count[t]++
	}
	common := 0
	for _, t := range pred {
		if count[t] > 0 {
			count[t]--
			common++
		}
	}
	if common == 0 {
		return 0
	}
	p := float64(common) / float64(len(pred))
	r := float64(common) / float64(len(gold))
	return 2 * p * r / (p + r)
}

// Squad is SQuAD's answer normalization, as a view.
var Squad = &View{
	Name: "squad",
	Doc: "the string as SQuAD's evaluation normalizes an answer: lowercased, ASCII punctuation removed, the words a, an and the removed, " +
		"white space collapsed to single spaces. `delta[squad(answer)]` is SQuAD's exact match.",
	Example: "`token_f1[squad(answer)]`",
	Type: func(args []types.Type) (types.Type, string) {
		if len(args) != 1 || !isString(args[0]) {
			return nil, "squad takes one string"
		}
		return types.StringType, ""
	},
	Eval: func(a *value.Arena, _ types.Type, _ func(*types.Record) int, args []value.Ref) value.Ref {
		return a.String(squadNormalize(a.Str(args[0])))
	},
}

// squadNormalize is SQuAD's normalize_answer: lowercase, drop ASCII
// punctuation, replace the articles a, an, the (whole words: maximal runs
// of word characters, as the regular expression \b(a|an|the)\b finds
// them) with a space, and collapse white space.
func squadNormalize(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x80 && strings.ContainsRune(asciiPunctuation, r) {
			return -1
		}
		return r
	}, pytext.Lower(s))
	isWord := func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if !isWord(rs[i]) {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j := i
		for j < len(rs) && isWord(rs[j]) {
			j++
		}
		switch w := string(rs[i:j]); w {
		case "a", "an", "the":
			b.WriteByte(' ')
		default:
			b.WriteString(w)
		}
		i = j
	}
	return strings.Join(pytext.Fields(b.String()), " ")
}

// asciiPunctuation is Python's string.punctuation.
const asciiPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
