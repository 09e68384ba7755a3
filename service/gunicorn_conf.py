"""gunicorn settings for ``make run`` and the Docker image: ``gunicorn -c python:service.gunicorn_conf``.

The work is CPU-bound and short, so sync workers, one per core. Every value can be
overridden from the environment (see the README's configuration table).
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", str(min(multiprocessing.cpu_count(), 4))))
worker_class = "sync"
threads = 1
preload_app = True  # load the app, compile the contract and build the scoring tables once; fail fast
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "15"))
graceful_timeout = 20
keepalive = 5
max_requests = 20000  # stateless, so recycling a worker is free insurance against leaks
max_requests_jitter = 2000
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
control_socket_disable = True
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
errorlog = "-"
loglevel = os.environ.get("CRIBBAGE_LOG_LEVEL", "info").lower()
