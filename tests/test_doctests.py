"""The examples in the package's docstrings run as written (doctest), and so do the examples
of the docs that hold code (docs/AI.md, docs/POSITION_TEXT.md): every code block, every position
text, every figure the doc gives."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import re
from pathlib import Path

import pytest

import scheissekopf
import scheissekopf as sk

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


# ------------------------------------------------------------------ the examples in docs/*.md
DOCS = Path(__file__).resolve().parent.parent / "docs"
#: the docs whose examples run as written: each ```python block in order, in one namespace per
#: doc; a block followed by "prints `...`" must print that (each backquoted part a line)
RUNNABLE_DOCS = ["AI.md", "POSITION_TEXT.md"]
#: what a doc's examples need beyond the engine
DOC_NEEDS = {"AI.md": ["pettingzoo", "pyspiel", "open_spiel"]}


def _python_blocks(text):
    """``(code, expected lines or None)`` for each ```python block of ``text``."""
    blocks = []
    for m in re.finditer(r"```python\n(.*?)```\n(?:\nprints (.+?)\.\n)?", text, re.S):
        said = m.group(2)
        blocks.append((m.group(1), re.findall(r"`([^`]*)`", said) if said else None))
    return blocks


def test_the_docs_that_hold_examples_are_the_ones_run():
    assert set(RUNNABLE_DOCS) <= {p.name for p in DOCS.glob("*.md") if "```python" in p.read_text(encoding="utf-8")}
    for name in RUNNABLE_DOCS:
        assert _python_blocks((DOCS / name).read_text(encoding="utf-8")), f"{name} has no example"


@pytest.mark.parametrize("name", RUNNABLE_DOCS)
def test_every_code_example_in_the_doc_runs_as_written(name):
    for module in DOC_NEEDS.get(name, []):
        pytest.importorskip(module)
    namespace: dict = {}
    for i, (code, expected) in enumerate(_python_blocks((DOCS / name).read_text(encoding="utf-8"))):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{name}, example {i + 1}", "exec"), namespace)
        if expected is not None:
            assert out.getvalue().splitlines() == expected, f"{name}, example {i + 1}"


def _fenced(text):
    """``(language, lines)`` of every fenced block of a Markdown text."""
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current = (line[3:].strip(), [])
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current[1].append(line)
    return blocks


def _position_lines(text):
    """Every line of the plain blocks that is a position text (starts with a variant word)."""
    return [
        line
        for language, lines in _fenced(text)
        if not language
        for line in lines
        if "|" in line and line.split("|")[0].strip() in sk.ALL_VARIANTS
    ]


def test_every_position_text_in_the_position_text_doc_reads():
    from scheissekopf.variants import text_to_dict

    lines = _position_lines((DOCS / "POSITION_TEXT.md").read_text(encoding="utf-8"))
    assert len(lines) >= 20
    for line in lines:
        d = text_to_dict(line)
        assert text_to_dict(sk.to_text(d)) == d, line
        if "??" not in line:  # a full position: a game
            sk.from_text(line)


def test_the_ai_doc_gives_the_sizes_the_code_has():
    pytest.importorskip("pettingzoo")
    from scheissekopf.ai.encoding import ObservationLayout

    text = (DOCS / "AI.md").read_text(encoding="utf-8")

    def figure(pattern):
        m = re.search(pattern, text)
        assert m, pattern
        return int(m.group(1).replace(",", ""))

    bitenight, schafkopf = ObservationLayout("bitenight", 4), ObservationLayout("schafkopf", 4)
    assert figure(r"Bitenight at 4 players: ([\d,]+) numbers") == bitenight.size
    assert figure(r"Schafkopf at 4 players: ([\d,]+) numbers") == schafkopf.size
    assert figure(r"bitenight at four players: ([\d,]+) actions") == bitenight.actions.size
    assert figure(r"schafkopf ([\d,]+) actions") == schafkopf.actions.size
    played_by = 4 * len(schafkopf.faces)
    assert figure(r"`played_by`, n × D, below: ([\d,]+) numbers") == schafkopf.size + played_by
    assert figure(r"`played_by`, n × K: ([\d,]+) numbers") == bitenight.size + 4 * len(bitenight.faces)
