"""Run every tutorial notebook and store its outputs, so that a notebook viewer (GitHub, nbviewer)
shows each table as its picture, each chart and every line the cells print.

    python tools/notebook_outputs.py            # every notebook in notebooks/
    python tools/notebook_outputs.py 03 08      # only the notebooks whose names start so
    python tools/notebook_outputs.py --check    # say which stored outputs are stale; write nothing

(``make notebook-outputs`` runs the first form in the project's environment.) The kernel imports
the package of this checkout. What is stored is what a fresh "Run All" shows, without what changes
from run to run, so that running this twice gives the same files byte for byte:

* execution counts are 1, 2, 3, ... in the order of the code cells (nbval compares only cells
  with a count, so a count stays; it is never the one of a particular session);
* no timings or other execution metadata, no widget state, no widget views (their model ids are
  new each run, and a viewer cannot draw them: every table output carries its picture as
  ``text/html`` beside the view, and that is what is kept);
* streams are joined as a front end shows them;
* where a cell's outputs differ from those stored only in what nbval lets differ (a timing), the
  stored ones stay;
* a widget without a picture of its own (a progress bar, a button) is not stored, and its cell
  is tagged ``nbval-ignore-output`` (nbval would miss the widget's text line), which a learner
  does not see.

nbval compares the stored outputs with what the code produces (``tools/nbval-sanitize.cfg``
lists what may legitimately differ), so after changing what a table draws or a cell prints, run
this and commit the notebooks.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient
from nbval.kernel import CURRENT_ENV_KERNEL_NAME, NbvalKernelspecManager

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# Metadata of a notebook or a cell that one run writes and the next would write differently.
VOLATILE_NOTEBOOK_METADATA = ("widgets",)
VOLATILE_CELL_METADATA = ("execution", "ExecuteTime", "collapsed", "scrolled")
ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{4,}")


def _stream_text(text) -> str:
    return "".join(text) if isinstance(text, list) else text


IGNORE_TAG = "nbval-ignore-output"


def is_bare_widget(out) -> bool:
    """A widget that has no picture of its own (a button, a progress bar): a viewer could show
    only its ``text/plain``, a line of Python internals or a bar frozen at 0 %."""
    data = out.get("data", {})
    return WIDGET_VIEW in data and set(data) - {WIDGET_VIEW, WIDGET_STATE} <= {"text/plain"}


def clean_outputs(outputs: list, count: int) -> list:
    """The outputs of one cell as they are stored: no widget views, execution count ``count``,
    consecutive streams of the same name joined, carriage returns applied."""
    kept: list = []
    for out in outputs:
        kind = out["output_type"]
        if kind == "stream":
            text = _stream_text(out["text"])
            if kept and kept[-1]["output_type"] == "stream" and kept[-1]["name"] == out["name"]:
                kept[-1]["text"] += text
            else:
                kept.append(nbformat.v4.new_output("stream", name=out["name"], text=text))
            continue
        if kind in ("display_data", "execute_result"):
            if is_bare_widget(out):
                continue
            data = {k: v for k, v in out.get("data", {}).items() if k not in (WIDGET_VIEW, WIDGET_STATE)}
            metadata = {k: v for k, v in out.get("metadata", {}).items() if k not in (WIDGET_VIEW, WIDGET_STATE)}
            if kind == "execute_result":
                kept.append(nbformat.v4.new_output(kind, data=data, metadata=metadata, execution_count=count))
            else:
                kept.append(nbformat.v4.new_output(kind, data=data, metadata=metadata))
            continue
        kept.append(out)  # an error: kept, so that the check below names it
    for out in kept:
        if out["output_type"] == "stream":
            out["text"] = _apply_carriage_returns(out["text"])
    return kept


def _apply_carriage_returns(text: str) -> str:
    """What a front end shows of text that redraws a line with ``\\r`` (a text progress bar)."""
    if "\r" not in text:
        return text
    return "\n".join(line.rsplit("\r", 1)[-1] for line in text.split("\n"))


SANITIZE = ROOT / "tools" / "nbval-sanitize.cfg"


def sanitized(outputs: list) -> str:
    """The outputs as nbval compares them: with what may differ from run to run (a timing, an
    address) replaced as ``tools/nbval-sanitize.cfg`` says."""
    from nbval.plugin import get_sanitize_patterns

    text = json.dumps(outputs, sort_keys=True, ensure_ascii=False)
    for regex, replace in get_sanitize_patterns(SANITIZE.read_text(encoding="utf-8")):
        text = re.sub(regex, replace, text)
    return text


def keep_stored(nb, stored) -> None:
    """Where a cell's new outputs differ from the stored ones only in what nbval lets differ (the
    seconds a search took), keep the stored ones: a rerun changes no file without a reason. A cell
    tagged ``nbval-ignore-output`` (it shows a progress bar, which nbval cannot compare) is
    treated alike: what it prints must still be what it prints now, or a viewer reads a stale
    report beside a fresh chart of the same run."""
    before = {cell.get("id"): cell for cell in stored.cells if cell.cell_type == "code"}
    for cell in nb.cells:
        old = before.get(cell.get("id"))
        if cell.cell_type == "code" and old is not None and old.source == cell.source:
            if old.outputs != cell.outputs and sanitized(old.outputs) == sanitized(cell.outputs):
                cell.outputs = old.outputs


def clean(nb) -> list[str]:
    """Make ``nb`` (just executed) what is stored; returns the problems found in its outputs."""
    problems = []
    for key in VOLATILE_NOTEBOOK_METADATA:
        nb.metadata.pop(key, None)
    nb.metadata.get("language_info", {}).pop("version", None)
    for key in ("codemirror_mode", "file_extension", "mimetype", "nbconvert_exporter"):
        nb.metadata.get("language_info", {}).pop(key, None)
    count = 0
    for index, cell in enumerate(nb.cells):
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
        if cell.cell_type != "code":
            continue
        count += 1
        cell.execution_count = count
        tags = cell.metadata.get("tags", [])
        if any(is_bare_widget(out) for out in cell.outputs) and IGNORE_TAG not in tags:
            # nbval would meet the widget's text/plain that is not stored: it does not compare
            # this cell's outputs (the cell must still run without an error).
            cell.metadata["tags"] = [*tags, IGNORE_TAG]
        cell.outputs = clean_outputs(cell.outputs, count)
        for out in cell.outputs:
            if out["output_type"] == "error":
                problems.append(f"cell {index} raised {out['ename']}: {out['evalue']}")
            text = str(out.get("text", "")) + str(out.get("data", {}).get("text/plain", ""))
            if ADDRESS.search(text):
                problems.append(f"cell {index} prints an object's address: {ADDRESS.search(text).group()}")
    return problems


def changed_cells(nb, path: Path) -> list[str]:
    """The ids of the cells whose new outputs are not those stored in ``path``."""
    stored = {cell.get("id"): cell for cell in nbformat.read(path, as_version=4).cells}
    return [
        str(cell.get("id"))
        for cell in nb.cells
        if cell.cell_type == "code"
        and (cell.get("id") not in stored or stored[cell.get("id")].get("outputs") != cell.outputs)
    ]


def execute(path: Path, timeout: int) -> nbformat.NotebookNode:
    nb = nbformat.read(path, as_version=4)
    # The kernel nbval's --nbval-current-env starts: ipykernel of this very Python, whatever
    # kernels are installed elsewhere.
    km = KernelManager(kernel_name=CURRENT_ENV_KERNEL_NAME, kernel_spec_manager=NbvalKernelspecManager())
    client = NotebookClient(
        nb,
        km=km,
        timeout=timeout,
        allow_errors=True,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    return nb


def text_of(nb) -> str:
    return nbformat.writes(nb) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="only the notebooks whose file names start with these")
    parser.add_argument("--check", action="store_true", help="report stale notebooks; write nothing")
    parser.add_argument("--timeout", type=int, default=900, help="seconds a cell may run (default 900)")
    args = parser.parse_args(argv)
    # The kernel (a child process) imports the package of this checkout, whatever is installed.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    paths = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if not args.names or p.name.startswith(tuple(args.names)))
    if not paths:
        print("no notebook matches", " ".join(args.names), file=sys.stderr)
        return 2
    failed = stale = 0
    begin = time.perf_counter()
    for path in paths:
        start = time.perf_counter()
        nb = execute(path, args.timeout)
        problems = clean(nb)
        keep_stored(nb, nbformat.read(path, as_version=4))
        new = text_of(nb)
        changed = new != path.read_text(encoding="utf-8")
        took = time.perf_counter() - start
        if problems:
            failed += 1
            print(f"{path.name}: NOT written ({took:.0f} s)", *problems, sep="\n  ", file=sys.stderr)
            continue
        if args.check:
            stale += changed
            print(f"{path.name}: {'stale' if changed else 'up to date'} ({took:.0f} s)")
            if changed:
                print("  cells whose outputs differ:", ", ".join(changed_cells(nb, path)))
        else:
            if changed:
                path.write_text(new, encoding="utf-8")
            print(f"{path.name}: {'written' if changed else 'unchanged'} ({took:.0f} s)")
    print(f"{len(paths)} notebooks in {time.perf_counter() - begin:.0f} s")
    return 1 if failed or stale else 0


if __name__ == "__main__":
    sys.exit(main())
