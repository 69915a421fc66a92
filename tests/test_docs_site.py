"""The documentation site builds offline with warnings as errors, and what it generates is complete.

`mkdocs build --strict` (what `make docs` runs) into a temporary folder; then: the API reference
has an entry for every public name of `scheissekopf` and of `scheissekopf.ai`, the command line
page holds every command's help, every notebook has its page with its outputs and the links that
run it, and the lessons' catalogue in docs/LESSONS.md is the one `lessons.catalogue()` gives. A
broken link, a missing anchor or a docstring naming nothing fails the build with page and line.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import docs_hooks  # noqa: E402

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")


def _build(config: Path, site: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)]
    return subprocess.run(mkdocs, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs") / "site"
    run = _build(ROOT / "mkdocs.yml", out)
    assert run.returncode == 0, run.stdout + run.stderr
    assert not re.search(r"^WARNING", run.stderr, re.M), run.stderr
    return out


def _ids(page: Path) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8")))


def test_the_site_builds_offline_with_warnings_as_errors(site):
    assert (site / "index.html").is_file()
    assert (site / "search" / "search_index.json").is_file()
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "strict: true" in config and "font: false" in config


def test_the_reference_has_an_entry_for_every_public_name(site):
    import scheissekopf as sk

    names = docs_hooks.public_names()
    top = {name for name, _ in names["reference/scheissekopf.md"]}
    assert top == {f"scheissekopf.{n}" for n in [*sk.__all__, *sk._WIDGET]}
    ai = {name for name, _ in names["reference/ai.md"]}
    assert {"scheissekopf.ai.pettingzoo_env.env", "scheissekopf.ai.encoding.ObservationLayout"} <= ai
    for page, entries in names.items():
        ids = _ids(site / page.replace(".md", ".html"))
        missing = [name for name, path in entries if path not in ids]
        assert not missing, f"{page}: no entry for {missing}"


def test_the_command_line_page_is_the_programs_help(site):
    text = (site / "cli.html").read_text(encoding="utf-8")
    for command in ("simulate", "show", "tournament", "puzzles"):
        assert f"usage: python -m scheissekopf {command}" in text
    assert "--summarize" in text and "--cluster" in text


def test_every_notebook_has_its_page_with_its_outputs_and_where_to_run_it(site):
    for notebook in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        page = (site / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert f"mybinder.org/v2/gh/scheissekopf/scheissekopf/HEAD?urlpath=lab/tree/notebooks/{notebook.name}" in page
        on_site = f"lab/index.html?path=notebooks/{notebook.name}" in page
        assert on_site == (notebook.name != "10-ai.ipynb"), notebook.name
        assert 'class="nb-output"' not in page  # every output put in place
    tables = (site / "notebooks" / "01-setup.html").read_text(encoding="utf-8")
    assert "draw pile" in tables  # a table as its picture
    charts = (site / "notebooks" / "03-scoring.html").read_text(encoding="utf-8")
    assert '<div class="nb-figure"><svg' in charts  # a chart as SVG


def test_the_lessons_catalogue_is_the_one_the_code_gives():
    text = (ROOT / "docs" / "LESSONS.md").read_text(encoding="utf-8")
    assert docs_hooks.catalogue_in(text) == docs_hooks.catalogue_markdown(), (
        "docs/LESSONS.md's catalogue is out of date: python tools/docs_hooks.py catalogue"
    )


def test_broken_links_and_a_failing_example_fail_the_build_naming_the_page_and_line(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    broken = (
        "# Broken\n\nWords.\n\nSee [a](RULES.md#no-such-heading),\n[b](nowhere.md) and [c](../no/such/file.py).\n"
        "\n```python\nimport scheissekopf as sk\n\nsk.new_game('bitenight', players=99)\n```\n"
    )
    (docs / "broken.md").write_text(broken, encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("docs_dir: docs", f"docs_dir: {docs}").replace(
        "  - tools/docs_hooks.py", f"  - {ROOT / 'tools' / 'docs_hooks.py'}"
    )
    config = config.replace("paths: [.]", f"paths: [{ROOT}]").replace(
        "  - Home: index.md", "  - Home: index.md\n  - broken.md"
    )
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    run = _build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert run.returncode != 0
    said = run.stderr
    assert "docs/broken.md:5: the link 'RULES.md#no-such-heading': RULES.md has no heading or entry" in said
    assert "docs/broken.md:6: the link 'nowhere.md' leads to no page of the site" in said
    assert "docs/broken.md:6: the link '../no/such/file.py' points to no/such/file.py, which does not exist" in said
    assert "docs/broken.md:11: the example raises" in said


def test_a_docstring_naming_nothing_is_an_error_with_its_file_and_line(caplog):
    import docs_griffe
    import griffe

    package = griffe.load("scheissekopf", search_paths=[str(ROOT)])
    paths = [o.path for o in docs_griffe._walk(package)]
    new_game = package["variants"]["new_game"]
    assert new_game.docstring is not None
    new_game.docstring.value = "A game.\n\nSee :func:`no_such_thing` and :class:`Card`."
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.scheissekopf.docstrings"):
        docs_griffe.ReadTheDocstrings()._read(new_game, paths)
    line = new_game.docstring.lineno + 2
    assert [r.getMessage() for r in caplog.records] == [
        f"scheissekopf/variants.py:{line}: the docstring of scheissekopf.variants.new_game names "
        ":func:`no_such_thing`, which does not exist"
    ]
    assert "`Card`" in new_game.docstring.value  # a name that exists stays, as a link or as code


def test_a_docstrings_doctest_is_a_console_block():
    import docs_griffe

    text = "Make one.\n\n>>> 1 + 1\n2\n\nDone."
    assert docs_griffe._doctest_blocks(text) == "Make one.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nDone."


def test_the_static_sites_front_door_links_the_documentation():
    from helpers import load_script

    build = load_script("site/build.py", "site_build_docs_link")
    page = build.front_page('<script id="jupyter-config-data" type="application/json">{}</script>')
    assert f'<a href="{build.DOCS_SITE}">the documentation</a>' in page
    site_url = re.search(r"^site_url: (\S+)$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert site_url and site_url.group(1) == build.DOCS_SITE
