"""Request ids, JSON access logs, Prometheus metrics and CORS (service/api/http/observability.py).

In-process through the Flask test client, plus one run of the real production server
(gunicorn, two workers, recycled every few requests) to show that the metrics stay exact
across worker processes. gunicorn is a Python dependency, so this needs no system package.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from service.api.app import create_app
from service.api.config import Config
from service.api.http.metrics import MULTIPROC_ENV, Metrics, metrics, retire_worker
from service.api.http.observability import new_request_id, observed, utc_timestamp, write_line
from tests.support.servers import Gunicorn

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


@pytest.mark.parametrize("bad", ["has space", "x" * 201, "-leading-dash", 'quote"d', "semi;colon"])
def test_an_unsafe_request_id_is_replaced(client: FlaskClient, bad: str) -> None:
    assert HEX_ID.fullmatch(client.get("/healthz", headers={"X-Request-ID": bad}).headers["X-Request-ID"])


def test_forked_workers_draw_different_request_ids() -> None:
    """gunicorn forks its workers from one preloaded master: each must draw its own ids."""
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's coverage is not collected
        os.write(write_end, " ".join(new_request_id() for _ in range(3)).encode())
        os._exit(0)
    os.close(write_end)
    ours = {new_request_id() for _ in range(3)}
    with os.fdopen(read_end, "rb") as pipe:
        theirs = set(pipe.read().decode().split())
    os.waitpid(child, 0)
    assert len(theirs) == 3 and not ours & theirs
    assert all(HEX_ID.fullmatch(i) for i in ours | theirs)


def test_errors_carry_the_request_id_too(client: FlaskClient) -> None:
    response = client.post(
        "/v1/hands/score", data="{not json", content_type="application/json", headers={"X-Request-ID": "bad-body-1"}
    )
    assert response.status_code == 400
    assert response.headers["X-Request-ID"] == "bad-body-1"


# ------------------------------------------------------------------ access log


def test_each_request_writes_one_json_access_line(client: FlaskClient, capfd: pytest.CaptureFixture[str]) -> None:
    capfd.readouterr()
    client.post("/v1/hands/score", json=HAND_29, headers={"X-Request-ID": "log-me", "User-Agent": "t/1"})
    client.get("/no/such/thing")
    lines = access_lines(capfd.readouterr().out)
    assert len(lines) == 2
    scored, missing = lines
    assert scored["request_id"] == "log-me"
    assert (scored["method"], scored["path"], scored["route"], scored["status"]) == (
        "POST",
        "/v1/hands/score",
        "/v1/hands/score",
        200,
    )
    assert scored["user_agent"] == "t/1"
    assert scored["duration_ms"] >= 0 and scored["bytes_out"] > 0 and scored["pid"] == os.getpid()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", scored["ts"])
    assert (missing["route"], missing["status"], missing["path"]) == ("<unmatched>", 404, "/no/such/thing")


def test_a_server_error_is_logged_and_counted_too(capfd: pytest.CaptureFixture[str]) -> None:
    """Outside testing mode Flask turns an exception into a 500: it still gets its line, its
    count and its request id."""
    app = create_app(Config())
    app.add_url_rule("/boom", "boom", lambda: 1 // 0)
    client = app.test_client()
    before = samples(client.get("/metrics").get_data(as_text=True))
    capfd.readouterr()
    response = client.get("/boom", headers={"X-Request-ID": "boom-1"})
    assert response.status_code == 500 and response.headers["X-Request-ID"] == "boom-1"
    captured = capfd.readouterr()
    [line] = access_lines(captured.out)
    assert (line["route"], line["status"], line["request_id"]) == ("/boom", 500, "boom-1")
    [error] = [json.loads(x) for x in captured.err.splitlines() if '"request_id":"boom-1"' in x]
    assert "ZeroDivisionError" in error["exception"]
    after = samples(client.get("/metrics").get_data(as_text=True))
    assert request_count(after, "GET", "/boom", "500") - request_count(before, "GET", "/boom", "500") == 1


def test_timestamps_match_the_standard_library() -> None:
    """The cached formatting agrees with datetime's, across second, day and year boundaries."""
    rng = random.Random(15)
    # half a millisecond into each millisecond: clear of rounding at the last digit
    instants = [1798761599.9995, 1798761600.0005, 1798000000.5005]
    instants += [rng.randrange(1_600_000_000_000, 2_000_000_000_000) / 1000 + 0.0005 for _ in range(2000)]
    instants += [instants[-1] + step / 1000 for step in range(2000)]
    for now in instants:
        assert utc_timestamp(now) == datetime.fromtimestamp(now, UTC).isoformat(timespec="milliseconds")


def test_a_line_is_written_whole_into_a_full_non_blocking_pipe() -> None:
    """Some log collectors hand out non-blocking pipes: a line longer than the pipe holds
    (64 KiB) arrives whole and in order rather than failing or being cut."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    line = bytes(random.Random(1).choices(b"abcdefgh", k=300_000)) + b"\n"
    received = bytearray()

    def drain() -> None:
        while len(received) < len(line):
            received.extend(os.read(read_end, 1000))

    reader = threading.Thread(target=drain)
    reader.start()
    try:
        write_line(line, write_end)
    finally:
        reader.join(timeout=30)
        os.close(write_end)
        os.close(read_end)
    assert bytes(received) == line


def test_the_access_log_can_be_turned_off(capfd: pytest.CaptureFixture[str]) -> None:
    quiet = create_app(Config(testing=True, access_log=False))
    capfd.readouterr()
    assert quiet.test_client().get("/healthz").status_code == 200
    assert access_lines(capfd.readouterr().out) == []


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
    bounds = sorted(
        float(dict(labels)["le"])
        for name, labels in page
        # GET only: a test before this one in the same process may have sent /healthz another method
        if name == "cribbage_http_request_duration_seconds_bucket"
        and dict(labels)["route"] == "/healthz"
        and dict(labels)["method"] == "GET"
    )
    assert bounds == [0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2.5, float("inf")]
    total = page["cribbage_http_request_duration_seconds_count", (("method", "GET"), ("route", "/healthz"))]
    assert (
        page[
            "cribbage_http_request_duration_seconds_bucket", (("le", "+Inf"), ("method", "GET"), ("route", "/healthz"))
        ]
        == total
    )


@pytest.mark.parametrize("multiprocess", [False, True], ids=["in-process", "multiprocess-files"])
def test_each_time_counts_in_every_bucket_at_or_above_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, multiprocess: bool
) -> None:
    """Prometheus buckets are cumulative and ``le`` means "less than or equal": a time equal
    to a bound counts in that bucket. Both stores (memory, the multiprocess files) agree."""
    if multiprocess:
        monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    else:
        monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    store = Metrics()
    times = [0.0001, 0.00025, 0.0003, 0.001, 0.2, 3.0, 20.0]
    for seconds in times:
        store.observe("POST", "/x", "200", seconds)
    store.observe("POST", "/x", "422", 0.002)
    page = samples(store.render().decode())
    labels = (("method", "POST"), ("route", "/x"))
    cumulative = {
        "0.00025": 2,
        "0.0005": 3,
        "0.001": 4,
        "0.0025": 5,
        "0.005": 5,
        "0.01": 5,
        "0.025": 5,
        "0.1": 5,
        "0.5": 6,
        "2.5": 6,
        "+Inf": 8,
    }
    for bound, expected in cumulative.items():
        assert page["cribbage_http_request_duration_seconds_bucket", (("le", bound), *labels)] == expected, bound
    assert page["cribbage_http_request_duration_seconds_count", labels] == 8
    assert page["cribbage_http_request_duration_seconds_sum", labels] == pytest.approx(sum(times) + 0.002)
    assert request_count(page, "POST", "/x", "200") == 7 and request_count(page, "POST", "/x", "422") == 1
    assert sorted(p.name for p in tmp_path.glob("*.db")) == (
        [f"counter_cribbage_{os.getpid()}.db", f"histogram_cribbage_{os.getpid()}.db"] if multiprocess else []
    )


@pytest.mark.parametrize("multiprocess", [False, True], ids=["in-process", "multiprocess-files"])
def test_many_series_outgrow_the_first_block_and_keep_their_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, multiprocess: bool
) -> None:
    """A route's histogram takes about 2 KB of keys, so 100 routes outgrow the first 64 KiB:
    counts written before and after the store grows are all there. A second store in the same
    process (a test's second app) goes on from the first one's file rather than starting over."""
    if multiprocess:
        monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    else:
        monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    store = Metrics()
    for _round in range(3):
        for route in range(100):
            for _ in range(route % 4 + 1):
                store.observe("GET", f"/r/{route}", "200", 0.001 * (route % 7))
    page = samples(store.render().decode())
    for route in range(100):
        assert request_count(page, "GET", f"/r/{route}", "200") == 3 * (route % 4 + 1)
        assert latency_count(page, "GET", f"/r/{route}") == 3 * (route % 4 + 1)
    if multiprocess:
        assert (tmp_path / f"histogram_cribbage_{os.getpid()}.db").stat().st_size > 1 << 16
        again = Metrics()
        again.observe("GET", "/r/5", "200", 0.001)
        assert request_count(samples(again.render().decode()), "GET", "/r/5", "200") == 3 * 2 + 1


def test_a_threaded_server_loses_no_count() -> None:
    """A threaded server says so (``wsgi.multithread``) and its requests are counted under a
    lock: 4 threads answering 1,000 requests each, switching threads every 10 us, count
    exactly 4,000."""

    class Rule:
        rule = "/threads"

    class FakeRequest:
        url_rule = Rule()
        path = "/threads"

    def stub(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        environ["werkzeug.request"] = FakeRequest()
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]

    app = observed(stub, access_log=False, count=True)
    before = request_count(samples(metrics().render().decode()), "GET", "/threads", "200")

    def serve() -> None:
        for _ in range(1000):
            app({"REQUEST_METHOD": "GET", "PATH_INFO": "/threads", "wsgi.multithread": True}, lambda *a: None)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        threads = [threading.Thread(target=serve) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    after = request_count(samples(metrics().render().decode()), "GET", "/threads", "200")
    assert after - before == 4_000


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
    """Three workers counted 3, 4 and 5 requests, a fourth 6 (the first two through
    prometheus_client's own file names, the others through the service's). Retire two (one of
    them twice over: a no-op) and the exposed totals are still 18, from the archive and the
    live workers' files, not from one file per worker ever run."""
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.multiprocess import MultiProcessCollector

    labels = {"route": "/healthz"}
    counter = _key("hits", "hits_total", labels)
    bucket = _key("lat", "lat_bucket", {**labels, "le": "0.005"})
    _write(tmp_path / "counter_101.db", {counter: 3})
    _write(tmp_path / "counter_102.db", {counter: 4})
    _write(tmp_path / "counter_cribbage_103.db", {counter: 5})
    _write(tmp_path / "counter_cribbage_104.db", {counter: 6})
    _write(tmp_path / "histogram_101.db", {bucket: 2})
    _write(tmp_path / "histogram_cribbage_103.db", {bucket: 1})
    _write(tmp_path / "histogram_cribbage_104.db", {bucket: 7})

    def exposed() -> dict[Any, float]:
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=str(tmp_path))
        return samples(generate_latest(registry).decode())

    retire_worker(101, str(tmp_path))
    retire_worker(103, str(tmp_path))
    retire_worker(103, str(tmp_path))
    page = exposed()
    assert page["hits_total", (("route", "/healthz"),)] == 18
    assert page["lat_bucket", (("le", "0.005"), ("route", "/healthz"))] == 10
    assert sorted(p.name for p in tmp_path.glob("*.db")) == [
        "counter_102.db",
        "counter_archive.db",
        "counter_cribbage_104.db",
        "histogram_archive.db",
        "histogram_cribbage_104.db",
    ]


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
        "/v1/hands/score", json=HAND_29, headers={"Origin": "https://evil.example"}
    )
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


def test_preflight_answers_methods_headers_and_max_age() -> None:
    response = cors_client("https://cards.example").options(
        "/v1/hands/score",
        headers={
            "Origin": "https://cards.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-request-id",
        },
    )
    assert response.status_code in (200, 204)
    assert response.headers["Access-Control-Allow-Origin"] == "https://cards.example"
    assert {m.strip() for m in response.headers["Access-Control-Allow-Methods"].split(",")} >= {"POST", "OPTIONS"}
    assert response.headers["Access-Control-Allow-Headers"].lower() == "content-type, x-request-id"
    assert response.headers["Access-Control-Max-Age"] == "321"


def test_a_star_allows_any_origin() -> None:
    response = cors_client("*").get("/v1/variants", headers={"Origin": "https://anywhere.example"})
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_config_reads_the_operations_variables() -> None:
    config = Config.from_env(
        {
            "CRIBBAGE_CORS_ORIGINS": "https://a.example, https://b.example",
            "CRIBBAGE_CORS_MAX_AGE": "60",
            "CRIBBAGE_ACCESS_LOG": "false",
            "CRIBBAGE_METRICS": "0",
        }
    )
    assert config.cors_origins == ("https://a.example", "https://b.example")
    assert (config.cors_max_age, config.access_log, config.metrics) == (60, False, False)
    default = Config.from_env({})
    assert (default.cors_origins, default.access_log, default.metrics) == ((), True, True)


@pytest.mark.parametrize("value", ["enabled", "y", "ja", "tru", "2"])
def test_an_on_off_setting_refuses_a_word_it_does_not_know(value: str) -> None:
    # A typo must not turn the access log (or metrics, or the proxy's warning) off in silence.
    with pytest.raises(ValueError, match=f"CRIBBAGE_ACCESS_LOG must be one of .* \\(got '{value}'\\)"):
        Config.from_env({"CRIBBAGE_ACCESS_LOG": value})


def test_an_on_off_setting_takes_the_usual_words_and_blank_is_its_default() -> None:
    on = Config.from_env({"CRIBBAGE_METRICS": "On", "CRIBBAGE_BEHIND_PROXY": " YES ", "CRIBBAGE_TESTING": "1"})
    off = Config.from_env({"CRIBBAGE_METRICS": "off", "CRIBBAGE_EXPRESS": "No", "CRIBBAGE_CLIENT_SEEDS": "0"})
    blank = Config.from_env({"CRIBBAGE_ACCESS_LOG": "", "CRIBBAGE_EXPRESS": "  "})
    assert (on.metrics, on.behind_proxy, on.testing) == (True, True, True)
    assert (off.metrics, off.express, off.client_seeds) == (False, False, False)
    assert (blank.access_log, blank.express) == (True, True)  # the defaults, as for every blank variable


@pytest.mark.parametrize("value", ["+5", "10_0", "\u0665", "5.0"])
def test_a_number_setting_is_plain_digits(value: str) -> None:
    with pytest.raises(ValueError, match="CRIBBAGE_STATE_TTL must be a whole number"):
        Config.from_env({"CRIBBAGE_STATE_TTL": value})


def test_a_log_level_is_a_levels_name_and_blank_is_the_default() -> None:
    assert Config.from_env({"CRIBBAGE_LOG_LEVEL": " warning "}).log_level == "WARNING"
    assert Config.from_env({"CRIBBAGE_LOG_LEVEL": ""}).log_level == "INFO"
    with pytest.raises(ValueError, match="CRIBBAGE_LOG_LEVEL must be one of DEBUG, INFO"):
        Config.from_env({"CRIBBAGE_LOG_LEVEL": "verbose"})


def test_the_state_keys_warning_is_a_json_line_like_every_other(capfd: pytest.CaptureFixture[str]) -> None:
    # Logged while the app is built, before the rest of the wiring: still JSON on stderr.
    capfd.readouterr()
    create_app(Config())
    lines = [json.loads(line) for line in capfd.readouterr().err.splitlines() if "CRIBBAGE_STATE_KEYS" in line]
    assert [(line["level"], line["logger"]) for line in lines] == [("warning", "service.games")]


# ------------------------------------------------------------------ under gunicorn


def _get(url: str, data: bytes | None = None) -> tuple[int, bytes]:
    headers = {"Content-Type": "application/json"} if data is not None else {}
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as response:
        return response.status, response.read()


@pytest.mark.parametrize("configured", [True, False], ids=["configured-dir", "default-temp-dir"])
def test_metrics_stay_exact_across_gunicorn_workers_and_recycling(tmp_path: Path, configured: bool) -> None:
    """Two workers, each recycled after about 25 requests: 120 scores and 80 health checks
    are spread over many worker processes, yet /metrics (answered by whichever worker) counts
    every one, and the access log has a line for each. With a configured directory, it holds
    the archive, not a file per dead worker; without one, gunicorn_conf makes a temporary
    directory (in the temporary folder this test gives the server) and removes it at exit."""
    metrics_dir = tmp_path / "metrics"
    server_tmp = tmp_path / "tmp"
    server_tmp.mkdir()
    env = {"GUNICORN_MAX_REQUESTS": "25", "TMPDIR": str(server_tmp)}
    if configured:
        env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)
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
            assert not list(server_tmp.iterdir())
        else:
            assert [p.name[: len("cribbage-metrics-")] for p in server_tmp.iterdir()] == ["cribbage-metrics-"]
    lines = access_lines(server.stdout_path.read_text())
    assert sum(1 for e in lines if e["route"] == "/v1/hands/score") == 120
    assert not list(server_tmp.iterdir()), "the server's own temporary directory is gone with it"


@pytest.mark.parametrize(
    ("name", "value"),
    [("GUNICORN_TIMEOUT", "abc"), ("WEB_CONCURRENCY", "two"), ("GUNICORN_MEMORY_CHECK_EVERY", "0")],
)
def test_a_bad_gunicorn_setting_stops_the_start_naming_it(name: str, value: str) -> None:
    # Not int()'s "invalid literal" without the variable, nor a check every 0 requests (a division by zero).
    env = {**os.environ, name: value}
    done = subprocess.run(
        [sys.executable, "-c", "import service.gunicorn_conf"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0 and f"{name} must be a whole number" in done.stderr and repr(value) in done.stderr


def test_importing_the_gunicorn_config_has_no_side_effect(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest imports it (doctest collection); only gunicorn's hooks may create directories."""
    import importlib

    import service.gunicorn_conf

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    importlib.reload(service.gunicorn_conf)
    assert os.environ.get("PROMETHEUS_MULTIPROC_DIR") == before
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("bound_mb, recycled", [(1, True), (100_000, False)], ids=["over-the-bound", "under-it"])
def test_workers_over_the_memory_bound_are_recycled_and_others_are_not(
    tmp_path: Path, bound_mb: int, recycled: bool
) -> None:
    """With the memory checked every 10 requests, a 1 MiB bound (every worker is over it)
    replaces the workers again and again without losing a request, a line or a count; a
    bound no worker reaches keeps the two first workers throughout (request-count recycling
    is off by default)."""
    env = {"GUNICORN_MAX_WORKER_MEMORY_MB": str(bound_mb), "GUNICORN_MEMORY_CHECK_EVERY": "10", "TMPDIR": str(tmp_path)}
    with Gunicorn(workers=2, env=env, log_dir=tmp_path / "logs") as server:
        for _ in range(60):
            assert _get(server.url + "/healthz")[0] == 200
        page = samples(_get(server.url + "/metrics")[1].decode())
        lines = [e for e in access_lines(server.stdout_path.read_text()) if e["route"] == "/healthz"]
        log = server.stderr_path.read_text()
    assert request_count(page, "GET", "/healthz", "200") == len(lines) >= 60  # plus start-up probes
    pids = {entry["pid"] for entry in lines}
    if recycled:
        assert len(pids) >= 5 and "over the 1 MiB bound: recycling it" in log
    else:
        assert len(pids) <= 2 and "recycling it" not in log


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGQUIT"])
def test_a_stop_signal_before_the_workers_own_handlers_still_stops_it(name: str) -> None:
    """Between the fork and gunicorn's ``init_signals`` a worker runs the master's handlers, which
    would swallow the signal (the worker then ran on until the grace period ended): after our
    ``post_fork`` hook the signal marks the worker to stop, and the process goes on."""
    script = (
        "import os, signal, types\n"
        "from service import gunicorn_conf\n"
        "worker = types.SimpleNamespace(alive=True)\n"
        "gunicorn_conf.post_fork(None, worker)\n"
        f"os.kill(os.getpid(), signal.{name})\n"
        "print('alive' if worker.alive else 'stopping')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "stopping"
