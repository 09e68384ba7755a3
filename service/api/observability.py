"""Operations a service user expects: request ids, JSON logs, Prometheus metrics and CORS.

One ``before_request`` and one ``after_request`` hook do the per-request work, so its cost is
easy to see; it is about 9 us a request in all (``python -m benchmarks.score_path``):

* **Request id.** An incoming ``X-Request-ID`` (from nginx's ``$request_id``, a load
  balancer or the client) is honoured when it is a sane token; otherwise one is generated.
  It is echoed in the response header and written in every log line of the request.
* **Access log.** One JSON object per line on stdout (``"logger": "service.access"``), one
  write per line so lines from several gunicorn workers never interleave. It is written
  directly, not through :mod:`logging`, which cost about 25 us a request, half of what the
  app spends on a whole ``/healthz``. ``CRIBBAGE_ACCESS_LOG=false`` turns it off. The
  service's other loggers (``service.*``) write JSON lines to stderr through :mod:`logging`.
* **Metrics.** ``GET /metrics`` in the Prometheus text format: request counts by method,
  route and status and a latency histogram by method and route. The route is the URL rule
  (``/v1/hands/score``), never the raw path, so label cardinality stays bounded. Under
  gunicorn the counts stay correct across workers through prometheus_client's multiprocess
  mode (``PROMETHEUS_MULTIPROC_DIR``; ``service/gunicorn_conf.py`` creates a temporary one
  when none is configured). In-process (tests, ``flask run``) an ordinary registry is used.
* **CORS.** Origins listed in ``CRIBBAGE_CORS_ORIGINS`` (``*`` for any) get
  ``Access-Control-Allow-Origin``; a preflight ``OPTIONS`` also gets the allowed methods and
  headers. With no origins configured (the default) no CORS header is ever sent.

Worker recycling (``max_requests``) would leave one metrics file per dead worker behind,
which slows every scrape as they pile up; :func:`retire_worker` (called from gunicorn's
``child_exit`` hook) folds a dead worker's counts into one archive file under an exclusive
lock that scrapes share, so totals never jump.
"""

from __future__ import annotations

import fcntl
import logging
import os
import re
import secrets
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import orjson
from flask import Flask, Response, has_request_context, request

from .config import Config

REQUEST_ID_HEADER = "X-Request-ID"
# Honour ids that are plain tokens (uuids, nginx's hex ids, trace ids); anything else is replaced.
_SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/+=@-]{0,199}")
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED_ROUTE = "<unmatched>"  # 404s and 405s: the raw path would explode label cardinality
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

ENVIRON_START = "cribbage.request_start"
ENVIRON_ID = "cribbage.request_id"


# --------------------------------------------------------------------------- logging

class JsonFormatter(logging.Formatter):
    """One JSON object per record. A ``dict`` message is merged in as fields; anything else
    becomes ``message``. Inside a request the request id is added."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        if isinstance(record.msg, dict):
            entry.update(record.msg)
        else:
            entry["message"] = record.getMessage()
            if has_request_context() and ENVIRON_ID in request.environ:
                entry["request_id"] = request.environ[ENVIRON_ID]
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


class JsonLineHandler(logging.Handler):
    """Write each formatted record as one line and flush it at once (one write per line, so
    lines from several processes sharing a pipe stay whole). The stream is looked up at
    each write, so replacing ``sys.stdout`` (pytest's capture does) is harmless."""

    def __init__(self, stream_name: str = "stdout") -> None:
        super().__init__()
        self.stream_name = stream_name
        self.setFormatter(JsonFormatter())

    def emit(self, record: logging.LogRecord) -> None:
        try:
            stream = getattr(sys, self.stream_name)
            stream.write(self.format(record) + "\n")
            stream.flush()
        except Exception:  # a log line must never fail a request
            self.handleError(record)


def write_access_line(entry: dict[str, Any]) -> None:
    """One access-log line on stdout, whole, in one write (looked up each time: pytest swaps it)."""
    stream = sys.stdout
    stream.write(orjson.dumps(entry).decode() + "\n")
    stream.flush()


def _install_logging() -> None:
    """Idempotent: several apps in one process (tests) share the handler."""
    service_log = logging.getLogger("service")
    if not any(isinstance(h, JsonLineHandler) for h in service_log.handlers):
        service_log.addHandler(JsonLineHandler("stderr"))


# --------------------------------------------------------------------------- metrics

@contextmanager
def _directory_lock(directory: str, exclusive: bool) -> Iterator[None]:
    """A lock over the multiprocess directory: scrapes share it, :func:`retire_worker` takes
    it alone while it moves a dead worker's counts into the archive."""
    with open(os.path.join(directory, ".lock"), "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Metrics:
    """Request counters and latency histograms, one set per process (several apps in one
    process, as in the tests, share it: two objects writing the same multiprocess key
    would overwrite each other's counts)."""

    def __init__(self) -> None:
        directory = os.environ.get(MULTIPROC_ENV)
        if directory:
            os.makedirs(directory, exist_ok=True)
        self.directory = directory
        # Imported here, not at the top: prometheus_client picks its multiprocess mode from
        # the environment when it is first imported, which must be after gunicorn's master
        # has set the directory (service/gunicorn_conf.py), so never while the app is built.
        from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, values

        if directory and values.ValueClass is values.MutexValue:
            raise RuntimeError(f"prometheus_client was imported before {MULTIPROC_ENV} was set: counts would be "
                               "per worker. Set it before the app starts (gunicorn_conf does).")

        disable_created_metrics()  # the multiprocess mode has no *_created series; keep both modes alike
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "cribbage_http_requests", "HTTP requests answered, by method, route (URL rule) and status.",
            ["method", "route", "status"], registry=self.registry,
        )
        self.latency = Histogram(
            "cribbage_http_request_duration_seconds", "Time to answer a request, by method and route.",
            ["method", "route"], buckets=LATENCY_BUCKETS, registry=self.registry,
        )
        self._children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        key = (method, route, status)
        children = self._children.get(key)
        if children is None:  # labels() costs more than the increment; resolve each once
            children = (self.requests.labels(method, route, str(status)), self.latency.labels(method, route))
            self._children[key] = children
        children[0].inc()
        children[1].observe(seconds)

    def render(self) -> bytes:
        from prometheus_client import CollectorRegistry, generate_latest
        from prometheus_client.multiprocess import MultiProcessCollector

        if not self.directory:
            return generate_latest(self.registry)
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=self.directory)
        with _directory_lock(self.directory, exclusive=False):
            return generate_latest(registry)


_metrics: Metrics | None = None


def metrics() -> Metrics:
    """The process's :class:`Metrics`, created on first use (in a gunicorn worker: right
    after the fork, from ``post_fork``)."""
    global _metrics
    if _metrics is None:
        _metrics = Metrics()
    return _metrics


_ARCHIVED_TYPES = ("counter", "histogram", "summary")


def retire_worker(pid: int, directory: str | None = None) -> None:
    """Bookkeeping when a gunicorn worker exits (its ``child_exit`` hook): drop its live
    gauges and fold its counters and histograms into ``<type>_archive.db``, so totals stay
    whole while the directory keeps one file per type instead of one per worker ever run."""
    directory = directory or os.environ.get(MULTIPROC_ENV)
    if not directory or not os.path.isdir(directory):
        return
    from prometheus_client import multiprocess
    from prometheus_client.mmap_dict import MmapedDict

    multiprocess.mark_process_dead(pid, directory)
    with _directory_lock(directory, exclusive=True):
        for kind in _ARCHIVED_TYPES:
            dead = os.path.join(directory, f"{kind}_{pid}.db")
            if not os.path.exists(dead):
                continue
            archive = MmapedDict(os.path.join(directory, f"{kind}_archive.db"))
            try:
                for key, value, timestamp, _ in MmapedDict.read_all_values_from_file(dead):
                    current, _ = archive.read_value(key)
                    archive.write_value(key, current + value, timestamp)
            finally:
                archive.close()
            os.remove(dead)


def clear_directory(directory: str) -> None:
    """Remove metric files a previous run left behind (counters restart with the server)."""
    for name in os.listdir(directory):
        if name.endswith(".db"):
            os.remove(os.path.join(directory, name))


# --------------------------------------------------------------------------- wiring

def _request_id(environ: dict[str, Any]) -> str:
    incoming = environ.get("HTTP_X_REQUEST_ID")
    if incoming and _SANE_ID.fullmatch(incoming):
        return str(incoming)
    return secrets.token_hex(16)


def install(app: Flask, config: Config) -> None:
    """Register the request hooks and, when enabled, ``GET /metrics``.

    The hooks read the WSGI environ and the request object directly rather than through
    Flask's context proxies: every proxy access costs about a microsecond, and these run
    on every request.
    """
    _install_logging()
    count = config.metrics
    log_requests = config.access_log
    allow_any = "*" in config.cors_origins
    origins = frozenset(o.rstrip("/").lower() for o in config.cors_origins if o != "*")
    cors = allow_any or bool(origins)
    max_age = str(config.cors_max_age)

    @app.before_request
    def start() -> None:
        environ = request.environ
        environ[ENVIRON_START] = time.perf_counter()
        environ[ENVIRON_ID] = _request_id(environ)

    @app.after_request
    def finish(response: Response) -> Response:
        req = request._get_current_object()  # type: ignore[attr-defined]
        environ = req.environ
        now = time.perf_counter()
        elapsed = now - environ.get(ENVIRON_START, now)
        request_id = environ.get(ENVIRON_ID) or _request_id(environ)
        response.headers[REQUEST_ID_HEADER] = request_id
        rule = req.url_rule
        route = rule.rule if rule is not None else UNMATCHED_ROUTE
        method = req.method
        status = response.status_code
        if count:
            (_metrics or metrics()).observe(method if method in _METHODS else "OTHER", route, status, elapsed)
        if cors:
            origin = environ.get("HTTP_ORIGIN")
            if origin and (allow_any or origin.rstrip("/").lower() in origins):
                _cors_headers(response, environ, origin, allow_any, max_age)
        if log_requests:
            write_access_line({
                "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
                "level": "info",
                "logger": "service.access",
                "event": "request",
                "request_id": request_id,
                "method": method,
                "path": req.path,
                "route": route,
                "status": status,
                "duration_ms": round(elapsed * 1000, 3),
                "bytes_out": response.content_length,
                "remote_addr": environ.get("REMOTE_ADDR"),
                "forwarded_for": environ.get("HTTP_X_FORWARDED_FOR"),
                "user_agent": environ.get("HTTP_USER_AGENT"),
                "pid": os.getpid(),  # the worker's (the app is built in gunicorn's master)
            })
        return response

    if count:
        def metrics_view() -> Response:
            """Prometheus text format; every worker's counts when run under gunicorn."""
            from prometheus_client import CONTENT_TYPE_LATEST

            return Response(metrics().render(), content_type=CONTENT_TYPE_LATEST)

        app.add_url_rule("/metrics", endpoint="metrics", view_func=metrics_view, methods=["GET"])


def _cors_headers(response: Response, environ: dict[str, Any], origin: str, allow_any: bool, max_age: str) -> None:
    headers = response.headers
    headers["Access-Control-Allow-Origin"] = "*" if allow_any else origin
    if not allow_any:
        response.vary.add("Origin")
    headers["Access-Control-Expose-Headers"] = REQUEST_ID_HEADER
    if environ.get("REQUEST_METHOD") == "OPTIONS" and environ.get("HTTP_ACCESS_CONTROL_REQUEST_METHOD"):
        # A preflight: Flask's automatic OPTIONS response already carries the route's Allow.
        headers["Access-Control-Allow-Methods"] = headers.get("Allow", "GET, POST, OPTIONS")
        requested = environ.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS")
        headers["Access-Control-Allow-Headers"] = requested or f"Content-Type, {REQUEST_ID_HEADER}"
        headers["Access-Control-Max-Age"] = max_age
