"""The README's Python examples run as written (so the documentation cannot drift)."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_examples_run_and_print_what_they_promise():
    blocks = _blocks()
    assert len(blocks) >= 3
    out = io.StringIO()
    namespace = {}
    with contextlib.redirect_stdout(out):
        for code in blocks:
            exec(compile(code, str(README), "exec"), namespace)
    text = out.getvalue()
    # the comments in the first two blocks state these results
    assert "[Move('P2 4D')]" in text
    assert "P3 has no 4C in the hand" in text
    assert "a 7 is on the stack: play 7 or lower" in text
    assert "['??', '??', '??']" in text
    assert "bitenight | P0 5H 9C KD | P1 2C QS | stack 7S\n" in text


def test_readme_is_a_front_page():
    """At most 300 lines, nothing dated or measured (those are on the docs' benchmarks page), and
    every section a reader looks for."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text), "a date in the README"
    assert not re.search(r"\d[\d,.]* ?(moves/s|games/s|MiB|µs|ms)\b", text), "a measured figure in the README"
    for heading in ("## The six games", "## The engine in five minutes", "## Command line", "## Documentation"):
        assert heading in text
    for extra in ("widget", "lab", "ai"):
        assert f'"scheissekopf[{extra}]"' in text
    assert "make lab" in text and "make test" in text


def test_readme_links_lead_to_files_that_exist():
    text = README.read_text(encoding="utf-8")
    links = [target for target in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", target)]
    assert links
    missing = [target for target in links if not (README.parent / target.split("#")[0]).exists()]
    assert not missing, missing
