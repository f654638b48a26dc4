package adapter_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/adapter"
)

func TestNames(t *testing.T) {
	assert.Equal(t, "auto, json, jsonl, conll2012, penman, conllu, mrp or bio", adapter.NameList())
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
	assert.EqualError(t, err, `unknown --input-format "xml" (want auto, json, jsonl, conll2012, penman, conllu, mrp or bio)`)
	_, err = adapter.ReadFrom("x.conllu", strings.NewReader(""), "conllu")
	assert.EqualError(t, err, "x.conllu: the conllu input format is not available yet")
}
