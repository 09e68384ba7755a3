"""Where the time of ``POST /v1/hands/score`` goes, next to ``GET /healthz``, in-process.

    python -m benchmarks.score_path

The load test compares the two endpoints' throughput on one server; the difference is what
the scoring request does beyond the health check. This prints each stage on its own (best
of several runs, microseconds per call), then whole requests through the WSGI app with the
operations layer (access log, metrics, request id) on and off, so the cost of each part is
visible (``python -m benchmarks.ops_cost`` takes the operations layer apart further, also
in instructions). Run it on an idle machine; the load test's "CPU us/req" column is the same
measurement made inside gunicorn.
"""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Callable
from typing import Any

HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
ORDINARY = {"hand": ["2S", "7H", "9D", "KC"], "starter": "4C"}


def best_us(function: Callable[[], Any], n: int = 3000, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(n):
            function()
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def environ(method: str, path: str, body: Any) -> dict[str, Any]:
    data = b"" if body is None else json.dumps(body).encode()
    return {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(data),
        "CONTENT_LENGTH": str(len(data)),
        "CONTENT_TYPE": "application/json",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.errors": sys.stderr,
        "QUERY_STRING": "",
        "REMOTE_ADDR": "127.0.0.1",
    }


def request_us(app: Any, method: str, path: str, body: Any, n: int = 3000) -> float:
    best = float("inf")
    for _ in range(5):
        environs = [environ(method, path, body) for _ in range(n)]
        start = time.perf_counter()
        for env in environs:
            for _chunk in app(env, lambda status, headers, exc_info=None: None):
                pass
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def main() -> None:
    import orjson
    from flask import request

    from service.api.app import create_app
    from service.api.config import Config
    from service.api.contract import SPEC
    from service.api.hands import score_one
    from service.api.loading import loader
    from service.core.scoring.show import score_show

    from .ops_cost import production_like_outputs

    with production_like_outputs():  # the access log to a file and multiprocess metrics, as under gunicorn
        apps = {
            "operations layer off": create_app(Config(access_log=False, metrics=False)),
            "access log + metrics on": create_app(Config()),
        }
        rows: list[tuple[str, float]] = []
        for name, body in (("29 hand", HAND_29), ("2S 7H 9D KC | 4C", ORDINARY)):
            raw = json.dumps(body).encode()
            load_hand = loader("HandRequest")  # the contract's defaults written in, then the wire loader
            loaded = load_hand(dict(body))
            result = score_one(loaded)
            rows += [
                (f"[{name}] parse the JSON body (orjson)", best_us(lambda: orjson.loads(raw))),
                (
                    f"[{name}] check it against openapi.yaml (jsonschema-rs)",
                    best_us(lambda: SPEC.check("scoreHand", body)),
                ),
                (f"[{name}] convert it (defaults, loader)", best_us(lambda: load_hand(dict(body)))),
                (
                    f"[{name}] score it (core score_show)",
                    best_us(lambda: score_show(loaded.hand, loaded.starter, is_crib=False, rules=loaded.rules)),
                ),
                (
                    f"[{name}] the whole view (load, score_one)",
                    best_us(lambda: score_one(load_hand(dict(body)))),
                ),
            ]
            # The answer's wire form is built inside score_one: what it takes beyond converting and scoring.
            rows.append(
                (
                    f"[{name}] build the answer (the whole view less converting and scoring)",
                    rows[-1][1] - rows[-2][1] - rows[-3][1],
                )
            )
            rows.append(
                (
                    f"[{name}] serialise the answer (orjson, sorted keys)",
                    best_us(lambda: orjson.dumps(result, option=orjson.OPT_SORT_KEYS)),
                )
            )
        answer = score_one(load_hand(dict(HAND_29)))
        for label, app in apps.items():
            # Two bare views beside the real ones: what the framework costs for a POST with a JSON body,
            # and for sending the 29 hand's (precomputed) answer back.
            app.add_url_rule(
                "/bench/post", "bench_post", lambda: (request.get_json(), {"status": "ok"})[1], methods=["POST"]
            )
            app.add_url_rule("/bench/answer", "bench_answer", lambda: (request.get_json(), answer)[1], methods=["POST"])
            rows.append((f"GET /healthz through the app, {label}", request_us(app, "GET", "/healthz", None)))
            rows.append(
                (
                    f"POST a JSON body to a bare view answering {{status: ok}}, {label}",
                    request_us(app, "POST", "/bench/post", HAND_29),
                )
            )
            rows.append(
                (
                    f"POST a JSON body to a bare view answering the 29 hand's score, {label}",
                    request_us(app, "POST", "/bench/answer", HAND_29),
                )
            )
            rows.append(
                (f"POST /v1/hands/score (29 hand), {label}", request_us(app, "POST", "/v1/hands/score", HAND_29))
            )
    width = max(len(label) for label, _ in rows)
    for label, us in rows:
        print(f"{label:<{width}}  {us:7.1f} us")


if __name__ == "__main__":
    main()
