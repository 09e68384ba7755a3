"""The computer player behind ``{type: auto, seat}``: a legal, sound move for a seat that may act.

It decides from what that seat could see at the table (its own dealt cards, the starter once
cut, the cards played and by whom, the count, who said go, the pegs, the hand being shown)
and never from the pack or another seat's hand: :func:`~.players.seen.see` copies out exactly
that, and the players (:mod:`.players`) get nothing else. A seat the computer plays is played
at its level (``state.computer``); ``auto`` asked for a person's seat plays at ``standard``.

>>> from .engine import new_game
>>> from .rules import preset
>>> state, _ = new_game(preset("six_card"), seed=5, dealer=0)
>>> action = choose(state, 1)
>>> action.type, len(action.cards)
('discard', 2)
"""

from __future__ import annotations

from . import players
from .actions import Action
from .state import GameState


def level_of(state: GameState, seat: int) -> str:
    """The level the computer plays ``seat`` at (``standard`` for a person's seat)."""
    level = state.computer[seat] if state.computer else None
    return level or "standard"


def choose(state: GameState, seat: int) -> Action:
    """A legal move for ``seat``, which may act in ``state``, at the seat's level."""
    return players.choose(state, seat, level_of(state, seat))


__all__ = ["choose", "level_of"]
