"""Adapters that exist only inside Pyodide, in the demo's service worker.

`worker_entry` is what the worker calls, with the shapes `contract` declares (the
JavaScript side: serviceworker/contract.js); `bridge` turns a forwarded fetch into
an ASGI call (pure, tested natively); `assets`, `store` and `duck` implement
`demo.runtime.ports` over fetch, IndexedDB and duckdb-wasm through JavaScript
functions the worker passes in. Nothing here imports `js` or `pyodide` at
module level, so the modules load before the memory snapshot is taken.
"""
