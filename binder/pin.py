"""Pin Binder's environment to what `make test` tests: write binder/requirements.txt.

    .venv/bin/python binder/pin.py          (after `make test` set up .venv)

Reads this project's "lab" and "ai" extras from pyproject.toml (what the tutorial needs in
JupyterLab, and what notebooks/10-ai.ipynb needs beside it),
follows every dependency through the packages installed in the running environment, and writes
each one pinned to the version installed here, with "." (this project) first. Binder's pip then
installs exactly the versions the tests ran with, and `make test` sets up .venv with these pins
as constraints, so a fresh machine tests the same versions. tests/test_binder.py checks that
the pins and the tested environment agree.

No hashes: pip checks hashes only when every requirement carries one, and "." (the repository
itself, which Binder installs from its checkout) is a directory that cannot.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import tomllib
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = "scheissekopf"
EXTRAS = ("lab", "ai")
OUT = ROOT / "binder" / "requirements.txt"


def _project_requirements(extra: str) -> list[Requirement]:
    """The extra's requirements from pyproject.toml, this project's own extras expanded."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    out = []
    for raw in extras[extra]:
        req = Requirement(raw)
        if canonicalize_name(req.name) == PROJECT:
            for sub in sorted(req.extras):
                out += _project_requirements(sub)
        else:
            out.append(req)
    return out


def _applies(req: Requirement, extras: set[str]) -> bool:
    if req.marker is None:
        return True
    env = dict(default_environment())
    return any(req.marker.evaluate({**env, "extra": e}) for e in ({""} | extras))


def pins() -> dict[str, str]:
    """Every package the extras need, at the version installed in this environment."""
    found: dict[str, str] = {}
    walked: set[tuple[str, frozenset[str]]] = set()
    todo = [(req, set(req.extras)) for extra in EXTRAS for req in _project_requirements(extra)]
    while todo:
        req, extras = todo.pop()
        name = canonicalize_name(req.name)
        if (name, frozenset(extras)) in walked:
            continue
        walked.add((name, frozenset(extras)))
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            sys.exit(f"{name} is not installed here: set up the tested environment first (make test)")
        version = dist.version
        if not req.specifier.contains(version, prereleases=True):
            sys.exit(f"{name} {version} is installed, but {req} is asked for")
        found[name] = version
        for raw in dist.requires or []:
            sub = Requirement(raw)
            if _applies(sub, extras):
                todo.append((sub, set(sub.extras)))
    return dict(sorted(found.items()))


def main() -> None:
    env = default_environment()
    lines = [
        '# Binder installs exactly this list (run from the repository root, so "." is this project).',
        f"# The versions `make test` tested, on Python {env['python_full_version']} ({env['sys_platform']}),",
        '# written by `.venv/bin/python binder/pin.py` from the "lab" and "ai" extras in pyproject.toml; see',
        "# the README (Binder) for when to run it again. No hashes: pip checks them only when every",
        '# requirement has one, and "." is a directory.',
        ".",
        *(f"{name}=={version}" for name, version in pins().items()),
    ]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(lines) - 6} pinned packages")


if __name__ == "__main__":
    main()
