module github.com/metricc/metricc

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/stretchr/testify v1.12.1
	github.com/tidwall/gjson v1.20.0
)

require (
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
