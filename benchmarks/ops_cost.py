"""What the operations layer (request id, access log, metrics) costs a request, part by part.

    python -m benchmarks.ops_cost                  # in-process: alternating rounds, microseconds
    python -m benchmarks.ops_cost --callgrind      # instructions a request, under valgrind (repeatable)

Whole requests go through the WSGI app (``/healthz`` and ``POST /v1/hands/score``) with the
layer built up one part at a time, so each part's cost is the difference between two
neighbouring configurations, hook dispatch and all:

* ``bare``: the app with :func:`service.api.http.observability.install` left out;
* ``ids``: the layer installed with the access log and metrics off (request id, the hooks);
* ``ids+metrics``: plus the Prometheus counter and histogram (multiprocess mode, as under
  gunicorn: ``PROMETHEUS_MULTIPROC_DIR`` is a temporary directory);
* ``all``: plus the JSON access line, written to a file on stdout (fd 1, as gunicorn's workers
  inherit it from a harness that logs to a file).

Only the layer's configuration differs between the runs, so this works against any version
of ``observability.py`` (it was written to compare before and after). Wall-clock numbers
(the process's CPU time, so waiting for a core does not count) come from many alternating rounds (each round times every configuration once; the median
per-round difference is reported), so a busy machine slows all of them alike. The callgrind
form counts instructions, repeatably: each configuration starts, warms up, then runs its
requests inside ``functools.reduce``, and callgrind counts only inside that function.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}
CONFIGS = ("bare", "ids", "ids+metrics", "all")
ROUTES = {"healthz": ("GET", "/healthz", None), "score": ("POST", "/v1/hands/score", HAND_29)}
PARTS = (
    ("request id and hooks", "bare", "ids"),
    ("metrics", "ids", "ids+metrics"),
    ("access line and its write", "ids+metrics", "all"),
    ("whole layer", "bare", "all"),
)
Wsgi = Callable[[dict[str, Any], Callable[..., Any]], Any]


def environ(method: str, path: str, body: Any) -> dict[str, Any]:
    """A WSGI environ like gunicorn's for a request from wrk or a proxy."""
    data = b"" if body is None else json.dumps(body).encode()
    env = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "RAW_URI": path,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_PORT": "50000",
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_USER_AGENT": "wrk/4.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if body is not None:
        env.update({"CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data))})
    return env


def build(config_name: str, keys: tuple[str, ...] = ()) -> Wsgi:
    """The service's WSGI app in one of :data:`CONFIGS` (with ``keys``, or a fresh key)."""
    from service.api.app import create_app
    from service.api.config import Config
    from service.api.http import observability
    from service.api.state_token import generate_key

    keys = keys or (generate_key(),)  # a configured key: no warning about a generated one

    if config_name == "bare":
        real = observability.install
        observability.install = lambda app, config: None
        try:
            app = create_app(Config(state_keys=keys, access_log=False, metrics=False))
        finally:
            observability.install = real
    else:
        app = create_app(Config(state_keys=keys, access_log=config_name == "all", metrics=config_name != "ids"))
    return app.wsgi_app


def _ok(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
    assert status.startswith("200"), status


def one_request(app: Wsgi, env: dict[str, Any]) -> None:
    """One request through the app, its body consumed and closed, as a server would."""
    result = app(env, _ok)
    for _chunk in result:
        pass
    close = getattr(result, "close", None)
    if close is not None:
        close()


def drive(app: Wsgi, route: str, n: int) -> None:
    method, path, body = ROUTES[route]
    for env in [environ(method, path, body) for _ in range(n)]:
        one_request(app, env)


@contextmanager
def production_like_outputs() -> Iterator[Path]:
    """stdout on a file (the access log goes there, as under gunicorn with a log file) and a
    fresh multiprocess metrics directory; both removed at the end."""
    work = Path(tempfile.mkdtemp(prefix="ops-cost-"))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(work / "metrics")
    saved = os.dup(1)
    log = os.open(work / "access.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    sys.stdout.flush()
    os.dup2(log, 1)
    os.close(log)
    try:
        yield work
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        shutil.rmtree(work, ignore_errors=True)


def report(title: str, unit: str, per_config: dict[str, dict[str, float]], parts: dict[str, dict[str, float]]) -> None:
    print(title)
    width = max(len(p) for p, _, _ in PARTS) + 2
    print(f"{'':<{width}}" + "".join(f"{route:>14}" for route in ROUTES))
    for config_name in CONFIGS:
        print(
            f"{'request, ' + config_name:<{width}}"
            + "".join(f"{per_config[route][config_name]:>14,.1f}" for route in ROUTES)
        )
    for part, _, _ in PARTS:
        print(f"{part:<{width}}" + "".join(f"{parts[route][part]:>14,.1f}" for route in ROUTES) + f"  {unit}")


def wall_clock(rounds: int, batch: int) -> None:
    with production_like_outputs():
        apps = {name: build(name) for name in CONFIGS}
        for app in apps.values():
            for route in ROUTES:
                drive(app, route, 200)  # warm up: lazily built caches, metric children
        samples: dict[str, dict[str, list[float]]] = {r: {c: [] for c in CONFIGS} for r in ROUTES}
        for _ in range(rounds):
            for route in ROUTES:
                for config_name in CONFIGS:
                    start = time.process_time()
                    drive(apps[config_name], route, batch)
                    samples[route][config_name].append((time.process_time() - start) / batch * 1e6)
    per_config = {r: {c: statistics.median(v) for c, v in by_config.items()} for r, by_config in samples.items()}
    parts = {
        route: {
            part: statistics.median(b - a for a, b in zip(samples[route][low], samples[route][high]))
            for part, low, high in PARTS
        }
        for route in ROUTES
    }
    report(
        f"CPU us a request, median of {rounds} alternating rounds of {batch} requests (differences paired by round)",
        "us",
        per_config,
        parts,
    )


_TOTAL = re.compile(rb"^(?:summary|totals):\s*(\d+)", re.MULTILINE)
_MEASURED = "functools_reduce"  # the C function the measured requests run inside, and nothing else


def instructions(config_name: str, route: str, n: int) -> int:
    """Instructions valgrind counts for ``n`` requests after start-up and warm-up.

    Start-up runs uninstrumented (``--instr-atstart=no``: fast); the run switches
    instrumentation on itself (``callgrind_control``) once warm, and counts are collected only
    inside ``functools.reduce``, which drives the measured requests and nothing else."""
    with tempfile.TemporaryDirectory(prefix="ops-cost-cg-") as work:
        out = Path(work) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                "--dump-line=no",
                "--instr-atstart=no",
                "--collect-atstart=no",
                f"--toggle-collect={_MEASURED}",
                sys.executable,
                "-m",
                "benchmarks.ops_cost",
                "--count",
                str(n),
                "--config",
                config_name,
                "--route",
                route,
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            cwd=Path(__file__).resolve().parents[1],
        )
        match = _TOTAL.search(out.read_bytes())
        assert match, "no totals in the callgrind output"
        return int(match.group(1))


def callgrind(n: int) -> None:
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    per_config = {r: {c: instructions(c, r, n) / n for c in CONFIGS} for r in ROUTES}
    parts = {route: {part: per_config[route][b] - per_config[route][a] for part, a, b in PARTS} for route in ROUTES}
    report(
        f"instructions a request (callgrind, {n} requests after start-up and warm-up)",
        "instructions",
        per_config,
        parts,
    )


def counted_run(config_name: str, route: str, n: int) -> None:
    """The body of one callgrind run: start and warm up uninstrumented, then switch
    instrumentation on and drive ``n`` requests inside ``functools.reduce``."""
    with production_like_outputs():
        app = build(config_name)
        drive(app, route, 200)
        method, path, body = ROUTES[route]
        environs = [environ(method, path, body) for _ in range(n)]
        subprocess.run(
            ["callgrind_control", "--instr=on", str(os.getpid())],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        functools.reduce(lambda _, env: one_request(app, env), environs, None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="alternating rounds (default 40)")
    parser.add_argument("--batch", type=int, default=500, help="requests a configuration a round (default 500)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument(
        "--requests", type=int, default=1000, help="requests a configuration under callgrind (default 1000)"
    )
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)  # one callgrind run (internal)
    parser.add_argument("--config", choices=CONFIGS, help=argparse.SUPPRESS)
    parser.add_argument("--route", choices=list(ROUTES), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.count is not None:
        counted_run(args.config, args.route, args.count)
    elif args.callgrind:
        callgrind(args.requests)
    else:
        wall_clock(args.rounds, args.batch)


if __name__ == "__main__":
    main()
