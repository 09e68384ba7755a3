"""What recycling gunicorn's workers costs: request-count bounds against a memory bound.

    python -m benchmarks.recycling            # 5 settings x 3 rounds x 20 s of hand scores
    python -m benchmarks.recycling --quick    # a smoke test

One server per setting, all under the production configuration, started together and put
under load one at a time in alternating rounds (``POST /v1/hands/score``, wrk, loopback):

* ``off``: no bound at all (``GUNICORN_MAX_REQUESTS=0``, ``GUNICORN_MAX_WORKER_MEMORY_MB=0``);
* ``max_requests N``: gunicorn replaces a worker after N requests (plus up to 10% jitter);
* ``memory bound``: the production default (no request bound; a worker over
  ``GUNICORN_MAX_WORKER_MEMORY_MB`` is replaced, checked every 1,000 requests).

For each: throughput, wrk's p50 and p99, workers replaced, and the workers' CPU time a
request, recycled workers included (the master's reaped children). A short run on a slow
machine recycles rarely at 20,000, so ``max_requests 2000`` is there to make the cost of a
replacement measurable: the extra CPU time per replacement, against no bound, tells what any
N costs (its share of a worker's time is that cost over N requests' time).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from service.api.state_token import generate_key
from tests.support.servers import Gunicorn, cpu_seconds

from .loadtest import HAND_29, Run, hand_requests, post, workers_cpu, wrk

_BOOTED = re.compile(r"Booting worker with pid")


def settings(counts: list[int]) -> dict[str, dict[str, str]]:
    found = {"off": {"GUNICORN_MAX_REQUESTS": "0", "GUNICORN_MAX_WORKER_MEMORY_MB": "0"}}
    for count in counts:
        found[f"max_requests {count}"] = {"GUNICORN_MAX_REQUESTS": str(count), "GUNICORN_MAX_WORKER_MEMORY_MB": "0"}
    found["memory bound (default)"] = {}
    return found


def total_cpu(server: Gunicorn) -> float:
    """CPU time of the live workers and of the recycled ones the master has reaped."""
    assert server.process is not None
    return workers_cpu(server) + cpu_seconds(server.process.pid, reaped_children=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one round of 3 s runs")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=float, default=20, help="seconds a setting a round (default 20)")
    parser.add_argument(
        "--counts",
        type=int,
        nargs="+",
        default=[2000, 20000, 200000],
        help="max_requests settings to compare (default 2000 20000 200000)",
    )
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.duration = 1, 3
    key = generate_key()
    requests = [post("/v1/hands/score", HAND_29), *hand_requests(random.Random(7), 199)]
    with tempfile.TemporaryDirectory(prefix="cribbage-recycling-") as work, ExitStack() as stack:
        workdir = Path(work)
        servers = {
            name: stack.enter_context(
                Gunicorn(
                    workers=args.workers,
                    env={"CRIBBAGE_STATE_KEYS": key, **env},
                    name=f"server-{number}",
                    log_dir=workdir,
                )
            )
            for number, (name, env) in enumerate(settings(args.counts).items())
        }
        for server in servers.values():  # warm up
            wrk(server, requests, 2, args.connections, workdir, track=False)
        runs: dict[str, list[Run]] = {name: [] for name in servers}
        cpu = dict.fromkeys(servers, 0.0)
        boots = {name: len(_BOOTED.findall(server.stderr_path.read_text())) for name, server in servers.items()}
        for number in range(1, args.rounds + 1):
            for name, server in servers.items():
                before = total_cpu(server)
                run = wrk(server, requests, args.duration, args.connections, workdir, track=False)
                cpu[name] += total_cpu(server) - before
                runs[name].append(run)
                print(
                    f"round {number}  {name:<24}{run.rate:>9.1f} req/s  p50 {run.wrk_latency_ms['p50']:6.2f} ms  "
                    f"p99 {run.wrk_latency_ms['p99']:6.2f} ms  errors {run.errors()}",
                    flush=True,
                )
        replaced = {
            name: len(_BOOTED.findall(server.stderr_path.read_text())) - boots[name] for name, server in servers.items()
        }
    print(
        f"\n{'setting':<26}{'req/s':>9}{'x off':>8}{'p50 ms':>8}{'p99 ms':>8}{'replaced':>10}"
        f"{'CPU us/req':>12}{'extra CPU ms/replacement':>26}"
    )
    base_rate = sum(r.requests for r in runs["off"]) / sum(r.duration_s for r in runs["off"])
    base_cpu = cpu["off"] / sum(r.requests for r in runs["off"])
    for name, its in runs.items():
        requests_done = sum(r.requests for r in its)
        rate = requests_done / sum(r.duration_s for r in its)
        per_request = cpu[name] / requests_done
        extra = ((per_request - base_cpu) * requests_done / replaced[name] * 1000) if replaced[name] else float("nan")
        print(
            f"{name:<26}{rate:>9.1f}{rate / base_rate:>8.3f}"
            f"{statistics.median(r.wrk_latency_ms['p50'] for r in its):>8.2f}"
            f"{statistics.median(r.wrk_latency_ms['p99'] for r in its):>8.2f}{replaced[name]:>10}"
            f"{per_request * 1e6:>12.0f}{extra:>26.1f}"
        )
    print(
        "(req/s: all requests over all rounds; p50 and p99: the median round's; CPU: workers, recycled ones included)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
