package mrp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/pytext"
)

// parse reads MRP text and fails the test on an error.
func parse(t *testing.T, text string) *document.Input {
	t.Helper()
	in, err := Parse("g.mrp", strings.NewReader(text))
	require.NoError(t, err)
	return in
}

// docView is a document as the tests look at it: each of its three
// fields as sorted one-line strings.
type docView struct {
	ID     string
	Tuples []string
	Props  []string
	EDM    []string
}

func view(t *testing.T, d document.Doc) docView {
	t.Helper()
	var raw struct {
		ID     string `json:"id"`
		Tuples []struct {
			Kind, Node, Label, Name, Value string
			Target                         any
		} `json:"tuples"`
		Props []struct {
			Rel, Subj string
			Obj       any
		} `json:"props"`
		EDM []struct {
			Kind, Node, Target, Label, Name, Value string
		} `json:"edm"`
	}
	require.NoError(t, json.Unmarshal([]byte(d.JSON), &raw), d.JSON)
	target := func(v any) string {
		if m, ok := v.(map[string]any); ok {
			return "$" + m["var"].(string)
		}
		return v.(string)
	}
	var v docView
	v.ID = raw.ID
	for _, x := range raw.Tuples {
		v.Tuples = append(v.Tuples, fields(x.Kind, x.Node, target(x.Target), x.Label, x.Name, x.Value))
	}
	for _, x := range raw.Props {
		v.Props = append(v.Props, fmt.Sprintf("%s(%s, %s)", x.Rel, x.Subj, target(x.Obj)))
	}
	for _, x := range raw.EDM {
		v.EDM = append(v.EDM, fields(x.Kind, x.Node, x.Target, x.Label, x.Name, x.Value))
	}
	// The fields are sets: order and repeats do not count.
	for _, l := range []*[]string{&v.Tuples, &v.Props, &v.EDM} {
		sort.Strings(*l)
		*l = slices.Compact(*l)
	}
	return v
}

// fields joins a tuple's fields, "-" for an empty one, trailing ones left
// out.
func fields(fs ...string) string {
	for len(fs) > 0 && fs[len(fs)-1] == "" {
		fs = fs[:len(fs)-1]
	}
	for i, f := range fs {
		if f == "" {
			fs[i] = "-"
		}
	}
	return strings.Join(fs, " ")
}

// line writes one MRP line with the given nodes and edges (JSON
// fragments) over the input "Pierre Vinken, 61 years old.".
func line(nodes, edges string, extra ...string) string {
	s := `{"id": "g1", "flavor": 1, "framework": "eds", "input": "Pierre Vinken, 61 years old.", "tops": [0], "nodes": [` + nodes + `], "edges": [` + edges + `]`
	for _, e := range extra {
		s += ", " + e
	}
	return s + "}\n"
}

// TestNormalizations checks each of the 2019 scorer's normalizations on
// the tuples it produces (graph.py:58-83, 229-263; score/core.py:47-63).
func TestNormalizations(t *testing.T) {
	cases := []struct {
		name, nodes, edges string
		want               []string // tuples other than the top
	}{
		{"case folding of labels and properties",
			`{"id": 0, "label": "Named", "properties": ["CARG"], "values": ["Pierre"]}`, ``,
			[]string{"labels 0 - named", "properties 0 - - carg pierre"}},
		{"labels that are not strings, as Python's str() writes them",
			`{"id": 0, "label": 12}, {"id": 1, "label": 1.50}, {"id": 2, "label": true}, {"id": 3, "label": 1e16}, {"id": 4, "label": null}`, ``,
			[]string{"labels 0 - 12", "labels 1 - 1.5", "labels 2 - true", "labels 3 - 1e+16"}},
		{"an empty label is a label",
			`{"id": 0, "label": ""}`, ``,
			[]string{"labels 0"}},
		{"anchors trimmed of punctuation and spaces, compared as characters",
			`{"id": 0, "anchors": [{"from": 7, "to": 15}]}, {"id": 1, "anchors": [{"from": 7, "to": 10}, {"from": 10, "to": 13}]}, {"id": 2, "anchors": [{"from": 13, "to": 18}]}`, ``,
			[]string{"anchors 0 - - - 7:13", "anchors 1 - - - 7:13", "anchors 2 - - - 15:17"}},
		{"white space inside an anchor is not covered",
			`{"id": 0, "anchors": [{"from": 0, "to": 13}]}`, ``,
			[]string{"anchors 0 - - - 0:6,7:13"}},
		{"an anchor of punctuation only covers nothing; [] is no anchors",
			`{"id": 0, "anchors": [{"from": 13, "to": 15}]}, {"id": 1, "anchors": []}`, ``,
			[]string{"anchors 0"}},
		{"X-of edges reversed (not prep-...), mod as domain, explicit normal",
			`{"id": 0}, {"id": 1}, {"id": 2}`,
			`{"source": 0, "target": 1, "label": "ARG1-of"}, {"source": 0, "target": 2, "label": "mod"}, {"source": 1, "target": 2, "label": "prep-on-behalf-of"}, {"source": 2, "target": 0, "label": "poss", "normal": "possessor"}, {"source": 1, "target": 0, "label": "ARG2-OF"}, {"source": 2, "target": 1, "label": "x-of-of"}`,
			[]string{"edges 0 $2 possessor", "edges 1 $0 arg1", "edges 1 $0 arg2-of", "edges 1 $2 prep-on-behalf-of", "edges 1 $2 x-of", "edges 2 $0 domain"}},
		{"consist-of and subset-of are reversed too (the exception set lacks a comma)",
			`{"id": 0}, {"id": 1}`,
			`{"source": 0, "target": 1, "label": "consist-of"}, {"source": 0, "target": 1, "label": "subset-of"}`,
			[]string{"edges 1 $0 consist", "edges 1 $0 subset"}},
		{"an empty normal label turns the inversion off",
			`{"id": 0}, {"id": 1}`,
			`{"source": 0, "target": 1, "label": "ARG1-of", "normal": ""}`,
			[]string{"edges 0 $1 arg1-of"}},
		{"remote=false dropped, other attributes kept and lowercased; MRP 0.9's properties",
			`{"id": 0}, {"id": 1}, {"id": 2}`,
			`{"source": 0, "target": 1, "label": "A", "attributes": ["remote"], "values": [false]}, {"source": 0, "target": 2, "label": "E", "attributes": ["Remote"], "values": ["TRUE"]}, {"source": 1, "target": 2, "label": "C", "properties": ["remote"], "values": ["true"]}`,
			[]string{"attributes 0 $2 e remote true", "attributes 1 $2 c remote true", "edges 0 $1 a", "edges 0 $2 e", "edges 1 $2 c"}},
		{"a repeated edge counts once, with the first one's attributes",
			`{"id": 0}, {"id": 1}`,
			`{"source": 0, "target": 1, "label": "A"}, {"source": 0, "target": 1, "label": "A", "attributes": ["remote"], "values": ["true"]}, {"source": 0, "target": 1, "label": "a"}`,
			[]string{"edges 0 $1 a"}},
		{"an edge that becomes another after inversion is one tuple",
			`{"id": 0}, {"id": 1}`,
			`{"source": 0, "target": 1, "label": "ARG1"}, {"source": 1, "target": 0, "label": "ARG1-of"}`,
			[]string{"edges 0 $1 arg1"}},
		{"a repeated node id is one node (its tuples merged)",
			`{"id": 0, "label": "a"}, {"id": 1}, {"id": 0, "label": "b"}`,
			`{"source": 1, "target": 0, "label": "r"}`,
			[]string{"edges 1 $0 r", "labels 0 - a", "labels 0 - b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := parse(t, line(c.nodes, c.edges))
			require.Len(t, in.Docs, 1)
			v := view(t, in.Docs[0])
			assert.Equal(t, "eds/g1", v.ID)
			var got []string
			for _, s := range v.Tuples {
				if s != "tops 0" {
					got = append(got, s)
				}
			}
			assert.Equal(t, c.want, got)
		})
	}
}

// TestConstructed checks the adapter's tuples on the constructed pair
// "norm" (equal only after every normalization): gold and system give the
// same tuples up to node names.
func TestConstructedNorm(t *testing.T) {
	gold := parse(t, `{"id": "norm", "flavor": 1, "framework": "eds", "tops": [2], "nodes": [{"id": 0, "label": "Pierre", "anchors": [{"from": 0, "to": 6}]}, {"id": 1, "label": "Vinken", "anchors": [{"from": 7, "to": 14}]}, {"id": 2, "label": "named", "anchors": [{"from": 0, "to": 14}], "properties": ["carg"], "values": ["Pierre"]}, {"id": 3, "label": "old", "anchors": [{"from": 24, "to": 28}]}], "edges": [{"source": 2, "target": 0, "label": "ARG1"}, {"source": 2, "target": 1, "label": "ARG2"}, {"source": 3, "target": 2, "label": "ARG1-of"}], "input": "Pierre Vinken, 61 years old."}`)
	sys := parse(t, `{"id": "norm", "flavor": 1, "framework": "eds", "tops": [2], "nodes": [{"id": 0, "label": "PIERRE", "anchors": [{"from": 0, "to": 6}]}, {"id": 1, "label": "vinken", "anchors": [{"from": 7, "to": 13}]}, {"id": 2, "label": "NAMED", "anchors": [{"from": 0, "to": 6}, {"from": 6, "to": 13}], "properties": ["CARG"], "values": ["pierre"]}, {"id": 3, "label": "old", "anchors": [{"from": 24, "to": 27}]}], "edges": [{"source": 2, "target": 0, "label": "arg1"}, {"source": 2, "target": 1, "label": "arg2", "attributes": ["remote"], "values": ["false"]}, {"source": 2, "target": 3, "label": "arg1"}], "input": "Pierre Vinken, 61 years old."}`)
	g, s := view(t, gold.Docs[0]), view(t, sys.Docs[0])
	assert.Equal(t, g, s)
	assert.Equal(t, []string{"anchors 0 - - - 0:6", "anchors 1 - - - 7:13", "anchors 2 - - - 0:6,7:13", "anchors 3 - - - 24:27",
		"edges 2 $0 arg1", "edges 2 $1 arg2", "edges 2 $3 arg1",
		"labels 0 - pierre", "labels 1 - vinken", "labels 2 - named", "labels 3 - old", "properties 2 - - carg pierre", "tops 2"}, g.Tuples)
	// mtool's --score smatch triples: the TOP triple carries the label.
	assert.Equal(t, []string{"TOP(2, named)", "anchor(0, 0:6)", "anchor(1, 7:13)", "anchor(2, 0:6,7:13)", "anchor(3, 24:27)",
		"arg1(2, $0)", "arg1(2, $3)", "arg2(2, $1)", "carg(2, pierre)",
		"instance(0, pierre)", "instance(1, vinken)", "instance(2, named)", "instance(3, old)"}, g.Props)
	// --score edm: nodes named by their anchors.
	assert.Equal(t, []string{"arguments 0:6,7:13 0:6 arg1", "arguments 0:6,7:13 24:27 arg1", "arguments 0:6,7:13 7:13 arg2",
		"names 0:6 - pierre", "names 0:6,7:13 - named", "names 24:27 - old", "names 7:13 - vinken",
		"properties 0:6,7:13 - - carg pierre", "tops 0:6,7:13"}, g.EDM)
}

// TestSmatchTriples checks the triples of --score smatch where they differ
// from the mrp tuples: attributes as relations named by Python's
// str((name, value)), unlabelled nodes without instance triples, TOP
// without a label, attribute names smatch would confuse with its own.
func TestSmatchTriples(t *testing.T) {
	in := parse(t, line(`{"id": 0}, {"id": 1, "label": "x_", "properties": ["top", "instance", "Op1"], "values": ["a", "b", "C"]}`,
		`{"source": 0, "target": 1, "label": "A", "attributes": ["remote"], "values": ["true"]}`))
	assert.Equal(t, []string{"('remote', 'true')(0, $1)", "TOP(0, )", "TOP(1, a)", "a(0, $1)", "instance (attribute)(1, b)", "instance(1, x)", "op1(1, c)"}, view(t, in.Docs[0]).Props)
}

// TestNoInput: without an input string, anchors are the spans as written.
func TestNoInput(t *testing.T) {
	in := parse(t, `{"id": 7, "framework": "dm", "nodes": [{"id": 0, "label": "a", "anchors": [{"from": 0, "to": 3}, {"from": 4, "to": 5}]}, {"id": 1, "anchors": [{"to": 2}]}]}`+"\n")
	v := view(t, in.Docs[0])
	assert.Equal(t, "dm/7", v.ID)
	assert.Equal(t, []string{"anchors 0 - - - (0,3)(4,5)", "anchors 1 - - - ()", "labels 0 - a"}, v.Tuples)
	require.Len(t, in.Warnings, 2)
	assert.Contains(t, in.Warnings[0], `g.mrp: graph "dm/7" (line 1): nodes.1.anchors.0: an anchor without "from" and "to"`)
	assert.Contains(t, in.Warnings[1], "no input string")
}

// TestWarnings lists what is repaired as the scorer repairs it, and said.
func TestWarnings(t *testing.T) {
	in := parse(t, line(`{"id": 0, "anchors": [{"from": 20, "to": 40}]}, {"id": 1}, {"id": 1}`,
		`{"source": 0, "target": 1, "label": "a"}, {"source": 0, "target": 1, "label": "a"}`)+
		`{"id": "e", "framework": "ucca", "nodes": [{"id": 0}]}`+"\n")
	require.Len(t, in.Docs, 2)
	assert.Equal(t, []string{
		`g.mrp: graph "eds/g1" (line 1): nodes.0.anchors.0: anchor 20:40 is outside the input (28 characters) or reversed: clamped to it as the 2019 scorer does`,
		`g.mrp: graph "eds/g1" (line 1): nodes.2.id: node id 1 repeats nodes.1's: the two are one node to the 2019 scorer, whose tuples name nodes by id (for --score smatch and edm, edges attach to the last node with the id)`,
		`g.mrp: graph "eds/g1" (line 1): edges: 1 repeated edges (same source, target and label; edge 1 of 0): each counted once, with the first one's attributes, as the 2019 scorer does`,
		`g.mrp: graph "ucca/e" (line 2): 1 nodes but no top, label, property, anchor or edge: nothing to score (as a gold graph, its pair counts nothing under the mrp spec's micro(gold), where the 2019 scorer would count the system graph)`,
	}, in.Warnings)
	assert.Equal(t, document.UnpairedGold, in.Unpaired)
	assert.Equal(t, "the MRP 2019 scorer", in.Convention)
}

// TestErrors: what the scorer cannot read (it skips the graph, so a
// system graph silently becomes an empty one) is an error naming the file,
// the graph and the JSON path; every error of the file at once.
func TestErrors(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"edge to a missing node", line(`{"id": 0}`, `{"source": 0, "target": 3, "label": "a"}`),
			`g.mrp: graph "eds/g1" (line 1): edges.0.target: no node has the id 3`},
		{"top not a node", strings.Replace(line(`{"id": 1}`, ``), `"tops": [0]`, `"tops": [5]`, 1),
			`g.mrp: graph "eds/g1" (line 1): tops.0: no node has the id 5`},
		{"no framework", `{"id": "x", "nodes": []}` + "\n",
			`g.mrp: graph "/x" (line 1): framework: a graph needs a "framework" (eds, dm, psd, ucca or amr): the MRP scorer pairs graphs by framework and id`},
		{"no id", `{"framework": "dm", "nodes": []}` + "\n",
			`g.mrp: graph "dm/" (line 1): id: a graph needs an "id"`},
		{"not JSON", `{"id": "x", ` + "\n",
			`g.mrp: line 1: not a JSON object (an MRP file has one graph per line)`},
		{"not an object", `[1, 2]` + "\n",
			`g.mrp: line 1: expected a graph object, found an array`},
		{"properties and values of different lengths", line(`{"id": 0, "properties": ["a", "b"], "values": ["c"]}`, ``),
			`g.mrp: graph "eds/g1" (line 1): nodes.0: 2 properties but 1 values: they are parallel lists`},
		{"an anchor that is not a number", line(`{"id": 0, "anchors": [{"from": "0", "to": 2}]}`, ``),
			`g.mrp: graph "eds/g1" (line 1): nodes.0.anchors.0: "from" and "to" must be integers, found "0" and 2`},
		{"an edge without a label", line(`{"id": 0}`, `{"source": 0, "target": 0}`),
			`g.mrp: graph "eds/g1" (line 1): edges.0.label: an edge needs a "label" (the 2019 scorer cannot read the graph without one)`},
		{"a property value that is a list", line(`{"id": 0, "properties": ["a"], "values": [[1]]}`, ``),
			`g.mrp: graph "eds/g1" (line 1): nodes.0.values.0: expected a string, a number or a boolean, found an array`},
		{"ids that read the same", line(`{"id": 0}, {"id": "0"}`, ``),
			`g.mrp: graph "eds/g1" (line 1): nodes.1.id: node ids "0" and nodes.0's are different to the scorer but read the same here ("0"); use ids of one kind`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("g.mrp", strings.NewReader(c.text))
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
	// A graph's problems are one error; the graphs after it are read.
	in, err := Parse("g.mrp", strings.NewReader(strings.Replace(line(`{"id": 1}`, `{"source": 1, "target": 3, "label": "a"}`), `"tops": [0]`, `"tops": [5]`, 1)))
	assert.Nil(t, in)
	assert.EqualError(t, err, `g.mrp: graph "eds/g1" (line 1): edges.0.target: no node has the id 3 (also tops.0: no node has the id 5)`)
	st := Stream("g.mrp", strings.NewReader(line(`{"id": 0}`, `{"source": 0, "target": 3, "label": "a"}`)+line(`{"id": 0}`, ``)))
	_, err = st.Next()
	var one *document.DataError
	require.ErrorAs(t, err, &one)
	d, err := st.Next()
	require.NoError(t, err)
	assert.Equal(t, 2, d.Line)
	_, err = st.Next()
	assert.Equal(t, io.EOF, err)
	// Every error of the file, in order.
	_, err = Parse("g.mrp", strings.NewReader(line(`{"id": 0}`, `{"source": 0, "target": 3, "label": "a"}`)+"\n"+line(`{"id": 0}`, `{"source": 4, "target": 0, "label": "a"}`)))
	var errs document.DataErrors
	require.ErrorAs(t, err, &errs)
	require.Len(t, errs, 2)
	assert.Equal(t, "line 3", errs[1].Doc[len(errs[1].Doc)-7:len(errs[1].Doc)-1])
}

// TestStreaming reads a graph on a line longer than the read buffer, blank
// lines and a byte-order mark.
func TestStreaming(t *testing.T) {
	var nodes []string
	for i := range 3000 {
		nodes = append(nodes, fmt.Sprintf(`{"id": %d, "label": "node number %d"}`, i, i))
	}
	text := "\ufeff" + line(strings.Join(nodes, ", "), ``) + "\n\n" + strings.Replace(line(`{"id": 0}`, ``), `"g1"`, `"g2"`, 1)
	require.Greater(t, len(text), 100<<10)
	in := parse(t, text)
	require.Len(t, in.Docs, 2)
	assert.Len(t, view(t, in.Docs[0]).Tuples, 3001)
	assert.Equal(t, 4, in.Docs[1].Line)
	assert.Equal(t, "eds/g2", in.Docs[1].ID)
}

func TestDetect(t *testing.T) {
	assert.True(t, Detect([]byte(line(`{"id": 0}`, ``))))
	assert.True(t, Detect([]byte("\n"+`{"nodes": [], "framework": "amr", "id": "x"}`)))
	assert.True(t, Detect([]byte(`{"id": "x", "flavor": 0, "framework": "dm", "input": "`+strings.Repeat("a", 70<<10))))
	assert.False(t, Detect([]byte(`{"id": "x", "entities": []}`)))
	// The adapter's own documents, written out, are JSON for the spec.
	assert.False(t, Detect([]byte(parse(t, line(`{"id": 0}`, ``)).Docs[0].JSON)))
	assert.False(t, Detect([]byte(`[{"id": "x", "framework": "dm", "nodes": []}]`)))
	assert.False(t, Detect([]byte("# ::id a\n(w / want-01)\n")))
}

func TestPyStr(t *testing.T) {
	for raw, want := range map[string]string{
		"0": "0", "-0": "0", "12": "12", "-7": "-7", "1.0": "1.0", "1.50": "1.5", "1E2": "100.0",
		"1e16": "1e+16", "1e15": "1000000000000000.0", "0.0001": "0.0001", "0.00001": "1e-05",
		"-1.5e-7": "-1.5e-07", "123.456": "123.456", "-0.0": "-0.0", "2.5e20": "2.5e+20",
		"12345678901234567.0": "1.2345678901234568e+16", "1e400": "inf",
	} {
		assert.Equal(t, want, pyNumber(raw), raw)
	}
	for s, want := range map[string]string{
		"ABC": "abc", "İ": "i\u0307", "ΟΔΟΣ": "οδος", "ΣΑ": "σα", "Σ": "σ", "AΣ.": "aς.", "déjà": "déjà",
	} {
		assert.Equal(t, want, pytext.Lower(s), s)
	}
	assert.Equal(t, "x", smatchNormalize("X__¦"))
	assert.Equal(t, `"it's"`, pyRepr("it's"))
	assert.Equal(t, `'a"b\'c'`, pyRepr(`a"b'c`))
}

func TestAppendString(t *testing.T) {
	for _, s := range []string{"plain", `q"uo\te`, "tab\tnl\n\x01", "ünï", "\xff"} {
		b := appendString(nil, s)
		var back string
		require.NoError(t, json.Unmarshal(b, &back), string(b))
		if s == "\xff" {
			assert.Equal(t, "\ufffd", back)
			continue
		}
		assert.Equal(t, s, back)
		assert.True(t, bytes.HasPrefix(b, []byte{'"'}))
	}
}

// TestLimits: a file with many problems says the rest in one line.
func TestLimits(t *testing.T) {
	var b strings.Builder
	for i := range 120 {
		b.WriteString(strings.Replace(line(`{"id": 0, "anchors": [{"from": 20, "to": 40}]}`, ``), `"g1"`, fmt.Sprintf(`"g%d"`, i), 1))
	}
	in := parse(t, b.String())
	require.Len(t, in.Warnings, 101)
	assert.Equal(t, "g.mrp: more warnings not shown", in.Warnings[100])
	b.Reset()
	for range 60 {
		b.WriteString("{\n")
	}
	_, err := Parse("g.mrp", strings.NewReader(b.String()))
	var errs document.DataErrors
	require.ErrorAs(t, err, &errs)
	require.Len(t, errs, 51)
	assert.Equal(t, "g.mrp: and 10 more graphs with errors", errs[50].Error())
}
