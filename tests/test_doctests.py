"""The examples in the package's docstrings run as written (doctest)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import scheissekopf

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(scheissekopf.__path__, "scheissekopf.") if not m.name.endswith("__main__")
)


def test_some_docstrings_hold_examples():
    found = sum(
        len(doctest.DocTestFinder().find(importlib.import_module(name))[0].examples or [])
        for name in ["scheissekopf", "scheissekopf.variants"]
    )
    assert found >= 3


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
