package stdlib

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/pytext"
	"github.com/metricc/metricc/internal/typecheck/types"
	"github.com/metricc/metricc/internal/value"
)

// pyRecord is what testdata/anls/pytext_record.py recorded from Python.
type pyRecord struct {
	Lower [][2]string
	Split []struct {
		In  string
		Out []string
	}
	Repr [][2]json.RawMessage
}

func readPyRecord(t *testing.T) pyRecord {
	t.Helper()
	data, err := os.ReadFile("../../testdata/anls/pytext.json")
	require.NoError(t, err)
	var raw struct {
		Lower [][2]string
		Split [][2]json.RawMessage
		Repr  [][2]json.RawMessage
	}
	require.NoError(t, json.Unmarshal(data, &raw))
	rec := pyRecord{Lower: raw.Lower, Repr: raw.Repr}
	for _, s := range raw.Split {
		var in string
		var out []string
		require.NoError(t, json.Unmarshal(s[0], &in))
		require.NoError(t, json.Unmarshal(s[1], &out))
		rec.Split = append(rec.Split, struct {
			In  string
			Out []string
		}{in, out})
	}
	return rec
}

// TestPythonText: lowercase, split and float repr as Python does them.
func TestPythonText(t *testing.T) {
	rec := readPyRecord(t)
	require.NotEmpty(t, rec.Lower)
	for _, c := range rec.Lower {
		assert.Equal(t, c[1], pytext.Lower(c[0]), "lower(%q)", c[0])
	}
	for _, c := range rec.Split {
		if len(c.Out) == 0 {
			assert.Empty(t, pytext.Fields(c.In), "split(%q)", c.In)
			continue
		}
		assert.Equal(t, c.Out, pytext.Fields(c.In), "split(%q)", c.In)
	}
	for _, c := range rec.Repr {
		var f float64
		var want string
		require.NoError(t, json.Unmarshal(c[0], &f))
		require.NoError(t, json.Unmarshal(c[1], &want))
		assert.Equal(t, want, pytext.FloatRepr(f), "repr(%v)", f)
	}
}

// editDistance is the edit distance by its recursive definition.
func editDistance(a, b []rune) int {
	switch {
	case len(a) == 0:
		return len(b)
	case len(b) == 0:
		return len(a)
	}
	sub := 1
	if a[0] == b[0] {
		sub = 0
	}
	return min(editDistance(a[1:], b)+1, editDistance(a, b[1:])+1, editDistance(a[1:], b[1:])+sub)
}

func TestLevenshteinBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("abcΣσé ")
	word := func() []rune {
		w := make([]rune, r.IntN(7))
		for i := range w {
			w[i] = alphabet[r.IntN(len(alphabet))]
		}
		return w
	}
	for range 2000 {
		a, b := word(), word()
		require.Equal(t, editDistance(a, b), levenshtein(a, b), "%q %q", string(a), string(b))
	}
}

// sim evaluates a similarity on two strings.
func sim(s *Similarity, args []Arg, x, y string) float64 {
	a := value.NewArena()
	return s.Impl(types.StringType, args)(a, a.String(x), a.String(y))
}

func TestStringSimilarities(t *testing.T) {
	half := []Arg{{Number: 0.5}}
	cases := []struct {
		name string
		s    *Similarity
		args []Arg
		x, y string
		want float64
	}{
		{"identical", Levenshtein, nil, "kitten", "kitten", 1},
		{"kitten sitting: 3 edits over 7", Levenshtein, nil, "kitten", "sitting", 1 - 3.0/7},
		{"two empty strings", Levenshtein, nil, "", "", 1},
		{"one empty", Levenshtein, nil, "", "abc", 0},
		{"code points, not bytes", Levenshtein, nil, "Straße", "Strasse", 1 - 2.0/7},
		{"no normalization", Levenshtein, nil, "ABC", "abc", 0},
		{"anls: typo (ANLS* paper)", ANLS, half, "Hello Wrold", "Hello World", 1 - 2.0/11},
		{"anls: case and spaces", ANLS, half, "  hello\tWORLD ", "Hello World", 1},
		{"anls: NL = 0.5 is cut", ANLS, half, "abcd", "abxy", 0},
		{"anls: NL just below 0.5", ANLS, half, "abcdefg", "abcdxyz", 1 - 3.0/7},
		{"anls: τ = 0.2 cuts it", ANLS, []Arg{{Number: 0.2}}, "abcdefg", "abcdxyz", 0},
		{"anls: two empty", ANLS, half, " ", "", 1},
		{"token_f1: SQuAD", TokenF1, nil, "the cat sat", "a cat sat down", 2 * (2.0 / 3) * (2.0 / 4) / (2.0/3 + 2.0/4)},
		{"token_f1: multiplicity", TokenF1, nil, "a a a", "a b", 2 * (1.0 / 3) * (1.0 / 2) / (1.0/3 + 1.0/2)},
		{"token_f1: none common", TokenF1, nil, "x", "y", 0},
		{"token_f1: both empty", TokenF1, nil, "", "  ", 1},
		{"token_f1: one empty", TokenF1, nil, "", "a", 0},
	}
	for _, c := range cases {
		assert.InDelta(t, c.want, sim(c.s, c.args, c.x, c.y), 1e-15, c.name)
	}
}

// TestTokenF1BruteForce: F1 is 2c/(|x|+|y|), c the size of the bags'
// intersection, counted by brute force.
func TestTokenF1BruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"a", "b", "c", "dd"}
	text := func() string {
		s := ""
		for range r.IntN(6) {
			s += words[r.IntN(len(words))] + " "
		}
		return s
	}
	for range 2000 {
		x, y := text(), text()
		xs, ys := pytext.Fields(x), pytext.Fields(y)
		used := make([]bool, len(ys))
		c := 0
		for _, w := range xs {
			for j, v := range ys {
				if !used[j] && v == w {
					used[j] = true
					c++
					break
				}
			}
		}
		want := 1.0
		if len(xs)+len(ys) > 0 {
			want = 2 * float64(c) / float64(len(xs)+len(ys))
		}
		require.InDelta(t, want, sim(TokenF1, nil, x, y), 1e-15, "%q %q", x, y)
	}
}

// TestSquadNormalize follows SQuAD's normalize_answer: lower, punctuation
// out, articles out (whole words only), white space collapsed.
func TestSquadNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"The Cat!":                "cat",
		"an apple, a day":         "apple day",
		"Theater and anthem":      "theater and anthem",
		"the_thing":               "thething",
		"A.B.C.":                  "abc",
		"  Über   the   Straße  ": "über straße",
		"$1,000.50 (approx.)":     "100050 approx",
		"a-an-the":                "aanthe", // punctuation goes first
		"":                        "",
	} {
		assert.Equal(t, want, squadNormalize(in), "%q", in)
	}
	assert.Equal(t, 1.0, sim(TokenF1, nil, squadNormalize("The Eiffel Tower."), squadNormalize("eiffel tower")))
}

func TestThresholdChecks(t *testing.T) {
	assert.Contains(t, ANLS.CheckArgs(types.StringType, []Arg{{Number: 1.5}}), "between 0 and 1")
	assert.Contains(t, ANLS.CheckArgs(types.IntType, []Arg{{Number: 0.5}}), "compares strings")
	assert.Contains(t, ANLSStar.CheckArgs(types.StringType, []Arg{{Number: 0.5}}), "json")
	assert.Empty(t, ANLSStar.CheckArgs(types.JSONType, []Arg{{Number: 0.5}}))
	assert.False(t, math.IsNaN(sim(Levenshtein, nil, "", "")))
}
