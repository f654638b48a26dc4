package penman

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// countBlocks counts AMRs the way smatch's get_amr_line splits a file
// (independently of the reader): runs of non-blank, non-comment lines,
// comments not breaking a run.
func countBlocks(data []byte) int {
	data = bytes.TrimPrefix(data, bom)
	text := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(data))
	n, in := 0, false
	for _, line := range strings.Split(text, "\n") {
		s := pyStrip([]byte(line))
		switch {
		case len(s) == 0:
			in = false
		case s[0] == '#':
		case !in:
			in = true
			n++
		}
	}
	return n
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"quirks.amr", "bad.amr", "cases/metric-suite-a.txt", "cases/mtool-first.system.amr", "docsmatch/roles.amr"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"", "(", ")", "(a / b", "(a / b)(c / d)", `(a / "b :c (d / e)")`, "(a / b :x\n\n(c / d)",
		"# ::id x\r\n(a / b :ARG0-of (c / d) :mod 5)\r\n", "(a / b :ARG0 (a / c))", "((a / b))", "(a / (a / b))",
		"(a / b :x \"\xff\" :y \u0130\u03a3)", "\xef\xbb\xbf(a / b)", "(a / b :polarity -)\n#\n:x 1)",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Parse("f.amr", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.amr:") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if want := countBlocks(data); len(in.Docs) != want {
			t.Fatalf("%d documents, smatch splits %d", len(in.Docs), want)
		}
		again, _ := Parse("f.amr", data)
		withDoc, err := Format.ParseFields("f.amr", bytes.NewReader(data), func(f string) bool { return f == "docprops" })
		if err != nil || len(withDoc.Docs) != len(in.Docs) {
			t.Fatalf("with docprops: %v, %d documents for %d", err, len(withDoc.Docs), len(in.Docs))
		}
		for i, d := range withDoc.Docs {
			doc := gjson.Parse(d.JSON)
			if !gjson.Valid(d.JSON) || len(doc.Get("docprops").Array()) < len(gjson.Get(in.Docs[i].JSON, "props").Array()) ||
				len(doc.Get("corefprops").Array()) > len(doc.Get("docprops").Array()) {
				t.Fatalf("bad docprops: %s", d.JSON)
			}
		}
		for i, d := range in.Docs {
			if d.JSON != again.Docs[i].JSON {
				t.Fatalf("output depends on the run:\n%s\n%s", d.JSON, again.Docs[i].JSON)
			}
			if !gjson.Valid(d.JSON) {
				t.Fatalf("invalid JSON %q", d.JSON)
			}
			doc := gjson.Parse(d.JSON)
			if doc.Get("id").Type != gjson.String {
				t.Fatalf("no id: %s", d.JSON)
			}
			nodes := map[string]bool{}
			props := doc.Get("props").Array()
			for _, p := range props {
				if p.Get("rel").Str == "instance" && p.Get("obj").Type == gjson.String {
					nodes[p.Get("subj").Str] = true
				}
			}
			tops, seen := 0, map[string]bool{}
			for _, p := range props {
				if seen[p.Raw] {
					t.Fatalf("repeated prop %s", p.Raw)
				}
				seen[p.Raw] = true
				if p.Get("rel").Type != gjson.String || p.Get("subj").Type != gjson.String {
					t.Fatalf("bad prop %s", p.Raw)
				}
				if !nodes[p.Get("subj").Str] {
					t.Fatalf("subject is not a variable: %s in %s", p.Raw, d.JSON)
				}
				obj := p.Get("obj")
				switch {
				case obj.Type == gjson.String:
				case obj.IsObject() && obj.Get("var").Type == gjson.String:
					if !nodes[obj.Get("var").Str] {
						t.Fatalf("object is not a variable: %s", p.Raw)
					}
				default:
					t.Fatalf("bad obj in %s", p.Raw)
				}
				if p.Get("rel").Str == "TOP" {
					tops++
				}
			}
			if len(props) > 0 && tops == 0 {
				t.Fatalf("no TOP: %s", d.JSON)
			}
		}
	})
}

// BenchmarkParseLPP reads both files of the AMRParseEval Little Prince set
// (400 parser outputs and 400 gold AMRs, 295 KB).
func BenchmarkParseLPP(b *testing.B) {
	var files [][]byte
	size := 0
	for _, name := range []string{"cases/lpp-src.test.amr", "cases/lpp-tgt.test.amr"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
		size += len(data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range files {
			if _, err := Parse("lpp.amr", data); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParseChain reads one AMR that is a chain of n nodes, nested n
// deep, each with a :coref edge to the one before it, with every field
// (amr-fine's and docSmatch's). The time must grow linearly with n:
// amr-fine's reentrancies once scanned every triple for every node (41 s
// for 100,000 nodes), and docSmatch's sentence labels walked the graph
// again for every coref edge.
func BenchmarkParseChain(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var buf bytes.Buffer
			buf.WriteString("(a0 / b")
			for i := 1; i < n; i++ {
				buf.WriteString(" :x (a" + strconv.Itoa(i) + " / d :coref a" + strconv.Itoa(i-1))
			}
			buf.Write(bytes.Repeat([]byte(")"), n))
			data := buf.Bytes()
			b.SetBytes(int64(len(data)))
			all := func(string) bool { return true }
			for b.Loop() {
				if _, err := Format.ParseFields("chain.amr", bytes.NewReader(data), all); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
