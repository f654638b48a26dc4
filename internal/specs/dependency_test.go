package specs_test

import (
	"fmt"
	"testing"

	"github.com/metricc/metricc"
	"github.com/stretchr/testify/assert"
)

type depToken struct {
	ID     int
	Head   int
	Deprel string
}

type depDoc struct {
	Tokens []depToken
}

// Expected corpus values for testdata/dependency, counted by hand per
// document in testdata/dependency/README.md: 10 heads and 7 heads+labels
// right, 16 distinct predicted and 19 gold tokens.
var dependencyWant = map[string]prf{
	"uas": counts(10, 16, 19),
	"las": counts(7, 16, 19),
}

// TestDependencySpec scores testdata/dependency with dependency.metric.
func TestDependencySpec(t *testing.T) {
	res := scoreTask(t, "dependency", metricc.Options{})
	assert.Equal(t, 7, res.Documents)
	assertPRF(t, "corpus", corpusPRF(res), dependencyWant)

	// The worked example of the notes: UAS 3/4, LAS 2/4.
	assertPRF(t, "toy", docPRF(t, res, "toy"), map[string]prf{
		"uas": {0.75, 0.75, 0.75},
		"las": {0.5, 0.5, 0.5},
	})

	// The CoNLL 2018 scorer (conll18_ud_eval.py, see the README) on the
	// documents that keep the gold tokenization: UAS 8 and LAS 5 correct
	// of 12 system and 12 gold words.
	assertPRF(t, "conll18", subsetPRF(t, res, []string{"toy", "perfect", "wrong-heads", "wrong-labels"}), map[string]prf{
		"uas": counts(8, 12, 12),
		"las": counts(5, 12, 12),
	})
}

// TestDependencyBruteForce recomputes testdata/dependency from the textbook
// definition: a word is attached correctly when a predicted token with its
// position has its head (and label, for LAS); each token counts once.
func TestDependencyBruteForce(t *testing.T) {
	gold, ids := readDocs[depDoc](t, "dependency", "gold.json")
	pred, _ := readDocs[depDoc](t, "dependency", "pred.json")
	keys := map[string]func(depToken) string{
		"uas": func(x depToken) string { return fmt.Sprint(x.ID, x.Head) },
		"las": func(x depToken) string { return fmt.Sprint(x.ID, x.Head, x.Deprel) },
	}
	got := map[string]prf{}
	for name, key := range keys {
		var num, np, ng int
		for _, id := range ids {
			xs, ys := distinct(pred[id].Tokens), distinct(gold[id].Tokens)
			var kx, ky []string
			for _, x := range xs {
				kx = append(kx, key(x))
			}
			for _, y := range ys {
				ky = append(ky, key(y))
			}
			num += multisetOverlap(kx, ky)
			np += len(xs)
			ng += len(ys)
		}
		got[name] = counts(float64(num), float64(np), float64(ng))
	}
	assertPRF(t, "brute force", got, dependencyWant)
}
