"""``standard``: the decisions of :mod:`service.core.computer.strategy`, as they are.

The discard with the best exact net (crib weighed as if the others threw uniformly at
random), pegging one reply deep against the next seat that can still play, the exact count
as a claim, and a muggins call for exactly what an opponent missed. ``{type: auto}`` for a
person's seat plays at this level.
"""

from __future__ import annotations

from ...cards import Card
from ...game.actions import Action
from ...game.views import SeatView
from ...scoring.show import score_show
from ..strategy import choose_claim, choose_discard, choose_play, muggins_call


def discard(seen: SeatView) -> tuple[Card, ...]:
    return choose_discard(seen.dealt, seen.is_dealer, seen.rules, partner_deals=seen.partner_deals)


def next_seat(seen: SeatView) -> int | None:
    """The next seat clockwise that may still play in this count (holds cards, has not said
    go), or ``None``."""
    players = seen.rules.players
    for step in range(1, players):
        other = (seen.own_seat + step) % players
        if seen.held[other] and other not in seen.gone:
            return other
    return None


def next_holds(seen: SeatView) -> int:
    """Cards held by the next seat that may still play in this count (0: none)."""
    other = next_seat(seen)
    return 0 if other is None else seen.held[other]


def play(seen: SeatView) -> Action:
    card = choose_play(seen.hand, seen.pile_cards, seen.count, seen.unseen, opponent_holds=next_holds(seen))
    assert card is not None  # a seat to play can always play: the engine says every forced go
    return Action("play", seen.own_seat, card=card)


def count(seen: SeatView) -> Action:
    """The exact count of the hand or crib the seat lays down to count."""
    assert seen.starter is not None and seen.counting is not None
    counted = seen.counting
    claimed = choose_claim(counted.cards, seen.starter, is_crib=counted.crib, rules=seen.rules)
    return Action("count", seen.own_seat, claimed=claimed)


def answer_claim(seen: SeatView) -> Action:
    """Muggins for exactly the points the claim (on the hand shown last) missed, else accept."""
    assert seen.starter is not None and seen.claim is not None
    actual = score_show(seen.shown[-1].cards, seen.starter, is_crib=seen.claim.crib, rules=seen.rules).total
    called = muggins_call(actual, seen.claim.claimed)
    return Action("muggins", seen.own_seat, points=called) if called else Action("accept", seen.own_seat)


def choose(seen: SeatView) -> Action:
    if seen.phase == "discard":
        return Action("discard", seen.own_seat, cards=tuple(discard(seen)))
    if seen.phase == "play":
        return play(seen)
    return count(seen) if seen.claim is None else answer_claim(seen)


__all__ = ["choose", "discard", "play", "count", "answer_claim", "next_holds", "next_seat"]
