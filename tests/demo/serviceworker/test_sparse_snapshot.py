"""The kept memory snapshot leaves out zero pages and gives back the same heap (sparse.js)."""

from __future__ import annotations

from typing import Any

from tests.demo.serviceworker.node import module_url, run_module

PAGE = 65536

# A heap of 5 full pages and a short one: pages 1 and 3 all zeros, the others with a
# non-zero byte at their first, last and a middle position (the edges of each check).
ROUND_TRIP = f"""
import {{ denseMemory, sparseMemory }} from "{module_url("serviceworker/sparse.js")}";
const PAGE = {PAGE};
const heap = new Uint8Array(5 * PAGE + 1000);
for (const page of [0, 2, 4]) heap[page * PAGE + input.at[page]] = 7;
heap[5 * PAGE + 999] = 9;
const stored = sparseMemory(heap);
const back = denseMemory(stored);
console.log(JSON.stringify({{
  same: back.length === heap.length && back.every((b, i) => b === heap[i]),
  storedPages: (stored.length - 16 - 6 - 1000) / PAGE,
  magic: new TextDecoder().decode(stored.subarray(0, 8)),
}}));
"""


def test_a_sparse_snapshot_restores_the_same_heap_without_its_zero_pages() -> None:
    result = run_module(ROUND_TRIP, {"at": {"0": 0, "2": PAGE - 1, "4": PAGE // 2}})
    assert result == {"same": True, "storedPages": 3, "magic": "HELIOSP1"}


REJECT = f"""
import {{ denseMemory, sparseMemory }} from "{module_url("serviceworker/sparse.js")}";
const stored = sparseMemory(new Uint8Array(3 * 65536).fill(1));
const cases = {{
  old_format: new Uint8Array(3 * 65536).fill(1),
  empty: new Uint8Array(0),
  truncated: stored.subarray(0, stored.length - 1),
  trailing: new Uint8Array([...stored, 0]),
}};
const errors = {{}};
for (const [name, bytes] of Object.entries(cases)) {{
  try {{ denseMemory(bytes); errors[name] = null; }} catch (err) {{ errors[name] = err.message; }}
}}
console.log(JSON.stringify(errors));
"""


def test_an_old_or_damaged_kept_snapshot_is_refused() -> None:
    errors: dict[str, Any] = run_module(REJECT)
    assert errors == {
        "old_format": "the kept snapshot is not in the sparse format",
        "empty": "the kept snapshot is not in the sparse format",
        "truncated": "the kept snapshot is truncated",
        "trailing": "the kept snapshot has trailing bytes",
    }
