package typecheck_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/grammar"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
)

func checkConfig(t *testing.T, cfg typecheck.Config, text string) (*typecheck.Program, string) {
	t.Helper()
	f, errs := grammar.Parse("spec.metric", text)
	require.Nil(t, errs, "%v", errs)
	prog, errs := cfg.Check(f)
	return prog, render(errs)
}

func readFrom(dir string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
}

// TestOntologyFromTACFile reads the TAC KBP 2015 ontology (event type,
// role, entity types per line) by its dotted first column: 32 event types
// under 9 types, two levels.
func TestOntologyFromTACFile(t *testing.T) {
	prog, errs := checkConfig(t, typecheck.Config{ReadFile: readFrom("../../testdata/eael")}, `
ontology EventType from "2015.ontology.txt" by "."
type Arg { type: EventType }
type Doc { args: set<Arg> }
input Doc
metric m = F<->[args](level(EventType)[type])
`)
	require.Empty(t, errs)
	o := prog.Ontologies[0]
	assert.Equal(t, 32+9, len(o.Concepts))
	assert.Equal(t, 2, o.Depth)
	attack, ok := o.Index("Conflict.Attack")
	require.True(t, ok)
	conflict, _ := o.Index("Conflict")
	assert.Equal(t, conflict, o.Parent(attack))
	assert.True(t, o.IsProperAncestor(conflict, attack))
	demo, _ := o.Index("Conflict.Demonstrate")
	assert.Equal(t, 1, o.CommonDepth(attack, demo))
	die, _ := o.Index("Life.Die")
	assert.Equal(t, 0, o.CommonDepth(attack, die))
	assert.Equal(t, o, prog.Input.Fields[0].Type.(*types.Collection).Elem.(*types.Record).Fields[0].Type)
}

// TestOntologyFileErrors: a pair file with a repeated child, a line of
// three fields, a missing file; each error names the file and line.
func TestOntologyFileErrors(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pairs.txt"), []byte("# parent child\nattack bombing\nattack arson\n\nother bombing\nx y z\n"), 0o644))
	_, errs := checkConfig(t, typecheck.Config{ReadFile: readFrom(dir)}, `
ontology A from "pairs.txt"
ontology B from "missing.txt"
type Doc { x: string }
input Doc
metric m = delta
`)
	assert.Contains(t, errs, `spec.metric:2:17: ontology A: pairs.txt:5: concept "bombing" has two parents, "attack" and "other"`)
	assert.Contains(t, errs, `spec.metric:2:17: ontology A: pairs.txt:6: expected "parent child", found 3 fields`)
	assert.Contains(t, errs, `spec.metric:3:17: ontology B: open `)
}

// TestSetParams: --set overrides a param's value, everywhere it is used;
// an unknown name is an error that lists the params.
func TestSetParams(t *testing.T) {
	spec := `
param cutoff = 0.7
type Doc { xs: set<int> }
input Doc
metric m = F<->[xs](delta * cutoff)
`
	prog, errs := checkConfig(t, typecheck.Config{Params: map[string]float64{"cutoff": 1}}, spec)
	require.Empty(t, errs)
	require.Len(t, prog.Params, 1)
	assert.Equal(t, 1.0, prog.Params[0].Value)
	assert.True(t, prog.Params[0].Set)
	body := prog.Metrics[0].Body.(*typecheck.Match)
	assert.Equal(t, 1.0, body.Elem.(*typecheck.Arith).Y.(*typecheck.Const).Value)

	_, errs = checkConfig(t, typecheck.Config{Params: map[string]float64{"cutof": 1}}, spec)
	assert.Equal(t, "spec.metric: cannot set \"cutof\": the spec declares no param of that name (it has cutoff) (did you mean cutoff?)\n", errs)
}
