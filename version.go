package metricc

import (
	"runtime"
	"runtime/debug"
)

// Version is the version of metricc. Stats files record it, and merge
// refuses to combine the stats of different versions, whose sums may
// differ.
const Version = "0.1.0"

// VersionString is what `metricc --version` prints: the version, the
// source revision when the binary was built from a repository, and the Go
// release.
func VersionString() string {
	s := "metricc " + Version
	if info, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", false
		for _, kv := range info.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.modified":
				dirty = kv.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			s += " (" + rev
			if dirty {
				s += ", modified"
			}
			s += ")"
		}
	}
	return s + " " + runtime.Version()
}
