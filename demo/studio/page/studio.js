// The Studio page: Pyodide runs demo.compose (the analyzer of `python -m demo analyze`)
// over the files a visitor pastes or drops. `window.studio` is the page's API (tests).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const SKIPPED = new Set(["node_modules", ".git", "__pycache__", ".venv"]);
const MAX_FILE = 2 * 1024 * 1024; // larger files are not read: the analyzer needs none

const $ = (id) => document.getElementById(id);
// The loaded folder: relative path -> Uint8Array, and which of its files is the Compose file.
let dropped = { name: "project", files: {}, compose: null };

async function boot() {
  const base = new URL("./", location.href).href;
  const pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
  const zip = await (await fetch(base + "studio-python.zip")).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", { extractDir: "/studio-lib" });
  pyodide.runPython(`
import sys, json, shutil, pathlib
sys.path.insert(0, "/studio-lib")
from demo.compose.analysis import analyze_folder_json

def studio_analyze(folder, compose):
    return json.dumps(analyze_folder_json(folder, list(compose)))

def studio_reset(folder):
    shutil.rmtree(folder, ignore_errors=True)
    pathlib.Path(folder).mkdir(parents=True)
`);
  return pyodide;
}

const ready = boot();

function bytesOf(base64) {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Analyze {name, files: {path: Uint8Array | base64 string}, compose: [file...]}. */
async function analyze({ name = "project", files = {}, compose = [] }) {
  const pyodide = await ready;
  const folder = `/projects/${name.replace(/[^A-Za-z0-9._-]/g, "-") || "project"}`;
  pyodide.globals.get("studio_reset")(folder);
  for (const [path, content] of Object.entries(files)) {
    if (path.split("/").some((part) => part === ".." || part === "")) continue;
    const target = `${folder}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, typeof content === "string" ? bytesOf(content) : content);
  }
  const fn = pyodide.globals.get("studio_analyze");
  return JSON.parse(fn(folder, pyodide.toPy(compose)));
}

function show(report) {
  $("result").hidden = false;
  $("json").textContent = JSON.stringify(report, null, 2);
  const body = $("services").tBodies[0];
  body.replaceChildren();
  if (report.error) {
    const e = report.error;
    $("summary").className = "error";
    $("summary").textContent = `${e.file}${e.line ? ":" + e.line : ""}: ${e.key ? e.key + ": " : ""}${e.problem}`;
    return;
  }
  const running = report.services.filter((s) => s.status === "browser").length;
  const left = report.services.filter((s) => s.status === "left-out").length;
  $("summary").className = "";
  $("summary").textContent = `${report.project}: ${running} service(s) run in the browser, ${left} left out`;
  for (const s of report.services) {
    const row = body.insertRow();
    row.dataset.service = s.name;
    row.insertCell().textContent = s.name;
    const where = row.insertCell();
    where.className = s.status;
    where.textContent = s.adapter ? `yes: ${s.adapter}` : s.status === "left-out" ? "no" : s.status;
    row.insertCell().textContent = [s.reason, ...s.addresses.map((a) => `address ${a}`), ...s.notes].join("\n");
  }
}

async function run() {
  const files = { ...dropped.files };
  const text = $("compose").value;
  let compose = [];
  if (text.trim()) {
    // The text goes back under the folder's own file name (docker-compose.yml...), which
    // the report names, as the CLI's does.
    const name = dropped.compose || "compose.yaml";
    files[name] = new TextEncoder().encode(text);
    compose = [name];
  }
  show(await analyze({ name: dropped.name, files, compose }));
}

function keep(path) {
  return !path.split("/").some((part) => SKIPPED.has(part));
}

async function readEntry(entry, prefix, out) {
  if (entry.isFile) {
    const file = await new Promise((ok, fail) => entry.file(ok, fail));
    if (file.size <= MAX_FILE) out[prefix + entry.name] = new Uint8Array(await file.arrayBuffer());
  } else if (entry.isDirectory && keep(entry.name)) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((ok, fail) => reader.readEntries(ok, fail));
      if (!batch.length) break;
      for (const child of batch) await readEntry(child, `${prefix}${entry.name}/`, out);
    }
  }
}

function loaded(name, files) {
  const compose = ["compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"].find((n) => files[n]);
  dropped = { name, files, compose: compose || null };
  $("loaded").textContent = `${Object.keys(files).length} file(s) of ${name} loaded`;
  if (compose && !$("compose").value.trim()) $("compose").value = new TextDecoder().decode(files[compose]);
}

async function onDrop(event) {
  event.preventDefault();
  $("drop").classList.remove("over");
  const entries = [...event.dataTransfer.items].map((i) => i.webkitGetAsEntry()).filter(Boolean);
  const raw = {};
  for (const entry of entries) await readEntry(entry, "", raw);
  // One dropped folder: its contents are the project.
  const top = entries.length === 1 && entries[0].isDirectory ? entries[0].name : null;
  const files = {};
  for (const [path, data] of Object.entries(raw)) files[top ? path.slice(top.length + 1) : path] = data;
  loaded(top || "project", files);
}

async function onPick(event) {
  const files = {};
  let name = "project";
  for (const file of event.target.files) {
    const [top, ...rest] = file.webkitRelativePath.split("/");
    name = top;
    const path = rest.join("/");
    if (keep(path) && file.size <= MAX_FILE) files[path] = new Uint8Array(await file.arrayBuffer());
  }
  loaded(name, files);
}

$("drop").addEventListener("dragover", (e) => { e.preventDefault(); $("drop").classList.add("over"); });
$("drop").addEventListener("dragleave", () => $("drop").classList.remove("over"));
$("drop").addEventListener("drop", onDrop);
$("folder").addEventListener("change", onPick);
$("run").addEventListener("click", run);
ready.then(
  () => { $("run").disabled = false; $("run").textContent = "Analyze"; },
  (error) => { $("run").textContent = `Python did not start: ${error}`; },
);

window.studio = { ready: ready.then(() => true), analyze };
