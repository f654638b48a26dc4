package pymarshal

import (
	"encoding/base64"
	"io"
	"testing"
)

// BenchmarkRecorded converts the recorded cases of documents that look
// like a corpus's: 300 NER-like documents (keys and small ints shared),
// and floats and strings (written and escaped). Beside the JSON's size,
// compare with json.dumps's time in Python on the same documents.
func BenchmarkRecorded(b *testing.B) {
	rec := loadRecorded(b)["cpython-3.12.json"]
	for _, c := range rec.Cases {
		if c.Name != "many documents" && c.Name != "floats" && c.Name != "strings" {
			continue
		}
		data, _ := base64.StdEncoding.DecodeString(c.Marshal)
		b.Run(c.Name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := io.Copy(io.Discard, NewReader(data, "<gold>")); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
