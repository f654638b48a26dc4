package corpus

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/document"
	"github.com/metricc/metricc/internal/testplan"
)

// TestPairingHoldsLittle: files in the same order keep at most one
// document waiting; a prediction file in reverse order keeps the gold
// documents waiting until their partners come.
func TestPairingHoldsLittle(t *testing.T) {
	p := New(testplan.Pair(t, "type Doc { id: string }\ninput Doc\nmetric m = delta\n", false))
	docs := func(order func(i int) int) string {
		var b strings.Builder
		for i := range 1000 {
			fmt.Fprintf(&b, "{\"id\": \"d%d\"}\n", order(i))
		}
		return b.String()
	}
	gold := docs(func(i int) int { return i })
	for _, c := range []struct {
		name    string
		pred    string
		waiting int
	}{
		{"same order", gold, 1},
		{"reversed", docs(func(i int) int { return 999 - i }), 500},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			pr := newPairer(p, document.NewJSONStream("g", strings.NewReader(gold), "auto"),
				document.NewJSONStream("p", strings.NewReader(c.pred), "auto"), false, func(Pair) { n++ }, nil)
			pr.run()
			require.NoError(t, pr.fatal)
			require.Empty(t, pr.errs)
			assert.Equal(t, 1000, n)
			assert.Equal(t, c.waiting, pr.maxWaiting)
		})
	}
}
