"""The computer player's decisions, as pure functions of what its seat can see.

* :func:`choose_discard`: the throw with the best exact net (:mod:`.advice`).
* :func:`choose_play`: pegging by looking one reply deep. For each card it may play it
  counts the points the card scores now, then, for every rank the next opponent might
  hold, the points that opponent's best reply scores and the points the seat's best
  counter to that reply scores back (the seat knows its own cards). The opponent's hand is
  taken to be a uniformly random set of the unseen cards of the size it holds, so the
  chance that its best reply is a given rank is exact (hypergeometric): it holds none of
  the ranks that would score more. If it can play nothing, it says go and the seat takes
  the go point (and what its next card scores). The card with the best expected balance is
  played; ties go to the smaller worst case, then to the higher card (low cards are kept to
  squeeze in under 31 later).
* :func:`choose_claim` and :func:`muggins_call`: in the show, claim the exact count; with
  muggins on, take every point an opponent missed.

No engine here: the engine asks these functions and applies the answer.

>>> from ..cards import parse_cards
>>> from ..rules import preset
>>> [str(c) for c in choose_discard(parse_cards("5S 5H 5D JC 2H 7S"), True, preset("six_card"))]
['2H', '7S']
>>> str(choose_play(parse_cards("4C 10H KD QS"), (), 0, parse_cards("5S 5H 5D 5C 9D 6H 2S AC")))
'4C'
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ..cards import Card
from ..rules import STANDARD, Rules
from ..scoring.claims import check_claim
from ..scoring.pegging import play_points
from ..scoring.show import score_show
from .advice import discard_advice


def choose_discard(
    cards: Sequence[Card], is_dealer: bool, rules: Rules = STANDARD, *, partner_deals: bool = False
) -> tuple[Card, ...]:
    """The cards to throw: the option with the best exact net (ties as :func:`.advice.discard_advice`)."""
    return discard_advice(cards, is_dealer, rules, partner_deals=partner_deals).best.discard


def _best_next(pile: Sequence[Card], count: int, hand: Sequence[Card]) -> int | None:
    """The most the seat's next card scores on ``pile`` (counting 31 as the end of the count),
    or ``None`` when nothing fits."""
    best: int | None = None
    for card in hand:
        if count + card.value <= 31:
            points = play_points(pile, card)
            if best is None or points > best:
                best = points
    return best


def _evaluate(
    card: Card,
    hand: Sequence[Card],
    pile: Sequence[Card],
    count: int,
    unseen_by_rank: dict[int, list[Card]],
    unseen_total: int,
    holds: int,
) -> tuple[int, int, int]:
    """``(now, balance, worst)`` for playing ``card``, where ``balance / C(unseen, holds)``
    is the expected points of the opponent's reply net of the seat's counter (and of the go)."""
    now = play_points(pile, card)
    after = (*pile, card)
    count_after = count + card.value
    rest = [c for c in hand if c != card]
    if count_after == 31:
        return now, 0, 0  # the count resets; the opponent leads a new count
    replies: list[tuple[int, int, int]] = []  # (opponent's points, seat's counter, cards of that rank)
    for cards in unseen_by_rank.values():
        reply = cards[0]
        if count_after + reply.value > 31:
            continue
        theirs = play_points(after, reply)
        counter = _best_next((*after, reply), count_after + reply.value, rest) or 0
        replies.append((theirs, counter, len(cards)))
    # The opponent plays its highest-scoring card; among equals, the one that leaves the seat least.
    replies.sort(key=lambda r: (-r[0], r[1]))
    total = comb(unseen_total, holds)
    balance = 0
    worst = 0
    covered = 0
    none_before = total
    for theirs, counter, size in replies:
        covered += size
        none_after = comb(unseen_total - covered, holds)
        balance += (none_before - none_after) * (theirs - counter)
        worst = max(worst, theirs - counter)
        none_before = none_after
    if none_before:  # the opponent cannot play: a go, the seat plays on or takes the point
        follow = _best_next(after, count_after, rest)
        go_value = 1 if follow is None else follow + 1
        balance -= none_before * go_value
    return now, balance, worst


def choose_play(
    hand: Sequence[Card],
    pile: Sequence[Card],
    count: int,
    unseen_cards: Sequence[Card],
    *,
    opponent_holds: int | None = None,
) -> Card | None:
    """The card to play onto ``pile`` (the cards of the current count, totalling ``count``),
    or ``None`` when no card fits under 31 (the seat must say go).

    ``unseen_cards`` are the cards the seat has not seen (not its own, not the starter, not
    played); the next opponent holds ``opponent_holds`` of them (default: up to 4).

    >>> from ..cards import parse_cards
    >>> pile = parse_cards("10S 4D")
    >>> str(choose_play(parse_cards("AH 5C 9D"), pile, 14, parse_cards("KC 2S 3H 7C 8D")))
    'AH'
    """
    legal = [c for c in hand if count + c.value <= 31]
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(unseen_cards):
        by_rank.setdefault(card.rank, []).append(card)
    holds = min(len(unseen_cards), 4 if opponent_holds is None else opponent_holds)
    total = comb(len(unseen_cards), holds)
    # One card per rank (suits do not matter in the play): the first of each in this order.
    by_rank_played: dict[int, Card] = {}
    for card in sorted(legal, key=lambda c: (-c.rank, c.suit)):
        by_rank_played.setdefault(card.rank, card)

    def key(card: Card) -> tuple[int, int, int]:
        # Higher is better: expected net points (scaled by total), then a smaller worst case,
        # then the higher card (so no two cards tie).
        now, balance, worst = _evaluate(card, hand, pile, count, by_rank, len(unseen_cards), holds)
        return (now * total - balance, -worst, card.rank)

    return max(by_rank_played.values(), key=key)


def choose_claim(hand: Sequence[Card], starter: Card, *, is_crib: bool = False, rules: Rules = STANDARD) -> int:
    """The computer player claims the exact count of its hand or crib.

    >>> from ..cards import parse_cards, parse_card
    >>> choose_claim(parse_cards("5S 5H 5D JC"), parse_card("5C"))
    29
    """
    return score_show(hand, starter, is_crib=is_crib, rules=rules).total


def muggins_call(actual: int, claimed: int) -> int:
    """Points to call as muggins on an opponent's claim: every point it missed (0: no call).

    >>> muggins_call(14, 12), muggins_call(14, 14), muggins_call(14, 16)
    (2, 0, 0)
    """
    return check_claim(actual, claimed, muggins=True).muggins_points


__all__ = ["choose_discard", "choose_play", "choose_claim", "muggins_call"]
