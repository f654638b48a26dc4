package conll16

import "strings"

// The senses the CoNLL-2016 shared task evaluates, for English (the PDTB's
// senses as the task merged them) and for Chinese (the CDTB's). A gold
// relation whose first sense is not one of them (a partial label such as
// "Comparison") is not scored for sense, and neither is the prediction
// aligned with it: the official scorers do the same.
var (
	englishSenses = []string{
		"Comparison.Concession", "Comparison.Contrast",
		"Contingency.Cause.Reason", "Contingency.Cause.Result", "Contingency.Condition",
		"EntRel",
		"Expansion.Alternative", "Expansion.Alternative.Chosen alternative",
		"Expansion.Conjunction", "Expansion.Exception", "Expansion.Instantiation",
		"Expansion.Restatement",
		"Temporal.Asynchronous.Precedence", "Temporal.Asynchronous.Succession",
		"Temporal.Synchrony",
	}
	chineseSenses = []string{
		"Alternative", "Causation", "Conditional", "Conjunction", "Contrast",
		"EntRel", "Expansion", "Progression", "Purpose", "Temporal",
	}
)

// language is a file's sense inventory.
type language int

const (
	english language = iota
	chinese
)

var inventories = [2]map[string]bool{setOf(englishSenses), setOf(chineseSenses)}

// partialSenses are the proper prefixes of the English senses
// ("Contingency", "Contingency.Cause"): labels of the PDTB that the task
// does not evaluate but that its gold data holds.
var partialSenses = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range englishSenses {
		for i := range s {
			if s[i] == '.' {
				m[s[:i]] = true
			}
		}
	}
	return m
}()

func setOf(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// voteLanguage is the official scorers' choice of inventory: English when
// more first senses are English senses than Chinese ones ("EntRel", in
// both, counts as English), else Chinese.
func voteLanguage(first []string) language {
	var v votes
	for _, s := range first {
		v.add(voteOf(s))
	}
	return v.language()
}

// votes counts the first senses of each inventory (voteLanguage).
type votes struct{ en, zh int }

// vote is the inventory a first sense votes for: 1 English, 2 Chinese, 0
// neither.
type vote int8

func voteOf(s string) vote {
	switch {
	case inventories[english][s]:
		return 1
	case inventories[chinese][s]:
		return 2
	}
	return 0
}

func (v *votes) add(x vote) {
	switch x {
	case 1:
		v.en++
	case 2:
		v.zh++
	}
}

func (v votes) language() language {
	if v.en > v.zh {
		return english
	}
	return chinese
}

// knownSense reports whether s is a sense of either inventory or a partial
// English label.
func knownSense(s string) bool {
	return inventories[english][s] || inventories[chinese][s] || partialSenses[strings.TrimSpace(s)]
}
