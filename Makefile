# The two commands a newcomer needs: `make run` and `make test`. See README.md.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/pip --disable-pip-version-check
PYTEST_ARGS ?=

.PHONY: run test test-system bench lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade "pip>=24"

# Runtime dependencies, pinned by constraints.txt so installs repeat.
$(VENV)/.installed: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e .
	touch $@

# Runtime plus test dependencies, pinned the same way.
$(VENV)/.installed-test: $(VENV)/.installed
	$(PIP) install --quiet -c constraints.txt -e '.[test]'
	touch $@

## run: set up and serve the API with gunicorn on http://127.0.0.1:8000 (no configuration needed)
run: $(VENV)/.installed
	$(BIN)/gunicorn -c python:service.gunicorn_conf service.wsgi:app

## test: set up with test dependencies and run the whole suite (CI runs exactly this)
test: $(VENV)/.installed-test
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

## bench: the benchmarks (numbers, not pass/fail)
bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks.core_scoring

## lock: re-pin constraints.txt from a fresh resolve of pyproject.toml
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet --upgrade pip && .lock-venv/bin/pip install --quiet '.[test]'
	.lock-venv/bin/pip freeze --exclude cribbage-service > constraints.txt
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
