// Run site/bytecode.py in the site's own Pyodide under Node.js (site/build.py, compile_bytecode):
//
//     node site/bytecode.mjs <the site's static/pyodide/> <settings.json> <output folder>
//
// settings.json: {"packages": [...], "env": {...}, "cells": [...]}, the packages and environment
// the site's kernel starts with and the code cells of the first notebook. Pyodide loads them from
// the built site (its lock file, its wheels, its standard library), so the modules compiled are
// those a kernel of this site imports, by this site's Python.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [indexDir, settingsFile, outDir] = process.argv.slice(2);
const indexURL = path.resolve(indexDir) + "/";
const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({
  indexURL,
  packages: settings.packages,
  env: settings.env,
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
});
fs.mkdirSync(outDir, { recursive: true });
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(outDir) }, "/out");
py.globals.set("CELLS", JSON.stringify(settings.cells));
py.runPython(fs.readFileSync(new URL("bytecode.py", import.meta.url), "utf8"));
try {
  await py.runPythonAsync(`await main("/out", CELLS)`);
} catch (error) {
  console.error(error.message); // (bytecode.py has printed its traceback)
  process.exitCode = 1;
}
