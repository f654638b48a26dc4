package conll16

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The official scorer is not part of this repository: what its
// ConnHeadMapper maps each connective of its head table to is recorded in
// testdata/conll16/conn-heads.json. With -conll16st=DIR, a checkout of
// github.com/attapol/conll16st (Python 3 suffices for conn_head_mapper.py),
// the test asks the scorer again and requires the recording to be what it
// says.
var officialRepo = flag.String("conll16st", "", "a checkout of github.com/attapol/conll16st: check the recorded head table against its ConnHeadMapper")

const headsFile = "../../../testdata/conll16/conn-heads.json"

// TestHeadsAgainstOfficial: every connective of the official scorer's head
// table gets the head positions its ConnHeadMapper gives (352 of 352 at
// a65be4b; see testdata/conll16/README.md).
func TestHeadsAgainstOfficial(t *testing.T) {
	data, err := os.ReadFile(headsFile)
	require.NoError(t, err)
	var official map[string][]int
	require.NoError(t, json.Unmarshal(data, &official))
	require.Len(t, official, 352)
	if *officialRepo != "" {
		assert.Equal(t, official, runMapper(t, *officialRepo), "the recording is not what the scorer gives")
	}
	for raw, want := range official {
		assert.Equal(t, want, headPositions(raw), raw)
	}
}

// runMapper maps every connective of the head table with the official
// scorer's ConnHeadMapper.
func runMapper(t *testing.T, repo string) map[string][]int {
	script := `
import json, sys
sys.path.insert(0, sys.argv[1])
from conn_head_mapper import ConnHeadMapper
m = ConnHeadMapper()
json.dump({raw: m.map_raw_connective(raw)[1] for raw in m.mapping}, sys.stdout)
`
	dir, err := filepath.Abs(repo)
	require.NoError(t, err)
	out, err := exec.Command("python3", "-c", script, dir).Output()
	require.NoError(t, err)
	var got map[string][]int
	require.NoError(t, json.Unmarshal(out, &got))
	return got
}
