package document_test

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
)

// TestNewTextIsACopy: the text stays as written when the bytes it was
// copied from are written over (an adapter reuses its buffer for the next
// document).
func TestNewTextIsACopy(t *testing.T) {
	for _, n := range []int{0, 1, 1023, 1024, 1025, 4096, 70000, 1 << 20, 1<<20 + 1} {
		data := []byte(strings.Repeat("x", n))
		text, buf := document.NewText(data)
		for i := range data {
			data[i] = 'y'
		}
		assert.Equal(t, strings.Repeat("x", n), text, "%d bytes", n)
		// A text under 1 KiB or over 1 MiB: a plain copy.
		assert.Equal(t, n < 1<<10 || n > 1<<20, buf == nil, "%d bytes", n)
	}
}

// TestReleaseText: a released document has no text left to read, and
// releasing it again is harmless.
func TestReleaseText(t *testing.T) {
	var d document.Doc
	d.JSON, d.Text = document.NewText(pad(`{"id": "a"}`))
	document.ReleaseText(&d)
	assert.Equal(t, "", d.JSON)
	assert.Nil(t, d.Text)
	document.ReleaseText(&d)
	assert.Nil(t, d.Text)
	// A text of its own (too small to pool) is dropped all the same.
	small := document.Doc{JSON: `{"id": "s"}`}
	document.ReleaseText(&small)
	assert.Equal(t, "", small.JSON)

	// A text lent after the release reads as written.
	next, buf := document.NewText(pad(`{"id": "b"}`))
	assert.Equal(t, string(pad(`{"id": "b"}`)), next)
	assert.NotNil(t, buf)
}

// TestJSONStreamPoolsTexts: documents streamed from a file lend their
// text (the scorer gives it back once decoded); an Input keeps every text,
// as it may be scored again: collected, and streamed again.
func TestJSONStreamPoolsTexts(t *testing.T) {
	a, b := string(pad(`{"id": "a"}`)), string(pad(`{"id": "b"}`))
	text := a + "\n" + b + "\n{\"id\": \"small\"}\n"
	s := document.NewJSONStream("f", strings.NewReader(text), "jsonl")
	d, err := s.Next()
	require.NoError(t, err)
	assert.NotNil(t, d.Text)
	assert.Equal(t, a, d.JSON)

	in, err := document.Collect(document.NewJSONStream("f", strings.NewReader(text), "jsonl"))
	require.NoError(t, err)
	require.Len(t, in.Docs, 3)
	for _, d := range in.Docs {
		assert.Nil(t, d.Text, d.JSON)
	}
	// Their buffers went back to the pool: texts written into them now
	// leave the collected ones as they were.
	for range 4 {
		document.NewText(pad(`{"id": "x"}`))
	}
	assert.Equal(t, []string{a, b, `{"id": "small"}`}, []string{in.Docs[0].JSON, in.Docs[1].JSON, in.Docs[2].JSON})

	in.Docs[0].JSON, in.Docs[0].Text = document.NewText(pad(`{"id": "c"}`))
	again := document.InputStream(in)
	for range 3 {
		d, err := again.Next()
		require.NoError(t, err)
		assert.Nil(t, d.Text, d.JSON)
	}
	_, err = again.Next()
	assert.Equal(t, io.EOF, err)
}

// pad makes a JSON object long enough to be pooled (1 KiB).
func pad(object string) []byte {
	return []byte(object[:len(object)-1] + `, "pad": "` + strings.Repeat("x", 1024) + `"}`)
}
