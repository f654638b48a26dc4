package specs

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Summary is the first sentence of a shipped spec's header comment,
// without its parenthetical remarks: what it scores, for `metricc specs`.
func Summary(name string) string {
	text, ok := Lookup(name)
	if !ok {
		return ""
	}
	var para []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if !strings.HasPrefix(line, "#") {
			break
		}
		line = strings.TrimSpace(strings.TrimPrefix(line, "#"))
		if line == "" {
			if len(para) > 0 {
				break
			}
			continue
		}
		para = append(para, line)
	}
	return firstSentence(strings.Join(para, " "))
}

// firstSentence cuts s after the first period followed by a space and a
// capital letter (so "et al. (2020)" and "Eq. 11" do not end it), then
// drops parenthetical remarks.
func firstSentence(s string) string {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' {
			r, _ := utf8.DecodeRuneInString(s[i+2:])
			if unicode.IsUpper(r) {
				s = s[:i+1]
				break
			}
		}
	}
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	for _, fix := range [][2]string{{" ,", ","}, {" .", "."}, {" :", ":"}, {" ;", ";"}} {
		out = strings.ReplaceAll(out, fix[0], fix[1])
	}
	return out
}
