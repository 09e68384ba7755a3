"""The play over ranks for ``hard``'s search: a card's points on a pile of ranks, memoised.

Suits never score in the play, so the search and the opponent model work on ranks
(1..13). Their pure functions cache their answers in plain dicts (:func:`memo`), bounded
between decisions by :func:`trim`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

# The most answers each cache keeps between decisions: 20,000 keeps a worker near 65 MiB after
# many games (200,000 let it grow past 250 MiB) for about 5% more time a game.
CACHE = 20_000
CACHES: list[tuple[Callable[..., object], int]] = []  # (cached function, the most entries it keeps)


def memo(size: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """A pure function's answers cached in one plain dict (``lru_cache`` without a bound:
    no list per entry for the garbage collector to walk, which gave pauses of tens of
    milliseconds), emptied by :func:`trim` once it holds more than ``size``."""

    def wrap(function: Callable[..., T]) -> Callable[..., T]:
        cached = lru_cache(maxsize=None)(function)
        CACHES.append((cached, size))
        return cached

    return wrap


def trim() -> None:
    """Empty the caches that hold too many answers (once a decision: answers never change)."""
    for cached, size in CACHES:
        if cached.cache_info().currsize > size:  # type: ignore[attr-defined]
            cached.cache_clear()  # type: ignore[attr-defined]


VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # a rank's value in the count


@memo(CACHE)
def peg(pile: tuple[int, ...], rank: int) -> int:
    """Points for playing ``rank`` on a pile of ranks (as :func:`~service.core.scoring.pegging.score_play`)."""
    seq = (*pile, rank)
    total = sum(map(VALUES.__getitem__, seq))
    points = 2 if total in (15, 31) else 0
    size = len(seq)
    same = 1
    while same < size and seq[-1 - same] == rank:
        same += 1
    if same >= 2:
        return points + (2, 6, 12, 12, 12, 12, 12)[same - 2]  # (more than four only in tables never read)
    if size < 3 or seq[-2] == seq[-3] or rank == seq[-3]:
        return points  # a run needs its last three cards of three ranks
    for length in range(size, 2, -1):
        window = seq[-length:]
        if len(set(window)) == length and max(window) - min(window) == length - 1:
            return points + length
    return points


__all__ = ["peg", "memo", "trim", "CACHE", "CACHES", "VALUES"]
