"""Tables over rank multisets: fifteens, pairs and runs depend only on the ranks.

Built once at import (about 8,000 multisets of 4 or 5 ranks, a few tens of milliseconds)
and shared by the show scorer, the exhaustive checks and the discard analysis.

Two views of the same facts:

* ``PATTERNS[ranks]``: for a sorted tuple of ranks, every scoring combination as
  ``(kind, positions, points)`` where positions index into the rank-sorted cards. The
  scorer with items uses this.
* ``TOTAL_BY_KEY[key]``: the points alone, keyed by a *rank key*, the sum of
  ``RANK_KEY[rank]`` over the cards. Each rank owns three bits, so the key is the multiset
  itself and needs no sorting: the bulk fast path uses this.

>>> PATTERNS[(4, 4, 5, 6, 6)][:2]
(('fifteen', (0, 2, 3), 2), ('fifteen', (0, 2, 4), 2))
>>> TOTAL_BY_KEY[rank_key((5, 5, 5, 5, 11))]
28
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from operator import itemgetter
from typing import Any

from ..vocabulary import ItemKind

Pattern = tuple[ItemKind, tuple[int, ...], int]

RANK_KEY: tuple[int, ...] = tuple(0 if r == 0 else 1 << (3 * (r - 1)) for r in range(14))


def rank_key(ranks: Iterable[int]) -> int:
    """The order-free key of a rank multiset."""
    return sum(RANK_KEY[r] for r in ranks)


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


def patterns_for(ranks: tuple[int, ...]) -> tuple[Pattern, ...]:
    """Every fifteen, pair and longest run among sorted ``ranks``, by plain enumeration."""
    n = len(ranks)
    found: list[Pattern] = []
    for size in range(2, n + 1):
        for pos in combinations(range(n), size):
            if sum(_value(ranks[i]) for i in pos) == 15:
                found.append(("fifteen", pos, 2))
    for pos in combinations(range(n), 2):
        if ranks[pos[0]] == ranks[pos[1]]:
            found.append(("pair", pos, 2))
    for length in range(n, 2, -1):
        runs = [
            pos
            for pos in combinations(range(n), length)
            if len({ranks[i] for i in pos}) == length and ranks[pos[-1]] - ranks[pos[0]] == length - 1
        ]
        if runs:
            found.extend(("run", pos, length) for pos in runs)
            break
    return tuple(found)


def _build() -> tuple[dict[tuple[int, ...], tuple[Pattern, ...]], dict[int, int]]:
    patterns: dict[tuple[int, ...], tuple[Pattern, ...]] = {}
    totals: dict[int, int] = {}
    for size in (4, 5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if any(ranks.count(r) > 4 for r in set(ranks)):
                continue
            found = patterns_for(ranks)
            patterns[ranks] = found
            totals[rank_key(ranks)] = sum(p[2] for p in found)
    return patterns, totals


PATTERNS, TOTAL_BY_KEY = _build()

# The same patterns with each position tuple as an ``itemgetter`` (every pattern names two
# or more cards, so it always returns a tuple): the scorer with items picks cards in C.
PICKERS: dict[tuple[int, ...], tuple[tuple[ItemKind, Callable[[Sequence[Any]], tuple[Any, ...]], int], ...]] = {
    ranks: tuple((kind, itemgetter(*pos), points) for kind, pos, points in found) for ranks, found in PATTERNS.items()
}
