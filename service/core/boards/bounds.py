"""What a scoreboard accepts: the worth of each kind of score.

A board takes scores from people counting real cards, so it cannot check the cards; it checks
that each number could be true: a pair is 2, a hand total is one some hand reaches, and no side
holds more than its deals could have given it (:mod:`..scoring.reach`; docs/rules.md 2, 3, 4.2).
"""

from __future__ import annotations

from ..scoring.pegging import PAIR_KINDS
from ..vocabulary import PegKind

# What one score may be worth, by kind (docs/rules.md 2, 3, 4.2). One card in the play scores at
# most 15 (double pair royal 12 + fifteen 2 + go 1): ``pegging`` is one card's (or a go's)
# points when the caller does not itemise them.
PLAY_POINTS: dict[PegKind, frozenset[int]] = {
    "fifteen": frozenset({2}),
    "thirty_one": frozenset({2}),
    **{kind: frozenset({points}) for kind, points in PAIR_KINDS.values()},
    "run": frozenset(range(3, 8)),
    "go": frozenset({1}),
    "last_card": frozenset({1}),
    "pegging": frozenset(range(1, 16)),
}
# Scores outside the counting order (a muggins call, a penalty, a correction): never part
# of a deal's order, bounded by the largest single count (29).
FREE_POINTS: dict[PegKind, frozenset[int]] = {
    "muggins": frozenset(range(1, 30)),
    "penalty": frozenset(range(1, 30)),
    "other": frozenset(range(1, 30)),
}
PEG_KINDS: tuple[PegKind, ...] = ("heels", *PLAY_POINTS, "hand", "crib", *FREE_POINTS)
# How a score kind is said inside a refusal ("a pair royal scores 6, not 5"), in each language.
KIND_WORDS: dict[PegKind, str] = {
    "heels": "k_heels",
    "fifteen": "k_fifteen",
    "thirty_one": "k_thirty_one",
    "pair": "k_pair",
    "pair_royal": "k_pair_royal",
    "double_pair_royal": "k_double_pair_royal",
    "run": "k_run",
    "go": "k_go",
    "last_card": "k_last_card",
    "pegging": "k_pegging",
    "hand": "k_hand",
    "crib": "k_crib",
    "muggins": "k_muggins",
    "penalty": "k_penalty",
    "other": "k_other",
}

MAX_DEALS = 10_000  # a board's deal number reaches this at most, and that deal never ends (a real game takes about ten)


__all__ = [
    "PLAY_POINTS",
    "FREE_POINTS",
    "PEG_KINDS",
    "KIND_WORDS",
    "MAX_DEALS",
]
