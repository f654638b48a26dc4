package corpus_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
)

const tagSpec = "type Doc { id: string, tags: set<string> }\ninput Doc\nmetric m = F<->[tags](delta)\n"

// jsonl writes documents d<i> with the given tags, in the given order.
func jsonl(order []int, tags func(i int) string) string {
	var b strings.Builder
	for _, i := range order {
		fmt.Fprintf(&b, "{\"id\": \"d%d\", \"tags\": [%s]}\n", i, tags(i))
	}
	return b.String()
}

func stream(t *testing.T, name, text string) document.Stream {
	t.Helper()
	return document.NewJSONStream(name, strings.NewReader(text), "auto")
}

// TestStreamOrderDoesNotMatter: a prediction file in any order gives the
// same result, to the bit, per document in gold order, as one in gold
// order, with any number of workers.
func TestStreamOrderDoesNotMatter(t *testing.T) {
	p := compile(t, tagSpec)
	n := 50
	inOrder, reversed, shuffled := make([]int, n), make([]int, n), make([]int, n)
	for i := range n {
		inOrder[i], reversed[i], shuffled[i] = i, n-1-i, (i*7)%n
	}
	gold := jsonl(inOrder, func(i int) string { return fmt.Sprintf(`"a", "b%d", "c%d"`, i%3, i%5) })
	predTags := func(i int) string { return fmt.Sprintf(`"a", "b%d", "x%d"`, i%4, i) }
	want, err := p.ScoreStreams(stream(t, "g", gold), stream(t, "p", jsonl(inOrder, predTags)), corpus.Options{PerDoc: true, Workers: 1})
	require.NoError(t, err)
	for _, order := range [][]int{reversed, shuffled} {
		for _, workers := range []int{1, 2, 7} {
			got, err := p.ScoreStreams(stream(t, "g", gold), stream(t, "p", jsonl(order, predTags)), corpus.Options{PerDoc: true, Workers: workers})
			require.NoError(t, err)
			assert.Equal(t, want, got)
		}
	}
	require.Len(t, want.PerDoc, n)
	assert.Equal(t, "d0", want.PerDoc[0].ID)
	assert.Equal(t, "d49", want.PerDoc[49].ID)
}

// TestStreamErrors: every unreadable, duplicate and unpaired document is
// reported, gold before prediction, each in file order.
func TestStreamErrors(t *testing.T) {
	p := compile(t, tagSpec)
	gold := "{\"id\": \"d1\", \"tags\": []}\n{\"id\": \"d2\", \"tags\": []}\n{\"id\": \"d1\", \"tags\": []}\n{\"id\": \"d3\", \"tags\": []}\n"
	pred := "{\"id\": \"d9\", \"tags\": []}\n{\"id\": \"d2\", \"tags\": []}\n{\"id\": \"d1\", \"tags\": []}\n{\"id\": \"d8\", \"tags\": []}\n"
	_, err := p.ScoreStreams(stream(t, "g.jsonl", gold), stream(t, "p.jsonl", pred), corpus.Options{})
	require.Error(t, err)
	assert.Equal(t, `g.jsonl: document "d1" (line 3): duplicate id "d1" (first at line 1)
p.jsonl: no prediction for gold document "d3" (line 4) of g.jsonl (use --allow-missing to score it as empty)
p.jsonl: document "d9" (line 1): no gold document with this id in g.jsonl (use --allow-missing to score it against an empty one)
p.jsonl: document "d8" (line 4): no gold document with this id in g.jsonl (use --allow-missing to score it against an empty one)`, err.Error())
}

// TestStreamAllowMissing: unpaired documents are scored against empty
// ones, gold documents in gold order, then predictions in theirs.
func TestStreamAllowMissing(t *testing.T) {
	p := compile(t, tagSpec)
	gold := "{\"id\": \"g1\", \"tags\": [\"a\"]}\n{\"id\": \"both\", \"tags\": [\"a\"]}\n{\"id\": \"g2\", \"tags\": [\"a\"]}\n"
	pred := "{\"id\": \"p1\", \"tags\": [\"a\"]}\n{\"id\": \"both\", \"tags\": [\"a\"]}\n"
	res, err := p.ScoreStreams(stream(t, "g", gold), stream(t, "p", pred), corpus.Options{AllowMissing: true, PerDoc: true})
	require.NoError(t, err)
	var ids []string
	for _, d := range res.PerDoc {
		ids = append(ids, d.ID)
	}
	assert.Equal(t, []string{"g1", "both", "g2", "p1"}, ids)
	assert.Equal(t, Sums(1, 2, 3), sums(res.Metric("m")))
}

// TestStreamByPosition: without an id field documents pair by position;
// different lengths are an error naming both.
func TestStreamByPosition(t *testing.T) {
	p := compile(t, "type Doc { tags: set<string> }\ninput Doc\nmetric m = F<->[tags](delta)\n")
	three := "{\"tags\": [\"a\"]}\n{\"tags\": [\"b\"]}\n{\"tags\": [\"c\"]}\n"
	two := "{\"tags\": [\"a\"]}\n{\"tags\": [\"c\"]}\n"
	_, err := p.ScoreStreams(stream(t, "g", three), stream(t, "p", two), corpus.Options{})
	assert.EqualError(t, err, "p: 2 documents, but g has 3; without an id field documents pair by position (add `id: string` to the input type, or use --allow-missing)")
	res, err := p.ScoreStreams(stream(t, "g", three), stream(t, "p", two), corpus.Options{AllowMissing: true})
	require.NoError(t, err)
	assert.Equal(t, Sums(1, 2, 3), sums(res.Metric("m")))
	res, err = p.ScoreStreams(stream(t, "g", two), stream(t, "p", three), corpus.Options{AllowMissing: true})
	require.NoError(t, err)
	assert.Equal(t, Sums(1, 3, 2), sums(res.Metric("m")))
}
