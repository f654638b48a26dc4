package metricc_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// awkward are strings that JSON must escape or that Go's quoting writes
// in ways JSON does not read: control characters (\a has no JSON escape),
// quotes and backslashes, non-ASCII text, DEL, a line separator and bytes
// that are not UTF-8.
var awkward = []string{
	"bell\x07",
	"esc\x1b[0m",
	"nul\x00",
	"tab\tnew\nline\r",
	`quote" back\slash`,
	"naïve 東京 🙂",
	"del\x7f",
	"nbsp\u00a0 ls\u2028",
	"bad\xff\xfeutf8",
}

// awkwardLines is a JSON Lines file of one document whose tags are named
// by the awkward strings, written byte by byte (encoding/json would replace the
// bytes that are not UTF-8 before metricc saw them).
func awkwardLines() string {
	var b strings.Builder
	b.WriteString(`{"id": "d", "tags": [`)
	for i, s := range awkward {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"name": "`)
		for j := 0; j < len(s); j++ {
			switch c := s[j]; {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte("0123456789abcdef"[c>>4])
				b.WriteByte("0123456789abcdef"[c&15])
			default:
				b.WriteByte(c)
			}
		}
		b.WriteString(`"}`)
	}
	b.WriteString("]}\n")
	return b.String()
}

// asJSON is what a JSON string of s decodes to: s, with each byte that
// is not UTF-8 read as U+FFFD.
func asJSON(s string) string { return strings.ToValidUTF8(s, "\uFFFD\uFFFD") }

const tagSpec = `
type Tag { name: string }
type Doc { id: string, tags: set<Tag> }
input Doc
metric m = F<->[tags](delta)
metric by_tag = F<->[tags](delta) by name
`

// TestJSONStrings: every JSON that metricc writes (explain's items, the
// result's breakdown keys, a stats file's keys) holds strings from the
// data as JSON strings (RFC 8259), which read back as the data.
func TestJSONStrings(t *testing.T) {
	require.Equal(t, "bad\uFFFD\uFFFDutf8", asJSON("bad\xff\xfeutf8"))
	spec, err := metricc.Compile("tags.metric", tagSpec)
	require.NoError(t, err)
	src := func() metricc.Source { return metricc.Reader("d.jsonl", strings.NewReader(awkwardLines()), "jsonl") }
	want := make([]string, len(awkward))
	for i, s := range awkward {
		want[i] = asJSON(s)
	}

	t.Run("explain", func(t *testing.T) {
		ex, err := spec.Explain(src(), src(), "d", metricc.Options{Metrics: []string{"m"}})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, ex.WriteJSON(&b))
		require.True(t, json.Valid(b.Bytes()), b.String())
		var back struct {
			Metrics []struct {
				Trees []struct {
					Alignments []struct{ Pred, Gold []any }
				}
			}
		}
		require.NoError(t, json.Unmarshal(b.Bytes(), &back))
		require.Len(t, back.Metrics, 1)
		require.Len(t, back.Metrics[0].Trees, 1)
		require.Len(t, back.Metrics[0].Trees[0].Alignments, 1)
		al := back.Metrics[0].Trees[0].Alignments[0]
		for _, items := range [][]any{al.Pred, al.Gold} {
			var got []string
			for _, it := range items {
				tag, ok := it.(map[string]any)
				require.True(t, ok, "item %#v is not a JSON object", it)
				name, ok := tag["name"].(string)
				require.True(t, ok, "item %#v has no name", it)
				got = append(got, name)
			}
			assert.ElementsMatch(t, want, got)
		}
	})

	t.Run("result", func(t *testing.T) {
		res, err := spec.Score(src(), src(), metricc.Options{})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, res.WriteJSON(&b))
		require.True(t, json.Valid(b.Bytes()), b.String())
		var back struct {
			Metrics map[string]struct {
				By map[string]struct{ F1 float64 }
			}
		}
		require.NoError(t, json.Unmarshal(b.Bytes(), &back))
		var keys []string
		for k, row := range back.Metrics["by_tag"].By {
			keys = append(keys, k)
			assert.Equal(t, 1.0, row.F1, "%q", k)
		}
		assert.ElementsMatch(t, want, keys)
	})

	t.Run("stats", func(t *testing.T) {
		st, err := spec.ScoreStats(src(), src(), metricc.Options{})
		require.NoError(t, err)
		var b bytes.Buffer
		_, err = st.WriteTo(&b)
		require.NoError(t, err)
		for i, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			require.True(t, json.Valid([]byte(line)), "line %d: %s", i+1, line)
		}
		back, err := metricc.ReadStats("d.stats", &b)
		require.NoError(t, err)
		res, err := back.Result(metricc.Options{})
		require.NoError(t, err)
		var keys []string
		for _, row := range res.Metric("by_tag").By {
			keys = append(keys, row.Name)
			assert.True(t, utf8.ValidString(row.Name), "%q", row.Name)
		}
		assert.ElementsMatch(t, want, keys)
	})
}
