package metricc

import "github.com/metricc/metricc/internal/specs"

// ShippedSummary says in one sentence what a shipped spec scores (the
// first sentence of its header comment).
func ShippedSummary(name string) string { return specs.Summary(name) }
