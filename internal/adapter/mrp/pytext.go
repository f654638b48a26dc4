package mrp

import (
	"math"
	"strconv"
	"strings"

	"github.com/metricc/metricc/internal/pytext"
	"github.com/tidwall/gjson"
)

// The 2019 scorer compares strings after Python's str(x).lower(): these
// helpers give the same text for the JSON values a graph holds.

// pyStr is Python's str() of a JSON scalar as json.loads reads it: a
// string as itself, an integer in decimal, a float as repr() writes it,
// true and false as True and False, null as None. ok is false for arrays
// and objects, which the scorer would print as Python literals.
func pyStr(v gjson.Result) (s string, ok bool) {
	switch v.Type {
	case gjson.String:
		return v.Str, true
	case gjson.True:
		return "True", true
	case gjson.False:
		return "False", true
	case gjson.Null:
		return "None", true
	case gjson.Number:
		return pyNumber(v.Raw), true
	}
	return "", false
}

// pyNumber is str() of the number json.loads reads from the literal raw:
// an int when it has no fraction or exponent, else a float.
func pyNumber(raw string) string {
	if !strings.ContainsAny(raw, ".eE") {
		neg := strings.HasPrefix(raw, "-")
		digits := strings.TrimLeft(strings.TrimPrefix(raw, "-"), "0")
		switch {
		case digits == "":
			return "0"
		case neg:
			return "-" + digits
		}
		return digits
	}
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil && !math.IsInf(f, 0) {
		return raw
	}
	return pytext.FloatRepr(f)
}

// smatchNormalize is what smatch compares (smatch.py's normalize, in the
// copy the 2019 scorer ships): trailing '¦' removed, lowercased, trailing
// '_' removed.
func smatchNormalize(s string) string {
	return strings.TrimRight(pytext.Lower(strings.TrimRight(s, "¦")), "_")
}
