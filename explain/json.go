package explain

import (
	"encoding/json"
	"io"
)

// WriteJSON writes the explanation in its JSON schema (SchemaVersion),
// indented.
func (ex *Explanation) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(ex, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}
