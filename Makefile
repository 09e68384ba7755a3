# The two commands a newcomer needs: `make run` (serve) and `make check` (the whole test suite). See README.md.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/pip --disable-pip-version-check
PYTEST_ARGS ?=

# One target at a time, even under `make -j`: the tiers each use both cores, and the installs share one venv.
.NOTPARALLEL:

.PHONY: run relay screenshots check test coverage lint test-tiers test-long test-system test-typescript loadtest bench lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade "pip>=24"

# Runtime dependencies, pinned by constraints.txt so installs repeat.
$(VENV)/.installed: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e .
	touch $@

# Runtime plus test dependencies, pinned the same way: one pip run, which also stands for the runtime's.
$(VENV)/.installed-test: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e '.[test]'
	touch $(VENV)/.installed $@

# Plus the system-test driver (Playwright, pointed at Debian's chromium; it downloads no browser).
$(VENV)/.installed-system: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e '.[test,system]'
	touch $(VENV)/.installed $(VENV)/.installed-test $@

# Debian packages behind `make test-system` and `make loadtest`: installed when missing and we are
# root (or have password-less sudo); otherwise the command to run is printed. podman, runc, slirp4netns
# and mmdebstrap build and run the container image without Docker (docs/image.md).
SYSTEM_DEBS := nginx chromium chromium-driver wrk podman runc slirp4netns mmdebstrap
define ensure-debs
	@missing=""; for pkg in $(1); do \
	  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	  else echo "missing Debian packages:$$missing; install them with: apt-get install$$missing" >&2; exit 1; fi; \
	  echo "installing Debian packages:$$missing"; \
	  $$sudo apt-get update -q && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q$$missing; \
	fi
endef

## run: set up and serve the API with gunicorn on http://127.0.0.1:8000 (no configuration needed)
run: $(VENV)/.installed
	$(BIN)/gunicorn -c python:service.gunicorn_conf service.wsgi:app

## relay: the reference relay for two devices in one game (examples/relay) on http://127.0.0.1:8001, in front of `make run`
relay: $(VENV)/.installed
	$(BIN)/gunicorn -c python:examples.relay.gunicorn_conf 'examples.relay.app:create_app()'

# The long tiers, behind markers: every combination, many whole games, the player's strength.
LONG := exhaustive or playouts or strength

## check: set up and run the whole test suite: lint, test-tiers (test and test-long in one run), test-typescript, test-system (CI runs exactly this)
check: $(VENV)/.installed-system lint test-tiers test-typescript test-system

## lint: ruff (the linter, and the formatter's check: `ruff format` rewrites) and mypy --strict over the code
lint: $(VENV)/.installed-test
	$(BIN)/ruff check service tests benchmarks research tools examples
	$(BIN)/ruff format --check service tests benchmarks research tools examples
	$(BIN)/mypy

FAST := not ($(LONG)) and not system

## test: the fast tier to run before every commit: lint, then every test but the long tiers
test: lint
	$(BIN)/python -m pytest -n 2 -m "$(FAST)" $(PYTEST_ARGS)

## coverage: the fast tier's tests with branch coverage of service/ (the tracer makes them 2-3 times slower, so not in check)
coverage: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 -m "$(FAST)" --cov=service --cov-branch --cov-report=term:skip-covered $(PYTEST_ARGS)

# The files that hold the long tiers' tests: test-long collects only these (every test module cost each of its
# processes about 25 s of CPU to collect); tests/test_tiers.py fails when one is missing or one is not needed.
LONG_TESTS := tests/api/test_fold_events.py tests/core/boards/test_board_vs_engine.py \
  tests/core/computer/test_advice.py tests/core/computer/test_crib_model.py tests/core/computer/test_levels.py \
  tests/core/game/test_engine_playouts.py tests/core/scoring/test_show_exhaustive.py \
  tests/core/tournaments/test_swiss_dutch.py tests/strength/test_ladder.py tests/strength/test_population.py \
  tests/strength/test_strength.py

## test-tiers: the fast tier and the long tiers (CI form) in one run: one collection, both processes busy to the end (the long tests collected first)
test-tiers: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "$(FAST) or ($(LONG))" $(PYTEST_ARGS)

## test-long: the long tiers in their CI form (bounded; docs/testing.md gives the full forms)
# A few of its tests take minutes: worksteal lets an idle process take queued tests from a busy one, and the
# longest (the table rebuilds, the 1,000 paired deals) spread their own deals over the cores.
test-long: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "$(LONG)" $(LONG_TESTS) $(PYTEST_ARGS)

## test-system: the system tests (the nginx proxy and scale-out, slow clients, headless-chromium docs, the container image); installs what they need
# Two processes, a test file each at a time: most of the tier waits (load runs of fixed length, the image's
# build, browsers), and each file's servers listen on ports of their own.
test-system: $(VENV)/.installed-system
	$(call ensure-debs,$(SYSTEM_DEBS))
	$(BIN)/python -m pytest -n 2 --dist loadfile -m system tests/system $(PYTEST_ARGS)

## screenshots: refresh the committed phone-size screenshots of /play and the relay in docs/screenshots/
screenshots: $(VENV)/.installed-system
	$(call ensure-debs,$(SYSTEM_DEBS))
	CRIBBAGE_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -m system tests/system/test_play_browser.py \
	  tests/system/test_relay_browser.py $(PYTEST_ARGS)

# The TypeScript client's tools (openapi-typescript, openapi-fetch, tsc), exactly as locked; needs Node.js 20 and npm.
TS_CLIENT := tests/typescript
$(TS_CLIENT)/node_modules/.package-lock.json: $(TS_CLIENT)/package.json $(TS_CLIENT)/package-lock.json
	cd $(TS_CLIENT) && npm ci --no-audit --no-fund

## test-typescript: a TypeScript client generated from openapi.yaml, compiled by tsc --strict, plays a live server; the docs' examples compile
test-typescript: $(VENV)/.installed-test $(TS_CLIENT)/node_modules/.package-lock.json
	$(BIN)/python -m pytest -m typescript $(TS_CLIENT) $(PYTEST_ARGS)

## loadtest: 60 s of realistic load on gunicorn (production config) on loopback, with wrk; LOADTEST_ARGS=--help
loadtest: $(VENV)/.installed
	$(call ensure-debs,wrk)
	$(BIN)/python -m benchmarks.loadtest $(LOADTEST_ARGS)

## bench: the in-process benchmarks (numbers, not pass/fail; `make loadtest` is the server under load)
bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks.core_scoring
	$(BIN)/python -m benchmarks.score_path
	$(BIN)/python -m benchmarks.ops_cost
	$(BIN)/python -m benchmarks.pegging
	$(BIN)/python -m benchmarks.games
	$(BIN)/python -m benchmarks.coach
	$(BIN)/python -m benchmarks.advice
	$(BIN)/python -m benchmarks.boards
	$(BIN)/python -m research.strength --games 1000 --latency
	$(BIN)/python -m research.ladder --games 0 --latency

## lock: re-pin constraints.txt from a fresh resolve of pyproject.toml
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet --upgrade pip && .lock-venv/bin/pip install --quiet '.[test,system]'
	.lock-venv/bin/pip freeze --exclude cribbage-service > constraints.txt
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
