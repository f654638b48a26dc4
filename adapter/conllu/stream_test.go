package conllu

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/document"
)

// drain reads a stream to its end, checking after each document that the
// stream holds no document it has returned.
func drain(t *testing.T, s document.Stream) (docs []document.Doc, err error) {
	t.Helper()
	for {
		d, err := s.Next()
		if err == io.EOF {
			return docs, nil
		}
		if err != nil {
			return docs, err
		}
		docs = append(docs, d)
		assert.LessOrEqual(t, len(s.(*stream).p.in.Docs), 1, "documents held after document %d", len(docs))
	}
}

// The stream yields what ParseReader reads, one document at a time, on
// the committed EWT excerpt (20 documents).
func TestStreamMatchesParse(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ud/en_ewt-ud-test-head.conllu")
	require.NoError(t, err)
	in, err := ParseReader("f", strings.NewReader(string(data)))
	require.NoError(t, err)
	docs, err := drain(t, Stream("f", strings.NewReader(string(data))))
	require.NoError(t, err)
	require.Len(t, docs, len(in.Docs))
	require.Greater(t, len(docs), 10)
	for i, d := range docs {
		w := in.Docs[i]
		assert.Equal(t, w.JSON, d.JSON)
		assert.Equal(t, w.Name, d.Name)
		assert.Equal(t, w.Text, d.Text)
		assert.Equal(t, w.Index, d.Index)
		assert.Equal(t, w.TextLine(0), d.TextLine(0))
	}
	s := Stream("f", strings.NewReader(""))
	assert.True(t, s.Positional())
	assert.Contains(t, s.(document.Hinted).PairHint(), "# newdoc")
}

// Errors end the stream with the errors ParseReader reports, and no
// document of the file is scored: the documents before the first error
// are not given out once it is found, and those read before it are
// followed by the errors.
func TestStreamErrors(t *testing.T) {
	good := "# newdoc\n1\tHi\thi\tINTJ\tUH\t_\t0\troot\t_\t_\n\n"
	bad := "# newdoc\n1\tHi\thi\tINTJ\tUH\t_\t1\troot\t_\t_\n\n"
	text := good + bad + good + bad
	_, want := ParseReader("f", strings.NewReader(text))
	var wantList document.DataErrors
	require.True(t, errors.As(want, &wantList))
	docs, err := drain(t, Stream("f", strings.NewReader(text)))
	assert.Len(t, docs, 1, "the document before the first error")
	assert.Equal(t, want, err)
	// A file cut without its final blank line.
	_, err = drain(t, Stream("f", strings.NewReader(strings.TrimSuffix(good, "\n"))))
	assert.ErrorContains(t, err, "does not end with a blank line")
}
