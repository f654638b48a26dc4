package typecheck

// MetricField is a corpus value of a metric, as a corpus metric names it
// (`muc.f1`) and as the output reports it (docs/language.md, Metrics and the
// corpus; docs/cli.md, Output). This is the one table of their names.
type MetricField uint8

// The values of a metric. Whole is a bare metric name in a corpus metric:
// its precision, recall and F1 together.
const (
	Whole MetricField = iota
	Precision
	Recall
	F1
	Value
	PredGold
	PredPred
	GoldGold
	PredGoldRecall
)

var fieldNames = [...]string{
	Whole: "", Precision: "precision", Recall: "recall", F1: "f1", Value: "value",
	PredGold: "pred_gold", PredPred: "pred_pred", GoldGold: "gold_gold", PredGoldRecall: "pred_gold_recall",
}

// String is the field's name in specs and in the JSON output.
func (f MetricField) String() string { return fieldNames[f] }

// fieldAliases are the short names a corpus metric may use.
var fieldAliases = map[string]MetricField{"p": Precision, "r": Recall, "f": F1}

// LookupField finds a field by name or alias.
func LookupField(name string) (MetricField, bool) {
	if f, ok := fieldAliases[name]; ok {
		return f, true
	}
	for f, n := range fieldNames {
		if n == name && f != int(Whole) {
			return MetricField(f), true
		}
	}
	return Whole, false
}
