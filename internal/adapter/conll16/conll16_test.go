package conll16

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/conll16gen"
	"github.com/metricc/metricc/internal/document"
)

const (
	goldExplicit = `{"DocID": "d1", "ID": 7, "Type": "Explicit", "Sense": ["Contingency.Cause.Reason", "Comparison.Contrast"], ` +
		`"Arg1": {"TokenList": [[0, 4, 0, 0, 0], [5, 9, 1, 0, 1]], "RawText": "a b"}, ` +
		`"Arg2": {"TokenList": [[15, 19, 4, 0, 4], [20, 24, 5, 0, 5]]}, ` +
		`"Connective": {"TokenList": [[10, 14, 2, 0, 2], [15, 19, 3, 0, 3]], "RawText": "just because"}}`
	goldImplicit = `{"DocID": "d2", "ID": 8, "Type": "Implicit", "Sense": ["Comparison"], ` +
		`"Arg1": {"TokenList": [[0, 4, 0, 0, 0]]}, "Arg2": {"TokenList": [[5, 9, 1, 0, 1]]}, ` +
		`"Connective": {"TokenList": []}}`
	predExplicit = `{"DocID": "d1", "Type": "Explicit", "Sense": ["Contingency.Cause.Reason"], ` +
		`"Arg1": {"TokenList": [0, 1]}, "Arg2": {"TokenList": [4, 5]}, "Connective": {"TokenList": [3]}}`
)

func parse(t *testing.T, text string) *document.Input {
	t.Helper()
	in, err := Parse("f.json", strings.NewReader(text))
	require.NoError(t, err)
	return in
}

// TestDocuments: gold relations (token addresses) and system relations
// (token indices) become the documents of conll16.metric, one per DocID in
// order of first appearance.
func TestDocuments(t *testing.T) {
	in := parse(t, goldExplicit+"\n\n"+goldImplicit+"\n")
	require.Len(t, in.Docs, 2)
	assert.Equal(t, document.UnpairedEmpty, in.Unpaired)
	assert.Equal(t, document.Doc{Index: 0, Line: 1, ID: "d1", JSON: `{"id":"d1","relations":[{"line":1,"type":"Explicit","explicit":true,` +
		`"sense":"Contingency.Cause.Reason","senses":["Contingency.Cause.Reason","Comparison.Contrast"],"valid":true,` +
		`"arg1":[0,1],"arg2":[4,5],"conn":[2,3],"head":[3]}]}`}, in.Docs[0])
	// "Comparison" is a partial sense: not scored for sense (valid false),
	// said once for the file.
	assert.Equal(t, `{"id":"d2","relations":[{"line":3,"type":"Implicit","explicit":false,"sense":"Comparison","senses":["Comparison"],`+
		`"valid":false,"arg1":[0],"arg2":[1],"conn":[],"head":[]}]}`, in.Docs[1].JSON)
	assert.Equal(t, 3, in.Docs[1].Line)
	assert.Equal(t, []string{`f.json:3: 1 gold relation(s) have a first sense the task does not score ("Comparison" here, the first): ` +
		`as in the official scorers, they and the predictions aligned with them are left out of the parser scores`}, in.Warnings)

	in = parse(t, predExplicit+"\n"+strings.Replace(predExplicit, `"d1"`, `"d0"`, 1)+"\n"+predExplicit)
	require.Len(t, in.Docs, 2)
	assert.Equal(t, "d1", in.Docs[0].ID)
	assert.Equal(t, `{"id":"d1","relations":[{"line":1,"type":"Explicit","explicit":true,"sense":"Contingency.Cause.Reason",`+
		`"senses":["Contingency.Cause.Reason"],"valid":true,"arg1":[0,1],"arg2":[4,5],"conn":[3],"head":[3]},`+
		`{"line":3,"type":"Explicit","explicit":true,"sense":"Contingency.Cause.Reason",`+
		`"senses":["Contingency.Cause.Reason"],"valid":true,"arg1":[0,1],"arg2":[4,5],"conn":[3],"head":[3]}]}`, in.Docs[0].JSON)
	assert.Empty(t, in.Warnings)
}

// TestTokensWrittenCanonically: token indices that the fast path leaves to
// the general reader (a fraction of zeros) are written as integers.
func TestTokensWrittenCanonically(t *testing.T) {
	in := parse(t, strings.Replace(predExplicit, `[0, 1]`, `[0.0, 1.00, 12]`, 1))
	assert.Contains(t, in.Docs[0].JSON, `"arg1":[0,1,12],"arg2":[4,5]`)
	in = parse(t, strings.Replace(goldExplicit, `[5, 9, 1, 0, 1]`, `[5, 9, 10.0, 0, 1]`, 1))
	assert.Contains(t, in.Docs[0].JSON, `"arg1":[0,10],"arg2":[4,5]`)
}

// TestHeads: the head positions the official scorer's table gives, found
// by the rule (TestHeadsAgainstOfficial checks all 352 entries).
func TestHeads(t *testing.T) {
	for raw, want := range map[string][]int{
		"because":      {0},
		"just because": {1},
		"Just because": {1},
		"29 years and 11 months to the day after": {8},
		"Largely as a result":                     {1, 2, 3},
		"In stark contrast":                       {0, 2},
		"Shortly afterwards":                      {1},
		"a day or two before":                     {4},
		"since before":                            {1},
		"typically, if":                           {1},
		"on the one hand on the other hand":       {0, 1, 2, 3, 4, 5, 6, 7},
		"if then":                                 {0, 1},
		"In the meantime":                         {2},
		"not a connective":                        {0, 1, 2},
		"  ":                                      nil,
	} {
		assert.Equal(t, want, headPositions(raw), raw)
	}
}

// TestErrors: a relation that cannot be read is an error naming the file,
// the line and the field; every such line is reported.
func TestErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{"DocID": "d1", "Type": "Implicit"`, `f.json:1: malformed JSON: unexpected end of JSON input`},
		{`[1, 2]`, `f.json:1: expected a JSON object (one relation per line), found a list`},
		{strings.Replace(predExplicit, `"DocID": "d1"`, `"DocID": 3`, 1), `f.json:1: DocID: expected the document's id, a non-empty string, found the number 3`},
		{strings.Replace(predExplicit, `"Type": "Explicit", `, ``, 1), `f.json:1: Type: expected the relation's type (Explicit, Implicit, AltLex or EntRel), found nothing`},
		{strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `[]`, 1), `f.json:1: Sense: expected a list of senses, found a list`},
		{strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `"Contingency.Cause.Reason"`, 1), `f.json:1: Sense: expected a list of senses, found the string "Contingency.Cause.Reason"`},
		{strings.Replace(predExplicit, `"Arg1": {"TokenList": [0, 1]}`, `"Arg1": {"RawText": "x"}`, 1),
			`f.json:1: Arg1.TokenList: missing: every relation has Arg1, Arg2 and (for an explicit relation) Connective, each with a TokenList`},
		{strings.Replace(predExplicit, `"Connective": {"TokenList": [3]}`, `"Connective": {}`, 1),
			`f.json:1: Connective.TokenList: missing: every relation has Arg1, Arg2 and (for an explicit relation) Connective, each with a TokenList`},
		{strings.Replace(predExplicit, `[4, 5]`, `[4, "5"]`, 1),
			`f.json:1: Arg2.TokenList.1: expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found the string "5"`},
		{strings.Replace(predExplicit, `[4, 5]`, `[4, [1, 2]]`, 1),
			`f.json:1: Arg2.TokenList.1: expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found a list`},
		{strings.Replace(goldImplicit, `[[5, 9, 1, 0, 1]]`, `[[5, 9, true, 0, 1]]`, 1),
			`f.json:1: Arg2.TokenList.0: expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found a list`},
		{strings.Replace(goldImplicit, `[[5, 9, 1, 0, 1]]`, `[[5, 9, 1.5, 0, 1]]`, 1),
			`f.json:1: Arg2.TokenList.0: expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found a list`},
		{strings.Replace(predExplicit, `[4, 5]`, `[4, 5.0, -1]`, 1),
			`f.json:1: Arg2.TokenList.2: expected a token index or a token address [charStart, charEnd, tokenIndex, sentence, tokenInSentence], found the number -1`},
		{strings.Replace(predExplicit, `[4, 5]`, `[4, [20, 24, 5, 0, 5]]`, 1), `f.json:1: Arg2.TokenList.1: the relation mixes token addresses and token indices`},
		{goldExplicit + "\n" + predExplicit, `f.json:2: token lists of token indices, but line 1 has token addresses: a gold file gives token addresses, system output token indices`},
	} {
		_, err := Parse("f.json", strings.NewReader(c.text))
		require.Error(t, err, c.text)
		assert.Equal(t, c.want, err.Error())
		var errs document.DataErrors
		assert.ErrorAs(t, err, &errs)
	}
	// A non-explicit relation may leave out its connective.
	in := parse(t, strings.Replace(strings.Replace(predExplicit, `"Connective": {"TokenList": [3]}`, `"Connective": {}`, 1), "Explicit", "Implicit", 1))
	assert.Contains(t, in.Docs[0].JSON, `"conn":[],"head":[]`)
	// Every bad line is reported.
	_, err := Parse("f.json", strings.NewReader("{\n[]\n"+predExplicit+"\n{\"DocID\": \"\"}\n"))
	assert.EqualError(t, err, "f.json:1: malformed JSON: unexpected end of JSON input\n"+
		"f.json:2: expected a JSON object (one relation per line), found a list\n"+
		`f.json:4: DocID: expected the document's id, a non-empty string, found the string ""`)
}

// TestWarnings: questionable relations are scored and reported.
func TestWarnings(t *testing.T) {
	lines := []string{
		predExplicit,
		strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Expansion.Conjunction", "Comparison.Contrast"]`, 1),
		strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Expansion.Conjuntion"]`, 1),
		strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Expansion.Conjuntion"]`, 1),
		strings.Replace(predExplicit, `[4, 5]`, `[5, 4]`, 1),
		strings.Replace(predExplicit, `"Explicit"`, `"NoRel"`, 1),
		strings.Replace(predExplicit, `"DocID": "d1"`, `"DocID": "d1", "ID": 5`, 1),
		strings.Replace(predExplicit, `"DocID": "d1"`, `"DocID": "d1", "ID": 5`, 1),
		// IDs are compared as written: none of these is 5
		strings.Replace(predExplicit, `"DocID": "d1"`, `"DocID": "d1", "ID": 5.0`, 1),
		strings.Replace(predExplicit, `"DocID": "d1"`, `"DocID": "d1", "ID": "5"`, 1),
		strings.Replace(predExplicit, `"DocID": "d1"`, `"DocID": "d1", "ID": "5"`, 1),
	}
	in := parse(t, strings.Join(lines, "\n"))
	assert.Equal(t, []string{
		`f.json:5: Arg2.TokenList is not in ascending order (the first such list in the file): read as a set of tokens here; ` +
			`the official scorers compare ordered lists, and match it neither exactly nor partially`,
		`f.json:6: type "NoRel" is not one of Explicit, Implicit, AltLex, EntRel: scored as a non-explicit relation, as the official scorers do`,
		`f.json:8: relation ID 5 repeats the one at line 7; both are scored (the scorers do not read IDs)`,
		`f.json:11: relation ID "5" repeats the one at line 10; both are scored (the scorers do not read IDs)`,
		`f.json:2: 2 senses; the scorers read a prediction's first sense only, and so does metricc`,
		`f.json:3: sense "Expansion.Conjuntion" is not a sense of the CoNLL-2016 task (the first relation with it): no gold relation can have it`,
	}, in.Warnings)
	assert.Contains(t, in.Docs[0].JSON, `"sense":"Expansion.Conjunction","senses":["Expansion.Conjunction"]`)

	// A gold connective without RawText, or with more words than tokens:
	// the whole connective is its head.
	noRaw := strings.Replace(goldExplicit, `"RawText": "just because"`, `"RawText": ""`, 1)
	long := strings.Replace(strings.Replace(goldExplicit, `"RawText": "just because"`, `"RawText": "only just because"`, 1), `"ID": 7`, `"ID": 9`, 1)
	in = parse(t, noRaw+"\n"+long)
	assert.Equal(t, []string{
		`f.json:1: explicit connective without RawText: its head is unknown, so the whole connective is taken as its head`,
		`f.json:2: connective "only just because" has more words than its TokenList has tokens: the whole connective is taken as its head`,
	}, in.Warnings)
	assert.Contains(t, in.Docs[0].JSON, `"conn":[2,3],"head":[2,3]}`)
}

// TestLanguage: the sense inventory is chosen per file by a majority of
// first senses (EntRel counts as English), as the scorers choose it.
func TestLanguage(t *testing.T) {
	assert.Equal(t, english, voteLanguage([]string{"EntRel"}))
	assert.Equal(t, chinese, voteLanguage(nil))
	assert.Equal(t, chinese, voteLanguage([]string{"Conjunction", "Expansion.Conjunction"}))
	assert.Equal(t, english, voteLanguage([]string{"Conjunction", "Expansion.Conjunction", "EntRel"}))
	in := parse(t, strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Causation"]`, 1))
	assert.Contains(t, in.Docs[0].JSON, `"valid":true`)
	assert.True(t, partialSenses["Contingency.Cause"])
	assert.False(t, partialSenses["Contingency.Cause.Reason"])
}

func TestDetect(t *testing.T) {
	assert.True(t, Detect([]byte("\ufeff\n  "+predExplicit+"\n")))
	assert.True(t, Detect([]byte(goldExplicit[:strings.Index(goldExplicit, "Arg1")+20])), "a cut line")
	assert.False(t, Detect([]byte(`{"id": "d1", "relations": []}`)))
	assert.False(t, Detect([]byte(`[{"DocID": "d1", "Arg1": {}}]`)))
	assert.False(t, Detect([]byte("#begin document (x);\n")))
	assert.False(t, Detect(nil))
}

// TestCheck: a predicted sense that no gold relation has is reported once,
// with its first line and count.
func TestCheck(t *testing.T) {
	gold := parse(t, goldExplicit)
	gold.Path = "gold.json"
	pred := parse(t, strings.Join([]string{
		predExplicit,
		strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Comparison.Contrast"]`, 1),
		strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Temporal.Synchrony"]`, 1),
		strings.Replace(predExplicit, `["Contingency.Cause.Reason"]`, `["Temporal.Synchrony"]`, 1),
	}, "\n"))
	pred.Path = "pred.json"
	assert.Equal(t, []string{`pred.json:3: sense "Temporal.Synchrony" (2 predicted relation(s), the first here) is the sense of no relation in gold.json: those predictions count as wrong`},
		Check(gold, pred))
}

// checkReference is Check reading the documents with gjson, as a JSON
// reader reads them.
func checkReference(gold, pred *document.Input) []string {
	used := map[string]bool{}
	for _, d := range gold.Docs {
		for _, ss := range gjson.Get(d.JSON, "relations.#.senses").Array() {
			for _, s := range ss.Array() {
				used[s.Str] = true
			}
		}
	}
	type first struct{ line, n int }
	seen := map[string]*first{}
	var order []string
	for _, d := range pred.Docs {
		for _, r := range gjson.Get(d.JSON, "relations").Array() {
			f := r.Get("sense").Str
			switch {
			case used[f] || !knownSense(f):
			case seen[f] != nil:
				seen[f].n++
			default:
				seen[f] = &first{line: int(r.Get("line").Int()), n: 1}
				order = append(order, f)
			}
		}
	}
	var out []string
	for _, s := range order {
		out = append(out, fmt.Sprintf("%s:%d: sense %q (%d predicted relation(s), the first here) is the sense of no relation in %s: those predictions count as wrong",
			pred.Path, seen[s].line, s, seen[s].n, gold.Path))
	}
	return out
}

// TestCheckAgainstJSON: Check, which reads only the lines and senses of
// the documents' JSON, says what reading the whole JSON says, on
// generated corpora whose predictions have senses their gold lacks.
func TestCheckAgainstJSON(t *testing.T) {
	warned := 0
	for seed := range uint64(6) {
		c := conll16gen.Generate(conll16gen.Config{Docs: 20 + 10*int(seed), Seed: seed})
		// a gold file without the relations of some senses
		var kept []string
		for _, l := range strings.Split(string(c.Gold), "\n") {
			if !strings.Contains(l, []string{"Temporal", "Contingency", "Expansion.Conjunction"}[seed%3]) {
				kept = append(kept, l)
			}
		}
		gold := parse(t, strings.Join(kept, "\n"))
		gold.Path = "gold.json"
		pred := parse(t, string(c.Pred)+`{"DocID": "x", "Type": "Implicit", "Sense": ["a\"b<>&", "EntRel"], "Arg1": {"TokenList": [1]}, "Arg2": {"TokenList": [2]}}`)
		pred.Path = "pred.json"
		want := checkReference(gold, pred)
		assert.Equal(t, want, Check(gold, pred))
		warned += len(want)
		assert.Equal(t, checkReference(pred, gold), Check(pred, gold))
	}
	assert.Greater(t, warned, 10)
}

// TestJSONString: strings as finish writes them, escapes included.
func TestJSONString(t *testing.T) {
	for _, s := range []string{"", "a", `a"b`, `\`, "<>&", "é\u2028\t", `\"`} {
		q := appendString(nil, s)
		got, rest := jsonString(string(q) + `,"x"`)
		assert.Equal(t, s, got)
		assert.Equal(t, `,"x"`, rest)
	}
}
