package eval

import (
	"math"

	"github.com/metricc/metricc/internal/ast"
)

// The normalizers (docs/language.md, Similarity expressions), written once:
// nested matchings, the declared value of a metric (S, J, F(β), U(β)) and
// corpus results all use these.

// Normalize applies a normalizer to the three sums of a matching. Two
// empty collections score 1 (handled by the caller); any other 0/0 is 0.
func Normalize(kind ast.NormKind, beta, xy, xx, yy float64) float64 {
	switch kind {
	case ast.NormS:
		return xy
	case ast.NormP:
		return Div(xy, xx)
	case ast.NormR:
		return Div(xy, yy)
	case ast.NormF:
		if beta == 1 {
			return Div(2*xy, xx+yy)
		}
		b2 := beta * beta
		if v := Div((1+b2)*xy, b2*yy+xx); !math.IsInf(v, 0) && !math.IsNaN(v) {
			return v
		}
		// A huge β overflows β²: the same ratio with both sides divided
		// by 1+β² (F(β) tends to recall as β grows).
		return Div(xy, yy/(1+1/b2)+xx/(1+b2))
	case ast.NormJ:
		return Div(xy, xx+yy-xy)
	case ast.NormU:
		// Linear utility: a true positive gains 1, a false positive (a
		// predicted self-score not matched) loses β.
		return xy - beta*(xx-xy)
	}
	return math.NaN()
}

// Harmonic is F1 from a precision and a recall (which, for a metric using
// N, come from different sums).
func Harmonic(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// Div is a/b with a/0 = 0: "any other 0/0 is 0", and a similarity divided
// by a zero weight contributes nothing.
func Div(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
