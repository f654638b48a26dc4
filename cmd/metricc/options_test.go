package main

import (
	"flag"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc"
)

// TestSearchFlagsBindOntoOptions checks the command line's spelling of the
// search limits (0: no limit) against the one rule of metricc.Options
// (0: the default, NoLimit: none).
func TestSearchFlagsBindOntoOptions(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want metricc.SearchLimits
	}{
		{nil, metricc.SearchLimits{}},
		{[]string{"-search-work", "0", "-search-pairs", "0"}, metricc.SearchLimits{MaxWork: metricc.NoLimit, MaxPairs: metricc.NoLimit}},
		{[]string{"-search-work", "5", "-search-pairs", "7", "-search-nodes", "9"}, metricc.SearchLimits{MaxWork: 5, MaxPairs: 7, MaxNodes: 9}},
		{[]string{"-search-nodes", "0", "-search-time", "0"}, metricc.SearchLimits{MaxNodes: metricc.NoLimit}},
		{[]string{"-search-time", "1500ms"}, metricc.SearchLimits{Timeout: 1500 * time.Millisecond}},
	} {
		var o metricc.Options
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		bindOptions(fs, &o, nil, "search-nodes", "search-time", "search-work", "search-pairs")
		require.NoError(t, fs.Parse(tt.args), "%v", tt.args)
		require.NoError(t, checkOptions(fs, &o))
		assert.Equal(t, tt.want, o.Search, "%v", tt.args)
	}
}
