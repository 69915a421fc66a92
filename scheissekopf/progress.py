"""The progress bar of long runs (simulations, tournaments): tqdm on a terminal, else nothing."""

from __future__ import annotations

import sys


class _Null:
    def update(self, n=1):
        pass

    def close(self):
        pass


def progress_bar(total, enabled):
    """A tqdm progress bar over ``total`` games when ``enabled``, tqdm is installed and stderr
    is a terminal; else an object with the same ``update``/``close`` that does nothing."""
    if enabled and sys.stderr.isatty():
        try:
            from tqdm import tqdm

            return tqdm(total=total, unit="game", file=sys.stderr, leave=False)
        except ImportError:
            pass
    return _Null()
