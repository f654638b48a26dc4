package eval_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
)

// TestJSONType: a json field reads any JSON value; δ compares objects
// whatever the order of their keys, arrays in order, and tells 1 from 1.0
// (as Python's str() does, which ANLS* compares).
func TestJSONType(t *testing.T) {
	p := compile(t, `
type Doc { id: string, answer: json }
input Doc
metric same = delta[answer]
`)
	parse := func(name, text string) *document.Input {
		in, err := document.ParseJSON(name, []byte(text), "jsonl")
		require.NoError(t, err)
		return in
	}
	for _, c := range []struct {
		gold, pred string
		want       float64
	}{
		{`{"a": [1, null, true, "x"], "b": {"c": []}}`, `{"b": {"c": []}, "a": [1, null, true, "x"]}`, 1},
		{`[1, 2]`, `[2, 1]`, 0},
		{`1`, `1.0`, 0},
		{`1.0`, `1e0`, 1},
		{`null`, `{}`, 0},
		{`{}`, `[]`, 0},
		{`"1"`, `1`, 0},
		{`{"a": {"b": null}}`, `{"a": {"b": null}}`, 1},
		{`{"a": 1}`, `{"a": 1, "b": 2}`, 0},
	} {
		got := score(t, p, parse("g", `{"id": "1", "answer": `+c.gold+"}\n"), parse("p", `{"id": "1", "answer": `+c.pred+"}\n"), corpus.Options{})
		assert.Equal(t, c.want, got["same"].Sums.PredGold, "%s vs %s", c.gold, c.pred)
	}
	for _, c := range []struct{ doc, msg string }{
		{`{"id": "1", "answer": {"a": {"k": 1, "k": 2}}}`, `answer.a: the key "k" occurs twice`},
		{`{"id": "1", "answer": [1, 99999999999999999999]}`, "answer.1: the integer 99999999999999999999 is outside the int64 range"},
		{`{"id": "1", "answer": 1e999}`, "answer: the number 1e999 is out of range"},
	} {
		_, err := p.Score(parse("g", c.doc+"\n"), parse("p", c.doc+"\n"), corpus.Options{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.msg)
	}
}
