"""Slow clients (slowloris) against gunicorn, with and without the production proxy in front.

gunicorn's sync workers read one request at a time: a client that sends its request header
one byte a second holds a worker until gunicorn's timeout. The first test shows that on
gunicorn alone (two such clients and ``/healthz`` does not answer); the second opens 200 of
them through nginx running ``deploy/nginx/cribbage.conf`` for 20 s, reopening each one that
nginx cuts (as an attacker would), while a loop measures ``/healthz`` through the same proxy.
Every health check must be answered, and nginx must have cut every slow connection at its
``client_header_timeout``. The latencies land in ``test-output/slow-clients.json``. The
clients and the loop are in ``tests/support/slow_clients.py`` (the image test uses them too).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from tests.support.proxy import Nginx
from tests.support.servers import Gunicorn
from tests.support.slow_clients import SlowClients, header_timeout, healthz, under_attack

pytestmark = pytest.mark.system

SLOW_CONNECTIONS = 200
DURATION = 20.0  # seconds of attack


def test_slow_clients_stall_gunicorn_alone(output_dir: Path) -> None:
    # The attack is real: two slow clients hold both workers, and a health check waits.
    with Gunicorn(workers=2, name="gunicorn-alone", log_dir=output_dir / "logs") as server:
        attackers = SlowClients(server.port, 2)
        try:
            attackers.run(1.5)
            with pytest.raises(OSError):  # socket.timeout: no worker is free to answer
                healthz(server.port, timeout=2.0)
        finally:
            attackers.close()
        assert healthz(server.port, timeout=5.0) < 5.0  # and the workers come back once they leave


def test_200_slow_clients_through_the_proxy_do_not_stop_healthz(proxy: Nginx, output_dir: Path) -> None:
    attack = under_attack(proxy.port, SLOW_CONNECTIONS, DURATION)
    report = attack.report()
    (output_dir / "slow-clients.json").write_text(json.dumps(report, indent=2) + "\n")
    print("slow clients through the proxy:", json.dumps(report))

    assert attack.failures == [], attack.failures[:5]
    assert len(attack.latencies) >= 100, report  # the loop ran all along (about one check every 50-100 ms)
    assert max(attack.latencies) < 2.0, (
        report
    )  # no health check waited on a slow client (gunicorn alone: never answered)
    # nginx, not the clients' patience, ended the slow connections: every first one, at its header timeout.
    timeout = header_timeout()
    assert len(attack.lifetimes) >= SLOW_CONNECTIONS, report
    assert timeout - 1 <= statistics.median(attack.lifetimes) <= timeout + 2, report
