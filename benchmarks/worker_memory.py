"""What a gunicorn worker holds: its memory after warm-up and after the event operations.

    python -m benchmarks.worker_memory

One server under the production configuration (2 workers, access log and metrics on) on
loopback. Warm-up: every POST operation's contract examples, 5 times each, and 20 whole games
against the computer. Then the event operations at an event's size and at the largest the
limits allow (standings, crosstable and game logs of 250 players and 30,000 games, and of
4,096 players at four-player tables), each sent 4 times from 2 clients at once so that both
workers take them. After each stage, every worker's RSS (resident, shared pages counted in
full) and PSS (shared pages divided among the processes that share them: what the worker
adds to the machine) from ``/proc/PID/smaps_rollup``. ``GUNICORN_MAX_WORKER_MEMORY_MB``
compares RSS (``service/gunicorn_conf.py``).
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import yaml

from service.api.state_token import generate_key
from tests.support.director_events import random_event
from tests.support.servers import Gunicorn

from .loadtest import call, example_requests, play_games

ROOT = Path(__file__).resolve().parents[1]


def memory(pid: int) -> tuple[int, int]:
    """RSS and PSS of ``pid`` in bytes."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) * 1024
    return fields["Rss"], fields["Pss"]


def report(stage: str, server: Gunicorn) -> list[tuple[int, int]]:
    found = [memory(pid) for pid in server.worker_pids()]
    for pid, (rss, pss) in zip(server.worker_pids(), found, strict=True):
        print(f"{stage:<28} worker {pid}: RSS {rss / 2**20:6.1f} MiB, PSS {pss / 2**20:6.1f} MiB")
    return found


def event_bodies() -> list[tuple[str, dict[str, Any]]]:
    names = [f"P{i:03d}" for i in range(250)]
    event = [{"players": list(g.players), "scores": list(g.scores)} for g in random_event(names, 30_000, seed=1)]
    rnd = random.Random(2)
    field = [f"N{i:04d}" for i in range(4096)]
    crowd = [{"players": rnd.sample(field, 4), "scores": [121, 100, 90, 80]} for _ in range(10_900)]
    return [
        ("/v1/tournaments/standings", {"games": event}),
        ("/v1/tournaments/crosstable", {"games": event}),
        ("/v1/tournaments/game-logs", {"games": event}),
        ("/v1/tournaments/standings", {"games": crowd}),
        ("/v1/tournaments/crosstable", {"games": crowd}),
        ("/v1/tournaments/game-logs", {"games": crowd[:25_000]}),
    ]


def main() -> int:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    with Gunicorn(workers=2, env={"CRIBBAGE_STATE_KEYS": generate_key()}) as server:
        report("started", server)
        examples, _ = example_requests(server.url, spec, skip=set())
        for _ in range(5):
            for request in examples:
                call(server.url, request.path, yaml.safe_load(request.body))
        play_games(server.url, random.Random(3), 20)
        warm = report("after warm-up", server)
        bodies = event_bodies()
        failures: list[str] = []

        def send() -> None:
            for _ in range(2):
                for path, body in bodies:
                    status, _ = call(server.url, path, body)
                    if status != 200:
                        failures.append(f"{path}: {status}")

        clients = [threading.Thread(target=send) for _ in range(2)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        after = report("after the event operations", server)
        print("failures:", failures or "none")
    peak = max(rss for rss, _ in warm + after)
    print(f"largest RSS {peak / 2**20:.1f} MiB; warm-up RSS {max(r for r, _ in warm) / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
