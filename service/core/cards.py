"""Cards: parsing every accepted spelling, the canonical form, and the 52-card deck.

A card is a frozen value of rank (1 = ace .. 13 = king) and suit (``C D H S``).
The wire form is rank ``A 2 .. 10 J Q K`` followed by the suit; requests may
also use ``T`` for ten and lower case.

>>> parse_card("th")
Card(rank=10, suit='H')
>>> str(parse_card("10h")), str(parse_card("jd"))
('10H', 'JD')
>>> parse_card("1S")
Traceback (most recent call last):
...
service.core.errors.InvalidCard: '1S' is not a card (rank A 2-10 J Q K, then suit C D H S)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import product
from typing import NamedTuple, TypeVar

from .errors import DuplicateCard, InvalidCard
from .refusals import said

H = TypeVar("H", bound=Hashable)

SUITS = "CDHS"
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES) if name}
_RANK_BY_NAME["T"] = 10
JACK = 11


class Card(NamedTuple):
    """One playing card, an immutable value ordered by rank, then suit (for stable output only).

    A ``NamedTuple`` rather than a frozen dataclass: hashing, equality and sorting then run
    in C, which the scorers feel (a dataclass's generated ``__lt__`` tripled the cost of
    sorting a hand).
    """

    rank: int
    suit: str

    @property
    def value(self) -> int:
        """The counting value: ace 1, pips at face value, ten-cards 10."""
        return self.rank if self.rank < 10 else 10

    @property
    def index(self) -> int:  # type: ignore[override]
        """A dense id 0..51 (rank-major), used in compact encodings.

        It shadows ``tuple.index``, which nothing needs on a card of two fields.
        """
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card(rank={self.rank}, suit={self.suit!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)
# Each card's canonical spelling and counting value: a lookup costs a third of calling ``str``
# or reading the property (answers name many cards; the play sums values on every card).
CARD_TEXT: dict[Card, str] = {card: str(card) for card in DECK}
CARD_VALUE: dict[Card, int] = {card: card.value for card in DECK}
# Every accepted spelling, in every mix of case, so parsing is one dict lookup.
_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _rank_name in {RANK_NAMES[_card.rank], "T" if _card.rank == 10 else RANK_NAMES[_card.rank]}:
        for _text in product(*({ch.upper(), ch.lower()} for ch in _rank_name + _card.suit)):
            _BY_TEXT["".join(_text)] = _card


def card_from_index(index: int) -> Card:
    """The card with :attr:`Card.index` ``index``.

    >>> str(card_from_index(0)), str(card_from_index(51))
    ('AC', 'KS')
    """
    return DECK[index]


def parse_card(text: str | Card) -> Card:
    """Parse one card in any accepted spelling (a :class:`Card` passes through)."""
    card = _BY_TEXT.get(text) if isinstance(text, str) else text if isinstance(text, Card) else None
    if card is None:
        raise InvalidCard(said("not_a_card", text=text))
    return card


def parse_cards(texts: Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse several cards; ``"5H 6D"``-style strings are split on spaces and commas.

    >>> [str(c) for c in parse_cards("5h,6d 10c")]
    ['5H', '6D', '10C']
    """
    if isinstance(texts, str):
        texts = [t for t in texts.replace(",", " ").split() if t]
    return tuple(parse_card(t) for t in texts)


def first_repeat(items: Iterable[H]) -> int | None:
    """The index of the first item that already appeared earlier, or ``None``: the one
    repeated-card (or repeated-name) check every caller shares.

    >>> first_repeat(parse_cards("5H 6D 5H")), first_repeat(["ann", "bob"])
    (2, None)
    """
    seen: set[H] = set()
    for index, item in enumerate(items):
        if item in seen:
            return index
        seen.add(item)
    return None


def check_distinct(cards: Sequence[Card], pointer: Callable[[int], str], what: str = "card_twice") -> None:
    """Raise :class:`DuplicateCard` (the refusal ``what`` of the card, at ``pointer(index)``) unless
    every card of ``cards`` is different."""
    index = first_repeat(cards)
    if index is not None:
        raise DuplicateCard(said(what, card=cards[index]), pointer=pointer(index))
