package solver

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClassicMunkresTies: on small matrices with many ties, the pairs are
// the ones munkres 1.1.4 chose (recorded by testdata/anls/pytext_record.py).
func TestClassicMunkresTies(t *testing.T) {
	data, err := os.ReadFile("../../testdata/anls/pytext.json")
	require.NoError(t, err)
	var rec struct {
		Munkres string
		Cases   []struct {
			Cost  [][]float64
			Pairs [][2]int
		} `json:"munkres_cases"`
	}
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, "1.1.4", rec.Munkres)
	require.Len(t, rec.Cases, 300)
	for i, c := range rec.Cases {
		want := c.Pairs
		if len(want) == 0 {
			want = nil
		}
		assert.Equal(t, want, ClassicMunkres(c.Cost), "matrix %d: %v", i, c.Cost)
	}
}

// TestClassicMunkresOptimal: the assignment has the least cost, against
// every assignment of the smaller side.
func TestClassicMunkresOptimal(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		n, m := 1+r.IntN(5), 1+r.IntN(5)
		cost := make([][]float64, n)
		for i := range cost {
			cost[i] = make([]float64, m)
			for j := range cost[i] {
				cost[i][j] = float64(r.IntN(5)) / 4
			}
		}
		pairs := ClassicMunkres(cost)
		require.Len(t, pairs, min(n, m))
		got := 0.0
		rows, cols := map[int]bool{}, map[int]bool{}
		for _, p := range pairs {
			got += cost[p[0]][p[1]]
			require.False(t, rows[p[0]] || cols[p[1]], "a row or column twice: %v", pairs)
			rows[p[0]], cols[p[1]] = true, true
		}
		assert.Equal(t, bruteMinCost(cost), got, "%v", cost)
	}
}

// bruteMinCost is the least cost of matching every element of the smaller
// side, over all assignments.
func bruteMinCost(cost [][]float64) float64 {
	n, m := len(cost), len(cost[0])
	best := -1.0
	used := make([]bool, max(n, m))
	var rec func(i int, sum float64)
	if n <= m {
		rec = func(i int, sum float64) {
			if i == n {
				if best < 0 || sum < best {
					best = sum
				}
				return
			}
			for j := range m {
				if !used[j] {
					used[j] = true
					rec(i+1, sum+cost[i][j])
					used[j] = false
				}
			}
		}
	} else {
		rec = func(j int, sum float64) {
			if j == m {
				if best < 0 || sum < best {
					best = sum
				}
				return
			}
			for i := range n {
				if !used[i] {
					used[i] = true
					rec(j+1, sum+cost[i][j])
					used[i] = false
				}
			}
		}
	}
	rec(0, 0)
	return best
}
