// Package docs_test keeps the documentation true: every shell example of
// README.md and docs/*.md that shows its output is run and compared, every
// relative link and anchor is checked, and the README stays a front page.
package docs_test

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// root is the repository root, where the examples run.
const root = ".."

var update = flag.Bool("update", false, "write what each example prints into its page (review the diff)")

// pages lists README.md and every page under docs/, relative to root.
func pages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, d := range docs {
		rel, err := filepath.Rel(root, d)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

func read(t *testing.T, page string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// example is one `$ command` of a page with the output shown under it.
type example struct {
	page    string
	line    int
	command string
	want    string
	indent  string // the fenced block's indentation (in a list)
	lines   int    // how many lines of output the page shows
}

// invokesMetricc: a command line that runs metricc (first, or after a pipe
// or a list operator), installed or as `go run ./cmd/metricc` from a clone.
// Other commands a page shows (pip, python, the official scorers) are not
// run here.
var invokesMetricc = regexp.MustCompile(`(^|[|;&]\s*)(go run \./cmd/)?metricc(\s|$)`)

// fromClone is how a page runs metricc without installing it; the test runs
// the binary it built instead, which is the same program.
const fromClone = "go run ./cmd/metricc"

// fence opens or closes a fenced code block, possibly indented (in a list).
var fence = regexp.MustCompile("^(\\s*)(```+|~~~+)")

// examples finds the examples of a page: in a fenced block, a line
// `$ COMMAND` that runs metricc, followed by its output up to the next `$`
// line or the end of the block.
func examples(page, text string) []example {
	var out []example
	var cur *example
	var buf []string
	flush := func() {
		if cur != nil {
			cur.want, cur.lines = strings.Join(buf, "\n"), len(buf)
			out = append(out, *cur)
		}
		cur, buf = nil, nil
	}
	inBlock, indent := false, ""
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := fence.FindStringSubmatch(line); m != nil {
			if inBlock {
				flush()
			}
			inBlock, indent = !inBlock, m[1]
			continue
		}
		if !inBlock {
			continue
		}
		line = strings.TrimPrefix(line, indent)
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			flush()
			if invokesMetricc.MatchString(cmd) {
				cur = &example{page: page, line: n, command: cmd, indent: indent}
			}
			continue
		}
		if cur != nil {
			buf = append(buf, line)
		}
	}
	flush()
	return out
}

// normalize drops trailing blanks of each line and trailing empty lines:
// editors strip them, and they are not what an example shows.
func normalize(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// TestExamples builds the command line once and runs every example in the
// repository root, with standard output and standard error together in the
// order they were written, as a terminal shows them.
func TestExamples(t *testing.T) {
	var all []example
	for _, p := range pages(t) {
		all = append(all, examples(p, read(t, p))...)
	}
	if len(all) == 0 {
		t.Fatal("no examples found")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "metricc"), "./cmd/metricc")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building metricc: %v\n%s", err, out)
	}
	// Files an example writes (mktemp) go to a directory the test removes.
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1", "TERM=dumb", "TMPDIR="+t.TempDir())
	// printed[i] is what example i printed, nil when it did not run (go
	// test -run selected others).
	printed := make([]*string, len(all))
	for i, ex := range all {
		t.Run(fmt.Sprintf("%s:%d", ex.page, ex.line), func(t *testing.T) {
			cmd := exec.Command("bash", "-c", strings.ReplaceAll(ex.command, fromClone, "metricc"))
			cmd.Dir = root
			cmd.Env = env
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				if _, exit := err.(*exec.ExitError); !exit {
					t.Fatalf("%s: %v", ex.command, err)
				}
			}
			got := normalize(out.String())
			printed[i] = &got
			if want := normalize(ex.want); got != want && !*update {
				t.Errorf("%s:%d: $ %s\n--- the page shows:\n%s\n--- it prints:\n%s", ex.page, ex.line, ex.command, want, got)
			}
		})
	}
	if *update {
		rewrite(t, all, printed)
	}
}

// rewrite writes what each example printed into its page, in place of the
// output it showed (go test ./docs -update).
func rewrite(t *testing.T, all []example, printed []*string) {
	t.Helper()
	byPage := map[string][]int{}
	for i, ex := range all {
		if printed[i] != nil {
			byPage[ex.page] = append(byPage[ex.page], i)
		}
	}
	for page, idx := range byPage {
		lines := strings.Split(read(t, page), "\n")
		// From the last example up, so that earlier line numbers hold.
		for k := len(idx) - 1; k >= 0; k-- {
			ex := all[idx[k]]
			var out []string
			if *printed[idx[k]] != "" {
				for _, l := range strings.Split(*printed[idx[k]], "\n") {
					out = append(out, strings.TrimRightFunc(ex.indent+l, unicode.IsSpace))
				}
			}
			tail := append(out, lines[ex.line+ex.lines:]...)
			lines = append(lines[:ex.line], tail...)
		}
		if err := os.WriteFile(filepath.Join(root, page), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// link is a Markdown inline link or image: [text](target).
var link = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)`)

// codeSpan is inline code, where brackets are not links.
var codeSpan = regexp.MustCompile("`[^`]*`")

// prose is a page without its fenced blocks and inline code, one string
// per line (with its number).
func prose(text string) map[int]string {
	out := map[int]string{}
	inBlock := false
	for i, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inBlock = !inBlock
			continue
		}
		if !inBlock {
			out[i+1] = codeSpan.ReplaceAllString(line, "``")
		}
	}
	return out
}

// heading is an ATX heading outside code blocks.
var heading = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)

// anchors are the ids GitHub gives a page's headings: lower case, letters,
// digits, spaces, hyphens and underscores kept, spaces made hyphens, and a
// repeated id numbered from -1.
func anchors(text string) map[string]bool {
	ids := map[string]bool{}
	seen := map[string]int{}
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inBlock = !inBlock
			continue
		}
		m := heading.FindStringSubmatch(line)
		if inBlock || m == nil {
			continue
		}
		id := slug(m[1])
		if n := seen[id]; n > 0 {
			seen[id]++
			id = fmt.Sprintf("%s-%d", id, n)
		} else {
			seen[id] = 1
		}
		ids[id] = true
	}
	return ids
}

func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestLinks checks every relative link of README.md and docs/: the file or
// directory exists, and an anchor names a heading of the page it points to.
func TestLinks(t *testing.T) {
	for _, page := range pages(t) {
		text := read(t, page)
		for n, line := range prose(text) {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				path, anchor, _ := strings.Cut(target, "#")
				dest := page
				if path != "" {
					dest = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(page), path)))
				}
				info, err := os.Stat(filepath.Join(root, dest))
				if err != nil {
					t.Errorf("%s:%d: link to %s: no such file", page, n, target)
					continue
				}
				if anchor == "" {
					continue
				}
				if info.IsDir() || !strings.HasSuffix(dest, ".md") {
					t.Errorf("%s:%d: link to %s: an anchor into a file that is not a page", page, n, target)
					continue
				}
				if !anchors(read(t, dest))[anchor] {
					t.Errorf("%s:%d: link to %s: %s has no heading with the id %q", page, n, target, dest, anchor)
				}
			}
		}
	}
}

// TestReadmeIsAFrontPage: the README stays short (the reference is in
// docs/).
func TestReadmeIsAFrontPage(t *testing.T) {
	if n := strings.Count(read(t, "README.md"), "\n"); n > 300 {
		t.Errorf("README.md has %d lines; a front page has at most 300 (move the rest to docs/)", n)
	}
}

// history are phrases that speak of how the project was made rather than
// of what it does: the pages describe the program as it is.
var history = regexp.MustCompile(`(?i)\bthe issue\b|\bissue \d+|\bseed \d{3}\b|seed-scorers|\bsessions?\b|\blatest\b|\bstop's\b|\bthis (\d+-core )?machine\b`)

func TestNoHistory(t *testing.T) {
	for _, page := range pages(t) {
		for n, line := range strings.Split(read(t, page), "\n") {
			if m := history.FindString(line); m != "" {
				t.Errorf("%s:%d: %q speaks of the project's history, not of metricc", page, n+1, m)
			}
		}
	}
}

// TestExamplesParse pins the example parser on a page of its own.
func TestExamplesParse(t *testing.T) {
	page := "text\n```\n$ metricc specs\na\nb\n$ pip install x\nnoise\n$ echo x | metricc check -\n$ go run ./cmd/metricc specs\n```\n  ```sh\n  $ metricc run a b c\n  out\n  ```\n```json\n{}\n```\n"
	got := examples("p.md", page)
	want := []example{
		{"p.md", 3, "metricc specs", "a\nb", "", 2},
		{"p.md", 8, "echo x | metricc check -", "", "", 0},
		{"p.md", 9, "go run ./cmd/metricc specs", "", "", 0},
		{"p.md", 12, "metricc run a b c", "out", "  ", 1},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("examples:\n got %v\nwant %v", got, want)
	}
	if s := slug("The `conll2012` adapter (coreference)"); s != "the-conll2012-adapter-coreference" {
		t.Errorf("slug: %q", s)
	}
}

// repoPath is a path into the repository written as inline code (a
// placeholder such as `testdata/<task>/` is not one).
var repoPath = regexp.MustCompile("`((?:internal|cmd|testdata|docs|python|web)/[^`\\s<>]*)`")

// TestPaths: a file or directory of the repository that a page names in
// inline code (`internal/specs/coref_test.go`, `testdata/ner/*.py`)
// exists, so that a moved file does not leave a page pointing nowhere.
func TestPaths(t *testing.T) {
	for _, page := range pages(t) {
		for n, line := range strings.Split(read(t, page), "\n") {
			for _, m := range repoPath.FindAllStringSubmatch(line, -1) {
				matches, err := filepath.Glob(filepath.Join(root, m[1]))
				if err != nil || len(matches) == 0 {
					t.Errorf("%s:%d: %s: no such file or directory", page, n+1, m[1])
				}
			}
		}
	}
}
