"""``easy``: a plausible beginner, who sees the points in front of it and nothing further.

* **Discard**: keeps the cards whose points on their own are highest (:func:`kept_points`:
  fifteens, pairs, runs and a flush of the kept cards; no starter, no thought for the crib
  or the pegging). Among equal keeps it keeps the higher cards (a beginner holds on to its
  picture cards).
* **Play**: the card that scores most now (:func:`~service.core.scoring.pegging.score_play`:
  fifteen, 31, pairs, runs); among equals the highest card (it gets rid of the big ones).
* **Show**: counts its own hand exactly (a beginner, not a cheat) and never calls muggins.

>>> from ...cards import parse_cards
>>> sorted(str(c) for c in keep(parse_cards("5S 5H 5D JC 2H 7S"), 4))
['5D', '5H', '5S', 'JC']
>>> str(best_play(parse_cards("5C 9D KS"), parse_cards("10H")))
'5C'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ...cards import SUITS, Card
from ...game.actions import Action
from ...game.views import SeatView
from ...scoring.pegging import play_points
from .standard import count


def kept_points(cards: Sequence[Card]) -> int:
    """Show points of ``cards`` alone (no starter): 2 for each set adding to 15, 2 for each
    pair, each longest run's length, and one a card for a flush.

    >>> from ...cards import parse_cards
    >>> kept_points(parse_cards("3C 3D 4H 5S")), kept_points(parse_cards("2H 3H 4H 9H"))
    (10, 9)
    """
    points = 2 * sum(
        1
        for size in range(2, len(cards) + 1)
        for subset in combinations(cards, size)
        if sum(c.value for c in subset) == 15
    )
    points += 2 * sum(1 for a, b in combinations(cards, 2) if a.rank == b.rank)
    for size in range(len(cards), 2, -1):
        runs = sum(
            1
            for subset in combinations(sorted(c.rank for c in cards), size)
            if all(subset[i + 1] == subset[i] + 1 for i in range(size - 1))
        )
        if runs:
            points += runs * size
            break
    if len({c.suit for c in cards}) == 1:
        points += len(cards)
    return points


def _high_first(card: Card) -> tuple[int, int]:
    return card.rank, SUITS.index(card.suit)


def keep(cards: Sequence[Card], size: int) -> tuple[Card, ...]:
    """The ``size`` cards to keep: most :func:`kept_points`, then the highest cards."""
    options = combinations(sorted(cards, key=_high_first, reverse=True), size)
    return max(options, key=lambda kept: (kept_points(kept), sorted(map(_high_first, kept), reverse=True)))


def best_play(hand: Sequence[Card], pile: Sequence[Card]) -> Card:
    """The card that scores most on ``pile`` now; ties: the highest card."""
    count = sum(c.value for c in pile)
    legal = [c for c in hand if count + c.value <= 31]
    return max(legal, key=lambda c: (play_points(pile, c), _high_first(c)))


def choose(seen: SeatView) -> Action:
    if seen.phase == "discard":
        kept = keep(seen.dealt, seen.rules.hand_size)
        return Action("discard", seen.own_seat, cards=tuple(sorted(c for c in seen.dealt if c not in kept)))
    if seen.phase == "play":
        return Action("play", seen.own_seat, card=best_play(seen.hand, seen.pile_cards))
    return count(seen) if seen.claim is None else Action("accept", seen.own_seat)


__all__ = ["choose", "keep", "best_play", "kept_points"]
