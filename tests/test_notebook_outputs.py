"""The notebooks are committed with their outputs, so that a notebook viewer (GitHub, nbviewer)
shows every table as its picture, every chart and every printed line; nbval compares those
outputs with a new run (pyproject.toml). tools/notebook_outputs.py writes them. These tests hold
what is stored to that: a picture for every table, nothing that changes from run to run, and the
same bytes from two runs; and JupyterLab still shows the live table once the cells run.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from helpers import ARTIFACTS, _errors_in, load_script

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
VEGALITE = "application/vnd.vegalite.v5+json"
# what a table, a scene or a lesson says of itself as text/plain (their __repr__)
TABLE_TEXT = re.compile(r"^(Table|Scene)\(|^<LessonTable ")


def _tool():
    return load_script("tools/notebook_outputs.py")


def _outputs(nb):
    for index, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            yield index, cell, out


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stored_table_output_is_a_picture_of_the_table_on_its_felt_and_every_chart_an_svg(path):
    from scheissekopf.drawing import FELT

    nb = json.loads(path.read_text(encoding="utf-8"))
    assert any(cell.get("outputs") for cell in nb["cells"]), f"{path.name} is stored without outputs"
    tables = 0
    for index, _cell, out in _outputs(nb):
        data = out.get("data", {})
        if VEGALITE in data:
            assert _text(data.get("image/svg+xml", "")).startswith("<svg"), (
                f"{path.name}, cell {index}: a chart without its picture for a viewer"
            )
        if not TABLE_TEXT.match(_text(data.get("text/plain", ""))):
            continue
        tables += 1
        picture = _text(data.get("text/html", ""))
        assert 'class="scheissekopf-table"' in picture and FELT in picture, (
            f"{path.name}, cell {index}: a table output without its picture"
        )
    sources = "".join(_text(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    if "sk.Table" in sources or "LessonTable(" in sources:
        assert tables, f"{path.name} makes tables but stores no picture of one"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_stored_output_holds_what_changes_from_run_to_run(path):
    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    assert "widgets" not in nb["metadata"], "widget state is stored"
    assert "version" not in nb["metadata"].get("language_info", {}), "the Python version of one machine is stored"
    assert "model_id" not in text and WIDGET_VIEW not in text and WIDGET_STATE not in text
    assert not re.search(r"\bat 0x[0-9a-fA-F]{4,}", text), "an object's address is stored"
    code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
    # The counts are those of one fresh Run All (nbval compares only cells that have one).
    assert [cell["execution_count"] for cell in code] == list(range(1, len(code) + 1))
    for index, cell, out in _outputs(nb):
        assert "execution" not in cell["metadata"], f"cell {index} stores its timings"
        assert out["output_type"] != "error", f"cell {index} stores an error"
        if out["output_type"] == "execute_result":
            assert out["execution_count"] == cell["execution_count"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_stored_notebook_is_laid_out_as_the_tool_writes_it(path):
    """Byte for byte what tools/notebook_outputs.py would write for the same outputs, so a rerun
    that finds nothing new changes no file (a notebook edited and saved by hand shows up here:
    run ``make notebook-outputs``)."""
    import nbformat

    tool = _tool()
    nb = nbformat.read(path, as_version=4)
    assert tool.text_of(nb) == path.read_text(encoding="utf-8")


def test_the_table_classes_carry_their_picture_beside_the_live_view():
    import scheissekopf as sk
    from scheissekopf.render import game_html

    game = sk.new_game("bitenight", players=4, seed=7)
    for table, view in ((sk.Table(game.clone()), None), (sk.Table(game.clone(), view=0), 0)):
        bundle = table._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert data[WIDGET_VIEW]["model_id"] == table.model_id
        assert data["text/html"] == game_html(table.game, view)
    # the picture of a seat's table shows only what that seat sees
    hidden = sk.Table(game.clone(), view=0)._repr_mimebundle_()[0]["text/html"]
    assert hidden != game_html(game, None)

    lesson = sk.LessonTable("bitenight-four")
    data = lesson._repr_mimebundle_()
    assert data[WIDGET_VIEW]["model_id"] == lesson.model_id
    assert lesson.exercise.goal.split()[0] in data["text/html"]
    assert data["text/html"].endswith(game_html(lesson.table.game, lesson.table._view))


STORED = [
    "import scheissekopf as sk\nfrom scheissekopf.progress import progress_bar\nimport time",
    'sk.Table(sk.new_game("bitenight", players=4, seed=7))',
    'sk.LessonTable("bitenight-four")',
    "bar = progress_bar(3, True)\nfor _ in range(3):\n    bar.update()\nbar.close()\nprint('done')",
    "start = time.perf_counter()\nprint(f'took {time.perf_counter() - start:.1f} s')",
]


@pytest.mark.slow
def test_storing_the_outputs_twice_gives_the_same_bytes_without_widget_ids(tmp_path, monkeypatch):
    import nbformat

    tool = _tool()
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    path = tmp_path / "stored.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s, id=f"c{i}") for i, s in enumerate(STORED)])
    nbformat.write(nb, path)
    texts = []
    for _ in range(2):
        ran = tool.execute(path, timeout=120)
        assert tool.clean(ran) == []
        texts.append(tool.text_of(ran))
    assert texts[0] == texts[1]
    stored = json.loads(texts[0])
    assert "model_id" not in texts[0] and "widgets" not in stored["metadata"]
    cells = stored["cells"]
    assert [c["execution_count"] for c in cells] == [1, 2, 3, 4, 5]
    for cell in cells[1:3]:
        (out,) = cell["outputs"]
        assert set(out["data"]) == {"text/html", "text/plain"}
        assert 'class="scheissekopf-table"' in _text(out["data"]["text/html"])
    # the progress bar is not stored and its cell is not compared; what it printed is stored
    assert cells[3]["metadata"]["tags"] == ["nbval-ignore-output"]
    assert [o["output_type"] for o in cells[3]["outputs"]] == ["stream"]
    assert _text(cells[3]["outputs"][0]["text"]) == "done\n"
    assert "tags" not in cells[4]["metadata"]


def test_the_sanitizer_lets_only_timings_addresses_and_ids_differ():
    from nbval.plugin import get_sanitize_patterns

    patterns = dict(get_sanitize_patterns((ROOT / "tools" / "nbval-sanitize.cfg").read_text()))

    def sanitize(s: str) -> str:
        for regex, replace in patterns.items():
            s = re.sub(regex, replace, s)
        return s

    assert sanitize("599 playouts, 2.1 s") == sanitize("599 playouts, 0.4 s")
    assert sanitize("0.15 CPU s per game; 17 s wall") == sanitize("0.2 CPU s per game; 9 s wall")
    assert sanitize("<Foo object at 0x7f3a2b1c>") == sanitize("<Foo object at 0x7f99aa00>")
    # what the game says must still be compared
    assert sanitize("Cleo plays 4♦.") != sanitize("Cleo plays 5♦.")
    assert sanitize("seat 0 (GreedyBot):  17.3 points per match") != sanitize(
        "seat 0 (GreedyBot):  17.4 points per match"
    )


def test_jupyterlab_shows_the_stored_picture_first_and_the_live_table_once_the_cell_runs(lab, chromium):
    """A notebook opened as stored shows each table's picture; after Run All the same output is
    the live table (the widget view is the richer mimetype), not the picture."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    base, token, root = lab
    name = "as-stored-01-setup.ipynb"
    shutil.copy(ROOT / "notebooks" / "01-setup.ipynb", root / name)
    page = chromium.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(60_000)
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}")
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has_text="g.play(opening)")
    output = cell.locator(".jp-OutputArea-output").last
    expect(output.locator(".scheissekopf-table")).to_be_visible()
    expect(output.locator(".sk-table")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    output.screenshot(path=ARTIFACTS / "stored-picture.png")

    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    live = cell.locator(".jp-OutputArea-output .sk-table .sk-felt")
    expect(live).to_be_visible(timeout=180_000)
    expect(cell.locator(".jp-OutputArea-output .scheissekopf-table")).to_have_count(0)
    assert _errors_in(page) == ""
    cell.locator(".jp-OutputArea-output").last.screenshot(path=ARTIFACTS / "stored-then-live.png")
    page.close()


def test_a_rerun_keeps_the_stored_outputs_that_differ_only_in_a_timing():
    import nbformat

    tool = _tool()

    def notebook(*texts):
        cells = [nbformat.v4.new_code_cell("print(x)", id=f"c{i}") for i in range(len(texts))]
        for cell, text in zip(cells, texts):
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
        return nbformat.v4.new_notebook(cells=cells)

    stored = notebook("599 playouts, 2.1 s\n", "Cleo plays 4♦.\n")
    new = notebook("599 playouts, 3.7 s\n", "Cleo plays 5♦.\n")
    tool.keep_stored(new, stored)
    assert [c.outputs[0]["text"] for c in new.cells] == ["599 playouts, 2.1 s\n", "Cleo plays 5♦.\n"]


def test_the_site_ships_the_notebooks_without_their_stored_outputs():
    """On the static site the first cell says Python is loading and every table is drawn by the
    page's own run, so the site's copy leaves the stored outputs out (site/build.py)."""
    pytest.importorskip("packaging")
    build = load_script("site/build.py", "site_build")
    for path in NOTEBOOKS:
        shipped = json.loads(build.without_outputs(path.read_text(encoding="utf-8")))
        stored = json.loads(path.read_text(encoding="utf-8"))
        assert [c["source"] for c in shipped["cells"]] == [c["source"] for c in stored["cells"]]
        for cell in shipped["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None
