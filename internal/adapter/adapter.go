// Package adapter is the registry of input formats (docs/cli.md, Input
// formats): each adapter is a document.Format value {name, detect, parse}
// in one list, from which the command line takes its list of formats, its
// help text and its auto-detection. Adding an adapter is a package of its
// own and one line in the list below; no other package changes.
package adapter

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/metricc/metricc/internal/adapter/bio"
	"github.com/metricc/metricc/internal/adapter/conll16"
	"github.com/metricc/metricc/internal/adapter/conll2012"
	"github.com/metricc/metricc/internal/adapter/conllu"
	"github.com/metricc/metricc/internal/adapter/eael"
	"github.com/metricc/metricc/internal/adapter/mrp"
	"github.com/metricc/metricc/internal/adapter/penman"
	"github.com/metricc/metricc/internal/document"
)

// formats holds every input format, in the order "auto" tries to detect
// them. JSON, which also takes JSON Lines, is what "auto" falls back to.
// It is built once, here, and read through Lookup, Detect and Names.
var formats = mustRegistry(
	document.JSON,
	document.JSONLines,
	conll2012.Format,
	penman.Format,
	conllu.Format,
	mrp.Format,
	eael.Format,
	conll16.Format,
	bio.Format,
)

// registry is a fixed list of formats and an index of their names.
type registry struct {
	list   []*document.Format
	byName map[string]*document.Format
}

// newRegistry checks that every format can be named and read: a name of
// its own, not the reserved "auto", and a parser.
func newRegistry(list ...*document.Format) (*registry, error) {
	r := &registry{list: list, byName: make(map[string]*document.Format, len(list))}
	for _, f := range list {
		switch {
		case f.Name == "" || f.Name == Auto:
			return nil, fmt.Errorf("adapter: a format may not be named %q", f.Name)
		case r.byName[f.Name] != nil:
			return nil, fmt.Errorf("adapter: two formats are named %q", f.Name)
		case f.Parse == nil:
			return nil, fmt.Errorf("adapter: the %s format has no Parse", f.Name)
		}
		r.byName[f.Name] = f
	}
	return r, nil
}

// mustRegistry is newRegistry for the list above, which is code: a
// mistake in it stops every program and test at start-up.
func mustRegistry(list ...*document.Format) *registry {
	r, err := newRegistry(list...)
	if err != nil {
		panic(err)
	}
	return r
}

// Auto is the format name that detects the format from the content.
const Auto = "auto"

// Lookup returns the named format, or nil.
func Lookup(name string) *document.Format { return formats.byName[name] }

// Names lists "auto" and every format name, in registry order.
func Names() []string {
	names := []string{Auto}
	for _, f := range formats.list {
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
	for _, f := range formats.list {
		if f.Detect != nil && f.Detect(head) {
			return f
		}
	}
	return nil
}

// FormatOf returns the format the file at path is read in with the named
// format ("auto": detected from its start, or a directory's layout), or
// nil for JSON and when none fits.
func FormatOf(path, format string) *document.Format {
	if format != Auto && format != "" {
		return Lookup(format)
	}
	if isDir(path) {
		return DetectDir(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, headSize)
	n, _ := io.ReadFull(f, head)
	return Detect(head[:n])
}

// List returns every format, in registry order.
func List() []*document.Format { return slices.Clone(formats.list) }

// DetectDir returns the format whose layout the directory holds, or nil.
func DetectDir(path string) *document.Format {
	for _, f := range formats.list {
		if f.DetectDir != nil && f.DetectDir(path) {
			return f
		}
	}
	return nil
}

// DetectName names the format "auto" reads a file starting with head as
// (its first 64 KB or less): the first format whose detector accepts it,
// else "json" (whose reader takes JSON Lines too) when it starts like
// JSON, else "" (a file "auto" refuses).
func DetectName(head []byte) string {
	head = head[:min(len(head), headSize)]
	if f := Detect(head); f != nil {
		return f.Name
	}
	if looksLikeJSON(head) {
		return document.JSON.Name
	}
	return ""
}

// headSize is how much of a file detection sees.
const headSize = 64 << 10

// Read reads the file at path in the named format; see ReadFrom. A
// directory is read by the format whose layout it holds (see OpenDir).
func Read(path, format string) (*document.Input, error) {
	if isDir(path) {
		s, err := OpenDir(path, format)
		if err != nil {
			return nil, err
		}
		return document.Collect(s)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadFrom(path, f, format)
}

// OpenDir opens a directory of documents in the named format ("auto": the
// first format whose DetectDir accepts it) as a stream.
func OpenDir(path, format string) (document.Stream, error) { return openDir(path, format, nil) }

func openDir(path, format string, rd *document.Reader) (document.Stream, error) {
	var dirFormats []string
	for _, f := range formats.list {
		if f.OpenDir == nil {
			continue
		}
		dirFormats = append(dirFormats, f.Name)
		if format == f.Name || ((format == Auto || format == "") && f.DetectDir != nil && f.DetectDir(path)) {
			if err := fits(path, f, rd); err != nil {
				return nil, err
			}
			return f.OpenDir(path)
		}
	}
	if f := Lookup(format); f != nil {
		return nil, fmt.Errorf("%s is a directory; the %s input format reads a file", path, f.Name)
	}
	if format != Auto && format != "" {
		return nil, fmt.Errorf("unknown --input-format %q (want %s)", format, NameList())
	}
	return nil, fmt.Errorf("%s is a directory, and not in the layout of a format that reads directories (%s)", path, strings.Join(dirFormats, ", "))
}

// ReadFrom reads a whole file of documents from r; see Open.
func ReadFrom(name string, r io.Reader, format string) (*document.Input, error) {
	s, err := Open(name, r, format)
	if err != nil {
		return nil, err
	}
	return document.Collect(s)
}

// rereader returns a way to read r again from where it is now,
// independently of r's own reads (a file read at offsets, bytes in memory),
// or nil when r cannot be read twice (a pipe).
func rereader(r io.Reader) func() io.Reader {
	ra, ok := r.(io.ReaderAt)
	sk, ok2 := r.(io.Seeker)
	if !ok || !ok2 {
		return nil
	}
	start, err := sk.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil
	}
	return func() io.Reader { return io.NewSectionReader(ra, start, math.MaxInt64-start) }
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// OpenFile opens the file at path as a stream of documents; see Open. The
// caller closes the file when done. A directory is opened by the format
// whose layout it holds (see OpenDir).
func OpenFile(path, format string) (document.Stream, io.Closer, error) {
	return OpenFileFields(path, format, nil)
}

// OpenFileFields is OpenFile for a spec that reads what rd says: a format
// may then leave out optional fields it writes at a cost
// (document.Format.ParseFields), and a format that never writes a field
// the spec needs is a *FormatError. rd nil: every field, nothing checked.
func OpenFileFields(path, format string, rd *document.Reader) (document.Stream, io.Closer, error) {
	if isDir(path) {
		s, err := openDir(path, format, rd)
		return s, io.NopCloser(nil), err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	s, err := OpenFields(path, f, format, rd)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return s, f, nil
}

// Open reads a file of documents from r in the named format ("auto": the
// first format whose detector accepts the first 64 KB; else JSON or JSON
// Lines when the text starts like JSON; else an error saying which formats
// were tried). name is the file's name in messages. A format that streams
// yields one document at a time; the others are read whole first.
func Open(name string, r io.Reader, format string) (document.Stream, error) {
	return OpenFields(name, r, format, nil)
}

// OpenFields is Open for a spec that reads what rd says; see
// OpenFileFields.
func OpenFields(name string, r io.Reader, format string, rd *document.Reader) (document.Stream, error) {
	again := rereader(r) // before anything is read from r
	br := bufio.NewReaderSize(r, headSize)
	var f *document.Format
	if format == Auto || format == "" {
		head, err := br.Peek(headSize)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if f = Detect(head); f == nil {
			if !looksLikeJSON(head) {
				return nil, undetected(name, head)
			}
			return document.NewJSONStream(name, br, Auto), nil
		}
	} else if f = Lookup(format); f == nil {
		return nil, fmt.Errorf("unknown --input-format %q (want %s)", format, NameList())
	}
	if err := fits(name, f, rd); err != nil {
		return nil, err
	}
	if f.Stream != nil {
		s := f.Stream(name, br)
		if rs, ok := s.(document.Rereading); ok && again != nil {
			rs.Reread(again)
		}
		return s, nil
	}
	parse := f.Parse
	if f.ParseFields != nil && rd != nil && rd.Fields != nil {
		parse = func(name string, r io.Reader) (*document.Input, error) { return f.ParseFields(name, r, rd.Wants) }
	}
	in, err := parse(name, br)
	if err != nil {
		return nil, err
	}
	in.Format = f
	return document.InputStream(in), nil
}

// looksLikeJSON: the text is empty or starts, after blanks and a byte
// order mark, with an object or an array.
func looksLikeJSON(head []byte) bool {
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\ufeff")), " \t\r\n")
	return len(head) == 0 || head[0] == '{' || head[0] == '['
}

// undetected explains that no format fits the start of a file.
func undetected(name string, head []byte) error {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	head = bytes.ReplaceAll(bytes.ReplaceAll(head, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	line, first := 1, []byte(nil)
	for i, l := range bytes.Split(head, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			line, first = i+1, l
			break
		}
	}
	first = bytes.TrimSpace(first)
	if len(first) > 60 {
		first = append(first[:57:57], "..."...)
	}
	var tried []string
	for _, f := range formats.list {
		if f.Detect == nil && f != document.JSON {
			continue
		}
		t := f.Name
		if f.Expect != "" {
			t += " (" + f.Expect + ")"
		}
		tried = append(tried, t)
	}
	return fmt.Errorf("%s:%d: cannot tell the format of this file: it starts with %q, which fits none of the formats tried: %s; name one with --input-format",
		name, line, first, strings.Join(tried, ", "))
}

// FormatError says that files are in a format whose documents a spec
// cannot read: its input type needs a field the format never writes.
// Reported before anything is read, once for both files when both are in
// that format (Join), with the specs that do read it.
type FormatError struct {
	Files  []string
	Format *document.Format
	Spec   string
	Field  string // the first field of the spec's input type the format lacks
}

func (e *FormatError) Error() string {
	noun := "file"
	if len(e.Files) > 0 && isDir(e.Files[0]) {
		noun = "directory"
	}
	var b strings.Builder
	if len(e.Files) == 1 {
		fmt.Fprintf(&b, "%s is %s %s %s, which %s does not read (its documents have no field %q)",
			e.Files[0], article(e.Format.Title), e.Format.Title, noun, e.Spec, e.Field)
	} else {
		fmt.Fprintf(&b, "%s are %s %ss, which %s does not read (their documents have no field %q)",
			andList(e.Files), e.Format.Title, noun, e.Spec, e.Field)
	}
	if len(e.Format.Specs) > 0 {
		quoted := make([]string, len(e.Format.Specs))
		for i, s := range e.Format.Specs {
			quoted[i] = "`" + s + "`"
		}
		verb, obj := "reads", "it"
		if len(quoted) > 1 {
			verb = "read"
		}
		if len(e.Files) > 1 {
			obj = "them"
		}
		fmt.Fprintf(&b, "; %s %s %s", andList(quoted), verb, obj)
	}
	return b.String()
}

// Join returns the error for both files when other is the same mismatch
// in the other file, else nil.
func (e *FormatError) Join(other error) *FormatError {
	o, ok := other.(*FormatError)
	if !ok || o.Format != e.Format || o.Spec != e.Spec {
		return nil
	}
	files := slices.Clone(e.Files)
	for _, f := range o.Files {
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	return &FormatError{Files: files, Format: e.Format, Spec: e.Spec, Field: e.Field}
}

// fits refuses a spec whose input type needs a field that the documents
// of format f never have.
func fits(name string, f *document.Format, rd *document.Reader) error {
	if f.Fields == nil || rd == nil || rd.Fields == nil {
		return nil
	}
	for _, want := range rd.Fields {
		if !slices.Contains(f.Fields, want) {
			return &FormatError{Files: []string{name}, Format: f, Spec: rd.Spec, Field: want}
		}
	}
	return nil
}

// article is the indefinite article before a format's title.
func article(title string) string {
	if title == "" {
		return "a"
	}
	switch title[0] {
	case 'A', 'E', 'I', 'O', 'U', 'M':
		return "an"
	}
	return "a"
}

// Article is the indefinite article before a format's title ("an MRP
// file", "a CoNLL-U file").
func Article(f *document.Format) string { return article(f.Title) }

// andList joins items as prose: "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
