"""The computer players, one module per level, and the dispatch by level.

Every player takes a :class:`~service.core.game.views.SeatView`, the view a client gets for
its seat (what the seat can see, and nothing else), and returns an
:class:`~service.core.game.actions.Action`. :data:`PLAYERS` maps each level of
:data:`~service.core.vocabulary.LEVELS` to its player: ``easy`` (:mod:`.easy`, a beginner),
``standard`` (:mod:`.standard`) and ``hard`` (:mod:`.hard`).
"""

from __future__ import annotations

from collections.abc import Callable

from ...game.actions import Action
from ...game.state import GameState
from ...game.views import SeatView, view
from ...vocabulary import Level
from . import easy, hard, standard

PLAYERS: dict[Level, Callable[[SeatView], Action]] = {
    "easy": easy.choose,
    "standard": standard.choose,
    "hard": hard.choose,
}


def choose(state: GameState, seat: int, level: Level = "standard") -> Action:
    """The move the computer playing at ``level`` makes for ``seat``, which may act: from the
    seat's view alone."""
    return PLAYERS[level](view(state, seat))


__all__ = ["PLAYERS", "choose"]
