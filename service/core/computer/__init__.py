"""The computer: players at three levels, and what is built on them.

* :mod:`.play`: playing the computer's seats (``new_game``, ``apply`` and ``next_game`` play
  them after the engine's step, up to a person's turn; ``auto`` is the move it chooses);
* :mod:`.players`: the levels (``easy``, ``standard``, ``hard``), each deciding from its
  seat's view (:class:`~service.core.game.views.SeatView`, the one a client gets) and nothing else;
* :mod:`.advice` (exact discard expectations) with :mod:`.crib_tables`, :mod:`.crib_model`
  and :mod:`.keep_model` (and their generated tables); :mod:`.strategy` (``standard``'s
  decisions); :mod:`.win` (the chance to win from a score, a generated table);
* :mod:`.coach` (hints: a seat's moves ranked, with reasons) with :mod:`.coach_pegging`, and
  :mod:`.review` (a finished game's decisions against the strongest level's).
"""

from .advice import discard_advice
from .coach import hints
from .play import apply, choose, new_game, next_game

__all__ = ["apply", "choose", "new_game", "next_game", "discard_advice", "hints"]
