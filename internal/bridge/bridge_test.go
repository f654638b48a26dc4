package bridge

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

const (
	corefGold = "../../testdata/coref/example-gold.json"
	corefPred = "../../testdata/coref/example-pred.jsonl"
)

// call sends a request and decodes the response.
func call(t *testing.T, b *Bridge, req string, blobs ...[]byte) map[string]any {
	t.Helper()
	var out map[string]any
	resp := b.Call([]byte(req), blobs)
	require.NoError(t, json.Unmarshal(resp, &out), "%s", resp)
	return out
}

// ok is call for a request that must succeed.
func ok(t *testing.T, b *Bridge, req string, blobs ...[]byte) map[string]any {
	t.Helper()
	out := call(t, b, req, blobs...)
	require.Nil(t, out["error"], "%s: %v", req, out["error"])
	return out
}

// fail is call for a request that must fail: its error object.
func fail(t *testing.T, b *Bridge, req string, blobs ...[]byte) map[string]any {
	t.Helper()
	out := call(t, b, req, blobs...)
	require.NotNil(t, out["error"], "%s: %v", req, out)
	return out["error"].(map[string]any)
}

// cli is what the root package prints for a run: the object of `metricc
// run --format json`, decoded.
func cli(t *testing.T, spec string, gold, pred metricc.Source, opts metricc.Options) any {
	t.Helper()
	s, err := metricc.Load(spec)
	require.NoError(t, err)
	res, err := s.Score(gold, pred, opts)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, res.WriteJSON(&b))
	var out any
	require.NoError(t, json.Unmarshal(b.Bytes(), &out))
	return out
}

func handle(v any) string { return strings.TrimSuffix(strings.TrimSuffix(jsonString(v), ".0"), "\n") }

func jsonString(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func TestInfo(t *testing.T) {
	b := New()
	assert.Equal(t, metricc.Version, ok(t, b, `{"op": "version"}`)["version"])
	specs := ok(t, b, `{"op": "specs"}`)["specs"].([]any)
	require.Len(t, specs, len(metricc.Shipped()))
	first := specs[0].(map[string]any)
	assert.Equal(t, metricc.Shipped()[0], first["name"])
	assert.Equal(t, metricc.ShippedSummary(metricc.Shipped()[0]), first["summary"])
	assert.Contains(t, ok(t, b, `{"op": "input_formats"}`)["formats"], "conll2012")

	spec := ok(t, b, `{"op": "load", "path": "coref"}`)
	assert.Equal(t, "coref.metric", spec["name"])
	assert.Equal(t, []any{"mentions", "muc", "b3", "ceafm", "ceafe", "blanc_c", "blanc_n", "blanc", "lea", "conll"}, spec["metrics"])
	assert.Equal(t, []any{}, spec["params"])
	src, _ := metricc.ShippedSource("coref")
	assert.Equal(t, src, spec["source"])

	withParam := ok(t, b, `{"op": "load", "path": "../../testdata/tutorial/ner-report.metric", "params": {"cutoff": 0.25}}`)
	assert.Equal(t, []any{map[string]any{"name": "cutoff", "value": 0.25}}, withParam["params"])
}

// TestScoreInputs: a file, a blob and a text give what the root package
// gives for the files.
func TestScoreInputs(t *testing.T) {
	b := New()
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	gold, err := os.ReadFile(corefGold)
	require.NoError(t, err)
	pred, err := os.ReadFile(corefPred)
	require.NoError(t, err)
	want := cli(t, "coref", metricc.File(corefGold), metricc.File(corefPred), metricc.Options{})
	for _, req := range []string{
		`{"op": "score", "spec": ` + h + `, "gold": {"path": "` + corefGold + `"}, "pred": {"path": "` + corefPred + `"}}`,
		`{"op": "score", "spec": ` + h + `, "gold": {"data": 0}, "pred": {"data": 1, "format": "jsonl"}}`,
		`{"op": "score", "spec": ` + h + `, "gold": {"text": ` + jsonString(string(gold)) + `}, "pred": {"data": 1, "name": "p.jsonl"}}`,
	} {
		out := ok(t, b, req, gold, pred)
		assert.Equal(t, want, out["result"], req)
		assert.Equal(t, []any{}, out["warnings"])
	}
}

// TestScoreOptions: each option reaches the run as the command line's
// flag does.
func TestScoreOptions(t *testing.T) {
	b := New()
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	in := `"gold": {"path": "` + corefGold + `"}, "pred": {"path": "` + corefPred + `"}`
	for _, c := range []struct {
		options string
		opts    metricc.Options
	}{
		{`{"metrics": ["muc", "conll"]}`, metricc.Options{Metrics: []string{"muc", "conll"}}},
		{`{"per_doc": true, "macro": true}`, metricc.Options{PerDoc: true, Macro: true}},
		{`{"bootstrap": 50, "seed": 3, "level": 0.9, "workers": 1}`, metricc.Options{Bootstrap: 50, Seed: 3, Level: 0.9, Workers: 1}},
		{`{"bootstrap": 50}`, metricc.Options{Bootstrap: 50, Seed: 1, Level: 0.95}},
		{`{"search_nodes": 10, "search_time": 5, "search_work": 0, "search_pairs": 100}`, metricc.Options{}},
	} {
		out := ok(t, b, `{"op": "score", "spec": `+h+`, `+in+`, "options": `+c.options+`}`)
		assert.Equal(t, cli(t, "coref", metricc.File(corefGold), metricc.File(corefPred), c.opts), out["result"], c.options)
	}

	// params compile a variant of the spec.
	tut := handle(ok(t, b, `{"op": "load", "path": "../../testdata/tutorial/ner-report.metric"}`)["spec"])
	tin := `"gold": {"path": "../../testdata/tutorial/gold.jsonl"}, "pred": {"path": "../../testdata/tutorial/pred.jsonl"}`
	s, err := metricc.Load("../../testdata/tutorial/ner-report.metric", metricc.WithParam("cutoff", 0.7))
	require.NoError(t, err)
	res, err := s.Score(metricc.File("../../testdata/tutorial/gold.jsonl"), metricc.File("../../testdata/tutorial/pred.jsonl"), metricc.Options{})
	require.NoError(t, err)
	var want any
	require.NoError(t, json.Unmarshal(resultJSON(res), &want))
	out := ok(t, b, `{"op": "score", "spec": `+tut+`, `+tin+`, "options": {"params": {"cutoff": 0.7}}}`)
	assert.Equal(t, want, out["result"])
	assert.Equal(t, map[string]any{"cutoff": 0.7}, out["result"].(map[string]any)["params"])

	// stats_out writes what run --stats-out writes.
	path := t.TempDir() + "/run.stats"
	ok(t, b, `{"op": "score", "spec": `+h+`, `+in+`, "options": {"stats_out": "`+path+`"}}`)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	st, err := metricc.ReadStats(path, bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, 2, st.Documents())

	for _, c := range []struct{ options, typ, msg string }{
		{`{"workers": -1}`, "error", "workers cannot be negative (0 means all cores)"},
		{`{"search_work": -5}`, "error", "search_work cannot be negative (0 means no limit)"},
		{`{"level": 1.5}`, "error", "level must be between 0 and 1 (e.g. 0.95), not 1.5"},
		{`{"shard": "3/2"}`, "error", `shard "3/2": want K/N with 1 <= K <= N, as in 3/8`},
		{`{"metrics": ["nope"]}`, "error", `unknown metric "nope"`},
		{`{"per_docs": true}`, "request", `bad options: json: unknown field "per_docs"`},
		{`{"params": {"nope": 1}}`, "spec", `nope`},
	} {
		e := fail(t, b, `{"op": "score", "spec": `+h+`, `+in+`, "options": `+c.options+`}`)
		assert.Equal(t, c.typ, e["type"], c.options)
		assert.Contains(t, e["message"], c.msg, c.options)
	}
}

// TestErrors: each kind of error comes back with its fields.
func TestErrors(t *testing.T) {
	b := New()
	e := fail(t, b, `{"op": "compile", "name": "bad.metric", "source": "type Doc { xs: set<int> }\ninput Doc\nmetric m = F<->[ys](delta)\n"}`)
	assert.Equal(t, "spec", e["type"])
	errs := e["errors"].([]any)
	require.Len(t, errs, 1)
	first := errs[0].(map[string]any)
	assert.Equal(t, "bad.metric", first["file"])
	assert.Equal(t, 3.0, first["line"])
	assert.Equal(t, 17.0, first["column"])
	assert.Contains(t, first["message"], "ys")
	assert.Contains(t, first["rendered"], "metric m = F<->[ys](delta)\n")
	assert.Contains(t, first["rendered"], "                ^")
	assert.Equal(t, first["rendered"], e["message"])

	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	e = fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"text": "{\"id\": \"a\", \"entities\": [{\"mentions\": [{\"left\": \"x\", \"right\": 1}]}]}\n", "name": "g.jsonl"}, "pred": {"text": "{\"id\": \"a\", \"entities\": []}\n"}}`)
	assert.Equal(t, "data", e["type"])
	d := e["errors"].([]any)[0].(map[string]any)
	assert.Equal(t, "g.jsonl", d["file"])
	assert.Equal(t, "a", d["document"])
	assert.Equal(t, 1.0, d["line"])
	assert.Equal(t, "entities.0.mentions.0.left", d["path"])
	assert.Contains(t, d["text"], `g.jsonl: document "a" (line 1): entities.0.mentions.0.left: `)

	e = fail(t, b, `{"op": "score", "spec": `+h+`, "gold": {"path": "/nonexistent/gold.json"}, "pred": {"path": "`+corefPred+`"}}`)
	assert.Equal(t, "not_found", e["type"])
	assert.Contains(t, e["message"], "/nonexistent/gold.json")

	e = fail(t, b, `{"op": "load", "path": "nonexistent-spec"}`)
	assert.Equal(t, "error", e["type"])
	assert.Contains(t, e["message"], `no spec file "nonexistent-spec", and no shipped spec of that name`)

	e = fail(t, b, `{"op": "panic"}`)
	assert.Equal(t, "internal", e["type"])
	assert.Equal(t, "internal error: the panic op was called", e["message"])
	assert.Contains(t, e["stack"], "bridge.(*Bridge).serve")
	ok(t, b, `{"op": "version"}`) // and the bridge goes on

	for req, msg := range map[string]string{
		`{"op": "nope"}`:                      `unknown op "nope"`,
		`{"op": "score", "spec": 999}`:        "no spec 999 (freed?)",
		`{"op": "compute", "accumulator": 5}`: "no accumulator 5 (freed?)",
		`not json`:                            "bad request",
		`{"op": "version", "extra": 1}`:       `unknown field "extra"`,
		`{"op": "score", "spec": ` + h + `, "gold": {"data": 3}, "pred": {"data": 0}}`: "gold: no blob 3 (0 given)",
	} {
		e := fail(t, b, req)
		assert.Equal(t, "request", e["type"], req)
		assert.Contains(t, e["message"], msg, req)
	}
}

func TestDescribedDoc(t *testing.T) {
	for _, c := range []struct {
		desc, doc string
		line      int
	}{
		{`document "d1" (line 3)`, "d1", 3},
		{`document "with \"quotes\" (line 9)" (line 12)`, `with "quotes" (line 9)`, 12},
		{`document 4 (line 12)`, "4", 12},
		{`line 7`, "", 7},
		{`wsj_0001; part 000`, "wsj_0001; part 000", 0},
		{``, "", 0},
	} {
		doc, line := describedDoc(c.desc)
		assert.Equal(t, c.doc, doc, c.desc)
		assert.Equal(t, c.line, line, c.desc)
	}
}

// TestAccumulatorOps: batches through the bridge, merged through a state,
// give the result of one run.
func TestAccumulatorOps(t *testing.T) {
	b := New()
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	gold, err := os.ReadFile(corefGold)
	require.NoError(t, err)
	pred, err := os.ReadFile(corefPred)
	require.NoError(t, err)
	want := cli(t, "coref", metricc.File(corefGold), metricc.File(corefPred), metricc.Options{PerDoc: true})

	var golds, preds []any
	require.NoError(t, json.Unmarshal(gold, &golds))
	for _, line := range strings.Split(strings.TrimSpace(string(pred)), "\n") {
		var d any
		require.NoError(t, json.Unmarshal([]byte(line), &d))
		preds = append(preds, d)
	}
	require.Len(t, golds, 2)
	batch := func(i int) ([]byte, []byte) {
		g, _ := json.Marshal([]any{golds[i]})
		p, _ := json.Marshal([]any{preds[i]})
		return g, p
	}
	a := handle(ok(t, b, `{"op": "accumulator", "spec": `+h+`, "options": {"per_doc": true}}`)["accumulator"])
	g0, p0 := batch(0)
	out := ok(t, b, `{"op": "update", "accumulator": `+a+`, "gold": {"data": 0}, "pred": {"data": 1}}`, g0, p0)
	assert.Equal(t, 1.0, out["documents"])
	assert.NotContains(t, out, "ids", "ids only when asked")

	other := handle(ok(t, b, `{"op": "accumulator", "spec": `+h+`, "options": {"per_doc": true}}`)["accumulator"])
	g1, p1 := batch(1)
	out = ok(t, b, `{"op": "update", "accumulator": `+other+`, "gold": {"data": 0}, "pred": {"data": 1}, "ids": true}`, g1, p1)
	assert.Equal(t, []any{golds[1].(map[string]any)["id"]}, out["ids"])
	state := ok(t, b, `{"op": "state", "accumulator": `+other+`}`)["state"]
	restored := handle(ok(t, b, `{"op": "from_state", "spec": `+h+`, "state": `+jsonString(state)+`}`)["accumulator"])
	assert.Equal(t, 2.0, ok(t, b, `{"op": "merge", "accumulator": `+a+`, "other": `+restored+`}`)["documents"])
	assert.Equal(t, want, ok(t, b, `{"op": "compute", "accumulator": `+a+`}`)["result"])

	ok(t, b, `{"op": "free", "accumulator": `+a+`}`)
	assert.Equal(t, "request", fail(t, b, `{"op": "compute", "accumulator": `+a+`}`)["type"])
	assert.Contains(t, fail(t, b, `{"op": "merge", "accumulator": `+other+`, "other": `+other+`}`)["message"], "itself")
	assert.Contains(t, fail(t, b, `{"op": "compute", "accumulator": `+handle(ok(t, b, `{"op": "accumulator", "spec": `+h+`}`)["accumulator"])+`}`)["message"], "no documents were added")
	assert.Contains(t, fail(t, b, `{"op": "from_state", "spec": `+h+`, "state": {"metricc_state": 1, "bogus": 2}}`)["message"], "not an accumulator state")
}

func TestExplainAndCompare(t *testing.T) {
	b := New()
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	in := `"gold": {"path": "` + corefGold + `"}, "pred": {"path": "` + corefPred + `"}`
	out := ok(t, b, `{"op": "explain", "spec": `+h+`, `+in+`, "doc": "pradhan", "options": {"metrics": ["muc"]}}`)
	spec, err := metricc.Load("coref")
	require.NoError(t, err)
	ex, err := spec.Explain(metricc.File(corefGold), metricc.File(corefPred), "pradhan", metricc.Options{Metrics: []string{"muc"}})
	require.NoError(t, err)
	var text, js, html bytes.Buffer
	require.NoError(t, ex.WriteText(&text, false))
	require.NoError(t, ex.WriteJSON(&js))
	require.NoError(t, ex.WriteHTML(&html))
	assert.Equal(t, text.String(), out["text"])
	assert.Equal(t, html.String(), out["html"])
	var wantJSON any
	require.NoError(t, json.Unmarshal(js.Bytes(), &wantJSON))
	assert.Equal(t, wantJSON, out["json"])
	assert.Contains(t, fail(t, b, `{"op": "explain", "spec": `+h+`, `+in+`, "doc": "nope"}`)["message"], `no document "nope"`)

	cmp := ok(t, b, `{"op": "compare", "spec": `+h+`, "gold": {"path": "`+corefGold+`"}, "pred_a": {"path": "`+corefPred+`"}, "pred_b": {"path": "`+corefGold+`"}, "names": ["sys", "oracle"], "options": {"bootstrap": 100, "metrics": ["muc"]}}`)["comparison"].(map[string]any)
	assert.Equal(t, "sys", cmp["a"])
	assert.Equal(t, "oracle", cmp["b"])
	assert.Equal(t, 100.0, cmp["samples"])
	assert.Contains(t, cmp["metrics"], "muc")
}

// TestConcurrentScores: one spec scores from many goroutines at once, with
// the same result each time.
func TestConcurrentScores(t *testing.T) {
	b := New()
	h := handle(ok(t, b, `{"op": "load", "path": "coref"}`)["spec"])
	req := `{"op": "score", "spec": ` + h + `, "gold": {"path": "` + corefGold + `"}, "pred": {"path": "` + corefPred + `"}}`
	want := string(b.Call([]byte(req), nil))
	var wg sync.WaitGroup
	got := make([]string, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = string(b.Call([]byte(req), nil))
		}()
	}
	wg.Wait()
	for _, g := range got {
		assert.Equal(t, want, g)
	}
}

// TestServe: framed requests on a pipe are answered in order, with blobs.
func TestServe(t *testing.T) {
	b := New()
	reqR, reqW := io.Pipe()
	respR, respW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- b.Serve(reqR, respW); respW.Close() }()
	send := func(parts ...[]byte) map[string]any {
		go func() { require.NoError(t, WriteFrame(reqW, parts...)) }()
		resp, err := ReadFrame(respR)
		require.NoError(t, err)
		require.Len(t, resp, 1)
		var out map[string]any
		require.NoError(t, json.Unmarshal(resp[0], &out))
		return out
	}
	h := handle(send([]byte(`{"op": "load", "path": "coref"}`))["spec"])
	gold, err := os.ReadFile(corefGold)
	require.NoError(t, err)
	pred, err := os.ReadFile(corefPred)
	require.NoError(t, err)
	out := send([]byte(`{"op": "score", "spec": `+h+`, "gold": {"data": 0}, "pred": {"data": 1}}`), gold, pred)
	assert.Equal(t, cli(t, "coref", metricc.File(corefGold), metricc.File(corefPred), metricc.Options{}), out["result"])
	reqW.Close()
	require.NoError(t, <-done)

	_, err = ReadFrame(bytes.NewReader([]byte{1, 0, 0, 0, 5}))
	assert.ErrorContains(t, err, "truncated frame")
	_, err = ReadFrame(bytes.NewReader([]byte{1, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 'x'}))
	assert.ErrorContains(t, err, "truncated frame")
	_, err = ReadFrame(bytes.NewReader(nil))
	assert.ErrorIs(t, err, io.EOF)
}
