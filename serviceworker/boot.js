// Boots Pyodide from the site's own files and returns the Python request handler.
//
// First start: the build's memory snapshot (`__demo-snapshot.bin`, made by the
// site's own worker in headless Chromium at build time) is restored and kept in
// the Cache API. A site without one, or with one of another build, boots plain:
// micropip installs the site's wheels and the demo package is unpacked; after
// the first answer a memory snapshot is made (taken after the heavy imports, with
// the app built) and kept in the Cache API with the installed files, which the
// snapshot does not hold. Later starts restore it: several times faster.
// Resolves with the handler, how Python started ("snapshot" or "fresh") and `answered`,
// which the worker calls after each answer. `progress(step)` is told each step as it ends
// (boot-progress.js names them; the worker tells the pages).

import { loadPyodide } from "pyodide/pyodide.mjs";
import createPyodideModule from "pyodide/pyodide.asm.mjs";
import {
  dropSnapshot,
  packFiles,
  readSiteSnapshot,
  readSnapshot,
  unpackFiles,
  writeSnapshot,
} from "./snapshot.js";
import { fetchAsset, fetchAssetEarly, readAsset } from "./early-reads.js";
import { compileEngine, startedEngine } from "./engine-start.js";
import { idbGet, idbPut, idbDeletePrefix } from "./idb.js";
import { servedOnce } from "./served-once.js";
import { fromCompiled, precompile } from "./wasm.js";

// Installed files a restored worker never reads: micropip itself, bytecode caches.
const SKIPPED = /\/micropip[-/]|\/__pycache__$/;

// `checked`: the promise of `checkSiteBuild(build, root)`, which the worker also awaits
// before sending a recorded answer.
export async function bootPython({ build, root, checked, waitUntil, progress = () => {} }) {
  const started = performance.now();
  const marks = [`worker-start ${-Math.round(started)}`];
  const mark = (label) => marks.push(`${label} ${Math.round(performance.now() - started)}`);
  // The build check, the snapshot read and the first assets are independent: overlap them.
  build.prefetch.forEach(fetchAssetEarly);
  const runtime = new URL(build.runtimeDir, root);
  // The worker's own copy first; on a first visit, the one the build made.
  // A site with compiled wheels never snapshots: restored, the heap would point at
  // WebAssembly code (pydantic-core's) that the new instance has not loaded.
  const snapshotRead = (build.snapshot ? readSnapshot(root, build.checksum) : Promise.resolve(null))
    .catch((err) => {
      console.warn("[helio-demo] cannot read the kept snapshot:", err);
      return null;
    })
    .then(async (kept) => {
      if (kept) return { ...kept, how: "snapshot" };
      compileEngine(); // a first visit: duckdb-wasm compiles beside Python (engine-start.js)
      if (!build.snapshot) return null;
      const made = await readSiteSnapshot(root, build.checksum).catch((err) => {
        console.warn("[helio-demo] cannot use the site's snapshot:", err);
        return null;
      });
      return made && { ...made, how: "site snapshot" };
    });
  snapshotRead.then(() => progress("snapshot"));
  const wasmURL = new URL("pyodide/pyodide.asm.wasm", runtime);
  const compiled = precompile(wasmURL);
  compiled.then(() => progress("runtime"), () => {}); // a failed compile: the loader fetches it again
  // Pyodide fetches its standard library (python_stdlib.zip) as it loads, also when it
  // restores a snapshot; fetched now, beside the snapshot read, it is there when Pyodide
  // asks (measured on restarts: the restore ~250 -> ~220 ms).
  const stdlibURL = new URL("pyodide/python_stdlib.zip", runtime);
  let stdlib = fetch(stdlibURL);
  stdlib.catch(() => {}); // Pyodide's own fetch of it reports a failure
  const load = (options) => {
    const loading = () => fromCompiled(wasmURL, compiled, () => loadPyodide(options));
    const early = stdlib;
    stdlib = null; // one answer: a second start (after a failed restore) fetches it again
    const started = early ? servedOnce(stdlibURL, early, loading) : loading();
    // Pyodide never settles when its WebAssembly cannot be downloaded (Emscripten aborts
    // without rejecting): a failed download fails the boot, which the next request retries.
    const unavailable = compiled.then(
      () => new Promise(() => {}),
      (err) => {
        throw new RuntimeUnavailable(err);
      },
    );
    return Promise.race([started, unavailable]);
  };
  await checked;
  mark("checked");
  progress("checked");
  const options = {
    indexURL: new URL("pyodide/", runtime).href,
    // The lock's `info` only, stamped at build time: no package entry, nothing to fetch.
    lockFileContents: { info: build.pyodideInfo, packages: {} },
    packageBaseUrl: new URL("pyodide/", runtime).href,
    createPyodideModule,
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  };

  let pyodide = null;
  let how = "snapshot";
  const snapshot = await snapshotRead;
  mark("snapshot-read");
  if (snapshot) {
    how = snapshot.how;
    try {
      pyodide = await load({
        ...options,
        _loadSnapshot: snapshot.memory,
        createPyodideModule: growingHeap(snapshot.memory.length),
      });
      mark("restored");
      progress("python");
      unpackFiles(pyodide.FS, snapshot.files);
      pyodide.runPython("import importlib; importlib.invalidate_caches()");
      mark("files");
      progress("files");
      if (how === "site snapshot") {
        // Kept for restarts after the first answer; the site's file may change with a rebuild.
        const later = new Promise((resolve) => setTimeout(resolve, 100));
        const keep = later
          .then(() => writeSnapshot(root, build.checksum, snapshot.memory, snapshot.files))
          .then(() => console.info("[helio-demo] snapshot kept for restarts"));
        waitUntil(keep.catch((err) => console.warn("[helio-demo] could not keep the snapshot:", err)));
      }
    } catch (err) {
      // No download is no fault of the snapshot: it is kept for when the network is back.
      if (err instanceof RuntimeUnavailable) throw err;
      console.warn("[helio-demo] snapshot restore failed, booting from scratch:", err);
      await dropSnapshot(root);
      pyodide = null;
    }
  }
  if (!pyodide) {
    how = "fresh";
    const manifestRead = fetchAsset(root, "manifest.json");
    pyodide = await load(options);
    progress("python");
    const sitePackages = await installPackages(pyodide, build, runtime);
    progress("files");
    const files = packFiles(pyodide.FS, [sitePackages], (path) => SKIPPED.test(path));
    const manifest = new TextDecoder().decode(await manifestRead);
    await prepareApp(pyodide, root, build, manifest);
    // After the first answer, not before it: the snapshot costs a second boot.
    const later = new Promise((resolve) => setTimeout(resolve, 100));
    if (build.snapshot) {
      waitUntil(later.then(() => makeSnapshot(options, root, build, files, manifest)).catch((err) => {
        console.warn("[helio-demo] could not make the memory snapshot:", err);
      }));
    }
  }

  // The app was built before the snapshot (or just now); it gets the JavaScript side.
  /** @type {import("./contract.js").WorkerApi} */
  const api = {
    readAsset,
    idbGet,
    idbPut,
    idbDeletePrefix,
    duckFactory: startedEngine,
  };
  /** @type {import("./contract.js").WorkerEntry} */
  const entry = pyodide.pyimport("demo.browser.worker_entry");
  const handler = entry.attach(api);
  mark("app");
  progress("app");
  console.info(`[helio-demo] python ready (${how}) in ${Math.round(performance.now() - started)} ms [${marks.join(", ")}]`);
  // A restart compiles duckdb-wasm once Python has answered (engine-start.js says why).
  return { handler, how, answered: compileEngine };
}

// Imports the runtime and builds the app (worker_entry.prepare): no JavaScript
// object reaches Python, so the instance can still be snapshotted. The mock
// services' files go through the file system so their routes are parsed now.
async function prepareApp(pyodide, root, build, manifest) {
  const warm = "/tmp/helio-warm";
  const files = await Promise.all(build.prefetch.map((path) => fetchAsset(root, path)));
  build.prefetch.forEach((path, i) => {
    if (!files[i]) return;
    pyodide.FS.mkdirTree(`${warm}/${path}`.slice(0, `${warm}/${path}`.lastIndexOf("/")));
    pyodide.FS.writeFile(`${warm}/${path}`, files[i]);
  });
  pyodide.globals.set("_helio_manifest", manifest); // a JS string arrives as a Python str
  pyodide.runPython(
    "import importlib; importlib.invalidate_caches()\n" +
      "import demo.browser.worker_entry as _helio_entry\n" +
      `_helio_entry.prepare(_helio_manifest, "${warm}")\n` +
      "del _helio_entry, _helio_manifest",
  );
}

// A snapshot can only be taken from an instance that never imported micropip (it
// keeps JavaScript objects alive), so a second, throw-away instance gets the
// installed files, builds the app and is snapshotted. Modules imported by then
// live in the snapshot, so only the other files are kept beside it.
async function makeSnapshot(options, root, build, files, manifest) {
  const started = performance.now();
  const maker = await loadPyodide({ ...options, _makeSnapshot: true });
  unpackFiles(maker.FS, files);
  await prepareApp(maker, root, build, manifest);
  const imported = JSON.parse(
    maker.runPython(
      "import json as _j, sys as _s\n" +
        "_j.dumps(sorted({getattr(m, '__file__', None) or '' for m in list(_s.modules.values())}))",
    ),
  );
  const sitePackages = sitePackagesOf(maker);
  const loaded = new Set(imported);
  const rest = packFiles(maker.FS, [sitePackages], (path) => loaded.has(path) || SKIPPED.test(path));
  const memory = maker.makeMemorySnapshot();
  await writeSnapshot(root, build.checksum, memory, rest);
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  console.info(
    `[helio-demo] memory snapshot kept (${mb(memory.length)} MB + ${mb(rest.length)} MB of files) ` +
      `in ${Math.round(performance.now() - started)} ms`,
  );
}

// Pyodide restores a snapshot into the module's initial heap; a heap that had grown
// before the snapshot does not fit, so grow the fresh memory first. Pyodide's own
// instantiation is kept (it adds imports of its own).
// The boot failed because pyodide.asm.wasm could not be downloaded (offline, a server error).
class RuntimeUnavailable extends Error {
  constructor(cause) {
    super(`cannot download the Python runtime (pyodide.asm.wasm): ${cause?.message ?? cause}`);
  }
}

function growingHeap(heapBytes) {
  return (settings) => {
    const instantiate = settings.instantiateWasm;
    settings.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, module) => {
        const memory = instance.exports.memory;
        const missing = Math.ceil((heapBytes - memory.buffer.byteLength) / 65536);
        if (missing > 0) memory.grow(missing);
        done(instance, module);
      });
    return createPyodideModule(settings);
  };
}

// The worker's stamped checksum must match the site it serves: a stale worker
// would load another build's Python and wasm.
export async function checkSiteBuild(build, root) {
  const response = await fetch(new URL("__demo-build.json", root), { cache: "no-store" });
  if (!response.ok) throw new Error(`cannot read __demo-build.json (HTTP ${response.status})`);
  const site = await response.json();
  if (site.checksum !== build.checksum) {
    self.registration.update().catch(() => {});
    throw new Error(
      `build mismatch: this service worker is build ${build.checksum} but the site holds build ` +
        `${site.checksum}; reload the page to update the worker`,
    );
  }
}

// sysconfig says //lib/python3.x/site-packages; module __file__ paths start /lib/.
function sitePackagesOf(pyodide) {
  return pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']").replace(/^\/+/, "/");
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

async function installPackages(pyodide, build, runtime) {
  const wheelDir = "/tmp/helio-wheels";
  pyodide.FS.mkdirTree(wheelDir);
  const [micropip, demoZip, ...wheels] = await Promise.all([
    fetchBytes(new URL(`wheels/${build.micropip}`, runtime)),
    fetchBytes(new URL(build.demoPackage, runtime)),
    ...build.wheels.map((name) => fetchBytes(new URL(`wheels/${name}`, runtime))),
  ]);
  build.wheels.forEach((name, i) => pyodide.FS.writeFile(`${wheelDir}/${name}`, wheels[i]));
  pyodide.unpackArchive(micropip, "wheel");
  const sitePackages = sitePackagesOf(pyodide);
  pyodide.unpackArchive(demoZip, "zip", { extractDir: sitePackages });
  pyodide.globals.set("_helio_wheels", pyodide.toPy(build.wheels.map((n) => `emfs:${wheelDir}/${n}`)));
  // deps=False: the site holds the complete locked set, and nothing may be fetched from an index.
  await pyodide.runPythonAsync(
    "import micropip\nawait micropip.install(_helio_wheels, deps=False)\ndel _helio_wheels",
  );
  return sitePackages;
}
