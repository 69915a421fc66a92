"""How big the static site is and how long the tutorial takes to show its first card table.

    make site && .venv/bin/python benchmarks/site_load.py [--runs 3] [--no-lab] [--site DIR]

Prints the size of _site/ and its number of files, then, as the median of ``--runs`` cold loads
in headless Chromium (a fresh browser context each time, so nothing is cached), the time from
opening 01-setup.ipynb to the notebook shown, to the word that Python is loading, to the first
cell run (the kernel ready) and to the first card table drawn, with Run All pressed as soon as
the notebook has its kernel (which may still be starting); and the bytes downloaded until then,
as served (by ``python -m http.server``, which compresses nothing) and as a host that gzips
every response would send them. The load average before and after each set of loads is printed
with them: on a busy machine the times grow. The same notebook in a local JupyterLab (a fresh
server and kernel each time) for comparison, unless ``--no-lab``. Needs Debian's chromium at
/usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"
NOTEBOOK = "01-setup.ipynb"
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, proc: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while True:
        if proc.poll() is not None:
            sys.exit(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                sys.exit(f"{url} did not answer within {seconds} s")
            time.sleep(0.2)


_GZIPPED: dict[str, int] = {}


def gzipped(path: Path) -> int:
    """The size of ``path`` as a compressing host sends it (gzip, level 6)."""
    key = str(path)
    if key not in _GZIPPED:
        _GZIPPED[key] = len(gzip.compress(path.read_bytes(), compresslevel=6))
    return _GZIPPED[key]


def first_table(browser, url: str, site: str | None = None) -> dict:
    """Open ``url`` in a fresh context and Run All as soon as the notebook has its kernel (the
    cells wait for it to start); seconds from opening the page to the notebook shown, to the loading
    word (the site only), to the first cell run (the kernel ready) and to the first table drawn,
    and the bytes received until then (also gzipped, for the files of ``site``, the base URL of
    _site/)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    received: list[tuple[str, int]] = []

    def count(request):
        try:
            received.append((request.url, request.sizes()["responseBodySize"]))
        except Exception:  # a request still finishing as the context closes
            pass

    context.on("requestfinished", count)
    page = context.new_page()
    page.set_default_timeout(180_000)
    t0 = time.perf_counter()
    page.goto(url)
    first_cell = page.locator(".jp-Notebook .jp-CodeCell").first
    expect(first_cell).to_be_visible(timeout=180_000)
    shown = time.perf_counter() - t0
    word = None
    if site:
        expect(page.locator(".sk-loading")).to_be_visible(timeout=180_000)
        word = time.perf_counter() - t0
    # Run All once the notebook has its kernel (still starting: the cells wait for it)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\((Pyodide|ipykernel)\)"))).to_be_visible(
        timeout=180_000
    )
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    # the kernel is ready when the first cell has run (its prompt shows a number)
    first_prompt = first_cell.locator(".jp-InputPrompt")
    idle = None
    table_item = page.locator(".sk-table .sk-felt").first
    deadline = time.monotonic() + 300
    while not table_item.is_visible():
        if idle is None and re.search(r"\[\d+\]", first_prompt.text_content() or ""):
            idle = time.perf_counter() - t0
        if time.monotonic() > deadline:
            sys.exit(f"no table within 300 s: {url}")
        page.wait_for_timeout(50)
    table = time.perf_counter() - t0
    upto = list(received)
    context.close()
    sent = sum(size for _, size in upto)
    packed = 0
    for u, size in upto:
        local = SITE / urllib.parse.urlparse(u).path.lstrip("/") if site and u.startswith(site) else None
        packed += gzipped(local) if local is not None and local.is_file() and size > 0 else size
    return {
        "files": upto,
        "shown": shown,
        "word": word,
        "idle": idle if idle is not None else table,
        "table": table,
        "bytes": sent,
        "gzip": packed,
    }


def site_loads(browser, runs: int) -> list[dict]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(SITE), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/jupyter-lite.json", server)
        return [first_table(browser, f"{base}/lab/index.html?path=notebooks/{NOTEBOOK}", base) for _ in range(runs)]
    finally:
        server.terminate()
        server.wait()


def lab_load(browser) -> dict:
    """One cold load in a fresh JupyterLab server (so a fresh kernel) over a copy of notebooks/."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        root = tmp / "notebooks"
        shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        news = tmp / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
        news.parent.mkdir(parents=True)
        news.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        port, token = free_port(), secrets.token_hex(16)
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime")}
        server = subprocess.Popen(
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
                f"--LabApp.user_settings_dir={tmp / 'settings'}",
                f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
            ],
            cwd=root,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(f"{base}/api/status?token={token}", server)
            return first_table(browser, f"{base}/lab/tree/{NOTEBOOK}?token={token}")
        finally:
            server.terminate()
            server.wait()


def main() -> None:
    global SITE
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-lab", action="store_true", help="measure the static site only")
    ap.add_argument("--files", type=int, default=0, metavar="N", help="list the N largest downloads of the first load")
    ap.add_argument("--site", type=Path, default=SITE, metavar="DIR", help="a built site other than _site/")
    args = ap.parse_args()
    SITE = args.site.resolve()
    if not (SITE / "jupyter-lite.json").is_file():
        sys.exit(f"no site in {SITE}: run `make site` first")
    files = [p for p in SITE.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    disk = sum(p.stat().st_blocks * 512 for p in files)
    pyodide = sum(p.stat().st_size for p in (SITE / "static" / "pyodide").iterdir())
    print(
        f"site: {size / 2**20:.1f} MiB in {len(files)} files, {disk / 2**20:.1f} MiB on disk "
        f"(Pyodide and the wheels: {pyodide / 2**20:.1f} MiB)"
    )

    loads = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        before = os.getloadavg()
        loads["static site (Pyodide in the browser)"] = (before, site_loads(browser, args.runs), os.getloadavg())
        if not args.no_lab:
            before = os.getloadavg()
            lab = [lab_load(browser) for _ in range(args.runs)]
            loads["local JupyterLab (ipykernel)"] = (before, lab, os.getloadavg())
        browser.close()

    def seconds(value):
        return "–" if value is None else f"{value:.1f} s"

    def row(name, before, runs, after):
        med = {
            k: statistics.median(r[k] for r in runs) if all(r[k] is not None for r in runs) else None
            for k in ("shown", "word", "idle", "table", "bytes", "gzip")
        }
        each = ", ".join(f"{r['table']:.1f}" for r in runs)
        print(
            f"| {name} | {seconds(med['shown'])} | {seconds(med['word'])} | {seconds(med['idle'])} "
            f"| {med['table']:.1f} s ({each}) | {med['bytes'] / 2**20:.1f} MiB ({med['gzip'] / 2**20:.1f} MiB gzipped) "
            f"| {before[0]:.1f} → {after[0]:.1f} |"
        )

    print(f"\n{NOTEBOOK}, median of {args.runs} cold loads in headless Chromium ({os.cpu_count()} cores):\n")
    print(
        "| where | notebook shown | loading word | first cell run | first table drawn (each run) "
        "| downloaded until then | load average (1 min) before → after |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, (before, runs, after) in loads.items():
        row(name, before, runs, after)
    if args.files:
        for name, (_, runs, _) in loads.items():
            largest = sorted(runs[0]["files"], key=lambda f: -f[1])[: args.files]
            print(f"\nlargest downloads before the first table, {name}:")
            for url, size in largest:
                print(f"  {size / 2**20:6.2f} MiB  {urllib.parse.urlparse(url).path}")


if __name__ == "__main__":
    main()
