package metricc_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/metricc/metricc"
)

// BenchmarkCompileLargeSum compiles a spec whose metric sums n matchings
// (parse, check, plan): the time should grow linearly in n.
func BenchmarkCompileLargeSum(b *testing.B) {
	for _, n := range []int{2_000, 20_000} {
		src := "type Doc { id: string, tags: set<string> }\ninput Doc\nmetric m = " +
			strings.TrimSuffix(strings.Repeat("F<->[tags](delta) + ", n), " + ") + "\n"
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := metricc.Compile("sum.metric", src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
