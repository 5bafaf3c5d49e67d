"""Starting helper programs (store and library clients) detached from the host.

The program is looked up on the tool search path (the `tool_path` setting,
else PATH), so tests run recording stand-ins and never the real clients.
A program that is not there is a 400 naming the path searched.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence

from host.core.library.interface import Starter
from http_errors import BadRequest

__all__ = ["Starter", "starter", "which_in"]

log = logging.getLogger("helio.launch")


def which_in(search_path: str) -> Callable[[str], str | None]:
    def which(name: str) -> str | None:
        return shutil.which(name, path=search_path)

    return which


def starter(search_path: str) -> Starter:
    def start(argv: Sequence[str]) -> int:
        program = shutil.which(argv[0], path=search_path)
        if program is None:
            raise BadRequest(
                f"{argv[0]} was not found on the tool search path ({search_path}); is it installed?"
            )
        kwargs: dict[str, object] = {
            "stdin": subprocess.DEVNULL,
            "stdout": subprocess.DEVNULL,
            "stderr": subprocess.DEVNULL,
        }
        if sys.platform == "win32":
            kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
        else:
            kwargs["start_new_session"] = True  # outlives a host restart, like a launcher should
        env = dict(os.environ)
        env["PATH"] = search_path  # a client finds its own helpers where it was found
        try:
            process = subprocess.Popen([program, *argv[1:]], env=env, **kwargs)  # type: ignore[call-overload]
        except OSError as error:
            raise BadRequest(f"Cannot start {program}: {error.strerror}") from None
        log.info("Started %s (pid %s)", " ".join([program, *argv[1:]]), process.pid)
        _reap_later(process)
        return int(process.pid)

    return start


def _reap_later(process: subprocess.Popen[bytes]) -> None:
    # A thread waits for the exit so no zombie is left behind by a detached client.
    threading.Thread(target=process.wait, name=f"helio-reap-{process.pid}", daemon=True).start()
