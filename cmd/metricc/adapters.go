package main

import (
	"github.com/metricc/metricc/adapter/conll2012"
	"github.com/metricc/metricc/adapter/penman"
	"github.com/metricc/metricc/eval"
)

// The input adapters of DESIGN §5, by --input-format name, and the order in
// which --input-format auto tries them (JSON is the fallback).
func init() {
	register("conll2012", conll2012.Parse, conll2012.Detect)
	register("penman", penman.Parse, penman.Detect)
}

func register(name string, parse func(string, []byte) (*eval.Input, error), detect func([]byte) bool) {
	adapters[name] = parse
	detectors = append(detectors, struct {
		format string
		detect func([]byte) bool
	}{name, detect})
}
