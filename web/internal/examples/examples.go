// Package examples makes the playground's examples menu from the shipped
// specs and the repository's test data: for every shipped spec, one or
// more gold and prediction files that its tests check against an official
// scorer or a paper. Which pair illustrates a spec is the one choice made
// here (pairs below); the spec's text, its summary, the files, their
// detected formats and the numbers all come from the repository at build
// time, and the test keeps every shipped spec covered.
package examples

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter"
)

// pair is a gold and a prediction file, by their paths from the
// repository root, for a shipped spec.
type pair struct {
	spec, title, gold, pred string
}

const penmanCases = "internal/adapter/penman/testdata/cases/"

// pairs lists the examples in menu order (grouped by spec, as
// metricc.Shipped sorts them).
var pairs = []pair{
	{"amr-fine", "four AMR graphs (penman)", penmanCases + "fine-gold.amr", penmanCases + "fine-pred.amr"},
	{"anls", "answers of generative models (JSON Lines)", "testdata/anls/example-gold.jsonl", "testdata/anls/example-pred.jsonl"},
	{"conll16", "the shared task's trial data", "testdata/conll16/tutorial/en-trial.relations.json", "testdata/conll16/tutorial/output.json"},
	{"coref", "JSON documents", "testdata/coref/example-gold.json", "testdata/coref/example-pred.jsonl"},
	{"coref", "CoNLL-2012 official test case TC-C", "testdata/coref/official/TC-C.key", "testdata/coref/official/TC-C-1.response"},
	{"coref-nosingletons", "CoNLL-2012 official test case TC-A-3", "testdata/coref/official/TC-A.key", "testdata/coref/official/TC-A-3.response"},
	{"dependency", "JSON documents", "testdata/dependency/gold.json", "testdata/dependency/pred.json"},
	{"docsmatch", "a document-level AMR, edited", "testdata/amr/docsmatch/ibm-edit/gold.amr", "testdata/amr/docsmatch/ibm-edit/pred.amr"},
	{"eael", "the 2015 scorer's sample test", "testdata/eael/scenarios/sampleTest.gold.json", "testdata/eael/scenarios/sampleTest.pred.json"},
	{"edm", "an MRP 2019 AMR graph", "testdata/mrp/data/score/amr/first.gold.amr.mrp", "testdata/mrp/data/score/amr/first.system.amr.mrp"},
	{"event", "JSON documents", "testdata/event/gold.json", "testdata/event/pred.json"},
	{"mrp", "an MRP 2019 AMR graph", "testdata/mrp/data/score/amr/first.gold.amr.mrp", "testdata/mrp/data/score/amr/first.system.amr.mrp"},
	{"ner", "CoNLL-2003 columns, IOB2", "testdata/ner/conll2003/gold.iob2.txt", "testdata/ner/conll2003/pred.iob2.1.txt"},
	{"ranking", "queries and retrieved documents (JSON Lines)", "testdata/ranking/gold.jsonl", "testdata/ranking/pred.jsonl"},
	{"ree", "JSON documents", "testdata/ree/gold.json", "testdata/ree/pred.json"},
	{"relation", "JSON documents", "testdata/relation/gold.json", "testdata/relation/pred.json"},
	{"scirex", "JSON documents", "testdata/scirex/gold.json", "testdata/scirex/pred.json"},
	{"smatch", "Smatch's own test input (penman)", penmanCases + "smatch-test_input1.txt", penmanCases + "smatch-test_input2.txt"},
	{"templates", "JSON documents", "testdata/templates/gold.json", "testdata/templates/pred.json"},
	{"ud", "CoNLL 2018 test files (CoNLL-U)", "testdata/ud/conll18/gold.conllu", "testdata/ud/conll18/sys1.conllu"},
}

// MaxFileSize bounds an example file: the page loads it whole, and the
// URL of a page carries inputs only up to a few kilobytes.
const MaxFileSize = 128 << 10

// Example is one entry of the menu, as examples.json holds it.
type Example struct {
	// ID names the example in URLs (#example=ID) and in the site's
	// examples/ID/ folder.
	ID      string `json:"id"`
	Spec    string `json:"spec"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
	// Source is the shipped spec's text, for the editor.
	Source string `json:"source"`
	Gold   File   `json:"gold"`
	Pred   File   `json:"pred"`
}

// File is an example input: Name is its base name, URL its place in the
// site, Path its place in the repository, Format the format "auto" reads
// it as.
type File struct {
	Name   string `json:"name"`
	URL    string `json:"url"`
	Path   string `json:"path"`
	Format string `json:"format"`
	Size   int    `json:"size"`
}

// List makes the examples from the repository at root, checking that each
// shipped spec has one, that each file exists, is small enough and is
// read in a format auto-detection finds.
func List(root string) ([]Example, error) {
	var out []Example
	seen := map[string]bool{}
	ids := map[string]int{}
	for _, p := range pairs {
		src, ok := metricc.ShippedSource(p.spec)
		if !ok {
			return nil, fmt.Errorf("examples: %q is not a shipped spec (shipped: %v)", p.spec, metricc.Shipped())
		}
		seen[p.spec] = true
		ids[p.spec]++
		id := p.spec
		if n := ids[p.spec]; n > 1 {
			id = fmt.Sprintf("%s-%d", p.spec, n)
		}
		ex := Example{ID: id, Spec: p.spec, Title: p.title, Summary: metricc.ShippedSummary(p.spec), Source: src}
		for _, f := range []struct {
			dst  *File
			path string
		}{{&ex.Gold, p.gold}, {&ex.Pred, p.pred}} {
			file, err := describe(root, id, f.path)
			if err != nil {
				return nil, err
			}
			*f.dst = file
		}
		if ex.Gold.Name == ex.Pred.Name {
			return nil, fmt.Errorf("examples: %s: gold and prediction are both named %s", id, ex.Gold.Name)
		}
		out = append(out, ex)
	}
	var missing []string
	for _, name := range metricc.Shipped() {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("examples: no example for the shipped specs %v: add a gold and a prediction file of their test data to pairs", missing)
	}
	return out, nil
}

// describe reads an example file and detects its format as `metricc run`
// does.
func describe(root, id, rel string) (File, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return File{}, fmt.Errorf("examples: %s: %w", id, err)
	}
	if len(data) > MaxFileSize {
		return File{}, fmt.Errorf("examples: %s: %s has %d bytes, more than the %d an example may have", id, rel, len(data), MaxFileSize)
	}
	name := path.Base(rel)
	return File{Name: name, URL: "examples/" + id + "/" + name, Path: rel, Format: adapter.DetectName(data), Size: len(data)}, nil
}

// Write copies the examples' files into dir/examples/ID/ and writes
// dir/examples.json.
func Write(root, dir string, list []Example) error {
	for _, ex := range list {
		sub := filepath.Join(dir, "examples", ex.ID)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		for _, f := range []File{ex.Gold, ex.Pred} {
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(sub, f.Name), data, 0o644); err != nil {
				return err
			}
		}
	}
	data, err := json.MarshalIndent(slices.Clone(list), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "examples.json"), append(data, '\n'), 0o644)
}
