"""Build the tutorial as a JupyterLite site in _site/, from the package registries only.

    python site/build.py          build _site/ (what `make site` runs)
    python site/build.py lock     solve the pinned versions again (what `make site-lock` runs)

What goes in, and where it comes from:

* Pyodide's runtime (the WebAssembly CPython and its standard library) from the `pyodide`
  package on npm, pinned with its integrity hash in site/package-lock.json;
* every Python wheel the tutorial imports in the browser (anywidget, ipywidgets, traitlets,
  IPython, ...) from PyPI, pinned with hashes in site/requirements-browser.txt;
* the kernel's own small wheels from the jupyterlite-pyodide-kernel package (PyPI), a wheel
  of this project built from the checkout, and one of site/browser/ (what the site's kernels
  set up at start, with the logged tournaments that notebook 8 reads);
* the front door (site/front/index.html: what this is, the notebooks by their first headings,
  one click into the first) and the word the lab shows while Python loads (site/front/loading.js).

All the wheels sit beside Pyodide in _site/static/pyodide/, listed in a pyodide-lock.json
written here (name, version, sha256, dependencies), and the kernel is told to load Pyodide from
there and to preload the tutorial's packages when it starts. So `import scheissekopf` needs no
%pip cell, `%pip install` finds only what the site holds (no fallback to PyPI), and the built
site requests nothing outside its own folder.
"""

from __future__ import annotations

import base64
import email.parser
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
CACHE = ROOT / ".site-cache"
OUT = ROOT / "_site"
NODE_MODULES = SITE / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"

# The files of the npm package that the kernel loads (the rest are types, maps and demos).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The kernel's wheels that the site uses: the widgets notebook extension is an empty stand-in
# (the lab extension in the site does that work); the 3.x one is for ipywidgets 7.
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension")
# Loaded while Pyodide starts, before the first cell: the kernel's own packages (the kernel
# installs any of these not listed one by one afterwards) and what the first notebook's table
# needs, with what scheissekopf's progress bars import from inside a function (tqdm), which the
# kernel could not see in a cell. The rest of the site's wheels load when a cell first imports
# them: the kernel looks each cell's imports up in the site's pyodide-lock.json.
PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "scheissekopf",
    "anywidget",
    "ipywidgets",
    "scheissekopf-lite",
)
# Packages that the kernel or ipywidgets ask for but the tutorial never uses in the browser, each
# replaced by a few bytes (name -> version, module, its code, why; the versions are those the
# others were solved with): jedi (1.6 MiB with parso, and part of the start-up; completions
# come from IPython's own completer instead, which scheissekopf_lite switches to) and
# jupyterlab-widgets (the lab extension's files, which the site
# serves from its own extensions folder; in the kernel the package only says where they are).
STAND_INS = {
    "jedi": (
        "0.19.2",  # the version IPython was solved with, so that a %pip resolver is content
        "jedi",
        '"""Not shipped on this site: completions come from the IPython completer."""\n'
        'raise ImportError("jedi is not part of this site")\n',
        "stand-in: jedi is not shipped on this site",
    ),
    "jupyterlab-widgets": (
        "3.0.17",
        "jupyterlab_widgets",
        '"""The lab extension for ipywidgets is in the extensions folder of the site, not here."""\n'
        '__version__ = "3.0.17"\n',
        "stand-in: the widgets lab extension is served by the site itself",
    ),
}
# Source patches to wheels, each made only where the text is exactly as expected (name -> [(file,
# old, new)]): IPython imports its terminal (prompt_toolkit: a third of the kernel's start-up in
# the browser) only to offer IPython.embed(), which a notebook kernel never uses; here embed()
# imports it when called. With that, nothing loads prompt_toolkit before the first table
# (DEFERRED: dropped from the dependencies in the lock file, so Pyodide loads them only on demand).
PATCHES = {
    "ipython": [
        (
            "IPython/__init__.py",
            "from .terminal.embed import embed\n",
            "def embed(**kwargs):  # the tutorial's site: the terminal is imported when first used\n"
            "    from .terminal.embed import embed\n\n"
            "    return embed(**kwargs)\n",
        )
    ],
}
DEFERRED = {"ipython": {"prompt-toolkit"}}
# piplite (the kernel's %pip) imports micropip and unittest.mock as the kernel starts, a tenth of
# the start; the site's piplite imports them when a package is first installed. (Python 3.14
# evaluates the annotations that name them only when asked.)
PATCHES["piplite"] = [
    (
        "piplite/piplite.py",
        "from unittest.mock import patch\n\n"
        "import micropip\n"
        "from micropip.package_index import CompatibilityLayer, ProjectInfo\n"
        "from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
        "def _import_micropip():  # the tutorial's site: imported at the first install\n"
        "    global patch, micropip, CompatibilityLayer, ProjectInfo, _MP_QUERY_PACKAGE\n"
        "    from unittest.mock import patch\n\n"
        "    import micropip\n"
        "    from micropip.package_index import CompatibilityLayer, ProjectInfo\n"
        "    from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
    ),
    (
        "piplite/piplite.py",
        '    """Invoke micropip.install with a patch to get data from local indexes"""\n',
        '    """Invoke micropip.install with a patch to get data from local indexes"""\n    _import_micropip()\n',
    ),
]
# The lab extensions the site serves, from the build environment (whose pins match the kernel's
# wheels): the widgets' manager, the kernel, and anywidget's front end. The others installed there
# come with the build tools (jupyterlab_pygments, with nbconvert) and would be fetched at each start.
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget")
# This project's extras that load with it: the table's and the progress bars' (tqdm).
EXTRAS = ("widget", "cli")
# What the site shows in its file browser: the notebooks only. The logged tournaments that
# 08-bots-and-tournaments reads from ../benchmarks/results travel in the scheissekopf_lite wheel,
# which lays them there for each kernel without a folder in the file browser.
CONTENTS = ("notebooks",)
# Notebooks that need packages with no build for Python in the browser stay off the site; the
# front door lists them apart, saying what they need and where they run instead.
# (file name -> the project's extra it needs, and that extra's packages)
NOT_IN_THE_BROWSER = {"10-ai.ipynb": ("ai", "PettingZoo, OpenSpiel and Ray")}
# A notebook on Binder (the README's Binder links lead to the same place).
BINDER = "https://mybinder.org/v2/gh/scheissekopf/scheissekopf/HEAD?urlpath=lab/tree/notebooks/{notebook}"
FRONT = SITE / "front"
# Front-end plugins the site turns off (plugin id -> why): each is in JupyterLite's prebuilt app,
# so its code is fetched anyway, but what it would fetch when it starts is not. (The app's index
# imports every core extension at start, so turning off one that fetches nothing saves no byte; an
# app built for the tutorial alone would leave out about 0.7 MiB of the 5.7 MiB, going by the
# prebuilt app's source maps: @jupyterlab/notebook itself needs most of the rest.)
DISABLED_PLUGINS = {
    # MathJax (0.9 MiB of the app's 6.6 MiB before the first table, fetched to typeset the first
    # notebook's text): no notebook writes mathematics.
    "@jupyterlab/mathjax-extension:plugin": "the notebooks write no mathematics",
}
# What the loading word and the front door say the wait is (benchmarks/site_load.py measures it).
TYPICAL_WAIT = "about 6 to 10 seconds, longer on a slow computer"
# One line per notebook on the front door; a notebook not listed here gets the first sentence of
# its introduction. The titles always come from the notebooks' first headings.
LINES = {
    "01-setup": "The deal, the bank and the gamble cards, and your first moves at a live card table.",
    "02-special-cards": "The 2, 3, 7, 8, 10 and the joker: each card that bends the rules, played out.",
    "03-scoring": "Points for the order of going out, a whole match with its chart, and a seat against bots.",
    "04-variants": "bitenight, palace and schwechat side by side: where their rulebooks differ.",
    "05-position-lab": "Set up any position, see why an impossible one is refused, play and take back.",
    "06-schafkopf": "Bavaria's game: trumps, following suit and a whole hand on a live table.",
    "07-sheepshead": "The American branch: the picker, the blind and the called ace.",
    "08-bots-and-tournaments": "What a bot may see, asking for a hint, and tournaments with their 95 % intervals.",
    "09-practice": "Lessons that ask: small positions with one goal each, and the table says why.",
    "10-ai": "For people who write game-playing programs: every variant as a PettingZoo environment and "
    "an OpenSpiel game, and OpenSpiel's search bot at a Schafkopf table.",
}


def run(cmd, **kw):
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def npm_pyodide() -> dict:
    """Install the pinned `pyodide` npm package into site/node_modules; return its lock info."""
    want = json.loads((SITE / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]
    have = PYODIDE_NPM / "package.json"
    if not (have.is_file() and json.loads(have.read_text())["version"] == want["version"]):
        run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=SITE)
    info = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]
    return info


def browser_python(info: dict) -> tuple[str, str]:
    full = info["python"]  # e.g. "3.14.2"
    return full, ".".join(full.split(".")[:2])


def download_wheels(minor: str) -> list[Path]:
    """The pinned pure-Python wheels for the browser's Python, hashes checked by pip."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--require-hashes",
            "--only-binary=:all:",
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--python-version",
            minor,
            "-d",
            dest,
            "-r",
            SITE / "requirements-browser.txt",
        ]
    )
    pinned = {}
    for line in (SITE / "requirements-browser.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip().rstrip("\\").strip()
        if line and not line.startswith("-") and "==" in line:
            req = Requirement(line)
            pinned[canonicalize_name(req.name)] = str(req.specifier).lstrip("=")
    wheels = []
    for path in sorted(dest.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(path.name)
        if pinned.get(name) == str(version):
            wheels.append(path)
    missing = set(pinned) - {parse_wheel_filename(w.name)[0] for w in wheels}
    if missing:
        sys.exit(f"no wheel downloaded for {sorted(missing)}")
    return wheels


def project_wheel() -> Path:
    """A wheel of this project, built from a copy of the checkout (leaves no build/ behind)."""
    dest = CACHE / "project"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(
            ROOT,
            src,
            ignore=shutil.ignore_patterns(
                ".git",
                ".venv*",
                "_site",
                ".site-cache",
                "node_modules",
                "build",
                "dist",
                "*.egg-info",
                "__pycache__",
                "*.pyc",
                ".pytest_cache",
                ".hypothesis",
                "artifacts",
            ),
        )
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dest, src])
    (wheel,) = dest.glob("scheissekopf-*.whl")
    return wheel


def kernel_wheels() -> list[Path]:
    pypi = (
        Path(sys.prefix)
        / "share"
        / "jupyter"
        / "labextensions"
        / "@jupyterlite"
        / "pyodide-kernel-extension"
        / "static"
        / "pypi"
    )
    wheels = []
    for path in sorted(pypi.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(path.name)
        if name in KERNEL_WHEELS and not (name == "widgetsnbextension" and version.major < 4):
            wheels.append(path)
    if len(wheels) != len(KERNEL_WHEELS):
        sys.exit(f"expected the kernel's wheels {KERNEL_WHEELS} in {pypi}, found {wheels}")
    return wheels


def browser_wheel(version: str) -> Path:
    """A wheel of site/browser/ (the kernel's startup for the site, see scheissekopf_lite) with a
    copy of the logged tournaments that 08 reads."""
    src = SITE / "browser"
    files = {
        p.relative_to(src).as_posix(): p.read_bytes()
        for p in sorted(src.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }
    for p in sorted((ROOT / "benchmarks" / "results").iterdir()):
        files[f"scheissekopf_lite/results/{p.name}"] = p.read_bytes()
    summary = "the tutorial's browser site: kernel startup and the logged tournaments"
    return write_wheel(CACHE / "browser", "scheissekopf-lite", version, files, summary)


def stand_in_wheels() -> list[Path]:
    """The small wheels that stand in for STAND_INS (see there)."""
    return [
        write_wheel(CACHE / "stand-ins" / name, name, version, {f"{module}/__init__.py": code.encode()}, why)
        for name, (version, module, code, why) in STAND_INS.items()
    ]


def replaced(text: str, old: str, new: str, review: str) -> str:
    """``text`` with ``old``, which must occur exactly once, replaced by ``new``; otherwise the
    code being patched changed and the build stops, saying what to ``review``."""
    if text.count(old) != 1:
        sys.exit(f"the code to patch changed; review {review}")
    return text.replace(old, new)


def patched(wheel: Path) -> Path:
    """``wheel`` with the PATCHES for its package applied (and its RECORD updated), or itself."""
    name = str(parse_wheel_filename(wheel.name)[0])
    if name not in PATCHES:
        return wheel
    with zipfile.ZipFile(wheel) as whl:
        files = {info.filename: whl.read(info) for info in whl.infolist()}
    for member, old, new in PATCHES[name]:
        files[member] = replaced(
            files[member].decode(), old, new, f"{wheel.name}: {member}; PATCHES[{name!r}]"
        ).encode()
    changed = {member for member, _, _ in PATCHES[name]}
    (record,) = [n for n in files if n.endswith(".dist-info/RECORD")]
    lines = []
    for line in files[record].decode().splitlines():
        member = line.split(",", 1)[0]
        lines.append(record_line(member, files[member]) if member in changed else line)
    files[record] = ("\n".join(lines) + "\n").encode()
    return write_zip(CACHE / "patched" / name / wheel.name, files)


# Parts of wheels that a kernel in the browser never reads, left out of the site's copies:
# anywidget's wheel carries its front end twice (for JupyterLab and the classic notebook), which
# the site serves from its own extensions folder (the package.json files stay: they say which
# version that is); pygments holds about 600 lexers (1 MiB of its 1.2), of which the kernel uses
# Python's for tracebacks and `??`. The site keeps the lexers of PYGMENTS_LEXERS and those they
# import, and lists only those in pygments' table of lexers, so that asking for any other
# language (pygments.lexers.get_lexer_by_name("rust")) raises pygments' own ClassNotFound, which
# IPython and pygments' callers handle by showing plain text.
TRIMMED = {
    "anywidget": ("anywidget/labextension/static/", "anywidget/nbextension/", ".data/data/share/jupyter/"),
}
# IPython's lexers (ipython_pygments_lexers: Python, Bash, HTML, JavaScript, Ruby, Perl, TeX), and
# what a notebook may show or a learner may ask to highlight: JSON and YAML (data), Markdown
# (markup), plain text (special), the console sessions of Python (python).
PYGMENTS_LEXERS = ("python", "special", "shell", "html", "javascript", "ruby", "perl", "markup", "data")


def trimmed(wheel: Path) -> Path:
    """``wheel`` without what TRIMMED (or PYGMENTS_LEXERS, for pygments) leaves out, or itself."""
    name = str(parse_wheel_filename(wheel.name)[0])
    if name not in TRIMMED and name != "pygments":
        return wheel
    with zipfile.ZipFile(wheel) as whl:
        files = {info.filename: whl.read(info) for info in whl.infolist()}
    if name == "pygments":
        dropped = _pygments_lexers_dropped(files)
    else:
        dropped = {
            member
            for member in files
            if any(part in member for part in TRIMMED[name]) and not member.endswith("/package.json")
        }
    (record,) = [n for n in files if n.endswith(".dist-info/RECORD") and n.count("/") == 1]
    lines = []
    for line in files[record].decode().splitlines():
        member = line.split(",", 1)[0]
        if member not in dropped:  # (the table of lexers may have changed: its line is made again)
            lines.append(line if member == record else record_line(member, files[member]))
    files = {member: data for member, data in files.items() if member not in dropped}
    files[record] = ("\n".join(lines) + "\n").encode()
    return write_zip(CACHE / "trimmed" / name / wheel.name, files)


def _pygments_lexers_dropped(files: dict[str, bytes]) -> set[str]:
    """The lexer modules that PYGMENTS_LEXERS do not need; rewrites pygments' table of lexers in
    ``files`` to list only the others."""
    import ast

    folder = "pygments/lexers/"
    mapping = folder + "_mapping.py"
    table: dict = {}
    exec(compile(files[mapping], mapping, "exec"), table)
    lexers = table["LEXERS"]
    module_of = {cls: module.rsplit(".", 1)[1] for cls, (module, *_) in lexers.items()}
    keep, todo = set(), list(PYGMENTS_LEXERS)
    while todo:
        module = todo.pop()
        if module in keep or module in ("__init__", "_mapping") or f"{folder}{module}.py" not in files:
            continue
        keep.add(module)
        for node in ast.walk(ast.parse(files[f"{folder}{module}.py"])):
            if isinstance(node, ast.ImportFrom) and node.module == "pygments.lexers":
                # a lexer by its class (looked up in the table), a module, or a function
                todo += [module_of.get(a.name, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pygments.lexers."):
                todo.append(node.module.rsplit(".", 1)[1])
    kept = {cls: entry for cls, entry in lexers.items() if module_of[cls] in keep}
    files[mapping] = (
        "# pygments' table of lexers, as the tutorial's site ships it: only the lexers it keeps\n"
        "# (site/build.py, PYGMENTS_LEXERS); any other language is not found.\n\n"
        "LEXERS = {\n" + "".join(f"    {cls!r}: {entry!r},\n" for cls, entry in sorted(kept.items())) + "}\n"
    ).encode()
    return {
        member
        for member in files
        if member.startswith(folder)
        and member.count("/") == 2
        and member.endswith(".py")
        and member[len(folder) : -3] not in keep | {"__init__", "_mapping"}
    }


def write_wheel(dest: Path, name: str, version: str, files: dict[str, bytes], summary: str) -> Path:
    """A pure-Python wheel of ``files`` (path in the wheel -> bytes) in a fresh ``dest``."""
    module = name.replace("-", "_")
    dist = f"{module}-{version}.dist-info"
    files = dict(files)
    files[f"{dist}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n".encode()
    )
    files[f"{dist}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: site/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = [record_line(n, b) for n, b in files.items()]
    files[f"{dist}/RECORD"] = ("\n".join([*record, f"{dist}/RECORD,,"]) + "\n").encode()
    return write_zip(dest / f"{module}-{version}-py3-none-any.whl", files)


def write_zip(path: Path, files: dict[str, bytes]) -> Path:
    """``files`` (path in the archive -> bytes) zipped at ``path``, in a fresh folder, every entry
    dated 1980 so that the same files give the same bytes."""
    shutil.rmtree(path.parent, ignore_errors=True)
    path.parent.mkdir(parents=True)
    with zipfile.ZipFile(path, "w") as zf:
        for member, data in files.items():
            zf.writestr(
                zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0)), data, compress_type=zipfile.ZIP_DEFLATED
            )
    return path


def record_line(member: str, data: bytes) -> str:
    """A wheel's RECORD line for ``member``: its sha256 and size."""
    return f"{member},sha256={_b64(hashlib.sha256(data).digest())},{len(data)}"


def _b64(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _metadata(whl: zipfile.ZipFile):
    (meta,) = [n for n in whl.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
    return email.parser.Parser().parsestr(whl.read(meta).decode())


def _imports(whl: zipfile.ZipFile) -> list[str]:
    """The top-level modules a wheel installs (what Pyodide's loader may auto-load by)."""
    names = set()
    for n in whl.namelist():
        top = n.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in n:
            names.add(top)
        elif n.endswith(".py"):
            names.add(n[:-3])
    return sorted(names)


def lock_entry(path: Path, env: dict, extras: tuple[str, ...] = ()) -> dict:
    name, version, _, _ = parse_wheel_filename(path.name)
    with zipfile.ZipFile(path) as whl:
        meta = _metadata(whl)
        imports = _imports(whl)
    depends = set()
    for raw in meta.get_all("Requires-Dist") or []:
        req = Requirement(raw)
        if req.marker is None or any(req.marker.evaluate({**env, "extra": e}) for e in ("", *extras)):
            depends.add(canonicalize_name(req.name))
    depends -= DEFERRED.get(str(name), set())
    return {
        "name": str(name),
        "version": str(version),
        "file_name": path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def pyodide_dir(dest: Path, info: dict, wheels: list[Path], project: Path) -> list[str]:
    """Pyodide's runtime plus every wheel and the lock file that lists them, in ``dest``."""
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_NPM / name, dest / name)
    full, minor = browser_python(info)
    env = {
        "python_version": minor,
        "python_full_version": full,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_version": "",
        "implementation_version": full,
    }
    packages = {}
    for path in [*wheels, project]:
        shutil.copy2(path, dest / path.name)
        entry = lock_entry(path, env, EXTRAS if path == project else ())
        key = canonicalize_name(entry["name"])
        if key in packages:
            sys.exit(f"two wheels for {key}: {packages[key]['file_name']} and {path.name}")
        packages[key] = entry
    missing = {f"{k} -> {d}" for k, p in packages.items() for d in p["depends"] if d not in packages}
    missing |= {p for p in PRELOAD if canonicalize_name(p) not in packages}
    if missing:
        sys.exit(f"the browser's packages are not complete: {sorted(missing)}")
    lock = {"info": info, "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return sorted(packages)


def without_outputs(notebook_json: str) -> str:
    """A notebook as the site ships it: without the outputs stored for notebook viewers, so that
    the first cell says Python is loading and every table on the page is drawn by this page's run."""
    nb = json.loads(notebook_json)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def lite_dir(lite: Path, minor: str) -> None:
    """The JupyterLite sources: the contents, the build config and the kernel's settings."""
    for rel in CONTENTS:
        shutil.copytree(
            ROOT / rel,
            lite / "files" / rel,
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", *NOT_IN_THE_BROWSER),
        )
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in LAB_EXTENSIONS:
        shutil.copytree(installed / name, lite / "labextensions" / name)
    for notebook in (lite / "files").rglob("*.ipynb"):
        notebook.write_text(without_outputs(notebook.read_text(encoding="utf-8")), encoding="utf-8")
    (lite / "jupyter_lite_config.json").write_text(
        json.dumps(
            {
                "LiteBuildConfig": {
                    "contents": ["files"],
                    "output_dir": str(OUT),
                    "no_sourcemaps": True,
                    "no_unused_shared_packages": True,
                    # only the LAB_EXTENSIONS, copied into the lite dir
                    "ignore_sys_prefix": ["federated_extensions"],
                },
                "FederatedExtensionAddon": {"extra_labextensions_path": [str(lite / "labextensions")]},
            },
            indent=2,
        )
    )
    kernel_settings = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {
            "packages": list(PRELOAD),
            # IPython's startup file in scheissekopf_lite sets up each kernel (see there)
            "env": {"IPYTHONDIR": f"/lib/python{minor}/site-packages/scheissekopf_lite/ipython"},
        },
    }
    (lite / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "scheissekopf",
                    "disabledExtensions": list(DISABLED_PLUGINS),
                    "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings},
                },
            },
            indent=2,
        )
    )


def build() -> None:
    info = npm_pyodide()
    _, minor = browser_python(info)
    project = project_wheel()
    wheels = [
        *map(trimmed, map(patched, download_wheels(minor))),
        *map(patched, kernel_wheels()),
        *stand_in_wheels(),
        browser_wheel(parse_wheel_filename(project.name)[1]),
    ]
    lite = CACHE / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    names = pyodide_dir(lite / "static" / "pyodide", info, wheels, project)
    print(
        f"pyodide {json.loads((PYODIDE_NPM / 'package.json').read_text())['version']} "
        f"(Python {info['python']}) with {len(names)} wheels: {', '.join(names)}",
        flush=True,
    )
    lite_dir(lite, minor)
    compile_bytecode(lite)
    shutil.rmtree(OUT, ignore_errors=True)
    run([Path(sys.executable).parent / "jupyter", "lite", "build", "--lite-dir", lite, "--output-dir", OUT], cwd=lite)
    front_door(OUT)
    check(OUT)


# Bytecode for what a kernel imports on its way to the first table. Pyodide's Python compiles
# every module it imports from source, each time a page opens (it cannot keep bytecode between
# visits): compiling the standard library's and the wheels' modules that the kernel and the first
# notebook import was more than half of the kernel's start (in Node.js, 7.2 s of CPU time from
# nothing to the first table, 2.8 s with this bytecode: benchmarks/site_kernel.mjs). site/bytecode.mjs starts the site's own kernel in
# Node.js, runs the first notebook up to its first table and compiles each module imported on
# the way with that Python (see site/bytecode.py); they go into the site as bytecode only, as
# Pyodide's own packages do, except this project's (WITH_SOURCE), whose bytecode goes beside the
# source, so that `??` and tracebacks still show the tutorial's code.
BYTECODE_NOTEBOOK = "01-setup.ipynb"
WITH_SOURCE = ("scheissekopf", "scheissekopf-lite")


def compile_bytecode(lite: Path) -> dict:
    """Put bytecode in the site's standard library and wheels for the modules a kernel imports
    before the first table (see WITH_SOURCE), updating the wheels' RECORDs and the lock file."""
    pyodide = lite / "static" / "pyodide"
    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    cells = [
        "".join(cell["source"])
        for cell in json.loads((ROOT / "notebooks" / BYTECODE_NOTEBOOK).read_text(encoding="utf-8"))["cells"]
        if cell["cell_type"] == "code"
    ]
    work = CACHE / "bytecode"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    settings = {"packages": options["packages"], "env": {**options["env"], "PYTHONNODEBUGRANGES": "1"}, "cells": cells}
    (work / "settings.json").write_text(json.dumps(settings))
    run(["node", SITE / "bytecode.mjs", pyodide, work / "settings.json", work / "out"])
    compiled = json.loads((work / "out" / "compiled.json").read_text())

    stdlib = pyodide / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as zf:
        files = {info.filename: zf.read(info) for info in zf.infolist()}
    for member in compiled["stdlib"]:
        del files[member]
        files[member + "c"] = (work / "out" / "stdlib" / (member + "c")).read_bytes()
    shutil.copy2(write_zip(work / "stdlib" / stdlib.name, files), stdlib)

    lock_file = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text())
    members = set(compiled["site-packages"])
    for entry in lock["packages"].values():
        wheel = pyodide / entry["file_name"]
        with zipfile.ZipFile(wheel) as zf:
            files = {info.filename: zf.read(info) for info in zf.infolist()}
        ours = sorted(members & set(files))
        if not ours:
            continue
        (record,) = [n for n in files if n.endswith(".dist-info/RECORD") and n.count("/") == 1]
        lines = {line.split(",", 1)[0]: line for line in files[record].decode().splitlines() if line}
        for member in ours:
            data = (work / "out" / "site-packages" / (member + "c")).read_bytes()
            if entry["name"] in WITH_SOURCE:
                folder, _, stem = member.rpartition("/")
                target = f"{folder}/__pycache__/{stem[:-3]}.{compiled['cache_tag']}.pyc".lstrip("/")
            else:
                target = member + "c"
                del files[member], lines[member]
            files[target] = data
            lines[target] = record_line(target, data)
        del files[record]
        files[record] = ("\n".join(line for name, line in lines.items() if name != record) + f"\n{record},,\n").encode()
        shutil.copy2(write_zip(work / "wheels" / entry["name"] / wheel.name, files), wheel)
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_file.write_text(json.dumps(lock, indent=1) + "\n")
    print(
        f"bytecode for {len(compiled['stdlib'])} modules of the standard library and "
        f"{len(members)} of the wheels (magic {compiled['magic']})",
        flush=True,
    )
    return compiled


def notebook_titles(in_the_browser: bool = True) -> list[tuple[str, str, str]]:
    """(file name, title, one line) per notebook, in order: the title is the notebook's first
    heading, the line LINES's or the first sentence of the introduction. The notebooks that run
    in the browser, or (``in_the_browser=False``) those in NOT_IN_THE_BROWSER."""
    out = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if (path.name in NOT_IN_THE_BROWSER) == in_the_browser:
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])
        heading, _, rest = text.partition("\n")
        title = heading.lstrip("#").strip()
        line = LINES.get(path.stem)
        if line is None:
            paragraph = rest.strip().split("\n\n", 1)[0].replace("\n", " ")
            paragraph = re.sub(r"[*_`]", "", paragraph)
            line = re.split(r"(?<=[.!?:])\s", paragraph, maxsplit=1)[0]
        out.append((path.name, title, line))
    return out


def lab_link(notebook: str) -> str:
    return f"./lab/index.html?path=notebooks/{notebook}"


def elsewhere_item(name: str, title: str, line: str) -> str:
    """A notebook that does not run in the browser, on the front door: what it needs, and where it
    runs (on your own computer, or on Binder)."""
    e = html.escape
    extra, packages = NOT_IN_THE_BROWSER[name]
    return (
        f"      <li><b>{e(title)}</b><small>{e(line)}</small>"
        f"<small>It needs the <code>{e(extra)}</code> extra ({e(packages)}), which has no build for "
        "Python in the browser, so it does not run on this site: run it in JupyterLab on your own "
        "computer (<code>make lab</code> installs it), or "
        f'<a href="{e(BINDER.format(notebook=name))}">on Binder</a>.</small></li>'
    )


# The documentation site (`make docs`), linked from the front door's footer.
DOCS_SITE = "https://scheissekopf.github.io/scheissekopf/docs/"


def front_page(config: str) -> str:
    """The front door's HTML, the lab's configuration ``config`` (its script element) included."""
    notebooks = notebook_titles()
    items = "\n".join(
        f'      <li><a href="{html.escape(lab_link(name))}"><b>{html.escape(title)}</b>'
        f"<small>{html.escape(line)}</small></a></li>"
        for name, title, line in notebooks
    )
    elsewhere = "\n".join(elsewhere_item(*notebook) for notebook in notebook_titles(in_the_browser=False))
    first_name, first_title, _ = notebooks[0]
    page = (FRONT / "index.html").read_text(encoding="utf-8")
    for key, value in {
        "config": config,
        "intro": html.escape(
            "An interactive tutorial for the Scheißkopf shedding games (bitenight, palace, schwechat) "
            "and the Schafkopf family, played on card tables you click. Python runs right here in your "
            "browser, so there is nothing to install: open the first notebook and run its cells."
        ),
        "start_href": html.escape(lab_link(first_name)),
        "start_title": html.escape(first_title),
        "wait": html.escape(f"Python starts in the page when a notebook opens: {TYPICAL_WAIT}."),
        "count": str(len(notebooks)),
        "items": items,
        "elsewhere": elsewhere,
    }.items():
        page = page.replace("{" + key + "}", value)
    lab = '<a href="./lab/index.html">Open the lab with its file browser</a>.'
    assert lab in page, "the front door's footer no longer links the lab"
    docs = f'The rules, the engine and its API: <a href="{DOCS_SITE}">the documentation</a>.'
    return page.replace(lab, f"{lab}\n    {docs}")


def front_door(out: Path) -> None:
    """The site's root page (in place of JupyterLite's redirect to the lab), and the loading word
    in the lab's page."""
    # The lab's pages read the configuration of every page above them, this one's included.
    config = re.search(r'<script id="jupyter-config-data".*?</script>', (out / "index.html").read_text(), re.S)
    assert config, "no jupyter-config-data in JupyterLite's root page"
    (out / "index.html").write_text(front_page(config[0]), encoding="utf-8")
    loading = (FRONT / "loading.js").read_text(encoding="utf-8").replace("{typical}", TYPICAL_WAIT)
    pass_static_files(out)
    import_before_entering_drive(out)
    pack_wasm(out)
    (out / "static" / "scheissekopf").mkdir(parents=True, exist_ok=True)
    (out / "static" / "scheissekopf" / "loading.js").write_text(loading, encoding="utf-8")
    for app in ("lab", "notebooks"):
        index = out / app / "index.html"
        text = index.read_text(encoding="utf-8")
        assert "</body>" in text, index
        tag = '<script src="../static/scheissekopf/loading.js"></script>'
        index.write_text(text.replace("</body>", f"  {tag}\n</body>", 1), encoding="utf-8")


# JupyterLite's service worker answers every request of the page, and with its cache off (as here)
# it answers by fetching the same URL itself: Pyodide's 9 MiB WebAssembly and every wheel make the
# extra trip. Let it answer only what it exists for (the kernel's file requests under /api/).
SERVICE_WORKER_PASS = ("shouldDrop(t,a)||(n=maybeFromCache(e))", "shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))")


def pass_static_files(out: Path) -> None:
    old, new = SERVICE_WORKER_PASS
    for worker in (out / "service-worker.js", out / "build" / "service-worker.js"):
        text = replaced(worker.read_text(encoding="utf-8"), old, new, f"{worker}: SERVICE_WORKER_PASS")
        worker.write_text(text, encoding="utf-8")


# The kernel's worker mounts the notebooks' drive and makes it the working directory before it
# imports the kernel, and the working directory is first on Python's path: every top-level import
# on the way asks the page for the drive's listing, one request through the service worker each
# (70 of the 96 that running 01-setup made). Mounted without entering it, the kernel imports from
# the worker's own file system and enters the notebook's folder (by its full path) once imported.
# Each rule: a pattern in the worker's code, what replaces it, and how often it must occur in
# the kernel extension's files (the build stops if JupyterLite's code changed).
KERNEL_WORKER_PATCHES = (
    (r"(\w)\.mount\((\w),\{\},(\w)\),\1\.chdir\(\3\),", r"\1.mount(\2,{},\3),", 5),
    (
        r'e\.mountDrive&&this\._localPath&&(\w)\.push\("import os",`os\.chdir\("\$\{this\._localPath\}"\)`\)',
        r'e.mountDrive&&\1.push("import os",`os.chdir("/drive/${this._localPath}")`)',
        3,
    ),
)
KERNEL_EXTENSION = Path("extensions/@jupyterlite/pyodide-kernel-extension/static")


def import_before_entering_drive(out: Path) -> None:
    for pattern, replacement, expected in KERNEL_WORKER_PATCHES:
        found = 0
        for script in sorted((out / KERNEL_EXTENSION).glob("*.js")):
            text, n = re.subn(pattern, replacement, script.read_text(encoding="utf-8"))
            if n:
                script.write_text(text, encoding="utf-8")
                found += n
        if found != expected:
            sys.exit(
                f"{KERNEL_EXTENSION}: {pattern!r} found {found} times, not {expected}: "
                "JupyterLite's kernel worker changed; review KERNEL_WORKER_PATCHES"
            )


# Pyodide's WebAssembly is 9.2 MiB, two fifths of what the first notebook downloads before its
# first table, and gzip packs it to 3.4 MiB. A host that compresses (GitHub Pages) sends it packed
# anyway; a plain static server sends it whole. So the site holds it packed, and the page unpacks
# it as it arrives (the browser's DecompressionStream, streamed into the WebAssembly compiler); a
# host that serves it with "Content-Encoding: gzip" has the browser unpack it instead. Pyodide in
# Node.js reads the plain file (benchmarks/site_kernel.mjs unpacks a copy). The rule: the text in
# pyodide.mjs that fetches it, and what replaces it (the build stops if Pyodide's code changed).
WASM = "pyodide.asm.wasm"
WASM_FETCH = (
    '{binary:t,response:n}=_(e+"pyodide.asm.wasm")',
    '{binary:t,response:n}=f.IN_NODE||f.IN_SHELL?_(e+"pyodide.asm.wasm"):{response:fetch(new URL(e+'
    '"pyodide.asm.wasm.gz",location)).then(r=>{if(!r.ok)throw new Error(`Failed to load pyodide.asm.wasm.gz: '
    '${r.status}`);let g=/gzip/.test(r.headers.get("Content-Encoding")||"");return new Response(g?r.body:'
    'r.body.pipeThrough(new DecompressionStream("gzip")),{headers:{"Content-Type":"application/wasm"}})})}',
)


def pack_wasm(out: Path) -> None:
    folder = out / "static" / "pyodide"
    loader = folder / "pyodide.mjs"
    old, new = WASM_FETCH
    loader.write_text(replaced(loader.read_text(encoding="utf-8"), old, new, f"{loader}: WASM_FETCH"), encoding="utf-8")
    wasm = folder / WASM
    (folder / f"{WASM}.gz").write_bytes(gzip.compress(wasm.read_bytes(), compresslevel=9, mtime=0))
    wasm.unlink()


def check(out: Path) -> None:
    """The built site points the kernel at its own Pyodide and lock file."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs", kernel
    assert kernel["disablePyPIFallback"] is True, kernel
    assert set(DISABLED_PLUGINS) <= set(config.get("disabledExtensions", [])), config.get("disabledExtensions")
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        wheel = out / "static" / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], wheel
    assert sorted(p.name for p in (out / "files").iterdir()) == sorted(CONTENTS)
    assert sorted(e["name"] for e in config["federated_extensions"]) == sorted(LAB_EXTENSIONS), config
    assert "loading.js" in (out / "lab" / "index.html").read_text(encoding="utf-8")
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"built {out}: {len(files)} files, {size / 2**20:.1f} MiB", flush=True)


def lock() -> None:
    """Solve requirements-browser.in for the pinned Pyodide, within the versions its own release
    ships, and requirements-build.in for this machine's Python; both with hashes."""
    info = npm_pyodide()
    _, minor = browser_python(info)
    uv = [sys.executable, "-m", "uv"]
    CACHE.mkdir(exist_ok=True)
    constraints = CACHE / "pyodide-release-versions.txt"
    shipped = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["packages"].values()
    constraints.write_text("".join(f"{p['name']}=={p['version']}\n" for p in shipped if p["package_type"] == "package"))
    excludes = CACHE / "excludes.txt"
    # the kernel's stand-in for widgetsnbextension, ours for the others (see STAND_INS)
    excludes.write_text("".join(f"{name}\n" for name in ("widgetsnbextension", "parso", *STAND_INS)))
    run(
        [
            *uv,
            "pip",
            "compile",
            "--quiet",
            "--no-build",
            "--generate-hashes",
            "--python-platform",
            "wasm32-pyodide2025",
            "--python-version",
            minor,
            "--constraints",
            constraints.relative_to(ROOT),
            "--excludes",
            excludes.relative_to(ROOT),
            "--custom-compile-command",
            "make site-lock",
            "-o",
            "site/requirements-browser.txt",
            "site/requirements-browser.in",
        ]
    )
    run(
        [
            *uv,
            "pip",
            "compile",
            "--quiet",
            "--generate-hashes",
            "--universal",
            "--python-version",
            "3.10",
            "--custom-compile-command",
            "make site-lock",
            "-o",
            "site/requirements-build.txt",
            "site/requirements-build.in",
        ]
    )


if __name__ == "__main__":
    os.chdir(ROOT)
    {"build": build, "lock": lock}[sys.argv[1] if len(sys.argv) > 1 else "build"]()
