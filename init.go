package metricc

import "github.com/metricc/metricc/internal/schemagen"

// SpecFromJSONSchema writes a starting spec for documents that follow a
// JSON Schema (as Pydantic's model_json_schema() and structured-output
// APIs emit): a record type per object schema and a metric per field with
// a default similarity for its kind, δ for enumerations, numbers, booleans,
// identifiers and dates, ANLS for free text, F over one-to-one matchings
// for arrays, ANLS* for fields that may be missing or null. source names
// the schema in the spec's header comment. The result checks (Compile
// accepts it) and is meant to be edited.
func SpecFromJSONSchema(schema []byte, source string) (string, error) {
	return schemagen.Generate(schema, source)
}
