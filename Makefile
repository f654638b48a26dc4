# The one test command (README): `make test` runs every test, Go, Python
# and browser, setting up what they need on a fresh machine.
.PHONY: test test-go test-web

test: test-go test-web

test-go:
	go test ./...

# The playground (docs/playground.md) in Debian's chromium, driven by
# playwright-core from npm: the site built as its docs say, the command
# line whose output the page must equal, and the AMR pairs of a long
# search to cancel. Screenshots go to web/test/out.
WEB_OUT := web/test/out
test-web:
	GOOS=js GOARCH=wasm go vet ./web/wasm
	go run ./web/build -o $(WEB_OUT)/site
	go build -o $(WEB_OUT)/metricc ./cmd/metricc
	go run ./internal/cmd/amrgen -out $(WEB_OUT)/amr
	cd web/test && npm ci --no-audit --no-fund --loglevel=error && npm test
