// Compiling the big WebAssembly files (Pyodide ≈10 MB, duckdb-wasm ≈34 MB) is the
// slowest step of a start. So the worker compiles them as soon as it starts, on the
// browser's compile threads, while it does other work, and hands the compiled module
// to the loader (Pyodide's, duckdb-wasm's) when it instantiates.
//
// Both loaders fetch the file themselves and call WebAssembly.instantiateStreaming on
// the answer; `fromCompiled` answers that one fetch with an empty body (so the file is
// not downloaded twice) and the instantiateStreaming of that answer from the compiled
// module (a marker header tells it from any other instantiation meanwhile).

import { servedOnce } from "./served-once.js";

const MARK = "x-helio-precompiled";

export function precompile(url) {
  const compiled = WebAssembly.compileStreaming(fetch(url));
  compiled.catch(() => {});
  return compiled;
}

// Runs `load()` with the loader's fetch of `url` and its next instantiateStreaming
// served from `compiled`; if compiling failed, the loader's own way is used.
export async function fromCompiled(url, compiled, load) {
  const href = new URL(url, self.location.href).href;
  const realStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!response?.headers?.get(MARK)) return realStreaming(response, imports);
    WebAssembly.instantiateStreaming = realStreaming;
    let module;
    try {
      module = await compiled;
    } catch {
      return realStreaming(fetch(href), imports); // the marked answer was the only one served
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  const marked = new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm", [MARK]: "1" } });
  try {
    return await servedOnce(href, marked, load);
  } finally {
    WebAssembly.instantiateStreaming = realStreaming;
  }
}
