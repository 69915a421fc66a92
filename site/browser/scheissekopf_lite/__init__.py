"""What the tutorial's browser site sets up in each kernel before the first cell runs.

Only the site carries this package (see site/build.py); the notebooks are the same as
everywhere else. The site starts IPython with ``IPYTHONDIR`` pointing at ``ipython/`` here,
whose startup file calls :func:`setup`:

* The logged tournaments that ``08-bots-and-tournaments`` reads from ``../benchmarks/results``:
  JupyterLite hands the kernel any file whose extension contains "json" as one parsed JSON
  document, so it cannot serve JSON-lines files, and the site's file browser shows the notebooks
  only. This package carries a copy of the logs and lays it, in memory and for this kernel only,
  where the notebook looks: a folder the file browser never lists.
* Completions: the site ships no jedi (see STAND_INS in site/build.py), so IPython's own
  completer answers the Tab key; the kernel asks for jedi's, which would find nothing.
* tqdm's monitor thread: a browser kernel cannot start threads, so tqdm would warn at its first
  bar and turn the monitor off; here it is off from the start and the bar just works. tqdm itself
  is imported only when a notebook first uses it.
"""

from __future__ import annotations

import os
import sys
from importlib.resources import files

DRIVE = "/drive"
RESULTS = f"{DRIVE}/benchmarks/results"
S_IFDIR = 0o040000


def setup() -> None:
    for step in (_logged_results, _completions_without_jedi, _tqdm_without_monitor):
        try:
            step()
        except Exception as exc:  # a kernel that starts matters more than this setup
            print(f"scheissekopf_lite: {step.__name__} failed: {exc!r}")


def _logged_results(target: str = RESULTS) -> None:
    if not os.path.isdir(DRIVE):
        return
    import pyodide_js

    fs = pyodide_js.FS
    if os.path.isdir(target):  # the learner's own copy of the folder: lay the logs over it
        fs.mount(fs.filesystems.MEMFS, {}, target)
    else:
        # A folder node made in memory only (not through the drive, which would store it in the
        # browser and list it), with an in-memory file system mounted on it.
        parent = os.path.dirname(target)
        if not os.path.exists(parent):
            fs.createNode(fs.lookupPath(DRIVE).node, os.path.basename(parent), S_IFDIR | 0o755, 0)
        fs.mount(fs.filesystems.MEMFS, {}, parent)
        os.makedirs(target, exist_ok=True)
    for entry in (files(__name__) / "results").iterdir():
        with open(os.path.join(target, entry.name), "wb") as out:
            out.write(entry.read_bytes())


def _completions_without_jedi() -> None:
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None:
        shell.Completer.use_jedi = False


def _tqdm_without_monitor() -> None:
    # Set as tqdm is imported (only a notebook that uses it pays for loading it).
    if "tqdm" in sys.modules:
        _monitor_off(sys.modules["tqdm"])
        return

    class _Hook:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name != "tqdm":
                return None
            sys.meta_path.remove(_Hook)
            import importlib.util

            spec = importlib.util.find_spec("tqdm")
            if spec is not None and spec.loader is not None:
                loader = spec.loader
                exec_module = loader.exec_module

                def exec_and_turn_off(module):
                    exec_module(module)
                    _monitor_off(module)

                loader.exec_module = exec_and_turn_off  # type: ignore[method-assign]
            return spec

    sys.meta_path.insert(0, _Hook)


def _monitor_off(module) -> None:
    module.tqdm.monitor_interval = 0
