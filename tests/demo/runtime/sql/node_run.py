"""A Node script of the differential suite started now and read later.

The references (`oracle.mjs`: PGlite, sql.js) and the browser path (`browser_runner.mjs`:
Pyodide, duckdb-wasm) are each a Node process of half a minute or more; started in the
background, they run beside each other and beside the native run in this process, where
they used to run one after the other. Their answers are the same: only when they are
read changes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from typing import IO, Any

from tests.demo.sites import REPO
from tests.waiting import HEAVY_RUN_S

from . import differential as diff


class NodeRun:
    """`node <script> REPO` with `stdin`, started at construction; `answer()` waits for it."""

    def __init__(self, script: str, stdin: str = "") -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError(f"needs node ({script} runs there)")
        self.script = script
        # Files, not pipes: nobody reads a pipe while the process runs, and a full one
        # would stop it.
        self._stdin = self._file(stdin)
        self._stdout = self._file("")
        self._stderr = self._file("")
        self._process = subprocess.Popen(
            [node, str(diff.CORPUS.parent / script), str(REPO)],
            stdin=self._stdin,
            stdout=self._stdout,
            stderr=self._stderr,
            text=True,
            cwd=REPO,
        )
        self._answer: Any = None

    @staticmethod
    def _file(text: str) -> IO[str]:
        file = tempfile.TemporaryFile("w+")  # noqa: SIM115 - closed by close(), not a block
        file.write(text)
        file.seek(0)
        return file

    def answer(self) -> Any:
        """The script's JSON output, once it has exited 0 (read once, kept)."""
        if self._answer is None:
            code = self._process.wait(timeout=HEAVY_RUN_S)
            self._stdout.seek(0)
            self._stderr.seek(0)
            output, errors = self._stdout.read(), self._stderr.read()
            self.close()
            assert code == 0, f"{self.script} exited {code}: {errors[-3000:]}"
            self._answer = json.loads(output)
        return self._answer

    def close(self) -> None:
        """Stop it if it still runs (a test that never read it) and free its files."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        for file in (self._stdin, self._stdout, self._stderr):
            file.close()
