"""The production proxy, ``deploy/nginx/cribbage.conf``, in front of gunicorn on loopback.

What the file promises, checked against real nginx: it parses as shipped; bad chunked bodies
are refused by nginx itself (400), bodies over the limit too (413), deep JSON by the service
(400), all as problem+json on every operation; nginx's other refusals (405, 501, 505) are
problems too, and an HTTP/0.9 request gets no answer at all; JSON is gzipped for clients that
ask; the service's headers pass through; ``/metrics`` is only on the metrics port; a dead
upstream is a 503 problem with ``Retry-After``, never an HTML page, however large the request;
and a client past the per-address rate limit gets 429 problems with ``Retry-After``, while
ordinary traffic never does.
"""

from __future__ import annotations

import gzip
import json
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.support.edge_requests import (
    BAD_BODIES,
    EVENT_PATHS,
    OPERATION_IDS,
    POST_OPERATIONS,
    chunked_request,
    expect_refused,
    length_request,
    limit_of,
    nested,
    raw,
)
from tests.support.problems import PROBLEM
from tests.support.proxy import MAIN_CONF, PRODUCTION_CONF, Nginx, check_config
from tests.support.servers import LOOPBACK, Gunicorn, nobody_listening

pytestmark = pytest.mark.system


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_production_file_parses_as_shipped(tmp_path: Path) -> None:
    # Unchanged (its own addresses): every directive exists in this nginx and every value is valid.
    (tmp_path / "tmp").mkdir()
    (tmp_path / "nginx.conf").write_text(MAIN_CONF.format(prefix=tmp_path))
    shutil.copy(PRODUCTION_CONF, tmp_path / "cribbage.conf")
    check_config(tmp_path)


@pytest.mark.parametrize("case", list(BAD_BODIES))
@pytest.mark.parametrize(("path", "example"), [(p, e) for p, _, e in POST_OPERATIONS], ids=OPERATION_IDS)
def test_bad_bodies_through_the_proxy_are_problems(proxy: Nginx, path: str, example: Any, case: str) -> None:
    expect_refused(proxy.port, path, example, case)


@pytest.mark.parametrize("path", [path for path, _, _ in POST_OPERATIONS], ids=OPERATION_IDS)
def test_a_body_over_the_limit_with_a_length_is_a_413_problem(proxy: Nginx, path: str) -> None:
    status, headers, problem = raw(proxy.port, length_request(path, b" " * (limit_of(path) + 1)))
    assert (status, headers["content-type"], problem["status"]) == (413, PROBLEM, 413)


def test_deep_json_with_a_length_is_the_services_400(proxy: Nginx) -> None:
    status, headers, problem = raw(proxy.port, length_request("/v1/games/act", nested(1000, "object")))
    assert (status, headers["content-type"]) == (400, PROBLEM)
    assert "levels deep" in problem["detail"]
    assert headers["cache-control"] == "no-store"  # the service's own headers come through


def test_headers_too_large_are_a_400_problem(proxy: Nginx) -> None:
    status, headers, problem = raw(
        proxy.port,
        (f"GET /healthz HTTP/1.1\r\nHost: {LOOPBACK}\r\nX-Big: {'a' * 9000}\r\nConnection: close\r\n\r\n").encode(),
    )
    assert (status, headers["content-type"], problem["status"]) == (400, PROBLEM, 400)


def test_json_is_gzipped_for_clients_that_ask(proxy: Nginx) -> None:
    status, plain_headers, plain = get(proxy.url + "/v1/variants")
    assert status == 200 and "content-encoding" not in {k.lower() for k in plain_headers}
    status, headers, packed = get(proxy.url + "/v1/variants", {"Accept-Encoding": "gzip"})
    assert (status, headers["Content-Encoding"], headers["Vary"]) == (200, "gzip", "Accept-Encoding")
    assert json.loads(gzip.decompress(packed)) == json.loads(plain)
    assert len(packed) < len(plain) / 2
    # Tiny answers are not worth it (gzip_min_length).
    assert "Content-Encoding" not in get(proxy.url + "/healthz", {"Accept-Encoding": "gzip"})[1]


def test_the_services_headers_pass_through(proxy: Nginx) -> None:
    status, headers, _ = get(proxy.url + "/healthz", {"X-Request-ID": "edge-test-1"})
    assert status == 200
    assert headers["X-Request-ID"] == "edge-test-1"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Server"] == "nginx"  # no version (server_tokens off)


def test_metrics_are_on_the_metrics_port_only(proxy: Nginx) -> None:
    status, headers, body = get(proxy.url + "/metrics")
    assert (status, headers["Content-Type"]) == (404, PROBLEM) and json.loads(body)["status"] == 404
    status, _, body = get(proxy.metrics_url + "/metrics")
    assert status == 200 and b"cribbage_http_requests_total" in body
    assert get(proxy.metrics_url + "/healthz")[0] == 404


def test_a_dead_upstream_is_a_503_problem(output_dir: Path) -> None:
    with (
        nobody_listening() as nobody,
        Nginx((nobody,), output_dir / "logs" / "dead-upstream", wait_for_app=False) as nginx,
    ):
        status, headers, body = get(nginx.url + "/healthz")
    assert (status, headers["Content-Type"], headers["Retry-After"]) == (503, PROBLEM, "5")
    assert json.loads(body)["status"] == 503


def exchange(port: int, request: bytes) -> bytes:
    """Send bytes as they are; everything the proxy sends back until it closes (nothing, if it
    closes or resets the connection without answering)."""
    received = b""
    with socket.create_connection((LOOPBACK, port), timeout=10) as sock:
        sock.sendall(request)
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
    return received


CLOSE = f"Host: {LOOPBACK}\r\nConnection: close\r\n"
# nginx's own refusals, each as the status it must be: (request, status).
REFUSALS = {
    "trace": (f"TRACE /healthz HTTP/1.1\r\n{CLOSE}\r\n", 405),
    # nginx 1.22 does not parse CONNECT (a 400); later ones know it and refuse it (a 405).
    "connect": (f"CONNECT example.com:443 HTTP/1.1\r\n{CLOSE}\r\n", (400, 405)),
    "gzip-transfer-coding": (
        f"POST /v1/hands/score HTTP/1.1\r\n{CLOSE}Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n",
        501,
    ),
    "http-2.0-request-line": (f"GET /healthz HTTP/2.0\r\n{CLOSE}\r\n", 505),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_nginxs_own_refusals_are_problems(proxy: Nginx, case: str) -> None:
    request, expected = REFUSALS[case]
    status, headers, problem = raw(proxy.port, request.encode())
    assert status in (expected if isinstance(expected, tuple) else (expected,))
    assert (headers["content-type"], headers["x-content-type-options"], problem["status"]) == (
        PROBLEM,
        "nosniff",
        status,
    )


def test_an_http_0_9_request_gets_no_answer(proxy: Nginx) -> None:
    # HTTP/0.9 has no status line and no headers: the answer would be a bare body that a client
    # cannot tell from a good one. The proxy closes the connection instead.
    for line in (b"GET /healthz\r\n", b"GET /v1/variants\r\n", b"GET  /healthz\r\n", b"GET /healthz \r\n"):
        assert exchange(proxy.port, line) == b"", line
    assert exchange(proxy.port, b"GET /v1/variants?lang=de \n") == b""
    assert exchange(proxy.metrics_port, b"GET /metrics\r\n") == b""  # the metrics port too
    # HTTP/1.0 is still served.
    assert exchange(proxy.port, f"GET /healthz HTTP/1.0\r\nHost: {LOOPBACK}\r\n\r\n".encode()).startswith(
        b"HTTP/1.1 200 "
    )


def test_a_broken_chunked_body_of_100_kb_is_a_400_problem(proxy: Nginx) -> None:
    # On an event operation (whose limit is 4 MiB): 100 KB of good chunk, then a chunk size
    # that is not hexadecimal. The error page's location must not apply the 64 KiB limit of the
    # other operations to the body read so far (that made it an HTML 413).
    body = b"%x\r\n" % 100_000 + b" " * 100_000 + b"\r\nzz\r\n"
    for path in EVENT_PATHS:
        status, headers, problem = raw(proxy.port, chunked_request(path, body))
        assert (status, headers["content-type"], problem["status"]) == (400, PROBLEM, 400), path


def test_a_large_request_to_a_dead_upstream_is_a_503_problem(output_dir: Path) -> None:
    # A 1.5 MB event request (under its 4 MiB limit) that no instance answers: the documented
    # 503 with Retry-After, not a 413 that would tell the client its good request is too big.
    body = json.dumps({"games": [], "pad": " " * 1_500_000}).encode()
    with (
        nobody_listening() as nobody,
        Nginx((nobody,), output_dir / "logs" / "dead-upstream-large", wait_for_app=False) as nginx,
    ):
        for path in EVENT_PATHS:
            status, headers, problem = raw(nginx.port, length_request(path, body))
            assert (status, headers["content-type"], headers["retry-after"]) == (503, PROBLEM, "5"), path
            assert problem["status"] == 503
        chunked = b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
        status, headers, problem = raw(nginx.port, chunked_request(EVENT_PATHS[0], chunked))
        assert (status, headers["content-type"], headers["retry-after"]) == (503, PROBLEM, "5")


def statuses_at_pace(url: str, count: int, per_second: float) -> list[int]:
    """``count`` requests for ``url`` at ``per_second`` (on a schedule, so a stall is caught up)."""
    start, found = time.monotonic(), []
    for sent in range(count):
        time.sleep(max(0.0, start + sent / per_second - time.monotonic()))
        found.append(get(url)[0])
    return found


def test_a_client_past_the_rate_limit_gets_429_problems(output_dir: Path) -> None:
    logs = output_dir / "logs" / "rate-limit"
    with (
        Gunicorn(workers=2, name="gunicorn-rate-limit", env={"CRIBBAGE_ACCESS_LOG": "false"}, log_dir=logs) as app,
        Nginx((f"{LOOPBACK}:{app.port}",), logs) as nginx,
    ):
        url = nginx.url + "/healthz"
        # Ordinary traffic, heavier than any person's game or a club behind one address: 150
        # requests at once (within the burst of 200), then 40 a second (under the 50) for 5 s.
        burst = [get(url)[0] for _ in range(150)]
        steady = statuses_at_pace(url, 200, per_second=40)
        assert set(burst) | set(steady) == {200}
        time.sleep(200 / 50 + 1)  # the burst allowance back whole
        # A client looping as fast as it can, from 6 connections at once, for 3 s.
        answers: list[tuple[int, dict[str, str], bytes]] = []
        deadline = time.monotonic() + 3

        def hammer() -> None:
            while time.monotonic() < deadline:
                answers.append(get(url))

        threads = [threading.Thread(target=hammer) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    passed = [answer for answer in answers if answer[0] == 200]
    limited = [answer for answer in answers if answer[0] == 429]
    assert len(passed) + len(limited) == len(answers), {answer[0] for answer in answers}
    # At most the burst and 50 a second (and a second's slack) pass; the rest are refused.
    assert len(limited) > 0 and len(passed) <= 200 + 50 * 4, (len(passed), len(limited))
    for _, headers, body in limited:
        assert (headers["Content-Type"], headers["Retry-After"], headers["X-Content-Type-Options"]) == (
            PROBLEM,
            "1",
            "nosniff",
        )
        assert json.loads(body)["status"] == 429
