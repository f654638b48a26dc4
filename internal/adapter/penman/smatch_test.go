package penman

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// smatchAMR is one record of testdata/smatch-triples.json, written by
// testdata/smatch_triples.py from smatch's own reader.
type smatchAMR struct {
	Index     int      `json:"index"`
	ID        *string  `json:"id"`
	Instance  int      `json:"instance"`
	Attribute int      `json:"attribute"`
	Relation  int      `json:"relation"`
	Total     int      `json:"total"`
	Distinct  int      `json:"distinct"`
	Hash      string   `json:"hash"`
	Triples   []string `json:"triples"`
	Error     *string  `json:"error"`
}

type smatchFile struct {
	File string      `json:"file"`
	AMRs []smatchAMR `json:"amrs"`
}

func loadSmatchFixture(t testing.TB, path string) []smatchFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Files []smatchFile `json:"files"`
	}
	if err := json.Unmarshal(data, &fx); err != nil {
		t.Fatal(err)
	}
	return fx.Files
}

// readTriples is what the parser read from each AMR: the triples in
// smatch's fixture format, or the failure.
type readAMR struct {
	lines  []string
	counts [3]int
	fail   string
}

func readTriples(t testing.TB, path string) ([]readAMR, []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []readAMR
	in, err := parse(path, data, func(p *parser) {
		var r readAMR
		if p.fail != nil {
			r.fail = p.fail.msg
		}
		for i := range p.triples {
			tr := p.triple(i)
			r.counts[tr.kind]++
			r.lines = append(r.lines, tripleLine(tr))
		}
		out = append(out, r)
	}, true)
	var warnings []string
	if in != nil {
		warnings = in.Warnings
	}
	if err != nil && !strings.HasSuffix(path, "bad.amr") {
		t.Fatalf("%s: %v", path, err)
	}
	return out, warnings
}

func tripleLine(tr triple) string {
	k := [...]string{"I", "A", "R"}[tr.kind]
	return k + "\t" + string(tr.rel) + "\t" + string(tr.subj) + "\t" + string(tr.obj)
}

func hashLines(lines []string) string {
	s := append([]string(nil), lines...)
	sort.Strings(s)
	h := sha256.Sum256([]byte(strings.Join(s, "\n")))
	return hex.EncodeToString(h[:])[:16]
}

func distinct(lines []string) int {
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l] = true
	}
	return len(seen)
}

// TestSmatchTriples checks every AMR of every fixture file against the
// triples smatch's own reader produces: the same AMR split, the same
// failures, the same instance/attribute/relation counts and the same
// normalized triples (in full for small files, by hash for the others).
func TestSmatchTriples(t *testing.T) {
	checkSmatchFixture(t, "testdata/smatch-triples.json")
}

func checkSmatchFixture(t *testing.T, fixture string) {
	for _, f := range loadSmatchFixture(t, fixture) {
		path := f.File
		if !filepath.IsAbs(path) {
			path = filepath.Join("testdata", path)
		}
		t.Run(filepath.Base(f.File), func(t *testing.T) {
			got, _ := readTriples(t, path)
			if len(got) != len(f.AMRs) {
				t.Fatalf("%d AMRs, smatch reads %d", len(got), len(f.AMRs))
			}
			for i, want := range f.AMRs {
				g := got[i]
				if want.Error != nil {
					if g.fail == "" {
						t.Errorf("amr %d: read %d triples, smatch fails: %s", i+1, len(g.lines), *want.Error)
					}
					continue
				}
				if g.fail != "" {
					t.Errorf("amr %d: failed (%s), smatch reads %d triples", i+1, g.fail, want.Total)
					continue
				}
				if g.counts != [3]int{want.Instance, want.Attribute, want.Relation} {
					t.Errorf("amr %d: instance/attribute/relation = %v, smatch %d/%d/%d", i+1, g.counts, want.Instance, want.Attribute, want.Relation)
				}
				if len(g.lines) != want.Total || distinct(g.lines) != want.Distinct {
					t.Errorf("amr %d: total %d distinct %d, smatch %d %d", i+1, len(g.lines), distinct(g.lines), want.Total, want.Distinct)
				}
				if want.Triples != nil && strings.Join(g.lines, "\n") != strings.Join(want.Triples, "\n") {
					t.Errorf("amr %d: triples\n%s\nsmatch:\n%s", i+1, strings.Join(g.lines, "\n"), strings.Join(want.Triples, "\n"))
				}
				if h := hashLines(g.lines); h != want.Hash {
					t.Errorf("amr %d: triple hash %s, smatch %s", i+1, h, want.Hash)
				}
			}
		})
	}
}
