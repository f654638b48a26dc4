package conllu

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// FuzzParse: any input gives documents of valid JSON whose words are
// trees over their own sentence, or errors naming the file and a line;
// never a panic; the stream holds no document it has given out.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"../../../testdata/ud/conll18/gold.conllu", "../../../testdata/ud/conll18/sys1.conllu",
		"../../../testdata/ud/conll18/case-gold.conllu", "../../../testdata/ud/departures/merged-pred.conllu"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_\n1\ta\t_\t_\t_\t_\t0\troot\t_\t_\n2\tb\t_\t_\t_\t_\t1\tdep\t_\t_\n\n"))
	f.Add([]byte("# newdoc\n1\tΣ\u00a0İ\t_\t_\t_\tCase=Nom|Foo=1\t0\troot:x\t_\t_\n\n# newdoc\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, err := drain(t, Stream("f.conllu", bytes.NewReader(data)))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.conllu") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for _, d := range docs {
			if !gjson.Valid(d.PlainJSON()) {
				t.Fatalf("invalid JSON: %s", d.PlainJSON())
			}
			words := gjson.Get(d.PlainJSON(), "words").Array()
			if len(words) == 0 {
				t.Fatalf("a document without words: %s", d.JSON)
			}
			for i := range len(d.Partner.(*Text).Text) {
				if d.Partner.(*Text).Line(i) < 1 {
					t.Fatalf("no line for offset %d", i)
				}
			}
		}
	})
}
