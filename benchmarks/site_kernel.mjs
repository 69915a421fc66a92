// How long the static site's Python takes to start and show the first table, without a browser.
//
//     make site && node benchmarks/site_kernel.mjs [_site] [--runs 5]
//
// Runs the kernel of the site in _site/ with Pyodide in Node.js, as the site's web worker starts
// it (the same pyodide.mjs, lock file, wheels, standard library and settings from
// jupyter-lite.json), then the code cells of 01-setup.ipynb up to the one that shows the first
// card table. Prints, as the median of --runs fresh starts, the seconds to the end of each step,
// wall clock and CPU time of the process (the CPU time hardly moves with the load of the machine;
// the wall clock does): Pyodide's runtime and standard library, the preloaded wheels unpacked,
// the package installer imported (piplite), the kernel imported, the first table. The browser
// also downloads the files and JupyterLab (benchmarks/site_load.py measures the whole page).
// Each start is a fresh Node.js process: within one, V8 would reuse the compiled WebAssembly.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;
const one = args.includes("--one");
if (one) args.splice(args.indexOf("--one"), 1);
const site = path.resolve(args[0] || "_site");
// The site holds Pyodide's WebAssembly gzipped (the page unpacks it as it arrives): Node.js reads
// the plain file, so the site's Pyodide folder is mirrored (links) with an unpacked copy beside.
const sitePyodide = path.join(site, "static", "pyodide");
const pyodideDir = fs.existsSync(path.join(sitePyodide, "pyodide.asm.wasm")) ? sitePyodide + "/" : unpacked(sitePyodide);
const config = JSON.parse(fs.readFileSync(path.join(site, "jupyter-lite.json"), "utf8"));
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const options = kernel.loadPyodideOptions;
const notebook = JSON.parse(fs.readFileSync(path.join(site, "files", "notebooks", "01-setup.ipynb"), "utf8"));
const cells = notebook.cells.filter((c) => c.cell_type === "code").map((c) => [].concat(c.source).join(""));
function unpacked(folder) {
  const mirror = fs.mkdtempSync(path.join(os.tmpdir(), "site-pyodide-"));
  for (const name of fs.readdirSync(folder)) fs.symlinkSync(path.join(folder, name), path.join(mirror, name));
  const packed = fs.readFileSync(path.join(folder, "pyodide.asm.wasm.gz"));
  fs.writeFileSync(path.join(mirror, "pyodide.asm.wasm"), zlib.gunzipSync(packed));
  process.on("exit", () => fs.rmSync(mirror, { recursive: true, force: true }));
  return mirror + "/";
}
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "pyodide.mjs").href);

async function start() {
  const marks = [];
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const mark = (name) => {
    const cpu = process.cpuUsage(c0);
    marks.push([name, (performance.now() - t0) / 1000, (cpu.user + cpu.system) / 1e6]);
  };
  const py = await loadPyodide({ indexURL: pyodideDir, env: options.env, stdout: () => {}, stderr: () => {} });
  mark("runtime");
  await py.loadPackage(options.packages, { messageCallback: () => {} });
  mark("wheels");
  await py.runPythonAsync("import piplite.piplite\npiplite.piplite._PIPLITE_DISABLE_PYPI = True");
  mark("piplite");
  await py.runPythonAsync("import pyodide_kernel");
  mark("kernel");
  py.globals.set("CELLS", JSON.stringify(cells));
  const shown = await py.runPythonAsync(`
import json
kernel = pyodide_kernel.kernel_instance
shown = []
kernel.interpreter.send_comm = lambda *args, **kwargs: None
kernel.interpreter.display_pub.display_data_callback = lambda data, *rest: shown.append(data)
kernel.interpreter.displayhook.publish_execution_result = lambda count, data, *rest: shown.append(data)
for code in json.loads(CELLS):
    reply = await kernel.run(code)
    assert reply["status"] == "ok", reply
    if any("application/vnd.jupyter.widget-view+json" in data for data in shown):
        break
len(shown)
`);
  if (!shown) throw new Error("no table shown");
  mark("first table");
  return marks;
}

if (one) {
  console.log(JSON.stringify(await start()));
} else {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, site, "--one"], { encoding: "utf8" });
    all.push(JSON.parse(out.trim().split("\n").pop()));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const load = os.loadavg()[0].toFixed(1);
  console.log(`${site}: Pyodide in Node.js ${process.version}, median of ${runs} starts, load average ${load} after`);
  console.log("| step | wall clock | CPU time |\n|---|---|---|");
  for (const [i, [name]] of all[0].entries()) {
    const wall = median(all.map((m) => m[i][1]));
    const cpu = median(all.map((m) => m[i][2]));
    console.log(`| ${name} | ${wall.toFixed(2)} s | ${cpu.toFixed(2)} s |`);
  }
}
