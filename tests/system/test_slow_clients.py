"""Slow clients (slowloris) against gunicorn, with and without the production proxy in front.

gunicorn's sync workers read one request at a time: a client that sends its request header
one byte a second holds a worker until gunicorn's timeout. The first test shows that on
gunicorn alone (two such clients and ``/healthz`` does not answer); the second opens 200 of
them through nginx running ``deploy/nginx/cribbage.conf`` for 20 s, reopening each one that
nginx cuts (as an attacker would), while a loop measures ``/healthz`` through the same proxy.
Every health check must be answered, and nginx must have cut every slow connection at its
``client_header_timeout``. The latencies land in ``test-output/slow-clients.json``.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import selectors
import socket
import statistics
import threading
import time
from pathlib import Path

import pytest

from tests.support.proxy import PRODUCTION_CONF, Nginx
from tests.support.servers import LOOPBACK, Gunicorn

pytestmark = pytest.mark.system

SLOW_CONNECTIONS = 200
DURATION = 20.0  # seconds of attack
# A header that never ends in time: at one byte a second it would take minutes.
SLOW_HEADER = b"GET /healthz HTTP/1.1\r\nHost: cribbage.test\r\nX-Slow: " + b"a" * 400 + b"\r\n\r\n"
HEALTH_TIMEOUT = 5.0  # one health check may take this long before it counts as unanswered


def header_timeout() -> float:
    """``client_header_timeout`` as the production file sets it, in seconds."""
    for line in PRODUCTION_CONF.read_text().splitlines():
        words = line.split()
        if words and words[0] == "client_header_timeout":
            return float(words[1].rstrip(";").rstrip("s"))
    raise AssertionError("the production proxy sets no client_header_timeout")


def healthz(port: int, timeout: float) -> float:
    """One GET /healthz on a new connection; its latency in seconds (raises unless 200)."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    assert response.status == 200 and json.loads(body) == {"status": "ok"}, (response.status, body)
    return time.perf_counter() - start


class SlowClients:
    """``count`` connections that each send one byte of :data:`SLOW_HEADER` a second. A
    connection the server closes is recorded (with how long it lived) and replaced at once."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.selector = selectors.DefaultSelector()
        self.sent: dict[socket.socket, int] = {}
        self.opened: dict[socket.socket, float] = {}
        self.lifetimes: list[float] = []  # of the connections the server cut
        for _ in range(count):
            self.open()

    def open(self) -> None:
        sock = socket.create_connection((LOOPBACK, self.port), timeout=5)
        sock.setblocking(False)
        self.selector.register(sock, selectors.EVENT_READ)
        self.sent[sock], self.opened[sock] = 0, time.monotonic()

    def cut(self, sock: socket.socket) -> None:
        self.lifetimes.append(time.monotonic() - self.opened.pop(sock))
        del self.sent[sock]
        self.selector.unregister(sock)
        sock.close()
        self.open()

    def run(self, duration: float) -> None:
        deadline = time.monotonic() + duration
        next_tick = time.monotonic()
        while (now := time.monotonic()) < deadline:
            if now >= next_tick:
                next_tick += 1.0
                for sock in list(self.sent):
                    try:
                        sock.send(SLOW_HEADER[self.sent[sock]:self.sent[sock] + 1])
                        self.sent[sock] += 1
                    except OSError:  # reset by the server
                        self.cut(sock)
            for key, _ in self.selector.select(timeout=max(0.0, min(next_tick, deadline) - time.monotonic())):
                closed = key.fileobj
                assert isinstance(closed, socket.socket)
                with contextlib.suppress(OSError):
                    closed.recv(4096)  # nginx closes (perhaps after a 408): EOF either way
                self.cut(closed)

    def close(self) -> None:
        for sock in list(self.sent):
            self.selector.unregister(sock)
            sock.close()
        self.selector.close()


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
    latencies: list[float] = []
    failures: list[str] = []
    stop = threading.Event()

    def measure() -> None:
        while not stop.is_set():
            try:
                latencies.append(healthz(proxy.port, HEALTH_TIMEOUT))
            except (OSError, AssertionError) as error:
                failures.append(repr(error))
            stop.wait(0.05)

    attackers = SlowClients(proxy.port, SLOW_CONNECTIONS)
    checker = threading.Thread(target=measure, name="healthz-loop")
    checker.start()
    try:
        attackers.run(DURATION)
    finally:
        stop.set()
        checker.join(timeout=HEALTH_TIMEOUT + 5)
        attackers.close()

    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("nan")
    report = {
        "slow_connections": SLOW_CONNECTIONS, "seconds": DURATION, "healthz_answered": len(latencies),
        "healthz_failed": len(failures), "p50_ms": round(statistics.median(ordered) * 1000, 2) if ordered else None,
        "p99_ms": round(p99 * 1000, 2), "max_ms": round(ordered[-1] * 1000, 2) if ordered else None,
        "slow_connections_cut": len(attackers.lifetimes),
        "median_cut_after_s": round(statistics.median(attackers.lifetimes), 2) if attackers.lifetimes else None,
    }
    (output_dir / "slow-clients.json").write_text(json.dumps(report, indent=2) + "\n")
    print("slow clients through the proxy:", json.dumps(report))

    assert failures == [], failures[:5]
    assert len(latencies) >= 100, report  # the loop ran all along (about one check every 50-100 ms)
    assert ordered[-1] < 2.0, report  # no health check waited on a slow client (gunicorn alone: never answered)
    # nginx, not the clients' patience, ended the slow connections: every first one, at its header timeout.
    timeout = header_timeout()
    assert len(attackers.lifetimes) >= SLOW_CONNECTIONS, report
    assert timeout - 1 <= statistics.median(attackers.lifetimes) <= timeout + 2, report
