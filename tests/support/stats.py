"""Intervals for the strength checks: a win rate's (Wilson) and a mean's (normal).

``tests/strength/test_ladder.py`` and ``python -m research.ladder`` (and ``research.duel``,
``research.strength``) judge results with the same two, so a bounded run and a long one say
"better with 95% confidence" the same way.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% for z = 1.96).

    >>> lo, hi = wilson(600, 1000)
    >>> round(lo, 4), round(hi, 4)
    (0.5693, 0.6299)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (infinite for fewer than two values).

    >>> mean, half = interval([1.0, 3.0])
    >>> mean, round(half, 2)
    (2.0, 1.96)
    """
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half
