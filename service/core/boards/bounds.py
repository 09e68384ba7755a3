"""What a scoreboard accepts: the worth of each kind of score, and the most a side can peg.

A board takes scores from people counting real cards, so it cannot check the cards; it checks
that each number could be true: a pair is 2, a hand total is one some hand reaches, and no side
holds more than its deals could have given it (docs/rules.md 2, 3, 4.2).
"""

from __future__ import annotations

from ..rules import HEELS_POINTS, THREE_FOR_LAST_POINTS, Rules
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

# Show totals that some hand reaches (data/score_distributions.json; docs/rules.md 2): a 4-card
# hand or any crib scores 0..29 but never 19, 25, 26 or 27; a 3-card hand 0..20 but never 16-19.
FOUR_CARD_TOTALS = frozenset(range(30)) - {19, 25, 26, 27}
THREE_CARD_TOTALS = frozenset(range(21)) - {16, 17, 18, 19}
CRIB_TOTALS = FOUR_CARD_TOTALS
MAX_CARD_PEGGING = 15
MAX_DEALS = 10_000  # a board's deal number reaches this at most, and that deal never ends (a real game takes about ten)


def hand_totals(rules: Rules) -> frozenset[int]:
    """Every total a hand of this variant can score in the show."""
    return FOUR_CARD_TOTALS if rules.hand_size == 4 else THREE_CARD_TOTALS


def seats_of(rules: Rules, side: int) -> tuple[int, ...]:
    """The seats that score for ``side`` (two in partnerships)."""
    return tuple(seat for seat in range(rules.players) if rules.side_of(seat) == side)


def pegging_bound(rules: Rules, side: int) -> int:
    """A sound upper bound on what a side can peg in one deal's play.

    Every card a side plays scores at most 15 (docs/rules.md 4.2: a pair and a run never score
    on one card, a 31 replaces the go), and the side plays at most its hand size per seat,
    so the bound is 15 per card: 60 for a two- or three-player hand, 120 for a partnership,
    45 in the five-card game. It is sound, not tight (no deal reaches it), which is what
    refusing an impossible deal needs: nothing possible is ever refused.

    >>> from ..rules import STANDARD, preset
    >>> pegging_bound(STANDARD, 0), pegging_bound(preset("four_player"), 1)
    (60, 120)
    """
    return MAX_CARD_PEGGING * rules.hand_size * len(seats_of(rules, side))


def deal_bound(rules: Rules, side: int, dealer: int) -> int:
    """The most a side can score in one deal: heels and the crib for the dealer's side,
    the pegging bound, and the best hand for each of its seats.

    >>> from ..rules import STANDARD
    >>> deal_bound(STANDARD, 0, dealer=0), deal_bound(STANDARD, 1, dealer=0)
    (120, 89)
    """
    dealing = rules.side_of(dealer) == side
    best_hand = max(hand_totals(rules))
    return (
        (HEELS_POINTS + max(CRIB_TOTALS) if dealing else 0)
        + pegging_bound(rules, side)
        + best_hand * len(seats_of(rules, side))
    )


def game_bound(rules: Rules, deal: int, side: int) -> int:
    """The most a side can have pegged by deal ``deal``: every deal's most (:func:`deal_bound`,
    whoever dealt), and three for last (once, or every deal)."""
    per_deal = deal if rules.three_for_last == "every_deal" else 1
    three = 0 if rules.three_for_last == "none" else THREE_FOR_LAST_POINTS * per_deal
    return deal * max(deal_bound(rules, side, d) for d in range(rules.players)) + three


__all__ = [
    "PLAY_POINTS",
    "FREE_POINTS",
    "PEG_KINDS",
    "KIND_WORDS",
    "FOUR_CARD_TOTALS",
    "THREE_CARD_TOTALS",
    "CRIB_TOTALS",
    "MAX_CARD_PEGGING",
    "MAX_DEALS",
    "hand_totals",
    "seats_of",
    "pegging_bound",
    "deal_bound",
    "game_bound",
]
