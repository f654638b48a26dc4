# The one test command (README): `make test` runs every test, Go, Python
# and browser, setting up what they need on a fresh machine.
.PHONY: test test-go test-python test-anls test-web pgo

test: test-go test-python test-anls test-web

test-go:
	go test ./...
	# Under the race detector, the packages whose goroutines share memory:
	# files read in pieces, documents paired and scored on workers, texts
	# lent from a pool and given back by whichever worker decoded them.
	go test -race ./internal/document ./internal/corpus ./internal/eval ./internal/adapter/pieces ./internal/adapter/bio ./internal/adapter/conll2012 .

# The profile the command and the Python package's core are built with
# (Go's profile-guided optimization: go build reads cmd/metricc/default.pgo
# by itself): the CPU profile of the specs' benchmarks, which read real and
# generated files through the adapters and score them. Make it again when
# the engine has changed much (docs/performance.md#how-the-binary-is-built).
PGO_BENCH := CorefCorpus$$|SmatchLPP|MRP/mrp|Conll16/all|NER$$|UD$$
pgo:
	go test -run '^$$' -bench '$(PGO_BENCH)' -benchtime 2s -cpuprofile cmd/metricc/default.pgo -o /tmp/metricc-pgo-specs.test ./internal/specs
	rm -f /tmp/metricc-pgo-specs.test

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

# The numbers the ANLS* tests compare with are anls-star's: record them
# again with the package (and munkres 1.1.4, the release its lock file
# pins) and require the committed files to be exactly what it prints.
ANLS_VENV ?= $(CURDIR)/.venv-anls
test-anls:
	test -x $(ANLS_VENV)/bin/python || python3 -m venv $(ANLS_VENV)
	$(ANLS_VENV)/bin/pip install -q anls-star==1.0.1 munkres==1.1.4
	rm -rf $(ANLS_VENV)/corpus && go run ./internal/cmd/anlsgen -docs 1000 -seed 1 -out $(ANLS_VENV)/corpus
	cd testdata/anls && $(ANLS_VENV)/bin/python anls_star_record.py $(ANLS_VENV)/corpus/gold.jsonl $(ANLS_VENV)/corpus/pred.jsonl | diff -q - anls-star-gen.json
	cd testdata/anls && $(ANLS_VENV)/bin/python anls_star_cases.py | diff -q - anls-star-cases.json
	cd testdata/anls && $(ANLS_VENV)/bin/python pytext_record.py | diff -q - pytext.json
	@echo "test-anls: 3 passed, 0 failed"

# The Python package (python/, docs/python.md): a virtual environment at
# .venv, made once from PyPI with the package's test extras; the package
# installed from python/ (which compiles the Go core: Go must be on PATH);
# its wheel built, which python/tests/test_wheel.py installs into a fresh
# environment without Go; then pytest. The test extras bring PySpark (and
# pyarrow, Dask) from PyPI: python/tests/test_spark.py runs metricc.spark
# on Spark in local mode, on the machine's Java (17 or later).
VENV := .venv
WHEELS := python/build/wheel

test-python: $(VENV)/bin/pytest
	$(VENV)/bin/python -m pip install -q --force-reinstall --no-deps ./python
	rm -rf $(WHEELS)
	$(VENV)/bin/python -m pip wheel -q --no-deps -w $(WHEELS) ./python
	METRICC_WHEEL="$$(ls $(WHEELS)/metricc-*.whl)" $(VENV)/bin/python -m pytest -q -p no:cacheprovider --junitxml=python/build/pytest.xml python/tests

$(VENV)/bin/pytest: python/pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check './python[test]'
	touch $@
