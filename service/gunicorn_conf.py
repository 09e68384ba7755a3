"""gunicorn settings for ``make run`` and the Docker image: ``gunicorn -c python:service.gunicorn_conf``.

The work is CPU-bound and short, so sync workers, one per core. Every value can be
overridden from the environment (see the README's configuration table).

Metrics: the workers share their Prometheus counts through ``PROMETHEUS_MULTIPROC_DIR``.
When it is not set, ``on_starting`` creates a private temporary directory, and it is removed
when gunicorn exits. A configured directory is emptied of old metric files at start, because
counters restart with the server. prometheus_client picks its multiprocess mode when it is
first imported, so the app imports it only in the workers (``post_fork``), after the
directory is set. When a worker exits (recycled by ``max_requests``, or killed), its counts
are folded into an archive file so totals stay whole and scrapes stay fast.

Logs: the app writes one JSON access line per request to stdout (``CRIBBAGE_ACCESS_LOG``),
so gunicorn's own plain-text access log is off unless ``GUNICORN_ACCESSLOG`` asks for it.
"""

import atexit
import multiprocessing
import os
import shutil
import tempfile
from typing import Any

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", str(min(multiprocessing.cpu_count(), 4))))
worker_class = "sync"
threads = 1
preload_app = True  # load the app, compile the contract and build the scoring tables once; fail fast
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "15"))
graceful_timeout = 20
keepalive = 5
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "20000"))  # stateless: recycling is free leak insurance
max_requests_jitter = max_requests // 10
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
control_socket_disable = True
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
errorlog = "-"
loglevel = os.environ.get("CRIBBAGE_LOG_LEVEL", "info").lower()

_METRICS_ENV = "PROMETHEUS_MULTIPROC_DIR"


def on_starting(server: Any) -> None:
    """In the master, before the first worker: the directory where the workers share their
    metric counts. A private temporary one unless configured, removed when the master exits
    (also when it fails to bind); a configured one is emptied of counts from an earlier run.
    Nothing here runs when this module is merely imported (pytest's doctest collection does)."""
    from service.api.observability import clear_directory

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


def post_fork(server: Any, worker: Any) -> None:
    """In each new worker: set its metrics up now (prometheus_client is first imported here,
    after the directory is known) rather than on its first request."""
    from service.api.observability import metrics

    metrics()


def child_exit(server: Any, worker: Any) -> None:
    """In the master, after a worker exits: keep its counts, drop its files."""
    from service.api.observability import retire_worker

    retire_worker(worker.pid, os.environ.get(_METRICS_ENV))
