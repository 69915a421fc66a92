"""Run inside the site's Pyodide by site/bytecode.mjs (see compile_bytecode in site/build.py).

Starts the tutorial's kernel as the site's web worker does, runs the first notebook's code cells
until one shows a card table, and writes a bytecode file for every module imported on the way
that Python loaded from source: ``stdlib/<member>.pyc`` for the standard library's zip,
``site-packages/<member>.pyc`` for the wheels. Each is compiled by this Python (so its magic
number is the browser's) without column positions (``PYTHONNODEBUGRANGES``: tracebacks keep
their line numbers and lose only the carets, and the files are a fifth smaller), and marked
unchecked, so the loader takes it without reading or hashing any source.
"""

from __future__ import annotations

import importlib.util
import json
import os
import site
import sys
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

WIDGET = "application/vnd.jupyter.widget-view+json"


async def main(out: str, cells: str) -> None:
    """``cells``: the first notebook's code cells, as a JSON list."""
    try:
        await _compile_imported(out, json.loads(cells))
    except BaseException:  # said on the original stderr: the kernel has replaced sys.stderr
        import traceback

        print(traceback.format_exc(), file=sys.__stderr__, flush=True)
        raise


async def _compile_imported(out: str, cells: list[str]) -> None:
    # no column positions in what this Python compiles (PYTHONNODEBUGRANGES)
    assert all(p[2] is None for p in compile("x + 1", "", "eval").co_positions()), "PYTHONNODEBUGRANGES is not set"
    # as the kernel's web worker starts (initPackageManager, initKernel)
    import piplite.piplite

    piplite.piplite._PIPLITE_DISABLE_PYPI = True
    import pyodide_kernel

    kernel = pyodide_kernel.kernel_instance
    shown: list = []
    kernel.interpreter.send_comm = lambda *args, **kwargs: None  # no front end here
    kernel.interpreter.display_pub.display_data_callback = lambda data, *rest: shown.append(data)
    kernel.interpreter.displayhook.publish_execution_result = lambda count, data, *rest: shown.append(data)
    for number, code in enumerate(cells, 1):
        reply = await kernel.run(code)
        reply = reply.to_py() if hasattr(reply, "to_py") else reply
        if reply.get("status") != "ok":
            raise RuntimeError(f"cell {number} failed: {reply.get('ename')}: {reply.get('evalue')}")
        if any(WIDGET in (data.to_py() if hasattr(data, "to_py") else data) for data in shown):
            break
    else:
        raise RuntimeError(f"no cell of the first notebook showed a table: {shown!r}"[:2000])

    roots = {"stdlib": next(p for p in sys.path if p.endswith(".zip")), "site-packages": site.getsitepackages()[0]}
    compiled = {name: [] for name in roots}
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        loader = getattr(spec, "loader", None)
        if not origin.endswith(".py") or not hasattr(loader, "get_data"):
            continue  # built in, frozen, a namespace package or already bytecode
        for name, root in roots.items():
            if origin.startswith(root + "/"):
                member = origin[len(root) + 1 :]
                source = loader.get_data(origin)
                code = compile(source, origin, "exec", dont_inherit=True)
                data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
                target = os.path.join(out, name, member + "c")
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as f:
                    f.write(data)
                compiled[name].append(member)
    summary = {
        "magic": importlib.util.MAGIC_NUMBER.hex(),
        "cache_tag": sys.implementation.cache_tag,
        "cells": number,
        **{k: sorted(v) for k, v in compiled.items()},
    }
    with open(os.path.join(out, "compiled.json"), "w") as f:
        json.dump(summary, f, indent=1)
