"""System tests: real servers, nginx and a headless browser (Debian packages).

They run with ``make test-system`` (``pytest -m system``), which installs what they need; a run
whose ``-m`` expression does not mention ``system`` leaves them out (``tests/conftest.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.proxy import Nginx
from tests.support.servers import LOOPBACK, Gunicorn

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
# The browser tests' phone-size screenshots: test-output/screenshots/ on every run, so a test run leaves the
# checkout clean; `make screenshots` points this at docs/screenshots/ to refresh the committed ones.
SCREENSHOTS = Path(os.environ.get("CRIBBAGE_SCREENSHOTS", OUTPUT / "screenshots"))


@pytest.fixture(scope="session")
def output_dir() -> Path:
    """``test-output/`` at the repository root: screenshots and server logs CI can keep."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


@pytest.fixture(scope="module")
def proxy(output_dir: Path) -> Iterator[Nginx]:
    """gunicorn (the production configuration, 2 workers) behind nginx running the production
    proxy file, ``deploy/nginx/cribbage.conf``; one pair per test module."""
    logs = output_dir / "logs"
    with (
        Gunicorn(workers=2, name="gunicorn-behind-proxy", env={"CRIBBAGE_ACCESS_LOG": "false"}, log_dir=logs) as app,
        Nginx((f"{LOOPBACK}:{app.port}",), logs) as nginx,
    ):
        yield nginx
