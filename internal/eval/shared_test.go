package eval_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/solver"
)

// TestSharedValues: a document with shared values (an adapter's
// "@n" names and "&n" references) scores as its plain JSON does, whether
// the spec reads a reference at the type of its value, at another type,
// or skips the value it names.
func TestSharedValues(t *testing.T) {
	shared := `{"id": "d", "x": @0{"a": 1, "b": ["p", "q"]}, "y": &0, "z": [&0, @1{"a": 2, "b": []}, &1], "w": @2[&1, {"a": 3, "b": ["r"]}], "v": &2}`
	other := `{"id": "d", "x": {"a": 1, "b": ["p"]}, "y": {"a": 2, "b": []}, "z": [{"a": 1, "b": ["q", "p"]}], "w": [], "v": [{"a": 3, "b": ["r"]}]}`
	doc := func(text string, sharedValues bool) *document.Input {
		return &document.Input{Path: "f", Docs: []document.Doc{{ID: "d", Line: 1, JSON: text, Shared: sharedValues}}}
	}
	plain := document.Doc{JSON: shared, Shared: true}
	for _, spec := range []string{
		// Every field, at one record type.
		"type K { a: int, b: set<string> }\ntype D { id: string, x: K, y: K, z: bag<K>, w: seq<K>, v: seq<K> }\ninput D\n" +
			"metric mx = F<->[x.b](delta)\nmetric my = F<->[y.b](delta)\nmetric mz = F<->[z](delta)\nmetric mv = F<->[v](delta[a])\n",
		// x and w skipped: their names are referred to after.
		"type K { a: int, b: set<string> }\ntype D { id: string, y: K, z: bag<K>, v: seq<K> }\ninput D\n" +
			"metric my = F<->[y.b](delta)\nmetric mz = F<->[z](delta)\nmetric mv = F<->[v](delta[a])\n",
		// y and z read the values named in x at another record type.
		"type K { a: int, b: set<string> }\ntype A { a: int }\ntype D { id: string, x: K, y: A, z: bag<A> }\ninput D\n" +
			"metric my = delta[y]\nmetric mz = F<->[z](delta[a])\nmetric mx = F<->[x.b](delta)\n",
		// A gjson path: decoded from the plain JSON.
		"type K { a: int }\ntype D { id: string, first: int = \"z.0.a\", y: K }\ninput D\nmetric m = delta[first] * delta[y]\n",
	} {
		p := compile(t, spec)
		want, err := p.Score(doc(other, false), doc(plain.PlainJSON(), false), corpus.Options{PerDoc: true})
		require.NoError(t, err, spec)
		got, err := p.Score(doc(other, false), doc(shared, true), corpus.Options{PerDoc: true})
		require.NoError(t, err, spec)
		assert.Equal(t, want, got, spec)
		// And as the gold: the same sums, the other way round.
		want, err = p.Score(doc(plain.PlainJSON(), false), doc(other, false), corpus.Options{PerDoc: true})
		require.NoError(t, err, spec)
		got, err = p.Score(doc(shared, true), doc(other, false), corpus.Options{PerDoc: true})
		require.NoError(t, err, spec)
		assert.Equal(t, want, got, spec)
	}
}

// TestSharedLeaves: strings may be named and referred to as well, read
// at their own type, in a union, or in a collection.
func TestSharedLeaves(t *testing.T) {
	shared := `{"id": "d", "s": @0"p", "t": &0, "u": [&0, 5, @1"q", &1], "v": [@2"r", &2], "w": &1}`
	plain := document.Doc{JSON: shared, Shared: true}
	other := `{"id": "d", "s": "p", "t": 5, "u": ["p", 5, "q"], "v": ["r"], "w": "x"}`
	doc := func(text string, sharedValues bool) *document.Input {
		return &document.Input{Path: "f", Docs: []document.Doc{{ID: "d", Line: 1, JSON: text, Shared: sharedValues}}}
	}
	require.Equal(t, `{"id": "d", "s": "p", "t": "p", "u": ["p", 5, "q", "q"], "v": ["r", "r"], "w": "q"}`, plain.PlainJSON())
	spec := "type D { id: string, s: string, t: string | int, u: seq<string | int>, v: set<string>, w: string }\ninput D\n" +
		"metric ms = delta[s]\nmetric mt = delta[t]\nmetric mu = F<->[u](delta)\nmetric mv = F<->[v](delta)\nmetric mw = delta[w]\n"
	p := compile(t, spec)
	want, err := p.Score(doc(other, false), doc(plain.PlainJSON(), false), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	got, err := p.Score(doc(other, false), doc(shared, true), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	assert.Equal(t, want, got)
	want, err = p.Score(doc(plain.PlainJSON(), false), doc(other, false), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	got, err = p.Score(doc(shared, true), doc(other, false), corpus.Options{PerDoc: true})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestScoredPairLetsItsTextGo: once a pair is decoded, the pair holds its
// documents without their JSON (the arena's strings are copies), and the
// caller's documents are left as they were.
func TestScoredPairLetsItsTextGo(t *testing.T) {
	p := compile(t, "type D { id: string, s: set<string> }\ninput D\nmetric m = F<->[s](delta)\n")
	gold := document.Doc{ID: "d", Line: 1, JSON: `{"id": "d", "s": ["a", "b"]}`}
	pred := document.Doc{ID: "d", Line: 1, JSON: `{"id": "d", "s": ["a"]}`}
	pr := &eval.Pair{Gold: &gold, Pred: &pred, ID: "d"}
	sums, derr := p.Pair.NewScorer(solver.Limits{}).Score(pr, "g", "p", []bool{true})
	require.Nil(t, derr)
	assert.Equal(t, 1.0, sums[0].PredGold)
	assert.Empty(t, pr.Gold.JSON)
	assert.Empty(t, pr.Pred.JSON)
	assert.Equal(t, "d", pr.Gold.ID)
	assert.NotEmpty(t, gold.JSON, "the caller's document is its own")
	assert.NotEmpty(t, pred.JSON)
}
