"""How big the static site is and how long the tutorial takes to show its first card table.

    make site && .venv/bin/python benchmarks/site_load.py [--runs 3]

Prints the size of _site/ and its number of files, then the time from opening
01-setup.ipynb to the first card table drawn (the kernel started, every cell run), as the median
of ``--runs`` cold loads in headless Chromium: a fresh browser context each time, so nothing
is cached. The same is measured in a local JupyterLab (a fresh server and kernel each time) for
comparison. Needs Debian's chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
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


def first_table(browser, url: str, kernel_idle: str) -> dict:
    """Open ``url`` in a fresh context, run all cells once the kernel is idle; seconds from
    opening the page to the kernel idle and to the first table drawn, and bytes received."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    received = []

    def count(request):
        try:
            received.append(request.sizes()["responseBodySize"])
        except Exception:  # a request still finishing as the context closes
            pass

    context.on("requestfinished", count)
    page = context.new_page()
    page.set_default_timeout(180_000)
    t0 = time.perf_counter()
    page.goto(url)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(kernel_idle))).to_be_visible(timeout=180_000)
    idle = time.perf_counter() - t0
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    expect(page.locator(".sk-table .sk-felt").first).to_be_visible(timeout=180_000)
    table = time.perf_counter() - t0
    context.close()
    return {"idle": idle, "table": table, "bytes": sum(received)}


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
        return [
            first_table(browser, f"{base}/lab/index.html?path=notebooks/{NOTEBOOK}", r"Pyodide\) \| Idle")
            for _ in range(runs)
        ]
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
            return first_table(browser, f"{base}/lab/tree/{NOTEBOOK}?token={token}", r"ipykernel\) \| Idle")
        finally:
            server.terminate()
            server.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    if not (SITE / "jupyter-lite.json").is_file():
        sys.exit("no site in _site/: run `make site` first")
    files = [p for p in SITE.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    disk = sum(p.stat().st_blocks * 512 for p in files)
    pyodide = sum(p.stat().st_size for p in (SITE / "static" / "pyodide").iterdir())
    print(
        f"site: {size / 2**20:.1f} MiB in {len(files)} files, {disk / 2**20:.1f} MiB on disk "
        f"(Pyodide and the wheels: {pyodide / 2**20:.1f} MiB)"
    )

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        site = site_loads(browser, args.runs)
        lab = [lab_load(browser) for _ in range(args.runs)]
        browser.close()

    def row(name, loads):
        med = {k: statistics.median(r[k] for r in loads) for k in ("idle", "table", "bytes")}
        each = ", ".join(f"{r['table']:.1f}" for r in loads)
        print(f"| {name} | {med['idle']:.1f} s | {med['table']:.1f} s ({each}) | {med['bytes'] / 2**20:.1f} MiB |")

    print(f"\n{NOTEBOOK}, median of {args.runs} cold loads in headless Chromium ({os.cpu_count()} cores):\n")
    print("| where | kernel ready | first table drawn (each run) | downloaded |")
    print("|---|---|---|---|")
    row("static site (Pyodide in the browser)", site)
    row("local JupyterLab (ipykernel)", lab)


if __name__ == "__main__":
    main()
