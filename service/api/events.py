"""An event file's operations (``/v1/tournaments/event/...``): the roster and the rounds
(tables, byes, two scorecards a table) checked whole, every problem in one answer, then the
standings after a round, the crosstable by rounds, the next round's pairings, and the
cross-check of the scorecards (:mod:`..core.tournaments.event`, :mod:`..core.tournaments.event_views`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint

from ..core.errors import InvalidEvent
from ..core.scoring.results import GameResult
from ..core.tournaments.brackets import bracket
from ..core.tournaments.cut import seeds
from ..core.tournaments.event import Ledger, settle
from ..core.tournaments.event_views import event_crosstable, event_pairings, event_standings
from ..core.tournaments.movements import fixed_games
from ..ratings import rate
from .event_checks import rules_behind
from .loading import body
from .problems import ApiError
from .wire import director as schedules
from .wire import events as wire
from .wire.events import EventRequest

bp = Blueprint("event", __name__, url_prefix="/v1/tournaments/event")

# Cells of a crosstable by rounds (a player's round each): 4,096 players over 32 rounds, or
# 250 over 128 rounds many times over; a 4,096-player field of 128 rounds would be 524,288
# (about 100 MB of JSON).
MAX_ROUND_CELLS = 131_072


@bp.post("/standings")
@body("eventStandings", rules_behind)
def standings(request: EventRequest) -> dict[str, Any]:
    ledger = settle(request.event, request.rules)
    return wire.event_standings(event_standings(ledger, request.rules, request.after_round, request.qualifiers))


@bp.post("/crosstable")
@body("eventCrosstable", rules_behind)
def crosstable(request: EventRequest) -> dict[str, Any]:
    ledger = settle(request.event, request.rules)
    rounds = ledger.rounds if request.after_round is None else request.after_round
    cells = len(ledger.entries) * rounds
    if cells > MAX_ROUND_CELLS:
        raise ApiError(
            "answer-too-large",
            f"this crosstable would hold {cells} cells (a player's round each), more than the "
            f"{MAX_ROUND_CELLS} one answer holds; ask for the standings, or fewer rounds (`after_round`)",
            errors=[{"pointer": "/after_round", "detail": "ask for fewer rounds"}],
        )
    return wire.event_crosstable(event_crosstable(ledger, request.rules, request.after_round))


@bp.post("/pairings")
@body("eventPairings", rules_behind)
def pairings(request: EventRequest) -> dict[str, Any]:
    ledger = settle(request.event, request.rules)
    return schedules.swiss_pairings(event_pairings(ledger, request.rules, request.sitting_out))


@bp.post("/cross-check")
@body("eventCrossCheck", rules_behind)
def cross_check(request: EventRequest) -> dict[str, Any]:
    return wire.cross_check(settle(request.event, request.rules).tables)


@bp.post("/fixed-games")
@body("eventFixedGames")
def fixed(request: wire.FixedGamesRequest) -> dict[str, Any]:
    return wire.fixed_games(fixed_games(request.players, request.games))


@bp.post("/playoff")
@body("eventPlayoff", rules_behind)
def playoff(request: EventRequest) -> dict[str, Any]:
    ledger = settle(request.event, request.rules)
    standing = event_standings(ledger, request.rules, request.after_round, request.qualifiers)
    if standing.cut is None:
        raise InvalidEvent(f"a playoff needs two players in the standings after round {standing.after}")
    order = seeds(standing.cut, request.tie_break)
    if request.seed_by == "ratings":
        order = _by_rating(order, ledger, request)
    drawn = replace(bracket(len(order), len(order), players=order), entrants=standing.cut.entrants)
    return wire.event_playoff((standing.cut, request.seed_by, drawn))


def _by_rating(qualifiers: tuple[str, ...], ledger: Ledger, request: EventRequest) -> tuple[str, ...]:
    """The qualifiers in the order of the rating list of the event's games (played ones, in
    the order of the rounds; a forfeit is no game to rate), as ``/v1/tournaments/ratings`` rates."""
    after = ledger.rounds if request.after_round is None else request.after_round
    games = [
        GameResult(t.players, t.outcome.scores)
        for t in ledger.tables
        if t.round <= after and t.outcome is not None and t.forfeit is None
    ]
    place = {r.player: i for i, r in enumerate(rate(games, request.rules, players=qualifiers))}
    return tuple(sorted(qualifiers, key=place.__getitem__))
