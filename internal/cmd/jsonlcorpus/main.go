// Command jsonlcorpus writes a generated corpus as JSON Lines, gold.jsonl
// and pred.jsonl, holding the documents a shipped spec reads: -shape ner
// (nergen's CoNLL-2003 columns read by the bio adapter, for specs/ner) or
// -shape coref (corefgen's CoNLL-2012 read by the conll2012 adapter, for
// specs/coref). It generates -chunk documents at a time, each chunk from
// its own seed, so that millions of documents are written in the memory of
// one chunk; ids are numbered across the corpus ("1", "2", ...). -small
// writes small documents: one sentence per NER document, coreference
// documents of about 60 tokens (the generators' default is the size of
// CoNLL-2003's and CoNLL-2012's documents).
//
//	go run ./internal/cmd/jsonlcorpus -shape ner -docs 1000000 -out /tmp/ner1m
//	go run ./internal/cmd/jsonlcorpus -shape coref -small -docs 100000 -out /tmp/coref100k
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/metricc/metricc/internal/adapter"
	"github.com/metricc/metricc/internal/corefgen"
	"github.com/metricc/metricc/internal/nergen"
)

func main() {
	shape := flag.String("shape", "ner", "ner or coref")
	docs := flag.Int("docs", 1000, "documents")
	chunk := flag.Int("chunk", 1000, "documents generated at a time")
	small := flag.Bool("small", false, "small documents: a sentence per NER document, about 60 tokens per coreference document")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 || *docs < 1 || *chunk < 1 || (*shape != "ner" && *shape != "coref") {
		flag.Usage()
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	gold, err := os.Create(filepath.Join(*out, "gold.jsonl"))
	if err != nil {
		fail(err)
	}
	pred, err := os.Create(filepath.Join(*out, "pred.jsonl"))
	if err != nil {
		fail(err)
	}
	gw, pw := bufio.NewWriterSize(gold, 1<<20), bufio.NewWriterSize(pred, 1<<20)
	next := 0
	for k := 0; next < *docs; k++ {
		n := min(*chunk, *docs-next)
		// One seed per chunk: the corpus of -docs N is the same whatever
		// memory it is written in, for a given -chunk.
		s := *seed*1_000_003 + uint64(k)
		var g, p []byte
		var format string
		switch *shape {
		case "ner":
			cfg := nergen.Config{Docs: n, Seed: s}
			if *small {
				cfg.Sentences = 1
			}
			c := nergen.Generate(cfg)
			g, p, format = c.Gold, c.Pred, "bio"
		case "coref":
			cfg := corefgen.Config{Docs: n, Seed: s}
			if *small {
				cfg.Tokens = 60
			}
			c := corefgen.Generate(cfg)
			g, p, format = c.Key, c.Response, "conll2012"
		}
		gd := readDocs("gold", g, format)
		pd := readDocs("pred", p, format)
		if len(gd) != n || len(pd) != n {
			fail(fmt.Errorf("chunk %d: %d gold and %d predicted documents, want %d", k, len(gd), len(pd), n))
		}
		for i := range n {
			id := strconv.Itoa(next + i + 1)
			writeDoc(gw, gd[i], id)
			writeDoc(pw, pd[i], id)
		}
		next += n
	}
	for _, w := range []*bufio.Writer{gw, pw} {
		if err := w.Flush(); err != nil {
			fail(err)
		}
	}
	for _, f := range []*os.File{gold, pred} {
		if err := f.Close(); err != nil {
			fail(err)
		}
	}
	fmt.Printf("%d documents\n", next)
}

// readDocs turns a chunk in an input format into its documents' JSON.
func readDocs(name string, data []byte, format string) []string {
	s, err := adapter.Open(name, bytes.NewReader(data), format)
	if err != nil {
		fail(err)
	}
	var docs []string
	for {
		d, err := s.Next()
		if err == io.EOF {
			return docs
		}
		if err != nil {
			fail(err)
		}
		docs = append(docs, d.PlainJSON())
	}
}

// writeDoc writes a document as one line with its id replaced (an
// adapter numbers each chunk's documents from 1, or names them by the
// chunk's file names).
func writeDoc(w *bufio.Writer, doc, id string) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(doc), &fields); err != nil {
		fail(err)
	}
	fields["id"], _ = json.Marshal(id)
	line, err := json.Marshal(fields)
	if err != nil {
		fail(err)
	}
	w.Write(line)
	w.WriteByte('\n')
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "jsonlcorpus:", err)
	os.Exit(1)
}
