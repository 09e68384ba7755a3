"""gunicorn settings for the relay: ``make relay`` (``gunicorn -c python:examples.relay.gunicorn_conf``).

One process with threads (``gthread``), because an event stream holds its connection open for
minutes while it waits: a sync worker would be taken by one stream, and each wake-up of a stream
is an in-process condition (:mod:`.changes`), which only threads of one process share. werkzeug's
threaded server would work too but is a development server (no worker restart, no request-line
limits, no graceful stop); gunicorn is already the service's server. ``RELAY_THREADS`` threads
serve at most ``RELAY_MAX_STREAMS`` streams (``settings.py``) and the rest take the moves.
"""

import os

bind = os.environ.get("RELAY_BIND", "127.0.0.1:8001")
workers = 1  # the streams' wake-ups are in-process: never more than one
worker_class = "gthread"
threads = int(os.environ.get("RELAY_THREADS", "32"))
timeout = 60  # a gthread worker's heartbeat, not a request's time limit: streams may last longer
graceful_timeout = 5  # open streams are cut at a stop; browsers reconnect by themselves
keepalive = 5
accesslog = None  # paths only would be safe (credentials travel in bodies and in link fragments); kept off
control_socket_disable = (
    True  # gunicorn 27's control socket: not needed, and one path per user would clash with the service's
)
