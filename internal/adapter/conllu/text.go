package conllu

import (
	"github.com/metricc/metricc/internal/document"
)

// appendJSONString appends s as a JSON string.
func appendJSONString(dst []byte, s string) []byte { return document.AppendJSONString(dst, s) }
