"""The tree stays ruff-clean: lint rules and formatting (configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["host", "demo", "http_errors", "tests", "bench"]


@pytest.mark.parametrize(
    "command",
    [["check", *PACKAGES], ["format", "--check", *PACKAGES]],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff_is_clean(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
