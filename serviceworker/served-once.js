// Runs a loader with one of its fetches answered by a response the worker already has (or
// is already fetching): the first fetch of `url` gets `response`; any other fetch, and a
// later one of `url`, go to the network as before. Used to hand Pyodide and duckdb-wasm
// what the worker started early (their compiled wasm, Pyodide's standard library).

export async function servedOnce(url, response, load) {
  const href = new URL(url, self.location.href).href;
  const realFetch = self.fetch;
  let served = false;
  const serving = function (input, init) {
    const target = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
    if (served || target !== href) return realFetch.call(self, input, init);
    served = true;
    return Promise.resolve(response);
  };
  self.fetch = serving;
  try {
    return await load();
  } finally {
    if (self.fetch === serving) self.fetch = realFetch;
  }
}
