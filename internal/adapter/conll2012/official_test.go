package conll2012_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter/conll2012"
	"github.com/metricc/metricc/internal/document"
)

const dataDir = "../../../testdata/coref"

// refCase is one key/response pair of official-cases.json or
// extra-cases.json: the entity lists as the Perl scorer's GetCoreference
// reads them (repeated mentions kept) and the counts Perl v8.01 printed.
type refCase struct {
	ID           string                                `json:"id"`
	KeyFile      string                                `json:"key_file"`
	ResponseFile string                                `json:"response_file"`
	DocID        string                                `json:"doc_id"`
	Key          [][][2]int                            `json:"key"`
	Response     [][][2]int                            `json:"response"`
	Measured     map[string]map[string]json.RawMessage `json:"measured"`
}

func loadCases(t *testing.T, file string, n int) []refCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataDir, file))
	require.NoError(t, err)
	var f struct {
		Cases []refCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &f))
	require.Len(t, f.Cases, n)
	return f.Cases
}

// wantID is the pairing key the package documentation promises for the
// names of the reference files.
var wantID = map[string]string{
	"(LuoTestCase); ":                    "LuoTestCase",
	"(myTestCase); ":                     "myTestCase",
	"(nw/xinhua/00/chtb_0009); part 000": "nw/xinhua/00/chtb_0009; part 000",
}

// perlDedupe removes repeated mentions as IdentifMentions removes repeated
// response mentions (lib/CorScorer.pm, "Repeated mention in the
// response"): every occurrence after the first, in entity order, goes, and
// an entity left empty goes too. It is written from the Perl code, apart
// from the adapter.
func perlDedupe(ents [][][2]int) [][][2]int {
	seen := map[[2]int]bool{}
	out := [][][2]int{}
	for _, e := range ents {
		var kept [][2]int
		for _, m := range e {
			if !seen[m] {
				seen[m] = true
				kept = append(kept, m)
			}
		}
		if len(kept) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

// entitiesOf decodes the JSON of a document with the standard library.
func entitiesOf(t *testing.T, d document.Doc) (string, [][][2]int) {
	t.Helper()
	var doc struct {
		ID       string `json:"id"`
		Entities []struct {
			Mentions []struct {
				Left  *int `json:"left"`
				Right *int `json:"right"`
			} `json:"mentions"`
		} `json:"entities"`
	}
	require.NoError(t, json.Unmarshal([]byte(d.JSON), &doc), d.JSON)
	out := [][][2]int{}
	for _, e := range doc.Entities {
		var ms [][2]int
		for _, m := range e.Mentions {
			require.NotNil(t, m.Left)
			require.NotNil(t, m.Right)
			ms = append(ms, [2]int{*m.Left, *m.Right})
		}
		out = append(out, ms)
	}
	return doc.ID, out
}

func readOne(t *testing.T, path string) (*document.Input, document.Doc) {
	t.Helper()
	in, err := conll2012.Read(path)
	require.NoError(t, err)
	require.Len(t, in.Docs, 1)
	return in, in.Docs[0]
}

// TestOfficialCases reads the 14 key and 36 response files of the official
// scorer's test suite. The entity lists must equal those of
// official-cases.json, after the repeated-mention removal of the Perl
// scorer: the digest keeps the repeats of A7 (twice in one entity), A8 (in
// two entities) and A9 (ten more times), which the scorer drops before
// scoring and the adapter drops while reading.
func TestOfficialCases(t *testing.T) {
	changed := map[string]bool{}
	for _, c := range loadCases(t, "official-cases.json", 36) {
		t.Run(c.ID, func(t *testing.T) {
			for _, side := range []struct {
				file string
				want [][][2]int
			}{{c.KeyFile, c.Key}, {c.ResponseFile, c.Response}} {
				in, doc := readOne(t, filepath.Join(dataDir, "official", side.file))
				id, ents := entitiesOf(t, doc)
				assert.Equal(t, wantID[c.DocID], id)
				assert.Equal(t, id, doc.ID)
				assert.Equal(t, 1, doc.Line)
				want := perlDedupe(side.want)
				assert.Equal(t, want, ents, side.file)
				if len(flatten(want)) != len(flatten(side.want)) {
					changed[side.file] = true
					assert.NotEmpty(t, in.Warnings, side.file)
				} else {
					assert.Empty(t, in.Warnings, side.file)
				}
			}
		})
	}
	// Only the three duplicate cases differ from the digest.
	assert.Equal(t, map[string]bool{"TC-A-7.response": true, "TC-A-8.response": true, "TC-A-9.response": true}, changed)
}

func flatten(ents [][][2]int) [][2]int {
	var out [][2]int
	for _, e := range ents {
		out = append(out, e...)
	}
	return out
}

// TestOfficialRepeats spells out the three duplicate cases by hand from
// the files and TestCases.README, with the warnings.
func TestOfficialRepeats(t *testing.T) {
	key := [][][2]int{{{0, 1}}, {{3, 6}, {9, 9}}, {{11, 12}, {14, 14}, {16, 18}}}
	for _, tc := range []struct {
		file    string
		want    [][][2]int
		warning string
	}{
		// "(1(1" … "1)1)": b1–b4 twice in entity 1.
		{"TC-A-7.response", [][][2]int{{{0, 1}}, {{3, 6}, {9, 9}, {10, 10}}, {{11, 12}, {15, 15}}, {{13, 13}}},
			"TC-A-7.response:5: document \"LuoTestCase\": repeated mention [3, 6] in entity 1 (2 times); kept once"},
		// "(1(3" … "3)1)": b1–b4 in entities 1 and 3; entity 3 (numbered
		// before 2, first seen on the same line as 1) keeps z only.
		{"TC-A-8.response", [][][2]int{{{0, 1}}, {{3, 6}, {9, 9}, {10, 10}}, {{13, 13}}, {{11, 12}, {15, 15}}},
			"TC-A-8.response:5: document \"LuoTestCase\": repeated mention [3, 6] in entities 1 and 3; kept in entity 1"},
		// "(1(3(3(3(3(3(3(3(3(3(3": once in entity 1, ten times in 3.
		{"TC-A-9.response", [][][2]int{{{0, 1}}, {{3, 6}, {9, 9}, {10, 10}}, {{13, 13}}, {{11, 12}, {15, 15}}},
			"TC-A-9.response:5: document \"LuoTestCase\": repeated mention [3, 6] in entities 1 and 3 (11 times); kept in entity 1"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(dataDir, "official", tc.file)
			in, doc := readOne(t, path)
			_, ents := entitiesOf(t, doc)
			assert.Equal(t, tc.want, ents)
			assert.Equal(t, []string{filepath.Join(dataDir, "official") + "/" + tc.warning}, in.Warnings)
		})
	}
	in, doc := readOne(t, filepath.Join(dataDir, "official", "TC-A.key"))
	_, ents := entitiesOf(t, doc)
	assert.Equal(t, key, ents)
	assert.Empty(t, in.Warnings)
}

// TestExtraCases reads the 77 key/response pairs of the LEA branch's
// test data; none repeats a mention.
func TestExtraCases(t *testing.T) {
	for _, c := range loadCases(t, "extra-cases.json", 77) {
		t.Run(c.ID, func(t *testing.T) {
			for _, side := range []struct {
				file string
				want [][][2]int
			}{{c.KeyFile, c.Key}, {c.ResponseFile, c.Response}} {
				in, doc := readOne(t, filepath.Join(dataDir, "official", side.file))
				id, ents := entitiesOf(t, doc)
				assert.Equal(t, "myTestCase", id)
				assert.Equal(t, side.want, ents, side.file)
				assert.Empty(t, in.Warnings)
			}
		})
	}
}

// TestPerlCounts scores every reference pair, read from its CoNLL files,
// with the shipped coref.metric and compares the raw sums with the
// numerators and denominators the Perl scorer v8.01 printed for it
// (measured.perl_v8.01): 113 pairs × 4 metrics × 4 numbers.
func TestPerlCounts(t *testing.T) {
	spec, err := metricc.Load("coref")
	require.NoError(t, err)

	ours := map[string]string{"muc": "muc", "bcub": "b3", "ceafm": "ceafm", "ceafe": "ceafe"}
	cases := append(loadCases(t, "official-cases.json", 36), loadCases(t, "extra-cases.json", 77)...)
	compared := 0
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			res, err := spec.Score(metricc.FileFormat(filepath.Join(dataDir, "official", c.KeyFile), "conll2012"),
				metricc.FileFormat(filepath.Join(dataDir, "official", c.ResponseFile), "conll2012"), metricc.Options{Workers: 1})
			require.NoError(t, err)
			got := map[string]metricc.Sums{}
			for _, r := range res.Metrics {
				got[r.Name] = r.Sums
			}
			for perl, name := range ours {
				var n struct {
					RecallNum    float64 `json:"recall_num"`
					RecallDen    float64 `json:"recall_den"`
					PrecisionNum float64 `json:"precision_num"`
					PrecisionDen float64 `json:"precision_den"`
				}
				require.NoError(t, json.Unmarshal(c.Measured["perl_v8.01"][perl], &n))
				s := got[name]
				assert.InDelta(t, n.RecallNum, s.PredGoldRecall, 1e-9, "%s recall numerator", perl)
				assert.InDelta(t, n.RecallDen, s.GoldGold, 1e-9, "%s recall denominator", perl)
				assert.InDelta(t, n.PrecisionNum, s.PredGold, 1e-9, "%s precision numerator", perl)
				assert.InDelta(t, n.PrecisionDen, s.PredPred, 1e-9, "%s precision denominator", perl)
				compared++
			}
		})
	}
	assert.Equal(t, 113*4, compared)
}
