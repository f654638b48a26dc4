# The one test command (README): `make test` runs every test, Go, Python
# and browser, setting up what they need on a fresh machine.
.PHONY: test test-go test-python

test: test-go test-python

test-go:
	go test ./...

# The Python package (python/, docs/python.md): a virtual environment at
# .venv, made once from PyPI with the package's test extras; the package
# installed from python/ (which compiles the Go core: Go must be on PATH);
# its wheel built, which python/tests/test_wheel.py installs into a fresh
# environment without Go; then pytest.
VENV := .venv
WHEELS := python/build/wheel

test-python: $(VENV)/bin/pytest
	$(VENV)/bin/python -m pip install -q --force-reinstall --no-deps ./python
	rm -rf $(WHEELS)
	$(VENV)/bin/python -m pip wheel -q --no-deps -w $(WHEELS) ./python
	METRICC_WHEEL="$$(ls $(WHEELS)/metricc-*.whl)" $(VENV)/bin/python -m pytest -q -p no:cacheprovider python/tests

$(VENV)/bin/pytest: python/pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check './python[test]'
	touch $@
