"""The reference relay of examples/relay as it runs: the service and the relay, each its own gunicorn on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.support.servers import Gunicorn

RELAY_APP = "examples.relay.app:create_app()"
RELAY_CONFIG = "python:examples.relay.gunicorn_conf"


@dataclass(frozen=True)
class Running:
    url: str
    port: int
    service_url: str
    database: Path
    logs: Path  # the relay's stdout and stderr (relay.out, relay.err)


@contextmanager
def service_and_relay(root: Path, heartbeat: float = 1.0, settings: dict[str, str] | None = None) -> Iterator[Running]:
    """One service (one worker) and one relay in front of it; the relay's database and logs in ``root``;
    ``settings``: more of the relay's environment (examples/relay/README.md)."""
    database = root / "relay.sqlite3"
    with Gunicorn(workers=1, name="service") as service:
        env = {
            "SERVICE_URL": service.url,
            "RELAY_BIND": "127.0.0.1:0",
            "RELAY_DB": str(database),
            "RELAY_HEARTBEAT_SECONDS": str(heartbeat),
            "RELAY_STREAM_SECONDS": "60",
            **(settings or {}),
        }
        with Gunicorn(workers=1, env=env, name="relay", log_dir=root, app=RELAY_APP, config=RELAY_CONFIG) as relay:
            yield Running(relay.url, relay.port, service.url, database, root)


def assert_kept_nowhere(relay: Running, credentials: list[str]) -> None:
    """No credential in the relay's database (main file, write-ahead log, shared memory) or its logs."""
    files = [path for path in relay.database.parent.iterdir() if path.name.startswith("relay")]  # logs too
    assert any(path.name == "relay.sqlite3" for path in files)
    for path in files:
        data = path.read_bytes()
        for credential in credentials:
            assert credential.encode() not in data, path.name
