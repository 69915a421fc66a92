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
