// The differential SQL corpus through the browser path, under Node: Pyodide runs
// demo.runtime's engines, the postgres one on duckdb-wasm through the worker's own
// serviceworker/duck-database.js and demo/browser/duck.py (BrowserDuckConnection),
// the sqlite one on Pyodide's sqlite3. Started by test_differential.py:
//
//   node tests/demo/runtime/sql/browser_runner.mjs REPO > answers.json
//   node tests/demo/runtime/sql/browser_runner.mjs REPO regress > answers.json
//
// stdout: {"postgres": ..., "sqlite": ...} as differential.run_postgres/run_sqlite give;
// with `regress`, {"postgres": ...} as differential.run_regress gives for the corpus's
// second part (PostgreSQL's regression suite; test_regress_corpus.py started it).

import fs from "node:fs";
import path from "node:path";
import { instantiateNodeDuck } from "../node_duck.mjs";

const repo = path.resolve(process.argv[2] || ".");
const regress = process.argv[3] === "regress";
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
pyodide.globals.set("regress", regress);
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

open_duck = lambda: BrowserDuckConnection(helio_duck_database.open())
if regress:  # Pyodide has no threads: a hang would end the run (the test reports it)
    out = {"postgres": differential.run_regress(open_duck, threads=False)}
else:
    out = {"postgres": differential.run_postgres(open_duck), "sqlite": differential.run_sqlite()}
json.dumps(out)
`);
process.stdout.write(answers);
