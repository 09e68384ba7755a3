"""The /play page's JavaScript modules (``service/play/*.js``, plain ES modules, no build step)
type-check under ``tsc --checkJs --strict`` with their JSDoc types (``tsconfig.play.json``): the same
pinned TypeScript as the client test, installed by ``npm ci`` (``make test-typescript``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.typescript

HERE = Path(__file__).resolve().parent


def test_the_play_page_type_checks() -> None:
    tsc = HERE / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "run `make test-typescript` (npm ci)"
    result = subprocess.run(
        [tsc, "-p", "tsconfig.play.json", "--pretty", "false"], cwd=HERE, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
