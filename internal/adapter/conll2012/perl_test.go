package conll2012

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perlView renders a file the way testdata/perl/perl-dump.pl renders the
// official scorer's reading of it: per document, the entities as read
// ("raw:") and after the removal of repeats ("kept:", from the JSON).
// Documents with an unclosed or unopened mention, on which the scorer
// stops, render as "DIE".
func perlView(t *testing.T, name string, data []byte) string {
	t.Helper()
	var raw []string
	p := newParser(name)
	p.observe = func(ents []entity, ments []mention) {
		var b strings.Builder
		for e := range ents {
			line := ""
			for _, m := range ments {
				if m.ent == int32(e) {
					line += fmt.Sprintf(" [%d,%d]", m.left, m.right)
				}
			}
			if line != "" {
				b.WriteString("raw:" + line + "\n")
			}
		}
		raw = append(raw, b.String())
	}
	require.NoError(t, p.parseBytes(data))
	require.Len(t, raw, len(p.in.Docs))
	died := map[string]bool{}
	for _, w := range p.in.Warnings {
		if strings.Contains(w, "without an opening") || strings.Contains(w, "never closes") {
			// "name:line: document "ID": ..."
			id := w[strings.Index(w, `"`)+1:]
			died[id[:strings.Index(id, `"`)]] = true
		}
	}
	var b strings.Builder
	for i, d := range p.in.Docs {
		if died[d.ID] {
			b.WriteString("DIE\n")
			continue
		}
		b.WriteString("DOC\n")
		b.WriteString(raw[i])
		var doc struct {
			Entities []struct{ Mentions []struct{ Left, Right int } }
		}
		require.NoError(t, json.Unmarshal([]byte(d.JSON), &doc))
		for _, e := range doc.Entities {
			b.WriteString("kept:")
			for _, m := range e.Mentions {
				fmt.Fprintf(&b, " [%d,%d]", m.Left, m.Right)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestPerlGoldens compares the reading of annotations, including odd
// ones, with the official scorer's on 735 documents; see
// testdata/perl/README.
func TestPerlGoldens(t *testing.T) {
	for _, tc := range []struct {
		name      string
		docs, die int
	}{
		{"annotations", 23, 0},
		{"random", 412, 0},
		{"garbage", 300, 210},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "perl", tc.name+".conll"))
			require.NoError(t, err)
			want, err := os.ReadFile(filepath.Join("testdata", "perl", tc.name+".perl"))
			require.NoError(t, err)
			assert.Equal(t, tc.docs, bytes.Count(want, []byte("DOC\n"))+bytes.Count(want, []byte("DIE\n")))
			assert.Equal(t, tc.die, bytes.Count(want, []byte("DIE\n")))
			// One document at a time, as the scorer stops at the first
			// broken one and the warnings of a file are capped.
			var got strings.Builder
			for _, doc := range bytes.SplitAfter(data, []byte("#end document\n")) {
				if len(bytes.TrimSpace(doc)) > 0 {
					got.WriteString(perlView(t, tc.name+".conll", doc))
				}
			}
			assert.Equal(t, string(want), got.String())
		})
	}
}
