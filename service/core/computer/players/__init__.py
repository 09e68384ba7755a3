"""The computer players, one module per level, and the dispatch by level.

Every player takes a :class:`~.seen.Seen` (what its seat can see, and nothing else) and
returns an :class:`~service.core.game.actions.Action`. :data:`PLAYERS` maps each level of
:data:`~service.core.game.state.LEVELS` to its player: ``easy`` (:mod:`.easy`, a beginner),
``standard`` (:mod:`.standard`, exact discard advice and one reply deep in the play) and
``hard`` (:mod:`.hard`).
"""

from __future__ import annotations

from collections.abc import Callable

from ...game.actions import Action
from ...game.state import GameState
from ...vocabulary import Level
from . import easy, hard, standard
from .seen import Seen, see

PLAYERS: dict[Level, Callable[[Seen], Action]] = {
    "easy": easy.choose,
    "standard": standard.choose,
    "hard": hard.choose,
}


def choose(state: GameState, seat: int, level: Level = "standard") -> Action:
    """The move the computer playing at ``level`` makes for ``seat``, which may act."""
    return PLAYERS[level](see(state, seat))


__all__ = ["PLAYERS", "choose", "Seen", "see"]
