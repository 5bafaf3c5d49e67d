// Bundles serviceworker/duck.js with duckdb-wasm's blocking browser bundle into the
// site's duck-bridge.js (an IIFE defining `helioDuck`), with four changes to the
// Emscripten start-up code inside duckdb-wasm.
//
// Why: duckdb-eh.wasm exports about 75,000 symbols, and the dynamic-linking start-up
// code walks all of them five times as duckdb-wasm starts: it makes a GOT global and a
// function-table slot for every export, and copies the export list three times through
// Object.entries/Object.assign. That was 800-1,000 ms of a worker restart's first
// postgres answer, on the worker's only thread. The changes keep what a module that
// loads no side modules needs (the demo never loads DuckDB extensions: autoload is off
// and the site is offline):
//
// - updateGOT fills only GOT entries that exist (the ones the module imported) instead
//   of creating one per export; a side module's GOT imports would still be created by
//   the GOT proxy and resolved on its load;
// - registerDynCallSymbols and mergeLibSymbols walk the exports with for..in instead of
//   building an array of 75,000 entries and, for the latter, a closure per export;
// - applySignatureConversions converts in place the exports object that
//   relocateExports has just made, instead of copying it first.
//
// Each change names the exact text it replaces and how often it occurs in the locked
// duckdb-wasm version; any other version fails the build here, so an upgrade is checked
// by hand, never silently left unpatched.
//
// Usage: node demo/build/duck_bridge.mjs <entry duck.js> <out duck-bridge.js>
// Prints the applied changes as JSON.

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(path.join(ROOT, "package.json"));
const esbuild = require("esbuild");

const LOCKED_VERSION = "1.32.0";
const GLUE = /duckdb-browser-blocking\.mjs$/;
// [name, text in the bundle, its replacement]; each text occurs once per module flavour
// (the bundle carries the eh and mvp start-up code).
export const CHANGES = [
  [
    "updateGOT: only the module's own GOT imports",
    'GOT[t]||(GOT[t]=new WebAssembly.Global({value:"i32",mutable:!0})),(r||GOT[t].value==0)',
    "GOT[t]&&(r||GOT[t].value==0)",
  ],
  [
    "registerDynCallSymbols: no entries array",
    'registerDynCallSymbols=e=>{for(var[r,t]of Object.entries(e))r.startsWith("dynCall_")&&!Module.hasOwnProperty(r)&&(Module[r]=t)}',
    'registerDynCallSymbols=e=>{for(var r in e)r.startsWith("dynCall_")&&!Module.hasOwnProperty(r)&&(Module[r]=e[r])}',
  ],
  [
    "mergeLibSymbols: no entries array, no closure per export",
    "for(var[t,n]of Object.entries(e))(o=>{isSymbolDefined(o)||(wasmImports[o]=n)})(t)",
    "for(var t in e)isSymbolDefined(t)||(wasmImports[t]=e[t])",
  ],
  [
    "applySignatureConversions: in place",
    "function applySignatureConversions(e){e=Object.assign({},e);",
    "function applySignatureConversions(e){",
  ],
];
const OCCURRENCES = 2;

export function patchGlue(text, version) {
  if (version !== LOCKED_VERSION) {
    throw new Error(
      `duckdb-wasm ${version} is not the version whose start-up code demo/build/duck_bridge.mjs ` +
        `patches (${LOCKED_VERSION}): check each change against the new bundle and update it`,
    );
  }
  let out = text;
  for (const [name, before, after] of CHANGES) {
    const found = out.split(before).length - 1;
    if (found !== OCCURRENCES) {
      throw new Error(`duckdb-wasm ${version}: "${name}" expected ${OCCURRENCES} matches, found ${found}`);
    }
    out = out.split(before).join(after);
  }
  return out;
}

const patchPlugin = {
  name: "helio-duckdb-glue",
  setup(build) {
    build.onLoad({ filter: GLUE }, async (args) => {
      const { version } = JSON.parse(
        await readFile(path.join(path.dirname(args.path), "..", "package.json"), "utf8"),
      );
      return { contents: patchGlue(await readFile(args.path, "utf8"), version), loader: "js" };
    });
  },
};

async function main([entry, outfile]) {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "browser",
    target: "es2022",
    format: "iife",
    globalName: "helioDuck",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    plugins: [patchPlugin],
  });
  console.log(JSON.stringify({ patched: CHANGES.map(([name]) => name) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
