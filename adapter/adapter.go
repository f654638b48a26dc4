// Package adapter is the registry of input formats (DESIGN §5): each
// adapter is a document.Format value {name, detect, parse} in one table,
// from which the command line takes its list of formats, its help text and
// its auto-detection. Adding an adapter is a package of its own and one
// line in Formats.
package adapter

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/metricc/metricc/adapter/bio"
	"github.com/metricc/metricc/adapter/conll2012"
	"github.com/metricc/metricc/adapter/penman"
	"github.com/metricc/metricc/document"
)

// Formats lists every input format, in the order "auto" tries to detect
// them. JSON, which also takes JSON Lines, is what "auto" falls back to.
var Formats = []*document.Format{
	document.JSON,
	document.JSONLines,
	conll2012.Format,
	penman.Format,
	{Name: "conllu"},
	{Name: "mrp"},
	bio.Format,
}

// Auto is the format name that detects the format from the content.
const Auto = "auto"

// Lookup returns the named format, or nil.
func Lookup(name string) *document.Format {
	for _, f := range Formats {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Names lists "auto" and every format name, in registry order.
func Names() []string {
	names := []string{Auto}
	for _, f := range Formats {
		names = append(names, f.Name)
	}
	return names
}

// NameList is Names in prose: "auto, json, ... or mrp".
func NameList() string {
	names := Names()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Detect returns the first format whose detector accepts head, or nil.
func Detect(head []byte) *document.Format {
	for _, f := range Formats {
		if f.Detect != nil && f.Detect(head) {
			return f
		}
	}
	return nil
}

// headSize is how much of a file detection sees.
const headSize = 64 << 10

// Read reads the file at path in the named format; see ReadFrom.
func Read(path, format string) (*document.Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadFrom(path, f, format)
}

// ReadFrom reads a file of documents from r in the named format ("auto":
// by the first 64 KB of the content, else JSON or JSON Lines). name is the
// file's name in messages. Streaming adapters read through a buffer and
// never hold the whole text.
func ReadFrom(name string, r io.Reader, format string) (*document.Input, error) {
	br := bufio.NewReaderSize(r, headSize)
	var f *document.Format
	if format == Auto || format == "" {
		head, err := br.Peek(headSize)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if f = Detect(head); f == nil {
			return document.ReadJSON(name, br, "auto")
		}
	} else if f = Lookup(format); f == nil {
		return nil, fmt.Errorf("unknown --input-format %q (want %s)", format, NameList())
	}
	if f.Parse == nil {
		return nil, fmt.Errorf("%s: the %s input format is not available yet", name, f.Name)
	}
	return f.Parse(name, br)
}
