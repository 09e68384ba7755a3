"""Scoring: what cards, counts and games are worth.

* :mod:`.show` (a hand or crib with the starter, over the rank tables of :mod:`.show_tables`);
* :mod:`.pegging` (one card in its count, and the play's state machine) and :mod:`.sequence`
  (a whole play checked after the fact);
* :mod:`.claims` (a claimed count judged: muggins, over-claims);
* :mod:`.outcome` (a finished game: winner, skunks, game points, spread);
* :mod:`.results` (a list of game results checked at once, each outcome worked out once);
* :mod:`.match` (one match's score in match points, and a game's place in it).
"""

from .claims import ClaimCheck, check_claim
from .match import MatchContext, MatchRules, MatchState, match_state
from .outcome import Outcome
from .pegging import Play, score_play
from .results import GameResult, game_problems, outcomes
from .sequence import score_card, score_sequence
from .show import ShowScore, score_show

__all__ = [
    "ClaimCheck",
    "check_claim",
    "MatchContext",
    "MatchRules",
    "MatchState",
    "match_state",
    "Outcome",
    "Play",
    "score_play",
    "GameResult",
    "game_problems",
    "outcomes",
    "score_card",
    "score_sequence",
    "ShowScore",
    "score_show",
]
