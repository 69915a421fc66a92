"""What the tutorial's browser site sets up in each kernel before the first cell runs.

Only the site carries this package (see site/build.py); the notebooks are the same as
everywhere else. The site starts IPython with ``IPYTHONDIR`` pointing at ``ipython/`` here,
whose startup file calls :func:`setup`:

* The logged tournaments that ``08-bots-and-tournaments`` reads from ``../benchmarks/results``:
  JupyterLite hands the kernel any file whose extension contains "json" as one parsed JSON
  document, so it cannot serve JSON-lines files. This package carries a copy of them and lays
  it over that folder, in memory, for this kernel.
* tqdm's monitor thread: a browser kernel cannot start threads, so tqdm would warn at its first
  bar and turn the monitor off; here it is off from the start and the bar just works.

Beside this package the site carries a stand-in ``matplotlib``: there is no build of matplotlib
(or numpy) for Pyodide on PyPI, so plotting cells run without drawing and say so in one line.
"""

from __future__ import annotations

import os
from importlib.resources import files

RESULTS = "/drive/benchmarks/results"


def setup() -> None:
    for step in (_logged_results, _tqdm_without_monitor):
        try:
            step()
        except Exception as exc:  # a kernel that starts matters more than this setup
            print(f"scheissekopf_lite: {step.__name__} failed: {exc!r}")


def _logged_results(target: str = RESULTS) -> None:
    if not os.path.isdir(target):
        return
    import pyodide_js

    fs = pyodide_js.FS
    fs.mount(fs.filesystems.MEMFS, {}, target)
    for entry in (files(__name__) / "results").iterdir():
        with open(os.path.join(target, entry.name), "wb") as out:
            out.write(entry.read_bytes())


def _tqdm_without_monitor() -> None:
    import tqdm

    tqdm.tqdm.monitor_interval = 0
