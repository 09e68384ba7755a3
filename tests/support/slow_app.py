"""A WSGI app for the server tests: the service, and ``GET /slow``, which takes longer than any
worker timeout a test sets (a request the service itself overruns)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from service.wsgi import app as service


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    if environ.get("PATH_INFO") == "/slow":
        time.sleep(60)
    result: Iterable[bytes] = service(environ, start_response)
    return result
