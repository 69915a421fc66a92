"""Every Python example of every documentation page runs as written (so the docs cannot drift).

Each ```python block of a page in docs/ runs in order, in one namespace per page, and an example
that raises fails the test naming the page and the line (tools/docs_hooks.py's run_examples,
which `make docs` runs too). A block fenced as ```py
is shown and not run (one that needs a cluster, or writes files). The README's examples are run
by tests/test_readme.py, the docstrings' by tests/test_doctests.py.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from docs_hooks import python_blocks, run_examples  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
#: what a page's examples need beyond the engine
NEEDS = {"AI.md": ["pettingzoo", "pyspiel"]}


def run_page(name: str, text: str) -> None:
    run_examples(f"docs/{name}", text)


def test_the_pages_with_examples_are_found():
    with_examples = [name for name in PAGES if python_blocks((DOCS / name).read_text(encoding="utf-8"))]
    assert {"API.md", "AI.md", "getting-started.md", "POSITION_TEXT.md"} <= set(with_examples)


@pytest.mark.parametrize("name", [n for n in PAGES if "```python" in (DOCS / n).read_text(encoding="utf-8")])
def test_every_example_of_the_page_runs(name, tmp_path):
    for module in NEEDS.get(name, []):
        pytest.importorskip(module)
    cwd = os.getcwd()
    os.chdir(tmp_path)  # an example that writes a file writes it here
    try:
        run_page(name, (DOCS / name).read_text(encoding="utf-8"))
    finally:
        os.chdir(cwd)


def test_an_example_that_raises_fails_with_its_page_and_line():
    text = "# A page\n\nSome words.\n\n```python\nx = 1\ny = x / 0\n```\n"
    with pytest.raises(AssertionError, match=r"docs/broken\.md:7: the example raises ZeroDivisionError"):
        run_page("broken.md", text)
