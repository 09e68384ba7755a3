"""A WSGI app for the server tests: the service, and ``GET /slow``, which takes longer than any
worker timeout a test sets (a request the service itself overruns). The route is the app's own,
so the request goes through everything a real one does (its id, its access line)."""

from __future__ import annotations

import time

from service.wsgi import app


def _slow() -> str:
    time.sleep(60)
    return "never"


app.add_url_rule("/slow", endpoint="slow", view_func=_slow, methods=["GET"])

__all__ = ["app"]
