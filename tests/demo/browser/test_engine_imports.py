"""The worker loads sqlglot and the Postgres engine only for a site with a Postgres service.

Each case runs the worker's own steps (`prepare` with the built manifest, `attach`, one
query) in a fresh interpreter and reports which modules it loaded: this test's own
process has imported everything already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.demo.sites import REPO

_WORKER_RUN = """
import json, sys
from pathlib import Path

from demo.browser import worker_entry
from demo.browser.bridge import call_asgi
from tests.demo.browser.asyncrun import run
from tests.demo.browser.test_worker_entry import _FakeJs

site = Path(sys.argv[1])
worker_entry.prepare((site / "manifest.json").read_text())
handler = worker_entry.attach(_FakeJs(site))
body = json.dumps({"sql": "SELECT 1 AS one"}).encode()
headers = [("content-type", "application/json")]
reply = run(call_asgi(handler.app, "POST", sys.argv[2], "", headers, body))
loaded = sorted(
    name for name in sys.modules
    if name.split(".")[0] == "sqlglot" or name.startswith("demo.runtime.sql.postgres")
)
print(json.dumps({"status": reply.status, "loaded": loaded}))
"""


def _worker_run(site: Path, query_path: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _WORKER_RUN, str(site), query_path],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_sqlite_only_site_never_imports_sqlglot(sites: Any) -> None:
    manifest = json.loads((sites.other.out / "manifest.json").read_text())
    assert {s["adapter"] for s in manifest["services"]} & {"postgres"} == set()
    run = _worker_run(sites.other.out, "/__demo/db/notes/query")
    assert run["status"] == 200
    assert run["loaded"] == []


def test_a_site_with_postgres_preloads_the_postgres_engine(sites: Any) -> None:
    # The same SQLite query on the shop site, which also has a Postgres service: the
    # worker preloads the engine and sqlglot (so they are in the memory snapshot).
    run = _worker_run(sites.shop.out, "/__demo/db/notes/query")
    assert run["status"] == 200
    assert "sqlglot" in run["loaded"]
    assert "demo.runtime.sql.postgres.engine" in run["loaded"]
