# Two commands on a fresh machine:
#   make lab   - open the tutorial notebooks in JupyterLab
#   make test  - set everything up and run every test
# and one for the static site, one for the documentation:
#   make site  - build the tutorial as a JupyterLite site in _site/ (runs in the browser, no server)
#   make docs  - build the documentation site in _docs/ (MkDocs, offline, warnings are errors)
# and, while working, the fast loop (under two minutes on two cores):
#   make check - lint, types and every test not marked slow, with few Hypothesis examples
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: test test-site lab bench simulate chromium npm clean site site-lock serve-site lint typecheck check fuzz notebook-outputs docs

# The site's build tools live in their own environment, pinned in site/requirements-build.txt.
SITE_VENV  := .venv-site
SITE_PY    := $(SITE_VENV)/bin/python
SITE_STAMP := $(SITE_VENV)/.installed

# binder/requirements.txt pins the tutorial's packages (binder/pin.py): the tests run on those.
$(STAMP): pyproject.toml binder/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	grep -v '^\.$$' binder/requirements.txt > $(VENV)/binder-constraints.txt
	$(PY) -m pip install --quiet -e '.[test]' -c $(VENV)/binder-constraints.txt
	touch $(STAMP)

# Debian's Chromium drives the real-browser tests; installed only when missing.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The static site is built first: its test opens 01-setup in Chromium from _site/.
test: $(STAMP) chromium lint typecheck site
	SCHEISSEKOPF_HYPOTHESIS=full $(PY) -m pytest -m "not site_notebooks"

# Every other notebook, run in Chromium on the static site (about two minutes more).
test-site: $(STAMP) chromium site
	$(PY) -m pytest tests/test_site.py -m site_notebooks

# Run every notebook and store its outputs (what a notebook viewer shows; nbval compares them in
# `make test`): after changing what a table draws or a cell prints. About a minute.
notebook-outputs: $(STAMP)
	$(PY) tools/notebook_outputs.py

# ruff (settings in pyproject.toml): lint rules and the formatter's layout
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy, default settings, on the whole package
typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The fast loop: lint, types and the tests of tests/ not marked slow (tests/conftest.py says which
# are: the browser, JupyterLab, the notebooks, anything over about two seconds), Hypothesis with
# few examples. `make test` runs everything, with Hypothesis' own settings.
check: $(STAMP) lint typecheck
	SCHEISSEKOPF_HYPOTHESIS=dev $(PY) -m pytest tests -q -m "not slow"

# The documentation site (mkdocs.yml; tools/docs_hooks.py writes the generated pages). `make test`
# builds it too (tests/test_docs_site.py), with every example of every page run.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

# JupyterLab refuses to start as root unless told it may (containers, Binder-like machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(PY) -m jupyterlab $(ROOT_FLAG) notebooks/01-setup.ipynb

$(SITE_STAMP): site/requirements-build.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_PY) -m pip install --quiet --require-hashes -r site/requirements-build.txt
	touch $(SITE_STAMP)

# npm fetches Pyodide for the site; Debian's npm is installed only when missing.
npm:
	@if ! command -v npm >/dev/null 2>&1; then \
	  echo "installing Debian's npm for the site build"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	fi

# Pyodide from npm, every wheel from PyPI (site/package-lock.json, site/requirements-*.txt).
site: $(SITE_STAMP) npm
	$(SITE_PY) site/build.py

# Solve the site's pinned versions again (after changing site/*.in or the Pyodide version).
site-lock: $(SITE_STAMP) npm
	$(SITE_PY) -m pip install --quiet uv==0.13.9
	$(SITE_PY) site/build.py lock

serve-site:
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory _site 8000

# The fuzz tests of tests/fuzz/ at length, before a release: N inputs of each kind (positions as
# text and as JSON, moves, the table's requests) instead of the few that `make test` tries, and
# junk in every field of every corpus position. `make fuzz N=100000` for a longer run.
N ?= 20000
fuzz: $(STAMP)
	SCHEISSEKOPF_FUZZ=$(N) $(PY) -m pytest tests/fuzz -q

bench: $(STAMP)
	$(PY) benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis tests/artifacts \
	  $(SITE_VENV) .site-cache _site site/node_modules _docs
