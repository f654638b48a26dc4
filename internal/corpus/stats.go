package corpus

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/eval"
)

// Stats files (`metricc run --stats-out FILE`, read by `metricc merge`)
// hold the per-document sums of a run, so that shards of a corpus scored
// apart aggregate, by the same code, into the output of one run. The format
// is JSON Lines, version StatsVersion:
//
//	{"metricc_stats": 1, "metricc": "0.1.0", "spec": {...}, "params": {...},
//	 "metrics": ["muc", ...], "report": [...], "pairing": "id", "documents": 2}
//	{"id": "d1", "order": 0, "sums": {"muc": [pred_gold, pred_pred, gold_gold, pred_gold_recall], ...},
//	 "by": {"ner": {"PER": [4 sums], ...}}, "clipped": {"arg": 0.5},
//	 "search": {"smatch": {"Pairs": 1, ...}}}
//	...
//
// The first line is the header (StatsHeader); each further line is one
// document, in the order of the run. Numbers are written in their shortest
// form that reads back exactly; a sum that is not finite is the string
// "NaN", "+Inf" or "-Inf". "clipped" holds the document's value of a
// metric aggregated micro(clip) (eval.Sums.Clipped). "by", "clipped" and
// "search" are left out when empty.

// StatsVersion is the version of the stats file format this code writes
// and reads.
const StatsVersion = 1

// StatsHeader is the first line of a stats file.
type StatsHeader struct {
	Format  int       `json:"metricc_stats"`
	Metricc string    `json:"metricc"` // the version that wrote the file
	Spec    StatsSpec `json:"spec"`
	// Params are the values of the spec's params the run used.
	Params map[string]float64 `json:"params,omitempty"`
	// Metrics are the metrics computed for every document; Report, those
	// the run was asked to report (empty: all).
	Metrics []string `json:"metrics"`
	Report  []string `json:"report,omitempty"`
	// Pairing is "id" when documents paired by id (an id is then in one
	// shard only), "file" when each file was read as one document (their
	// documents did not correspond, document.Joinable), "position"
	// otherwise.
	Pairing   string `json:"pairing"`
	Documents int    `json:"documents"`
	// CorpusOrder says each document's "order" is its place in the whole
	// corpus (the files were read whole: `run --shard K/N`, and merges of
	// such shards), so that merge can put the documents back in the order
	// of one run; Shard is the run's K/N.
	CorpusOrder bool   `json:"corpus_order,omitempty"`
	Shard       string `json:"shard,omitempty"`
}

// StatsSpec is the spec a stats file was scored with: its text and the
// files it read, so that merge needs nothing else, and a digest of both
// and of the params, which shards must share.
type StatsSpec struct {
	Name   string            `json:"name"`
	SHA256 string            `json:"sha256"`
	Source string            `json:"source"`
	Files  map[string]string `json:"files,omitempty"`
}

// WriteStats writes the header and one line per document of sc.
func (p *Plan) WriteStats(w io.Writer, h *StatsHeader, sc *Scored) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw) // one line, ending in a newline
	enc.SetEscapeHTML(false)   // specs are full of <->
	if err := enc.Encode(h); err != nil {
		return err
	}
	var b bytes.Buffer
	for d, id := range sc.IDs {
		b.Reset()
		q, _ := json.Marshal(id)
		b.WriteString(`{"id": `)
		b.Write(q)
		if d < len(sc.Order) {
			fmt.Fprintf(&b, `, "order": %d`, sc.Order[d])
		}
		b.WriteString(`, "sums": {`)
		var by, clipped, search bytes.Buffer
		n := 0
		for i, pm := range p.Pair.Metrics {
			if !sc.Wanted[i] || !pm.PerPair() {
				continue
			}
			s := &sc.Sums[d][i]
			name := strconv.Quote(pm.Def.Name)
			if n > 0 {
				b.WriteString(", ")
			}
			n++
			fmt.Fprintf(&b, "%s: [%s, %s, %s, %s]", name, statNum(s.PredGold), statNum(s.PredPred), statNum(s.GoldGold), statNum(s.PredGoldRecall))
			if len(s.By) > 0 {
				if by.Len() > 0 {
					by.WriteString(", ")
				}
				fmt.Fprintf(&by, "%s: {", name)
				for k, ks := range s.By {
					if k > 0 {
						by.WriteString(", ")
					}
					fmt.Fprintf(&by, "%s: [%s, %s, %s, %s]", document.JSONString(ks.Key), statNum(ks.PredGold), statNum(ks.PredPred), statNum(ks.GoldGold), statNum(ks.PredGoldRecall))
				}
				by.WriteString("}")
			}
			if s.Clipped != 0 {
				if clipped.Len() > 0 {
					clipped.WriteString(", ")
				}
				fmt.Fprintf(&clipped, "%s: %s", name, statNum(s.Clipped))
			}
			if s.Search != (eval.SearchStats{}) {
				st, err := json.Marshal(s.Search)
				if err != nil {
					return fmt.Errorf("document %q: metric %s: %v", id, pm.Def.Name, err)
				}
				if search.Len() > 0 {
					search.WriteString(", ")
				}
				fmt.Fprintf(&search, "%s: %s", name, st)
			}
		}
		b.WriteString("}")
		if by.Len() > 0 {
			b.WriteString(`, "by": {`)
			b.Write(by.Bytes())
			b.WriteString("}")
		}
		if clipped.Len() > 0 {
			b.WriteString(`, "clipped": {`)
			b.Write(clipped.Bytes())
			b.WriteString("}")
		}
		if search.Len() > 0 {
			b.WriteString(`, "search": {`)
			b.Write(search.Bytes())
			b.WriteString("}")
		}
		b.WriteString("}\n")
		bw.Write(b.Bytes())
	}
	return bw.Flush()
}

// statNum writes a sum so that it reads back to the same bits.
func statNum(v float64) string {
	switch {
	case math.IsNaN(v):
		return `"NaN"`
	case math.IsInf(v, 1):
		return `"+Inf"`
	case math.IsInf(v, -1):
		return `"-Inf"`
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// statValue reads what statNum wrote.
type statValue float64

func (v *statValue) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"NaN"`:
		*v = statValue(math.NaN())
	case `"+Inf"`:
		*v = statValue(math.Inf(1))
	case `"-Inf"`:
		*v = statValue(math.Inf(-1))
	default:
		f, err := strconv.ParseFloat(string(b), 64)
		if err != nil {
			return fmt.Errorf("%s is not a number", b)
		}
		*v = statValue(f)
	}
	return nil
}

// StatsReader reads stats files line by line, naming the file and line of
// any problem.
type StatsReader struct {
	Name string
	r    *bufio.Reader
	line int
}

// NewStatsReader reads a stats file from r; name is its name in messages.
func NewStatsReader(name string, r io.Reader) *StatsReader {
	return &StatsReader{Name: name, r: bufio.NewReaderSize(r, 1<<16)}
}

func (sr *StatsReader) next() ([]byte, error) {
	for {
		line, err := sr.r.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			if err == io.EOF {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%s: %w", sr.Name, err)
		}
		sr.line++
		if line = bytes.TrimSpace(line); len(line) > 0 {
			return line, nil
		}
	}
}

func (sr *StatsReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", sr.Name, sr.line, fmt.Sprintf(format, args...))
}

// Header reads the first line. A file that is not a stats file, or of
// another format version, is refused.
func (sr *StatsReader) Header() (*StatsHeader, error) {
	line, err := sr.next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file; not a metricc stats file (written by metricc run --stats-out)", sr.Name)
	}
	if err != nil {
		return nil, err
	}
	var probe struct {
		Format *int `json:"metricc_stats"`
	}
	if json.Unmarshal(line, &probe) != nil || probe.Format == nil {
		return nil, sr.errorf("not a metricc stats file (written by metricc run --stats-out)")
	}
	if *probe.Format != StatsVersion {
		return nil, sr.errorf("stats format version %d; this metricc reads version %d (score the shards again with this metricc)", *probe.Format, StatsVersion)
	}
	var h StatsHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, sr.errorf("bad header: %v", err)
	}
	return &h, nil
}

// ReadStatsDocs reads the document lines after the header h into sc, whose
// Wanted the plan's metrics named by h.Metrics must match; add is called
// with each document's id before it is appended (to refuse duplicates).
func (p *Plan) ReadStatsDocs(sr *StatsReader, h *StatsHeader, sc *Scored, add func(id string) error) error {
	index := map[string]int{}
	for i, pm := range p.Pair.Metrics {
		index[pm.Def.Name] = i
	}
	n := 0
	for {
		line, err := sr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		var doc struct {
			ID      *string                            `json:"id"`
			Order   *int                               `json:"order"`
			Sums    map[string][4]statValue            `json:"sums"`
			By      map[string]map[string][4]statValue `json:"by"`
			Clipped map[string]statValue               `json:"clipped"`
			Search  map[string]eval.SearchStats        `json:"search"`
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc); err != nil {
			return sr.errorf("bad document line: %v", err)
		}
		if doc.ID == nil {
			return sr.errorf("document line without an id")
		}
		sums := make([]eval.Sums, len(p.Pair.Metrics))
		for name, v := range doc.Sums {
			i, ok := index[name]
			if !ok || !sc.Wanted[i] {
				return sr.errorf("document %q: metric %q is not among the metrics of the header", *doc.ID, name)
			}
			sums[i] = eval.Sums{PredGold: float64(v[0]), PredPred: float64(v[1]), GoldGold: float64(v[2]), PredGoldRecall: float64(v[3])}
		}
		for i, w := range sc.Wanted {
			if w && p.Pair.Metrics[i].PerPair() {
				if _, ok := doc.Sums[p.Pair.Metrics[i].Def.Name]; !ok {
					return sr.errorf("document %q: no sums for metric %s", *doc.ID, p.Pair.Metrics[i].Def.Name)
				}
			}
		}
		for name, keys := range doc.By {
			i, ok := index[name]
			if !ok || !sc.Wanted[i] {
				return sr.errorf("document %q: metric %q is not among the metrics of the header", *doc.ID, name)
			}
			for key, v := range keys {
				sums[i].By = append(sums[i].By, eval.KeySums{Key: key, PredGold: float64(v[0]), PredPred: float64(v[1]), GoldGold: float64(v[2]), PredGoldRecall: float64(v[3])})
			}
			slices.SortFunc(sums[i].By, func(a, b eval.KeySums) int { return cmp.Compare(a.Key, b.Key) })
		}
		for name, v := range doc.Clipped {
			i, ok := index[name]
			if !ok || !sc.Wanted[i] {
				return sr.errorf("document %q: metric %q is not among the metrics of the header", *doc.ID, name)
			}
			sums[i].Clipped = float64(v)
		}
		for name, st := range doc.Search {
			i, ok := index[name]
			if !ok || !sc.Wanted[i] {
				return sr.errorf("document %q: metric %q is not among the metrics of the header", *doc.ID, name)
			}
			sums[i].Search = st
		}
		if add != nil {
			if err := add(*doc.ID); err != nil {
				return sr.errorf("%v", err)
			}
		}
		sc.IDs = append(sc.IDs, *doc.ID)
		sc.Sums = append(sc.Sums, sums)
		order := len(sc.Order)
		if doc.Order != nil {
			order = *doc.Order
		}
		sc.Order = append(sc.Order, order)
		n++
	}
	if n != h.Documents {
		return fmt.Errorf("%s: %d documents, but its header says %d: the file is truncated or was edited", sr.Name, n, h.Documents)
	}
	return nil
}

// WantedOf marks the plan's metrics named in names; an unknown name is an
// error (the stats were written for another spec).
func (p *Plan) WantedOf(names []string) ([]bool, error) {
	wanted := make([]bool, len(p.Pair.Metrics))
	for _, name := range names {
		found := false
		for i, pm := range p.Pair.Metrics {
			if pm.Def.Name == name {
				wanted[i], found = true, true
			}
		}
		if !found {
			return nil, errors.New("the spec has no metric " + strconv.Quote(name))
		}
	}
	return wanted, nil
}
