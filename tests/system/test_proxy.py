"""The production proxy, ``deploy/nginx/cribbage.conf``, in front of gunicorn on loopback.

What the file promises, checked against real nginx: it parses as shipped; bad chunked bodies
are refused by nginx itself (400), bodies over the limit too (413), deep JSON by the service
(400), all as problem+json on every operation; JSON is gzipped for clients that ask; the
service's headers pass through; ``/metrics`` is only on the metrics port; and a dead upstream
is a 503 problem with ``Retry-After``, never an HTML page.
"""

from __future__ import annotations

import gzip
import json
import shutil
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.support.edge_requests import (
    BAD_BODIES,
    OPERATION_IDS,
    POST_OPERATIONS,
    expect_refused,
    length_request,
    limit_of,
    nested,
    raw,
)
from tests.support.problems import PROBLEM
from tests.support.proxy import MAIN_CONF, PRODUCTION_CONF, Nginx, check_config
from tests.support.servers import LOOPBACK, free_port

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
    nobody = f"{LOOPBACK}:{free_port()}"  # nothing listens there
    with Nginx((nobody,), output_dir / "logs" / "dead-upstream", wait_for_app=False) as nginx:
        status, headers, body = get(nginx.url + "/healthz")
    assert (status, headers["Content-Type"], headers["Retry-After"]) == (503, PROBLEM, "5")
    assert json.loads(body)["status"] == 503
