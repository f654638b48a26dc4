package eval

// SetCountSelfSums switches the counting of self-sums, for a test that
// compares it with solving them; it returns the previous setting.
func SetCountSelfSums(on bool) bool {
	was := countSelfSums
	countSelfSums = on
	return was
}
