package metricc

import "github.com/metricc/metricc/internal/corpus"

// JSONNumber formats a number as the JSON output does: the shortest form
// that reads back exactly, null when not finite.
func JSONNumber(v float64) string { return corpus.JSONNumber(v) }
