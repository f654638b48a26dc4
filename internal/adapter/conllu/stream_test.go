package conllu

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
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

// The stream gives the committed EWT excerpt's 20 documents in order,
// numbered from 1 with the line of its first token, holding none it has given
// out (drain), as ParseReader collects them.
func TestStreamDocuments(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/ud/en_ewt-ud-test-head.conllu")
	require.NoError(t, err)
	docs, err := drain(t, Stream("f", strings.NewReader(string(data))))
	require.NoError(t, err)
	require.Len(t, docs, 20)
	line := 0
	for i, d := range docs {
		assert.Equal(t, i, d.Index)
		assert.Equal(t, fmt.Sprintf("document %d (line %d)", i+1, d.Line), d.Name)
		assert.Greater(t, d.Line, line)
		assert.Equal(t, d.Line, d.Partner.(*Text).Line(0), "a document starts at its first token, where its text does")
		line = d.Line
	}
	in, err := ParseReader("f", strings.NewReader(string(data)))
	require.NoError(t, err)
	assert.Len(t, in.Docs, 20)
	assert.Contains(t, in.PairHint, "# newdoc")
	assert.True(t, in.Positional)
}

// Errors end the stream, and no document of the file is given out once
// the first is found: here the one document read before it, then both
// errors (the file is not scored).
func TestStreamErrors(t *testing.T) {
	good := "# newdoc\n1\tHi\thi\tINTJ\tUH\t_\t0\troot\t_\t_\n\n"
	bad := "# newdoc\n1\tHi\thi\tINTJ\tUH\t_\t1\troot\t_\t_\n\n"
	docs, err := drain(t, Stream("f", strings.NewReader(good+bad+good+bad)))
	assert.Len(t, docs, 1, "the document before the first error")
	var list document.DataErrors
	require.True(t, errors.As(err, &list))
	assert.Equal(t, "f:5: a cycle of HEADs through word 1 of the sentence at line 5\nf:11: a cycle of HEADs through word 1 of the sentence at line 11", err.Error())
	// A file cut without its final blank line.
	_, err = drain(t, Stream("f", strings.NewReader(strings.TrimSuffix(good, "\n"))))
	assert.ErrorContains(t, err, "does not end with a blank line")
}
