"""A score with its reasons: the shape every scorer returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One distinct scoring combination: its kind, the cards that made it, its points.

    Show kinds: ``fifteen pair run flush nobs``. Play kinds: ``fifteen thirty_one pair
    pair_royal double_pair_royal run go last_card``; at the cut ``heels``; in five-card
    ``three_for_last``.
    """

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}

