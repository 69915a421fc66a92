"""The progress bar of long runs (simulations, tournaments, puzzle searches).

In a Jupyter notebook (JupyterLab, or the static JupyterLite site) the bar is tqdm's widget, drawn
under the running cell and updated while it runs; on a terminal it is tqdm's text bar on stderr;
anywhere else (a pipe, a log file, tqdm or ipywidgets not installed) there is no bar at all.
Either bar says its pace in words ("4.6 matches a second", "2.3 s per game"), not in tqdm's
units glued to the number ("4.61match/s").
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


def plural(unit: str) -> str:
    """``unit`` in the plural: game → games, match → matches."""
    return unit + ("es" if unit.endswith(("s", "sh", "ch", "x")) else "s")


def rate_words(rate: float | None, unit: str = "game") -> str:
    """The pace of a run in words: ``"4.6 matches a second"``, or ``"2.3 s per match"`` when a
    step takes longer than a second; ``""`` while there is no pace yet."""
    if not rate or rate <= 0:
        return ""
    if rate >= 1:
        return f"{rate:.1f} {plural(unit)} a second"
    return f"{1 / rate:.1f} s per {unit}"


# tqdm's own layout, with the pace in words where tqdm writes "4.61match/s"; "{desc}: " is left
# out by tqdm when there is no description (the text bar).
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}{pace}]"


def with_pace_in_words(base, unit: str):
    """A subclass of the tqdm class ``base`` whose bar says its pace with :func:`rate_words`."""

    class Bar(base):
        @property
        def format_dict(self):
            d = super().format_dict
            rate = d.get("rate")
            if rate is None and d.get("elapsed"):
                rate = (d["n"] - d.get("initial", 0)) / d["elapsed"]
            words = rate_words(rate, unit)
            return {**d, "pace": f", {words}" if words else ""}

    return Bar


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

            bar = with_pace_in_words(notebook_tqdm, unit)
            return bar(total=total, unit=unit, desc=desc or plural(unit), bar_format=BAR_FORMAT)
        except ImportError:
            return _Null()
    if sys.stderr.isatty():
        try:
            from tqdm import tqdm

            bar = with_pace_in_words(tqdm, unit)
            return bar(total=total, unit=unit, file=sys.stderr, leave=False, bar_format=BAR_FORMAT)
        except ImportError:
            pass
    return _Null()
