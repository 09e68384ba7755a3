"""System tests: real servers, nginx and a headless browser (Debian packages).

They run with ``make test-system`` (``pytest -m system``), which installs what they need; a run
whose ``-m`` expression does not mention ``system`` leaves them out (``tests/conftest.py``).
"""

from __future__ import annotations

import json
import os
import time
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
# Figures a test file writes to test-output/ and the run shows at its end (in pytest's terminal summary),
# by their heading. The tier runs on two processes (``make test-system``), whose own output pytest does not
# show, so the run's first process prints them: those written since the run began (a file left by an earlier
# run stays, as the figures of that run, and is not shown).
SHOWN_AFTER = {"image.json": "container image"}
_BEGAN = pytest.StashKey[float]()


def _controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")  # pytest-xdist gives its worker processes a workerinput


def pytest_configure(config: pytest.Config) -> None:
    # Also called for this file when a run of the whole tree loads it late, while collecting: still before
    # any test runs.
    config.stash[_BEGAN] = time.time()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if not _controller(config):
        return
    for name, heading in SHOWN_AFTER.items():
        path = OUTPUT / name
        fresh = path.exists() and path.stat().st_mtime >= config.stash[_BEGAN]
        numbers = json.loads(path.read_text()) if fresh else {}
        if numbers:  # none when the image's tests stopped before they measured anything
            terminalreporter.write_line(f"{heading}: " + ", ".join(f"{key} {value}" for key, value in numbers.items()))


@pytest.fixture(scope="session")
def output_dir() -> Path:
    """``test-output/`` at the repository root: screenshots and server logs CI can keep."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


@pytest.fixture(scope="module")
def proxy(output_dir: Path, request: pytest.FixtureRequest) -> Iterator[Nginx]:
    """gunicorn (the production configuration, 2 workers) behind nginx running the production
    proxy file, ``deploy/nginx/cribbage.conf``; one pair per test module, logging to a folder named
    after it (two modules may use theirs at the same time)."""
    logs = output_dir / "logs" / request.path.stem
    with (
        Gunicorn(workers=2, name="gunicorn-behind-proxy", env={"CRIBBAGE_ACCESS_LOG": "false"}, log_dir=logs) as app,
        Nginx((f"{LOOPBACK}:{app.port}",), logs) as nginx,
    ):
        yield nginx
