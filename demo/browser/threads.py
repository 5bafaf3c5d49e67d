"""Pyodide has no threads: anyio's worker-thread calls run inline instead.

Starlette and FastAPI run every plain `def` endpoint, sync dependency and sync
iterator through `anyio.to_thread.run_sync`, which starts a thread and fails in the
browser ("can't start new thread"). The worker serves one request at a time anyway,
so running the function in place gives the same answer; only its blocking shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["run_threads_inline"]


async def _run_inline(func: Callable[..., Any], *args: Any, **_options: Any) -> Any:
    # _options: abandon_on_cancel, cancellable, limiter: about threads, none here.
    return func(*args)


def run_threads_inline() -> None:
    """Replace `anyio.to_thread.run_sync` (looked up at each call by its users)."""
    import anyio.to_thread

    anyio.to_thread.run_sync = _run_inline  # type: ignore[assignment]
