"""Without an optional extra the engine works, and each part that needs the extra says which one
to install instead of failing with a bare import error. Run in a fresh interpreter in which the
extras' packages cannot be imported, as after ``pip install scheissekopf``."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# What the widget, cli and lab extras install (pyproject.toml), and what they pull in.
NOT_INSTALLED = ("anywidget", "ipywidgets", "traitlets", "IPython", "tqdm", "matplotlib", "jupyterlab")

SCRIPT = textwrap.dedent(
    """
    import json, sys

    BLOCKED = set(sys.argv[1].split(","))

    class NotInstalled:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NotInstalled())

    import scheissekopf as sk
    from scheissekopf import lessons
    from scheissekopf.cli import main

    g = sk.new_game("bitenight", players=3, seed=1)
    for seat in range(3):
        g.play(f"P{seat} ready")
    engine_works = g.phase == "play" and lessons.exercise("bn-four-nines").check("9C 9D").accepted
    cli_works = main(["simulate", "--games", "3", "--json"]) == 0  # no tqdm: no progress bar

    star = {}
    exec("from scheissekopf import *", star)

    refused = {}
    tries = {
        "sk.Table": lambda: sk.Table(g),
        "sk.Scene": lambda: sk.Scene([(g, "a caption")]),
        "sk.LessonTable": lambda: sk.LessonTable("bitenight-four"),
        "import scheissekopf.table": lambda: __import__("scheissekopf.table"),
        "import scheissekopf.lessons.widget": lambda: __import__("scheissekopf.lessons.widget"),
    }
    for what, attempt in tries.items():
        try:
            attempt()
        except ImportError as exc:
            refused[what] = {"type": type(exc).__name__, "message": str(exc), "name": exc.name}
    print(json.dumps({"engine": engine_works, "cli": cli_works, "star": sorted(k for k in star if k != "__builtins__"),
                      "refused": refused}))
    """
)


def run_without(*modules):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, ",".join(modules)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_without_the_extras_the_engine_works_and_each_widget_names_the_extra_to_install():
    found = run_without(*NOT_INSTALLED)
    assert found["engine"] and found["cli"]
    assert {"new_game", "Game", "IllegalMove"} <= set(found["star"])
    assert not {"Table", "Scene", "LessonTable"} & set(found["star"])
    assert set(found["refused"]) == {
        "sk.Table",
        "sk.Scene",
        "sk.LessonTable",
        "import scheissekopf.table",
        "import scheissekopf.lessons.widget",
    }
    for what, exc in found["refused"].items():
        assert exc["type"] == "MissingExtra", what
        assert 'pip install "scheissekopf[widget]"' in exc["message"], what
        assert exc["name"] in NOT_INSTALLED
    assert "sk.Table" in found["refused"]["sk.Table"]["message"]
    assert "sk.LessonTable" in found["refused"]["sk.LessonTable"]["message"]


def test_the_extra_is_named_whichever_of_its_packages_is_missing():
    found = run_without("anywidget")  # ipywidgets there, anywidget not
    assert found["engine"] and found["cli"]
    for what in ("sk.Table", "sk.LessonTable"):
        assert found["refused"][what]["name"] == "anywidget"
        assert 'pip install "scheissekopf[widget]"' in found["refused"][what]["message"]
