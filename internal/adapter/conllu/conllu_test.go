package conllu

import (
	"strings"
	"testing"

	"github.com/metricc/metricc/internal/pytext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

func parse(t *testing.T, text string) (docs []string, err error) {
	t.Helper()
	in, err := ParseReader("f.conllu", strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	for _, d := range in.Docs {
		require.True(t, gjson.Valid(d.PlainJSON()), d.PlainJSON())
		docs = append(docs, d.PlainJSON())
	}
	return docs, nil
}

// line builds a CoNLL-U word line from its ten columns, space-separated.
func line(cols string) string { return strings.ReplaceAll(cols, " ", "\t") + "\n" }

// TestErrors: every malformed input the scorer refuses (and some it reads
// wrongly) is an error naming the file and line.
func TestErrors(t *testing.T) {
	ok1 := line("1 Hi hi INTJ UH _ 0 root _ _")
	cases := []struct{ name, text, want string }{
		{"columns", "1\tHi\thi\tINTJ\n\n", `f.conllu:1: the line has 4 tab-separated columns, not 10: "1\tHi\thi\tINTJ"`},
		{"spaces", "1 Hi hi INTJ UH _ 0 root _ _\n\n", `f.conllu:1: the line has 1 tab-separated columns, not 10: "1 Hi hi INTJ UH _ 0 root _ _"`},
		{"empty form", line("1 \u00a0 _ X X _ 0 root _ _") + "\n", "f.conllu:1: an empty FORM (or one of spaces only)"},
		{"word id", ok1 + line("3 you you PRON PRP _ 1 obj _ _") + "\n", "f.conllu:2: word ID 3, expected 2"},
		{"bad id", line("x Hi hi INTJ UH _ 0 root _ _") + "\n", `f.conllu:1: cannot parse the word ID "x"`},
		{"bad range", line("1-x Hi _ _ _ _ _ _ _ _") + "\n", `f.conllu:1: cannot parse the multiword token ID "1-x"`},
		{"range start", ok1 + line("3-4 ab _ _ _ _ _ _ _ _") + "\n", `f.conllu:2: multiword token "3-4" should start at the next word, 2`},
		{"unfinished range", line("1-2 ab _ _ _ _ _ _ _ _") + line("1 a a X X _ 0 root _ _") + "\n", "f.conllu:1: multiword token 1-2 ends after its sentence's last word"},
		{"head", line("1 Hi hi INTJ UH _ x root _ _") + "\n", `f.conllu:1: cannot parse HEAD "x"`},
		{"negative head", line("1 Hi hi INTJ UH _ -1 root _ _") + "\n", "f.conllu:1: HEAD -1 is negative"},
		{"head outside", ok1 + line("2 you you PRON PRP _ 3 obj _ _") + "\n", "f.conllu:2: HEAD 3 points outside of the sentence (of 2 words)"},
		{"two roots", ok1 + line("2 you you PRON PRP _ 0 root _ _") + "\n", "f.conllu:1: the sentence has 2 roots (words with HEAD 0), not 1"},
		{"cycle", ok1 + line("2 a a X X _ 3 dep _ _") + line("3 b b X X _ 2 dep _ _") + "\n", "f.conllu:2: a cycle of HEADs through word 2 of the sentence at line 1"},
		{"self loop", line("1 a a X X _ 1 dep _ _") + line("2 b b X X _ 0 root _ _") + "\n", "f.conllu:1: a cycle of HEADs through word 1 of the sentence at line 1"},
		{"no blank line at the end", ok1, "f.conllu:1: the file does not end with a blank line (the last sentence is not closed)"},
		{"comment inside", ok1 + "# x\n\n", "f.conllu:2: a comment inside a sentence (comments go before the sentence's first line)"},
		{"two blank lines", ok1 + "\n\n" + ok1 + "\n", "f.conllu:3: an empty sentence (two blank lines in a row)"},
		{"utf-8", "# t\n1\tH\xffi\thi\tINTJ\tUH\t_\t0\troot\t_\t_\n\n", "f.conllu:2: the line is not valid UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parse(t, c.text)
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
	// Every error of a file is reported, sentence after sentence.
	_, err := parse(t, line("1 a a X X _ 2 dep _ _")+"\n"+line("1 a a X X _ 0 root _ _")+line("3 b b X X _ 1 dep _ _")+"\n")
	assert.EqualError(t, err, "f.conllu:1: HEAD 2 points outside of the sentence (of 1 words)\nf.conllu:4: word ID 3, expected 2")
}

// TestDocument checks the JSON of a document: spans over the text without
// spaces, multiword tokens, universal relations and features, lemmas,
// heads, functional children, empty nodes and "# newdoc".
func TestDocument(t *testing.T) {
	text := "# newdoc id = a\n# text = Del mar\n" +
		line("1-2 Del _ _ _ _ _ _ _ _") +
		line("1 De de ADP SP _ 3 case _ _") +
		line("2 el el DET DA Definite=Def|Gender=Masc|Foo=Bar 3 det:def _ _") +
		line("3 mar mar NOUN NC Number=Sing|Gender=Masc 0 root _ _") +
		line("3.1 x x X X _ _ _ 3:dep _") + "\n" +
		"# newdoc\n" + line("1 1\u00a0000 _ NUM CD _ 0 root _ _") + "\n"
	docs, err := parse(t, text)
	require.NoError(t, err)
	require.Len(t, docs, 2)
	d := docs[0]
	assert.Equal(t, `[{"start":0,"end":3},{"start":3,"end":6}]`, gjson.Get(d, "tokens").Raw)
	assert.Equal(t, `[{"start":0,"end":6}]`, gjson.Get(d, "sentences").Raw)
	assert.Equal(t, `{"chars":[0,1,2],"lag":[],"edge":["m0"],"mw":["mw"],"form":"de"}`, gjson.Get(d, "words.0.key").Raw)
	assert.Equal(t, `{"chars":[3],"lag":["l0"],"edge":["e0"],"mw":[],"form":"mar"}`, gjson.Get(d, "words.1.head").Raw)
	assert.Equal(t, "det", gjson.Get(d, "words.1.deprel").Str)
	assert.Equal(t, `[]`, gjson.Get(d, "words.1.cdeprel").Raw)
	assert.Equal(t, "Definite=Def|Gender=Masc", gjson.Get(d, "words.1.feats").Str)
	assert.Equal(t, "Gender=Masc|Number=Sing", gjson.Get(d, "words.2.feats").Str)
	assert.Equal(t, `["#","=mar"]`, gjson.Get(d, "words.2.lemma").Raw)
	assert.Equal(t, `["root"]`, gjson.Get(d, "words.2.cdeprel").Raw)
	assert.Equal(t, rootKey, gjson.Get(d, "words.2.head").Raw)
	assert.Equal(t, `["case","det"]`, gjson.Get(d, "words.2.children.#.deprel").Raw)
	assert.Equal(t, int64(3), gjson.Get(d, "words.#").Int())
	// A no-break space is not a character of the text; a lemma "_" is ["#"].
	assert.Equal(t, `[{"start":0,"end":4}]`, gjson.Get(docs[1], "tokens").Raw)
	assert.Equal(t, `["#"]`, gjson.Get(docs[1], "words.0.lemma").Raw)

	// After a single-word token ("Hola", [0, 4)), the words of a multiword
	// token take in the words of the other file that start inside it.
	docs, err = parse(t, line("1 Hola hola INTJ UH _ 0 root _ _")+line("2-3 del _ _ _ _ _ _ _ _")+
		line("2 de de ADP SP _ 4 case _ _")+line("3 el el DET DA _ 4 det _ _")+line("4 mar mar NOUN NC _ 1 nmod _ _")+"\n")
	require.NoError(t, err)
	assert.Equal(t, `{"chars":[4,5,6],"lag":["l1","l2","l3"],"edge":["e0","m4"],"mw":["mw"],"form":"de"}`, gjson.Get(docs[0], "words.1.key").Raw)
	assert.Equal(t, `{"chars":[0],"lag":[],"edge":["none"],"mw":[],"form":"hola"}`, gjson.Get(docs[0], "words.0.key").Raw)

	in, err := ParseReader("f.conllu", strings.NewReader(text))
	require.NoError(t, err)
	assert.Equal(t, "Delmar", in.Docs[0].Partner.(*Text).Text)
	assert.Equal(t, 6, in.Docs[0].Partner.(*Text).Line(4)) // "mar" is on line 6
	assert.Equal(t, 3, in.Docs[0].Partner.(*Text).Line(0))
	assert.True(t, in.Positional)
}

func TestDetect(t *testing.T) {
	assert.True(t, Detect([]byte("# sent_id = 1\n1\ta\ta\tX\tX\t_\t0\troot\t_\t_\n")))
	assert.True(t, Detect([]byte("\xEF\xBB\xBF1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_\n")))
	assert.False(t, Detect([]byte("#begin document (a); part 000\n")))
	assert.False(t, Detect([]byte("1\ta\tb\n")))
	assert.False(t, Detect([]byte(`{"id": 1}`)))
}

// TestLower: forms compare in lower case as Python's str.lower() has it.
func TestLower(t *testing.T) {
	for in, want := range map[string]string{
		"Del": "del", "ÜBERS": "übers", "İstanbul": "i\u0307stanbul",
		"ΟΔΟΣ": "οδος", "ΣΑ": "σα", "ΟΔΟΣ.": "οδος.", "Σ": "σ",
	} {
		assert.Equal(t, want, pytext.Lower(in), in)
	}
}
