package typecheck_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/typecheck"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// TestCorefProgram checks what the checker decides for the shipped
// coreference spec (docs/coreference.md): which metrics are corpus metrics,
// which use N, what each matching compares, and that a let used twice at the
// same type is instantiated once.
func TestCorefProgram(t *testing.T) {
	data, err := os.ReadFile("../specs/coref.metric")
	require.NoError(t, err)
	prog, errs := check(t, "coref.metric", string(data))
	require.Nil(t, errs, "%v", errs)

	assert.Equal(t, "Doc", prog.Input.Name)
	var recs []string
	for _, r := range prog.Records {
		recs = append(recs, r.Name)
	}
	assert.Equal(t, []string{"Mention", "Entity", "Doc"}, recs)

	var names []string
	for _, m := range prog.Metrics {
		names = append(names, m.Name)
	}
	assert.Equal(t, []string{"mentions", "muc", "b3", "ceafm", "ceafe", "blanc_c", "blanc_n", "blanc", "lea", "conll"}, names)
	blanc := prog.Metric("blanc")
	assert.True(t, blanc.IsCorpus())
	assert.True(t, blanc.CorpusTriple, "blanc averages whole metrics")
	assert.True(t, prog.Metric("lea").UsesN, "self(...) makes lea an N metric")

	conll := prog.Metric("conll")
	require.NotNil(t, conll)
	assert.True(t, conll.IsCorpus())
	assert.Nil(t, conll.Body)
	var deps []string
	for _, d := range conll.Deps {
		deps = append(deps, d.Name)
	}
	assert.Equal(t, []string{"muc", "b3", "ceafe"}, deps, "in declaration order")
	assert.Nil(t, prog.Metric("nope"))

	for _, name := range []string{"muc", "b3", "ceafm", "ceafe"} {
		m := prog.Metric(name)
		assert.False(t, m.IsCorpus(), name)
		assert.Equal(t, name == "b3", m.UsesN, name)
		match, ok := m.Body.(*typecheck.Match)
		require.True(t, ok, "%s: %T", name, m.Body)
		assert.Equal(t, "Doc", match.T.String())
	}

	muc := prog.Metric("muc").Body.(*typecheck.Match)
	assert.Equal(t, ast.ManyToMany, muc.Constraint)
	assert.Equal(t, ast.NormF, muc.Norm)
	assert.Equal(t, "set<Entity>", muc.Coll.String())
	links := muc.Elem.(*typecheck.LetRef)
	assert.Equal(t, "links", links.Let.Name.Name)
	assert.Equal(t, "Entity", links.T.String())

	// phi3 is used by links (inside muc) and by ceafm, both at Entity: one instance.
	call := links.Body.(*typecheck.Call)
	sub := call.Args[1].(*typecheck.Arith)
	phi3InLinks := sub.X.(*typecheck.LetRef)
	phi3InCeafm := prog.Metric("ceafm").Body.(*typecheck.Match).Elem.(*typecheck.LetRef)
	assert.Equal(t, "phi3", phi3InCeafm.Let.Name.Name)
	assert.Same(t, phi3InLinks.Body, phi3InCeafm.Body, "one instance per let and type")
	assert.NotSame(t, phi3InLinks, phi3InCeafm, "each use keeps its own node")

	b3 := prog.Metric("b3").Body.(*typecheck.Match)
	assert.Equal(t, ast.NormVar, b3.Norm)
	require.NotNil(t, b3.View)
	require.NotNil(t, b3.View.Call)
	assert.Equal(t, "memberships", b3.View.Call.Fun.Name)
	elem := b3.Coll.Elem.(*types.Record)
	assert.Equal(t, "Membership<Entity>", elem.Name)
	assert.Equal(t, []string{"mention", "entity"}, []string{elem.Fields[0].Name, elem.Fields[1].Name})
	assert.Equal(t, "Mention", elem.Fields[0].Type.String())
	inner := b3.Elem.(*typecheck.Arith).Y.(*typecheck.Match)
	assert.Equal(t, []int{1, 0}, inner.View.Fields, "entity.mentions: field 1 of the membership, then field 0 of Entity")
	assert.Equal(t, "set<Mention>", inner.View.Out.String())
}

// TestFieldPaths: a field reads its name, or its `= "path"` binding.
func TestFieldPaths(t *testing.T) {
	prog, errs := check(t, "p.metric", `type Doc { id: string, ents: set<int> = "clusters.all", type: string }
input Doc
metric m = F<->[ents](delta)`)
	require.Nil(t, errs, "%v", errs)
	doc := prog.Input
	require.Len(t, doc.Fields, 3)
	for i, want := range []struct {
		name, path string
		bound      bool
		typ        string
	}{{"id", "id", false, "string"}, {"ents", "clusters.all", true, "set<int>"}, {"type", "type", false, "string"}} {
		f := doc.Fields[i]
		assert.Equal(t, want.name, f.Name)
		assert.Equal(t, want.path, f.Path)
		assert.Equal(t, want.bound, f.Bound)
		assert.Equal(t, want.typ, f.Type.String())
		assert.Same(t, doc.Decl.Fields[i], f.Decl)
	}
	assert.Equal(t, 2, doc.FieldIndex("type"))
	assert.Equal(t, -1, doc.FieldIndex("nope"))
}

// TestUnionAndFBeta: a union field, F(β), seq matchings and Iverson.
func TestUnionAndFBeta(t *testing.T) {
	prog, errs := check(t, "u.metric", `type Prop { rel: string, obj: int | string }
type Doc { props: set<Prop>, toks: seq<string> }
input Doc
metric m = F(0.5)<->[toks](delta) + [[ F<->[props](delta[obj]) >= 0.5 ]]`)
	require.Nil(t, errs, "%v", errs)
	sum := prog.Metric("m").Body.(*typecheck.Arith)
	lcs := sum.X.(*typecheck.Match)
	assert.Equal(t, 0.5, lcs.Beta)
	assert.Equal(t, types.Seq, lcs.Coll.Kind)
	iv := sum.Y.(*typecheck.Iverson)
	assert.Equal(t, ast.OpGE, iv.Op)
	props := iv.X.(*typecheck.Match)
	assert.Equal(t, 1.0, props.Beta, "plain F is F(1)")
	proj := props.Elem.(*typecheck.Project)
	assert.Equal(t, "int | string", proj.View.Out.String())
	assert.Equal(t, 0.5, iv.Y.(*typecheck.Const).Value)
}

// TestShippedSpecsCheck: every spec in specs/ checks clean.
func TestShippedSpecsCheck(t *testing.T) {
	paths, err := filepath.Glob("../specs/*.metric")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		prog, errs := check(t, filepath.Base(p), string(data))
		require.Nil(t, errs, "%s:\n%s", p, render(errs))
		assert.NotEmpty(t, prog.Metrics, p)
	}
}
