// Runs tests/demo/runtime inside Pyodide under Node, to prove the runtime code is the
// same code the service worker runs. Started by test_pyodide.py:
//
//   node tests/demo/runtime/pyodide_runner.mjs REPO PREBUILT_SITES [pytest args as JSON]
//
// Pyodide comes from node_modules (npm), wheels from .cache/pyodide-wheels (the site's)
// and .cache/pyodide-test-wheels (pytest), installed with micropip from emfs: paths:
// no network. The repository and the natively prepared sites are mounted with NODEFS.
// DuckDB is duckdb-wasm's Node blocking bundle, exposed to Python as `helio_node_duck`,
// through the worker's own serviceworker/duck-database.js and demo/browser/duck.py.
// Exit status: pytest's.

import fs from "node:fs";
import path from "node:path";
import { instantiateNodeDuck } from "./node_duck.mjs";

const [repoArg, sitesArg, argsJson] = process.argv.slice(2);
const repo = path.resolve(repoArg);
const sites = path.resolve(sitesArg);
const pytestArgs = JSON.parse(argsJson || "[]");

const { loadPyodide } = await import(path.join(repo, "node_modules/pyodide/pyodide.mjs"));
const { newDatabase } = await import(path.join(repo, "serviceworker/duck-database.js"));

// The worker's own database code (serviceworker/duck-database.js) over duckdb-wasm's
// Node bundle: each open() is a connection with its own in-memory catalog.
async function openDuckFactory() {
  const db = await instantiateNodeDuck(repo);
  return { open: () => newDatabase(db) };
}

const pyodide = await loadPyodide({
  indexURL: path.join(repo, "node_modules/pyodide") + path.sep,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function mount(hostPath, target) {
  pyodide.FS.mkdirTree(target);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostPath }, target);
}
mount(repo, "/repo");
mount(sites, "/sites");

const wheelDirs = [".cache/pyodide-wheels", ".cache/pyodide-test-wheels"];
const wheels = wheelDirs.flatMap((dir) =>
  fs.readdirSync(path.join(repo, dir)).filter((f) => f.endsWith(".whl")).map((f) => `${dir}/${f}`),
);
const micropipWheel = wheels.find((w) => path.basename(w).startsWith("micropip-"));
await pyodide.loadPackage(path.join(repo, micropipWheel));

pyodide.registerJsModule("helio_node_duck_js", await openDuckFactory());
pyodide.globals.set("wheel_paths", pyodide.toPy(wheels.filter((w) => w !== micropipWheel).map((w) => `emfs:/repo/${w}`)));
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));

const code = await pyodide.runPythonAsync(`
import json, os, sys, types
import micropip
await micropip.install(list(wheel_paths), deps=False)

# The Python face of the Node DuckDB bridge (the DuckConnection port).
sys.path.insert(0, "/repo")
import helio_node_duck_js as _js

def open_duck():
    # The worker's own DuckConnection (late: pytest must import anyio first).
    from demo.browser.duck import BrowserDuckConnection

    return BrowserDuckConnection(_js.open())

module = types.ModuleType("helio_node_duck")
module.open_duck = open_duck
sys.modules["helio_node_duck"] = module

os.chdir("/repo")
os.environ["HELIO_PREBUILT_SITES"] = "/sites"
sys.dont_write_bytecode = True  # never leave cpython-314 .pyc files in the checkout
import pytest
int(pytest.main(["-p", "no:cacheprovider", "-o", "timeout=0", "-o", "faulthandler_timeout=0", *pytest_args]))
`);
process.exit(Number(code));
