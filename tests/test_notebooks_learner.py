"""The notebooks' closing checks hold whatever a learner did at their tables.

Each notebook is run top to bottom in a real kernel (as Run All does). Then a learner acts on
every table the notebook made, found by walking the kernel's names (tests/learner.py: a card that
does not fit, a legal move, Undo, Next and Back, Clear in an editor, every exercise tried wrong,
hinted and solved), and the notebook's checks, the code cells of its last "Check..." section, are
run again: they must pass, because they check their own copies of what was shown, never the
tables the learner played on.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
CHECKS = re.compile(r"^##\s+Check", re.MULTILINE)


def check_cells(nb) -> list[int]:
    """The indices of the code cells in the notebook's last "## Check..." section (up to the next
    heading, if any)."""
    heading = max(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and CHECKS.search(c.source))
    cells = []
    for i in range(heading + 1, len(nb.cells)):
        if nb.cells[i].cell_type == "markdown" and nb.cells[i].source.lstrip().startswith("#"):
            break
        if nb.cells[i].cell_type == "code":
            cells.append(i)
    return cells


def _output_text(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")


def _widget_outputs(cell) -> int:
    return sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.outputs)


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_checks_pass_again_after_a_learner_played_at_every_table(path):
    nb = nbformat.read(path, as_version=4)
    checks = check_cells(nb)
    assert checks, f"{path.name} has no checks under a '## Check' heading"
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                client.execute_cell(cell, index)
        first_checks = "".join(_output_text(nb.cells[i]) for i in checks)
        assert "all checks passed" in first_checks or "checked" in first_checks

        # long runs (a tournament, a series of matches) show a progress bar: tqdm's widget
        for cell in nb.cells:
            if cell.cell_type == "code" and ("tournament.run(" in cell.source or "progress_bar(" in cell.source):
                assert _widget_outputs(cell) >= 1, f"no progress bar under:\n{cell.source}"

        learner = nbformat.v4.new_code_cell(
            "import sys as _sys\n"
            f"_sys.path.insert(0, {str(ROOT / 'tests')!r})\n"
            "import learner as _learner\n"
            "_did = _learner.act_everywhere(globals())\n"
            "print(len(_did), 'tables')\n"
            "print('\\n'.join(_did))\n"
        )
        nb.cells.append(learner)
        client.execute_cell(learner, len(nb.cells) - 1)
        did = _output_text(learner)
        print(path.name, did)
        shown = sum(c.cell_type == "code" and ("sk.Table" in c.source or "LessonTable(" in c.source) for c in nb.cells)
        if shown:
            assert not did.startswith("0 tables"), did
        for index in checks:  # a CellExecutionError (the traceback of a failed check) fails the test
            nb.cells[index].outputs = []
            client.execute_cell(nb.cells[index], index)
        again = "".join(_output_text(nb.cells[i]) for i in checks)
        assert again.strip() == first_checks.strip(), (did, again)
