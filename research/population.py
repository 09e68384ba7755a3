"""The levels against players nobody derived from them: the outside population's table.

    python -m research.population --games 2000                       # the whole table
    python -m research.population --games 200 --pairs hard:ev hard:mc  # some pairings

The players (``greedy``, ``ev``, ``mc``) are ``tests/support/population.py``'s. Every level
against each of them (and ``hard`` against ``standard``, ``standard`` against ``easy``,
``easy`` against ``random``; a first-named ``x.NAME`` experiment of :mod:`research.ladder`
too), two-player six-card games to 121 with muggins off, as
:func:`tests.support.ladder.ladder_games` plays them: deal ``s`` played twice, the
first-named player in seat 0 and then in seat 1, the first deal to seat ``s % 2`` both
times. Per pairing: games, wins with the 95% Wilson interval, mean points per game of each
side, skunks (the loser under 91) each way, wall time.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence

from research.ladder import make_player
from tests.support import ladder
from tests.support.ladder import Game
from tests.support.population import LEVELS, POPULATION
from tests.support.stats import wilson

SKUNK = 91  # a loser under this many points is skunked (in a game to 121)


def row(a: str, b: str, games: Sequence[Game], seconds: float) -> str:
    n = len(games)
    wins = sum(g.won for g in games)
    lo, hi = wilson(wins, n)
    mine = sum(g.points[0] for g in games) / n
    theirs = sum(g.points[1] for g in games) / n
    skunked = sum(1 for g in games if not g.won and g.points[0] < SKUNK)
    skunks = sum(1 for g in games if g.won and g.points[1] < SKUNK)
    return (
        f"| `{a}` vs `{b}` | {n} | {wins} | {wins / n:.1%} | {lo:.1%} .. {hi:.1%} | {mine:.1f} to {theirs:.1f} "
        f"| {skunks} / {skunked} | {seconds:.0f} s |"
    )


PAIRS = (
    *(f"{level}:{other}" for level in reversed(LEVELS) for other in POPULATION),
    "hard:standard",
    "standard:easy",
    "easy:random",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (two per deal)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pairs", nargs="+", default=list(PAIRS), help="first:second (levels, population, random)")
    args = parser.parse_args()
    print(
        f"population: {args.games} six_card games per pairing (deals {args.first_seed}.."
        f"{args.first_seed + (args.games + 1) // 2 - 1}, each from both seats), muggins off, {args.workers} worker(s)"
    )
    print("| pairing | games | wins | rate | 95% interval | points per game | skunks given / taken | time |")
    print("|---|---|---|---|---|---|---|---|")
    for pair in args.pairs:
        a, b = pair.split(":")
        start = time.perf_counter()
        games = ladder.ladder_games(
            a, b, args.games, first_seed=args.first_seed, workers=args.workers, make=make_player
        )
        print(row(a, b, games, time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main()
