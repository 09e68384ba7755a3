"""CORS: origins listed in ``CRIBBAGE_CORS_ORIGINS`` (``*`` for any) get
``Access-Control-Allow-Origin``; a preflight ``OPTIONS`` also gets the allowed methods and
headers. With no origins configured (the default) no CORS header is ever sent, and no hook is
installed for it (:func:`.observability.install` decides).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request

from ..config import Config


def install_cors(app: Flask, config: Config, exposed: str) -> None:
    """Answer the configured origins; ``exposed`` is the header their scripts may read (the
    request id) and send."""
    allow_any = "*" in config.cors_origins
    origins = frozenset(o.rstrip("/").lower() for o in config.cors_origins if o != "*")
    max_age = str(config.cors_max_age)

    @app.after_request
    def cors(response: Response) -> Response:
        environ = request.environ
        origin = environ.get("HTTP_ORIGIN")
        if origin and (allow_any or origin.rstrip("/").lower() in origins):
            _cors_headers(response, environ, origin, allow_any, max_age, exposed)
        return response


def _cors_headers(
    response: Response, environ: dict[str, Any], origin: str, allow_any: bool, max_age: str, exposed: str
) -> None:
    headers = response.headers
    headers["Access-Control-Allow-Origin"] = "*" if allow_any else origin
    if not allow_any:
        response.vary.add("Origin")
    headers["Access-Control-Expose-Headers"] = exposed
    if environ.get("REQUEST_METHOD") == "OPTIONS" and environ.get("HTTP_ACCESS_CONTROL_REQUEST_METHOD"):
        # A preflight: Flask's automatic OPTIONS response already carries the route's Allow.
        headers["Access-Control-Allow-Methods"] = headers.get("Allow", "GET, POST, OPTIONS")
        requested = environ.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS")
        headers["Access-Control-Allow-Headers"] = requested or f"Content-Type, {exposed}"
        headers["Access-Control-Max-Age"] = max_age
