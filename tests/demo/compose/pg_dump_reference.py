"""A pg_dump file loaded as psql loads it into PGlite (the reference), and into the
demo's engine from the build's seed image, each answering the same queries."""

from __future__ import annotations

import atexit
import contextlib
import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from demo.native.duck import open_native_duck
from demo.runtime.sql.postgres.engine import DuckEngine
from tests.demo.sites import REPO

LOADER = Path(__file__).with_name("pglite_dump.mjs")
Answers = list[list[dict[str, Any]]]  # the rows of each query


class _PGlite:
    """One Node process answering every request of the session (pglite_dump.mjs), started
    on the first: Node's start and PGlite's WebAssembly compile once, not once a test.
    Each request still gets a fresh PGlite. A process that died is started again."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None
        self._sent = 0
        self._first = 1  # the first request the running process was sent
        # A file, not a pipe: a chatty Node never blocks. Closed at exit, with the process.
        self._stderr = tempfile.TemporaryFile("w+")  # noqa: SIM115
        atexit.register(self.close)

    def _running(self) -> subprocess.Popen[str]:
        if self._process is not None and self._process.poll() is not None:
            self.close_pipes(self._process)  # it died: a fresh one answers from here
            self._process = None
        if self._process is None:
            self._first = self._sent + 1
            node = shutil.which("node")
            assert node is not None, "needs node (PGlite is the reference)"
            self._process = subprocess.Popen(
                [node, str(LOADER), str(REPO)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                cwd=REPO,
            )
        return self._process

    def _stderr_tail(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read()[-3000:]

    def send(self, request: dict[str, Any]) -> int:
        """Hand PGlite a request; it works on it while the test goes on. Its number."""
        process = self._running()
        assert process.stdin is not None
        self._sent += 1
        process.stdin.write(json.dumps({**request, "id": self._sent}) + "\n")
        process.stdin.flush()
        return self._sent

    def reply(self, number: int) -> dict[str, Any]:
        """The answer to request `number`; those of requests nobody read (a test that
        failed before reading) are passed over."""
        process = self._process
        assert process is not None and process.stdout is not None
        assert number >= self._first, f"the PGlite process ended: {self._stderr_tail()}"
        while True:
            line = process.stdout.readline()  # waits for it (pytest-timeout bounds that)
            assert line, f"the PGlite process ended: {self._stderr_tail()}"
            reply: dict[str, Any] = json.loads(line)
            if reply["id"] == number:
                return reply

    @staticmethod
    def close_pipes(process: subprocess.Popen[str]) -> None:
        assert process.stdin is not None and process.stdout is not None
        with contextlib.suppress(OSError):  # BrokenPipe where Node is gone
            process.stdin.close()  # end of input: Node's loop ends and it exits
        process.wait()
        process.stdout.close()

    def close(self) -> None:
        if self._process is not None:
            self.close_pipes(self._process)
            self._process = None
        self._stderr.close()


_REFERENCE = _PGlite()


def pglite_answers_later(seed: str, queries: list[str]) -> Callable[[], Answers]:
    """Start PGlite on `seed` and `queries` now; the function returned gives its rows
    (those of each query), so a test builds its demo while PGlite loads the seed."""
    number = _REFERENCE.send({"seed": seed, "queries": queries})

    def answers() -> Answers:
        reply = _REFERENCE.reply(number)
        assert "error" not in reply, reply["error"]
        rows: Answers = reply["answers"]
        return rows

    return answers


def demo_answers(image: Path, queries: list[str]) -> Answers:
    """The rows the demo's engine answers to each query, its database restored from
    the build's seed image (as the page restores it)."""
    engine = DuckEngine(open_native_duck())
    try:
        engine.load_image(image.read_bytes())
        answers = []
        for query in queries:
            results, _ = engine.execute(query)  # (an error raises)
            answers.append(results[-1]["rows"])
        return answers
    finally:
        engine.close()
