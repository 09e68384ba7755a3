"""``standard``: the decisions of :mod:`service.core.computer.strategy`, as they are.

The discard with the best exact net (crib weighed as if the others threw uniformly at
random), pegging one reply deep against the next seat that can still play, the exact count
as a claim, and a muggins call for exactly what an opponent missed. ``{type: auto}`` for a
person's seat plays at this level.
"""

from __future__ import annotations

from ...cards import Card
from ...game.actions import Action
from ...scoring.show import score_show
from ..strategy import choose_claim, choose_discard, choose_play, muggins_call
from .seen import Seen


def discard(seen: Seen) -> tuple[Card, ...]:
    return choose_discard(seen.dealt, seen.is_dealer, seen.rules, partner_deals=seen.partner_deals)


def next_holds(seen: Seen) -> int:
    """Cards held by the next seat that may still play in this count (0: none)."""
    players = seen.rules.players
    for step in range(1, players):
        other = (seen.seat + step) % players
        if seen.held[other] and not seen.passed[other]:
            return seen.held[other]
    return 0


def play(seen: Seen) -> Action:
    card = choose_play(seen.hand, seen.pile, seen.count, seen.unseen(), opponent_holds=next_holds(seen))
    assert card is not None  # a seat to play can always play: the engine says every forced go
    return Action("play", seen.seat, card=card)


def count(seen: Seen) -> Action:
    assert seen.starter is not None
    return Action(
        "count", seen.seat, claimed=choose_claim(seen.shown, seen.starter, is_crib=seen.is_crib, rules=seen.rules)
    )


def answer_claim(seen: Seen) -> Action:
    """Muggins for exactly the points the claim missed, else accept."""
    assert seen.starter is not None and seen.claim is not None
    actual = score_show(seen.shown, seen.starter, is_crib=seen.is_crib, rules=seen.rules).total
    called = muggins_call(actual, seen.claim)
    return Action("muggins", seen.seat, points=called) if called else Action("accept", seen.seat)


def choose(seen: Seen) -> Action:
    if seen.phase == "discard":
        return Action("discard", seen.seat, cards=tuple(discard(seen)))
    if seen.phase == "play":
        return play(seen)
    return count(seen) if seen.claim is None else answer_claim(seen)


__all__ = ["choose", "discard", "play", "count", "answer_claim", "next_holds"]
