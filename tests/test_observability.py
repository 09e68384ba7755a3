"""Request ids, JSON access logs, Prometheus metrics and CORS (service/api/observability.py).

In-process through the Flask test client, plus one run of the real production server
(gunicorn, two workers, recycled every few requests) to show that the metrics stay exact
across worker processes. gunicorn is a Python dependency, so this needs no system package.
"""

from __future__ import annotations

import glob
import json
import os
import re
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from benchmarks.servers import Gunicorn
from service.api.app import create_app
from service.api.config import Config
from service.api.observability import retire_worker

HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
HEX_ID = re.compile(r"[0-9a-f]{32}")


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page, keyed by name and sorted labels."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return found


def request_count(page: dict[Any, float], method: str, route: str, status: str) -> float:
    key = ("cribbage_http_requests_total", (("method", method), ("route", route), ("status", status)))
    return page.get(key, 0.0)


def latency_count(page: dict[Any, float], method: str, route: str) -> float:
    return page.get(("cribbage_http_request_duration_seconds_count", (("method", method), ("route", route))), 0.0)


def access_lines(text: str) -> list[dict[str, Any]]:
    return [entry for entry in map(json.loads, text.splitlines()) if entry.get("logger") == "service.access"]


# ------------------------------------------------------------------ request ids


def test_an_incoming_request_id_is_honoured_and_echoed(client: FlaskClient) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": "edge-7f3a:42"})
    assert response.headers["X-Request-ID"] == "edge-7f3a:42"


def test_without_a_request_id_each_request_gets_a_fresh_one(client: FlaskClient) -> None:
    ids = {client.get("/healthz").headers["X-Request-ID"] for _ in range(5)}
    assert len(ids) == 5
    assert all(HEX_ID.fullmatch(i) for i in ids)


@pytest.mark.parametrize("bad", ["has space", "x" * 201, "-leading-dash", "quote\"d", "semi;colon"])
def test_an_unsafe_request_id_is_replaced(client: FlaskClient, bad: str) -> None:
    assert HEX_ID.fullmatch(client.get("/healthz", headers={"X-Request-ID": bad}).headers["X-Request-ID"])


def test_errors_carry_the_request_id_too(client: FlaskClient) -> None:
    response = client.post("/v1/hands/score", data="{not json", content_type="application/json",
                           headers={"X-Request-ID": "bad-body-1"})
    assert response.status_code == 400
    assert response.headers["X-Request-ID"] == "bad-body-1"


# ------------------------------------------------------------------ access log


def test_each_request_writes_one_json_access_line(client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    client.post("/v1/hands/score", json=HAND_29, headers={"X-Request-ID": "log-me", "User-Agent": "t/1"})
    client.get("/no/such/thing")
    lines = access_lines(capsys.readouterr().out)
    assert len(lines) == 2
    scored, missing = lines
    assert scored["request_id"] == "log-me"
    assert (scored["method"], scored["path"], scored["route"], scored["status"]) == (
        "POST", "/v1/hands/score", "/v1/hands/score", 200)
    assert scored["user_agent"] == "t/1"
    assert scored["duration_ms"] >= 0 and scored["bytes_out"] > 0 and scored["pid"] == os.getpid()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", scored["ts"])
    assert (missing["route"], missing["status"], missing["path"]) == ("<unmatched>", 404, "/no/such/thing")


def test_the_access_log_can_be_turned_off(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = create_app(Config(testing=True, access_log=False))
    capsys.readouterr()
    assert quiet.test_client().get("/healthz").status_code == 200
    assert access_lines(capsys.readouterr().out) == []


# ------------------------------------------------------------------ metrics


def test_metrics_count_requests_per_route_not_per_path(client: FlaskClient) -> None:
    before = samples(client.get("/metrics").get_data(as_text=True))
    for _ in range(3):
        assert client.post("/v1/hands/score", json=HAND_29).status_code == 200
    client.post("/v1/hands/score", json={"hand": ["5S", "5S", "5D", "JC"], "starter": "5C"})  # a 422
    client.get("/docs/index.css")
    client.get("/docs/swagger-ui.css")
    client.get("/nowhere/1")
    client.get("/nowhere/2")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    after = samples(response.get_data(as_text=True))

    def delta(method: str, route: str, status: str) -> float:
        return request_count(after, method, route, status) - request_count(before, method, route, status)

    assert delta("POST", "/v1/hands/score", "200") == 3
    assert delta("POST", "/v1/hands/score", "422") == 1
    assert delta("GET", "/docs/<path:path>", "200") == 2  # one series for every static file
    assert delta("GET", "<unmatched>", "404") == 2  # one series for every unknown path
    assert latency_count(after, "POST", "/v1/hands/score") - latency_count(before, "POST", "/v1/hands/score") == 4
    assert not any("/nowhere" in str(labels) for _, labels in after)


def test_metrics_histogram_has_the_documented_buckets(client: FlaskClient) -> None:
    client.get("/healthz")
    page = samples(client.get("/metrics").get_data(as_text=True))
    bounds = sorted(float(dict(labels)["le"]) for name, labels in page
                    if name == "cribbage_http_request_duration_seconds_bucket" and dict(labels)["route"] == "/healthz")
    assert bounds[:3] == [0.001, 0.0025, 0.005] and bounds[-1] == float("inf")
    total = page["cribbage_http_request_duration_seconds_count", (("method", "GET"), ("route", "/healthz"))]
    assert page["cribbage_http_request_duration_seconds_bucket",
                (("le", "+Inf"), ("method", "GET"), ("route", "/healthz"))] == total


def test_metrics_can_be_turned_off() -> None:
    assert create_app(Config(testing=True, metrics=False)).test_client().get("/metrics").status_code == 404


def test_two_apps_in_one_process_share_one_set_of_metrics() -> None:
    first, second = (create_app(Config(testing=True)).test_client() for _ in range(2))
    before = samples(first.get("/metrics").get_data(as_text=True))
    first.get("/healthz")
    second.get("/healthz")
    after = samples(second.get("/metrics").get_data(as_text=True))
    assert request_count(after, "GET", "/healthz", "200") - request_count(before, "GET", "/healthz", "200") == 2


def _write(path: Path, values: dict[str, float]) -> None:
    from prometheus_client.mmap_dict import MmapedDict

    file = MmapedDict(str(path))
    for key, value in values.items():
        file.write_value(key, value, 0.0)
    file.close()


def _key(metric: str, name: str, labels: dict[str, str]) -> str:
    from prometheus_client.mmap_dict import mmap_key

    return mmap_key(metric, name, list(labels), list(labels.values()), "help")


def test_retiring_a_worker_keeps_its_counts_and_drops_its_files(tmp_path: Path) -> None:
    """Two workers counted 3 and 4 requests; a third one 5. Retire the first two (twice over
    for one of them: a no-op) and the exposed totals are still 12, from two files, not three."""
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.multiprocess import MultiProcessCollector

    labels = {"route": "/healthz"}
    counter = _key("hits", "hits_total", labels)
    bucket = _key("lat", "lat_bucket", {**labels, "le": "0.005"})
    _write(tmp_path / "counter_101.db", {counter: 3})
    _write(tmp_path / "counter_102.db", {counter: 4})
    _write(tmp_path / "counter_103.db", {counter: 5})
    _write(tmp_path / "histogram_101.db", {bucket: 2})
    _write(tmp_path / "histogram_103.db", {bucket: 1})

    def exposed() -> dict[Any, float]:
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=str(tmp_path))
        return samples(generate_latest(registry).decode())

    retire_worker(101, str(tmp_path))
    retire_worker(102, str(tmp_path))
    retire_worker(102, str(tmp_path))
    page = exposed()
    assert page["hits_total", (("route", "/healthz"),)] == 12
    assert page["lat_bucket", (("le", "0.005"), ("route", "/healthz"))] == 3
    assert sorted(p.name for p in tmp_path.glob("*.db")) == [
        "counter_103.db", "counter_archive.db", "histogram_103.db", "histogram_archive.db"]


# ------------------------------------------------------------------ CORS


def cors_client(*origins: str) -> FlaskClient:
    return create_app(Config(testing=True, cors_origins=origins, cors_max_age=321)).test_client()


def test_no_cors_headers_by_default(client: FlaskClient) -> None:
    response = client.post("/v1/hands/score", json=HAND_29, headers={"Origin": "https://cards.example"})
    assert response.status_code == 200
    assert not [h for h in response.headers.keys() if h.lower().startswith("access-control-")]  # noqa: SIM118 (Headers iterate as pairs)


def test_a_listed_origin_may_read_responses_and_the_request_id() -> None:
    browser = cors_client("https://cards.example", "https://club.example")
    response = browser.post("/v1/hands/score", json=HAND_29, headers={"Origin": "https://club.example"})
    assert response.headers["Access-Control-Allow-Origin"] == "https://club.example"
    assert "Origin" in response.headers["Vary"]
    assert "X-Request-ID" in response.headers["Access-Control-Expose-Headers"]
    error = browser.post("/v1/hands/score", json={"hand": []}, headers={"Origin": "https://club.example"})
    assert error.status_code == 400 and error.headers["Access-Control-Allow-Origin"] == "https://club.example"


def test_an_unlisted_origin_gets_no_cors_headers() -> None:
    response = cors_client("https://cards.example").post(
        "/v1/hands/score", json=HAND_29, headers={"Origin": "https://evil.example"})
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


def test_preflight_answers_methods_headers_and_max_age() -> None:
    response = cors_client("https://cards.example").options("/v1/hands/score", headers={
        "Origin": "https://cards.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-request-id",
    })
    assert response.status_code in (200, 204)
    assert response.headers["Access-Control-Allow-Origin"] == "https://cards.example"
    assert {m.strip() for m in response.headers["Access-Control-Allow-Methods"].split(",")} >= {"POST", "OPTIONS"}
    assert response.headers["Access-Control-Allow-Headers"].lower() == "content-type, x-request-id"
    assert response.headers["Access-Control-Max-Age"] == "321"


def test_a_star_allows_any_origin() -> None:
    response = cors_client("*").get("/v1/variants", headers={"Origin": "https://anywhere.example"})
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_config_reads_the_operations_variables() -> None:
    config = Config.from_env({
        "CRIBBAGE_CORS_ORIGINS": "https://a.example, https://b.example",
        "CRIBBAGE_CORS_MAX_AGE": "60",
        "CRIBBAGE_ACCESS_LOG": "false",
        "CRIBBAGE_METRICS": "0",
    })
    assert config.cors_origins == ("https://a.example", "https://b.example")
    assert (config.cors_max_age, config.access_log, config.metrics) == (60, False, False)
    default = Config.from_env({})
    assert (default.cors_origins, default.access_log, default.metrics) == ((), True, True)


# ------------------------------------------------------------------ under gunicorn


def _get(url: str, data: bytes | None = None) -> tuple[int, bytes]:
    headers = {"Content-Type": "application/json"} if data is not None else {}
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as response:
        return response.status, response.read()


@pytest.mark.parametrize("configured", [True, False], ids=["configured-dir", "default-temp-dir"])
def test_metrics_stay_exact_across_gunicorn_workers_and_recycling(tmp_path: Path, configured: bool) -> None:
    """Two workers, each recycled after about 25 requests: 120 scores and 80 health checks
    are spread over many worker processes, yet /metrics (answered by whichever worker) counts
    every one. With a configured directory, it holds the archive, not a file per dead worker;
    without one, gunicorn_conf makes a temporary directory and removes it at exit."""
    metrics_dir = tmp_path / "metrics"
    env = {"GUNICORN_MAX_REQUESTS": "25"}
    if configured:
        env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)
    temp_dirs_before = set(glob.glob(os.path.join(tempfile.gettempdir(), "cribbage-metrics-*")))
    with Gunicorn(workers=2, env=env, log_dir=tmp_path) as server:
        body = json.dumps(HAND_29).encode()
        for i in range(200):
            status, _ = _get(server.url + "/v1/hands/score", body) if i % 5 < 3 else _get(server.url + "/healthz")
            assert status == 200
        pids = {entry["pid"] for entry in access_lines(server.stdout_path.read_text())}
        assert len(pids) > 4, "the workers were recycled several times"
        page = samples(_get(server.url + "/metrics")[1].decode())
        assert request_count(page, "POST", "/v1/hands/score", "200") == 120
        assert request_count(page, "GET", "/healthz", "200") >= 80  # plus the server's own start-up probe
        assert latency_count(page, "POST", "/v1/hands/score") == 120
        if configured:
            live_files = [p.name for p in metrics_dir.glob("counter_*.db") if p.name != "counter_archive.db"]
            assert len(live_files) <= 3  # the live workers (and at most one exiting), never one per dead worker
            assert (metrics_dir / "counter_archive.db").exists()
    lines = access_lines(server.stdout_path.read_text())
    assert sum(1 for e in lines if e["route"] == "/v1/hands/score") == 120
    if not configured:  # the server's own temporary directory is gone with it
        assert set(glob.glob(os.path.join(tempfile.gettempdir(), "cribbage-metrics-*"))) <= temp_dirs_before


def test_importing_the_gunicorn_config_has_no_side_effect() -> None:
    """pytest imports it (doctest collection); only gunicorn's hooks may create directories."""
    import importlib

    import service.gunicorn_conf

    before = (os.environ.get("PROMETHEUS_MULTIPROC_DIR"), set(glob.glob(os.path.join(tempfile.gettempdir(), "*"))))
    importlib.reload(service.gunicorn_conf)
    after = (os.environ.get("PROMETHEUS_MULTIPROC_DIR"), set(glob.glob(os.path.join(tempfile.gettempdir(), "*"))))
    assert after[0] == before[0]
    assert not {d for d in after[1] - before[1] if "cribbage-metrics" in d}
