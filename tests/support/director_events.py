"""Random event results for the tournament tests and ``benchmarks/tournament_scale.py`` (which
measures the same events the tests check).

A game between two players: a fair coin picks the winner, who pegs out at 121; the loser's
score is uniform from ``low`` to 120, so every skunk level turns up when ``low`` is under 31.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from service.core.scoring.results import GameResult


def random_scores(rnd: random.Random, low: int = 20) -> tuple[int, int]:
    loser = rnd.randint(low, 120)
    return (121, loser) if rnd.random() < 0.5 else (loser, 121)


def random_event(players: Sequence[str], count: int, seed: int, low: int = 20) -> list[GameResult]:
    """``count`` games between random pairs of ``players``."""
    rnd = random.Random(seed)
    return [GameResult(tuple(rnd.sample(list(players), 2)), random_scores(rnd, low)) for _ in range(count)]
