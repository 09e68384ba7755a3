"""The computer player's strength, and how long ``{type: auto}`` takes.

    python -m research.strength --games 1000             # strength: 1,000 games per opponent
    python -m research.strength --games 0 --latency      # latency only
    python -m research.strength --games 1000 --latency   # both

**Strength.** Seeded two-player six-card games (121 up, muggins off) through the engine
(:mod:`service.core.game.engine`, in-process): the computer player (:func:`service.core.computer.choose`,
exactly what ``{type: auto}`` does) against each opponent of ``tests/support/players.py``:

* ``random``: uniform over ``legal_actions``, from ``random.Random(seed)``;
* ``greedy``: keeps the four cards with the most points on their own (fifteens, pairs,
  runs, a four-card flush; no starter, no crib), pegs the card that scores most now by
  ``score_play``; ties throw the highest cards and play the highest card (the docstring of
  ``tests/support/players.py`` defines it exactly).

Game ``i`` (seed ``i``, from ``--first-seed``) seats the computer in seat ``i % 2`` and gives
the first deal to seat ``(i // 2) % 2``, so seats and first deal alternate evenly. The games
are spread over ``--workers`` processes (default: every core); the result does not depend on
how many. Printed per opponent: wins, the win rate with its 95% Wilson interval, the target
(over 90% against random, over 55% against greedy), the rate by who dealt first, mean
points per deal by kind for each side, and the wall time. A target counts as met when the
whole interval is above it (the rate alone being above it is said separately).

**Latency** (``--latency``). Every decision of the computer player over whole self-play games
(every seat automatic) of every variant, muggins off and on, timed around
``computer.choose``, reported per phase (discard, play, count, muggins/accept): p50, p99 and
max in ms. Then the same games through ``POST /v1/games/act`` with ``{type: auto}`` in-process
(Flask test client, ``create_app(Config(testing=True))``): the whole request path, per
phase. Target: at most 100 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from multiprocessing import Pool
from typing import Any

from service.core.computer import play as computer
from service.core.computer.play import apply, new_game
from service.core.game.engine import may_act
from service.core.rules import resolve
from tests.support.players import OPPONENTS, GameResult, strength_game
from tests.support.stats import wilson

TARGETS = {"random": 0.90, "greedy": 0.55}
LATENCY_VARIANTS = ("six_card", "five_card", "three_player", "four_player", "four_player_individual")
KINDS = ("hand", "crib", "pegging", "heels")


def _one(job: tuple[str, int]) -> GameResult:
    return strength_game(*job)


def run_games(opponent: str, seeds: Iterable[int], workers: int) -> list[GameResult]:
    jobs = [(opponent, seed) for seed in seeds]
    if workers <= 1:
        return [_one(job) for job in jobs]
    with Pool(workers) as pool:
        return sorted(pool.imap_unordered(_one, jobs, chunksize=8), key=lambda r: r.seed)


def report(opponent: str, results: list[GameResult], seconds: float) -> bool:
    n = len(results)
    wins = sum(r.won for r in results)
    lo, hi = wilson(wins, n)
    target = TARGETS[opponent]
    met = lo > target
    verdict = (
        "met, the whole interval is above it"
        if met
        else ("the rate is above it but the interval is not" if wins / n > target else "NOT MET")
    )
    print(
        f"\nvs {opponent}: {n} games, computer won {wins} = {wins / n:.1%}  "
        f"(95% Wilson CI {lo:.1%} .. {hi:.1%}); target > {target:.0%}: {verdict}"
    )
    for label, chosen in (
        ("computer deals first", [r for r in results if r.first_dealer == r.computer_seat]),
        ("opponent deals first", [r for r in results if r.first_dealer != r.computer_seat]),
    ):
        w = sum(r.won for r in chosen)
        print(f"  {label:22s} {w}/{len(chosen)} = {w / max(1, len(chosen)):.1%}")
    deals = sum(r.deals for r in results)
    margin = statistics.fmean(r.scores[0] - r.scores[1] for r in results)
    print(f"  mean final margin {margin:+.1f} points; {deals / n:.2f} deals a game")
    print("  points per deal      " + "".join(f"{k:>9}" for k in (*KINDS, "total")))
    for side in ("computer", "opponent"):
        totals: Counter[str] = Counter()
        for r in results:
            totals.update(r.points[side])
        row = [totals[k] / deals for k in KINDS]
        print(f"  {side:20s} " + "".join(f"{v:9.3f}" for v in row) + f"{sum(row):9.3f}")
    print(f"  wall time {seconds:.1f} s ({seconds / n * 1000:.1f} s per 1,000 games)")
    return met


# --- latency ------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _phase(state: Any) -> str:
    if state.phase != "show":
        return str(state.phase)
    return "count" if state.claim is None else "muggins"


def _table(title: str, times: dict[str, list[float]]) -> None:
    print(f"\n{title}")
    print(f"  {'phase':<10}{'decisions':>10}{'p50':>9}{'p99':>9}{'max':>9}  (ms)")
    everything: list[float] = []
    for phase in ("discard", "play", "count", "muggins"):
        ms = times.get(phase, [])
        everything += ms
        if ms:
            print(f"  {phase:<10}{len(ms):>10}{percentile(ms, 0.5):9.3f}{percentile(ms, 0.99):9.3f}{max(ms):9.3f}")
    print(
        f"  {'all':<10}{len(everything):>10}{percentile(everything, 0.5):9.3f}"
        f"{percentile(everything, 0.99):9.3f}{max(everything):9.3f}"
    )


def latency_core(games: int) -> None:
    """Time ``computer.choose`` at every decision of self-play games."""
    times: dict[str, list[float]] = defaultdict(list)
    per_variant: dict[str, list[float]] = defaultdict(list)
    for variant in LATENCY_VARIANTS:
        for muggins in (False, True):
            rules = resolve(variant, {"muggins": True} if muggins else None)
            for seed in range(games):
                state, _ = new_game(rules, seed)
                while not state.over:
                    seat = may_act(state)[0]
                    start = time.perf_counter()
                    action = computer.choose(state, seat)
                    ms = (time.perf_counter() - start) * 1000
                    times[_phase(state)].append(ms)
                    per_variant[variant].append(ms)
                    state, _ = apply(state, action)
    _table(f"computer.choose in-process, every decision of {games} self-play games per variant x muggins off/on", times)
    print(
        "  by variant: "
        + "; ".join(f"{v} p99 {percentile(ms, 0.99):.2f} max {max(ms):.2f}" for v, ms in per_variant.items())
    )


def latency_http(games: int) -> None:
    """``POST /v1/games/act`` with ``{type: auto}`` for the seat to act, through the test client."""
    from service.api.app import create_app
    from service.api.config import Config

    app = create_app(Config(testing=True, access_log=False))
    client = app.test_client()
    times: dict[str, list[float]] = defaultdict(list)
    # The access log stays on (it is part of the request path) but goes to /dev/null: one
    # line per request would drown the numbers.
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        _http_games(client, games, times)
    _table(
        f"POST /v1/games/act {{type: auto}} in-process (test client), {games} games per variant x muggins off/on", times
    )


def _http_games(client: Any, games: int, times: dict[str, list[float]]) -> None:
    for variant in LATENCY_VARIANTS:
        for muggins in (False, True):
            for seed in range(games):
                body: dict[str, Any] = {"variant": variant, "seed": seed, "seat": 0}
                if muggins:
                    body["options"] = {"muggins": True}
                game = client.post("/v1/games", json=body).get_json()
                while game["view"]["phase"] != "over":
                    view = game["view"]
                    seat = view["turn"]
                    phase = (
                        view["phase"] if view["phase"] != "show" else ("count" if view["claim"] is None else "muggins")
                    )
                    act = {"state": game["state"], "action": {"type": "auto", "seat": seat}, "seat": seat}
                    start = time.perf_counter()
                    response = client.post("/v1/games/act", json=act)
                    times[phase].append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200, response.get_json()
                    game = response.get_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per opponent (0: skip the strength run)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--opponents", nargs="+", choices=OPPONENTS, default=list(OPPONENTS))
    parser.add_argument("--latency", action="store_true", help="also time {type: auto} (core and HTTP)")
    parser.add_argument("--latency-games", type=int, default=10, help="self-play games per variant and muggins setting")
    args = parser.parse_args()
    if args.games:
        print(
            f"strength: {args.games} seeded six_card games per opponent (seeds {args.first_seed}.."
            f"{args.first_seed + args.games - 1}), muggins off, {args.workers} worker process(es)"
        )
        total = time.perf_counter()
        for opponent in args.opponents:
            start = time.perf_counter()
            results = run_games(opponent, range(args.first_seed, args.first_seed + args.games), args.workers)
            report(opponent, results, time.perf_counter() - start)
        print(f"\nstrength wall time, all opponents: {time.perf_counter() - total:.1f} s")
    if args.latency:
        latency_core(args.latency_games)
        latency_http(max(1, args.latency_games // 2))


if __name__ == "__main__":
    main()
