"""gunicorn settings for ``make run`` and the Docker image: ``gunicorn -c python:service.gunicorn_conf``.

The work is CPU-bound and short, so sync workers, one per core. Every value can be
overridden from the environment (see the configuration table of docs/deployment.md).

Metrics: the workers share their Prometheus counts through ``PROMETHEUS_MULTIPROC_DIR``.
When it is not set, ``on_starting`` creates a private temporary directory, and it is removed
when gunicorn exits. A configured directory is emptied of old metric files at start, because
counters restart with the server. Each worker opens its own metric files as soon as it has
its signal handlers (``post_worker_init``). When a worker exits (recycled, or killed), its counts are folded into
an archive file so totals stay whole and scrapes stay fast.

Logs: the app writes one JSON access line per request to stdout (``CRIBBAGE_ACCESS_LOG``),
so gunicorn's own plain-text access log is off unless ``GUNICORN_ACCESSLOG`` asks for it.

Refusals before the app: a request gunicorn itself refuses (a malformed request line or header,
a line or headers over the limits, a broken chunked body) is answered as problem+json, like
every other error of the service, instead of gunicorn's HTML page (:func:`write_problem`); a
request still unfinished when the worker's timeout ends it, while the worker was waiting for
the client's body, is a 408; any other is a 500 that says the timeout ended it.

Reached without the proxy: sync workers must never face clients (docs/deployment-proxy.md), so
when gunicorn listens on an address other than loopback and ``CRIBBAGE_BEHIND_PROXY`` does not
say that a buffering proxy is in front, ``when_ready`` logs a warning that says so.

Recycling: workers are bounded by memory, not by a request count. Every
``_MEMORY_CHECK_EVERY`` requests a worker compares its resident size with
``GUNICORN_MAX_WORKER_MEMORY_MB`` (default 300 MiB) and, when over, finishes the request and
exits; the master starts a fresh one. The bound comes from a measurement (``python -m
benchmarks.worker_memory``, docs/deployment.md): a worker holds about 152 MiB resident after
warm-up (60 MiB of it its own, PSS) and about 189 MiB (99 MiB PSS) after the heaviest event
operations, so 300 MiB is twice the warm-up size and 1.6 times the largest a worker reached,
while two workers at the bound (about 160 MiB of their own each, beside the 140 they share
with the master) and the master still fit the Kubernetes example's 512 MiB limit. A request-count bound (``GUNICORN_MAX_REQUESTS``, off by default) replaces
healthy workers too, and a replacement is not free: a fork, a cold worker, one worker short
meanwhile. At 20,000 requests a worker was replaced about every 10 s under load, which cost
7% of throughput and raised p99 from 5.8 to 7.5 ms (``make loadtest``); ``python -m
benchmarks.recycling`` put a replacement at 0.2-0.4 s of CPU time. The service is stateless
and its workers do not grow under load (``make loadtest`` notes their memory), so the memory
bound is insurance that costs nothing until it is needed: the check reads
``/proc/self/statm`` once per 1,000 requests.
"""

import atexit
import gc
import json
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from typing import Any


def _whole(name: str, default: int, least: int) -> int:
    """A whole-number setting from the environment, read as the service reads its own; a bad
    value stops the start naming it."""
    from service.api.config import whole_number

    number = whole_number(name, os.environ.get(name, ""), least)
    return default if number is None else number


bind = os.environ.get("GUNICORN_BIND", "").strip() or "127.0.0.1:8000"  # loopback: only a proxy beside it
workers = _whole("WEB_CONCURRENCY", min(multiprocessing.cpu_count(), 4), 1)
worker_class = "sync"
threads = 1
preload_app = True  # load the app, compile the contract and build the scoring tables once; fail fast
timeout = _whole("GUNICORN_TIMEOUT", 15, 1)
graceful_timeout = 20
keepalive = 5
max_requests = _whole("GUNICORN_MAX_REQUESTS", 0, 0)  # 0: off; workers are bounded by memory instead
max_requests_jitter = max_requests // 10
max_worker_memory_mb = _whole("GUNICORN_MAX_WORKER_MEMORY_MB", 300, 0)  # 0: no bound
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
control_socket_disable = True
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
errorlog = "-"
loglevel = os.environ.get("CRIBBAGE_LOG_LEVEL", "").strip().lower() or "info"

_METRICS_ENV = "PROMETHEUS_MULTIPROC_DIR"
_MEMORY_CHECK_EVERY = _whole("GUNICORN_MEMORY_CHECK_EVERY", 1000, 1)  # requests between checks
_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def on_starting(server: Any) -> None:
    """In the master, before the first worker: the directory where the workers share their
    metric counts. A private temporary one unless configured, removed when the master exits
    (also when it fails to bind); a configured one is emptied of counts from an earlier run.
    Nothing here runs when this module is merely imported (pytest's doctest collection does)."""
    from service.api.http.metrics import clear_directory

    directory = os.environ.get(_METRICS_ENV)
    if not directory:
        directory = tempfile.mkdtemp(prefix="cribbage-metrics-")
        os.environ[_METRICS_ENV] = directory  # inherited by every worker forked from now on
        master = os.getpid()

        @atexit.register
        def _remove_metrics_dir() -> None:
            if os.getpid() == master:  # never in a worker: they leave through sys.exit too
                shutil.rmtree(directory, ignore_errors=True)

    os.makedirs(directory, exist_ok=True)
    clear_directory(directory)


def exposed(addresses: list[Any]) -> list[str]:
    """The listening addresses (gunicorn's ``cfg.address``: ``(host, port)``, or a Unix socket's
    path) that other machines may reach: every TCP address but loopback.

    >>> exposed([("127.0.0.1", 8000), ("::1", 8000), ("localhost", 8001), "/run/cribbage.sock"])
    []
    >>> exposed([("0.0.0.0", 8000), ("10.1.2.3", 8001), ("::", 8002), ("", 8003)])
    ['0.0.0.0:8000', '10.1.2.3:8001', ':::8002', ':8003']
    """
    import ipaddress

    found = []
    for address in addresses:
        if not isinstance(address, tuple):
            continue  # a Unix socket: only this machine's processes reach it
        host, port = address[0], address[1]
        try:
            loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False  # "" (every address) or a host name: assume reachable
        if not loopback:
            found.append(f"{host}:{port}")
    return found


def when_ready(server: Any) -> None:
    """In the master, once it listens: the warning of an address that clients may reach
    directly, unless CRIBBAGE_BEHIND_PROXY says a buffering proxy is in front."""
    from service.api.config import Config

    reachable = exposed(list(server.cfg.address))
    if reachable and not Config.from_env().behind_proxy:
        server.log.warning(
            "gunicorn listens on %s, reachable from other machines, and CRIBBAGE_BEHIND_PROXY is not set: its "
            "sync workers must never face clients (a few slow ones stop it answering). Put the shipped proxy "
            "(deploy/nginx/cribbage.conf) in front and set CRIBBAGE_BEHIND_PROXY=true, or bind to 127.0.0.1 "
            "(docs/deployment-proxy.md)",
            ", ".join(reachable),
        )


def pre_fork(server: Any, worker: Any) -> None:
    """In the master, before each fork: move everything the preloaded app made into the
    collector's permanent generation (Python's advice for fork without exec). A worker's
    full collections then skip those objects instead of writing to each one, which would
    copy every page the master shares with it: a replacement worker cost about 0.4 s of CPU
    before this, and its first full collection a latency spike."""
    gc.freeze()


_SLOW_BODY = (
    "The request was not finished within the worker's timeout ({timeout} s): its body came too slowly or was cut short"
)
_OVERRAN = "The request was not finished within the worker's timeout ({timeout} s); it has been logged"
_DETAIL_MAX = 300  # gunicorn's message may quote what it refused: enough to see, not a copy of a huge header


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's error answer (``gunicorn.util.write_error``, which every worker's
    ``handle_error`` calls) as an RFC 9457 problem, the shape of the service's every other error.

    >>> import socket
    >>> ours, theirs = socket.socketpair()
    >>> write_problem(ours, 431, "Request Header Fields Too Large", "Error parsing headers: 'limit request headers fields size'")
    >>> head, _, body = theirs.recv(4096).partition(b"\\r\\n\\r\\n")
    >>> head.split(b"\\r\\n")[:3]
    [b'HTTP/1.1 431 Request Header Fields Too Large', b'Connection: close', b'Content-Type: application/problem+json']
    >>> json.loads(body)["status"], json.loads(body)["type"]
    (431, 'urn:cribbage:problem:headers-too-large')
    """
    if _aborted == "reading":
        status, reason, message = 408, "Request Timeout", _SLOW_BODY.format(timeout=timeout)
    elif _aborted:
        status, reason, message = 500, "Internal Server Error", _OVERRAN.format(timeout=timeout)
    from gunicorn.util import write_nonblock  # type: ignore[import-untyped]

    from service.api.config import Config
    from service.api.http.observability import ENVIRON_ID, new_request_id, write_access
    from service.api.wire.problem_types import SERVER_TYPES  # the app's registry (loaded already: preload)
    from service.api.wire.problems import problem_body  # the app's own problem shape

    environ, started, route = _cut_short if _aborted and _cut_short else ({}, 0.0, "<refused>")
    request_id = environ[ENVIRON_ID] if environ else new_request_id()  # the id every answer carries
    elapsed = time.perf_counter() - started if environ else 0.0
    detail = message if len(message) <= _DETAIL_MAX else message[: _DETAIL_MAX - 3] + "..."
    slug = SERVER_TYPES.get(status, "unreadable-request" if status < 500 else "internal-error")
    document = problem_body(slug, detail)  # in English: the request was not read, its language neither
    if document["status"] != status:  # a refusal gunicorn may add later: answered as its family's type
        status, reason = document["status"], document["title"]
    body = json.dumps(document).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\nContent-Language: en\r\nX-Request-ID: {request_id}\r\n"
        "X-Content-Type-Options: nosniff\r\n\r\n"
    )

    write_nonblock(sock, head.encode("latin-1") + body)
    # The access line the app would have written: a request the timeout ended keeps its id (the
    # client's, or the one the app gave it), its method and path; one gunicorn refused has none.
    if Config.from_env().access_log:
        write_access(environ, request_id, environ.get("PATH_INFO", ""), route, status, elapsed, len(body))


# Set in a worker the master is ending for its timeout (worker_abort), just before it exits:
# "reading" when it was waiting for the request's body, "working" otherwise.
_aborted = ""
# The request it was serving then (observability.serving) and its route, noted at once: Flask
# forgets its request (environ["werkzeug.request"]) as the exit unwinds through it.
_cut_short: tuple[dict[str, Any], float, str] | None = None
_READER = os.sep + os.path.join("gunicorn", "http") + os.sep  # gunicorn's request and body readers


def worker_abort(worker: Any) -> None:
    """In a worker, on the master's SIGABRT for its timeout, before it exits mid-request: the
    answer gunicorn then writes for that request is the timeout's (:func:`write_problem`). The
    signal interrupts whatever the worker was doing; if that was reading the body in gunicorn's
    reader, the client is the one that was slow (408), else the service overran (500)."""
    global _aborted, _cut_short
    from service.api.http.express import ENVIRON_ROUTE
    from service.api.http.observability import serving

    current = serving()
    if current is not None:
        environ, started = current
        rule = getattr(environ.get("werkzeug.request"), "url_rule", None)  # Flask's, once it matched one
        named = environ.get(ENVIRON_ROUTE) or (rule.rule if rule is not None else "<timeout>")  # the lane's, else
        _cut_short = (environ, started, named)
    stack = traceback.walk_stack(sys._getframe())
    _aborted = "reading" if any(_READER in frame.f_code.co_filename for frame, _ in stack) else "working"


def post_fork(server: Any, worker: Any) -> None:
    """In each new worker, first thing: a stop signal from now until gunicorn installs the
    worker's own handlers (``init_signals``, after this hook) ends the worker once it has
    started. Until then the process still runs the master's handlers, which only queue the
    signal in the master's copy of its state: a worker stopped while it started (a pod deleted
    right after it came up) lost the signal and was killed at the end of the grace period."""

    def stop_when_started(signum: int, frame: Any) -> None:
        worker.alive = False  # the sync worker's loop checks it before it serves anything

    for stop in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT):
        signal.signal(stop, stop_when_started)
    import gunicorn.util  # type: ignore[import-untyped]

    gunicorn.util.write_error = write_problem  # the worker's handle_error looks it up on the module at each call


def post_worker_init(worker: Any) -> None:
    """In each new worker, once its signal handlers are in place: open its metric files now
    rather than on its first request (after :func:`post_fork`, so this work does not widen
    the window in which a stop signal waits for the worker's handlers)."""
    from service.api.http.metrics import metrics

    metrics()


def resident_bytes() -> int:
    """This process's resident set size (the second field of /proc/self/statm, in pages)."""
    with open("/proc/self/statm", "rb") as statm:
        return int(statm.read().split()[1]) * _PAGE_SIZE


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """In a worker, after each request: every ``_MEMORY_CHECK_EVERY`` requests, recycle it
    (finish, exit, be replaced by the master) when its memory is over the bound. This is
    how gunicorn's own ``max_requests`` ends a worker, so no request is cut short."""
    if max_worker_memory_mb and worker.nr % _MEMORY_CHECK_EVERY == 0 and worker.alive:
        resident = resident_bytes()
        if resident > max_worker_memory_mb * 1024 * 1024:
            worker.log.info(
                "Worker %s holds %.0f MiB, over the %d MiB bound: recycling it after this request",
                worker.pid,
                resident / (1024 * 1024),
                max_worker_memory_mb,
            )
            worker.alive = False


def child_exit(server: Any, worker: Any) -> None:
    """In the master, after a worker exits: keep its counts, drop its files."""
    from service.api.http.metrics import retire_worker

    retire_worker(worker.pid, os.environ.get(_METRICS_ENV))
