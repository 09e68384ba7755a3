"""The yardstick of ``make loadtest``: a bare Flask app with one trivial POST.

    gunicorn -c python:service.gunicorn_conf benchmarks.bare_app:app

``POST /bare`` parses a small JSON body and answers a small JSON dict, with Flask's own
JSON handling and nothing else: no contract check, no operations layer, no security
headers. Served by the service's own gunicorn configuration (the same workers, sync worker
class, preloading and recycling), it shows what gunicorn, the connection and Flask cost a
request, so each of the service's endpoints can be given as a fraction of it, measured side
by side in one run. ``GET /healthz`` is here only so the load test can tell when it is up.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request


def create_app() -> Flask:
    app = Flask("bare")

    @app.post("/bare")
    def bare() -> dict[str, Any]:
        body = request.get_json()
        return {"status": "ok", "fields": len(body)}

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app


app = create_app()
