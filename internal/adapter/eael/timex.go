package eael

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// timex is a KBP TIMEX: YYYY-MM-DD, where a part may end in Xes (198X-XX-XX
// is the 1980s), as KBPTIMEXExpression reads it.
type timex struct{ year, month, day string }

func isX(c rune) bool { return c == 'X' || c == 'x' }

// digitsThenXes: digits, then Xes, nothing else, not empty.
func digitsThenXes(s string) bool {
	if s == "" {
		return false
	}
	seenX := false
	for _, c := range s {
		switch {
		case isX(c):
			seenX = true
		case unicode.IsDigit(c):
			if seenX {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func validTimex(year, month, day string) bool {
	return strings.Trim(year, "Xx") != "" &&
		digitsThenXes(year) && utf8.RuneCountInString(year) == 4 &&
		digitsThenXes(month) && utf8.RuneCountInString(month) == 2 &&
		digitsThenXes(day) && utf8.RuneCountInString(day) == 2
}

// parseTimex reads s as "(....)-(..)-(..)" with valid parts.
func parseTimex(s string) (timex, bool) {
	r := []rune(s)
	if len(r) != 10 || r[4] != '-' || r[7] != '-' {
		return timex{}, false
	}
	for _, c := range r {
		if c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029 {
			return timex{}, false // Java's '.' matches no line terminator
		}
	}
	t := timex{string(r[:4]), string(r[5:7]), string(r[8:])}
	return t, validTimex(t.year, t.month, t.day)
}

func (t timex) String() string { return t.year + "-" + t.month + "-" + t.day }

// lessSpecific lists the times this one is more specific than
// (lessSpecificCompatibleTimes): its digits turned into Xes from the end,
// day first, then month, then year (never all four year digits).
func (t timex) lessSpecific() []string {
	var out []string
	parts := [][]rune{[]rune(t.year), []rune(t.month), []rune(t.day)}
	add := func() { out = append(out, string(parts[0])+"-"+string(parts[1])+"-"+string(parts[2])) }
	for _, step := range []struct{ part, from, to int }{{2, 1, 0}, {1, 1, 0}, {0, 3, 1}} {
		for i := step.from; i >= step.to; i-- {
			if !isX(parts[step.part][i]) {
				parts[step.part][i] = 'X'
				add()
			}
		}
	}
	return out
}
