"""demo/build/duck_bridge.mjs: duckdb-wasm's start-up code is trimmed in the locked
version only, and anything else stops the build rather than shipping it unchanged."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "demo" / "build" / "duck_bridge.mjs"
DIST = ROOT / "node_modules" / "@duckdb" / "duckdb-wasm" / "dist"

# Runs patchGlue on the locked bundle's text (or a variant of it) and reports the outcome.
RUNNER = """
import { readFileSync } from "node:fs";
import { CHANGES, patchGlue } from %(script)s;
const [variant] = process.argv.slice(1);
const dist = %(dist)s;
const { version } = JSON.parse(readFileSync(dist + "/../package.json", "utf8"));
let text = readFileSync(dist + "/duckdb-browser-blocking.mjs", "utf8");
let asVersion = version;
if (variant === "other-version") asVersion = "1.33.0";
if (variant === "changed-glue") text = text.split(CHANGES[0][1]).join("changed(upstream)");
try {
  const out = patchGlue(text, asVersion);
  const counts = (s) => CHANGES.map(([name, before, after]) => [name, s.split(before).length - 1, s.split(after).length - 1]);
  console.log(JSON.stringify({ ok: true, version, before: counts(text), after: counts(out) }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, error: err.message }));
}
"""


def _run(variant: str) -> dict[str, Any]:
    code = RUNNER % {"script": json.dumps(SCRIPT.as_uri()), "dist": json.dumps(str(DIST))}
    done = subprocess.run(
        ["node", "--input-type=module", "-e", code, variant],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_locked_bundle_gets_every_change() -> None:
    result = _run("locked")
    assert result["ok"], result
    for (name, before, _), (_, left, after) in zip(result["before"], result["after"], strict=True):
        assert before == 2, f"{name}: the locked bundle should carry it twice (eh and mvp)"
        assert left == 0, f"{name}: still in the bundle after patching"
        assert after >= 2, f"{name}: replacement missing"


def test_another_duckdb_wasm_version_stops_the_build() -> None:
    result = _run("other-version")
    assert not result["ok"]
    assert "1.33.0 is not the version" in result["error"]


def test_start_up_code_that_changed_stops_the_build() -> None:
    result = _run("changed-glue")
    assert not result["ok"]
    assert "updateGOT" in result["error"] and "expected 2 matches, found 0" in result["error"]


def test_the_build_bundles_the_bridge_with_the_changes(tmp_path: Path) -> None:
    out = tmp_path / "duck-bridge.js"
    done = subprocess.run(
        ["node", str(SCRIPT), str(ROOT / "serviceworker" / "duck.js"), str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["patched"]) == 4
    assert "helioDuck" in out.read_text()
