package playground

import (
	"bytes"
	"encoding/json"
)

// View is what the page shows of a run: the table, and the output of
// `metricc run --format json` indented in its own order (a JavaScript
// object would put keys such as "10" first).
type View struct {
	Table *Table `json:"table"`
	JSON  string `json:"json"`
}

// ViewOf reads the bridge's response to a score request. An error
// response has no view: ViewOf returns nil and the response's error, for
// the page to show as it is.
func ViewOf(resp []byte) (*View, error) {
	var r struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(resp, &r); err != nil {
		return nil, err
	}
	if len(r.Result) == 0 {
		return nil, nil
	}
	t, err := TableOf(r.Result)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, r.Result, "", " "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return &View{Table: t, JSON: out.String()}, nil
}
