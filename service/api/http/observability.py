"""Operations a service user expects: request ids, JSON logs, and the wiring of metrics and CORS.

One WSGI wrapper around the Flask app does the per-request work (``python -m
benchmarks.ops_cost`` measures each part). It sits outside Flask rather than in
``before_request``/``after_request`` hooks because every hook costs Flask's dispatch (an
``iscoroutinefunction`` check a call) and a context-proxy lookup, which together cost more
than the request id and the metrics:

* **Request id.** An incoming ``X-Request-ID`` (from nginx's ``$request_id``, a load
  balancer or the client) is honoured when it is a sane token; otherwise 128 random bits
  are drawn from the ``random`` module's generator, which Python reseeds in every forked
  worker (an id is a correlation key, not a secret, so no system call a request for
  ``os.urandom``). It is added to the response's headers and written in every log line of
  the request.
* **Access log.** One JSON object per line on stdout (``"logger": "service.access"``),
  written with a single ``write(2)`` of the encoded line: no text layer, no buffer, no
  flush call, and lines from several gunicorn workers never interleave (a pipe keeps writes
  of up to 4 KiB whole; a file opened for appending keeps every write whole). Nothing is
  held back, so a worker that dies loses no line. ``CRIBBAGE_ACCESS_LOG=false`` turns it
  off. The service's other loggers (``service.*``) write JSON lines to stderr through
  :mod:`logging`.
* **Metrics** (:mod:`.metrics`). ``GET /metrics`` in the Prometheus text format: request
  counts by method, route and status and a latency histogram by method and route, exact
  across gunicorn's workers.
* **CORS** (:mod:`.cors`). Origins listed in ``CRIBBAGE_CORS_ORIGINS`` get
  ``Access-Control-Allow-Origin``; with none configured no hook is installed.

"""

from __future__ import annotations

import logging
import os
import random
import re
import select
import sys
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any

import orjson
from flask import Flask, Response
from prometheus_client import CONTENT_TYPE_LATEST

from ..config import Config
from .cors import install_cors
from .express import ENVIRON_ROUTE
from .metrics import metrics

REQUEST_ID_HEADER = "X-Request-ID"
# Honour ids that are plain tokens (uuids, nginx's hex ids, trace ids); anything else is replaced.
_SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/+=@-]{0,199}")
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED_ROUTE = "<unmatched>"  # 404s and 405s: the raw path would explode label cardinality

ENVIRON_ID = "cribbage.request_id"
# The request id of the request being served, for the service's own log lines (in either lane).
_REQUEST_ID: ContextVar[str | None] = ContextVar("cribbage_request_id", default=None)

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

log = logging.getLogger("service.access")


# --------------------------------------------------------------------------- per-process values

_pid = os.getpid()


def _after_fork() -> None:
    """In a forked child (a gunicorn worker): its own pid, for its access lines."""
    global _pid
    _pid = os.getpid()


os.register_at_fork(after_in_child=_after_fork)


def new_request_id() -> str:
    """32 hex digits (128 random bits), like nginx's ``$request_id``."""
    return random.getrandbits(128).to_bytes(16).hex()  # a third cheaper than formatting the int


_stamp: tuple[int, str] = (-1, "")
_MILLISECONDS = tuple(f".{ms:03d}+00:00" for ms in range(1000))  # formatting them costs more than the rest


def utc_timestamp(now: float) -> str:
    """ISO 8601 in UTC to the millisecond; the date and time of day are formatted once a second.

    >>> utc_timestamp(1798000000.5)
    '2026-12-23T04:26:40.500+00:00'
    """
    global _stamp
    second = int(now)
    stamp = _stamp  # one read: another thread may replace it meanwhile
    if stamp[0] != second:
        stamp = _stamp = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
    return stamp[1] + _MILLISECONDS[int((now - second) * 1000)]


# --------------------------------------------------------------------------- logging


class JsonFormatter(logging.Formatter):
    """One JSON object per record. A ``dict`` message is merged in as fields; anything else
    becomes ``message``. Inside a request the request id is added."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": utc_timestamp(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        if isinstance(record.msg, dict):
            entry.update(record.msg)
        else:
            entry["message"] = record.getMessage()
            request_id = _REQUEST_ID.get()
            if request_id is not None:
                entry["request_id"] = request_id
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


class JsonLineHandler(logging.Handler):
    """Write each formatted record as one line and flush it at once (one write per line, so
    lines from several processes sharing a pipe stay whole). The stream is looked up at
    each write, so replacing ``sys.stderr`` (pytest's capture does) is harmless."""

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


def write_line(line: bytes, fd: int = 1) -> None:
    """Write ``line`` to ``fd`` whole, normally in one ``write(2)``.

    A short write (a signal arrived) goes on with the rest; a full non-blocking pipe (some
    log collectors hand those out) is waited on rather than dropped.
    """
    while line:
        try:
            written = os.write(fd, line)
        except BlockingIOError:
            select.select((), (fd,), ())
            continue
        line = line[written:]


def _install_logging() -> None:
    """Idempotent: several apps in one process (tests) share the handler."""
    service_log = logging.getLogger("service")
    if not any(isinstance(h, JsonLineHandler) for h in service_log.handlers):
        service_log.addHandler(JsonLineHandler("stderr"))


# --------------------------------------------------------------------------- wiring


def install_logging() -> None:
    """The service's log lines as JSON on stderr, from the first one (the app factory calls it
    before anything may log: the state key's warning is logged while the app is built)."""
    _install_logging()


def install(app: Flask, config: Config) -> None:
    """Wrap the app's WSGI callable with the request id, the access line and the metrics,
    add the CORS hook when origins are configured, and serve ``GET /metrics`` when enabled."""
    _install_logging()
    app.wsgi_app = observed(app.wsgi_app, access_log=config.access_log, count=config.metrics)  # type: ignore[method-assign,assignment]
    if config.cors_origins:
        install_cors(app, config, REQUEST_ID_HEADER)
    if config.metrics:

        def metrics_view() -> Response:
            """Prometheus text format; every worker's counts when run under gunicorn."""
            return Response(metrics().render(), content_type=CONTENT_TYPE_LATEST)

        app.add_url_rule("/metrics", endpoint="metrics", view_func=metrics_view, methods=["GET"])


# The request this process is serving (its environ, carrying its id, and when it started), while
# the app has it: the answer gunicorn writes when its timeout ends the request names it
# (service/gunicorn_conf.py). One cell, as a sync worker serves one request at a time.
_serving: list[tuple[dict[str, Any], float] | None] = [None]


def serving() -> tuple[dict[str, Any], float] | None:
    """The environ of the request the app is serving now and when it started, or None."""
    return _serving[0]


def write_access(
    environ: dict[str, Any], request_id: str, path: str, route: str, status: int, elapsed: float, size: int | None
) -> None:
    """One access line on stdout (one ``write(2)``; never fails the request for its line)."""
    line = orjson.dumps(
        {
            "ts": utc_timestamp(time.time()),
            "level": "info",
            "logger": "service.access",
            "event": "request",
            "request_id": request_id,
            "method": environ.get("REQUEST_METHOD"),
            "path": path,
            "route": route,
            "status": status,
            "duration_ms": int(elapsed * 1e6) / 1000,  # whole microseconds; round() costs 5 times more
            "bytes_out": size,
            "remote_addr": environ.get("REMOTE_ADDR"),
            "forwarded_for": environ.get("HTTP_X_FORWARDED_FOR"),
            "user_agent": environ.get("HTTP_USER_AGENT"),
            "pid": _pid,  # the worker's (the app is built in gunicorn's master)
        },
        option=orjson.OPT_APPEND_NEWLINE,
    )
    try:
        written = os.write(1, line)
        if written < len(line):  # a signal, or a full non-blocking pipe
            write_line(line[written:])
    except BlockingIOError:
        write_line(line)
    except OSError:  # stdout closed or broken: never fail the request for its log line
        log.exception("the access line could not be written")


def observed(app: WsgiApp, access_log: bool = True, count: bool = True) -> WsgiApp:
    """``app`` with a request id on every response and, as asked, an access line and the
    metrics for every request. The route, status and size are noted when the response starts
    (the route from the werkzeug request Flask keeps in the environ until then)."""
    perf_counter = time.perf_counter
    sane_id, methods, now_serving = _SANE_ID.fullmatch, _METHODS, _serving

    def observed_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = perf_counter()
        incoming = environ.get("HTTP_X_REQUEST_ID")
        request_id = incoming if incoming and sane_id(incoming) else new_request_id()
        environ[ENVIRON_ID] = request_id
        current = _REQUEST_ID.set(request_id)
        now_serving[0] = (environ, started)
        sent: list[Any] = []

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.append((REQUEST_ID_HEADER, request_id))
            # Flask forgets its request (environ["werkzeug.request"]) before it returns: note it now.
            sent.extend((status, headers, environ.get("werkzeug.request")))
            return start_response(status, headers, exc_info)

        try:
            body = app(environ, start)
        finally:
            _REQUEST_ID.reset(current)
            now_serving[0] = None
        elapsed = perf_counter() - started
        # Flask always starts the response before it returns (twice over after an error: the last counts)
        status, headers, req = sent[-3:] if sent else ("500", (), None)
        route = environ.get(ENVIRON_ROUTE)  # the express lane names the route it answered
        if route is None:
            rule = req.url_rule if req is not None else None
            route = rule.rule if rule is not None else UNMATCHED_ROUTE
        method = environ["REQUEST_METHOD"]
        if count:
            store = metrics()
            label = method if method in methods else "OTHER"
            if environ.get("wsgi.multithread"):  # a threaded server: requests may count at once
                with store.lock:
                    store.observe(label, route, status[:3], elapsed)
            else:  # gunicorn's sync workers: one request at a time, no lock needed
                store.observe(label, route, status[:3], elapsed)
        if access_log:
            size = None
            for name, value in headers:
                if name == "Content-Length":
                    size = int(value)
                    break
            path = req.path if req is not None else environ.get("PATH_INFO", "")
            write_access(environ, request_id, path, route, int(status[:3]), elapsed, size)
        return body

    return observed_app
