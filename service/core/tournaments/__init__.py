"""Event tools: what a tournament director needs from a list of game results.

* :mod:`.standings` (the players ranked by game points and tie-breakers);
* :mod:`.crosstable` (who played whom, and each player's game log);
* :mod:`.schedules` (round robins and Swiss pairings);
* :mod:`.brackets` (the seeded single-elimination draw) and :mod:`.elimination` (single and
  double elimination advanced from their results);
* :mod:`.match_standings` (players ranked on finished matches);
* :mod:`.event` and :mod:`.event_views` (an event file as it runs: a roster, whose names
  :mod:`.roster` keeps from drifting, rounds of tables, byes and cross-checked scorecards).
* :mod:`.movements` (a set number of games each, against different opponents, and the table
  movement) and :mod:`.cut` (the qualification cut of the standings and the playoff seeds).

Every game is judged by :mod:`service.core.scoring` first.
"""

from .brackets import Bracket, bracket
from .crosstable import game_logs
from .schedules import round_robin, swiss_pairings
from .standings import Standings

__all__ = [
    "Bracket",
    "bracket",
    "game_logs",
    "round_robin",
    "swiss_pairings",
    "Standings",
]
