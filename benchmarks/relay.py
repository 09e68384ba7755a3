"""What the reference relay (examples/relay) adds to a move: whole games through the relay and the same
moves sent to the service directly, on loopback.

    python -m benchmarks.relay [--games 3]

Two-player games are played move by move (each seat's first legal action, with its own credential)
through the relay (``/relay/games/<id>/act``: the relay reads the game's row, forwards the move with
the state it holds, lands the new state by compare-and-set in SQLite and wakes the event streams),
then as many straight to the service (``/v1/games/act``, the client sending the state); the times are
per move, as a client on loopback sees them. Numbers, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from tests.support.relay import service_and_relay


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def through_relay(relay: httpx.Client) -> list[float]:
    """A whole game through the relay, each seat with its own credential; the time of each move."""
    created = relay.post("/relay/games", json={"variant": "six_card"}).json()
    game_id = created["game_id"]
    seats = {s["seat"]: s["link"].split("credential=")[1] for s in created["seats"]}
    times, move = [], 0
    while True:
        views = {seat: relay.post(f"/relay/games/{game_id}/view", json={"seat": seat, "credential": c}).json()
                 for seat, c in seats.items()}  # fmt: skip
        seat = next((s for s, v in views.items() if v["legal_actions"]), None)
        if seat is None:
            return times
        body = {"move": move, "seat": seat, "credential": seats[seat], "action": views[seat]["legal_actions"][0]}
        started = time.perf_counter()
        answer = relay.post(f"/relay/games/{game_id}/act", json=body)
        times.append(time.perf_counter() - started)
        assert answer.status_code == 200, answer.text
        move = answer.json()["view"]["move"]


def to_service(service: httpx.Client) -> list[float]:
    """A whole game played the same way straight to the service (the client holds the state)."""
    game = service.post("/v1/games", json={"variant": "six_card"}).json()
    table, state = game["credentials"]["table"], game["state"]
    times = []
    while True:
        views = {seat: service.post("/v1/games/view", json={"state": state, "seat": seat, "credential": table}).json()
                 for seat in (0, 1)}  # fmt: skip
        seat = next((s for s, v in views.items() if v["legal_actions"]), None)
        if seat is None:
            return times
        body = {"state": state, "seat": seat, "credential": table, "action": views[seat]["legal_actions"][0]}
        started = time.perf_counter()
        answer = service.post("/v1/games/act", json=body)
        times.append(time.perf_counter() - started)
        state = answer.json()["state"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    games = parser.parse_args().games
    with (
        tempfile.TemporaryDirectory() as root,
        service_and_relay(Path(root)) as running,
        httpx.Client(base_url=running.url, timeout=30) as relay,
        httpx.Client(base_url=running.service_url, timeout=30) as service,
    ):
        through = [t for _ in range(games) for t in through_relay(relay)]
        direct = [t for _ in range(games) for t in to_service(service)]
    for name, values in (("through the relay", through), ("to the service", direct)):
        ms = [v * 1000 for v in values]
        print(f"{name:>18}: {len(ms)} moves, p50 {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms")


if __name__ == "__main__":
    main()
