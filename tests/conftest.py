"""What the test modules share: the fixtures of the tests in Chromium and in JupyterLab, which
tests are slow, and Hypothesis' profiles. (Plain functions and data are in helpers.py.)

A test is slow when it takes about two seconds or more: `make check` leaves the slow tests out
(``pytest -m "not slow"``, under two minutes with lint and types) and `make test` runs them all.
Slow are
* every test that asks for a fixture of ``SLOW_FIXTURES`` (Chromium, JupyterLab, the
  documentation site's build), every test of test_browser_*.py and test_site.py, and every
  notebook nbval runs,
* the tests marked ``@pytest.mark.slow`` in their modules (those that open Chromium themselves,
  start Ray, play many games or run many Hypothesis examples), and those named in ``SLOW`` below.

Hypothesis: ``SCHEISSEKOPF_HYPOTHESIS=dev`` (what `make check` sets) tries few examples in the
tests that do not set their own number; without it (or with ``full``, what `make test` sets)
Hypothesis runs with its own settings.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from importlib.resources import files

import hypothesis
import pytest
from helpers import CHROMIUM, CHROMIUM_ARGS, ROOT, TRAITS

# ------------------------------------------------------------------ Hypothesis' profiles
# "full" loads no profile: Hypothesis' own settings (its "ci" profile where CI is set).
hypothesis.settings.register_profile("dev", max_examples=10)
HYPOTHESIS_PROFILE = os.environ.get("SCHEISSEKOPF_HYPOTHESIS") or "full"
if HYPOTHESIS_PROFILE != "full":
    hypothesis.settings.load_profile(HYPOTHESIS_PROFILE)


# ------------------------------------------------------------------ the slow tests
#: the fixtures that open Chromium, start JupyterLab or build the documentation site
SLOW_FIXTURES = {"browser", "chromium", "lab", "site"}

#: slow tests of modules that carry no marks of their own, by node id (a parametrized test by its
#: name, for all its parameters)
SLOW = {
    "tests/test_docs_site.py::test_broken_links_and_a_failing_example_fail_the_build_naming_the_page_and_line",
    "tests/test_greedy_from_hand.py::test_the_fast_path_declines_a_jump_in_chance",
    "tests/test_lean_playout.py::test_a_lean_playout_plays_the_games_moves_one_for_one",
    "tests/test_lean_playout.py::test_the_search_on_the_core_grows_the_same_tree",
    "tests/test_shedding_core.py::test_the_core_plays_on_from_the_perft_positions_and_reaches_the_rules_that_differ",
    "tests/test_shedding_core.py::test_the_core_plays_the_games_rounds_move_for_move",
    "tests/test_unrecorded_playout.py::test_an_unrecorded_playout_plays_the_recorded_one_move_for_move",
}


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the marks
def pytest_collection_modifyitems(config, items):
    slow = pytest.mark.slow
    for item in items:
        node = item.nodeid.split("[")[0]
        if item.path.suffix == ".ipynb" or SLOW_FIXTURES & set(getattr(item, "fixturenames", ())) or node in SLOW:
            item.add_marker(slow)


# ------------------------------------------------------------------ Chromium
@pytest.fixture(scope="module")  # closed after each file: a live sync Playwright keeps an event loop running
def chromium():
    """Chromium, headless, for one test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def browser(chromium):
    """The same Chromium, under the name the tests of the front end on its own use."""
    return chromium


def _blank_page(browser, origin, width, viewport):
    """A page of ``browser`` at ``origin``, which serves the widget's table.js and table.css from
    memory (no server), and the errors its scripts raise."""
    widgets = files("scheissekopf.widgets")
    assets = {
        "/table.js": ("text/javascript", (widgets / "table.js").read_text()),
        "/table.css": ("text/css", (widgets / "table.css").read_text()),
        "/": (
            "text/html",
            '<!doctype html><html><head><meta charset="utf-8">\n<link rel="stylesheet" href="/table.css"></head>\n'
            f'<body style="margin:8px;width:{width}px"><div id="w"></div></body></html>',
        ),
    }
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def serve(route):
        path = route.request.url[len(origin) :] or "/"
        if path not in assets:
            return route.fulfill(status=404, body="")
        kind, body = assets[path]
        route.fulfill(status=200, content_type=kind, body=body)

    page.route(f"{origin}/**", serve)
    page.goto(f"{origin}/")
    return page, errors


@pytest.fixture
def table(browser):
    """A function that mounts the table's front end with the given traits, on a stand-in for the
    anywidget model that records what the front end sends (``helpers.sent``), and returns the page."""
    page, errors = _blank_page(browser, "http://table.test", 900, {"width": 920, "height": 700})

    def mount(values):
        page.evaluate(
            """async (values) => {
            const mod = await import("/table.js");
            const listeners = {};
            const model = {
              get: (k) => values[k],
              set: (k, v) => { values[k] = v; },
              on: (e, f) => { (listeners[e] ||= []).push(f); },
              off: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); },
              save_changes: () => {},
              send: (m) => window.sent.push(JSON.parse(JSON.stringify(m))),
              // the test's way of playing Python: change traits and fire their events
              update: (changes) => {
                Object.assign(values, changes);
                for (const k of Object.keys(changes)) (listeners["change:" + k] || []).forEach((f) => f());
              },
            };
            window.sent = [];
            window.model = model;
            window.lib = mod;
            // like a notebook: the view draws into an element that is attached afterwards
            const el = document.createElement("div");
            mod.default.render({ model, el });
            await new Promise((done) => queueMicrotask(done));
            document.getElementById("w").append(el);
        }""",
            values,
        )
        page.wait_for_selector(".sk-table .sk-felt")
        return page

    yield mount
    page.close()
    assert not errors, errors


@pytest.fixture
def live(browser):
    """mount(table) -> page: the front end drawing ``table``, its requests answered by Python
    (``helpers.click`` clicks and waits for the answer)."""
    page, errors = _blank_page(browser, "http://editor.test", 800, {"width": 820, "height": 900})
    box: dict = {}

    def values():
        return json.loads(json.dumps({k: getattr(box["table"], k) for k in TRAITS if hasattr(box["table"], k)}))

    def answer(msg):
        box["table"]._on_msg(box["table"], msg, [])
        return values()

    page.expose_function("python", answer)

    def mount(table):
        box["table"] = table
        page.evaluate(
            """async (values) => {
            const mod = await import("/table.js");
            const listeners = {};
            const model = {
              get: (k) => values[k],
              set: (k, v) => { values[k] = v; },
              on: (e, f) => { (listeners[e] ||= []).push(f); },
              off: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); },
              save_changes: () => {},
              send: async (m) => {
                const fresh = await window.python(JSON.parse(JSON.stringify(m)));
                for (const k of Object.keys(fresh)) {
                  if (JSON.stringify(fresh[k]) !== JSON.stringify(values[k])) {
                    values[k] = fresh[k];
                    (listeners["change:" + k] || []).forEach((f) => f());
                  }
                }
                window.answered = (window.answered || 0) + 1;
              },
            };
            const el = document.createElement("div");
            mod.default.render({ model, el });
            document.getElementById("w").append(el);
        }""",
            values(),
        )
        page.wait_for_selector(".sk-table .sk-head")
        return page

    yield mount
    page.close()
    assert not errors, errors


# ------------------------------------------------------------------ JupyterLab
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server (on 127.0.0.1, in temporary directories) over a copy of notebooks/,
    for one test module: yields its base URL, its token and the copy's folder."""
    pytest.importorskip("jupyterlab")
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "notebooks"
    shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # Without the outputs stored for notebook viewers: every table and every prompt the tests
    # find was drawn by their own run (test_notebook_outputs.py opens a notebook as stored).
    for notebook in root.glob("*.ipynb"):
        nb = json.loads(notebook.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        notebook.write_text(json.dumps(nb), encoding="utf-8")
    settings = tmp / "settings"
    news = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    news.parent.mkdir(parents=True)
    news.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # every cell in the page: JupyterLab 4 otherwise leaves the cells out that are not scrolled to
    tracker = settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}))
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime")}
    log = open(tmp / "lab.log", "w+")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
        ],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{log.read()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"JupyterLab did not answer within 90 s:\n{log.read()[-3000:]}")
                time.sleep(0.3)
        yield base, token, root
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
