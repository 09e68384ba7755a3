"""Tournament tools: ``/v1/games/outcome``, ``/v1/tournaments/standings``, ``/v1/tournaments/bracket``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..core.outcome import outcome
from ..core.results import standings
from ..core.tournament import bracket
from .spec import body
from .wire.common import outcome as encode_outcome
from .wire.tournaments import BracketSchema, OutcomeSchema, StandingsSchema
from .wire.tournaments import bracket as encode_bracket
from .wire.tournaments import standings as encode_standings

bp = Blueprint("tournaments", __name__, url_prefix="/v1")
outcome_request = OutcomeSchema()
standings_request = StandingsSchema()
bracket_request = BracketSchema()


@bp.post("/games/outcome")
@body("gameOutcome")
def game_outcome(data: dict[str, Any]) -> dict[str, Any]:
    request = outcome_request.load(data)
    return encode_outcome(outcome(request.scores, request.rules))


@bp.post("/tournaments/standings")
@body("tournamentStandings")
def tournament_standings(data: dict[str, Any]) -> dict[str, Any]:
    request = standings_request.load(data)
    return encode_standings(standings(request.games, request.rules))


@bp.post("/tournaments/bracket")
@body("tournamentBracket")
def tournament_bracket(data: dict[str, Any]) -> dict[str, Any]:
    request = bracket_request.load(data)
    return encode_bracket(bracket(request.entrants, request.qualifiers, one_in=request.one_in,
                                  players=request.players))
