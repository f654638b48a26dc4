package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

func runCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

const (
	exampleGold = "../../testdata/coref/example-gold.json"
	examplePred = "../../testdata/coref/example-pred.jsonl"
	cmpGold     = "testdata/cli/compare-table/gold.jsonl"
	cmpPred     = "testdata/cli/compare-table/pred.jsonl"
)

// TestMergeCLI: `run --shard K/N --stats-out` for every shard, then
// `merge`, prints what `run` prints, byte for byte, in every format, with
// --per-doc, --macro and --bootstrap.
func TestMergeCLI(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{1, 3, 7} {
		var stats []string
		for k := 1; k <= n; k++ {
			path := filepath.Join(dir, fmt.Sprintf("n%d-shard%d.stats", n, k))
			_, stderr, code := runCLI(t, "run", "coref", cmpGold, cmpPred, "--shard", fmt.Sprintf("%d/%d", k, n), "--stats-out", path)
			require.Equal(t, 0, code, stderr)
			stats = append(stats, path)
		}
		for _, flags := range [][]string{
			{}, {"--format", "json"}, {"--format", "csv", "--per-doc"}, {"--per-doc"}, {"--macro", "--counts"},
			{"--bootstrap", "300", "--seed", "4"}, {"--format", "json", "--bootstrap", "100", "--metric", "conll"},
		} {
			want, stderr, code := runCLI(t, append([]string{"run", "coref", cmpGold, cmpPred}, flags...)...)
			require.Equal(t, 0, code, stderr)
			got, stderr, code := runCLI(t, append(append([]string{"merge"}, stats...), flags...)...)
			require.Equal(t, 0, code, stderr)
			assert.Equal(t, want, got, "%d shards, %v", n, flags)
		}
	}
	// Merged stats can be merged again.
	twice := filepath.Join(dir, "twice.stats")
	_, stderr, code := runCLI(t, "merge", filepath.Join(dir, "n3-shard1.stats"), filepath.Join(dir, "n3-shard2.stats"), "--stats-out", twice)
	require.Equal(t, 0, code, stderr)
	want, _, _ := runCLI(t, "run", "coref", cmpGold, cmpPred, "--format", "json")
	got, stderr, code := runCLI(t, "merge", twice, filepath.Join(dir, "n3-shard3.stats"), "--format", "json")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, want, got)
}

// TestBootstrapWorkers: the intervals do not depend on --workers, and
// depend on --seed.
func TestBootstrapWorkers(t *testing.T) {
	one, _, code := runCLI(t, "run", "coref", cmpGold, cmpPred, "--bootstrap", "500", "--workers", "1", "--format", "json")
	require.Equal(t, 0, code)
	for _, w := range []string{"2", "5"} {
		many, _, _ := runCLI(t, "run", "coref", cmpGold, cmpPred, "--bootstrap", "500", "--workers", w, "--format", "json")
		assert.Equal(t, one, many, "--workers %s", w)
	}
	other, _, _ := runCLI(t, "run", "coref", cmpGold, cmpPred, "--bootstrap", "500", "--seed", "2", "--format", "json")
	assert.NotEqual(t, one, other)
	cmp1, _, _ := runCLI(t, "compare", "coref", cmpGold, cmpPred, "testdata/cli/compare-table/pred2.jsonl", "--bootstrap", "400", "--workers", "1", "--format", "json")
	cmp3, _, _ := runCLI(t, "compare", "coref", cmpGold, cmpPred, "testdata/cli/compare-table/pred2.jsonl", "--bootstrap", "400", "--workers", "3", "--format", "json")
	assert.Equal(t, cmp1, cmp3)
}

// TestMergeCLIRefuses: shards of different specs, or a stats file written
// by another version, stop the merge with exit 1 and a message naming
// both files.
func TestMergeCLIRefuses(t *testing.T) {
	dir := t.TempDir()
	coref, nosing := filepath.Join(dir, "coref.stats"), filepath.Join(dir, "nosing.stats")
	_, stderr, code := runCLI(t, "run", "coref", exampleGold, examplePred, "--stats-out", coref)
	require.Equal(t, 0, code, stderr)
	_, stderr, code = runCLI(t, "run", "coref-nosingletons", exampleGold, examplePred, "--stats-out", nosing)
	require.Equal(t, 0, code, stderr)
	out, stderr, code := runCLI(t, "merge", coref, nosing)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "metricc: cannot merge "+coref+" (spec coref.metric, sha256 ")
	assert.Contains(t, stderr, "with "+nosing+" (spec coref-nosingletons.metric, sha256 ")
	assert.Contains(t, stderr, "different specs")

	data, err := os.ReadFile(coref)
	require.NoError(t, err)
	old := filepath.Join(dir, "old.stats")
	require.NoError(t, os.WriteFile(old, bytes.Replace(data, []byte(`"metricc":"`+metricc.Version+`"`), []byte(`"metricc":"0.0.1"`), 1), 0o644))
	_, stderr, code = runCLI(t, "merge", old)
	assert.Equal(t, 1, code)
	assert.Equal(t, "metricc: "+old+" was written by metricc 0.0.1; this is metricc "+metricc.Version+", whose sums may differ: score the shards again with this metricc\n", stderr)

	_, stderr, code = runCLI(t, "merge", filepath.Join(dir, "none.stats"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no such file")
}

// withStdin runs f with os.Stdin reading text.
func withStdin(t *testing.T, text string, f func()) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stdin")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	file, err := os.Open(path)
	require.NoError(t, err)
	defer file.Close()
	saved := os.Stdin
	os.Stdin = file
	defer func() { os.Stdin = saved }()
	f()
}

// TestStdin: - reads standard input, for GOLD or PRED (not both).
func TestStdin(t *testing.T) {
	want, _, _ := runCLI(t, "run", "coref", exampleGold, examplePred)
	pred, err := os.ReadFile(examplePred)
	require.NoError(t, err)
	withStdin(t, string(pred), func() {
		got, stderr, code := runCLI(t, "run", "coref", exampleGold, "-")
		assert.Equal(t, 0, code, stderr)
		assert.Equal(t, want, got)
	})
	withStdin(t, `{"id": "pradhan", "entities": [{"mentions": [{"left": "x"}]}]}`+"\n"+`{"id": "empty", "entities": []}`, func() {
		_, stderr, code := runCLI(t, "run", "coref", exampleGold, "-")
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, "<stdin>: document \"pradhan\"")
	})
	_, stderr, code := runCLI(t, "run", "coref", "-", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "metricc: only one of the spec and the input files can be - (standard input)\n", stderr)
}

// TestShowSpecsVersion: show prints a shipped spec as shipped; specs lists
// every one with a summary; --version names the version.
func TestShowSpecsVersion(t *testing.T) {
	for _, name := range metricc.Shipped() {
		out, stderr, code := runCLI(t, "show", name)
		require.Equal(t, 0, code, stderr)
		src, _ := metricc.ShippedSource(name)
		assert.Equal(t, src, out, name)
	}
	out, _, code := runCLI(t, "specs")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(metricc.Shipped()))
	for i, name := range metricc.Shipped() {
		fields := strings.Fields(lines[i])
		assert.Equal(t, name, fields[0])
		assert.Greater(t, len(fields), 3, "a summary for %s", name)
	}
	assert.Contains(t, out, "coref               Coreference resolution: MUC, B³, CEAF-m, CEAF-e, BLANC, LEA and the CoNLL average")
	for _, arg := range []string{"--version", "version"} {
		out, _, code = runCLI(t, arg)
		assert.Equal(t, 0, code)
		assert.True(t, strings.HasPrefix(out, "metricc "+metricc.Version+" "), out)
	}
}

// syncBuffer is a buffer written by the progress goroutine and read by the
// test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgress: the progress line appears after the delay, counts
// documents and unproven pairs, and is erased at the end; a run that ends
// first prints nothing; and nothing at all when stderr is not a terminal.
func TestProgress(t *testing.T) {
	var buf syncBuffer
	p := &metricc.Progress{}
	stop := showProgress(&buf, p, 0, time.Millisecond)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(buf.String(), "reading the inputs") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	spec, err := metricc.Load("smatch")
	require.NoError(t, err)
	_, err = spec.Score(metricc.File("testdata/cli/smatch-penman/gold.amr"), metricc.File("testdata/cli/smatch-penman/pred.amr"),
		metricc.Options{Progress: p, Search: metricc.SearchLimits{MaxNodes: 1}})
	require.NoError(t, err)
	done, unproven := p.Counts()
	require.Equal(t, 1, done)
	for !strings.Contains(buf.String(), "1 documents scored") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	out := buf.String()
	assert.Contains(t, out, "metricc: reading the inputs...")
	assert.Contains(t, out, "metricc: 1 documents scored, ")
	if unproven > 0 {
		assert.Contains(t, out, fmt.Sprintf("%d pairs not proven optimal yet", unproven))
	}
	assert.True(t, strings.HasSuffix(out, "\r"), "the line is erased: %q", out)

	var quiet syncBuffer
	showProgress(&quiet, &metricc.Progress{}, time.Hour, time.Millisecond)()
	assert.Empty(t, quiet.String())

	var opts metricc.Options
	startProgress(&quiet, &opts)()
	assert.Nil(t, opts.Progress, "no progress off a terminal")
}
