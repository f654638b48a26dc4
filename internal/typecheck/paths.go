package typecheck

import (
	"fmt"
	"sort"
	"strings"
)

// gjsonModifiers are the modifiers gjson (v1.20) knows; another `@name`
// reads nothing, and every document would then miss the field.
var gjsonModifiers = map[string]bool{
	"reverse": true, "ugly": true, "pretty": true, "this": true, "valid": true,
	"flatten": true, "join": true, "keys": true, "values": true, "tostr": true,
	"fromstr": true, "group": true, "dig": true,
}

// gjsonPathProblem says why p is not a gjson path (gjson itself never
// refuses a path: it reads nothing, and the field would be missing from
// every document), or "" when it is one. It checks what a typo breaks:
// empty components ("a..b", "a."), a dangling escape, unbalanced
// parentheses, brackets, braces and quotes, and unknown modifiers.
func gjsonPathProblem(p string) string {
	var stack []byte // open brackets: ( [ {
	closer := map[byte]byte{')': '(', ']': '[', '}': '{'}
	component := 0 // length of the current top-level component
	for i := 0; i < len(p); i++ {
		ch := p[i]
		switch {
		case ch == '\\':
			if i+1 == len(p) {
				return "it ends with an escape character \\"
			}
			i++
			component++
		case ch == '"' && len(stack) > 0:
			j := i + 1
			for ; j < len(p) && p[j] != '"'; j++ {
				if p[j] == '\\' {
					j++
				}
			}
			if j >= len(p) {
				return fmt.Sprintf("the string opened at byte %d is not closed", i+1)
			}
			i = j
		case ch == '(' || ch == '[' || ch == '{':
			stack = append(stack, ch)
			component++
		case ch == ')' || ch == ']' || ch == '}':
			if len(stack) == 0 || stack[len(stack)-1] != closer[ch] {
				return fmt.Sprintf("%q at byte %d closes nothing", ch, i+1)
			}
			stack = stack[:len(stack)-1]
			component++
		case (ch == '.' || ch == '|') && len(stack) == 0:
			if component == 0 {
				return emptyComponent(p, i)
			}
			component = 0
		case ch == '@' && len(stack) == 0 && component == 0:
			name := p[i+1:]
			if k := strings.IndexAny(name, ".|:"); k >= 0 {
				name = name[:k]
			}
			if !gjsonModifiers[name] {
				return fmt.Sprintf("unknown modifier @%s (gjson has @%s)", name, strings.Join(sortedKeys(gjsonModifiers), ", @"))
			}
			component++
			if k := strings.IndexByte(p[i:], ':'); k >= 0 && !strings.ContainsAny(p[i:i+k], ".|") {
				// A modifier's argument runs to the next top-level separator.
				i += k
			}
		default:
			component++
		}
	}
	if len(stack) > 0 {
		return fmt.Sprintf("%q is not closed", stack[len(stack)-1])
	}
	if component == 0 {
		return emptyComponent(p, len(p))
	}
	return ""
}

func emptyComponent(p string, at int) string {
	switch {
	case at == 0:
		return "it starts with a separator"
	case at == len(p):
		return "it ends with a separator"
	}
	return fmt.Sprintf("an empty key between two separators at byte %d", at+1)
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
