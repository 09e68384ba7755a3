"""Seat views written by hand, for positions the computer players are asked about directly.

:func:`seat_view` fills every :class:`~service.core.game.views.SeatView` field a position
does not name with what a table at that point shows: no pegs scored, nothing played, nothing
shown, the seat to act the viewer itself.
"""

from __future__ import annotations

from typing import Any

from service.core.cards import Card
from service.core.game.views import SeatView, SidePegs, side_seats
from service.core.rules import Rules


def seat_view(rules: Rules, seat: int, dealer: int, phase: str, **fields: Any) -> SeatView:
    """The view of ``seat`` in a hand-made position; ``fields`` name the rest (``count``
    defaults to the pile's)."""
    pegs = tuple(SidePegs(side, seats, 0, 0) for side, seats in enumerate(side_seats(rules.players, rules.sides)))
    pile: tuple[tuple[int, Card], ...] = fields.get("pile", ())
    base: dict[str, Any] = {
        "seat": seat,
        "game_id": "",
        "move": 0,
        "computer": (),
        "rules": rules,
        "deal": 1,
        "dealer": dealer,
        "phase": phase,
        "turn": seat,
        "to_act": (seat,),
        "pegs": pegs,
        "hand": (),
        "dealt": (),
        "held": (0,) * rules.players,
        "discarded": (True,) * rules.players,
        "crib_size": 4,
        "starter": None,
        "count": sum(card.value for _, card in pile),
        "pile": (),
        "played": (),
        "gone": (),
        "shown": (),
        "claim": None,
        "counting": None,
        "winner": None,
        "draw": False,
        "outcome": None,
    }
    return SeatView(**{**base, **fields})


__all__ = ["seat_view"]
