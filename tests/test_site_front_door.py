"""The site's front door as site/build.py writes it, without a site build: every notebook is on
it, and one that cannot run in the browser (notebooks/10-ai.ipynb) says what it needs and where
it runs instead."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
CONFIG = '<script id="jupyter-config-data" type="application/json">{}</script>'
AI_NOTEBOOK = "10-ai.ipynb"


@pytest.fixture(scope="module")
def build():
    return load_script("site/build.py", "site_build_front_door")


@pytest.fixture(scope="module")
def page(build) -> str:
    return build.front_page(CONFIG)


def _first_heading(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "".join(cells[0]["source"]).split("\n", 1)[0].lstrip("# ").strip()


def _item(page: str, title: str) -> str:
    """The front door's list item whose title is ``title``, as text with its links' addresses."""
    for item in re.findall(r"<li>.*?</li>", page, re.S):
        if f"<b>{html.escape(title)}</b>" in item:
            return item
    raise AssertionError(f"no item titled {title!r} on the front door")


def test_every_notebook_is_on_the_front_door(page):
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        _item(page, _first_heading(notebook))


def test_a_notebook_outside_the_browser_says_it_needs_the_ai_extra_and_where_it_runs(page):
    item = _item(page, _first_heading(ROOT / "notebooks" / AI_NOTEBOOK))
    text = html.unescape(re.sub(r"<[^>]+>", "", item))
    # the extra by its name, and each of its packages as people write them
    extra = re.search(r"^ai = \[(.*)\]$", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert extra and "<code>ai</code> extra" in item
    names = {re.sub(r"[^a-z]", "", word.lower()) for word in re.findall(r"[\w-]+", text)}
    for requirement in re.findall(r'"([^"]+)"', extra[1]):
        package = re.match(r"[A-Za-z0-9_.-]+", requirement)[0]
        assert re.sub(r"[^a-z]", "", package.lower()) in names, (package, text)
    # why not here, and where instead: on one's own computer and on Binder
    assert "does not run on this site" in text
    assert "make lab" in text
    binder = re.findall(r'href="(https://mybinder\.org/[^"]+)"', item)
    assert binder and binder[0].endswith(f"urlpath=lab/tree/notebooks/{AI_NOTEBOOK}")
    # the same Binder address as the README's link to the notebook
    assert f"({binder[0]})" in (ROOT / "README.md").read_text(encoding="utf-8")
    # and no way into the site's lab, where it would fail at its first import
    assert "./lab/" not in item


def test_the_notebooks_that_run_in_the_browser_are_the_numbered_list_and_nothing_else(build, page):
    listed = re.findall(r'<li><a href="\./lab/index\.html\?path=notebooks/([^"]+)">', page)
    expected = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.name not in build.NOT_IN_THE_BROWSER)
    assert listed == expected
    assert AI_NOTEBOOK in build.NOT_IN_THE_BROWSER
