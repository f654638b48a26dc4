package conll2012_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/metricc/metricc/internal/adapter/conll2012"
)

// The four substitutions of GetCoreference (lib/CorScorer.pm), in order.
// Go's regexp, like Perl's, takes the leftmost match.
var (
	reSplit  = regexp.MustCompile(`\((\d+\+\d)\)`)
	reSingle = regexp.MustCompile(`\((\d+)\)`)
	reOpen   = regexp.MustCompile(`\((\d+)`)
	reClose  = regexp.MustCompile(`(\d+)\)`)
)

// perlModel reads the coreference columns of one document the way
// GetCoreference does, with regular expressions and string surgery, then
// removes repeated mentions as IdentifMentions does. dies reports an
// unclosed or unopened mention, on which the Perl scorer stops.
func perlModel(cols []string) (ents [][][2]int, dies bool) {
	ind := map[string]int{}
	var entities [][][2]int
	half := map[int][]int{}
	index := func(id string) int {
		if e, ok := ind[id]; ok {
			return e
		}
		ind[id] = len(entities)
		entities = append(entities, nil)
		return len(entities) - 1
	}
	for tok, c := range cols {
		if c == "_" {
			continue
		}
		for m := reSplit.FindStringIndex(c); m != nil; m = reSplit.FindStringIndex(c) {
			c = c[:m[0]] + c[m[1]:]
		}
		for m := reSingle.FindStringSubmatchIndex(c); m != nil; m = reSingle.FindStringSubmatchIndex(c) {
			e := index(c[m[2]:m[3]])
			entities[e] = append(entities[e], [2]int{tok, tok})
			c = c[:m[0]] + c[m[1]:]
		}
		for m := reOpen.FindStringSubmatchIndex(c); m != nil; m = reOpen.FindStringSubmatchIndex(c) {
			e := index(c[m[2]:m[3]])
			half[e] = append(half[e], tok)
			c = c[:m[0]] + c[m[1]:]
		}
		for m := reClose.FindStringSubmatchIndex(c); m != nil; m = reClose.FindStringSubmatchIndex(c) {
			e := index(c[m[2]:m[3]])
			c = c[:m[0]] + c[m[1]:]
			if len(half[e]) == 0 {
				return nil, true
			}
			start := half[e][len(half[e])-1]
			half[e] = half[e][:len(half[e])-1]
			entities[e] = append(entities[e], [2]int{start, tok})
		}
	}
	for _, h := range half {
		if len(h) > 0 {
			return nil, true
		}
	}
	return perlDedupe(entities), false
}

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		"", "\n", "#begin document (x)\n", "#begin document (x)\nw (1)\n#end document\n",
		"(1(3\n3)1)", "(1(2)3)", "(1(2))", "((1+2)3)", "(12+34)\n12)", "(01)\n(1)", "(1|1)",
		"(1\n1)|(1\n1)", "1)\n(1", "(3(3(3\nx\n3)3)3)", "x(1)y\n((1)\n(1)|\n|(1)", "(0)\n(00)",
		"(12345678901234567890)\n(0123456789012345678\n0123456789012345678)",
		"#begin document (a)\r\nw\t(1\r\n\r\nw\t1)\r\n#end document\r\n",
		"#begin document (a)\nw (1\n#begin document (b)\nw 1)\n",
		"\xef\xbb\xbf#begin document (\xff\"\\)\n#x\nw _\n#end document\n#end document\n",
	} {
		f.Add([]byte(s))
	}
	for _, name := range []string{"TC-A-9.response", "TC-A-8.response", "TC-B.key", "TC-M-6.response"} {
		data, err := os.ReadFile(filepath.Join(dataDir, "official", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	data, err := os.ReadFile("testdata/perl/annotations.conll")
	if err != nil {
		f.Fatal(err)
	}
	for _, doc := range bytes.SplitAfter(data, []byte("#end document\n"))[:6] {
		f.Add(doc)
	}
}

// FuzzParse checks, on any input, that Parse neither panics nor writes
// anything but valid documents, and, reading each line of the input as
// the coreference column of one token, that it reads the annotations as
// the regular-expression model of the Perl scorer does.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		conll2012.Detect(data)
		in, err := conll2012.Parse("fuzz", data)
		if err == nil {
			for _, d := range in.Docs {
				checkDoc(t, d.ID, d.JSON)
			}
		}

		// The model: one token per line, the line without blanks as its
		// column.
		lines := strings.Split(string(data), "\n")
		cols := make([]string, len(lines))
		var b strings.Builder
		b.WriteString("#begin document (m)\n")
		for i, l := range lines {
			c := strings.Map(func(r rune) rune {
				if strings.ContainsRune(" \t\r\v\f", r) {
					return -1
				}
				return r
			}, l)
			if c == "" || c[0] == '#' {
				c = "-" + c
			}
			cols[i] = c
			b.WriteString("w\t" + c + "\n")
		}
		b.WriteString("#end document\n")
		in, err = conll2012.Parse("model", []byte(b.String()))
		if err != nil || len(in.Docs) != 1 {
			t.Fatalf("model document: %v", err)
		}
		want, dies := perlModel(cols)
		stops := false
		for _, w := range in.Warnings {
			if strings.Contains(w, "without an opening") || strings.Contains(w, "never closes") {
				stops = true
			}
		}
		if stops != dies {
			t.Fatalf("Perl stops: %v, warnings: %q", dies, in.Warnings)
		}
		if dies {
			return
		}
		var doc struct {
			Entities []struct{ Mentions []struct{ Left, Right int } }
		}
		if err := json.Unmarshal([]byte(in.Docs[0].JSON), &doc); err != nil {
			t.Fatal(err)
		}
		got := [][][2]int{}
		for _, e := range doc.Entities {
			var ms [][2]int
			for _, m := range e.Mentions {
				ms = append(ms, [2]int{m.Left, m.Right})
			}
			got = append(got, ms)
		}
		if !equalEntities(got, want) {
			t.Fatalf("columns %q:\n got %v\nwant %v", cols, got, want)
		}
	})
}

func equalEntities(a, b [][][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

// checkDoc checks one document's JSON: well-formed, the id of the Doc,
// entities not empty, spans ordered, no span twice.
func checkDoc(t *testing.T, id, text string) {
	var doc struct {
		ID       *string `json:"id"`
		Entities []struct {
			Mentions []struct {
				Left  *int `json:"left"`
				Right *int `json:"right"`
			} `json:"mentions"`
		} `json:"entities"`
	}
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("invalid JSON %q: %v", text, err)
	}
	if doc.ID == nil || *doc.ID != id {
		t.Fatalf("id %q, JSON %s", id, text)
	}
	if doc.Entities == nil {
		t.Fatalf("no entities array: %s", text)
	}
	seen := map[[2]int]bool{}
	for _, e := range doc.Entities {
		if len(e.Mentions) == 0 {
			t.Fatalf("empty entity: %s", text)
		}
		for _, m := range e.Mentions {
			if m.Left == nil || m.Right == nil || *m.Left < 0 || *m.Left > *m.Right {
				t.Fatalf("bad mention: %s", text)
			}
			k := [2]int{*m.Left, *m.Right}
			if seen[k] {
				t.Fatalf("repeated mention %v: %s", k, text)
			}
			seen[k] = true
		}
	}
}
