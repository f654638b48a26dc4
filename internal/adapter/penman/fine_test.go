package penman

import (
	"math/rand"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// TestFineRewrites: the hand-written rewrites are evaluation.sh's sed and
// perl substitutions (Go's regexp picks the match a backtracking engine
// picks, so it stands in for perl here), on chosen and random lines.
func TestFineRewrites(t *testing.T) {
	label := regexp.MustCompile(`:[a-zA-Z0-9-]*`)
	sense := regexp.MustCompile(`(/ [a-zA-Z0-9\-][a-zA-Z0-9\-]*)-[0-9][0-9]*`)
	lines := []string{
		`(w / want-01 :ARG0 (b / boy) :ARG1-of (g / go-02 :time "12:30"))`,
		`(h / have-org-role-91 :ARG2 (p / president-1-2))`, `/ a-1-2-x`, `/ -1`, `/ a-`, `/ a-1b-2`,
		`(x / foo-2bar)`, `//  a-1`, `/ /-1`, `::`, `:`, `a:`, `/ a-12/ b-3`,
	}
	rng := rand.New(rand.NewSource(1))
	const alphabet = "/ :-01a9Z(\"x"
	for range 5000 {
		b := make([]byte, rng.Intn(16))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		lines = append(lines, string(b))
	}
	for _, l := range lines {
		assert.Equal(t, label.ReplaceAllString(l, ":label"), string(appendUnlabeled(nil, []byte(l))), l)
		assert.Equal(t, sense.ReplaceAllString(l, "${1}-01"), string(appendNoWSD(nil, []byte(l))), l)
	}
}

// TestFineFields: the old reader's conventions, each as amr-evaluation has
// them (the counts of the recorded fixture check them all together).
func TestFineFields(t *testing.T) {
	src := "# ::id 1\n" +
		"(w / Want-02 :ARG0 (p / person :wiki \"Ann_Lee\" :name (n / name :op1 \"Ann\"))\n" +
		"\t:ARG1 (g / go-01 :ARG0 p :mod (f / fast) :polarity -)\n" +
		"\t:ARG1-of (c / cause-01) :arg2-of p :ARG3 (h / he :ARG0-of g))\n"
	in, err := Parse("x.amr", []byte(src))
	require.NoError(t, err)
	require.Len(t, in.Docs, 1)
	js := in.Docs[0].JSON
	get := func(path string) string { return gjson.Get(js, path).Raw }
	// Bags of the scorer's strings: case kept, a quoted value ends in '_'.
	assert.Equal(t, `["Want-02","person","name","go-01","fast","cause-01","he"]`, get("concepts"))
	assert.Equal(t, `["person"]`, get("ne"))
	assert.Equal(t, `["go-01"]`, get("negations"))
	assert.Equal(t, `["Ann_Lee_"]`, get("wiki"))
	// TOP carries the root's concept, normalized; no :mod inversion.
	assert.Contains(t, js, `"unlabeled":[{"rel":"instance","subj":"w","obj":"want-02"}`)
	assert.Equal(t, 1, int(gjson.Get(js, `nowsd.#(rel=="top")#|#`).Int()))
	assert.Equal(t, `"want-01"`, gjson.Get(js, `nowsd.#(rel=="top").obj`).Raw)
	assert.Equal(t, `"g"`, gjson.Get(js, `nowsd.#(rel=="mod").subj`).Raw)
	// An -of role whose variable is already defined and is followed by
	// another role stays as written (arg2-of from w to p); one closed by
	// ')' or opening a node is inverted (ARG0 from g to h, ARG1 from c).
	assert.Equal(t, `"w"`, gjson.Get(js, `nowsd.#(rel=="arg2-of").subj`).Raw)
	assert.Equal(t, `["w","c"]`, gjson.Get(js, `nowsd.#(rel=="arg1")#.subj`).Raw)
	assert.Equal(t, `["p","p","h"]`, gjson.Get(js, `nowsd.#(rel=="arg0")#.obj.var`).Raw) // arg0(g, h) from :ARG0-of g
	// srl and reentrancies: the triples smatch_fromlists builds (as the
	// scorer's code gives them for this AMR), TOP on the first edge's
	// source; srl selects roles written ARG... (not arg2-of), reentrancies
	// the edges into p and w (three parents each) and h (two).
	props := func(field string) []string {
		var out []string
		for _, p := range gjson.Get(js, field).Array() {
			obj := p.Get("obj").String()
			if v := p.Get("obj.var"); v.Exists() {
				obj = v.String()
			}
			out = append(out, p.Get("rel").String()+"("+p.Get("subj").String()+","+obj+")")
		}
		return out
	}
	assert.Equal(t, []string{
		"instance(w,want-02)", "instance(p,person)", "instance(g,go-01)", "instance(h,he)", "instance(c,cause-01)",
		"top(w,want-02)", "arg0(w,p)", "arg1(w,g)", "arg3(w,h)", "arg0(g,p)", "arg0(g,h)", "arg1(c,w)",
	}, props("srl"))
	assert.Equal(t, []string{
		"instance(p,person)", "instance(w,want-02)", "instance(c,cause-01)", "instance(g,go-01)", "instance(h,he)",
		"top(p,person)", "arg2(p,w)", "arg0(w,p)", "arg3(w,h)", "arg1(c,w)", "arg0(g,p)", "arg0(g,h)",
	}, props("reentrancies"))
}
