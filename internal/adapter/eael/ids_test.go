package eael

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJavaHashCode: the tie-break hash against the 162 values BBN's 2014
// writer put in the first column of the shared assessment file (each
// response's Response.hashCode()).
func TestJavaHashCode(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/cases/eael/test-resources/linkingTest.AFP_ENG_20091024.0206")
	if os.IsNotExist(err) {
		t.Fatal("the copy of the shared EAEL cases is missing:", err)
	}
	require.NoError(t, err)
	n := 0
	eachLine(data, func(line int, text string) {
		cols := strings.Split(text, "\t")
		r, err := parseResponse(cols[1:10], line)
		require.NoError(t, err)
		want, err := strconv.ParseInt(cols[0], 10, 32)
		require.NoError(t, err)
		assert.Equal(t, int32(want), r.javaHash(), "line %d", line)
		n++
	})
	assert.Equal(t, 162, n)
}

// TestUniqueID: the response ids linking files use, against the 18 a BBN
// store writer wrote (testdata/eael/bbn-ids).
func TestUniqueID(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/eael/bbn-ids/NYT_ENG_20130506.0130.arguments")
	require.NoError(t, err)
	n := 0
	eachLine(data, func(line int, text string) {
		cols := strings.Split(strings.TrimPrefix(text, "#"), "\t")
		r, err := parseResponse(cols[1:10], line)
		require.NoError(t, err)
		assert.Equal(t, cols[0], r.uid, "line %d", line)
		n++
	})
	assert.Equal(t, 18, n)
}

func TestTimex(t *testing.T) {
	tx, ok := parseTimex("2003-03-04")
	require.True(t, ok)
	assert.Equal(t, []string{"2003-03-0X", "2003-03-XX", "2003-0X-XX", "2003-XX-XX", "200X-XX-XX", "20XX-XX-XX", "2XXX-XX-XX"}, tx.lessSpecific())
	tx, ok = parseTimex("198x-XX-XX")
	require.True(t, ok)
	assert.Equal(t, []string{"19Xx-XX-XX", "1XXx-XX-XX"}, tx.lessSpecific(), "a lowercase x stays, as in Java")
	for _, bad := range []string{"XXXX-XX-XX", "2003-3-04", "20X3-03-04", "2003-W10-2", "March 4", "2003/03/04", "2003-03-04 "} {
		_, ok := parseTimex(bad)
		assert.False(t, ok, bad)
	}
}

func TestParseResponseErrors(t *testing.T) {
	ok := []string{"D", "Life.Die", "Victim", " Bob\t", "10-12", "5-20,1-3", "10-12", "NIL", "actual"}
	r, err := parseResponse(ok, 1)
	require.NoError(t, err)
	assert.Equal(t, "Bob", r.cas.text)
	assert.Equal(t, []span{{1, 3}, {5, 20}}, r.pj)
	assert.Equal(t, "Actual", r.realis)
	for i, c := range []struct {
		col  int
		val  string
		want string
	}{
		{4, "12-10", "CAS offsets: invalid span \"12-10\" (the end must not precede the start)"},
		{4, "12", "CAS offsets: invalid span \"12\" (expected start-end)"},
		{5, "NIL", "predicate justifications may not be NIL"},
		{5, ",", "predicate justifications: no span in \",\" (an empty set is written NIL)"},
		{6, "a-b", "base filler: invalid span \"a-b\" (expected start-end)"},
		{8, "Maybe", "\"Maybe\" is not a realis (Actual, Generic or Other)"},
		{1, "", "the document, event type and role may not be empty"},
	} {
		cols := append([]string(nil), ok...)
		cols[c.col] = c.val
		_, err := parseResponse(cols, 1)
		assert.EqualError(t, err, c.want, "case %d", i)
	}
}
