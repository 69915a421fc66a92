# Two commands on a fresh machine:
#   make lab   - open the tutorial notebooks in JupyterLab
#   make test  - set everything up and run every test
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: test lab bench simulate chromium clean lint typecheck

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian's Chromium drives the real-browser tests; installed only when missing.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

test: $(STAMP) chromium lint typecheck
	$(PY) -m pytest

# ruff (settings in pyproject.toml): lint rules and the formatter's layout
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy, default settings, on the whole package
typecheck: $(STAMP)
	$(VENV)/bin/mypy

# JupyterLab refuses to start as root unless told it may (containers, Binder-like machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(PY) -m jupyterlab $(ROOT_FLAG) notebooks/01-setup.ipynb

bench: $(STAMP)
	$(PY) benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis tests/artifacts
