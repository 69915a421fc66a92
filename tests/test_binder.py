"""Binder builds the tutorial's environment from binder/ alone; check that build works.

The slow test repeats what Binder does: a fresh virtual environment, `pip install -r
binder/requirements.txt` run from the root of a copy of the repository (so "." is this project,
built as a wheel rather than linked to the checkout, and without reusing or leaving a build/
directory in the checkout), then imports from outside it. It takes a minute or two, most of it
pip installing JupyterLab.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
NOTEBOOKS = ROOT / "notebooks"


def _requirements() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [ln.split("#", 1)[0].strip() for ln in lines if ln.split("#", 1)[0].strip()]


def _notebook_imports() -> set[str]:
    """Top-level module names imported by the tutorial notebooks' code cells."""
    names: set[str] = set()
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            # IPython magics and shell escapes are not Python.
            source = "\n".join(ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    names.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return names


def test_binder_files_describe_this_project():
    reqs = _requirements()
    # Once binder/ exists, repo2docker no longer installs the repository on its own.
    assert "." in reqs, "binder/requirements.txt must list '.' (this project)"
    names = {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in reqs if r != "."}
    assert {"jupyterlab", "ipywidgets", "anywidget"} <= names
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.\d+", runtime), runtime
    assert sorted(NOTEBOOKS.glob("*.ipynb")), "no tutorial notebooks found"


# Local state that a fresh clone (what Binder starts from) does not have.
_NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    "*.pyc",
    ".pytest_cache",
    ".hypothesis",
    ".ipynb_checkpoints",
    "artifacts",
    "node_modules",
)


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    env["PYTHONNOUSERSITE"] = "1"
    return env


@pytest.mark.slow  # builds a fresh environment: a minute or two
def test_binder_environment_installs_and_runs_the_tutorial_imports(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=_NOT_IN_A_CLONE)
    env_dir = tmp_path / "binder-env"
    env = _clean_env()
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, env=env)
    py = env_dir / "bin" / "python"

    install = subprocess.run(
        [str(py), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]

    modules = sorted(_notebook_imports() | {"scheissekopf", "jupyterlab", "ipykernel"})
    check = textwrap.dedent(
        f"""
        import importlib, sys
        from importlib.resources import files
        from pathlib import Path

        env = Path(sys.prefix).resolve()
        for name in {modules!r}:
            importlib.import_module(name)

        import scheissekopf as sk
        from scheissekopf import Table
        assert Table is sk.Table

        # The installed copy is used, not the checkout.
        assert env in Path(sk.__file__).resolve().parents, sk.__file__

        # The card table's front end ships inside the wheel.
        assets = [p.name for p in files("scheissekopf.widgets").iterdir()]
        assert any(a.endswith(".js") for a in assets), assets

        # The lab extensions that draw widgets come with their wheels (no postBuild needed).
        ext = env / "share" / "jupyter" / "labextensions"
        assert (ext / "anywidget").is_dir(), sorted(p.name for p in ext.iterdir())
        assert (ext / "@jupyter-widgets" / "jupyterlab-manager").is_dir()

        table = sk.Table(sk.new_game("bitenight", players=4, seed=1))
        assert table.game.phase == "setup"
        assert "0x" not in repr(table), repr(table)
        print("ok", sk.__file__)
        """
    )
    run = subprocess.run(
        [str(py), "-c", check],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok ")
