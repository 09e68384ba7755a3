"""``POST /v1/games/act`` in-process: latency over whole games, and the size of the state token.

    python -m benchmarks.games              # 20 games per variant
    python -m benchmarks.games --games 100

Each game is played through the Flask test client (the whole request path: JSON, the
contract check, opening and checking the token, the engine, the view, sealing, the response)
with a configured key, from seeds 0..N-1. Two drivers:

* ``explicit``: the client sends the first legal action of the seat to act (the view is for
  that seat), so the time is the service's own: what a front-end's moves cost.
* ``auto``: ``{type: auto}`` for the seat to act, so the time includes the computer player
  (exact discard expectations, pegging one reply deep).

Printed per variant and driver: requests, p50 / p90 / p99 / max in ms, and the token's mean
and max size in bytes. Then the core alone (no HTTP) for the explicit driver.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from service.api.app import create_app
from service.api.config import Config
from service.api.state_token import StateSealer, generate_key
from service.core.computer.play import apply, new_game
from service.core.game.codec import decode_state, encode_state
from service.core.game.engine import current_player, legal_actions
from service.core.rules import resolve

VARIANTS = ("six_card", "five_card", "three_player", "four_player")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_http(client: Any, variant: str, seed: int, driver: str) -> tuple[list[float], list[int]]:
    times: list[float] = []
    sizes: list[int] = []
    game = client.post("/v1/games", json={"variant": variant, "seed": seed, "seat": 0}).get_json()
    table = game["credentials"]["table"]  # one device plays every seat
    sizes.append(len(game["state"]))
    while game["view"]["phase"] != "over":
        seat = game["view"]["turn"]
        if driver == "auto":
            body = {"state": game["state"], "action": {"type": "auto", "seat": seat}, "seat": seat, "credential": table}
        else:
            view = client.post(
                "/v1/games/view", json={"state": game["state"], "seat": seat, "credential": table}
            ).get_json()
            body = {"state": game["state"], "action": view["legal_actions"][0], "seat": seat, "credential": table}
        start = time.perf_counter()
        response = client.post("/v1/games/act", json=body)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.get_json()
        game = response.get_json()
        sizes.append(len(game["state"]))
    return times, sizes


def play_core(variant: str, seed: int, sealer: StateSealer) -> list[float]:
    """Open, check, apply, seal: the core and the token without HTTP."""
    state, _ = new_game(resolve(variant), seed)
    token = sealer.seal(encode_state(state))
    times = []
    while True:
        start = time.perf_counter()
        state = decode_state(sealer.open(token))
        if state.over:
            break
        state, _ = apply(state, legal_actions(state, current_player(state))[0])
        token = sealer.seal(encode_state(state))
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    key = generate_key()
    app = create_app(Config(state_keys=(key,), log_level="WARNING", access_log=False))
    app.logger.disabled = True
    import logging

    logging.getLogger("service.access").disabled = True
    client = app.test_client()
    print(f"POST /v1/games/act, in-process, {args.games} games per variant (ms; token bytes)")
    print(f"{'variant':<14}{'driver':<10}{'requests':>9}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'token':>8}{'max':>7}")
    for driver in ("explicit", "auto"):
        for variant in VARIANTS:
            times: list[float] = []
            sizes: list[int] = []
            for seed in range(args.games):
                t, s = play_http(client, variant, seed, driver)
                times += t
                sizes += s
            ms = [t * 1000 for t in times]
            print(
                f"{variant:<14}{driver:<10}{len(ms):>9}{percentile(ms, 0.5):>8.3f}{percentile(ms, 0.9):>8.3f}"
                f"{percentile(ms, 0.99):>8.3f}{max(ms):>8.2f}{statistics.mean(sizes):>8.0f}{max(sizes):>7}"
            )
    sealer = StateSealer([key])
    print("\ncore only (open + check + apply + seal), explicit moves (ms)")
    for variant in VARIANTS:
        ms = [t * 1000 for seed in range(args.games) for t in play_core(variant, seed, sealer)]
        print(f"{variant:<14}{len(ms):>9} p50 {percentile(ms, 0.5):.3f}  p99 {percentile(ms, 0.99):.3f}")


if __name__ == "__main__":
    main()
