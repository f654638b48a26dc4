package penman

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readDocFields(t *testing.T, path string) []map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	in, err := Format.ParseFields(path, bytes.NewReader(data), func(f string) bool { return f == "docprops" })
	require.NoError(t, err)
	var docs []map[string]json.RawMessage
	for _, d := range in.Docs {
		var doc map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(d.JSON), &doc))
		docs = append(docs, doc)
	}
	return docs
}

type docProp struct {
	Rel  string `json:"rel"`
	Subj string `json:"subj"`
	Obj  any    `json:"obj"`
	SSnt []int  `json:"ssnt"`
	OSnt []int  `json:"osnt"`
}

// TestDocPropsBuckets compares the sentences of each variable with the
// buckets of docSmatch's own reader (IBM/docAMR e8937ba, amr.py
// categorize_nodes_by_sentence, printed per variable as sorted indices):
// -of roles and :mod, :coref, :part-of and :subset-of, :domain, a
// coreferent shared by sentences; and the example of IBM/docAMR's
// doc_amr_baseline (its docamr_docAMR.out).
func TestDocPropsBuckets(t *testing.T) {
	want := map[string][]string{
		"roles.amr": {
			"d=0 g=1 b=1 t=1 c=1 x=1 s=2 h=1,2 r=2 hh=2 q=2 e=3 p=3 z=3 w=3 f=3 f2=3",
			"d=0 s=1 h=1,2 g=2 x=2",
			"d=0 a=1,2,3,4 x=1,2,3,4 h=2,3 f=2,3 i=2,3 c=2,3 y=4",
		},
		"ibm-example.amr": {
			"d=0 s1.g=1 s1.p=1 s1.n=1 s2.c=1,2,4 s2.n2=1,2,4 s1.t=1 s2.p=2 pro=2,3,4 s2.g=2 s2.c2=2 s2.n=2 s2.a=2 s3.s=3 s3.b=3 s3.n=3 s4.m=4 s4.p=4 s4.n=4 s4.h=4 s4.f=4",
		},
	}
	// find_coref's coref_nodes and coref_edges, as amr.py lists them
	wantCoref := map[string][]string{
		"roles.amr":       {"", "arg0(s,h) arg0(g,h)", "instance(i) instance(c) snt3(d,c) op1(c,x) arg0(y,x)"},
		"ibm-example.amr": {"arg4(s1.g,s2.c) arg0(s2.p,pro) arg0(s2.g,pro) op1(s2.a,s2.c) arg0(s3.s,pro) arg1(s4.m,pro) location(s4.m,s2.c) arg1(s4.h,pro)"},
	}
	for file, lines := range want {
		docs := readDocFields(t, "testdata/docsmatch/"+file)
		require.Len(t, docs, len(lines), file)
		for i, doc := range docs {
			var props []docProp
			require.NoError(t, json.Unmarshal(doc["docprops"], &props))
			var got []string
			label := map[string][]int{}
			for _, p := range props {
				if p.Rel == "instance" {
					got = append(got, p.Subj+"="+strings.Trim(strings.Join(strings.Fields(fmt.Sprint(p.SSnt)), ","), "[]"))
					label[p.Subj] = p.SSnt
				}
			}
			assert.Equal(t, lines[i], strings.Join(got, " "), "%s AMR %d", file, i+1)
			var coref []docProp
			require.NoError(t, json.Unmarshal(doc["corefprops"], &coref))
			got = got[:0]
			for _, p := range coref {
				if p.Rel == "instance" {
					got = append(got, "instance("+p.Subj+")")
				} else {
					got = append(got, fmt.Sprintf("%s(%s,%s)", p.Rel, p.Subj, p.Obj.(map[string]any)["var"]))
				}
			}
			assert.Equal(t, wantCoref[file][i], strings.Join(got, " "), "%s AMR %d: corefprops", file, i+1)
			// every triple carries the labels of its variables; docprops are
			// props with two more fields
			var plain []docProp
			require.NoError(t, json.Unmarshal(doc["props"], &plain))
			require.Len(t, props, len(plain))
			for j, p := range props {
				assert.Equal(t, label[p.Subj], p.SSnt)
				if v, ok := p.Obj.(map[string]any); ok {
					assert.Equal(t, label[v["var"].(string)], p.OSnt)
				} else {
					assert.Equal(t, []int{}, p.OSnt)
				}
				p.SSnt, p.OSnt = nil, nil
				assert.Equal(t, plain[j], p)
			}
		}
	}
}

// TestDocPropsExample is the example document of specs/docsmatch.metric.
func TestDocPropsExample(t *testing.T) {
	in, err := Format.ParseFields("ex", strings.NewReader("(d / multi-sentence :snt1 (g / go-02 :ARG0 (b / boy))\n:snt2 (s / sleep-01 :ARG0 b))\n"),
		func(f string) bool { return f == "docprops" })
	require.NoError(t, err)
	require.Len(t, in.Docs, 1)
	var doc struct{ DocProps, CorefProps json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(in.Docs[0].JSON), &doc))
	want := `[{"rel":"instance","subj":"d","obj":"multi-sentence","ssnt":[0],"osnt":[]},` +
		`{"rel":"instance","subj":"g","obj":"go-02","ssnt":[1],"osnt":[]},` +
		`{"rel":"instance","subj":"b","obj":"boy","ssnt":[1,2],"osnt":[]},` +
		`{"rel":"instance","subj":"s","obj":"sleep-01","ssnt":[2],"osnt":[]},` +
		`{"rel":"TOP","subj":"d","obj":"top","ssnt":[0],"osnt":[]},` +
		`{"rel":"snt1","subj":"d","obj":{"var":"g"},"ssnt":[0],"osnt":[1]},` +
		`{"rel":"snt2","subj":"d","obj":{"var":"s"},"ssnt":[0],"osnt":[2]},` +
		`{"rel":"arg0","subj":"g","obj":{"var":"b"},"ssnt":[1],"osnt":[1,2]},` +
		`{"rel":"arg0","subj":"s","obj":{"var":"b"},"ssnt":[2],"osnt":[1,2]}]`
	assert.JSONEq(t, want, string(doc.DocProps))
	assert.JSONEq(t, `[{"rel":"arg0","subj":"g","obj":{"var":"b"},"ssnt":[1],"osnt":[1,2]},`+
		`{"rel":"arg0","subj":"s","obj":{"var":"b"},"ssnt":[2],"osnt":[1,2]}]`, string(doc.CorefProps))
	// without the field asked for, the document has none
	in, err = Format.ParseFields("ex", strings.NewReader("(d / a)\n"), func(f string) bool { return f == "props" })
	require.NoError(t, err)
	assert.NotContains(t, in.Docs[0].JSON, "docprops")
}
