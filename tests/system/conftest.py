"""System tests: real servers, nginx and a headless browser (Debian packages).

They run with ``make test-system`` (``pytest -m system``), which installs what they need; a run
whose ``-m`` expression does not mention ``system`` leaves them out (``tests/conftest.py``).
"""

from __future__ import annotations

import json
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
# Figures a test file writes to test-output/ and the run shows at its end (in pytest's terminal summary),
# by their heading. The tier runs on two processes (``make test-system``), whose own output pytest does not
# show, so the run's first process prints them, from files it removes before the tests start.
SHOWN_AFTER = {"image.json": "container image"}


def _controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")  # pytest-xdist gives its worker processes a workerinput


def pytest_configure(config: pytest.Config) -> None:
    # pytest_configure, not pytest_sessionstart: pytest calls it for this file also when it is loaded late
    # (a run of the whole tree finds it while collecting), so a figure from an earlier run is never shown.
    if _controller(config):
        for name in SHOWN_AFTER:
            (OUTPUT / name).unlink(missing_ok=True)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if not _controller(config):
        return
    for name, heading in SHOWN_AFTER.items():
        path = OUTPUT / name
        numbers = json.loads(path.read_text()) if path.exists() else {}
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
