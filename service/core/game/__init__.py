"""A whole game of every variant, one pure step at a time (OpenSpiel's contract).

* :mod:`.engine`: ``new_game``, ``legal_actions``, ``verify``, ``apply``, ``current_player``,
  ``is_terminal``, ``winner``; :mod:`.state` (``GameState``, one frozen position);
  :mod:`.actions` (the table of action kinds) and :mod:`.phases` (each phase's rules);
  :mod:`.chance` (every shuffle and cut, from the game's seed);
* :mod:`.events` (what happened, typed, and who may see each kind) and :mod:`.views`
  (what one seat or a spectator sees: the one observer, also the computer's);
* :mod:`.record` (a finished game replayed from its seed and log);
* :mod:`.codec` (the plaintext inside the sealed token) and :mod:`.invariants` (what every
  state must hold).

The engine records which seats the computer plays but never plays them:
:mod:`service.core.computer.play` does.
"""

from .actions import Action
from .engine import apply, current_player, is_terminal, legal_actions, may_act, new_game, next_game, verify, winner
from .events import Event
from .state import GameState

__all__ = [
    "Action",
    "Event",
    "GameState",
    "apply",
    "current_player",
    "is_terminal",
    "legal_actions",
    "may_act",
    "new_game",
    "next_game",
    "verify",
    "winner",
]
