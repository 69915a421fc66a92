"""The progress bar of long runs (simulations, tournaments, puzzle searches).

In a Jupyter notebook (JupyterLab, or the static JupyterLite site) the bar is tqdm's widget, drawn
under the running cell and updated while it runs; on a terminal it is tqdm's text bar on stderr;
anywhere else (a pipe, a log file, tqdm or ipywidgets not installed) there is no bar at all.
"""

from __future__ import annotations

import sys


class _Null:
    def update(self, n=1):
        pass

    def close(self):
        pass


def in_notebook() -> bool:
    """True inside a Jupyter kernel: IPython's kernel (JupyterLab) or Pyodide's (JupyterLite)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # an IPython too old or too odd to ask: no widget
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def progress_bar(total, enabled, unit: str = "game", desc: str | None = None):
    """A progress bar over ``total`` steps (each one ``unit``; ``desc`` labels the widget, the
    units in the plural by default) when ``enabled``: tqdm's widget in a notebook, tqdm's text bar
    when stderr is a terminal; else an object with the same ``update``/``close`` that does
    nothing."""
    if not enabled:
        return _Null()
    if in_notebook():
        try:
            import ipywidgets  # noqa: F401  (tqdm's widget needs it; without it, no bar)
            from tqdm.notebook import tqdm as notebook_tqdm

            return notebook_tqdm(total=total, unit=unit, desc=desc or f"{unit}s")
        except ImportError:
            return _Null()
    if sys.stderr.isatty():
        try:
            from tqdm import tqdm

            return tqdm(total=total, unit=unit, file=sys.stderr, leave=False)
        except ImportError:
            pass
    return _Null()
