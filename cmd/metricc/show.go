package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/metricc/metricc"
)

const showUsage = `usage: metricc show NAME

Prints the shipped spec NAME (see metricc specs): its comments document
the JSON it reads, with an example document. Save it to start a spec of
your own: metricc show coref > my.metric
`

// showCmd prints a shipped spec.
func showCmd(args []string, stdout, stderr io.Writer) error {
	if wantsHelp(args) {
		fmt.Fprint(stdout, showUsage)
		return errHelp
	}
	if len(args) != 1 {
		fmt.Fprint(stderr, showUsage)
		return errPrinted
	}
	name := strings.TrimSuffix(args[0], ".metric")
	src, ok := metricc.ShippedSource(name)
	if !ok {
		return fmt.Errorf("no shipped spec %q (shipped: %s)", args[0], strings.Join(metricc.Shipped(), ", "))
	}
	_, err := io.WriteString(stdout, src)
	return err
}
