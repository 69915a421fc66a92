"""Binder builds the tutorial's environment from binder/ alone; check that build works.

The slow test repeats what Binder does: a fresh virtual environment, `pip install -r
binder/requirements.txt` run from the root of a copy of the repository (so "." is this project,
built as a wheel rather than linked to the checkout, and without reusing or leaving a build/
directory in the checkout), then imports from outside it. It takes a minute or two, most of it
pip installing JupyterLab. Another asks repo2docker itself (installed into a scratch
environment) which buildpack it picks for the repository and reads the Dockerfile it writes,
without Docker.
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
from helpers import load_script

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


def _pinned() -> dict[str, str]:
    pins = {}
    for req in _requirements():
        if req != ".":
            name, sep, version = req.partition("==")
            assert sep and version and not re.search(r"[<>~!*,;\[ ]", req), f"not pinned exactly: {req}"
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def _pin_script():
    return load_script("binder/pin.py", "binder_pin")


def test_binder_pins_every_package_to_the_version_the_tests_run_with():
    from importlib import metadata

    pinned = _pinned()
    needed = {"jupyterlab", "ipywidgets", "anywidget", "ipykernel", "tqdm", "pettingzoo", "open-spiel", "ray"}
    assert needed <= set(pinned)
    # every pin is the version installed in the environment these tests run in
    installed = {name: metadata.version(name) for name in pinned}
    assert {n: (v, installed[n]) for n, v in pinned.items() if installed[n] != v} == {}
    # and the pins are complete: every package the "lab" and "ai" extras need here, no more (a new
    # dependency or an upgrade means running `.venv/bin/python binder/pin.py` again)
    assert _pin_script().pins() == pinned


def test_make_test_installs_the_tested_environment_within_binders_pins():
    makefile = (ROOT / "Makefile").read_text()
    assert "grep -v '^\\.$$' binder/requirements.txt > $(VENV)/binder-constraints.txt" in makefile
    assert "-e '.[test]' -c $(VENV)/binder-constraints.txt" in makefile


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


# What Binder itself runs: repo2docker picks a buildpack for the repository and writes the
# Dockerfile that BinderHub builds. Both come from repo2docker's Python API without Docker.
REPO2DOCKER = "jupyter-repo2docker==2026.4.0"
BADGE = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[\w.-]+\?urlpath=lab/tree/([\w./-]+)\)")
_PICK_AND_RENDER = textwrap.dedent(
    """
    import json, sys
    from repo2docker.app import Repo2Docker

    app = Repo2Docker()
    # As Repo2Docker.build does, in the repository: the first buildpack that detects itself.
    for BP in app.buildpacks:
        bp = BP(base_image=app.base_image)
        if bp.detect():
            break
    else:
        bp = app.default_buildpack(base_image=app.base_image)
    bp.platform = app.platform
    # Binder's user: jovyan, uid 1000.
    dockerfile = bp.render({"NB_USER": "jovyan", "NB_UID": "1000"})
    print(json.dumps({"buildpack": type(bp).__name__, "python": bp.python_version,
                      "dockerfile": dockerfile}))
    """
)


@pytest.mark.slow  # installs repo2docker into a fresh environment: half a minute
def test_repo2docker_installs_the_package_with_the_python_we_test(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=_NOT_IN_A_CLONE)
    env_dir = tmp_path / "r2d-env"
    env = _clean_env()
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, env=env)
    install = subprocess.run(
        [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--quiet", REPO2DOCKER],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    run = subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", _PICK_AND_RENDER],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    picked = json.loads(run.stdout.splitlines()[-1])

    # binder/runtime.txt + requirements.txt: the Python buildpack, on the Python the tests run on.
    assert picked["buildpack"] == "PythonBuildPack"
    assert picked["python"] == f"{sys.version_info.major}.{sys.version_info.minor}"
    assert (BINDER / "runtime.txt").read_text().strip() == f"python-{picked['python']}"

    # The package gets installed: requirements.txt (which lists ".") is installed from the
    # repository's root after the whole repository was copied there, as the user who owns it
    # (pip builds "." in place).
    lines = [ln.strip() for ln in picked["dockerfile"].splitlines() if ln.strip()]
    install_at = next(
        i
        for i, ln in enumerate(lines)
        if ln.startswith("RUN ") and 'pip install --no-cache-dir -r "binder/requirements.txt"' in ln
    )
    copy_at = lines.index("COPY --chown=1000:1000 src/ ${REPO_DIR}/")
    assert copy_at < install_at
    assert [ln for ln in lines[:install_at] if ln.startswith("WORKDIR ")][-1] == "WORKDIR ${REPO_DIR}"
    assert [ln for ln in lines[:install_at] if ln.startswith("USER ")][-1] == "USER ${NB_USER}"
    assert "." in _requirements()

    # The badge opens the first notebook in JupyterLab (and each notebook's link its notebook);
    # the server starts in the repository.
    badges = BADGE.findall((ROOT / "README.md").read_text())
    assert badges[0] == "notebooks/01-setup.ipynb", badges
    assert all((repo / badge).is_file() for badge in badges), badges
    assert [ln for ln in lines if ln.startswith("WORKDIR ")][-1] == "WORKDIR ${REPO_DIR}"
    assert "jupyterlab" in {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in _requirements()}
