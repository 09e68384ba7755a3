"""The strength ladder of the computer levels, and the time each level takes a decision.

    python -m research.ladder                          # 2,000 games per pairing, every core
    python -m research.ladder --games 400 --pairs hard:standard
    python -m research.ladder --games 0 --latency      # decision times only

**Ladder.** Pairings ``hard`` against ``standard``, ``standard`` against ``easy``, ``easy``
against ``random`` (``tests/support/players.py``; ``greedy`` can be named too), in two-player
six-card games to 121 with muggins off (``--variant``: ``five_card``, or ``four_player``, where each
plays a partnership), as ``tests/support/ladder.py`` plays them. Deal
``s`` (from ``--first-seed``) is played twice, the first-named player in seat 0 and then in
seat 1, with the first deal to seat ``s % 2`` both times: both sides get the same cards, and
seats and first deal alternate. ``--games`` counts games (two per deal). Printed per pairing:
wins of the first-named player, the rate, its 95% Wilson interval, the target (``hard`` 55%,
``standard`` 60% against ``easy``, ``easy`` 80% against ``random``; met when the whole
interval is above it), mean points per game for each side, and wall time. Games are spread
over ``--workers`` processes; the result does not depend on how many.

**Latency** (``--latency``). Every decision of each level over whole games of every variant
(each level in every seat against ``standard``), timed around
:func:`service.core.computer.players.choose`: p50, p99 and max in ms per phase. Target for ``hard``:
p99 at most 20 ms.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from collections.abc import Sequence

from research.strength import LATENCY_VARIANTS, percentile
from service.core.computer import players
from service.core.computer.play import apply, new_game
from service.core.game.engine import may_act
from service.core.game.state import LEVELS
from service.core.rules import resolve
from tests.support import ladder, population
from tests.support.ladder import Game
from tests.support.players import Player
from tests.support.stats import wilson

PAIRS = (("hard", "standard"), ("standard", "easy"), ("easy", "random"))
TARGETS = {("hard", "standard"): 0.55, ("standard", "easy"): 0.60, ("easy", "random"): 0.80}


def make_player(name: str, seed: int) -> Player:
    """A player of :func:`tests.support.population.make_player` (a level, a test opponent, an
    outside player), or an experiment of
    ``research/experiments.py`` (never shipped): ``x.NAME``, or ``x.opt/...`` for ``hard``
    with search options (``x.opt/policy=0/budget=1500/MAX_SAMPLES=16``)."""
    if name.startswith("x.opt/"):
        from research.experiments import with_options

        return with_options(name.removeprefix("x.opt/"))
    if name.startswith("x."):
        from research.experiments import EXPERIMENTS

        return EXPERIMENTS[name.removeprefix("x.")]
    return population.make_player(name, seed)  # a level, a test opponent, or the outside population


def report(a: str, b: str, results: Sequence[Game], seconds: float) -> None:
    n = len(results)
    wins = sum(g.won for g in results)
    lo, hi = wilson(wins, n)
    target = TARGETS.get((a, b))
    verdict = ""
    if target is not None:
        verdict = f"; target {target:.0%}: " + (
            "met (the whole interval is above it)"
            if lo > target
            else "the rate is above it, not the interval"
            if wins / n > target
            else "NOT MET"
        )
    both = sum(1 for i in range(0, n - 1, 2) if results[i].won and results[i + 1].won)
    mine = sum(g.points[0] for g in results) / n
    theirs = sum(g.points[1] for g in results) / n
    print(f"{a:>8} vs {b:<8} {wins:5d}/{n:<5d} = {wins / n:6.1%}  95% CI {lo:6.1%} .. {hi:6.1%}{verdict}")
    print(
        f"{'':19} won both seats of {both} of {n // 2} deals; mean final score {mine:.1f} to {theirs:.1f}; "
        f"{seconds:.0f} s"
    )


def latency(games: int, levels: Sequence[str]) -> None:
    """Time each level's decisions over whole games of every variant against ``standard``."""
    for level in levels:
        times: dict[str, list[float]] = defaultdict(list)
        for variant in LATENCY_VARIANTS:
            rules = resolve(variant, {"muggins": True})
            for seed in range(games):
                mine = {seat for seat in range(rules.players) if (seat + seed) % 2 == 0}
                state, _ = new_game(rules, seed)
                while not state.over:
                    seat = may_act(state)[0]
                    at = level if seat in mine else "standard"
                    start = time.perf_counter()
                    action = players.choose(state, seat, at)
                    ms = (time.perf_counter() - start) * 1000
                    if seat in mine:
                        phase = (
                            state.phase if state.phase != "show" else ("count" if state.claim is None else "muggins")
                        )
                        times[phase].append(ms)
                        times[variant].append(ms)
                        times[f"{variant} {phase}"].append(ms)  # the costly ones: a two-player play
                        times["all"].append(ms)
                    state, _ = apply(state, action)
        print(f"\n{level}: every decision of its seats in {games} games per variant (muggins on), ms")
        print(f"  {'':30}{'decisions':>10}{'p50':>9}{'p99':>9}{'max':>9}")
        for key, spent in times.items():
            print(
                f"  {key:30}{len(spent):>10}{percentile(spent, 0.5):9.3f}{percentile(spent, 0.99):9.3f}"
                f"{max(spent):9.3f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (0: skip the ladder)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--variant", default="six_card", choices=("six_card", "five_card", "four_player"))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--pairs",
        nargs="+",
        default=[f"{a}:{b}" for a, b in PAIRS],
        help="pairings as first:second (levels, random, greedy)",
    )
    parser.add_argument("--latency", action="store_true", help="time every level's decisions")
    parser.add_argument("--latency-games", type=int, default=10)
    args = parser.parse_args()
    if args.games:
        print(
            f"ladder: {args.games} {args.variant} games per pairing (deals {args.first_seed}.."
            f"{args.first_seed + (args.games + 1) // 2 - 1}, each from both seats), muggins off, "
            f"{args.workers} worker(s)"
        )
        for pair in args.pairs:
            a, b = pair.split(":")
            start = time.perf_counter()
            results = ladder.ladder_games(
                a,
                b,
                args.games,
                first_seed=args.first_seed,
                variant=args.variant,
                workers=args.workers,
                make=make_player,
            )
            report(a, b, results, time.perf_counter() - start)
    if args.latency:
        latency(args.latency_games, LEVELS)


if __name__ == "__main__":
    main()
