package eael

import (
	"os"
	"strings"
	"testing"
)

// FuzzStoreFiles: no argument file of an assessment or a system store
// makes the readers panic; what they refuse, they refuse with the file
// name.
func FuzzStoreFiles(f *testing.F) {
	data, err := os.ReadFile("../../../testdata/cases/eael/test-resources/linkingTest.AFP_ENG_20091024.0206")
	if err != nil {
		f.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	f.Add(strings.Join(lines[:min(4, len(lines))], "\n"))
	for _, l := range lines[:min(3, len(lines))] {
		cols := strings.Split(l, "\t")
		f.Add(strings.Join(cols[:11], "\t")) // the system's eleven columns
		f.Add(l)
	}
	f.Add("1\td\tConflict.Attack\tTarget\tx\t1-2\t1-2,4-5\t1-2\tNIL\tActual\t0.5\n2\td\tConflict.Attack\tTarget\tx\t1-2\t1-2\t1-2\t3-4\tGeneric\t1")
	f.Add("# comment\n\n\t\t\t")
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := readKey("d", "key.tab", []byte(text)); err != nil && !strings.Contains(err.Error(), "key.tab") {
			t.Fatalf("key error without the file name: %v", err)
		}
		if _, _, err := readSystem("d", "sys.tab", []byte(text)); err != nil && !strings.Contains(err.Error(), "sys.tab") {
			t.Fatalf("system error without the file name: %v", err)
		}
	})
}
