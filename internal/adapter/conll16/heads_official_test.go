package conll16

import (
	"encoding/json"
	"flag"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The official scorer is not part of this repository; this test runs only
// with -conll16st=DIR, a checkout of github.com/attapol/conll16st
// (Python 3 suffices for conn_head_mapper.py).
var officialRepo = flag.String("conll16st", "", "a checkout of github.com/attapol/conll16st: compare the head rule with its ConnHeadMapper")

// TestHeadsAgainstOfficial maps every connective of the official scorer's
// table with its ConnHeadMapper and with headPositions: the head positions
// must agree on all of them (352 of 352 at a65be4b; see
// testdata/conll16/README.md).
func TestHeadsAgainstOfficial(t *testing.T) {
	if *officialRepo == "" {
		t.Skip("needs -conll16st=DIR")
	}
	script := `
import json, sys
sys.path.insert(0, sys.argv[1])
from conn_head_mapper import ConnHeadMapper
m = ConnHeadMapper()
json.dump({raw: m.map_raw_connective(raw)[1] for raw in m.mapping}, sys.stdout)
`
	dir, err := filepath.Abs(*officialRepo)
	require.NoError(t, err)
	out, err := exec.Command("python3", "-c", script, dir).Output()
	require.NoError(t, err)
	var official map[string][]int
	require.NoError(t, json.Unmarshal(out, &official))
	require.NotEmpty(t, official)
	agree := 0
	for raw, want := range official {
		if assert.Equal(t, want, headPositions(raw), raw) {
			agree++
		}
	}
	t.Logf("%d of %d connectives agree", agree, len(official))
}
