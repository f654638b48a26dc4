package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/metricc/metricc"
)

const initUsage = `usage: metricc init --json-schema SCHEMA [-o FILE]

Writes a starting spec for outputs that follow the JSON Schema SCHEMA (as
Pydantic's model_json_schema() and structured-output APIs emit): the
types, and a metric per field with a default similarity (δ for
enumerations, numbers, identifiers and dates, ANLS for free text, F over a
one-to-one matching for arrays), ready to edit. It is printed on standard
output, or written to FILE with -o.
`

// initCmd writes a spec from a JSON Schema.
func initCmd(args []string, stdout, stderr io.Writer) error {
	if wantsHelp(args) {
		fmt.Fprint(stdout, initUsage)
		return errHelp
	}
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	schema := fs.String("json-schema", "", "")
	out := fs.String("o", "", "")
	if err := fs.Parse(args); err != nil || *schema == "" || fs.NArg() > 0 {
		if err != nil {
			fmt.Fprintf(stderr, "metricc init: %v\n", err)
		}
		fmt.Fprint(stderr, initUsage)
		return errPrinted
	}
	data, err := os.ReadFile(*schema)
	if err != nil {
		return err
	}
	spec, err := metricc.SpecFromJSONSchema(data, filepath.Base(*schema))
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = io.WriteString(stdout, spec)
		return err
	}
	return os.WriteFile(*out, []byte(spec), 0o644)
}
