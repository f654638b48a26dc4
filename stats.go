package metricc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/corpus"
	"github.com/metricc/metricc/internal/eval"
	"github.com/metricc/metricc/internal/typecheck"
)

// The workflow types: intervals, comparisons, progress.
type (
	CI            = corpus.CI
	Interval      = corpus.Interval
	BootstrapInfo = corpus.BootstrapInfo
	Comparison    = corpus.Comparison
	Difference    = corpus.Difference
	Progress      = corpus.Progress
)

// StatsVersion is the version of the stats file format (see README,
// "Sharding a corpus").
const StatsVersion = corpus.StatsVersion

// Stats are the per-document sums of a scored corpus, or of shards of it
// merged: what a run's results are aggregated from. Result aggregates
// them as Score does; WriteTo writes them as a stats file (`metricc run
// --stats-out`), which ReadStats and Merge read back, so that shards of a
// corpus scored apart give exactly the output of one run.
type Stats struct {
	spec   *Spec
	scored *corpus.Scored
	// report are the metrics the run was asked for (nil: all); pairing is
	// "id", "position" or "file" (each file read as one document, its
	// documents not corresponding to the other's); corpusOrder says the documents' Order are their
	// places in the whole corpus (a --shard run), shard is its K/N.
	report      []string
	pairing     string
	corpusOrder bool
	shard       string
}

func (s *Spec) newStats(sc *corpus.Scored, opts Options, positional bool) *Stats {
	st := &Stats{spec: s, scored: sc, report: opts.Metrics, pairing: "id"}
	switch {
	case sc.Joined:
		st.pairing = pairingFile
	case positional || !s.pairsByID():
		st.pairing = "position"
	}
	sc.Keyed = st.pairing == "id"
	if opts.Shards > 1 {
		st.corpusOrder, st.shard = true, fmt.Sprintf("%d/%d", opts.Shard, opts.Shards)
	}
	return st
}

// pairingFile is the pairing of files read as one document each.
const pairingFile = "file"

func (s *Spec) pairsByID() bool {
	return s.prog.Input != nil && s.prog.Input.FieldIndex("id") >= 0
}

// Spec is the spec the documents were scored with.
func (st *Stats) Spec() *Spec { return st.spec }

// Documents is the number of document pairs.
func (st *Stats) Documents() int { return len(st.scored.IDs) }

// Result aggregates the documents into the results `metricc run` prints,
// with the aggregation and reporting options of opts (Metrics, Macro,
// PerDoc, Bootstrap, Seed, Level, Workers; the others do not apply). With
// no Metrics, the metrics the documents were scored for are reported.
func (st *Stats) Result(opts Options) (*Result, error) {
	eo := opts
	if len(eo.Metrics) == 0 {
		eo.Metrics = st.report
	}
	return st.spec.plan.Aggregate(st.scored, eo)
}

// header describes the stats for the first line of a stats file.
func (st *Stats) header() *corpus.StatsHeader {
	s := st.spec
	h := &corpus.StatsHeader{
		Format: corpus.StatsVersion, Metricc: Version,
		Spec:    corpus.StatsSpec{Name: s.name, SHA256: s.digest(), Source: s.src},
		Metrics: s.plan.MetricNames(st.scored.Wanted), Report: st.report,
		Pairing: st.pairing, Documents: len(st.scored.IDs),
		CorpusOrder: st.corpusOrder, Shard: st.shard,
	}
	if len(s.files) > 0 {
		h.Spec.Files = map[string]string{}
		for name, data := range s.files {
			h.Spec.Files[name] = string(data)
		}
	}
	if len(s.prog.Params) > 0 {
		h.Params = map[string]float64{}
		for _, p := range s.prog.Params {
			h.Params[p.Name] = p.Value
		}
	}
	return h
}

// digest identifies what the sums depend on: the spec's text, the files
// it read and the values of its params.
func (s *Spec) digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "spec %d\n%s\n", len(s.src), s.src)
	for _, name := range slices.Sorted(maps.Keys(s.files)) {
		fmt.Fprintf(h, "file %q %d\n%s\n", name, len(s.files[name]), s.files[name])
	}
	for _, p := range s.prog.Params {
		fmt.Fprintf(h, "param %s %s\n", p.Name, strconv.FormatFloat(p.Value, 'g', -1, 64))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// WriteTo writes the stats file: a header line, then one line per
// document (format version StatsVersion, documented in the README).
func (st *Stats) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	err := st.spec.plan.WriteStats(cw, st.header(), st.scored)
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadStats reads one stats file; name stands for it in messages.
func ReadStats(name string, r io.Reader) (*Stats, error) {
	var m Merger
	if err := m.Add(name, r); err != nil {
		return nil, err
	}
	return m.Stats()
}

// Merger combines stats files written for shards of a corpus (`metricc
// merge`). Every file must come from the same spec (text, files and
// params), the same metrics and the same version of metricc; a document
// paired by id may be in one shard only. The documents of shards that
// read the whole corpus (`run --shard K/N`) are put back in the order of
// one run; others keep the order of the files as added.
type Merger struct {
	st     *Stats
	first  string // the first file's name
	header *corpus.StatsHeader
	ids    map[string]string // id → file, when pairing by id
	// ordered stays true while every file has the documents' places in
	// the corpus.
	ordered bool
}

// Add reads a stats file into the merge.
func (m *Merger) Add(name string, r io.Reader) error {
	sr := corpus.NewStatsReader(name, r)
	h, err := sr.Header()
	if err != nil {
		return err
	}
	if m.st == nil {
		if err := m.start(name, h); err != nil {
			return err
		}
	} else if err := m.check(name, h); err != nil {
		return err
	}
	m.ordered = m.ordered && h.CorpusOrder
	sc := m.st.scored
	return m.st.spec.plan.ReadStatsDocs(sr, h, sc, func(id string) error {
		if m.ids == nil {
			return nil
		}
		if prev, ok := m.ids[id]; ok {
			if prev == name {
				return fmt.Errorf("document %q appears twice in %s (is the file given twice?)", id, name)
			}
			return fmt.Errorf("document %q is also in %s: the shards overlap (each document must be scored in one shard)", id, prev)
		}
		m.ids[id] = name
		return nil
	})
}

// start compiles the spec the first file embeds.
func (m *Merger) start(name string, h *corpus.StatsHeader) error {
	if h.Metricc != Version {
		return fmt.Errorf("%s was written by metricc %s; this is metricc %s, whose sums may differ: score the shards again with this metricc", name, h.Metricc, Version)
	}
	opts := []Option{WithFiles(func(file string) ([]byte, error) {
		if data, ok := h.Spec.Files[file]; ok {
			return []byte(data), nil
		}
		return nil, fmt.Errorf("%s: the spec's file %q is not in the stats file", name, file)
	})}
	for _, p := range slices.Sorted(maps.Keys(h.Params)) {
		opts = append(opts, WithParam(p, h.Params[p]))
	}
	spec, err := Compile(h.Spec.Name, h.Spec.Source, opts...)
	if err != nil {
		return fmt.Errorf("%s: the spec it embeds does not compile with this metricc: %w", name, err)
	}
	if d := spec.digest(); d != h.Spec.SHA256 {
		return fmt.Errorf("%s: the spec it embeds does not match its digest (%.12s, recomputed %.12s): the file was edited", name, h.Spec.SHA256, d)
	}
	wanted, err := spec.plan.WantedOf(h.Metrics)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	m.st = &Stats{spec: spec, scored: &corpus.Scored{Wanted: wanted, Keyed: h.Pairing == "id"}, report: h.Report, pairing: h.Pairing}
	m.first, m.header, m.ordered = name, h, true
	if h.Pairing == "id" {
		m.ids = map[string]string{}
	}
	return nil
}

// check refuses a file that cannot be merged with the first.
func (m *Merger) check(name string, h *corpus.StatsHeader) error {
	f := m.header
	switch {
	case h.Metricc != f.Metricc:
		return fmt.Errorf("%s was written by metricc %s and %s by metricc %s: score every shard with the same metricc", m.first, f.Metricc, name, h.Metricc)
	case h.Spec.SHA256 != f.Spec.SHA256:
		why := "different specs"
		if h.Spec.Source == f.Spec.Source && maps.Equal(h.Spec.Files, f.Spec.Files) {
			why = "the same spec with different params (" + paramDiff(f.Params, h.Params) + ")"
		}
		return fmt.Errorf("cannot merge %s (spec %s, sha256 %.12s) with %s (spec %s, sha256 %.12s): %s", m.first, f.Spec.Name, f.Spec.SHA256, name, h.Spec.Name, h.Spec.SHA256, why)
	case !slices.Equal(h.Metrics, f.Metrics) || !slices.Equal(h.Report, f.Report):
		return fmt.Errorf("cannot merge %s (metrics %s) with %s (metrics %s): score every shard with the same --metric flags", m.first, metricList(f), name, metricList(h))
	case h.Pairing != f.Pairing:
		return fmt.Errorf("cannot merge %s (documents paired by %s) with %s (paired by %s)", m.first, f.Pairing, name, h.Pairing)
	}
	return nil
}

func metricList(h *corpus.StatsHeader) string {
	if len(h.Report) > 0 {
		return strings.Join(h.Report, ", ")
	}
	return strings.Join(h.Metrics, ", ")
}

func paramDiff(a, b map[string]float64) string {
	var diffs []string
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	names := slices.Collect(maps.Keys(keys))
	sort.Strings(names)
	show := func(m map[string]float64, k string) string {
		if v, ok := m[k]; ok && !math.IsNaN(v) {
			return strconv.FormatFloat(v, 'g', -1, 64)
		}
		return "unset"
	}
	for _, k := range names {
		if show(a, k) != show(b, k) {
			diffs = append(diffs, fmt.Sprintf("%s=%s against %s=%s", k, show(a, k), k, show(b, k)))
		}
	}
	return strings.Join(diffs, ", ")
}

// Stats returns the merged stats.
func (m *Merger) Stats() (*Stats, error) {
	if m.st == nil {
		return nil, fmt.Errorf("no stats files to merge")
	}
	st := m.st
	st.shard = ""
	st.corpusOrder = m.ordered
	if m.ordered {
		// Shards of one corpus: back in corpus order. Two documents at one
		// place are one document scored in two shards.
		sc := st.scored
		idx := make([]int, len(sc.IDs))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return sc.Order[idx[a]] < sc.Order[idx[b]] })
		for k := 1; k < len(idx); k++ {
			if sc.Order[idx[k]] == sc.Order[idx[k-1]] {
				return nil, fmt.Errorf("documents %q and %q are both at place %d of the corpus: the shards overlap (each document must be scored in one shard)",
					sc.IDs[idx[k-1]], sc.IDs[idx[k]], sc.Order[idx[k]]+1)
			}
		}
		ids, order, sums := make([]string, len(idx)), make([]int, len(idx)), make([][]eval.Sums, len(idx))
		for k, i := range idx {
			ids[k], order[k], sums[k] = sc.IDs[i], sc.Order[i], sc.Sums[i]
		}
		sc.IDs, sc.Order, sc.Sums = ids, order, sums
	}
	return st, nil
}

// Compare compares two systems' predictions against the same gold: per
// reported value, B − A with a paired bootstrap interval and p-value and
// the p-value of a paired approximate randomization test, from
// opts.Bootstrap resamples (default 10000) drawn with opts.Seed.
//
// When one prediction's documents do not correspond to the gold's, so that
// it is scored as one document, as its format's official scorer reads it
// (document.Joinable), the other is scored as one document too: the two
// are compared on the same documents.
func (s *Spec) Compare(gold, predA, predB Source, opts Options) (*Comparison, error) {
	// The gold is read once for each system, and a prediction may be
	// read again (files whose documents differ are then joined for both).
	var err error
	for _, src := range []*Source{&gold, &predA, &predB} {
		if *src, err = src.again(); err != nil {
			return nil, err
		}
	}
	a, err := s.ScoreStats(gold, predA, opts)
	if err != nil {
		return nil, err
	}
	b, err := s.ScoreStats(gold, predB, opts)
	if err != nil {
		return nil, err
	}
	switch {
	case a.pairing == pairingFile && b.pairing != pairingFile:
		b, _, err = s.scoreStats(gold, predB, opts, true, false)
	case b.pairing == pairingFile && a.pairing != pairingFile:
		a, _, err = s.scoreStats(gold, predA, opts, true, false)
	}
	if err != nil {
		return nil, err
	}
	return CompareStats(a, b, opts)
}

// DefaultCompareSamples is the number of resamples of Compare when
// opts.Bootstrap is 0.
const DefaultCompareSamples = 10000

// CompareStats compares two systems' stats, scored with the same spec on
// the same gold documents. Documents pair by id; a document only one
// system has (under AllowMissing) counts as empty for the other.
func CompareStats(a, b *Stats, opts Options) (*Comparison, error) {
	if a.spec.digest() != b.spec.digest() {
		return nil, fmt.Errorf("the two systems were scored with different specs")
	}
	if opts.Bootstrap <= 0 {
		opts.Bootstrap = DefaultCompareSamples
	}
	if len(opts.Metrics) == 0 {
		opts.Metrics = a.report
	}
	if (a.pairing == pairingFile) != (b.pairing == pairingFile) {
		return nil, fmt.Errorf("one system was scored with each file as one document (its documents did not correspond to the gold's) and the other document by document: score both as one document (Spec.Compare does), or give both the gold's documents")
	}
	sa, sb, err := alignDocs(a.scored, b.scored)
	if err != nil {
		return nil, err
	}
	return a.spec.plan.Compare(sa, sb, opts)
}

// alignDocs puts two systems' documents in one order: a's, then those
// only b has; a document one system lacks has zero sums there.
func alignDocs(a, b *corpus.Scored) (*corpus.Scored, *corpus.Scored, error) {
	if slices.Equal(a.IDs, b.IDs) {
		return a, b, nil
	}
	if !slices.Equal(a.Wanted, b.Wanted) {
		return nil, nil, fmt.Errorf("the two systems were scored for different metrics")
	}
	index := func(sc *corpus.Scored) (map[string]int, error) {
		m := map[string]int{}
		for i, id := range sc.IDs {
			if _, dup := m[id]; dup {
				return nil, fmt.Errorf("document %q appears twice; documents that pair by position cannot be compared when the systems have different numbers of documents", id)
			}
			m[id] = i
		}
		return m, nil
	}
	ia, err := index(a)
	if err != nil {
		return nil, nil, err
	}
	ib, err := index(b)
	if err != nil {
		return nil, nil, err
	}
	ids := slices.Clone(a.IDs)
	for _, id := range b.IDs {
		if _, ok := ia[id]; !ok {
			ids = append(ids, id)
		}
	}
	pick := func(sc *corpus.Scored, at map[string]int) *corpus.Scored {
		out := &corpus.Scored{IDs: ids, Wanted: sc.Wanted, Keyed: sc.Keyed, Sums: make([][]eval.Sums, len(ids))}
		for k, id := range ids {
			if i, ok := at[id]; ok {
				out.Sums[k] = sc.Sums[i]
			} else {
				out.Sums[k] = make([]eval.Sums, len(sc.Wanted))
			}
		}
		return out
	}
	return pick(a, ia), pick(b, ib), nil
}

// MetricField names a value of a metric: its precision, recall, F1, value
// or one of its sums (Difference.Field).
type MetricField = typecheck.MetricField

// The values of a metric that a comparison reports.
const (
	FieldPrecision = typecheck.Precision
	FieldRecall    = typecheck.Recall
	FieldF1        = typecheck.F1
	FieldValue     = typecheck.Value
)

// WriteFile writes the stats file at path whole or not at all: to a
// temporary file beside it, renamed at the end, so that a failed or
// interrupted run leaves no truncated shard behind. An error names path.
func (st *Stats) WriteFile(path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	_, err = st.WriteTo(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
