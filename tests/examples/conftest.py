"""The relay of examples/relay as it runs: the service and the relay, each its own gunicorn on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.servers import Gunicorn

RELAY_APP = "examples.relay.app:create_app()"
RELAY_CONFIG = "python:examples.relay.gunicorn_conf"


@dataclass(frozen=True)
class Running:
    url: str
    database: Path
    logs: Path  # the relay's stdout and stderr


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """One service (one worker) and one relay in front of it, for a module's tests."""
    root = tmp_path_factory.mktemp("relay")
    database = root / "relay.sqlite3"
    with Gunicorn(workers=1, name="service") as service:
        env = {
            "SERVICE_URL": service.url,
            "RELAY_BIND": "127.0.0.1:0",
            "RELAY_DB": str(database),
            "RELAY_HEARTBEAT_SECONDS": "1",
            "RELAY_STREAM_SECONDS": "20",
        }
        with Gunicorn(workers=1, env=env, name="relay", log_dir=root, app=RELAY_APP, config=RELAY_CONFIG) as server:
            yield Running(server.url, database, root)
