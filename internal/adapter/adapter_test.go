package adapter_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/document"
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

// TestFormatFields: the documents of each format have exactly the
// top-level fields its Format declares (those written only for a spec that
// reads them included), so that refusing a spec that needs another field
// never refuses one that would have read.
func TestFormatFields(t *testing.T) {
	samples := map[string]string{
		"conll2012": "../../testdata/coref/official/TC-A.key",
		"penman":    "../../internal/adapter/penman/testdata/cases/fine-gold.amr",
		"conllu":    "../../testdata/ud/conll18/gold.conllu",
		"mrp":       "../../testdata/mrp/data/sample/eds/wsj.mrp",
		"conll16":   "../../testdata/conll16/tutorial/en-trial.relations.json",
		"bio":       "../../testdata/ner/conll2003/gold.iob2.txt",
	}
	for _, f := range adapter.List() {
		if f == document.JSON || f == document.JSONLines {
			assert.Nil(t, f.Fields, "JSON documents have any fields")
			continue
		}
		assert.NotEmpty(t, f.Title, f.Name)
		assert.NotEmpty(t, f.Specs, f.Name)
		path, ok := samples[f.Name]
		if !ok {
			continue // eael reads directories; its fields are checked in its package
		}
		s, closer, err := adapter.OpenFileFields(path, f.Name, nil)
		require.NoError(t, err, f.Name)
		in, err := document.Collect(s)
		closer.Close()
		require.NoError(t, err, f.Name)
		seen := map[string]bool{}
		for _, d := range in.Docs {
			gjson.Parse(d.JSON).ForEach(func(k, _ gjson.Result) bool { seen[k.Str] = true; return true })
		}
		for k := range seen {
			assert.Contains(t, f.Fields, k, "%s writes %q", f.Name, k)
		}
		// Every declared field is written, when asked for: penman writes
		// docprops only for a spec that reads it.
		if f.Name == "penman" {
			s, closer, err := adapter.OpenFileFields(path, f.Name, &document.Reader{Fields: []string{"docprops", "corefprops"}})
			require.NoError(t, err)
			in, err := document.Collect(s)
			closer.Close()
			require.NoError(t, err)
			gjson.Parse(in.Docs[0].JSON).ForEach(func(k, _ gjson.Result) bool { seen[k.Str] = true; return true })
		}
		for _, k := range f.Fields {
			assert.True(t, seen[k], "%s declares %q but writes no such field", f.Name, k)
		}
	}
}

// TestFormatError: a spec that needs a field a format never writes is
// refused before reading, naming the files once and the specs that read
// them.
func TestFormatError(t *testing.T) {
	rd := &document.Reader{Spec: "ud.metric", Fields: []string{"tokens", "sentences", "words"}}
	amr := "../../internal/adapter/penman/testdata/cases/fine-gold.amr"
	_, _, err := adapter.OpenFileFields(amr, adapter.Auto, rd)
	var fe *adapter.FormatError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, amr+" is a Penman AMR file, which ud.metric does not read (its documents have no field \"tokens\"); `smatch`, `amr-fine` and `docsmatch` read it", err.Error())
	pred := "../../internal/adapter/penman/testdata/cases/fine-pred.amr"
	_, _, err2 := adapter.OpenFileFields(pred, adapter.Auto, rd)
	both := fe.Join(err2)
	require.NotNil(t, both)
	assert.Equal(t, amr+" and "+pred+" are Penman AMR files, which ud.metric does not read (their documents have no field \"tokens\"); `smatch`, `amr-fine` and `docsmatch` read them", both.Error())
	assert.Equal(t, fe.Error(), fe.Join(err).Error(), "the same file twice is named once")

	mrp := "../../testdata/mrp/data/sample/eds/wsj.mrp"
	_, _, err = adapter.OpenFileFields(mrp, adapter.Auto, &document.Reader{Spec: "coref.metric", Fields: []string{"id", "entities"}})
	assert.EqualError(t, err, mrp+" is an MRP file, which coref.metric does not read (its documents have no field \"entities\"); `mrp`, `edm` and `smatch` read it")

	// A spec whose fields the format writes, or one reading any field
	// (gjson paths), opens it.
	for _, ok := range []*document.Reader{{Spec: "smatch.metric", Fields: []string{"id", "props"}}, {Spec: "any.metric"}, nil} {
		s, closer, err := adapter.OpenFileFields(amr, adapter.Auto, ok)
		require.NoError(t, err)
		require.NotNil(t, s)
		closer.Close()
	}
}
