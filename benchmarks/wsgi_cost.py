"""Server-side cost per request, in-process: the WSGI app called with a prepared environ.

No client, no sockets: what the app itself spends on ``GET /healthz`` and on each scoring
request, so the cost *around* the scorer can be compared with the peer's (about 100 us).

    python -m benchmarks.wsgi_cost
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
from typing import Any

from service.api.app import create_app
from service.api.config import Config

REQUESTS = {
    "GET /healthz": ("GET", "/healthz", None),
    "POST /v1/hands/score (29 hand)": ("POST", "/v1/hands/score", {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}),
    "POST /v1/hands/score (2S 7H 9D KC | 4C)": (
        "POST", "/v1/hands/score", {"hand": ["2S", "7H", "9D", "KC"], "starter": "4C"}),
}


def environ(method: str, path: str, body: Any) -> dict[str, Any]:
    data = b"" if body is None else json.dumps(body).encode()
    return {
        "REQUEST_METHOD": method, "PATH_INFO": path, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000",
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data), "CONTENT_LENGTH": str(len(data)),
        "CONTENT_TYPE": "application/json", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.errors": sys.stderr,
        "QUERY_STRING": "", "REMOTE_ADDR": "127.0.0.1",
    }


def per_request_us(app: Any, method: str, path: str, body: Any, n: int = 5000) -> list[float]:
    samples = []
    for _ in range(5):
        envs = [environ(method, path, body) for _ in range(n)]
        start = time.perf_counter()
        for env in envs:
            for _chunk in app(env, lambda status, headers, exc_info=None: None):
                pass
        samples.append((time.perf_counter() - start) / n * 1e6)
    return samples


def main() -> None:
    app = create_app(Config())
    base = None
    for name, (method, path, body) in REQUESTS.items():
        best = min(per_request_us(app, method, path, body))
        base = base or best
        print(f"{name:45s} {best:7.1f} us/request  (+{best - base:5.1f} us over /healthz)")
    print("median of 5 runs reported as best-of-5; run on an idle machine")


if __name__ == "__main__":
    main()
