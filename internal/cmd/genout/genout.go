// Package genout writes the files a corpus generator command makes.
package genout

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Write writes each file into dir, made if missing; on an error it says
// so, named by the command, and exits 1.
func Write(dir string, files map[string][]byte) {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	err := os.MkdirAll(dir, 0o755)
	for _, name := range names {
		if err != nil {
			break
		}
		err = os.WriteFile(filepath.Join(dir, name), files[name], 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
		os.Exit(1)
	}
}
