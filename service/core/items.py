"""A score with its reasons: the shape every scorer returns."""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card
from .vocabulary import ItemKind


class ScoreItem(NamedTuple):
    """One distinct scoring combination: its kind, the cards that made it, its points.

    An immutable NamedTuple rather than a frozen dataclass, like :class:`~.cards.Card`:
    one is built for every reason of every score, and the dataclass's ``__init__`` cost
    more than the scoring around it.

    Show kinds: ``fifteen pair run flush nobs``. Play kinds: ``fifteen thirty_one pair
    pair_royal double_pair_royal run go last_card``; at the cut ``heels``; in five-card
    ``three_for_last``.
    """

    kind: ItemKind
    cards: tuple[Card, ...]
    points: int
