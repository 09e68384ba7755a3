"""Exhaustive enumeration helpers shared by the exhaustive test and its benchmark.

Every (hand, starter) combination is scored, one by one, by the production fast path
(:func:`service.core.show.show_total`); the work is split across processes by the
hand's first card.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from multiprocessing import get_context

from service.core.cards import DECK
from service.core.scoring.show import show_total


def _count_slice(args: tuple[int, int, int]) -> tuple[list[int], list[int], list[int]]:
    """Counts per total for hands whose first card index falls in this worker's share."""
    worker, workers, hand_size = args
    hand_counts, crib_counts, small_counts = [0] * 30, [0] * 30, [0] * 30
    for first in range(worker, 52, workers):
        head = DECK[first]
        for rest in combinations(DECK[first + 1 :], hand_size - 1):
            hand = (head, *rest)
            for starter in DECK:
                if starter in hand:
                    continue
                if hand_size == 4:
                    hand_counts[show_total(hand, starter, False)] += 1
                    crib_counts[show_total(hand, starter, True)] += 1
                else:
                    small_counts[show_total(hand, starter, False)] += 1
    return hand_counts, crib_counts, small_counts


def distributions(workers: int | None = None) -> dict[str, dict[int, int]]:
    """Counts of every show total over every 4-card hand (as hand and as crib) and every
    3-card hand, each with every starter."""
    workers = workers or max(1, min(os.cpu_count() or 1, 4))
    jobs = [(w, workers, size) for size in (4, 3) for w in range(workers)]
    totals = {"hand": [0] * 30, "crib": [0] * 30, "five_card_hand": [0] * 30}
    with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
        for hand_counts, crib_counts, small_counts in pool.map(_count_slice, jobs):
            for name, counts in (("hand", hand_counts), ("crib", crib_counts), ("five_card_hand", small_counts)):
                totals[name] = [a + b for a, b in zip(totals[name], counts)]
    return {name: dict(enumerate(counts)) for name, counts in totals.items()}
