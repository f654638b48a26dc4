package conllu

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
)

// divisionCases are CoNLL-U texts around what splits a file into
// documents and what its text is made of.
var divisionCases = map[string]string{
	"newdoc before the first sentence": "# newdoc id = a\n1\tA\t_\t_\t_\t_\t0\troot\t_\t_\n\n# newdoc\n1\tBc\t_\t_\t_\t_\t0\troot\t_\t_\n\n",
	"newdoc in the middle only":        "1\tA\t_\t_\t_\t_\t0\troot\t_\t_\n\n# newdoc\n1\tB\t_\t_\t_\t_\t0\troot\t_\t_\n\n",
	"two newdocs in a row":             "1\tA\t_\t_\t_\t_\t0\troot\t_\t_\n\n# newdoc\n# newdoc id=x\n1\tB\t_\t_\t_\t_\t0\troot\t_\t_\n\n",
	"not newdoc":                       "1\tA\t_\t_\t_\t_\t0\troot\t_\t_\n\n# newdocs\n#newdoc\n1\tB\t_\t_\t_\t_\t0\troot\t_\t_\n\n",
	"multiword token, empty node, spaces": "1-2\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n1\tde\t_\t_\t_\t_\t0\troot\t_\t_\n2\tel\t_\t_\t_\t_\t1\tdet\t_\t_\n2.1\tghost\t_\t_\t_\t_\t_\t_\t_\t_\n3\ta\u00a0b c\t_\t_\t_\t_\t1\tdep\t_\t_\n\n" +
		"# newdoc\n1\t\u00e9t\u00e9\u3000x\t_\t_\t_\t_\t0\troot\t_\t_\n2-3\tzum\t_\t_\t_\t_\t_\t_\t_\t_\n2\tzu\t_\t_\t_\t_\t1\tcase\t_\t_\n3\tdem\t_\t_\t_\t_\t1\tdet\t_\t_\n\n",
	"CRLF and a byte-order mark": "\ufeff# newdoc\r\n1\tA\t_\t_\t_\t_\t0\troot\t_\t_\r\n\r\n# newdoc\r\n1\tBB\t_\t_\t_\t_\t0\troot\t_\t_\r\n\r\n",
}

// TestDivisionsAgreeWithDocuments: scanDivisions finds the documents the
// parser builds, at the offsets their texts add up to, on every CoNLL-U
// file of testdata/ud and on the constructed cases.
func TestDivisionsAgreeWithDocuments(t *testing.T) {
	texts := map[string][]byte{}
	for name, text := range divisionCases {
		texts[name] = []byte(text)
	}
	root := "../../../testdata/ud"
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".conllu") {
			texts[path], err = os.ReadFile(path)
		}
		return err
	}))
	require.Greater(t, len(texts), 25)
	withDocs := 0
	for name, data := range texts {
		in, err := ParseReader(name, bytes.NewReader(data))
		require.NoError(t, err, name)
		var want []int64
		at := int64(0)
		for i, d := range in.Docs {
			if i > 0 {
				want = append(want, at)
			}
			at += int64(len(d.Partner.(*Text).Text))
		}
		offsets, lines, total, err := scanDivisions(bytes.NewReader(data))
		require.NoError(t, err)
		assert.Equal(t, want, offsets, name)
		assert.Equal(t, at, total, name)
		require.Len(t, lines, len(offsets), name)
		all := strings.Split(string(data), "\n")
		for _, l := range lines {
			assert.Contains(t, all[l-1], "newdoc", name)
		}
		if len(offsets) > 0 {
			withDocs++
		}
	}
	assert.GreaterOrEqual(t, withDocs, 8)
}

type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(b []byte) (int, error) { return o.r.Read(b) }

// TestDivisionsThenDocuments: reading the divisions first, through a
// second reader or by holding the input (a pipe), changes no document the
// stream then returns; Join makes the file one document, of the whole
// text, and leaves no divisions.
func TestDivisionsThenDocuments(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/ud/en_ewt-ud-test-head.conllu")
	require.NoError(t, err)
	plain, err := drain(t, Stream("f", bytes.NewReader(data)))
	require.NoError(t, err)
	require.Len(t, plain, 20)
	var text strings.Builder
	for _, d := range plain {
		text.WriteString(d.Partner.(*Text).Text)
	}
	for _, reread := range []bool{false, true} {
		s := Stream("f", onlyReader{bytes.NewReader(data)})
		if reread {
			s.(document.Rereading).Reread(func() io.Reader { return bytes.NewReader(data) })
		}
		d, ok, err := s.(document.Joinable).Divisions()
		require.NoError(t, err)
		require.True(t, ok)
		assert.Len(t, d.Offsets, 19)
		assert.Equal(t, int64(text.Len()), d.Total)
		got, err := drain(t, s)
		require.NoError(t, err)
		require.Len(t, got, 20)
		for i := range got {
			assert.Equal(t, plain[i].JSON, got[i].JSON)
			assert.Equal(t, plain[i].Line, got[i].Line)
		}

		s = Stream("f", onlyReader{bytes.NewReader(data)})
		if reread {
			s.(document.Rereading).Reread(func() io.Reader { return bytes.NewReader(data) })
		}
		j := s.(document.Joinable)
		_, _, err = j.Divisions()
		require.NoError(t, err)
		j.Join()
		d, ok, err = j.Divisions()
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Empty(t, d.Offsets)
		got, err = drain(t, s)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, text.String(), got[0].Partner.(*Text).Text)
		assert.Equal(t, plain[0].Line, got[0].Line)
	}
}
