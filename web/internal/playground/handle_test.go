package playground

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile("../../../" + path)
	require.NoError(t, err)
	return string(data)
}

func corefRequest(t *testing.T) *Request {
	src, _ := metricc.ShippedSource("coref")
	return &Request{Op: "run", Spec: SpecSrc{Name: "coref.metric", Source: src},
		Gold: Input{Name: "example-gold.json", Text: read(t, "testdata/coref/example-gold.json")},
		Pred: Input{Name: "example-pred.jsonl", Text: read(t, "testdata/coref/example-pred.jsonl")}}
}

func TestHandleRun(t *testing.T) {
	resp := Handle(corefRequest(t), nil)
	require.Empty(t, resp.Error)
	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	res, err := spec.Score(metricc.File("../../../testdata/coref/example-gold.json"), metricc.File("../../../testdata/coref/example-pred.jsonl"), metricc.Options{PerDoc: true})
	require.NoError(t, err)
	var want bytes.Buffer
	require.NoError(t, res.WriteJSON(&want))
	assert.Equal(t, want.String(), resp.JSON)
	assert.Equal(t, []string{"json", "json"}, resp.Formats)
	assert.Equal(t, 2, resp.Table.Documents)
	assert.Equal(t, "conll", resp.Table.Corpus[len(resp.Table.Corpus)-1].Name)
	assert.Equal(t, "45.82", resp.Table.Corpus[len(resp.Table.Corpus)-1].Value.Text)
	require.Len(t, resp.Table.Docs, 2)
	assert.Equal(t, "pradhan", resp.Table.Docs[0].ID)
}

func TestHandleRunProgress(t *testing.T) {
	var p metricc.Progress
	resp := Handle(corefRequest(t), &p)
	require.Empty(t, resp.Error)
	done, unproven := p.Counts()
	assert.Equal(t, 2, done)
	assert.Equal(t, 0, unproven)
}

// A native format is read as the command line reads it, detected or
// named.
func TestHandleRunFormats(t *testing.T) {
	src, _ := metricc.ShippedSource("coref")
	for _, format := range []string{"", "auto", "conll2012"} {
		req := &Request{Op: "run", Spec: SpecSrc{Name: "coref.metric", Source: src},
			Gold: Input{Name: "TC-C.key", Text: read(t, "testdata/coref/official/TC-C.key"), Format: format},
			Pred: Input{Name: "TC-C-1.response", Text: read(t, "testdata/coref/official/TC-C-1.response"), Format: format}}
		resp := Handle(req, nil)
		require.Empty(t, resp.Error, format)
		assert.Equal(t, []string{"conll2012", "conll2012"}, resp.Formats)
		var out struct {
			Metrics map[string]struct{ Value float64 }
		}
		require.NoError(t, json.Unmarshal([]byte(resp.JSON), &out))
		// The official scorer's CoNLL average of TC-C-1 (see testdata/coref).
		assert.InDelta(t, 0.620754716981132, out.Metrics["conll"].Value, 1e-15)
	}
}

func TestHandleSpecErrors(t *testing.T) {
	req := &Request{Op: "check", Spec: SpecSrc{Name: "my.metric", Source: "type Doc { id: string }\ninput Doc\nmetric m = F<->[nope](delta)\n"}}
	resp := Handle(req, nil)
	require.NotEmpty(t, resp.Error)
	require.Len(t, resp.SpecErrors, 1)
	e := resp.SpecErrors[0]
	assert.Equal(t, 3, e.Line)
	assert.Equal(t, 17, e.Column)
	assert.Contains(t, e.Message, "nope")
	assert.True(t, strings.HasPrefix(e.Text, "my.metric:3:17: "), e.Text)
	assert.Contains(t, e.Text, "\n    metric m = F<->[nope](delta)\n                    ^")
	assert.Equal(t, e.Text, resp.Error)

	ok := Handle(&Request{Op: "check", Spec: SpecSrc{Source: "type Doc { id: string, xs: set<string> }\ninput Doc\nmetric m = F<->[xs](delta)\n"}}, nil)
	assert.Empty(t, ok.Error)
	assert.Equal(t, []string{"m"}, ok.Metrics)
}

func TestHandleDataErrors(t *testing.T) {
	req := corefRequest(t)
	req.Gold = Input{Name: "gold.json", Text: `[{"id": "pradhan", "entities": [[{"left": "x", "right": 1}]]}]`}
	resp := Handle(req, nil)
	assert.Contains(t, resp.Error, "gold.json: document \"pradhan\"")
	assert.Empty(t, resp.SpecErrors)

	req.Gold = Input{Name: "gold.txt", Text: "hello world\n"}
	resp = Handle(req, nil)
	assert.True(t, strings.HasPrefix(resp.Error, "metricc: gold.txt:1: cannot tell the format of this file"), resp.Error)

	// Unpaired documents: the command line's message and its advice.
	req.Gold = Input{Name: "gold.json", Text: `[]`}
	resp = Handle(req, nil)
	assert.Contains(t, resp.Error, `example-pred.jsonl: document "pradhan" (line 1): no gold document with this id in gold.json (use --allow-missing`)
	req.Options.AllowMissing = true
	resp = Handle(req, nil)
	assert.Empty(t, resp.Error)
}

func TestHandleOptions(t *testing.T) {
	req := corefRequest(t)
	neg := int64(-1)
	req.Options.SearchPairs = &neg
	assert.Equal(t, "metricc: --search-pairs cannot be negative (0 means no limit)", Handle(req, nil).Error)

	req = corefRequest(t)
	req.Options.Set = []string{"nope=1"}
	assert.Contains(t, Handle(req, nil).Error, "nope")
	req.Options.Set = []string{"cutoff"}
	assert.Equal(t, `metricc: --set wants NAME=VALUE, as in --set cutoff=1.0; got "cutoff"`, Handle(req, nil).Error)
	req.Options.Set = []string{"cutoff = x"}
	assert.Equal(t, `metricc: --set cutoff: "x" is not a number`, Handle(req, nil).Error)

	req = corefRequest(t)
	req.Options.Metrics = []string{"muc"}
	resp := Handle(req, nil)
	require.Empty(t, resp.Error)
	assert.Equal(t, "muc", resp.Table.Corpus[0].Name)
	assert.Len(t, resp.Table.Corpus, 1)

	zero := int64(0)
	o, err := options(&Request{Options: RunOpts{SearchWork: &zero}}, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(metricc.NoLimit), o.Search.MaxWork, "the flag's 0 is no limit")
	o, err = options(&Request{}, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, metricc.SearchLimits{}, o.Search, "missing: the defaults")
	secs, big := 1.5, int64(1e6)
	o, err = options(&Request{Options: RunOpts{SearchTime: &secs, SearchPairs: &big, SearchNodes: &big}}, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, metricc.SearchLimits{Timeout: 1500 * time.Millisecond, MaxPairs: 1e6, MaxNodes: 1e6}, o.Search)
}

func TestHandleExplain(t *testing.T) {
	req := corefRequest(t)
	req.Op, req.Doc, req.Metric = "explain", "pradhan", "muc"
	resp := Handle(req, nil)
	require.Empty(t, resp.Error)
	assert.Contains(t, resp.HTML, "<title>metricc explain: pradhan</title>")
	assert.Contains(t, resp.HTML, "<b>muc</b>")
	assert.NotContains(t, resp.HTML, "<b>ceafe</b>")

	req.Doc = "pradan"
	resp = Handle(req, nil)
	assert.Contains(t, resp.Error, `no document "pradan"`)
	assert.Contains(t, resp.Error, `"pradhan"`)
}

func TestHandleMisc(t *testing.T) {
	assert.Equal(t, "penman", Handle(&Request{Op: "detect", Text: "(w / want-01 :ARG0 (b / boy))\n"}, nil).Format)
	info := Handle(&Request{Op: "info"}, nil).Info
	require.NotNil(t, info)
	assert.Contains(t, info.Formats, "conll2012")
	assert.Equal(t, metricc.DefaultSearchWork, info.SearchWork)
	assert.Contains(t, Handle(&Request{Op: "nope"}, nil).Error, `unknown request "nope"`)

	var resp Response
	require.NoError(t, json.Unmarshal(HandleJSON([]byte(`{"op": 1}`), nil), &resp))
	assert.Contains(t, resp.Error, "metricc: bad request")
	require.NoError(t, json.Unmarshal(HandleJSON([]byte(`{"op": "detect", "text": "[]"}`), nil), &resp))
	assert.Equal(t, "json", resp.Format)
}
