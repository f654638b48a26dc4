package document

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"
)

// TestPlainJSON spells out shared values: names dropped, references
// replaced by the named value's text, nested names and references inside
// named values included; the result is valid JSON.
func TestPlainJSON(t *testing.T) {
	for _, c := range []struct{ shared, plain string }{
		{`{"a":@0{"x":[1,2]},"b":&0}`, `{"a":{"x":[1,2]},"b":{"x":[1,2]}}`},
		{`[@0 "s", &0, @1[&0, 3], &1]`, `[ "s", "s", ["s", 3], ["s", 3]]`},
		{`{"k":@3-1.5e2,"l":[&3]}`, `{"k":-1.5e2,"l":[-1.5e2]}`},
		{`{"q":@0"a\"@1&0","r":&0}`, `{"q":"a\"@1&0","r":"a\"@1&0"}`},
		{`{"plain": [true, null]}`, `{"plain": [true, null]}`},
	} {
		d := Doc{JSON: c.shared, Shared: true}
		got := d.PlainJSON()
		assert.Equal(t, c.plain, got, c.shared)
		assert.True(t, gjson.Valid(got), got)
	}
	d := Doc{JSON: `{"id":"x@0"}`}
	assert.Equal(t, `{"id":"x@0"}`, d.PlainJSON(), "JSON without shared values is itself")
}
