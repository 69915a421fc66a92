"""The tutorial as a static JupyterLite site (``make site`` builds ``_site/``).

The fast checks read the built site: Pyodide and every wheel are files of the site, each listed
with its hash in the site's own pyodide-lock.json, the lab extensions match the Python packages
the kernel imports, and the root is a front door listing every notebook. The browser checks
serve ``_site/`` with ``python -m http.server`` on 127.0.0.1, open the site's root in Debian's
Chromium, follow its way in to ``01-setup.ipynb``, see the word that Python is loading and then
the first table, run every cell, play a card at a table, and fail if the page requested
anything outside 127.0.0.1. ``make test-site`` also runs every other notebook there
(``-m site_notebooks``) and finds the charts of notebooks 3 and 8 drawn.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# notebooks/10-ai.ipynb needs PettingZoo and OpenSpiel, which have no build for the browser
# (site/build.py, NOT_IN_THE_BROWSER)
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.name != "10-ai.ipynb")

# the static site (make site) in Chromium: none of it runs in `make check`
pytestmark = pytest.mark.slow

needs_site = pytest.mark.skipif(
    not (SITE / "jupyter-lite.json").is_file(), reason="no site built: run `make site` (make test does)"
)
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium (/usr/bin/chromium) is not installed"
)


def _lite_config() -> dict:
    return json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]


def _lock() -> dict:
    return json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text())


def _pins(name: str) -> dict[str, str]:
    pins = {}
    for line in (ROOT / "site" / name).read_text().splitlines():
        m = re.match(r"([A-Za-z0-9_.-]+)==([^ ;\\]+)", line)
        if m:
            pins.setdefault(re.sub(r"[-_.]+", "-", m[1]).lower(), m[2])
    return pins


# --- the built site, read from disk -------------------------------------------------------------


@needs_site
def test_the_kernel_loads_pyodide_and_every_package_from_the_site_itself():
    kernel = _lite_config()["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True  # %pip finds only what the site holds
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm.gz", "python_stdlib.zip"):
        assert (SITE / "static" / "pyodide" / name).is_file(), name
    # The WebAssembly is there packed only (the page unpacks it: site/build.py, WASM_FETCH) and
    # unpacks to Pyodide's own module, which the npm package holds.
    assert not (SITE / "static" / "pyodide" / "pyodide.asm.wasm").exists()
    packed = (SITE / "static" / "pyodide" / "pyodide.asm.wasm.gz").read_bytes()
    plain = ROOT / "site" / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    if plain.is_file():
        assert gzip.decompress(packed) == plain.read_bytes()
    assert "DecompressionStream" in (SITE / "static" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")

    lock = _lock()
    packages = lock["packages"]
    for key, entry in packages.items():
        assert not urlparse(entry["file_name"]).scheme, entry["file_name"]
        wheel = SITE / "static" / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], wheel.name
        assert set(entry["depends"]) <= set(packages), (key, entry["depends"])
    # Preloaded before the first cell: the kernel's own packages, this project and the widgets.
    preload = kernel["loadPyodideOptions"]["packages"]
    assert {"ipykernel", "pyodide-kernel", "ipython", "scheissekopf", "anywidget", "ipywidgets", "traitlets"} <= set(
        preload
    ) | {d for p in preload for d in packages[p]["depends"]}
    assert set(preload) <= set(packages)
    # This project's wheel, with the table's front end and what the table needs.
    project = packages["scheissekopf"]
    # (tqdm too: the progress bars import it inside a function, where the kernel cannot see it)
    assert {"anywidget", "ipywidgets", "tqdm"} <= set(project["depends"])
    with zipfile.ZipFile(SITE / "static" / "pyodide" / project["file_name"]) as whl:
        assert "scheissekopf/widgets/table.js" in whl.namelist()
    # The wheels are those pinned for Pyodide's Python.
    assert lock["info"]["python"].startswith("3.")
    for name, version in _pins("requirements-browser.txt").items():
        assert packages[name]["version"] == version, name


@needs_site
def test_the_lab_extensions_are_those_of_the_wheels_the_kernel_imports():
    # anywidget's wheel carries its lab extension: the site's copy must be that one, or the front
    # end and the kernel speak different versions of the widget's protocol.
    packages = _lock()["packages"]
    with zipfile.ZipFile(SITE / "static" / "pyodide" / packages["anywidget"]["file_name"]) as whl:
        (inside,) = [n for n in whl.namelist() if n.endswith("/share/jupyter/labextensions/anywidget/package.json")]
        assert json.loads(whl.read(inside)) == json.loads(
            (SITE / "extensions" / "anywidget" / "package.json").read_text()
        )
    # The widgets manager in the site is that of the build's jupyterlab-widgets, released together
    # with the ipywidgets the kernel imports: the pins agree.
    build = _pins("requirements-build.txt")
    # (the site's copy is the one the build environment installed, pinned with its hash)
    manager = Path("@jupyter-widgets", "jupyterlab-manager", "package.json")
    built = ROOT / ".venv-site" / "share" / "jupyter" / "labextensions" / manager
    assert (SITE / "extensions" / manager).read_bytes() == built.read_bytes()
    for package in ("anywidget", "ipywidgets", "jupyterlab-widgets"):
        assert packages[package]["version"] == build[package], package
    # and the page fetches no other extension at its start (the build tools bring jupyterlab_pygments)
    assert sorted(e["name"] for e in _lite_config()["federated_extensions"]) == [
        "@jupyter-widgets/jupyterlab-manager",
        "@jupyterlite/pyodide-kernel-extension",
        "anywidget",
    ]


@needs_site
def test_what_the_browser_never_uses_is_a_stand_in_of_a_few_bytes():
    # jedi (with parso) and the widgets' lab extension files cost 1.8 MiB before the first table
    # and are not used in the browser: each is a stand-in that says so.
    packages = _lock()["packages"]
    assert "parso" not in packages
    for name, module in (("jedi", "jedi"), ("jupyterlab-widgets", "jupyterlab_widgets")):
        wheel = SITE / "static" / "pyodide" / packages[name]["file_name"]
        assert wheel.stat().st_size < 2_000, (name, wheel.stat().st_size)
        with zipfile.ZipFile(wheel) as whl:
            assert "stand-in" in whl.read(f"{module}-{packages[name]['version']}.dist-info/METADATA").decode()


def _pyc_header(data: bytes) -> tuple[bytes, int]:
    """A bytecode file's magic number and its flags (0b01: hash-based, 0b10: checked)."""
    return data[:4], int.from_bytes(data[4:8], "little")


@needs_site
def test_what_a_kernel_imports_before_the_first_table_is_bytecode_for_the_sites_python():
    # site/build.py (compile_bytecode): compiled by the site's own Pyodide, unchecked (the loader
    # reads no source to validate them), one magic number throughout; the standard library and
    # the others' wheels as bytecode only, this project's beside its source.
    pyodide = SITE / "static" / "pyodide"
    packages = _lock()["packages"]
    magics = set()
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
        # the kernel imports these on its way to the first table; imaplib, say, it does not
        for module in ("json/__init__", "asyncio/base_events", "inspect", "traceback", "ast"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names, module
        assert "imaplib.py" in names and "imaplib.pyc" not in names
        compiled = [n for n in names if n.endswith(".pyc")]
        assert len(compiled) > 150
        magics |= {_pyc_header(zf.read(n)) for n in compiled}
    with zipfile.ZipFile(pyodide / packages["ipython"]["file_name"]) as whl:
        names = set(whl.namelist())
        assert "IPython/core/interactiveshell.pyc" in names and "IPython/core/interactiveshell.py" not in names
        assert "IPython/terminal/embed.py" in names  # not imported before the first table: source
        magics |= {_pyc_header(whl.read(n)) for n in names if n.endswith(".pyc")}
    with zipfile.ZipFile(pyodide / packages["scheissekopf"]["file_name"]) as whl:
        names = set(whl.namelist())
        (cached,) = [n for n in names if re.fullmatch(r"scheissekopf/shedding/__pycache__/game\.cpython-3\d+\.pyc", n)]
        assert "scheissekopf/shedding/game.py" in names
        magics |= {_pyc_header(whl.read(cached))}
    assert len(magics) == 1, magics
    ((magic, flags),) = magics
    assert magic[2:] == b"\r\n" and flags == 0b01  # hash-based, unchecked


@needs_site
def test_every_wheel_of_the_site_lists_each_of_its_files_with_its_hash():
    # The site rewrites wheels (patches, stand-ins, bytecode, trimmed parts): each RECORD still
    # says exactly what is in its wheel, as an installer (micropip) checks.
    import base64

    for entry in _lock()["packages"].values():
        with zipfile.ZipFile(SITE / "static" / "pyodide" / entry["file_name"]) as whl:
            (record,) = [n for n in whl.namelist() if n.endswith(".dist-info/RECORD") and n.count("/") == 1]
            listed = {}
            for line in whl.read(record).decode().splitlines():
                member, digest, _ = line.rsplit(",", 2)
                listed[member] = digest
            assert set(listed) == set(whl.namelist()) - {n for n in whl.namelist() if n.endswith("/")}, entry["name"]
            for member, digest in listed.items():
                if member != record:
                    data = whl.read(member)
                    want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    assert digest == want, (entry["name"], member)


@needs_site
def test_the_wheels_leave_out_what_a_kernel_never_reads():
    packages = _lock()["packages"]
    # anywidget's front end is the site's extensions folder, not the kernel's wheel
    with zipfile.ZipFile(SITE / "static" / "pyodide" / packages["anywidget"]["file_name"]) as whl:
        assert not [n for n in whl.namelist() if n.endswith(".js")]
    # pygments: the lexers IPython and the notebooks use (in the browser, the table of lexers lists
    # just those: test_pygments_finds_the_lexers_the_site_keeps_and_no_others)
    with zipfile.ZipFile(SITE / "static" / "pyodide" / packages["pygments"]["file_name"]) as whl:
        names = {n.removesuffix("c") for n in whl.namelist()}
    assert {f"pygments/lexers/{m}.py" for m in ("python", "data", "markup", "shell", "special", "_mapping")} <= names
    assert "pygments/lexers/rust.py" not in names
    assert (SITE / "static" / "pyodide" / packages["pygments"]["file_name"]).stat().st_size < 600_000


@needs_site
def test_the_site_holds_the_notebooks_and_what_they_read():
    files = SITE / "files"
    # the file browser shows the notebooks and nothing else
    assert [p.name for p in files.iterdir()] == ["notebooks"]
    root = json.loads((SITE / "api" / "contents" / "all.json").read_text())
    assert [item["name"] for item in root["content"]] == ["notebooks"]
    assert sorted(p.name for p in (files / "notebooks").glob("*.ipynb")) == NOTEBOOKS
    for nb in NOTEBOOKS:  # the notebooks as committed, less the outputs stored for viewers
        stored = json.loads((ROOT / "notebooks" / nb).read_text(encoding="utf-8"))
        for cell in stored["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        assert json.loads((files / "notebooks" / nb).read_text(encoding="utf-8")) == stored
    # the logged tournaments notebook 8 reads travel in the kernel's startup wheel
    logs = sorted(p.name for p in (ROOT / "benchmarks" / "results").glob("*.jsonl"))
    lite = _lock()["packages"]["scheissekopf-lite"]
    with zipfile.ZipFile(SITE / "static" / "pyodide" / lite["file_name"]) as whl:
        carried = sorted(
            n.rsplit("/", 1)[1]
            for n in whl.namelist()
            if n.startswith("scheissekopf_lite/results/") and n.endswith(".jsonl")
        )
    assert logs and carried == logs


def _front_door_links() -> list[tuple[str, str]]:
    page = (SITE / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<li><a href="\./lab/index\.html\?path=notebooks/([^"]+)"><b>([^<]+)</b>', page)


def _first_heading(notebook: str) -> str:
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return "".join(cells[0]["source"]).split("\n", 1)[0].lstrip("# ").strip()


@needs_site
def test_the_front_door_lists_every_notebook_by_its_heading_and_opens_the_first():
    import html

    page = (SITE / "index.html").read_text(encoding="utf-8")
    links = _front_door_links()
    assert [nb for nb, _ in links] == NOTEBOOKS
    assert [html.unescape(title) for _, title in links] == [_first_heading(nb) for nb in NOTEBOOKS]
    start = re.search(r'<a class="start" href="([^"]+)">([^<]+)</a>', page)
    assert start and start[1] == f"./lab/index.html?path=notebooks/{NOTEBOOKS[0]}"
    assert html.unescape(start[2]).startswith("Start: " + _first_heading(NOTEBOOKS[0]))
    # the lab's pages read the configuration of the root page too
    assert 'id="jupyter-config-data"' in page
    # and the lab's page says that Python is loading while it does
    assert '<script src="../static/scheissekopf/loading.js"></script>' in (SITE / "lab" / "index.html").read_text()
    assert "Python is loading in this page" in (SITE / "static" / "scheissekopf" / "loading.js").read_text()


@needs_site
def test_the_lab_leaves_off_mathjax_while_no_notebook_writes_mathematics():
    # MathJax is 0.9 MiB that the lab fetches to typeset the first notebook's text, before the
    # first table (site/build.py, DISABLED_PLUGINS). Should a notebook come to write $x$ or
    # $$...$$, take it out of DISABLED_PLUGINS so that the formula is typeset.
    assert "@jupyterlab/mathjax-extension:plugin" in _lite_config().get("disabledExtensions", [])
    for nb in NOTEBOOKS:
        cells = json.loads((ROOT / "notebooks" / nb).read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                assert not re.search(r"\$\S[^$\n]*\$|\\\(|\\\[", text), (nb, text[:200])


# --- what the browser lacks, checked in CPython ---------------------------------------------------


def test_a_tournament_in_pyodide_plays_in_one_process_and_says_so_once(monkeypatch, capsys):
    from scheissekopf import cluster, tournament

    lineup = ["greedy", "random", "random", "random"]
    alone = tournament.run("bitenight", lineup, 4, seed=3, jobs=1, progress=False)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(cluster.sys, "platform", "emscripten")  # where the games are played
    monkeypatch.setattr(cluster.os, "cpu_count", lambda: 4)
    # No process pool may be started there: its module is missing in Pyodide.
    monkeypatch.setitem(sys.modules, "multiprocessing", None)
    for jobs in (None, 2):
        browser = tournament.run("bitenight", lineup, 4, seed=3, jobs=jobs, progress=False)
        err = capsys.readouterr().err.splitlines()
        assert err == ["tournament: no worker processes in the browser (Pyodide); playing the games here"]
        assert browser["bot_stats"] == alone["bot_stats"]


# --- the site in a real browser -----------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served_site():
    """``python -m http.server`` over _site/ on 127.0.0.1: yields the base URL."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(SITE), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, "http.server exited"
            try:
                with urllib.request.urlopen(f"{base}/jupyter-lite.json", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "http.server did not answer within 30 s"
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=15)


@pytest.fixture(scope="module")
def chromium():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Page:
    """A fresh browser context (cold: no cache, no service worker) on one notebook of the site,
    recording every URL it requests, its own and its workers'."""

    def __init__(self, browser, base: str, notebook: str | None):
        """Open ``notebook`` by its link, or with None the site's root (the front door)."""
        self.base = base
        self.requests: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.page.goto(f"{base}/" if notebook is None else f"{base}/lab/index.html?path=notebooks/{notebook}")

    def outside(self) -> list[str]:
        return [u for u in self.requests if not u.startswith(self.base + "/") and not u.startswith(("data:", "blob:"))]

    def run_all(self, timeout: float = 300) -> str:
        """Run every cell once the kernel is idle and wait until the last one has run; return
        "passed" if the notebook's checks said so, or fail with the tracebacks it shows."""
        from playwright.sync_api import expect

        page = self.page
        expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"Pyodide\) \| Idle"))).to_be_visible(
            timeout=180_000
        )
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
        last_prompt = page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-InputPrompt")
        errors = page.locator(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
            has_text=re.compile(r"Traceback|Error"),
        )
        checks = page.locator(".jp-OutputArea-output", has_text="all checks passed")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if errors.count():
                self.screenshot("site-error")
                pytest.fail(
                    "a cell failed in the browser:\n"
                    + "\n".join(errors.nth(i).text_content()[-3000:] for i in range(errors.count()))
                )
            if re.search(r"\[\d+\]", last_prompt.text_content() or ""):
                return "passed" if checks.count() else "no checks"
            page.wait_for_timeout(500)
        self.screenshot("site-timeout")
        pytest.fail(f"the notebook did not finish within {timeout} s")

    def run_new_cell(self, code: str, expect_text: str, timeout: float = 120_000) -> str:
        """Append a cell with ``code`` at the end of the notebook, run it, return its output."""
        from playwright.sync_api import expect

        page = self.page
        page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(code)
        page.keyboard.press("Control+Enter")
        out = page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-OutputArea")
        expect(out).to_contain_text(expect_text, timeout=timeout)
        return out.text_content()

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=ARTIFACTS / f"{name}.png")

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def setup_notebook(served_site, chromium):
    """01-setup.ipynb opened from the site's root as a learner would, with every cell run; what
    the page said on the way is in ``page.seen``."""
    from playwright.sync_api import expect

    page = Page(chromium, served_site, None)
    start = page.page.get_by_role("link", name=re.compile(r"^Start: 1 · "))
    expect(start).to_be_visible()
    start.click()
    note = page.page.locator(".jp-Notebook .jp-CodeCell").first.locator(".sk-loading")
    expect(note).to_contain_text("Python is loading in this page", timeout=180_000)
    tab = page.page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
    page.seen = {"tab": tab.text_content(), "note": note.text_content()}
    page.screenshot("site-loading")
    page.run_all()
    page.seen["drive requests"] = sum("/api/drive" in u for u in page.requests)
    yield page
    page.close()


@needs_site
@needs_chromium
def test_the_way_in_leads_to_the_first_notebook_saying_python_is_loading_until_the_first_table(setup_notebook):
    from playwright.sync_api import expect

    assert setup_notebook.seen["tab"] == "01-setup.ipynb"
    assert re.search(
        r"Python is loading in this page \(\d+ s so far; it usually takes about", setup_notebook.seen["note"]
    )
    page = setup_notebook.page
    # the first table took the word's place
    expect(page.locator(".sk-table .sk-felt").first).to_be_visible()
    expect(page.locator(".sk-loading")).to_have_count(0)
    # the file browser shows the notebooks, and no other folder
    items = page.locator(".jp-DirListing-item .jp-DirListing-itemText")
    expect(items.first).to_be_visible()
    names = [items.nth(i).text_content() for i in range(items.count())]
    assert sorted(names) == NOTEBOOKS, names


@needs_site
@needs_chromium
def test_the_setup_notebook_runs_in_the_browser_and_a_table_plays(setup_notebook):
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    page = setup_notebook.page
    # The table after the opening play: Dev (P3) must play on the 4 of diamonds.
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has_text="g.play(opening)")
    table = cell.locator(".sk-table")
    expect(table.locator(".sk-felt")).to_be_visible()
    table.scroll_into_view_if_needed()
    assert [
        table.locator(".sk-stack .sk-card").nth(i).get_attribute("data-card")
        for i in range(table.locator(".sk-stack .sk-card").count())
    ] == ["4D"]
    # the kernel in the page may still be sending the first description: wait for it
    expect(table.locator(".sk-status")).to_contain_text(re.compile(r"Dev|P3"))
    status = table.locator(".sk-status").inner_text()

    five = table.locator('.sk-seat[data-seat="3"] .sk-card[data-card="5H"]')
    assert "sk-legal" in five.get_attribute("class")
    five.click()
    table.get_by_role("button", name="Play 5\u2665").click()
    expect(table.locator('.sk-stack .sk-card[data-card="5H"]')).to_be_visible()
    expect(table.locator(".sk-status")).not_to_have_text(status)
    out = setup_notebook.run_new_cell(
        'print("last move:", opened.game.history[-1], "| turn:", opened.game.turn)', "last move"
    )
    assert "last move: P3 5H | turn: 0" in out, out
    table.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    table.screenshot(path=ARTIFACTS / "site-table.png")
    setup_notebook.screenshot("site-page")


@needs_site
@needs_chromium
def test_what_pyodide_lacks_falls_back_in_one_line(setup_notebook):
    code = (
        "import sys, tqdm\n"
        "from scheissekopf import tournament\n"
        "summary = tournament.run('bitenight', ['greedy', 'random', 'random', 'random'], 4, seed=3, jobs=2)\n"
        "header, logged = tournament.read_log('../benchmarks/results/greedy_vs_random_bitenight.jsonl')\n"
        "print('logged', len(logged), 'monitor', tqdm.tqdm.monitor_interval)\n"
        "print('platform', sys.platform, 'games', summary['games'])"
    )
    out = setup_notebook.run_new_cell(code, "platform emscripten games 4")
    assert "tournament: no worker processes in the browser (Pyodide); playing the games here" in out
    # The logged tournaments can be read where notebook 8 reads them; tqdm starts no thread.
    assert "logged 400 monitor 0" in out
    assert "Traceback" not in out


@needs_site
@needs_chromium
def test_completions_come_from_ipython_without_jedi_or_the_terminal(setup_notebook):
    # The Tab key asks the kernel to complete; with jedi a stand-in, IPython's own completer answers.
    # IPython's terminal (prompt_toolkit) is not loaded by a notebook's run: site/build.py's PATCHES.
    code = (
        "import sys, scheissekopf as sk\n"
        "shell = get_ipython()\n"
        "reply = shell.kernel.complete('sk.new_', 7)\n"
        "print('terminal', 'prompt_toolkit' in sys.modules, 'jedi', shell.Completer.use_jedi, 'matches', reply['matches'])"
    )
    out = setup_notebook.run_new_cell(code, "matches")
    assert "terminal False jedi False" in out and "new_game" in out, out
    assert "Traceback" not in out


@needs_site
@needs_chromium
def test_the_kernel_ran_the_sites_bytecode_not_the_source(setup_notebook):
    # The standard library's and IPython's modules came from their bytecode files (no source is
    # there to fall back on); this project's code objects have no column positions, which only the
    # site's compiled files lack (the browser's Python compiles with them), so its bytecode was
    # taken too: the magic number is the page's Python's.
    code = (
        "import sys, importlib.util, scheissekopf.shedding.game as game\n"
        "loaders = [type(sys.modules[m].__loader__).__name__ for m in ('json', 'IPython.core.interactiveshell')]\n"
        "columns = {p[2] for p in game.Game.play.__code__.co_positions()}\n"
        "print('loaders', *loaders, 'columns', columns, 'magic', importlib.util.MAGIC_NUMBER.hex())"
    )
    out = setup_notebook.run_new_cell(code, "loaders")
    assert "loaders zipimporter SourcelessFileLoader columns {None}" in out, out
    with zipfile.ZipFile(SITE / "static" / "pyodide" / "python_stdlib.zip") as zf:
        assert f"magic {zf.read('json/__init__.pyc')[:4].hex()}" in out, out
    assert "Traceback" not in out


# Each top-level import made with the notebooks' folder as the working directory asks the page for
# the folder's listing (a request through the service worker). Running all of 01-setup, the
# kernel importing itself there took 96 such requests; importing before it enters the folder
# (site/build.py, KERNEL_WORKER_PATCHES), 26.
DRIVE_REQUESTS_BUDGET = 50


@needs_site
@needs_chromium
def test_the_kernel_imports_itself_before_it_enters_the_notebooks_folder(setup_notebook):
    for script in (SITE / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static").glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert not re.search(r"(\w)\.mount\((\w),\{\},(\w)\),\1\.chdir\(\3\)", text), script
    assert setup_notebook.seen["drive requests"] < DRIVE_REQUESTS_BUDGET, setup_notebook.seen
    # ... and still runs the notebook in its folder, where it finds the files beside it
    out = setup_notebook.run_new_cell("import os\nprint('cwd', os.getcwd(), sorted(os.listdir())[:1])", "cwd")
    assert "cwd /drive/notebooks ['01-setup.ipynb']" in out, out


@needs_site
@needs_chromium
def test_pip_installs_from_the_site_and_only_then_imports_micropip(setup_notebook):
    # The site's piplite imports micropip at the first install, not as the kernel starts
    # (site/build.py, PATCHES["piplite"]); %pip still installs what the site holds.
    out = setup_notebook.run_new_cell("import sys\nprint('micropip before', 'micropip' in sys.modules)", "before")
    assert "micropip before False" in out, out
    out = setup_notebook.run_new_cell(
        "%pip install wcwidth\nimport wcwidth\nprint('installed', wcwidth.wcwidth('a'), 'micropip' in sys.modules)",
        "installed",
    )
    assert "installed 1 True" in out, out
    assert "Traceback" not in out


@needs_site
@needs_chromium
def test_pygments_finds_the_lexers_the_site_keeps_and_no_others(setup_notebook):
    # IPython's lexer and what a notebook may show; any other language is pygments' "not found"
    code = (
        "from pygments.lexers import get_lexer_by_name, find_lexer_class\n"
        "from pygments.lexers._mapping import LEXERS\n"
        "from pygments.util import ClassNotFound\n"
        "names = [get_lexer_by_name(a).name for a in ('ipython3', 'pytb', 'json', 'markdown', 'bash')]\n"
        "every = all(find_lexer_class(entry[1]) for entry in LEXERS.values())\n"
        "try:\n"
        "    get_lexer_by_name('rust')\n"
        "except ClassNotFound:\n"
        "    names.append('no rust')\n"
        "print('lexers', names, every)"
    )
    out = setup_notebook.run_new_cell(code, "lexers")
    assert "lexers ['IPython', 'Python Traceback', 'JSON', 'Markdown', 'Bash', 'no rust'] True" in out, out


@needs_site
@needs_chromium
def test_the_page_requests_nothing_outside_127_0_0_1(setup_notebook):
    requests = setup_notebook.requests
    # The kernel's own downloads (made by its web worker) are among what was watched.
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm.gz") for u in requests)
    assert any(re.search(r"/static/pyodide/scheissekopf-[^/]+\.whl$", u) for u in requests)
    assert setup_notebook.outside() == []


# JupyterLite's app code (_site/build/) that 01-setup fetches, run to its end: 5.7 MiB with MathJax
# left off (site/build.py, DISABLED_PLUGINS), 6.6 MiB with it.
APP_CODE_BUDGET_MIB = 6.0


@needs_site
@needs_chromium
def test_the_first_notebook_fetches_no_app_code_it_does_not_use(setup_notebook):
    base = setup_notebook.base
    files = {SITE / urlparse(u).path.lstrip("/") for u in setup_notebook.requests if u.startswith(f"{base}/build/")}
    assert any(f.name.startswith("jlab_core.") for f in files)  # the lab's code was among what was watched
    fetched = sum(f.stat().st_size for f in files if f.is_file()) / 2**20
    assert fetched < APP_CODE_BUDGET_MIB, (
        f"01-setup fetched {fetched:.2f} MiB of the app's code: a plugin now loads more before the first "
        "table (turn it off in site/build.py's DISABLED_PLUGINS, or raise the budget if the page needs it)"
    )


# The charts each notebook draws (scheissekopf.charts), and the fewest dots each one has.
CHARTS = {"03-scoring.ipynb": [20], "08-bots-and-tournaments.ipynb": [6, 12, 4]}
# The long runs in a notebook, each showing a progress bar (tqdm's widget) in the page.
LONG_RUNS = {"03-scoring.ipynb": 1, "08-bots-and-tournaments.ipynb": 1}


@pytest.mark.site_notebooks
@needs_site
@needs_chromium
@pytest.mark.parametrize("notebook", [nb for nb in NOTEBOOKS if nb != "01-setup.ipynb"])
def test_every_other_notebook_runs_in_the_browser_and_draws_its_charts(served_site, chromium, notebook):
    page = Page(chromium, served_site, notebook)
    try:
        from playwright.sync_api import expect

        assert page.run_all() == "passed"
        expected = CHARTS.get(notebook, [])
        # the renderer draws each chart once its output arrives
        charts = page.page.locator(".jp-Notebook .jp-RenderedVegaCommon5")
        expect(charts).to_have_count(len(expected), timeout=60_000)
        dots = []
        for i in range(charts.count()):
            chart = charts.nth(i)
            chart.scroll_into_view_if_needed()
            chart.locator("svg .mark-symbol path").first.wait_for()
            dots.append(chart.locator("svg .mark-symbol path").count())
            ARTIFACTS.mkdir(exist_ok=True)
            chart.screenshot(path=ARTIFACTS / f"site-chart-{notebook[:2]}-{i}.png")
        assert len(dots) == len(expected) and all(d >= e for d, e in zip(dots, expected)), dots
        assert page.page.get_by_text("not drawn").count() == 0
        if notebook in LONG_RUNS:  # the series of matches, the tournament: a progress bar under each
            bars = page.page.locator(".jp-Notebook .widget-hprogress")
            expect(bars).to_have_count(LONG_RUNS[notebook], timeout=60_000)
        assert page.outside() == []
    finally:
        page.close()
