# One entry point per task. `make demo` and `make test` do every set-up step on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
WHEELS := .cache/pyodide-wheels
WHEEL_STAMP := $(WHEELS)/.installed
FASTAPI_WHEEL_STAMP := $(WHEELS)/.fastapi-installed
TEST_WHEELS := .cache/pyodide-test-wheels
TEST_WHEEL_STAMP := $(TEST_WHEELS)/.installed
# `make demo`: the flagship (the Helio host and its console in the browser);
# `make demo-example`: the example demo (Petstore mock, notes, Chinook).
DEMO_MANIFEST ?= fixtures/host-demo/manifest.json
DEMO_OUT ?= build/demo
EXAMPLE_MANIFEST := fixtures/example-demo/manifest.json
DEMO_PORT ?= 8000

.PHONY: setup demo demo-example host test lint bench chromium clean console

CONSOLE := web/dist/index.html
CONSOLE_SOURCES := web/index.html web/build.mjs $(shell find web/src -name "*.js" -o -name "*.css")

setup: $(PY_STAMP) $(NODE_STAMP) $(WHEEL_STAMP) $(FASTAPI_WHEEL_STAMP) $(CONSOLE)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Python packages come from the pinned lock; the project itself runs from the checkout,
# installed editable without dependencies so its pytest plugin (entry point pytest11,
# demo/pytest_plugin.py) is registered.
$(PY_STAMP): requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q -e . --no-deps
	touch $@

# npm packages come from package-lock.json (Pyodide, duckdb-wasm, esbuild, lit).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Pure-Python wheels for Pyodide (Python 3.14), placed into demo sites at build time.
$(WHEEL_STAMP): requirements-pyodide.lock | $(PY_STAMP)
	mkdir -p $(WHEELS)
	$(BIN)/python -m pip download -q --no-deps --only-binary=:all: --platform any \
		--python-version 3.14 --implementation py -d $(WHEELS) -r requirements-pyodide.lock
	touch $@

# The FastAPI set, shipped only by sites with a FastAPI service: pure-Python wheels and
# pydantic-core's WebAssembly build for Pyodide's ABI (the `abi_version` of
# node_modules/pyodide/pyodide-lock.json; tests/demo/build/test_wheel_sets.py checks they agree).
$(FASTAPI_WHEEL_STAMP): requirements-pyodide-fastapi.lock | $(PY_STAMP)
	mkdir -p $(WHEELS)
	$(BIN)/python -m pip download -q --no-deps --only-binary=:all: \
		--platform pyemscripten_2026_0_wasm32 --python-version 3.14 --implementation cp \
		--abi cp314 --abi none -d $(WHEELS) -r requirements-pyodide-fastapi.lock
	touch $@

# The host's web console: Lit + Shoelace bundled by esbuild into content-hashed files
# (web/dist/assets/) and an index.html naming them (web/build.mjs).
$(CONSOLE): $(CONSOLE_SOURCES) $(NODE_STAMP)
	node web/build.mjs

console: $(CONSOLE)

# The same bundle for the flagship demo (fixtures/host-demo/site/console links here): its
# index.html points the console at the demo host's address, with bearer tokens.
FLAGSHIP_CONSOLE := build/flagship-console/index.html
$(FLAGSHIP_CONSOLE): $(CONSOLE_SOURCES) $(NODE_STAMP)
	node web/build.mjs --flagship

# pytest and its pure deps for running tests/demo/runtime inside Pyodide (never copied into sites).
$(TEST_WHEEL_STAMP): requirements-pyodide-test.lock | $(PY_STAMP)
	mkdir -p $(TEST_WHEELS)
	$(BIN)/python -m pip download -q --no-deps --only-binary=:all: --platform any \
		--python-version 3.14 --implementation py -d $(TEST_WHEELS) -r requirements-pyodide-test.lock
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download browsers here), and
# its headless shell, which they run in when it is there (demo/build/chromium.py says why).
chromium:
	@{ command -v chromium && command -v chromium-headless-shell; } >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium chromium-headless-shell \
		|| DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

# The build boots the site once in headless Chromium for its memory snapshot; without
# Chromium it warns and builds a site whose first visit is slower.
demo: setup $(FLAGSHIP_CONSOLE)
	@$(MAKE) --no-print-directory chromium || echo "warning: could not install Chromium; building without the memory snapshot"
	$(BIN)/python -m demo build --manifest $(DEMO_MANIFEST) --out $(DEMO_OUT)
	$(BIN)/python -m demo serve $(DEMO_OUT) --port $(DEMO_PORT)

demo-example: setup
	@$(MAKE) --no-print-directory chromium || echo "warning: could not install Chromium; building without the memory snapshot"
	$(BIN)/python -m demo build --manifest $(EXAMPLE_MANIFEST) --out build/demo-example --studio
	@echo "the Studio (Compose analyzer in the browser): http://127.0.0.1:$(DEMO_PORT)/studio/"
	$(BIN)/python -m demo serve build/demo-example --port $(DEMO_PORT)

host: setup
	$(BIN)/python -m host serve

# One pytest worker per CPU (pytest-xdist); tests/conftest.py keeps each test folder in one
# worker. `make test TEST_WORKERS=0` runs everything in this one process.
TEST_WORKERS ?= auto
test: setup chromium $(TEST_WHEEL_STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check host demo http_errors tests bench
	$(BIN)/ruff format --check host demo http_errors tests bench
	$(BIN)/python -m mypy

bench: setup chromium
	$(BIN)/python -m bench

clean:
	rm -rf build .cache $(VENV) node_modules
