"""The show scorer: a hand or the crib with the starter. The one scorer every endpoint uses.

>>> from ..cards import parse_cards, parse_card
>>> score = score_show(parse_cards("5S 5H 5D JC"), parse_card("5C"))
>>> score.total, score.by_kind()
(29, {'fifteens': 16, 'pairs': 12, 'runs': 0, 'flush': 0, 'nobs': 1})
>>> score_show(parse_cards("AH 2H 3H 4H"), parse_card("9S"), is_crib=True).total
8
>>> show_total(parse_cards("AH 2H 3H 4H"), parse_card("9S"))
12
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import JACK, Card, check_distinct
from ..errors import DuplicateCard, WrongCardCount
from ..items import ScoreItem
from ..refusals import said
from ..rules import STANDARD, Rules
from .show_tables import PICKERS, RANK_KEY, TOTAL_BY_KEY

SHOW_KINDS = {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "nobs": "nobs"}


class ShowScore(NamedTuple):
    """A show total with one item per distinct scoring combination.

    A NamedTuple, as the items are: every hand scored makes one.
    """

    total: int
    items: tuple[ScoreItem, ...]

    def by_kind(self) -> dict[str, int]:
        """Points per kind, every kind present (zeros included)."""
        out = {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}
        for item in self.items:
            out[SHOW_KINDS[item.kind]] += item.points
        return out


def check_show(hand: Sequence[Card], starter: Card, is_crib: bool) -> None:
    """Raise unless ``hand`` is a legal hand (or crib) of distinct cards, none the starter."""
    sizes = (4,) if is_crib else (3, 4)
    if len(hand) not in sizes:
        raise WrongCardCount(said("crib_size" if is_crib else "hand_size", count=len(hand)), pointer="/hand")
    if len({*hand, starter}) == len(hand) + 1:
        return
    check_distinct(hand, lambda index: f"/hand/{index}", "card_twice_in_hand")
    raise DuplicateCard(said("starter_in_hand", starter=starter), pointer="/starter")


def flush_points(hand: Sequence[Card], starter: Card, is_crib: bool, rules: Rules = STANDARD) -> int:
    """A hand flush needs every hand card of one suit (+1 with the starter); a crib, by
    default, all five."""
    suit = hand[0].suit
    for card in hand:
        if card.suit != suit:
            return 0
    with_starter = starter.suit == suit
    if is_crib and rules.crib_flush == "five_only":
        return len(hand) + 1 if with_starter else 0
    return len(hand) + 1 if with_starter else len(hand)


def score_show(hand: Sequence[Card], starter: Card, *, is_crib: bool = False, rules: Rules = STANDARD) -> ShowScore:
    """Score a hand (3 or 4 cards) or a crib (4 cards) with its starter, with every reason.

    Items come in a fixed order (fifteens, pairs, runs, flush, nobs) and each names its
    cards sorted by rank, so the answer does not depend on the order cards were given in.
    """
    check_show(hand, starter, is_crib)
    cards = sorted((*hand, starter))
    ranks = tuple(card.rank for card in cards)
    items = [ScoreItem(kind, pick(cards), points) for kind, pick, points in PICKERS[ranks]]
    flush = flush_points(hand, starter, is_crib, rules)
    if flush:
        flushed = sorted(hand) if flush == len(hand) else cards
        items.append(ScoreItem("flush", tuple(flushed), flush))
    for card in hand:
        if card.rank == JACK and card.suit == starter.suit:
            items.append(ScoreItem("nobs", (card, starter), 1))
    return ShowScore(sum(item.points for item in items), tuple(items))


def show_total(hand: Sequence[Card], starter: Card, is_crib: bool = False, rules: Rules = STANDARD) -> int:
    """The show total alone, from the rank tables: the fast path for bulk work.

    It does not check its input; callers that take cards from a user call
    :func:`check_show` (or use :func:`score_show`).
    """
    key = RANK_KEY[starter.rank]
    suit = hand[0].suit
    same_suit = True
    nobs = 0
    for card in hand:
        key += RANK_KEY[card.rank]
        if card.suit != suit:
            same_suit = False
        if card.rank == JACK and card.suit == starter.suit:
            nobs = 1
    total = TOTAL_BY_KEY[key] + nobs
    if same_suit:
        if starter.suit == suit:
            total += len(hand) + 1
        elif not is_crib or rules.crib_flush != "five_only":
            total += len(hand)
    return total
