// Package specs embeds the shipped .metric files, so that `metricc run
// coref ...` works from the binary alone.
package specs

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.metric *.txt
var files embed.FS

// Lookup returns the text of the shipped spec name (without ".metric").
func Lookup(name string) (string, bool) {
	data, err := files.ReadFile(name + ".metric")
	if err != nil {
		return "", false
	}
	return string(data), true
}

// ReadFile reads a file a shipped spec names (an ontology).
func ReadFile(name string) ([]byte, error) { return files.ReadFile(name) }

// Names lists the shipped specs.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".metric") {
			names = append(names, strings.TrimSuffix(e.Name(), ".metric"))
		}
	}
	sort.Strings(names)
	return names
}
