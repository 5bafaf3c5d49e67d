"""serviceworker/engine-start.js: the one place that decides when duckdb-wasm starts."""

from __future__ import annotations

from .node import module_url, run_module

_SCRIPT = f"""
import * as engine from {module_url("serviceworker/engine-start.js")!r};
console.info = () => {{}};  // its notes would mix with the JSON printed below
const calls = [];
const loader = {{
  openDuckDB: (url) => {{ calls.push(["open", url.pathname]); return Promise.resolve({{ id: "duck" }}); }},
  precompileDuckDB: (url) => calls.push(["compile", url.pathname]),
}};
const build = {{ duckdb: input.duckdb, duckQueries: ["/__demo/db/ledger/query"], runtimeDir: "_rt/" }};
engine.configureEngine(build, new URL("https://x.test/demos/shop/"), input.duckdb ? loader : {{}});
const out = {{}};
out.needs = ["/__demo/db/ledger/query", "/__demo/db/notes/query", "/__demo/db/ledger/reset"]
  .map((path) => engine.needsEngine(path));
out.encoded = ["/__demo/db/l%65dger/query", "/__demo/db/ledger%2fquery", "/__demo/db/%zz/query"]
  .map((path) => engine.needsEngine(path));
engine.requestArrived("/__demo/db/notes/query", false);
engine.requestArrived("/__demo/db/ledger/query", true);
out.afterOthers = [...calls];
out.readyForOther = engine.readyFor("/__demo/db/notes/query");
out.before = engine.startedEngine();
if (input.early) engine.requestArrived("/__demo/db/ledger/query", false);
out.afterEarly = [...calls];
try {{
  out.ready = await engine.readyFor("/__demo/db/ledger/query");
}} catch (err) {{
  out.failed = err.message;
}}
out.started = engine.startedEngine();
const again = engine.readyFor("/__demo/db/ledger/query");
out.readyAgain = again && (await again.then(() => "waited", (err) => err.message));
out.calls = calls;
console.log(JSON.stringify(out));
"""


def test_only_a_query_to_a_duckdb_service_needs_it() -> None:
    out = run_module(_SCRIPT, {"duckdb": True, "early": False})
    assert out["needs"] == [True, False, False]
    # Python decodes the path before routing, so a percent-encoded query is ledger's too;
    # a malformed escape is not decoded.
    assert out["encoded"] == [True, True, False]
    # Other requests, and a postgres query once Python is up, start nothing early.
    assert out["afterOthers"] == []
    assert out["readyForOther"] is None
    assert out["before"] is None


def test_a_postgres_query_while_python_starts_starts_it_beside_python() -> None:
    out = run_module(_SCRIPT, {"duckdb": True, "early": True})
    runtime = "/demos/shop/_rt/duckdb/"
    assert out["afterEarly"] == [["compile", runtime], ["open", runtime]]
    assert out["ready"] == {"id": "duck"}
    # Python asks for it (WorkerApi.duckFactory); a started engine is waited for no more.
    assert out["started"] == {"id": "duck"}
    assert out["readyAgain"] is None


def test_the_query_itself_starts_it_once_python_is_up() -> None:
    out = run_module(_SCRIPT, {"duckdb": True, "early": False})
    assert out["calls"] == [["open", "/demos/shop/_rt/duckdb/"]]
    assert out["started"] == {"id": "duck"}


def test_a_site_without_duckdb_refuses_with_a_reason() -> None:
    out = run_module(_SCRIPT, {"duckdb": False, "early": True})
    assert out["failed"] == "this site has no duckdb-wasm"
    assert out["started"] is None
    assert out["readyAgain"] == "this site has no duckdb-wasm"  # each query says why
    assert out["calls"] == []
