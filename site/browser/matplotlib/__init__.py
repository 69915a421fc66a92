"""A stand-in for matplotlib in the tutorial's browser site (only the site carries it).

matplotlib (and numpy under it) has no build for Pyodide on PyPI, so the site cannot carry the
real one. This stand-in lets the notebooks' plotting cells run without drawing anything:
``pyplot.show()`` says in one line that the plot is not drawn. Everything else the notebooks
compute and check runs as usual. Outside the site the real matplotlib is used.
"""

__version__ = "0+stand.in"
STAND_IN = True


def use(*args, **kwargs):
    pass
