// The differential SQL corpus through the browser path, under Node: Pyodide runs
// demo.runtime's engines, the postgres one on duckdb-wasm through the worker's own
// serviceworker/duck-database.js and demo/browser/duck.py (BrowserDuckConnection),
// the sqlite one on Pyodide's sqlite3. Started by test_differential.py:
//
//   node tests/demo/runtime/sql/browser_runner.mjs REPO > answers.json
//
// stdout: {"postgres": ..., "sqlite": ...} as differential.run_postgres/run_sqlite give.

import fs from "node:fs";
import path from "node:path";
import { instantiateNodeDuck } from "../node_duck.mjs";

const repo = path.resolve(process.argv[2] || ".");
const { loadPyodide } = await import(path.join(repo, "node_modules/pyodide/pyodide.mjs"));
const { newDatabase } = await import(path.join(repo, "serviceworker/duck-database.js"));

const db = await instantiateNodeDuck(repo);

const pyodide = await loadPyodide({
  indexURL: path.join(repo, "node_modules/pyodide") + path.sep,
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
const wheelDir = ".cache/pyodide-wheels";
const wheels = fs.readdirSync(path.join(repo, wheelDir)).filter((f) => f.endsWith(".whl"));
const micropip = wheels.find((w) => w.startsWith("micropip-"));
await pyodide.loadPackage(path.join(repo, wheelDir, micropip));
pyodide.registerJsModule("helio_duck_database", { open: () => newDatabase(db) });
pyodide.globals.set(
  "wheel_paths",
  pyodide.toPy(wheels.filter((w) => w !== micropip).map((w) => `emfs:/repo/${wheelDir}/${w}`)),
);

const answers = await pyodide.runPythonAsync(`
import json, sys
import micropip
await micropip.install(list(wheel_paths), deps=False)
sys.path.insert(0, "/repo")
sys.dont_write_bytecode = True
import helio_duck_database
from demo.browser.duck import BrowserDuckConnection
from tests.demo.runtime.sql import differential

json.dumps({
    "postgres": differential.run_postgres(lambda: BrowserDuckConnection(helio_duck_database.open())),
    "sqlite": differential.run_sqlite(),
})
`);
process.stdout.write(answers);
