"""Plain reference implementations written for the tests, independent of service.core's tables.

Obviously correct over speed: every subset for fifteens, every pair, every run of the
longest length found by brute force; suits checked card by card. Cards are (rank, suit)
with rank 1..13 so that nothing here depends on the code under test.
"""

from __future__ import annotations

from itertools import combinations

RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


def card(text: str) -> tuple[int, str]:
    return RANKS[text[:-1].upper()], text[-1].upper()


def value(rank: int) -> int:
    return min(rank, 10)


def reference_show(
    hand: list[tuple[int, str]], starter: tuple[int, str], crib: bool = False, crib_flush: str = "five_only"
) -> dict[str, int]:
    """Points per kind for a hand (3 or 4 cards) or crib with its starter; ``crib_flush``
    ``four_or_five`` lets a crib flush with four cards as a hand does."""
    cards = [*hand, starter]
    out = {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(value(r) for r, _ in subset) == 15:
                out["fifteens"] += 2
    for a, b in combinations(cards, 2):
        if a[0] == b[0]:
            out["pairs"] += 2
    for size in range(len(cards), 2, -1):
        runs = 0
        for subset in combinations(cards, size):
            ranks = sorted(r for r, _ in subset)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            out["runs"] = runs * size
            break
    if len({s for _, s in hand}) == 1:
        if starter[1] == hand[0][1]:
            out["flush"] = len(hand) + 1
        elif not crib or crib_flush == "four_or_five":
            out["flush"] = len(hand)
    if any(r == 11 and s == starter[1] for r, s in hand):
        out["nobs"] = 1
    return out


def reference_total(
    hand: list[tuple[int, str]], starter: tuple[int, str], crib: bool = False, crib_flush: str = "five_only"
) -> int:
    return sum(reference_show(hand, starter, crib, crib_flush).values())
