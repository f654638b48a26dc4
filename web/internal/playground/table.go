// Package playground holds what the playground's page needs beyond the
// bridge (internal/bridge), in Go so that it is tested natively: the
// results table, read from the JSON output in its order.
package playground

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Table is the results of a run as the page shows them: the rows of
// `metricc run --format table`, for the corpus and each document, each
// number with the exact text of the JSON output beside the text the table
// prints.
type Table struct {
	Documents int     `json:"documents"`
	Average   string  `json:"average,omitempty"`
	Params    []Param `json:"params,omitempty"`
	Corpus    []Row   `json:"corpus"`
	Docs      []Doc   `json:"docs,omitempty"`
}

// Param is a param's name and the value the run used.
type Param struct {
	Name  string `json:"name"`
	Value Cell   `json:"value"`
}

// Doc is one document's rows.
type Doc struct {
	ID   string `json:"id"`
	Rows []Row  `json:"rows"`
}

// Row is a metric, or one key of a metric's breakdown (Key set; Name is
// then metric[KEY]). A corpus metric has only Value; a metric of sums has
// P, R and F1, and Value when its normalizer declares one. Name is the
// table's: the aggregation follows the metric's name when it is not micro.
type Row struct {
	Name    string  `json:"name"`
	Metric  string  `json:"metric"`
	Key     *string `json:"key,omitempty"`
	Average string  `json:"average,omitempty"`
	P       *Cell   `json:"p,omitempty"`
	R       *Cell   `json:"r,omitempty"`
	F1      *Cell   `json:"f1,omitempty"`
	Value   *Cell   `json:"value,omitempty"`
	Search  *Search `json:"search,omitempty"`
}

// Cell is a number: Raw as the JSON output writes it (null when not
// finite), Text as the table prints it: percent with two decimals for P,
// R, F1 and the value of a corpus metric (which the table prints in the F1
// column), six significant digits for a declared value.
type Cell struct {
	Raw  string `json:"raw"`
	Text string `json:"text"`
}

// Search is a latent-variable metric's proof status.
type Search struct {
	Pairs       int    `json:"pairs"`
	Proven      int    `json:"proven"`
	Interrupted int    `json:"interrupted,omitempty"`
	MaxGap      string `json:"max_gap,omitempty"`
	Text        string `json:"text"`
}

// TableOf reads the output of `metricc run --format json` (with or
// without --per-doc) into a Table, keeping the order of its objects.
func TableOf(out []byte) (*Table, error) {
	var top struct {
		Documents int             `json:"documents"`
		Average   string          `json:"average"`
		Params    json.RawMessage `json:"params"`
		Metrics   json.RawMessage `json:"metrics"`
		PerDoc    []struct {
			ID      string          `json:"id"`
			Metrics json.RawMessage `json:"metrics"`
		} `json:"per_doc"`
	}
	if err := json.Unmarshal(out, &top); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	t := &Table{Documents: top.Documents, Average: top.Average}
	if len(top.Params) > 0 {
		params, err := orderedObject(top.Params)
		if err != nil {
			return nil, fmt.Errorf("results: params: %w", err)
		}
		for _, p := range params {
			c, err := valueCell(p.value)
			if err != nil {
				return nil, fmt.Errorf("results: param %s: %w", p.key, err)
			}
			t.Params = append(t.Params, Param{Name: p.key, Value: *c})
		}
	}
	var err error
	if t.Corpus, err = rows(top.Metrics); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	for _, d := range top.PerDoc {
		rs, err := rows(d.Metrics)
		if err != nil {
			return nil, fmt.Errorf("results: document %q: %w", d.ID, err)
		}
		t.Docs = append(t.Docs, Doc{ID: d.ID, Rows: rs})
	}
	return t, nil
}

// metricJSON is one metric of the JSON output.
type metricJSON struct {
	Precision, Recall, F1, Value json.RawMessage
	Average                      string
	By                           json.RawMessage
	Search                       *struct {
		Pairs       int             `json:"pairs"`
		Proven      int             `json:"proven_optimal"`
		MaxGap      json.RawMessage `json:"max_gap"`
		Interrupted int             `json:"interrupted"`
	}
}

func rows(metrics json.RawMessage) ([]Row, error) {
	ms, err := orderedObject(metrics)
	if err != nil {
		return nil, err
	}
	var out []Row
	for _, m := range ms {
		var mj metricJSON
		if err := json.Unmarshal(m.value, &mj); err != nil {
			return nil, fmt.Errorf("metric %s: %w", m.key, err)
		}
		row := Row{Name: m.key, Metric: m.key, Average: mj.Average}
		if mj.Average != "" {
			row.Name += " (" + mj.Average + ")"
		}
		if err := fill(&row, &mj); err != nil {
			return nil, fmt.Errorf("metric %s: %w", m.key, err)
		}
		if s := mj.Search; s != nil {
			row.Search = &Search{Pairs: s.Pairs, Proven: s.Proven, Interrupted: s.Interrupted}
			if len(s.MaxGap) > 0 {
				row.Search.MaxGap = string(s.MaxGap)
			}
			row.Search.Text = searchText(row.Search)
		}
		out = append(out, row)
		if len(mj.By) == 0 {
			continue
		}
		keys, err := orderedObject(mj.By)
		if err != nil {
			return nil, fmt.Errorf("metric %s: by: %w", m.key, err)
		}
		for _, k := range keys {
			var kj metricJSON
			if err := json.Unmarshal(k.value, &kj); err != nil {
				return nil, fmt.Errorf("metric %s: by %q: %w", m.key, k.key, err)
			}
			key := k.key
			r := Row{Name: m.key + "[" + key + "]", Metric: m.key, Key: &key}
			if err := fill(&r, &kj); err != nil {
				return nil, fmt.Errorf("metric %s: by %q: %w", m.key, k.key, err)
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// fill sets a row's cells from the fields the metric has.
func fill(r *Row, mj *metricJSON) error {
	var err error
	if len(mj.Precision) > 0 {
		if r.P, err = pctCell(mj.Precision); err != nil {
			return err
		}
		if r.R, err = pctCell(mj.Recall); err != nil {
			return err
		}
		if r.F1, err = pctCell(mj.F1); err != nil {
			return err
		}
	}
	if len(mj.Value) > 0 {
		text := valueCell
		if len(mj.Precision) == 0 {
			// A corpus metric's value is printed as a percentage, in the
			// F1 column.
			text = pctCell
		}
		if r.Value, err = text(mj.Value); err != nil {
			return err
		}
	}
	return nil
}

// pctCell is a P, R or F1 number as the table prints it.
func pctCell(raw json.RawMessage) (*Cell, error) {
	return cell(raw, func(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) })
}

// valueCell is a value as the table prints it.
func valueCell(raw json.RawMessage) (*Cell, error) {
	return cell(raw, func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) })
}

func cell(raw json.RawMessage, text func(float64) string) (*Cell, error) {
	s := string(bytes.TrimSpace(raw))
	if s == "" {
		return nil, fmt.Errorf("missing number")
	}
	if s == "null" {
		return &Cell{Raw: s, Text: "–"}, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) {
		return nil, fmt.Errorf("not a number: %s", s)
	}
	return &Cell{Raw: s, Text: text(v)}, nil
}

// searchText says what the run's search proved, as the table's footer
// does.
func searchText(s *Search) string {
	t := fmt.Sprintf("%d of %d document pairs proven optimal", s.Proven, s.Pairs)
	if s.Proven < s.Pairs {
		gap := "unknown"
		if c, err := valueCell(json.RawMessage(s.MaxGap)); err == nil && c.Raw != "null" {
			gap = c.Text
		}
		t += " (largest gap " + gap
		if s.Interrupted > 0 {
			t += fmt.Sprintf("; %d interrupted", s.Interrupted)
		}
		t += ")"
	}
	return t
}

type member struct {
	key   string
	value json.RawMessage
}

// orderedObject reads a JSON object's members in their order (a map, or
// JavaScript's objects, would reorder keys such as "10" and "9").
func orderedObject(data json.RawMessage) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("want an object, not %s", data)
	}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key, v})
	}
	_, err = dec.Token()
	return out, err
}
