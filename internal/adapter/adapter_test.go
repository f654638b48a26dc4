package adapter_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/adapter"
)

func TestNames(t *testing.T) {
	assert.Equal(t, "auto, json, jsonl, conll2012, penman, conllu, mrp, eael, conll16 or bio", adapter.NameList())
	for _, name := range adapter.Names()[1:] {
		assert.Equal(t, name, adapter.Lookup(name).Name)
	}
	assert.Nil(t, adapter.Lookup("xml"))
}

// TestReadFrom reads the same kind of content through auto-detection and
// by name, and checks the errors for unknown and unbuilt formats.
func TestReadFrom(t *testing.T) {
	cases := []struct{ name, text, detected string }{
		{"conll", "#begin document (d); part 000\nw 0 (1)\n#end document\n", "conll2012"},
		{"amr", "# ::id a\n(w / want-01)\n", "penman"},
		{"mrp", `{"id": "1", "flavor": 0, "framework": "dm", "nodes": [{"id": 0}]}` + "\n", "mrp"},
		{"ud", "# newdoc\n# text = Hi\n1\tHi\thi\tINTJ\tUH\t_\t0\troot\t_\t_\n\n", "conllu"},
		{"bio", "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\n", "bio"},
		{"json", `[{"id": "a"}]`, ""},
		{"jsonl", "{\"id\": \"a\"}\n{\"id\": \"b\"}\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := adapter.Detect([]byte(c.text))
			if c.detected == "" {
				assert.Nil(t, f)
			} else {
				require.NotNil(t, f)
				assert.Equal(t, c.detected, f.Name)
			}
			in, err := adapter.ReadFrom(c.name, strings.NewReader(c.text), adapter.Auto)
			require.NoError(t, err)
			assert.NotEmpty(t, in.Docs)
		})
	}
	_, err := adapter.ReadFrom("x", strings.NewReader("{}"), "xml")
	assert.EqualError(t, err, `unknown --input-format "xml" (want auto, json, jsonl, conll2012, penman, conllu, mrp, eael, conll16 or bio)`)
}

// DetectName names what Open with "auto" reads.
func TestDetectName(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`[{"id": "a"}]`, "json"},
		{"{\"id\": \"a\"}\n{\"id\": \"b\"}\n", "json"},
		{"\ufeff  [ ]", "json"},
		{"", "json"},
		{"# ::id 1\n(w / want-01\n   :ARG0 (b / boy))\n", "penman"},
		{"#begin document (d); part 000\nd 0 0 John NNP - - - - (1)\n#end document\n", "conll2012"},
		{"EU B-ORG\nrejects O\n", "bio"},
		{"1\tHey\they\tINTJ\tUH\t_\t0\troot\t_\t_\n\n", "conllu"},
		{"The boy wants to go.\n", ""},
	} {
		assert.Equal(t, c.want, adapter.DetectName([]byte(c.text)), "%q", c.text)
		_, err := adapter.ReadFrom("x", strings.NewReader(c.text), adapter.Auto)
		if c.want == "" {
			assert.ErrorContains(t, err, "cannot tell the format")
		} else if err != nil {
			assert.NotContains(t, err.Error(), "cannot tell the format")
		}
	}
}

// TestUndetected: a file no format fits gets one error that names the
// formats tried and what each starts with, instead of one "malformed JSON"
// per line.
func TestUndetected(t *testing.T) {
	_, err := adapter.ReadFrom("x.txt", strings.NewReader("\n\nThe boy wants to go.\nAnd more.\n"), adapter.Auto)
	require.Error(t, err)
	assert.Equal(t, `x.txt:3: cannot tell the format of this file: it starts with "The boy wants to go.", which fits none of the formats tried: `+
		`json (a JSON array or object; JSON Lines: one object per line), conll2012 (a "#begin document" line), penman (a graph in parentheses, (v / concept ...)), conllu (lines of ten tab-separated columns, a word ID first), `+
		`mrp (one graph per line, {"id": ..., "framework": ..., "nodes": [...]}), eael (a directory, or a file of 11 or 18 tab-separated columns of a TAC KBP 2015 store), conll16 (one JSON relation per line, with "DocID" and "Arg1"), bio (CoNLL-2003 columns: a token per line, its tag last); name one with --input-format`, err.Error())
}

// TestDetectWholeRecord: a stray first line or a first graph without a
// concept does not hide the format.
func TestDetectWholeRecord(t *testing.T) {
	for _, c := range []struct{ name, text, format string }{
		{"conll with a junk first line", "junk\n#begin document (d); part 000\nw (1)\n#end document\n", "conll2012"},
		{"penman whose first graph has no concept", "# ::id 1\n(a :ARG0 (b))\n\n# ::id 2\n(w / want-01)\n", "penman"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := adapter.Detect([]byte(c.text))
			require.NotNil(t, f)
			assert.Equal(t, c.format, f.Name)
		})
	}
}
