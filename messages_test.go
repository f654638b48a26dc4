package metricc_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/metricc/metricc"
)

// TestMessageKind: messages that say the same thing of different places
// are one kind.
func TestMessageKind(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{`x.conll:5: document "d1": repeated mention [5, 6] in entities 3 and 4; kept in entity 3`,
			`x.conll:912: document "bc/cctv; part 001": repeated mention [41, 42] in entities 1 and 7; kept in entity 1`},
		{`gold.mrp: graph "eds/20004002" (line 32) is not in sys.mrp: scored against an empty prediction, as the MRP 2019 scorer does`,
			`gold.mrp: graph "eds/20011002" (line 81) is not in sys.mrp: scored against an empty prediction, as the MRP 2019 scorer does`},
		{`u.conllu: document 1 (line 5): missing field "id" of Doc`, `u.conllu: document 20 (line 5499): missing field "id" of Doc`},
		{`a.amr:8:3: amr "lpp_1943.146" (line 7): smatch drops :mod 4: it stores the role reversed`,
			`b.amr:60:41: amr "lpp_1943.149" (line 46): smatch drops :mod 12: it stores the role reversed`},
	} {
		assert.Equal(t, metricc.MessageKind(c.a), metricc.MessageKind(c.b))
	}
	assert.Equal(t, `repeated mention [#, #] in entities # and #; kept in entity #`,
		metricc.MessageKind(`x.conll:5: document "d1": repeated mention [5, 6] in entities 3 and 4; kept in entity 3`))
	assert.NotEqual(t, metricc.MessageKind(`x.conll:5: document "d": repeated mention [5, 6] in entities 3 and 4; kept in entity 3`),
		metricc.MessageKind(`x.conll:7: document "d": chain 1 closes at token 0 without an opening; ignored (the Perl scorer stops here)`))
}

// TestWarningLimiter: the first few warnings of each kind pass, the others
// are counted, kind by kind, also from several goroutines.
func TestWarningLimiter(t *testing.T) {
	var got []string
	var mu sync.Mutex
	l := metricc.NewWarningLimiter(3, func(w string) { mu.Lock(); got = append(got, w); mu.Unlock() })
	var wg sync.WaitGroup
	for i := range 29 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.Warn(fmt.Sprintf(`x.conll:%d: document "d%d": repeated mention [%d, %d] in entities 1 and 2; kept in entity 1`, i+1, i, i, i))
		}()
	}
	wg.Wait()
	l.Warn(`x.conll: 1 split-antecedent mark(s) like "(12+3)" discarded, as the Perl scorer does`)
	assert.Len(t, got, 4)
	summary := l.Summary()
	assert.Len(t, summary, 1)
	assert.Regexp(t, `^26 more warnings of this kind, the next: x\.conll:\d+: document "d\d+": repeated mention \[\d+, \d+\] in entities 1 and 2; kept in entity 1$`, summary[0])
}

// TestGroupMessages: an error repeated word for word is listed once with
// its count; of a kind, the first few, then a count of the others.
func TestGroupMessages(t *testing.T) {
	var msgs []string
	for i := range 20 {
		msgs = append(msgs, fmt.Sprintf(`u.conllu: document %d (line %d): missing field "id" of Doc`, i+1, 10*i+5))
	}
	msgs = append(msgs, "pred.json: document 1 (line 1): entities: expected an array, found null",
		"pred.json: document 1 (line 1): entities: expected an array, found null")
	assert.Equal(t, []string{
		`u.conllu: document 1 (line 5): missing field "id" of Doc`,
		`u.conllu: document 2 (line 15): missing field "id" of Doc`,
		`u.conllu: document 3 (line 25): missing field "id" of Doc`,
		`... and 17 more errors of this kind, the next: u.conllu: document 4 (line 35): missing field "id" of Doc`,
		"pred.json: document 1 (line 1): entities: expected an array, found null (2 times)",
	}, metricc.GroupMessages(msgs, 3))
}
