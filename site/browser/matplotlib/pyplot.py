"""pyplot without plots: figures and axes accept every call and draw nothing (see the package)."""

MESSAGE = (
    "(plot not drawn: matplotlib has no build for Pyodide on PyPI, so the browser "
    "tutorial has none; JupyterLab or Binder draw it)"
)


class _Inert:
    """Accepts any method call or attribute and does nothing; what it returns is inert too."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Inert()

    def __call__(self, *args, **kwargs):
        return _Inert()

    def __repr__(self):
        return "<no plot>"


def figure(*args, **kwargs):
    return _Inert()


def subplots(nrows=1, ncols=1, *, squeeze=True, **kwargs):
    """A figure and axes in the shapes matplotlib returns: one axes, a row or column of them, or
    a list of rows."""
    axes = [[_Inert() for _ in range(ncols)] for _ in range(nrows)]
    if squeeze and nrows == 1 and ncols == 1:
        return _Inert(), axes[0][0]
    if squeeze and (nrows == 1 or ncols == 1):
        return _Inert(), [row[0] for row in axes] if ncols == 1 else axes[0]
    return _Inert(), axes


def show(*args, **kwargs):
    print(MESSAGE)


def __getattr__(name):
    # plt.plot, plt.title, plt.savefig, ...: accepted, nothing drawn
    if name.startswith("__"):
        raise AttributeError(name)
    return _Inert()
