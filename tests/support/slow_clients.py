"""Slow clients (slowloris) and a health loop beside them, for the proxy and image system tests.

:class:`SlowClients` opens connections that each send one byte of a request header a second,
reopening each one the server cuts (as an attacker would); :func:`under_attack` runs them for a
while against a port and, beside them, ``GET /healthz`` on new connections every 50 ms, and
reports what both saw.
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
from dataclasses import dataclass, field
from typing import Any

from tests.support.proxy import PRODUCTION_CONF
from tests.support.servers import LOOPBACK

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
                        sock.send(SLOW_HEADER[self.sent[sock] : self.sent[sock] + 1])
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


@dataclass
class Attack:
    """What :func:`under_attack` saw: health-check latencies (s), failed checks, and the
    lifetimes (s) of the slow connections the server cut."""

    connections: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lifetimes: list[float] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("nan")
        return {
            "slow_connections": self.connections,
            "seconds": self.seconds,
            "healthz_answered": len(ordered),
            "healthz_failed": len(self.failures),
            "p50_ms": round(statistics.median(ordered) * 1000, 2) if ordered else None,
            "p99_ms": round(p99 * 1000, 2),
            "max_ms": round(ordered[-1] * 1000, 2) if ordered else None,
            "slow_connections_cut": len(self.lifetimes),
            "median_cut_after_s": round(statistics.median(self.lifetimes), 2) if self.lifetimes else None,
        }


def under_attack(port: int, connections: int, seconds: float) -> Attack:
    """``connections`` slow clients on ``port`` for ``seconds``, and a ``/healthz`` loop on the
    same port all along (one check every 50-100 ms)."""
    attack = Attack(connections, seconds)
    stop = threading.Event()

    def measure() -> None:
        while not stop.is_set():
            try:
                attack.latencies.append(healthz(port, HEALTH_TIMEOUT))
            except (OSError, AssertionError) as error:
                attack.failures.append(repr(error))
            stop.wait(0.05)

    attackers = SlowClients(port, connections)
    checker = threading.Thread(target=measure, name="healthz-loop")
    checker.start()
    try:
        attackers.run(seconds)
    finally:
        stop.set()
        checker.join(timeout=HEALTH_TIMEOUT + 5)
        attackers.close()
    attack.lifetimes = attackers.lifetimes
    return attack
