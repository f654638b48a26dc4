package pytext

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorded is what CPython printed (testdata/record.py).
type recorded struct {
	Python, Unicode string
	IsSpace         []rune
	Repr            [][2]json.RawMessage
	Lower           [][2]string
}

func load(t *testing.T) recorded {
	data, err := os.ReadFile("testdata/python.json")
	require.NoError(t, err)
	var r recorded
	require.NoError(t, json.Unmarshal(data, &r))
	require.NotEmpty(t, r.Lower)
	return r
}

// TestLowerAsCPython: every text of the recording, around capital sigmas
// and dotted capital I, lowers as CPython lowered it, whole and in two
// parts where the first is ASCII (AppendLower with it as what comes
// before, as a reader that lowers ASCII itself hands over the rest).
func TestLowerAsCPython(t *testing.T) {
	for _, c := range load(t).Lower {
		in, want := c[0], c[1]
		assert.Equal(t, want, Lower(in), "%q", in)
		for cut := 0; cut <= len(in); cut++ {
			if cut > 0 && in[cut-1] >= 0x80 {
				break
			}
			got := string(AppendLower([]byte(Lower(in[:cut])), in[cut:], in[:cut]))
			if !assert.Equal(t, want, got, "%q cut at %d", in, cut) {
				break
			}
		}
	}
	assert.Equal(t, "a\xffb", Lower("A\xffB"), "bytes that are not UTF-8 are kept")
}

func TestIsSpaceAsCPython(t *testing.T) {
	want := map[rune]bool{}
	for _, r := range load(t).IsSpace {
		want[r] = true
	}
	for r := rune(0); r < 0x3100; r++ {
		assert.Equal(t, want[r], IsSpace(r), "U+%04X", r)
	}
	assert.Equal(t, []string{"a", "b"}, Fields("\x1ca\u3000b\u0085"))
}

func TestFloatReprAsCPython(t *testing.T) {
	for _, c := range load(t).Repr {
		var bits uint64
		var want string
		require.NoError(t, json.Unmarshal(c[0], &bits))
		require.NoError(t, json.Unmarshal(c[1], &want))
		assert.Equal(t, want, FloatRepr(math.Float64frombits(bits)))
	}
	assert.Equal(t, "nan", FloatRepr(math.NaN()))
}
