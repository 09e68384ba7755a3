"""What a side can reach: the show totals some hand scores, and the most a side can score in a
deal and in a game (sound bounds, never tight: nothing possible is refused by them).

A scoreboard keeps every side inside :func:`game_bound`, and a fixed-deals game's reported
totals are held to it (:func:`~.outcome.outcome`): both take scores from people counting real
cards, so neither can check the cards, only that each number could be true.
"""

from __future__ import annotations

from ..rules import HEELS_POINTS, THREE_FOR_LAST_POINTS, Rules

# Show totals that some hand reaches (data/score_distributions.json; docs/rules.md 2): a 4-card
# hand or any crib scores 0..29 but never 19, 25, 26 or 27; a 3-card hand 0..20 but never 16-19.
FOUR_CARD_TOTALS = frozenset(range(30)) - {19, 25, 26, 27}
THREE_CARD_TOTALS = frozenset(range(21)) - {16, 17, 18, 19}
CRIB_TOTALS = FOUR_CARD_TOTALS
MAX_CARD_PEGGING = 15


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


# What manual counting can add to a side for one count of the show (a hand or the crib) beyond
# :func:`deal_bound`: its own count's wrong muggins call pays it up to 29 on top of the count, and
# an opponent's count gives it at most 29 (muggins takes no more than was missed, an over-claim's
# award no more than its excess); one window, one call, a count (docs/rules.md 10).
MANUAL_COUNT_AWARD = 29


def total_bound(rules: Rules, deals: int, side: int) -> int:
    """The most a side can hold after ``deals`` deals of a game the engine plays or a scorecard
    reports: :func:`game_bound`, and with manual counting (``muggins``, or an over-claim policy
    that awards the opponent) what its awards can add, every count of every deal.

    >>> from ..rules import STANDARD, resolve
    >>> total_bound(STANDARD, 2, 0), total_bound(resolve("six_card", {"muggins": True}), 2, 0)
    (240, 414)
    """
    manual = rules.muggins or rules.overclaim_policy != "correct"
    counts = rules.players + 1  # every seat's hand and the crib
    return game_bound(rules, deals, side) + (deals * counts * MANUAL_COUNT_AWARD if manual else 0)


__all__ = [
    "FOUR_CARD_TOTALS",
    "THREE_CARD_TOTALS",
    "CRIB_TOTALS",
    "MAX_CARD_PEGGING",
    "hand_totals",
    "seats_of",
    "pegging_bound",
    "deal_bound",
    "game_bound",
    "total_bound",
    "MANUAL_COUNT_AWARD",
]
