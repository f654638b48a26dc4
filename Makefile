# The one test command (README): `make test` runs every test, Go, Python
# and browser, setting up what they need on a fresh machine.
.PHONY: test test-go

test: test-go

test-go:
	go test ./...
